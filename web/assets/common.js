// cueref scoreboard: shared drawing and wording (table, overlay and hall pages).
"use strict";

var SVGNS = "http://www.w3.org/2000/svg";

// Ball colours: 1–8 solids, 9–15 stripes of the same colours as 1–7.
var BALL_COLORS = ["#f5f5f0", "#f2c200", "#1f4fd1", "#d42020", "#5b2a86", "#f07f12", "#138a3a", "#7d1e1e", "#111111"];
var BALL_NAMES = ["cue", "yellow", "blue", "red", "purple", "orange", "green", "maroon", "black"];

function ballColor(n) { return BALL_COLORS[n > 8 ? n - 8 : n]; }
function isStripe(n) { return n >= 9 && n <= 15; }

function $(id) { return document.getElementById(id); }

function esc(s) {
  return String(s == null ? "" : s).replace(/[&<>"']/g, function (c) {
    return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
  });
}

function svgEl(tag, attrs, parent) {
  var e = document.createElementNS(SVGNS, tag);
  for (var k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

var clipSeq = 0;

// ballSVG draws ball n (0 = cue) of radius r centred at (x, y) into parent: a solid
// colour, or a white ball with a coloured band for a stripe, and the number on a
// white disc, so that colour is never the only way to tell balls apart.
function ballSVG(parent, n, x, y, r, extraClass) {
  var g = svgEl("g", { "class": "ball b" + n + (extraClass ? " " + extraClass : ""), transform: "translate(" + x + " " + y + ")", "data-ball": n }, parent);
  var title = svgEl("title", {}, g);
  title.textContent = n === 0 ? "cue ball" : "ball " + n + (isStripe(n) ? " (stripe)" : n === 8 ? "" : " (solid)");
  if (isStripe(n)) {
    var id = "bc" + (++clipSeq);
    var cp = svgEl("clipPath", { id: id }, g);
    svgEl("circle", { r: r }, cp);
    svgEl("circle", { r: r, fill: "#f8f8f4" }, g);
    svgEl("rect", { x: -r, y: -r * 0.55, width: 2 * r, height: r * 1.1, fill: ballColor(n), "clip-path": "url(#" + id + ")" }, g);
  } else {
    svgEl("circle", { r: r, fill: ballColor(n) }, g);
  }
  svgEl("circle", { r: r, fill: "none", stroke: "#000", "stroke-opacity": "0.55", "stroke-width": r * 0.08 }, g);
  if (n > 0) {
    svgEl("circle", { r: r * 0.5, fill: "#fff" }, g);
    var t = svgEl("text", { "text-anchor": "middle", "dominant-baseline": "central", "font-size": r * (n > 9 ? 0.62 : 0.78), "font-weight": "700", fill: "#000" }, g);
    t.textContent = n;
  }
  return g;
}

// ballChip returns an inline SVG of one ball for lists (balls on the table, groups).
function ballChip(n, px, cls) {
  var s = document.createElementNS(SVGNS, "svg");
  s.setAttribute("viewBox", "-50 -50 100 100");
  s.setAttribute("width", px);
  s.setAttribute("height", px);
  s.setAttribute("class", "chip" + (cls ? " " + cls : ""));
  s.setAttribute("role", "img");
  s.setAttribute("aria-label", n === 0 ? "cue ball" : "ball " + n);
  ballSVG(s, n, 0, 0, 46);
  return s;
}

// tableSVG draws the table (cloth, cushions, pockets, diamonds, head string, spots)
// for a playing surface of l × w mm into svg and returns the layers balls and marks
// go in. x runs right from the head rail, y down from the left rail, as in the
// shot-log contract seen from above with the head end on the left.
function tableSVG(svg, l, w, opts) {
  opts = opts || {};
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  var rail = 125, cush = 42;
  svg.setAttribute("viewBox", (-rail) + " " + (-rail) + " " + (l + 2 * rail) + " " + (w + 2 * rail));
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  svgEl("rect", { x: -rail, y: -rail, width: l + 2 * rail, height: w + 2 * rail, rx: 60, fill: "#5a3417" }, svg);
  svgEl("rect", { x: -cush, y: -cush, width: l + 2 * cush, height: w + 2 * cush, fill: "#0b5a3a" }, svg);
  svgEl("rect", { x: 0, y: 0, width: l, height: w, fill: "#0e7a4c", "class": "cloth" }, svg);
  var kitchen = svgEl("g", { "class": "kitchen", visibility: "hidden" }, svg);
  svgEl("rect", { x: 0, y: 0, width: l / 4, height: w, fill: "#ffffff", "fill-opacity": "0.12" }, kitchen);
  var kt = svgEl("text", { x: l / 8, y: w / 2, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 64, fill: "#fff", "fill-opacity": "0.75", "font-weight": "700", transform: "rotate(-90 " + (l / 8) + " " + (w / 2) + ")" }, kitchen);
  kt.textContent = "BALL IN HAND: KITCHEN";
  svgEl("line", { x1: l / 4, y1: 0, x2: l / 4, y2: w, stroke: "#fff", "stroke-opacity": "0.55", "stroke-width": 5, "stroke-dasharray": "22 16" }, svg);
  [[l / 4, w / 2], [l / 2, w / 2], [3 * l / 4, w / 2]].forEach(function (p) {
    svgEl("circle", { cx: p[0], cy: p[1], r: 9, fill: "#fff", "fill-opacity": "0.7" }, svg);
  });
  // Pockets: corner holes sit in the corners, side holes in the middle of the long rails.
  var pr = 62;
  var pockets = { HL: [-18, -18], HR: [-18, w + 18], SL: [l / 2, -34], SR: [l / 2, w + 34], FL: [l + 18, -18], FR: [l + 18, w + 18] };
  var layerPockets = svgEl("g", { "class": "pockets" }, svg);
  for (var id in pockets) {
    var p = pockets[id];
    svgEl("circle", { cx: p[0], cy: p[1], r: pr, fill: "#0a0a0a", "data-pocket": id }, layerPockets);
    if (opts.pocketLabels) {
      var lx = p[0] + (p[0] < l / 2 ? -1 : p[0] > l / 2 ? 1 : 0) * 10, ly = p[1] < w / 2 ? -rail + 40 : w + rail - 40;
      var tx = svgEl("text", { x: lx + (id[0] === "S" ? 0 : (id[0] === "H" ? 70 : -70)), y: ly, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 46, fill: "#f3e6cf", "font-weight": "700" }, svg);
      tx.textContent = id;
    }
  }
  // Diamonds on the rails: every L/8 along the long rails, every W/4 on the ends.
  for (var i = 1; i < 8; i++) {
    if (i === 4) continue;
    svgEl("circle", { cx: i * l / 8, cy: -rail / 2 - cush / 3, r: 9, fill: "#f3e6cf" }, svg);
    svgEl("circle", { cx: i * l / 8, cy: w + rail / 2 + cush / 3, r: 9, fill: "#f3e6cf" }, svg);
  }
  for (var j = 1; j < 4; j++) {
    svgEl("circle", { cx: -rail / 2 - cush / 3, cy: j * w / 4, r: 9, fill: "#f3e6cf" }, svg);
    svgEl("circle", { cx: l + rail / 2 + cush / 3, cy: j * w / 4, r: 9, fill: "#f3e6cf" }, svg);
  }
  return {
    kitchen: kitchen,
    marks: svgEl("g", { "class": "marks" }, svg),
    balls: svgEl("g", { "class": "balls" }, svg)
  };
}

// Foul codes in words (shared/spec/shotlog.md).
var FOUL_WORDS = {
  cue_ball_pocketed: "cue ball pocketed (scratch)",
  cue_ball_off_table: "cue ball off the table",
  object_ball_off_table: "object ball off the table",
  no_contact: "cue ball hit no ball",
  wrong_ball_first: "wrong ball hit first",
  no_rail: "no ball reached a rail",
  frozen_ball_rail: "frozen ball not played to a rail",
  balls_moving: "stroke while balls were moving",
  touched_ball: "ball touched",
  double_hit: "double hit",
  kitchen_first_contact: "object ball in the kitchen hit first",
  cue_ball_outside_kitchen: "cue ball played from outside the kitchen",
  illegal_break: "illegal break",
  three_fouls: "third foul in a row",
  referee: "foul called by the referee",
  not_tip: "cue ball not struck with the tip",
  feet_off_floor: "no foot on the floor",
  push_shot: "push shot",
  illegal_jump: "illegal jump",
  placement_stroke: "cue ball touched while placing it",
  interference: "interference",
  shot_out_of_turn: "shot out of turn"
};

var REASON_WORDS = {
  eight_pocketed: "8 pocketed", eight_pocketed_early: "8 pocketed too early", eight_with_foul: "8 pocketed with a foul",
  eight_wrong_pocket: "8 in the wrong pocket", eight_with_last_ball: "8 pocketed with the last group ball",
  eight_off_table: "8 off the table", nine_pocketed: "9 pocketed", ten_pocketed: "10 pocketed",
  three_fouls: "three fouls in a row", target_reached: "target reached", stalemate: "stalemate"
};

var GAME_WORDS = { "8ball": "8-ball", "9ball": "9-ball", "10ball": "10-ball", "14.1": "14.1 continuous" };

var INHAND_WORDS = { kitchen: "ball in hand behind the head string (kitchen)", table: "ball in hand anywhere on the table" };

var POCKET_WORDS = { HL: "head left", HR: "head right", SL: "side left", SR: "side right", FL: "foot left", FR: "foot right" };

function foulText(f) {
  var code = f.code === "referee" && f.entered ? f.entered : f.code;
  var w = FOUL_WORDS[code] || code.replace(/_/g, " ");
  return w + (f.rule ? " (rule " + f.rule + ")" : "");
}

function callText(c) {
  if (!c) return "";
  if (c.safety) return "safety";
  if (c.push_out) return "push-out";
  if (c.no_call) return "shot without call";
  if (c.ball != null) return "ball " + c.ball + " in the " + (POCKET_WORDS[c.pocket] || c.pocket) + " pocket (" + c.pocket + ")";
  return "";
}

function winnerText(o) {
  if (!o) return "";
  var why = REASON_WORDS[o.reason] || (o.reason || "").replace(/_/g, " ");
  return o.winner ? o.winner + " wins (" + why + ")" : "no winner (" + why + ")";
}

// describe puts a ruling in plain words with its rule numbers: the engine's own text
// when it sent one, else built from the fields.
function describe(r) {
  if (!r) return "";
  if (r.text) return r.text;
  if (r.kind === "error") return "Not accepted: " + (r.error || "error");
  var parts = [];
  switch (r.kind) {
    case "game":
      parts.push("New match: " + (GAME_WORDS[r.game] || r.game || "") + (r.players ? ", " + r.players.join(" vs ") : "") + (r.race ? ", race to " + r.race : "") + (r.target ? ", to " + r.target + " points" : "") + ".");
      break;
    case "lag":
      var lw = r.winner;
      parts.push(lw ? "Lag won by " + lw + " (rule 1.5)." : "No lag winner: lag again (rule 1.5).");
      break;
    case "shot":
      var who = r.shooter || "Shot";
      if (r.fouls && r.fouls.length) {
        parts.push("Foul by " + who + ": " + r.fouls.map(foulText).join("; ") + ".");
      } else if (r.legal !== false) {
        parts.push(who + ": legal shot.");
      }
      if (r.pocketed && r.pocketed.length) parts.push("Pocketed " + r.pocketed.join(", ") + ".");
      break;
    case "call":
      parts.push("Called: " + (callText(r.call) || "nothing") + ".");
      break;
    case "decision":
      parts.push("Decision taken.");
      break;
    case "undo":
      parts.push("Last shot taken back.");
      break;
    case "foul":
      parts.push("Referee's foul: " + (r.fouls || []).map(foulText).join("; ") + ".");
      break;
    case "settle":
      parts.push("A ball moved by itself (rule 1.25).");
      break;
  }
  if (r.spot && r.spot.length) parts.push("Spot " + r.spot.map(function (p) { return "ball " + p.ball; }).join(", ") + " (rule 1.26).");
  if (r.restore && r.restore.length) parts.push("Put back " + r.restore.map(function (p) { return "ball " + p.ball; }).join(", ") + (r.replay ? " and replay the stroke" : "") + ".");
  if (r.game_over) parts.push("Rack over: " + winnerText(r.game_over) + ".");
  if (r.match_over) parts.push("Match over: " + winnerText(r.match_over) + ".");
  if (r.next && r.next.player && !r.game_over) {
    parts.push(r.next.player + " to play" + (INHAND_WORDS[r.next.ball_in_hand] ? ", " + INHAND_WORDS[r.next.ball_in_hand] : "") + ".");
  }
  if (r.warning) parts.push(r.warning);
  return parts.join(" ");
}

// pointsOf returns {player: number} to show: points in 14.1, racks otherwise.
function pointsOf(r) {
  if (!r) return {};
  if (r.game === "14.1" || r.target) return r.score || {};
  return r.racks || {};
}

function playersOf(r) {
  if (!r) return [];
  if (r.players && r.players.length) return r.players;
  var m = r.racks && Object.keys(r.racks).length ? r.racks : r.score || {};
  return Object.keys(m);
}
