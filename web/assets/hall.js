// cueref hall: one card per table, from the tables' retained MQTT state and status.
"use strict";

var H = { prefix: "", broker: false, tables: {} };

// board reads a table's state payload leniently: a ruling, {"ruling": …}, or a state
// object with players/score/racks/turn; a newer ruling message fills what it lacks.
function board(t) {
  var b = {};
  function merge(o) {
    if (!o || typeof o !== "object") return;
    if (o.ruling && typeof o.ruling === "object") merge(o.ruling);
    ["game", "players", "score", "racks", "race", "target", "rack", "text", "fouls", "pocketed", "kind", "shooter", "legal", "game_over", "match_over", "warning", "next", "call", "seq", "error", "spot", "restore", "fouls_in_row", "groups"].forEach(function (k) {
      if (o[k] != null) b[k] = o[k];
    });
    if (typeof o.turn === "string" && o.turn !== "keep" && o.turn !== "pass") b.next = Object.assign({}, b.next || {}, { player: o.turn });
    if (typeof o.last_call === "string") b.text = o.last_call;
  }
  merge(t.state);
  var r = t.ruling && (t.ruling.ruling || t.ruling);
  if (r && typeof r === "object" && (!b.seq || !r.seq || r.seq >= b.seq)) merge(r);
  return b;
}

function card(t) {
  var b = board(t);
  var el = document.createElement("article");
  el.className = "tcard" + (t.online === false ? " offline" : "");
  el.setAttribute("data-table", t.key);
  var state = t.online === false ? '<span class="state off">OFFLINE</span>' : t.online ? '<span class="state on">LIVE</span>' : "";
  var meta = [GAME_WORDS[b.game] || b.game || ""];
  if (b.race) meta.push("race to " + b.race);
  if (b.target) meta.push("to " + b.target);
  if (b.rack) meta.push("rack " + b.rack);
  var players = playersOf(b), pts = pointsOf(b), next = b.next && b.next.player;
  var rows = players.map(function (p) {
    var turn = p === next && !b.match_over;
    return '<span class="nm' + (turn ? " turn" : "") + '">' + (turn ? "▶ " : "") + esc(p) + "</span><span class=\"sc\">" + esc(pts[p] != null ? pts[p] : 0) + "</span>";
  }).join("");
  var last = describe(b.kind ? b : null);
  var st = t.status && typeof t.status === "object" ? t.status : null;
  var cam = st && st.camera ? "camera " + st.camera + (st.fps ? " · " + Number(st.fps).toFixed(1) + " fps" : "") : "";
  el.innerHTML = "<h2><span>" + esc(t.key) + "</span>" + state + '</h2><div class="game">' + esc(meta.filter(Boolean).join(" · ") || "no game") + "</div>" +
    '<div class="row2">' + (rows || '<span class="muted">no players</span>') + "</div>" +
    '<div class="call">' + (last ? esc(last) : '<span class="muted">no ruling yet</span>') + "</div>" +
    (cam ? '<div class="cam muted">' + esc(cam) + "</div>" : "");
  return el;
}

function render() {
  var g = $("grid");
  var keys = Object.keys(H.tables).sort(function (a, b) { return a.localeCompare(b, undefined, { numeric: true }); });
  g.textContent = "";
  if (!keys.length) { g.innerHTML = '<p class="empty">No table has published under ' + esc(H.prefix || "the prefix") + " yet.</p>"; }
  keys.forEach(function (k) { g.appendChild(card(H.tables[k])); });
  var live = keys.filter(function (k) { return H.tables[k].online !== false; }).length;
  $("meta").textContent = (H.prefix ? H.prefix + " · " : "") + keys.length + " tables, " + live + " live";
  var l = $("broker");
  l.className = "lamp " + (H.broker ? "ok" : "bad");
  l.textContent = H.broker ? "broker connected" : "BROKER DISCONNECTED";
}

function connect() {
  var es = new EventSource("events");
  es.onopen = function () { $("conn").hidden = true; };
  es.onerror = function () { $("conn").hidden = false; };
  es.addEventListener("hall", function (e) {
    var s = JSON.parse(e.data);
    H.prefix = s.prefix; H.broker = s.broker; H.tables = {};
    s.tables.forEach(function (t) { H.tables[t.key] = t; });
    render();
  });
  es.addEventListener("table", function (e) { var t = JSON.parse(e.data); H.tables[t.key] = t; render(); });
  es.addEventListener("gone", function (e) { delete H.tables[JSON.parse(e.data).key]; render(); });
}

render();
connect();
