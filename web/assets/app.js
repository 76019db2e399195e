// cueref scoreboard: the table view (/) and the stream overlay (/overlay).
"use strict";

var S = { ruling: null, last_error: null, call: null, recent: [], status: null, positions: null, history: [], clips: [], cmd: null, size: { l: 2540, w: 1270 } };
var VIEW = document.body.getAttribute("data-view"); // "table" or "overlay"
var layers = null, drawnSize = "";
var RESTORE_TOL = 5; // mm: a ball this close to its mark is in place

// ---- event stream ----------------------------------------------------------

function connect() {
  var es = new EventSource("events");
  var badge = $("conn");
  es.onopen = function () { badge.hidden = true; document.body.classList.remove("offline"); };
  es.onerror = function () { badge.hidden = false; document.body.classList.add("offline"); };
  es.addEventListener("state", function (e) {
    var s = JSON.parse(e.data);
    for (var k in s) S[k] = s[k];
    renderAll();
  });
  es.addEventListener("ruling", function (e) {
    var ev = JSON.parse(e.data);
    if (ev.size) S.size = ev.size;
    S.call = ev.call;
    if (ev.error) {
      S.last_error = ev.ruling;
    } else {
      S.ruling = ev.ruling;
      S.last_error = null;
      if (ev.ruling.kind === "game") S.recent = [];
      S.recent.push(ev.ruling);
      if (S.recent.length > 12) S.recent.shift();
      if (ev.history) S.history = ev.history;
    }
    renderAll();
  });
  es.addEventListener("positions", function (e) { S.positions = JSON.parse(e.data); renderBalls(); renderRestore(); });
  es.addEventListener("status", function (e) { S.status = JSON.parse(e.data); renderHealth(); });
  es.addEventListener("event", function (e) { liveEvent(JSON.parse(e.data)); });
  es.addEventListener("cmd", function (e) { S.cmd = JSON.parse(e.data); renderCmd(); });
  es.addEventListener("clip", function (e) {
    var c = JSON.parse(e.data);
    S.clips = S.clips.filter(function (x) { return x.name !== c.name; });
    S.clips.push(c);
    renderRecent();
  });
}

// ---- rendering ---------------------------------------------------------------

function renderAll() {
  renderBoard();
  renderCall();
  renderOnTable();
  renderTableView();
  renderBalls();
  renderRestore();
  renderHealth();
  if (VIEW === "table") {
    renderRecent();
    renderHistory();
    renderPanel();
    renderCmd();
  }
}

function setText(id, s) { var e = $(id); if (e && e.textContent !== s) e.textContent = s; }

function renderBoard() {
  var r = S.ruling;
  var players = playersOf(r);
  var pts = pointsOf(r);
  var next = r && r.next ? r.next.player : "";
  var gameName = r ? (GAME_WORDS[r.game] || r.game || "") : "";
  var meta = [];
  if (gameName) meta.push(gameName);
  if (r && r.race) meta.push("race to " + r.race);
  if (r && r.target) meta.push("to " + r.target + " points");
  if (r && r.rack) meta.push("rack " + r.rack);
  setText("meta", meta.join(" · ") || "waiting for a game");
  setText("tname", S.table ? "Table " + S.table + (S.hall ? " · " + S.hall : "") : "");
  for (var i = 0; i < 2; i++) {
    var name = players[i] || "";
    var box = $("p" + i);
    box.hidden = !name && i > 0 && !players.length;
    setText("p" + i + "name", name || (i === 0 ? "—" : ""));
    setText("p" + i + "score", name && pts[name] != null ? String(pts[name]) : name ? "0" : "");
    var atTable = name && next === name && !(r && r.match_over);
    box.classList.toggle("turn", !!atTable);
    setText("p" + i + "turn", atTable ? "▶ AT THE TABLE" : "");
    var fir = r && r.fouls_in_row ? r.fouls_in_row[name] || 0 : 0;
    var fe = $("p" + i + "fouls");
    fe.textContent = fir ? "Fouls in a row: " + fir + (fir >= 2 ? " ⚠" : "") : "";
    fe.classList.toggle("warn", fir >= 2);
    var grp = r && r.groups ? r.groups[name] : "";
    var ge = $("p" + i + "group");
    ge.textContent = "";
    if (grp) {
      ge.appendChild(ballChip(grp === "stripes" ? 9 : 1, 30));
      ge.appendChild(document.createTextNode(" " + (grp === "stripes" ? "Stripes 9–15" : grp === "solids" ? "Solids 1–7" : grp)));
    } else if (r && r.game === "8ball" && name) {
      ge.textContent = "Open table";
    }
  }
  var unit = r && (r.game === "14.1" || r.target) ? "points" : "racks";
  setText("unit", players.length ? unit : "");
  var inhand = r && r.next && INHAND_WORDS[r.next.ball_in_hand] ? "Ball in hand: " + (r.next.ball_in_hand === "kitchen" ? "KITCHEN (behind the head string)" : "ANYWHERE ON THE TABLE") : "";
  var bih = $("inhand");
  bih.textContent = inhand;
  bih.hidden = !inhand;
  var over = r && (r.match_over || r.game_over);
  var oe = $("over");
  oe.hidden = !over;
  oe.textContent = r && r.match_over ? "MATCH OVER — " + winnerText(r.match_over) : r && r.game_over ? "RACK OVER — " + winnerText(r.game_over) : "";
  var we = $("warning");
  we.textContent = r && r.warning ? "⚠ " + r.warning : "";
  we.hidden = !(r && r.warning);
  var opts = r && r.next && r.next.options && r.next.options.length ? r.next.options : null;
  var de = $("decide");
  de.hidden = !opts;
  de.textContent = opts ? (next || "Next player") + " chooses: " + opts.map(function (o) { return o.replace(/_/g, " "); }).join(" or ") : "";
}

function renderCall() {
  var r = S.last_error || S.ruling;
  var kind = $("lastkind");
  if (!r) {
    setText("lastcall", "No ruling yet.");
    kind.textContent = "";
    kind.className = "kind";
  } else {
    setText("lastcall", describe(r));
    var foul = r.kind === "error" ? "NOT ACCEPTED" : r.fouls && r.fouls.length ? "FOUL" : r.kind === "shot" ? "LEGAL" : r.kind.toUpperCase();
    kind.textContent = foul + (r.seq ? " · #" + r.seq : "");
    kind.className = "kind " + (r.kind === "error" ? "k-error" : r.fouls && r.fouls.length ? "k-foul" : r.kind === "shot" ? "k-legal" : "k-info");
    var fl = $("foullist");
    if (fl) {
      fl.textContent = "";
      (r.fouls || []).forEach(function (f) {
        var li = document.createElement("li");
        li.textContent = "FOUL: " + foulText(f);
        fl.appendChild(li);
      });
    }
    var rv = $("review");
    if (rv) {
      rv.hidden = !r.review;
      rv.textContent = r.review ? "Referee please confirm: " + r.review.reason : "";
    }
  }
  var pc = $("pending");
  pc.textContent = S.call ? "Called: " + callText(S.call) : "";
  pc.hidden = !S.call;
}

function renderOnTable() {
  var r = S.ruling;
  var box = $("ontable");
  box.textContent = "";
  var list = r && r.on_table ? r.on_table : null;
  var label = $("ontablelabel");
  if (!list || !r || r.game === "14.1") { label.hidden = true; return; }
  label.hidden = false;
  var rotation = r.game === "9ball" || r.game === "10ball";
  label.textContent = rotation ? "On the table (lowest first):" : "On the table:";
  list.forEach(function (n, i) {
    var chip = ballChip(n, rotation && i === 0 ? 64 : 46, rotation && i === 0 ? "on" : "");
    box.appendChild(chip);
  });
  if (rotation && list.length) {
    var t = document.createElement("span");
    t.className = "ballon";
    t.textContent = "ball on: " + list[0];
    box.appendChild(t);
  }
}

function renderTableView() {
  var svg = $("topview");
  if (!svg) return;
  var key = S.size.l + "x" + S.size.w;
  if (key !== drawnSize) {
    layers = tableSVG(svg, S.size.l, S.size.w, { pocketLabels: VIEW === "table" });
    drawnSize = key;
  }
  var r = S.ruling;
  layers.kitchen.setAttribute("visibility", r && r.next && r.next.ball_in_hand === "kitchen" && !r.match_over ? "visible" : "hidden");
}

function renderBalls() {
  if (!layers) return;
  var g = layers.balls;
  while (g.firstChild) g.removeChild(g.firstChild);
  var p = S.positions;
  if (!p || !p.balls) return;
  Object.keys(p.balls).map(Number).sort(function (a, b) { return a - b; }).forEach(function (n) {
    var at = p.balls[n];
    ballSVG(g, n, at[0], at[1], 28.575);
  });
}

// renderRestore marks where balls must go (restore, spot): a ring per ball, green and
// "in place" when the tracker sees it within 5 mm, red with the distance otherwise.
function renderRestore() {
  if (!layers) return;
  var g = layers.marks;
  while (g.firstChild) g.removeChild(g.firstChild);
  var r = S.ruling;
  var list = $("restore");
  var items = [];
  if (r) {
    (r.restore || []).forEach(function (p) { items.push({ ball: p.ball, at: p.at, what: "put back" }); });
    (r.spot || []).forEach(function (p) { items.push({ ball: p.ball, at: p.at, what: "spot" }); });
  }
  if (list) list.textContent = "";
  items.forEach(function (it) {
    var live = S.positions && S.positions.balls ? S.positions.balls[it.ball] : null;
    var d = live ? Math.hypot(live[0] - it.at[0], live[1] - it.at[1]) : null;
    var ok = d != null && d <= RESTORE_TOL;
    var cls = ok ? "ok" : "bad";
    if (live && !ok) svgEl("line", { x1: live[0], y1: live[1], x2: it.at[0], y2: it.at[1], "class": "mark-line " + cls }, g);
    svgEl("circle", { cx: it.at[0], cy: it.at[1], r: 40, "class": "mark " + cls }, g);
    var t = svgEl("text", { x: it.at[0], y: it.at[1] - 58, "text-anchor": "middle", "class": "mark-text " + cls }, g);
    t.textContent = (ok ? "✓ " : "→ ") + it.ball;
    if (list) {
      var li = document.createElement("li");
      li.className = cls;
      li.appendChild(ballChip(it.ball, 34));
      li.appendChild(document.createTextNode(" " + it.what + " ball " + it.ball + ": " + (d == null ? "not seen" : ok ? "✓ in place (" + d.toFixed(1) + " mm)" : "✗ " + Math.round(d) + " mm off")));
      list.appendChild(li);
    }
  });
  var box = $("restorebox");
  if (box) box.hidden = !items.length;
}

function renderHealth() {
  var st = S.status, lamp = $("health");
  var state, txt;
  // The server keeps the latest status; a dead server shows as "reconnecting".
  if (!st) { state = "unknown"; txt = "camera: no report"; }
  else if (st.camera_ok) { state = "ok"; txt = "camera OK" + (st.fps > 0 ? " · " + st.fps.toFixed(1) + " fps" : ""); }
  else { state = "bad"; txt = "CAMERA LOST"; }
  lamp.className = "lamp " + state;
  lamp.textContent = txt;
}

// liveEvent lists the tracker's events of the shot in progress, as they happen.
var liveList = [];
// liveEvent shows a live tracker event. A provisional one (told on the first
// frame that shows it) is marked "?" until the confirmed event of the same kind
// and balls replaces it.
function liveEvent(ev) {
  var e = $("live");
  if (!e) return;
  var key = [ev.kind, ev.ball, ev.a, ev.b, ev.rail, ev.pocket].join("/");
  var told = -1;
  for (var i = 0; i < liveList.length; i++) {
    if (liveList[i].prov && liveList[i].key === key) told = i;
  }
  if (ev.kind === "strike" && told < 0 && !ev.provisional) liveList = [];
  if (ev.kind === "strike" && ev.provisional) liveList = [];
  var w;
  switch (ev.kind) {
    case "strike": w = "stroke"; break;
    case "contact": w = "contact " + ev.a + "–" + ev.b; break;
    case "rail": w = "ball " + ev.ball + " → " + ev.rail + " rail"; break;
    case "pocket": w = "ball " + ev.ball + " POCKETED " + ev.pocket; break;
    case "off_table": w = "ball " + ev.ball + " OFF THE TABLE"; break;
    case "stop": w = "all balls at rest"; break;
    default: w = ev.kind.replace(/_/g, " ") + (ev.ball != null ? " " + ev.ball : "");
  }
  if (ev.provisional) {
    liveList.push({ key: key, text: w + "?", prov: true });
  } else if (told >= 0) {
    liveList[told] = { key: key, text: w, prov: false };
  } else {
    liveList.push({ key: key, text: w, prov: false });
  }
  if (liveList.length > 8) liveList.shift();
  e.textContent = "Live: " + liveList.map(function (x) { return x.text; }).join(" · ");
}

function renderRecent() {
  var ul = $("recent");
  if (!ul) return;
  ul.textContent = "";
  var clipsBySeq = {};
  S.clips.forEach(function (c) { (clipsBySeq[c.seq] = clipsBySeq[c.seq] || []).push(c); });
  S.recent.slice().reverse().forEach(function (r) {
    var li = document.createElement("li");
    li.className = r.fouls && r.fouls.length ? "foul" : "";
    var b = document.createElement("b");
    b.textContent = "#" + r.seq + " ";
    li.appendChild(b);
    li.appendChild(document.createTextNode(describe(r)));
    (clipsBySeq[r.seq] || []).forEach(function (c) {
      // A still of the deciding moment (shown in the browser) and the clip
      // (MJPG AVI: downloaded and played by a video player).
      var still = /\.png$/i.test(c.name);
      var a = document.createElement("a");
      a.href = c.url;
      if (!still) a.setAttribute("download", c.name);
      a.textContent = still ? " 📷 still" : " ▶ replay";
      li.appendChild(a);
    });
    ul.appendChild(li);
  });
}

function renderHistory() {
  var ul = $("history");
  ul.textContent = "";
  if (!S.history.length) {
    var li0 = document.createElement("li");
    li0.textContent = "No finished racks yet.";
    ul.appendChild(li0);
    return;
  }
  S.history.forEach(function (h) {
    var li = document.createElement("li");
    li.innerHTML = "<b>Rack " + esc(h.rack || h.n) + "</b> " + esc(GAME_WORDS[h.game] || h.game) + " · " + esc(h.players.join(" vs ")) +
      " · " + (h.winner ? "won by <b>" + esc(h.winner) + "</b>" : "no winner") + " (" + esc(REASON_WORDS[h.reason] || h.reason) + ")" +
      " · " + h.shots + " shots, " + h.fouls + " fouls " +
      (h.jsonl ? '<a href="' + esc(h.jsonl) + '" download>shot log (.jsonl)</a> <a href="api/history/' + h.n + '">rulings (JSON)</a>' : "<i>(incomplete log)</i>");
    ul.appendChild(li);
  });
}

// ---- referee panel -------------------------------------------------------------

var TOKEN_KEY = "cueref.token." + location.pathname.replace(/overlay$/, "");
var sel = { ball: null, pocket: null };

function token() { try { return localStorage.getItem(TOKEN_KEY) || ""; } catch (e) { return ""; } }

function renderPanel() {
  var panel = $("panel");
  if (!panel) return;
  panel.hidden = S.panel === false;
  $("tokenset").hidden = !token();
  $("tokenform").hidden = !!token();
  var r = S.ruling;
  var on = r && r.on_table ? r.on_table : null;
  var balls = $("callballs");
  if (!balls.childNodes.length) {
    for (var n = 1; n <= 15; n++) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "ballbtn";
      b.setAttribute("data-ball", n);
      b.setAttribute("aria-label", "ball " + n);
      b.appendChild(ballChip(n, 52));
      b.onclick = (function (n) { return function () { sel.ball = sel.ball === n ? null : n; renderSel(); }; })(n);
      balls.appendChild(b);
    }
    Array.prototype.forEach.call(document.querySelectorAll(".pocketbtn"), function (p) {
      p.onclick = function () { var id = p.getAttribute("data-pocket"); sel.pocket = sel.pocket === id ? null : id; renderSel(); };
    });
  }
  Array.prototype.forEach.call(balls.childNodes, function (b) {
    var n = +b.getAttribute("data-ball");
    b.disabled = !!(on && on.indexOf(n) < 0);
  });
  var opts = r && r.next && r.next.options ? r.next.options : [];
  var dec = $("decisions");
  dec.textContent = "";
  (opts.length ? opts : []).forEach(function (o) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "big";
    b.textContent = o.replace(/_/g, " ");
    b.onclick = function () { send({ type: "decision", choice: o }); };
    dec.appendChild(b);
  });
  if (!opts.length) {
    var i = document.createElement("span");
    i.className = "muted";
    i.textContent = "No decision pending.";
    dec.appendChild(i);
  }
  $("nocall").hidden = !(r && r.game === "8ball");
  if (r && r.players && !$("gp0").value) {
    $("gp0").value = r.players[0] || "";
    $("gp1").value = r.players[1] || "";
    if (r.game) $("ggame").value = r.game;
    if (r.race) $("grace").value = r.race;
  }
  renderSel();
}

function renderSel() {
  Array.prototype.forEach.call(document.querySelectorAll(".ballbtn"), function (b) {
    var on = +b.getAttribute("data-ball") === sel.ball;
    b.classList.toggle("sel", on);
    b.setAttribute("aria-pressed", on);
  });
  Array.prototype.forEach.call(document.querySelectorAll(".pocketbtn"), function (b) {
    var on = b.getAttribute("data-pocket") === sel.pocket;
    b.classList.toggle("sel", on);
    b.setAttribute("aria-pressed", on);
  });
  var go = $("sendcall");
  go.disabled = !(sel.ball && sel.pocket);
  go.textContent = sel.ball && sel.pocket ? "Call ball " + sel.ball + " → " + sel.pocket : "Pick a ball and a pocket";
}

function showResult(ok, text) {
  var e = $("cmdresult");
  e.className = "result " + (ok ? "ok" : "bad");
  e.textContent = (ok ? "✓ " : "✗ ") + text;
}

function send(cmd) {
  var tok = token();
  showResult(true, "sending " + cmd.type + "…");
  var headers = { "Content-Type": "application/json" };
  if (tok) headers.Authorization = "Bearer " + tok;
  return fetch("api/cmd", { method: "POST", headers: headers, body: JSON.stringify(cmd) })
    .then(function (resp) {
      return resp.json().catch(function () { return {}; }).then(function (res) {
        if (resp.ok && res.ok) {
          showResult(true, cmd.type + " accepted" + (res.seq ? " (ruling #" + res.seq + ")" : ""));
          if (cmd.type === "call") { sel.ball = null; sel.pocket = null; renderSel(); }
        } else {
          var why = res.error || resp.statusText;
          if (resp.status === 401) why = "rejected: wrong or missing referee token (401)";
          else why = "rejected (" + resp.status + "): " + why;
          showResult(false, cmd.type + " " + why);
        }
      });
    })
    .catch(function (err) { showResult(false, cmd.type + " not sent: " + err); });
}

function renderCmd() {
  // Commands sent from other panels (or over MQTT) show up here too.
  var c = S.cmd, e = $("othercmd");
  if (!e) return;
  e.textContent = c ? "Last command: " + (c.type || "command") + (c.id ? " " + c.id : "") + (c.ok ? " accepted" + (c.seq ? " (#" + c.seq + ")" : "") : " refused: " + (c.error || "")) : "";
}

function setupPanel() {
  if (!$("panel")) return;
  $("savetoken").onclick = function () {
    var v = $("tokeninput").value.trim();
    if (!v) return;
    try { localStorage.setItem(TOKEN_KEY, v); } catch (e) { /* private mode: keep for this page */ }
    $("tokeninput").value = "";
    renderPanel();
  };
  $("cleartoken").onclick = function () { try { localStorage.removeItem(TOKEN_KEY); } catch (e) { } renderPanel(); };
  $("sendcall").onclick = function () { if (sel.ball && sel.pocket) send({ type: "call", ball: sel.ball, pocket: sel.pocket }); };
  $("safety").onclick = function () { send({ type: "call", safety: true }); };
  $("pushout").onclick = function () { send({ type: "call", push_out: true }); };
  $("nocall").onclick = function () { send({ type: "call", no_call: true }); };
  var undo = $("undo"), armed = null;
  undo.onclick = function () {
    if (!armed) {
      undo.textContent = "Tap again to undo";
      undo.classList.add("armed");
      armed = setTimeout(function () { armed = null; undo.textContent = "Undo last shot"; undo.classList.remove("armed"); }, 3000);
      return;
    }
    clearTimeout(armed); armed = null;
    undo.textContent = "Undo last shot"; undo.classList.remove("armed");
    send({ type: "undo" });
  };
  $("sendfoul").onclick = function () { var c = $("foulcode").value; if (c) send({ type: "foul", code: c }); };
  $("newgame").onclick = function () {
    var players = [$("gp0").value.trim(), $("gp1").value.trim()].filter(Boolean);
    if (players.length < 2) { showResult(false, "game needs two player names"); return; }
    var g = { type: "game", game: $("ggame").value, players: players, table: (S.size && S.size.name) || "9ft" };
    var race = parseInt($("grace").value, 10);
    if (g.game === "14.1") { if (race > 0) g.target = race; } else if (race > 0) g.race = race;
    if ($("gbreak").value === "1") g.breaker = players[1];
    send(g);
  };
}

// ---- start -------------------------------------------------------------------

if (VIEW === "overlay" && /[?&]table=0/.test(location.search)) document.body.classList.add("notable");
setupPanel();
renderAll();
connect();
