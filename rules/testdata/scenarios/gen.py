#!/usr/bin/env python3
"""Scenario suite for the rules engine, written from the seed (pool-rules.ru.txt) and the
contract (shotlog.md) alone, without reading the engine.

Run `python3 gen.py` in this directory to (re)write NAME.jsonl (the shot log) and
NAME.want.json (the expected value of the contract fields that matter, per ruling) for
every scenario. rules/scenario_test.go replays them through rules.New().Apply.

Expectation keys (per ruling, all optional except seq and rule):
  kind, legal, fouls ["code@rule", ...] (multiset), pocketed/counted (sets),
  spot/restore [{"ball":b,"at":[x,y],"tol":mm}] (by ball, ±1 mm unless tol), replay,
  turn, player/bih/options (next.*; options as a set), groups (null or map),
  score/racks/fouls_in_row (only the players named), warning ("*" = non-empty,
  "" = empty), game_over/match_over (null or {"winner":..,"reason":..}),
  lag_winner (the lag ruling's winner, string or null).
Geometry: 9ft table 2540 x 1270, head string x = 635, foot spot (1905, 635), D = 57.15.
"""
import json
import math
import os
import glob

L, W = 2540.0, 1270.0
R = 57.15 / 2
D = 57.15
HS = L / 4
FS = (3 * L / 4, W / 2)
A, B = "Anna", "Boris"
DX = D * math.sqrt(3) / 2


def rack_rows(rows):
    out = []
    for r in range(rows):
        for i in range(r + 1):
            out.append((round(FS[0] + r * DX, 2), round(FS[1] + (i - r / 2) * D, 2)))
    return out


def diamond():
    out = []
    for r, n in enumerate([1, 2, 3, 2, 1]):
        for i in range(n):
            out.append((round(FS[0] + r * DX, 2), round(FS[1] + (i - (n - 1) / 2) * D, 2)))
    return out


def racked(game):
    if game == "8ball":
        p = rack_rows(5)
        order = [1, 9, 2, 10, 8, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15]
        return {b: p[i] for i, b in enumerate(order)}
    if game == "9ball":
        p = diamond()
        order = [1, 2, 3, 4, 9, 5, 6, 7, 8]
        return {b: p[i] for i, b in enumerate(order)}
    if game == "10ball":
        p = rack_rows(4)
        order = [1, 2, 3, 4, 10, 5, 6, 7, 8, 9]
        return {b: p[i] for i, b in enumerate(order)}
    p = rack_rows(5)
    return {b: p[b - 1] for b in range(1, 16)}


def railpos(b):
    """Where an object ball that went to a rail ends up (away from rails and the rack)."""
    return (700.0 + 110.0 * b, 150.0 if b % 2 else 1120.0)


SCEN = []


class S:
    def __init__(self, name, rule, desc):
        self.name, self.rule, self.desc = name, rule, desc
        self.lines, self.want = [], []
        self.pos = {}
        self.game_name = None
        SCEN.append(self)

    # ---- records ----
    def rec(self, obj, **want):
        self.lines.append(json.dumps(obj, separators=(",", ":")))
        self.expect(**want)
        return self

    def raw(self, line, **want):
        self.lines.append(line)
        self.expect(**want)
        return self

    def expect(self, **want):
        if not want:
            return
        w = {"seq": len(self.lines)}
        w["rule"] = want.pop("rule", self.rule)
        w.update(want)
        self.want.append(w)
        for sp in want.get("spot", []) or []:
            self.pos[sp["ball"]] = tuple(sp["at"])

    def game(self, game, breaker=None, table="9ft", race=None, target=None, **want):
        self.game_name = game
        g = {"type": "game", "game": game, "players": [A, B]}
        if breaker:
            g["breaker"] = breaker
        if table:
            g["table"] = table
        if race:
            g["race"] = race
        if target:
            g["target"] = target
        self.rerack()
        return self.rec(g, **want)

    def rerack(self, game=None, cue=(400.0, 600.0)):
        self.pos = dict(racked(game or self.game_name))
        self.pos[0] = cue

    def decision(self, choice, **want):
        return self.rec({"type": "decision", "choice": choice}, **want)

    def shot(self, ev, call=None, cue=None, move=None, before=None, after=None, **want):
        if before is not None:
            self.pos = dict(before)
        if cue is not None:
            self.pos[0] = cue
        bf = dict(self.pos)
        events = [{"t": 0.0, "kind": "strike", "ball": 0}]
        gone = set()
        t = 0.0
        for e in ev:
            t = round(t + 0.1, 3)
            k = e[0]
            if k == "c":
                events.append({"t": t, "kind": "contact", "a": e[1], "b": e[2]})
            elif k == "r":
                ev_ = {"t": t, "kind": "rail", "ball": e[1], "rail": e[2]}
                if len(e) > 3:
                    ev_["at"] = list(e[3])
                events.append(ev_)
            elif k == "p":
                events.append({"t": t, "kind": "pocket", "ball": e[1], "pocket": e[2]})
                gone.add(e[1])
            elif k == "o":
                events.append({"t": t, "kind": "off_table", "ball": e[1]})
                gone.add(e[1])
            elif k == "t":
                events.append({"t": t, "kind": "touch", "ball": e[1]})
            elif k == "dh":
                events.append({"t": t, "kind": "double_hit"})
            elif k == "m":
                events.append({"t": t, "kind": "moving", "ball": e[1]})
            elif k == "s":
                ev_ = {"t": t, "kind": "settle", "ball": e[1]}
                if len(e) > 2:
                    ev_["pocket"] = e[2]
                events.append(ev_)
            else:
                raise ValueError(e)
        events.append({"t": round(t + 1.0, 3), "kind": "stop"})
        if after is None:
            af = {b: p for b, p in bf.items() if b not in gone}
            for b, p in (move or {}).items():
                af[b] = p
        else:
            af = dict(after)
        rec = {"type": "shot"}
        if call is not None:
            rec["call"] = call
        rec["before"] = {str(b): list(p) for b, p in sorted(bf.items())}
        rec["events"] = events
        rec["after"] = {str(b): list(p) for b, p in sorted(af.items())}
        self.pos = af
        return self.rec(rec, **want)

    def brk(self, first=1, pocket=(), rails=(), cue_pocket=None, cue_off=False, off=(), call=None,
            cue_rail=True, extra=(), move=None, setup=None, before=None, **want):
        """A break from the kitchen: cue ball hits `first`, `rails` balls reach a rail,
        `pocket` is [(ball, pocket)], `off` object balls leave the table."""
        ev = []
        if first is not None:
            ev.append(("c", 0, first))
        if cue_rail:
            ev.append(("r", 0, "left"))
        for b in rails:
            ev.append(("r", b, "right" if b % 2 == 0 else "left"))
        for b, pk in pocket:
            ev.append(("p", b, pk))
        for b in off:
            ev.append(("o", b))
        if cue_pocket:
            ev.append(("p", 0, cue_pocket))
        if cue_off:
            ev.append(("o", 0))
        ev.extend(extra)
        mv = {b: railpos(b) for b in rails}
        if not cue_pocket and not cue_off:
            mv[0] = (1200.0, 635.0)
        mv.update(move or {})
        if setup is not None:
            # the balls at rest after the break, as given (object balls still on the bed)
            gone = {b for b, _ in pocket} | set(off) | ({0} if (cue_pocket or cue_off) else set())
            after = {b: p for b, p in setup.items() if b not in gone}
            return self.shot(ev, call=call, after=after, before=before, **want)
        return self.shot(ev, call=call, move=mv, before=before, **want)

    def write(self, d):
        with open(os.path.join(d, self.name + ".jsonl"), "w") as f:
            f.write("\n".join(self.lines) + "\n")
        with open(os.path.join(d, self.name + ".want.json"), "w") as f:
            json.dump({"name": self.name, "rule": self.rule, "desc": self.desc, "rulings": self.want},
                      f, indent=1)
            f.write("\n")


def sp(ball, x, y, tol=None):
    d = {"ball": ball, "at": [round(x, 3), round(y, 3)]}
    if tol:
        d["tol"] = tol
    return d


NO = None  # JSON null
OVER = lambda w, r: {"winner": w, "reason": r}


# ============================== lag (1.5, 1.6) ==============================
def lagball(events, rest):
    evs = []
    t = 0.0
    for e in events:
        t = round(t + 0.5, 3)
        if e[0] == "r":
            evs.append({"t": t, "kind": "rail", "ball": 0, "rail": e[1]})
        elif e[0] == "p":
            evs.append({"t": t, "kind": "pocket", "ball": 0, "pocket": e[1]})
        elif e[0] == "o":
            evs.append({"t": t, "kind": "off_table", "ball": 0})
        elif e[0] == "x":
            evs.append({"t": t, "kind": "cross", "ball": 0})
    return {"events": evs, "rest": list(rest) if rest else None}


GOOD = [("r", "foot")]


def lag(s, a, b, **want):
    return s.rec({"type": "lag", "balls": {A: a, B: b}}, kind="lag", **want)


s = S("lag_closer_wins", "1.5", "both lags legal; the ball nearer the head rail wins and chooses break or pass")
s.game("9ball", breaker=None)
lag(s, lagball(GOOD, (80, 400)), lagball(GOOD, (150, 900)), lag_winner=A, player=A, options=["break", "pass"])
s.decision("break", kind="decision", player=A, bih="kitchen", options=[], rule="1.6")

s = S("lag_winner_passes", "1.6", "the lag winner may hand the break to the opponent")
s.game("9ball")
lag(s, lagball(GOOD, (300, 400)), lagball(GOOD, (90, 900)), lag_winner=B, player=B, options=["break", "pass"])
s.decision("pass", kind="decision", player=A, bih="kitchen", options=[])

for nm, ev, rest, why in [
    ("lag_cross_loses", [("r", "foot"), ("x",)], (60, 700), "(1) crossed into the opponent's half"),
    ("lag_short_loses", [], (1500, 400), "(2) did not reach the foot rail"),
    ("lag_pocket_loses", [("r", "foot"), ("p", "HL")], None, "(3) fell in a pocket"),
    ("lag_off_table_loses", [("r", "foot"), ("o",)], None, "(4) left the table"),
    ("lag_long_rail_loses", [("r", "foot"), ("r", "left")], (60, 300), "(5) touched a long rail"),
    ("lag_jaws_loses", [("r", "foot")], (15, 15), "(6) rests in the corner jaws beyond the head-rail nose"),
    ("lag_two_foot_rails_loses", [("r", "foot"), ("r", "head"), ("r", "foot")], (60, 300),
     "(7) touched the foot rail twice"),
]:
    s = S(nm, "1.5", "Anna's lag is lost automatically: " + why)
    s.game("9ball")
    lag(s, lagball(ev, rest), lagball(GOOD, (400, 900)), lag_winner=B, player=B, options=["break", "pass"])

s = S("lag_both_fail_relag", "1.5", "both players violate the lag rules: re-lag (winner null)")
s.game("9ball")
lag(s, lagball([], (1500, 400)), lagball([("r", "foot"), ("p", "HR")], None), lag_winner=NO, options=[])

s = S("lag_tie_relag", "1.5", "both balls equally near the head rail: the referee cannot tell, re-lag")
s.game("9ball")
lag(s, lagball(GOOD, (200, 400)), lagball(GOOD, (200, 900)), lag_winner=NO, options=[])

# ============================== 8-ball ==============================
G8 = "8ball"


def g8(s, **kw):
    return s.game(G8, breaker=A, kind="game", player=A, bih="kitchen", groups=NO, rule="1.6", **kw)


s = S("e8_break_pocket_keeps", "2.3", "legal break pocketing a ball: the breaker keeps the table, table open")
g8(s)
s.brk(pocket=[(3, "FR")], rails=[2, 4], kind="shot", legal=True, fouls=[], pocketed=[3], turn="keep",
      player=A, bih="none", groups=NO, options=[], game_over=NO)

s = S("e8_break_counts_pocketed", "2.3", "a ball pocketed on a legal break is credited (the breaker continues)")
g8(s)
s.brk(pocket=[(3, "FR"), (11, "SL")], rails=[2], counted=[3, 11], pocketed=[3, 11], groups=NO, rule="2.8")

s = S("e8_break_four_rails", "2.6", "legal break: four object balls to a rail, nothing pocketed")
g8(s)
s.brk(rails=[2, 4, 9, 12], legal=True, fouls=[], turn="pass", player=B, bih="none", options=[], groups=NO)

s = S("e8_break_three_rails_illegal", "2.6", "illegal break: three object balls to a rail; opponent's options")
g8(s)
s.brk(rails=[2, 4, 9], legal=False, fouls=["illegal_break@2.6"], turn="pass", player=B,
      options=["accept", "rerack", "rerack_offender"], groups=NO)
s.decision("accept", kind="decision", player=B, bih="none", options=[])

s = S("e8_illegal_break_rerack_self", "2.6", "illegal break; the opponent re-racks and breaks himself")
g8(s)
s.brk(rails=[2, 4], legal=False, fouls=["illegal_break@2.6"], player=B,
      options=["accept", "rerack", "rerack_offender"])
s.decision("rerack", kind="decision", player=B, bih="kitchen", options=[])
s.rerack()
s.brk(rails=[2, 4, 9, 12], legal=True, fouls=[], player=A, turn="pass", rule="2.6")

s = S("e8_illegal_break_rerack_offender", "2.6", "illegal break; the offender breaks again")
g8(s)
s.brk(rails=[2], legal=False, fouls=["illegal_break@2.6"], player=B)
s.decision("rerack_offender", kind="decision", player=A, bih="kitchen", options=[])

s = S("e8_illegal_break_bad_choice", "2.6", "spot_eight is not open after an illegal break: error, state unchanged")
g8(s)
s.brk(rails=[2], legal=False, fouls=["illegal_break@2.6"], player=B)
s.decision("spot_eight", kind="error", rule="spec")
s.decision("accept", kind="decision", player=B, bih="none", options=[])

s = S("e8_break_no_contact", "2.6", "break that misses the rack: illegal break and no contact (every violation listed)")
g8(s)
s.brk(first=None, rails=[], legal=False, fouls=["illegal_break@2.6", "no_contact@1.16"], player=B)

s = S("e8_break_scratch", "2.6", "scratch on a break that pocketed a ball: foul, balls stay down, table open, kitchen")
g8(s)
s.brk(pocket=[(3, "FR")], rails=[2, 4], cue_pocket="SL", legal=False, fouls=["cue_ball_pocketed@1.18"],
      pocketed=[0, 3], counted=[], turn="pass", player=B, bih="kitchen", options=[], groups=NO)

s = S("e8_break_8_pocketed_options", "2.6", "8 pocketed on a legal break: the breaker re-breaks or spots the 8")
g8(s)
s.brk(pocket=[(8, "FL"), (3, "FR")], rails=[2], legal=True, fouls=[], pocketed=[3, 8], player=A,
      options=["rerack", "spot_eight"], game_over=NO)
# the 1 still on the foot spot and the second row in place: the 8 goes frozen to them (1.26)
s.decision("spot_eight", kind="decision", player=A, bih="none", options=[], spot=[sp(8, FS[0] + 2 * DX, 635)])

s = S("e8_break_8_rebreak", "2.6", "8 on the break; the breaker chooses to break again")
g8(s)
s.brk(pocket=[(8, "FL")], rails=[2, 4, 9], legal=True, player=A, options=["rerack", "spot_eight"])
s.decision("rerack", kind="decision", player=A, bih="kitchen", options=[])

s = S("e8_break_8_and_scratch", "2.6", "8 and the cue ball on the break: opponent re-breaks or spots the 8 and plays from the kitchen")
g8(s)
s.brk(pocket=[(8, "FL")], rails=[2, 4], cue_pocket="HL", legal=False, fouls=["cue_ball_pocketed@1.18"],
      player=B, options=["rerack", "spot_eight"], game_over=NO)
s.decision("spot_eight", kind="decision", player=B, bih="kitchen", options=[], spot=[sp(8, FS[0] + 2 * DX, 635)])

s = S("e8_break_8_and_scratch_rebreak", "2.6", "8 and cue ball on the break; the opponent re-breaks")
g8(s)
s.brk(pocket=[(8, "FL")], rails=[2, 4], cue_pocket="HL", player=B, options=["rerack", "spot_eight"])
s.decision("rerack", kind="decision", player=B, bih="kitchen", options=[])

s = S("e8_break_object_off_table", "2.6", "object ball off the table on the break: foul, not spotted (2.13)")
g8(s)
s.brk(rails=[2, 4, 9, 12], off=[5], legal=False, fouls=["object_ball_off_table@2.13"], spot=[], player=B,
      turn="pass", groups=NO)

s = S("e8_open_table_pocket_assigns", "2.8", "open table: legally pocketing a solid assigns the groups")
g8(s)
s.brk(rails=[2, 4, 9, 12])
s.shot([("c", 0, 3), ("p", 3, "FR")], legal=True, pocketed=[3], counted=[3], turn="keep", player=B,
       groups={B: "solids", A: "stripes"})

s = S("e8_open_table_cross_group", "2.7", "open table: hit a solid to pocket a called stripe; stripes assigned")
g8(s)
s.brk(rails=[2, 4, 9, 12])
s.shot([("c", 0, 3), ("c", 3, 10), ("p", 10, "FR")], call={"ball": 10, "pocket": "FR"}, legal=True,
       fouls=[], counted=[10], turn="keep", groups={B: "stripes", A: "solids"})

s = S("e8_open_table_eight_first", "2.7", "open table, cue ball hits the 8 first: no ball counted, turn over, table stays open, no ball in hand")
g8(s)
s.brk(rails=[2, 4, 9, 12])
s.shot([("c", 0, 8), ("c", 8, 3), ("p", 3, "SR")], legal=True, fouls=[], pocketed=[3], counted=[],
       turn="pass", player=A, bih="none", groups=NO)

s = S("e8_open_table_two_groups", "2.8", "open table: the obvious ball (a solid) and a stripe both fall; groups by the shot ball")
g8(s)
s.brk(rails=[2, 4, 9, 12])
s.shot([("c", 0, 3), ("p", 3, "FR"), ("c", 0, 10), ("p", 10, "SR")], legal=True, counted=[3],
       pocketed=[3, 10], turn="keep", groups={B: "solids", A: "stripes"})

s = S("e8_combo_uncalled", "2.3", "combination without a call is not an obvious shot: nothing counted, turn passes, no foul")
g8(s)
s.brk(rails=[2, 4, 9, 12])
s.shot([("c", 0, 3), ("c", 3, 10), ("p", 10, "FR")], legal=True, fouls=[], pocketed=[10], counted=[],
       turn="pass", player=A, bih="none", groups=NO)

s = S("e8_called_wrong_pocket", "2.12", "called ball falls in another pocket: not counted, stays down, turn passes")
g8(s)
s.brk(rails=[2, 4, 9, 12])
s.shot([("c", 0, 3), ("p", 3, "SR")], call={"ball": 3, "pocket": "FR"}, legal=True, fouls=[], pocketed=[3],
       counted=[], turn="pass", groups=NO)


def e8_groups(s):
    """Break by Anna (no pocket), Boris pockets 3 and takes solids, then misses."""
    g8(s)
    s.brk(rails=[2, 4, 9, 12])
    s.shot([("c", 0, 3), ("p", 3, "FR")], groups={B: "solids", A: "stripes"}, rule="2.8")
    s.shot([("c", 0, 4), ("r", 4, "foot")], turn="pass", player=A, legal=True, rule="1.4")


s = S("e8_wrong_group_first", "2.9", "stripes player hits a solid first: foul, ball in hand anywhere")
e8_groups(s)
s.shot([("c", 0, 5), ("r", 5, "left")], legal=False, fouls=["wrong_ball_first@2.9"], turn="pass",
       player=B, bih="table")

s = S("e8_no_rail", "1.17", "legal ball hit, nothing pocketed and no ball reaches a rail: foul")
e8_groups(s)
s.shot([("c", 0, 10)], legal=False, fouls=["no_rail@1.17"], player=B, bih="table")

s = S("e8_pocket_opponent_ball", "2.12", "own ball hit first, only an opponent's ball falls: no foul, it stays down, turn passes")
e8_groups(s)
s.shot([("c", 0, 10), ("c", 10, 5), ("p", 5, "SR")], legal=True, fouls=[], pocketed=[5], counted=[],
       turn="pass", player=B, bih="none")

s = S("e8_no_call_shot", "2.10", "shot without call: the pocketed ball stays down, the turn ends, no foul")
e8_groups(s)
s.shot([("c", 0, 10), ("p", 10, "FL")], call={"no_call": True}, legal=True, fouls=[], pocketed=[10],
       counted=[], turn="pass", player=B, bih="none")

s = S("e8_safety_declared", "2.12", "declared safety: a ball pocketed is not counted, turn passes")
e8_groups(s)
s.shot([("c", 0, 10), ("p", 10, "FL")], call={"safety": True}, legal=True, fouls=[], counted=[],
       turn="pass", player=B)

s = S("e8_scratch_in_play", "2.11", "scratch during play: ball in hand anywhere (not the kitchen)")
e8_groups(s)
s.shot([("c", 0, 10), ("r", 10, "foot"), ("p", 0, "FR")], legal=False, fouls=["cue_ball_pocketed@1.18"],
       pocketed=[0], player=B, bih="table", groups={B: "solids", A: "stripes"})

s = S("e8_object_off_table", "2.13", "object ball off the table in play: foul, not spotted")
e8_groups(s)
s.shot([("c", 0, 10), ("o", 10)], legal=False, fouls=["object_ball_off_table@2.13"], spot=[], player=B,
       bih="table")

s = S("e8_cue_off_table", "1.23", "cue ball off the table: foul, ball in hand anywhere")
e8_groups(s)
s.shot([("c", 0, 10), ("r", 10, "foot"), ("o", 0)], legal=False, fouls=["cue_ball_off_table@1.23"],
       player=B, bih="table")

s = S("e8_eight_early", "2.15", "8 pocketed before the group is cleared: loss")
e8_groups(s)
s.shot([("c", 0, 8), ("p", 8, "FL")], game_over=OVER(B, "eight_pocketed_early"), racks={A: 0, B: 1})

s = S("e8_eight_off_table", "2.15", "8 driven off the table in play: loss")
e8_groups(s)
s.shot([("c", 0, 10), ("c", 10, 8), ("o", 8)], legal=False, game_over=OVER(B, "eight_off_table"),
       racks={B: 1})


def e8_on_eight(s, last_ball=False):
    """Anna (stripes) has pocketed every stripe but the 15 (or all of them)."""
    g8(s)
    s.brk(rails=[2, 4, 9, 12])
    s.shot([("c", 0, 3), ("p", 3, "FR")], groups={B: "solids", A: "stripes"}, rule="2.8")
    s.shot([("c", 0, 4), ("r", 4, "foot")], turn="pass", player=A, rule="1.4")
    # Anna pockets 9..14 in one legal shot (1.27: balls falling with the shot ball count)
    s.shot([("c", 0, 9), ("p", 9, "FL"), ("c", 0, 10), ("p", 10, "FR"), ("p", 11, "SL"),
            ("p", 12, "SR"), ("p", 13, "HL"), ("p", 14, "HR")], counted=[9, 10, 11, 12, 13, 14],
           turn="keep", player=A, rule="1.27")
    if not last_ball:
        s.shot([("c", 0, 15), ("p", 15, "FL")], counted=[15], turn="keep", player=A, rule="2.2")


s = S("e8_eight_legal_win", "2.1", "8 legally pocketed in the called pocket after the group: win")
e8_on_eight(s)
s.shot([("c", 0, 8), ("p", 8, "FR")], call={"ball": 8, "pocket": "FR"}, legal=True, fouls=[],
       game_over=OVER(A, "eight_pocketed"), racks={A: 1, B: 0}, player=B, bih="kitchen")

s = S("e8_eight_wrong_pocket", "2.15", "8 in a pocket other than the called one: loss")
e8_on_eight(s)
s.shot([("c", 0, 8), ("p", 8, "FL")], call={"ball": 8, "pocket": "FR"},
       game_over=OVER(B, "eight_wrong_pocket"), racks={B: 1})

s = S("e8_eight_with_foul", "2.15", "8 pocketed with a scratch: loss")
e8_on_eight(s)
s.shot([("c", 0, 8), ("p", 8, "FR"), ("p", 0, "SL")], call={"ball": 8, "pocket": "FR"}, legal=False,
       fouls=["cue_ball_pocketed@1.18"], game_over=OVER(B, "eight_with_foul"), racks={B: 1})

s = S("e8_eight_with_last_ball", "2.15", "8 and the last ball of the group on one shot: loss")
e8_on_eight(s, last_ball=True)
s.shot([("c", 0, 15), ("p", 15, "FL"), ("c", 15, 8), ("p", 8, "FR")], call={"ball": 15, "pocket": "FL"},
       game_over=OVER(B, "eight_with_last_ball"), racks={B: 1})

s = S("e8_shooting_eight_scratch", "2.14", "shooting at the 8, a scratch without the 8 falling is no loss")
e8_on_eight(s)
s.shot([("c", 0, 8), ("r", 8, "foot"), ("p", 0, "SL")], legal=False, fouls=["cue_ball_pocketed@1.18"],
       game_over=NO, player=B, bih="table")

s = S("e8_on_eight_wrong_first", "2.9", "on the 8, hitting an opponent's ball first is a foul")
e8_on_eight(s)
s.shot([("c", 0, 5), ("r", 5, "left")], legal=False, fouls=["wrong_ball_first@2.9"], player=B, bih="table")

s = S("e8_stalemate", "2.16", "each player fouls three times in a row alternately: stalemate, re-rack, same breaker")
g8(s)
s.brk(rails=[2, 4, 9, 12])
for i in range(6):
    who = B if i % 2 == 0 else A
    nxt = A if who == B else B
    kw = dict(legal=False, fouls=["no_rail@1.17"], rule="1.17")
    if i < 5:
        s.shot([("c", 0, 3)], cue=(1000.0, 900.0) if i else None, player=nxt, bih="table", game_over=NO, **kw)
    else:
        s.shot([("c", 0, 3)], cue=(1000.0, 900.0), game_over=OVER(NO, "stalemate"), racks={A: 0, B: 0},
               player=A, bih="kitchen", rule="2.16", **{k: v for k, v in kw.items() if k != "rule"})

s = S("e8_alternate_break_race", "2.5", "8-ball: players break in turn; race to 2 ends with match_over")
s.game(G8, breaker=A, race=2)
s.brk(rails=[2, 4, 9, 12], player=B)
s.shot([("c", 0, 8), ("p", 8, "FL")], game_over=OVER(A, "eight_pocketed_early"), racks={A: 1, B: 0},
       match_over=NO, player=B, bih="kitchen", rule="2.5")
s.rerack()
s.brk(pocket=[(3, "FR")], rails=[2], turn="keep", player=B, game_over=NO, rule="2.3")
s.shot([("c", 0, 8), ("p", 8, "FL")], game_over=OVER(A, "eight_pocketed_early"), racks={A: 2, B: 0},
       match_over=OVER(A, "eight_pocketed_early"), rule="1.29")

s = S("e8_calls_for_bank", "2.3", "a called bank shot counts; an uncalled bank does not")
e8_groups(s)
s.shot([("c", 0, 10), ("r", 10, "right"), ("p", 10, "SL")], call={"ball": 10, "pocket": "SL"}, legal=True,
       counted=[10], turn="keep", player=A)
s.shot([("c", 0, 11), ("r", 11, "left"), ("p", 11, "SR")], legal=True, counted=[], turn="pass", player=B)

# ============================== 9-ball ==============================
G9 = "9ball"


def g9(s, breaker=A, **kw):
    return s.game(G9, breaker=breaker, kind="game", player=breaker, bih="kitchen", rule="3.3", **kw)


s = S("n9_break_legal_miss", "3.4", "legal break: the 1 first and four balls to a rail")
g9(s)
s.brk(rails=[2, 3, 4, 5], legal=True, fouls=[], turn="pass", player=B, bih="none", options=[],
      fouls_in_row={A: 0})

s = S("n9_break_pocket_continue", "3.5", "legal break pocketing a ball: the breaker continues")
g9(s)
s.brk(pocket=[(5, "SL")], rails=[2], legal=True, pocketed=[5], counted=[5], turn="keep", player=A)

s = S("n9_break_wrong_first", "3.4", "break hitting the 2 first: foul, ball in hand anywhere (wrong ball listed too)")
g9(s)
s.brk(first=2, rails=[2, 3, 4, 5], legal=False, fouls=["illegal_break@3.4", "wrong_ball_first@3.8"],
      player=B, bih="table", fouls_in_row={A: 1})

s = S("n9_break_three_rails", "3.4", "break with only three balls to a rail and nothing pocketed: foul, ball in hand")
g9(s)
s.brk(rails=[2, 3, 4], legal=False, fouls=["illegal_break@3.4"], player=B, bih="table", options=[],
      fouls_in_row={A: 1})

s = S("n9_break_scratch", "3.4", "scratch on the break: foul, ball in hand anywhere, pocketed balls stay down")
g9(s)
s.brk(pocket=[(5, "SL")], rails=[2, 3], cue_pocket="FR", legal=False, fouls=["cue_ball_pocketed@1.18"],
      pocketed=[0, 5], counted=[], player=B, bih="table", spot=[])

s = S("n9_break_nine_wins", "3.5", "9 pocketed on a legal break: win")
g9(s)
s.brk(pocket=[(9, "FL")], rails=[2, 3], legal=True, game_over=OVER(A, "nine_pocketed"), racks={A: 1},
      player=A, bih="kitchen")

s = S("n9_break_nine_and_scratch", "3.7", "9 and the cue ball on the break: foul, 9 spotted")
g9(s)
s.brk(pocket=[(9, "FL")], rails=[2, 3], cue_pocket="FR", legal=False, fouls=["cue_ball_pocketed@1.18"],
      game_over=NO, spot=[sp(9, 1905 + D, 635)], player=B, bih="table",
      rule="3.7")  # the 1 still stands on the foot spot, so the 9 goes frozen behind it (1.26)

s = S("n9_break_object_off_table", "3.4", "object ball off the table on the break: foul, not spotted")
g9(s)
s.brk(rails=[2, 3, 4, 6], off=[5], legal=False, fouls=["object_ball_off_table@3.11"], spot=[], player=B,
      bih="table")

s = S("n9_break_nine_off_table", "3.4", "the 9 off the table on the break: foul, the 9 is spotted")
g9(s)
s.brk(rails=[2, 3, 4, 6], off=[9], move={}, legal=False, fouls=["object_ball_off_table@3.11"],
      spot=[sp(9, 1905 + D, 635)], player=B, bih="table")

s = S("n9_push_out_accept", "3.6", "push-out after the break; the opponent accepts")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("r", 0, "left")], call={"push_out": True}, legal=True, fouls=[], turn="pass", player=A, bih="none",
       options=["accept", "pass"])
s.decision("accept", kind="decision", player=A, bih="none", options=[])
s.shot([("c", 0, 1), ("r", 1, "foot")], legal=True, turn="pass", player=B, rule="3.2")

s = S("n9_push_out_pass", "3.6", "push-out; the opponent hands the shot back to the pusher")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 3), ("r", 3, "left")], call={"push_out": True}, legal=True, fouls=[], player=A,
       options=["accept", "pass"])
s.decision("pass", kind="decision", player=B, bih="none", options=[])

s = S("n9_push_out_by_breaker", "3.6", "the breaker pocketed on the break and takes the push-out himself")
g9(s)
s.brk(pocket=[(5, "SL")], rails=[2], turn="keep", player=A)
s.shot([("r", 0, "right")], call={"push_out": True}, legal=True, turn="pass", player=B, options=["accept", "pass"])

s = S("n9_push_out_pocket_stays", "3.6", "a ball pocketed on a push-out is not counted and stays down")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 3), ("p", 3, "FR")], call={"push_out": True}, legal=True, pocketed=[3], counted=[], spot=[],
       player=A, options=["accept", "pass"])

s = S("n9_push_out_nine_spotted", "3.6", "the 9 pocketed on a push-out is spotted, no win")
g9(s)
s.brk(rails=[1, 2, 3, 4], move={1: (1500.0, 150.0)})
s.shot([("c", 0, 9), ("p", 9, "FR")], call={"push_out": True}, legal=True, counted=[], game_over=NO,
       spot=[sp(9, *FS)], player=A, options=["accept", "pass"])

s = S("n9_push_out_foul", "3.6", "a push-out that scratches is a foul: ball in hand, no options")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("r", 0, "foot"), ("p", 0, "FR")], call={"push_out": True}, legal=False,
       fouls=["cue_ball_pocketed@1.18"], player=A, bih="table", options=[])

s = S("n9_no_push_after_break_scratch", "3.6", "no push-out after a break scratch: the declaration is void and the shot is judged as ordinary")
g9(s)
s.brk(rails=[2, 3, 4, 5], cue_pocket="FR", player=B, bih="table")
s.shot([("r", 0, "left")], cue=(1000.0, 900.0), call={"push_out": True}, legal=False,
       fouls=["no_contact@1.16"], player=A, bih="table", options=[])

s = S("n9_no_push_later", "3.6", "a push-out declared on a later shot is an ordinary shot")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("r", 1, "foot")], legal=True, player=A)
s.shot([("r", 0, "left")], call={"push_out": True}, legal=False, fouls=["no_contact@1.16"], player=B,
       bih="table", options=[])

s = S("n9_wrong_ball_first", "3.8", "first contact not the lowest ball: foul, ball in hand anywhere")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 3), ("r", 3, "left")], legal=False, fouls=["wrong_ball_first@3.8"], player=A, bih="table",
       fouls_in_row={B: 1}, warning="")

s = S("n9_no_rail", "3.9", "nothing pocketed and no ball to a rail after contact: foul")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1)], legal=False, fouls=["no_rail@3.9"], player=A, bih="table")

s = S("n9_rail_before_contact_only", "3.9", "the cue ball reaching a rail only before the contact does not satisfy 3.9")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("r", 0, "left"), ("c", 0, 1)], legal=False, fouls=["no_rail@3.9"], player=A, bih="table")

s = S("n9_no_contact", "1.16", "the cue ball touches nothing: foul")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("r", 0, "left"), ("r", 0, "foot")], legal=False, fouls=["no_contact@1.16"], player=A, bih="table")

s = S("n9_legal_pocket_keep", "3.2", "the 1 hit first, another ball pocketed: counted, keep shooting")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("c", 1, 3), ("p", 3, "FR")], legal=True, fouls=[], pocketed=[3], counted=[3],
       turn="keep", player=B, bih="none")

s = S("n9_nine_combo_wins", "3.1", "the 9 pocketed by a legal combination: win, winner breaks next")
g9(s, race=3)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("c", 1, 9), ("p", 9, "FR")], legal=True, game_over=OVER(B, "nine_pocketed"),
       racks={A: 0, B: 1}, match_over=NO, player=B, bih="kitchen", rule="3.1")

s = S("n9_nine_on_foul_spotted", "3.7", "the 9 pocketed on a foul is spotted on the foot spot")
g9(s)
s.brk(rails=[1, 2, 3, 4], move={1: (1500.0, 150.0)})
s.shot([("c", 0, 3), ("c", 3, 9), ("p", 9, "FR")], legal=False, fouls=["wrong_ball_first@3.8"],
       game_over=NO, spot=[sp(9, *FS)], player=A, bih="table")

s = S("n9_nine_spot_blocked", "1.26", "foot spot occupied by an object ball: the 9 goes frozen behind it on the long string")
g9(s)
s.brk(rails=[2, 3, 4, 5])  # the 1 stays on the foot spot
s.shot([("c", 0, 3), ("c", 3, 9), ("p", 9, "FR")], legal=False, fouls=["wrong_ball_first@3.8"],
       spot=[sp(9, FS[0] + D, 635)])

s = S("n9_nine_spot_blocked_offline", "1.26", "a ball near the foot spot off the long string: the 9 is placed frozen to it on the string")
g9(s)
s.brk(rails=[2, 3, 4, 5], move={1: (1905.0, 655.0)})
s.shot([("c", 0, 3), ("c", 3, 9), ("p", 9, "FR")], legal=False,
       spot=[sp(9, 1905 + math.sqrt(D * D - 20 * 20), 635)])

s = S("n9_three_fouls", "3.12", "three fouls in a row in one rack: loss, with a warning after the second")
g9(s, race=5)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("r", 0, "left")], legal=True, player=A, rule="1.4")
s.shot([("c", 0, 2), ("r", 2, "left")], legal=False, fouls_in_row={A: 1, B: 0}, warning="", player=B)
s.shot([("c", 0, 1), ("r", 1, "foot")], cue=(1000.0, 900.0), legal=True, fouls_in_row={A: 1, B: 0}, player=A)
s.shot([("c", 0, 1)], legal=False, fouls=["no_rail@3.9"], fouls_in_row={A: 2}, warning="*", player=B)
s.shot([("c", 0, 1), ("r", 1, "foot")], cue=(1000.0, 900.0), legal=True, player=A)
s.shot([("r", 0, "foot")], legal=False, fouls=["no_contact@1.16", "three_fouls@3.12"],
       game_over=OVER(B, "three_fouls"), racks={B: 1, A: 0}, fouls_in_row={A: 3}, player=B, bih="kitchen")
s.rerack()
s.brk(rails=[2, 3, 4, 5], legal=True, fouls_in_row={A: 0, B: 0}, player=A, rule="3.12")

s = S("n9_fouls_reset_by_legal_shot", "3.12", "a legal shot between fouls resets the count")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("r", 0, "left")], legal=True, player=A)
s.shot([("c", 0, 2), ("r", 2, "left")], legal=False, fouls_in_row={A: 1})
s.shot([("c", 0, 1), ("r", 1, "foot")], cue=(1000.0, 900.0), legal=True, player=A)
s.shot([("c", 0, 1), ("r", 1, "foot")], legal=True, fouls_in_row={A: 0}, player=B)
s.shot([("c", 0, 1), ("r", 1, "foot")], legal=True, player=A)
s.shot([("c", 0, 1)], legal=False, fouls_in_row={A: 1}, warning="")

s = S("n9_fouls_do_not_carry_over", "3.12", "fouls from a finished rack do not count in the next one")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1)], legal=False, fouls_in_row={B: 1}, player=A, bih="table")
s.shot([("c", 0, 1), ("c", 1, 9), ("p", 9, "FR")], cue=(1000.0, 900.0), game_over=OVER(A, "nine_pocketed"),
       player=A, bih="kitchen", rule="3.12")
s.rerack()
s.brk(rails=[2, 3, 4, 5], legal=True, fouls_in_row={A: 0, B: 0}, player=B)

s = S("n9_multiple_violations_one_foul", "1.24", "wrong ball first and a scratch on one shot: both listed, one foul")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 3), ("r", 3, "left"), ("p", 0, "SR")], legal=False,
       fouls=["wrong_ball_first@3.8", "cue_ball_pocketed@1.18"], fouls_in_row={B: 1}, player=A, bih="table")

s = S("n9_foul_balls_stay_down", "3.7", "balls pocketed on a foul stay down (except the 9)")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 3), ("c", 3, 4), ("p", 4, "FR")], legal=False, pocketed=[4], counted=[], spot=[], player=A)

s = S("n9_object_off_table", "3.11", "object ball off the table in play: foul, not spotted")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("c", 1, 4), ("o", 4)], legal=False, fouls=["object_ball_off_table@3.11"], spot=[],
       player=A, bih="table")

s = S("n9_nine_off_table", "3.11", "the 9 off the table in play: foul, the 9 is spotted")
g9(s)
s.brk(rails=[1, 2, 3, 4], move={1: (1500.0, 150.0)})
s.shot([("c", 0, 1), ("c", 1, 9), ("o", 9)], legal=False, fouls=["object_ball_off_table@3.11"],
       spot=[sp(9, *FS)], player=A, bih="table", game_over=NO)

s = S("n9_race_match_over", "1.29", "winner breaks the next rack; race to 2 reached gives match_over")
g9(s, race=2)
s.brk(pocket=[(9, "FL")], rails=[2, 3], game_over=OVER(A, "nine_pocketed"), player=A, bih="kitchen")
s.rerack()
s.brk(pocket=[(9, "FL")], rails=[2, 3], game_over=OVER(A, "nine_pocketed"), racks={A: 2, B: 0},
      match_over=OVER(A, "nine_pocketed"))

s = S("n9_balls_moving", "1.12", "stroke while a ball was still moving: foul")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("m", 4), ("c", 0, 1), ("r", 1, "foot")], legal=False, fouls=["balls_moving@1.12"], player=A,
       bih="table")

s = S("n9_touched_ball", "1.19", "a ball touched by the player: foul")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("r", 1, "foot"), ("t", 6)], legal=False, fouls=["touched_ball@1.19"], player=A,
       bih="table")

s = S("n9_double_hit", "1.20", "double hit: foul")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("dh",), ("r", 1, "foot")], legal=False, fouls=["double_hit@1.20"], player=A,
       bih="table")

s = S("n9_touch_and_double_hit", "1.24", "touch and double hit on one shot: one foul, both listed")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("dh",), ("r", 1, "foot"), ("t", 6)], legal=False,
       fouls=["double_hit@1.20", "touched_ball@1.19"], fouls_in_row={B: 1})

s = S("n9_cue_off_table", "1.23", "cue ball off the table: foul, ball in hand anywhere")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("r", 1, "foot"), ("o", 0)], legal=False, fouls=["cue_ball_off_table@1.23"],
       player=A, bih="table")

s = S("n9_frozen_no_rail", "1.31", "object ball frozen to a rail, nothing reaches a rail afterwards: both violations listed")
g9(s)
s.brk(rails=[2, 3, 4, 5], move={1: (L - R, 400.0)})
s.shot([("c", 0, 1)], legal=False, fouls=["no_rail@3.9", "frozen_ball_rail@1.31"], player=A, bih="table")

s = S("n9_frozen_other_rail", "1.31", "frozen ball driven to another rail: legal")
g9(s)
s.brk(rails=[2, 3, 4, 5], move={1: (L - R, 400.0)})
s.shot([("c", 0, 1), ("r", 1, "left")], legal=True, fouls=[], player=A)

s = S("n9_frozen_cue_to_rail", "1.31", "frozen ball hit, the cue ball reaches a rail: legal")
g9(s)
s.brk(rails=[2, 3, 4, 5], move={1: (L - R, 400.0)})
s.shot([("c", 0, 1), ("r", 0, "right")], legal=True, fouls=[], player=A)

s = S("n9_frozen_back_after_ball", "1.31", "frozen ball leaves, hits another ball and returns to its rail: counts as reaching it")
g9(s)
s.brk(rails=[2, 3, 4, 5], move={1: (L - R, 400.0), 6: (2300.0, 400.0)})
s.shot([("c", 0, 1), ("c", 1, 6), ("r", 1, "foot")], legal=True, fouls=[], player=A)

s = S("n9_frozen_same_rail_only", "1.31", "frozen ball only touches its own rail again (no ball between): foul")
g9(s)
s.brk(rails=[2, 3, 4, 5], move={1: (L - R, 400.0)})
s.shot([("c", 0, 1), ("r", 1, "foot")], legal=False, fouls=["frozen_ball_rail@1.31"], player=A)

s = S("n9_referee_foul", "1.11", "referee enters a foul for the shot just played: it becomes a foul as if seen")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("c", 1, 3), ("p", 3, "FR")], legal=True, counted=[3], turn="keep", player=B)
s.rec({"type": "foul", "code": "feet_off_floor"}, kind="foul", legal=False, fouls=["referee@1.11"],
      counted=[], turn="pass", player=A, bih="table", fouls_in_row={B: 1})

s = S("n9_referee_foul_unknown", "spec", "a foul record with an unknown code is an error")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.rec({"type": "foul", "code": "bad_attitude"}, kind="error")

s = S("n9_referee_foul_before_shot", "spec", "a foul record with no shot played is an error")
g9(s)
s.rec({"type": "foul", "code": "feet_off_floor"}, kind="error")
s.brk(rails=[2, 3, 4, 5], legal=True, player=B, rule="3.4")

s = S("n9_undo_shot", "spec", "undo takes back the last shot")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 3)], legal=False, fouls_in_row={B: 1}, player=A, bih="table")
s.rec({"type": "undo"}, kind="undo", player=B, bih="none", fouls_in_row={B: 0})
s.shot([("c", 0, 1), ("c", 1, 4), ("p", 4, "FR")], before=s.pos, legal=True, counted=[4], turn="keep",
       player=B, fouls_in_row={B: 0}, rule="3.2")

s = S("n9_undo_decision", "spec", "undo of a decision re-opens the options")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("r", 0, "left")], call={"push_out": True}, options=["accept", "pass"], player=A)
s.decision("pass", player=B, options=[])
s.rec({"type": "undo"}, kind="undo", player=A, options=["accept", "pass"])
s.decision("accept", kind="decision", player=A, options=[])

s = S("n9_undo_nothing", "spec", "undo with nothing to take back is an error")
g9(s)
s.rec({"type": "undo"}, kind="error")

s = S("n9_decision_not_pending", "spec", "a decision when no choice is open is an error")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.decision("accept", kind="error")
s.shot([("c", 0, 1), ("r", 1, "foot")], legal=True, player=A, rule="3.2")

s = S("n9_shot_while_accept_open", "3.6", "after a push-out the opponent simply shoots: taken as accepting the table")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("r", 0, "left")], call={"push_out": True}, options=["accept", "pass"], player=A)
s.shot([("c", 0, 1), ("r", 1, "foot")], kind="shot", legal=True, turn="pass", player=B, options=[])

s = S("e8_shot_while_decision_pending", "spec", "a shot while the breaker must choose rerack or spot_eight is an error; state kept")
g8(s)
s.brk(pocket=[(8, "FL")], rails=[2, 4, 9], player=A, options=["rerack", "spot_eight"])
s.shot([("c", 0, 3), ("r", 3, "foot")], kind="error", player=A, options=["rerack", "spot_eight"])
s.decision("rerack", kind="decision", player=A, bih="kitchen", options=[], rule="2.6")

s = S("n9_bad_json", "spec", "a line that is not JSON gets an error ruling and reading goes on")
g9(s)
s.raw('{"type":"shot", "before":', kind="error")
s.brk(rails=[2, 3, 4, 5], legal=True, player=B, rule="3.4")

s = S("n9_shot_before_game", "spec", "a shot before any game record is an error")
s.game_name = G9
s.rerack()
s.shot([("c", 0, 1), ("r", 1, "foot")], kind="error")

s = S("n9_unknown_ball", "spec", "a shot naming a ball that is not in the game (12 in 9-ball) is an error")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 12), ("r", 12, "foot")], before={**s.pos, 12: (1000.0, 300.0)}, kind="error")

s = S("n9_settle_hanging_ball", "1.25", "a ball hanging 5 s on the lip falls: it is put back where it was")
g9(s)
s.brk(rails=[2, 3, 4, 5], move={6: (2500.0, 1230.0)})
s.rec({"type": "settle", "ball": 6, "pocket": "FR", "from": [2500.0, 1230.0]}, kind="settle",
      restore=[sp(6, 2500.0, 1230.0)], player=B, pocketed=[], counted=[])

s = S("n9_settle_rolled", "1.25", "a ball rolls off an uneven spot by itself: it stays where it stopped, play goes on")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.rec({"type": "settle", "ball": 4}, kind="settle", player=B, fouls=[])

s = S("n9_settle_during_shot", "1.25", "an object ball falls by itself before the cue ball reaches it: positions restored, stroke replayed")
g9(s)
s.brk(rails=[2, 3, 4, 5], move={6: (2500.0, 1230.0)})
c0 = s.pos[0]
s.shot([("s", 6, "FR"), ("c", 0, 1), ("r", 1, "foot")], legal=True, fouls=[], replay=True,
       after={b: p for b, p in {**s.pos, 0: (1700.0, 500.0)}.items() if b != 6},
       restore=[sp(0, *c0), sp(6, 2500.0, 1230.0)], player=B, turn="keep", fouls_in_row={B: 0})

s = S("n9_settle_unknown_ball", "spec", "settle for a ball that is not on the table is an error")
g9(s)
s.brk(pocket=[(5, "SL")], rails=[2])
s.rec({"type": "settle", "ball": 5}, kind="error")

s = S("n9_new_game_resets", "spec", "a game record during a match starts a new match")
g9(s, race=3)
s.brk(pocket=[(9, "FL")], rails=[2, 3], game_over=OVER(A, "nine_pocketed"), racks={A: 1})
s.game(G9, breaker=B, kind="game", player=B, bih="kitchen", racks={A: 0, B: 0}, game_over=NO)

# ============================== 10-ball ==============================
G10 = "10ball"


def g10(s, breaker=A, **kw):
    return s.game(G10, breaker=breaker, kind="game", player=breaker, bih="kitchen", rule="5.3", **kw)


s = S("t10_break_legal", "5.4", "open break: the 1 first, four balls to a rail")
g10(s)
s.brk(rails=[2, 3, 4, 5], legal=True, fouls=[], turn="pass", player=B, bih="none", options=[])

s = S("t10_break_pocket", "5.4", "break legally pocketing a ball: the breaker continues")
g10(s)
s.brk(pocket=[(6, "SL")], rails=[2], legal=True, counted=[6], turn="keep", player=A)

s = S("t10_break_illegal_options", "5.4", "illegal break: opponent takes cue ball in hand in the kitchen (balls stay) or re-breaks")
g10(s)
s.brk(rails=[2, 3], legal=False, fouls=["illegal_break@5.4"], turn="pass", player=B,
      options=["accept", "rerack"])
s.decision("accept", kind="decision", player=B, bih="kitchen", options=[])

s = S("t10_break_illegal_rerack", "5.4", "illegal break: the opponent re-racks and breaks")
g10(s)
s.brk(rails=[2, 3], legal=False, fouls=["illegal_break@5.4"], player=B, options=["accept", "rerack"])
s.decision("rerack", kind="decision", player=B, bih="kitchen", options=[])

s = S("t10_break_ten_wins", "5.1", "the 10 on a legal break: legally pocketed, win (no call in the seed's 10-ball)")
g10(s)
s.brk(pocket=[(10, "FL")], rails=[2, 3], legal=True, game_over=OVER(A, "ten_pocketed"), racks={A: 1})

s = S("t10_no_call_needed", "5.5.2", "a legally pocketed ball without a call keeps the turn (section 5 has no call requirement)")
g10(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("c", 1, 7), ("p", 7, "SR")], legal=True, counted=[7], turn="keep", player=B)

s = S("t10_wrong_ball_first", "5.5.1", "first contact not the lowest ball: foul, ball in hand anywhere")
g10(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 4), ("r", 4, "left")], legal=False, fouls=["wrong_ball_first@5.5.1"], player=A, bih="table")

s = S("t10_no_rail", "5.5.1", "no ball to a rail after contact: foul")
g10(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1)], legal=False, fouls=["no_rail@1.17"], player=A, bih="table")

s = S("t10_ten_combo_wins", "5.6", "the 10 legally pocketed by combination: win")
g10(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("c", 1, 10), ("p", 10, "FL")], legal=True, game_over=OVER(B, "ten_pocketed"),
       racks={B: 1}, player=B, bih="kitchen")

s = S("t10_ten_on_foul_spotted", "5.6", "the 10 pocketed on a foul is spotted (WPA; seed silent)")
g10(s)
s.brk(rails=[1, 2, 3, 4], move={1: (1500.0, 150.0)})
s.shot([("c", 0, 3), ("c", 3, 10), ("p", 10, "FL")], legal=False, game_over=NO, spot=[sp(10, *FS)],
       player=A, bih="table")

s = S("t10_object_off_table_spotted", "1.23", "object ball off the table in 10-ball: foul and, per general rule 1.23, spotted")
g10(s)
s.brk(rails=[1, 2, 3, 4], move={1: (1500.0, 150.0)})
s.shot([("c", 0, 1), ("c", 1, 6), ("o", 6)], legal=False, fouls=["object_ball_off_table@1.23"],
       spot=[sp(6, *FS)], player=A, bih="table")

s = S("t10_three_fouls", "5.5.4", "three fouls in a row: loss (with the warning)")
g10(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 2)], legal=False, fouls_in_row={B: 1}, player=A)
s.shot([("c", 0, 1), ("r", 1, "foot")], cue=(1000.0, 900.0), legal=True, player=B)
s.shot([("c", 0, 2)], legal=False, fouls_in_row={B: 2}, warning="*", player=A)
s.shot([("c", 0, 1), ("r", 1, "foot")], cue=(1000.0, 900.0), legal=True, player=B)
s.shot([("c", 0, 2)], legal=False, fouls=["wrong_ball_first@5.5.1", "no_rail@1.17", "three_fouls@5.5.4"],
       game_over=OVER(A, "three_fouls"), racks={A: 1, B: 0}, player=A, bih="kitchen")

s = S("t10_winner_breaks", "1.29", "10-ball: the rack winner breaks the next rack")
g10(s, race=3)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("c", 1, 10), ("p", 10, "FL")], game_over=OVER(B, "ten_pocketed"), player=B,
       bih="kitchen")

# ============================== 14.1 ==============================
G14 = "14.1"


def g14(s, target=None, **kw):
    return s.game(G14, breaker=A, target=target, kind="game", player=A, bih="kitchen", rule="4.4", **kw)


s = S("s14_break_safe_legal", "4.6", "legal opening break: cue ball and two object balls to a rail")
g14(s)
s.brk(rails=[5, 11], legal=True, fouls=[], turn="pass", player=B, bih="none", score={A: 0, B: 0}, options=[])

s = S("s14_break_called_ball", "4.6", "opening break pocketing the called ball: legal, point, continue")
g14(s)
s.brk(pocket=[(11, "FR")], rails=[], cue_rail=False, call={"ball": 11, "pocket": "FR"}, legal=True,
      counted=[11], score={A: 1}, turn="keep", player=A)

s = S("s14_break_illegal", "4.6", "illegal opening break: minus two, opponent accepts or has the offender re-break; not a three-foul foul")
g14(s)
s.brk(rails=[5], legal=False, fouls=["illegal_break@4.6"], score={A: -2, B: 0}, fouls_in_row={A: 0},
      turn="pass", player=B, options=["accept", "rerack_offender"])
s.decision("accept", kind="decision", player=B, bih="none", options=[])

s = S("s14_break_illegal_repeat", "4.6", "the offender must break again; every illegal break costs two")
g14(s)
s.brk(rails=[5], legal=False, score={A: -2}, options=["accept", "rerack_offender"])
s.decision("rerack_offender", kind="decision", player=A, bih="kitchen", options=[])
s.rerack()
s.brk(rails=[], legal=False, fouls=["illegal_break@4.6"], score={A: -4}, fouls_in_row={A: 0},
      options=["accept", "rerack_offender"], player=B)
s.decision("rerack_offender", kind="decision", player=A)
s.rerack()
s.brk(rails=[5, 11], legal=True, score={A: -4}, player=B)

s = S("s14_break_scratch", "4.6", "legal break with a scratch: minus one, a foul that counts, kitchen, balls stay")
g14(s)
s.brk(rails=[5, 11], cue_pocket="FR", legal=False, fouls=["cue_ball_pocketed@1.18"], score={A: -1},
      fouls_in_row={A: 1}, player=B, bih="kitchen", options=[], spot=[])

s = S("s14_break_illegal_scratch", "1.24", "illegal break with a scratch: one foul, the most severe penalty (minus two)")
g14(s)
s.brk(rails=[5], cue_pocket="FR", legal=False, fouls=["illegal_break@4.6", "cue_ball_pocketed@1.18"],
      score={A: -2}, player=B)


def spread(extra=None, cue=(600.0, 635.0)):
    pos = {b: (800.0 + 100.0 * b, 300.0 if b % 2 else 970.0) for b in range(1, 16)}
    pos.update(extra or {})
    pos[0] = cue
    return pos


def s14_open(s, target=None, extra=None):
    """A legal safe break by Anna; the balls come to rest spread out; Boris to shoot."""
    g14(s, target=target)
    s.brk(rails=[5, 11], setup=spread(extra), rule="4.6")


s = S("s14_called_ball_point", "4.5", "called ball in the called pocket: one point, keep shooting")
s14_open(s)
s.shot([("c", 0, 3), ("p", 3, "SL")], call={"ball": 3, "pocket": "SL"}, legal=True, counted=[3],
       score={B: 1}, turn="keep", player=B, spot=[])

s = S("s14_extra_ball_counts", "4.7.1", "another ball falling with the called one also scores")
s14_open(s)
s.shot([("c", 0, 3), ("p", 3, "SL"), ("c", 3, 5), ("p", 5, "SR")], call={"ball": 3, "pocket": "SL"},
       legal=True, counted=[3, 5], score={B: 2}, turn="keep")

s = S("s14_uncalled_ball_spotted", "4.8", "called ball missed, another falls: no point, no penalty, spotted, turn passes")
s14_open(s)
s.shot([("c", 0, 3), ("c", 3, 5), ("p", 5, "SR"), ("r", 3, "left")], call={"ball": 3, "pocket": "SL"},
       legal=True, fouls=[], pocketed=[5], counted=[], spot=[sp(5, *FS)], score={B: 0}, turn="pass",
       player=A, bih="none")

s = S("s14_no_call_spotted", "4.2", "a ball pocketed without a call does not score and is spotted")
s14_open(s)
s.shot([("c", 0, 3), ("p", 3, "SL")], legal=True, counted=[], spot=[sp(3, *FS)], score={B: 0}, turn="pass")

s = S("s14_wrong_pocket_spotted", "4.8", "called ball in another pocket: no point, spotted")
s14_open(s)
s.shot([("c", 0, 3), ("p", 3, "FL")], call={"ball": 3, "pocket": "SL"}, legal=True, counted=[],
       spot=[sp(3, *FS)], score={B: 0}, turn="pass")

s = S("s14_safety", "4.7.4", "declared safety pocketing a ball: no point, spotted, turn ends")
s14_open(s)
s.shot([("c", 0, 3), ("p", 3, "SL")], call={"safety": True}, legal=True, counted=[], spot=[sp(3, *FS)],
       score={B: 0}, turn="pass", player=A)

s = S("s14_foul_minus_one", "4.11", "an ordinary foul: minus one, the opponent takes the table as it lies")
s14_open(s)
s.shot([("c", 0, 3)], call={"ball": 3, "pocket": "SL"}, legal=False, fouls=["no_rail@1.17"], score={B: -1},
       fouls_in_row={B: 1}, player=A, bih="none")

s = S("s14_scratch_kitchen", "4.10", "scratch: minus one, cue ball in hand in the kitchen")
s14_open(s)
s.shot([("c", 0, 3), ("r", 3, "left"), ("p", 0, "FR")], call={"ball": 3, "pocket": "SL"}, legal=False,
       fouls=["cue_ball_pocketed@1.18"], score={B: -1}, player=A, bih="kitchen")

s = S("s14_foul_called_ball_spotted", "4.13", "foul while the called ball falls: the ball is spotted, minus one")
s14_open(s)
s.shot([("c", 0, 3), ("p", 3, "SL"), ("p", 0, "FR")], call={"ball": 3, "pocket": "SL"}, legal=False,
       counted=[], spot=[sp(3, *FS)], score={B: -1}, player=A, bih="kitchen")

s = S("s14_object_off_table", "4.9", "object ball off the table: foul, minus one, spotted, table as it lies")
s14_open(s)
s.shot([("c", 0, 3), ("o", 3), ("r", 0, "left")], call={"ball": 3, "pocket": "SL"}, legal=False,
       fouls=["object_ball_off_table@1.23"], spot=[sp(3, *FS)], score={B: -1}, player=A, bih="none")

s = S("s14_cue_and_object_off", "1.24", "cue ball and an object ball off the table: one foul, minus one")
s14_open(s)
s.shot([("c", 0, 3), ("o", 3), ("o", 0)], call={"ball": 3, "pocket": "SL"}, legal=False,
       fouls=["object_ball_off_table@1.23", "cue_ball_off_table@1.23"], spot=[sp(3, *FS)], score={B: -1},
       fouls_in_row={B: 1}, player=A, bih="kitchen")

s = S("s14_three_fouls", "4.12", "third foul in a row: minus one and fifteen more, fouls cleared, re-rack of 15, offender breaks")
s14_open(s)
s.shot([("c", 0, 3)], call={"ball": 3, "pocket": "SL"}, legal=False, score={B: -1}, fouls_in_row={B: 1})
s.shot([("c", 0, 4), ("r", 4, "right")], call={"safety": True}, legal=True, player=B, rule="4.7.4")
s.shot([("c", 0, 5)], call={"ball": 5, "pocket": "SR"}, legal=False, score={B: -2}, fouls_in_row={B: 2},
       warning="*")
s.shot([("c", 0, 4), ("r", 4, "right")], call={"safety": True}, legal=True, player=B)
s.shot([("c", 0, 7)], call={"ball": 7, "pocket": "SR"}, legal=False, fouls=["no_rail@1.17", "three_fouls@4.12"],
       score={B: -18, A: 0}, fouls_in_row={B: 0}, player=B, bih="kitchen", game_over=NO)
s.rerack()
s.brk(rails=[5, 11], legal=True, fouls=[], player=A, score={B: -18}, rule="4.12")

s = S("s14_foul_cleared_by_point", "4.12", "pocketing a called ball on the next visit clears the foul count")
s14_open(s)
s.shot([("c", 0, 3)], call={"ball": 3, "pocket": "SL"}, legal=False, fouls_in_row={B: 1})
s.shot([("c", 0, 4), ("r", 4, "right")], call={"safety": True}, legal=True, player=B, fouls_in_row={A: 0})
s.shot([("c", 0, 5), ("p", 5, "SR")], call={"ball": 5, "pocket": "SR"}, legal=True, score={B: 0},
       fouls_in_row={B: 0}, turn="keep")
s.shot([("c", 0, 7), ("p", 0, "FR")], call={"ball": 7, "pocket": "SR"}, legal=False, score={B: -1},
       fouls_in_row={B: 1}, warning="", rule="4.12")

s = S("s14_target_reached", "4.1", "reaching the target wins the match")
g14(s, target=2)
s.brk(pocket=[(11, "FR")], rails=[], cue_rail=False, call={"ball": 11, "pocket": "FR"}, score={A: 1},
      turn="keep", match_over=NO, setup=spread())
s.shot([("c", 0, 3), ("p", 3, "SL")], call={"ball": 3, "pocket": "SL"}, score={A: 2},
       match_over=OVER(A, "target_reached"), game_over=OVER(A, "target_reached"))

s = S("s14_rerack_fourteen", "4.7.3", "when 14 balls are down the 14 are re-racked and play continues")
g14(s)
s.brk(pocket=[(b, "FR") for b in range(1, 14)], rails=[], cue_rail=False, call={"ball": 1, "pocket": "FR"},
      counted=list(range(1, 14)), score={A: 13}, turn="keep", rule="4.7.1",
      setup={0: (600.0, 635.0), 14: (1200.0, 300.0), 15: (1500.0, 1000.0)})
s.shot([("c", 0, 14), ("p", 14, "SL")], call={"ball": 14, "pocket": "SL"}, counted=[14], score={A: 14},
       turn="keep", player=A, bih="none")
rk = rack_rows(5)
s.pos = {0: (600.0, 635.0), 15: (1500.0, 1000.0)}
for i, b in enumerate(range(1, 15)):
    s.pos[b] = rk[i + 1]  # apex left empty
s.shot([("c", 0, 15), ("p", 15, "SR"), ("c", 0, 2)], call={"ball": 15, "pocket": "SR"}, legal=True,
       counted=[15], score={A: 15}, turn="keep", rule="4.7.3")

s = S("s14_spot_two_balls", "1.26", "two balls spotted: the lower on the foot spot, the other frozen behind it")
s14_open(s)
s.shot([("c", 0, 3), ("p", 3, "SL"), ("c", 3, 12), ("p", 12, "FL")], call={"safety": True}, legal=True,
       spot=[sp(3, *FS), sp(12, FS[0] + D, 635)])

s = S("s14_spot_behind_interfering", "1.26", "second spotted ball blocked by a ball on the string: frozen behind the blocker")
s14_open(s, extra={9: (1990.0, 635.0)})
s.shot([("c", 0, 3), ("p", 3, "SL"), ("c", 3, 12), ("p", 12, "FL")], call={"safety": True}, legal=True,
       spot=[sp(3, *FS), sp(12, 1990.0 + D, 635)])

s = S("s14_spot_cue_in_way", "1.26", "the cue ball on the foot spot: the spotted ball goes behind it, close but not frozen")
s14_open(s)
s.shot([("c", 0, 3), ("p", 3, "SL")], call={"safety": True}, legal=True, move={0: FS},
       spot=[sp(3, FS[0] + D + 3.0, 635, tol=0.95)])

s = S("s14_spot_no_room", "1.26", "long string full to the foot rail: the ball goes in front of the foot spot, frozen to the ball there")
s14_open(s, extra={b: (FS[0] + i * D, 635.0) for i, b in enumerate([1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 13])})
s.shot([("c", 0, 3), ("p", 3, "SL")], call={"safety": True}, legal=True, spot=[sp(3, FS[0] - D, 635)])

s = S("s14_spot_no_room_two", "1.26", "no room behind for two balls: in front, the lower number farther from the spot")
s14_open(s, extra={b: (FS[0] + i * D, 635.0) for i, b in enumerate([1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 13])})
s.shot([("c", 0, 3), ("p", 3, "SL"), ("c", 0, 12), ("p", 12, "SR")], call={"safety": True}, legal=True,
       spot=[sp(3, FS[0] - 2 * D, 635), sp(12, FS[0] - D, 635)])

# ---- kitchen rules 1.7 / 1.14, with a 14.1 scratch giving ball in hand in the kitchen ----


def s14_kitchen(s, extra=None, table="9ft"):
    s.game(G14, breaker=A, table=table, rule="4.4")
    s.brk(rails=[5, 11], setup=spread(extra, cue=(1000.0, 635.0)), rule="4.6")
    s.shot([("c", 0, 3), ("r", 3, "left"), ("p", 0, "FR")], call={"ball": 3, "pocket": "SL"}, player=A,
           bih="kitchen", rule="4.10")


s = S("k_stroke_from_outside", "1.7", "ball in hand in the kitchen, cue ball placed beyond the head string: foul")
s14_kitchen(s)
s.shot([("c", 0, 5), ("r", 5, "left")], cue=(700.0, 635.0), call={"ball": 5, "pocket": "SL"}, legal=False,
       fouls=["cue_ball_outside_kitchen@1.7"], score={A: -1}, player=B)

s = S("k_cue_on_head_string", "1.14", "cue ball placed exactly on the head string is not in the kitchen: foul")
s14_kitchen(s)
s.shot([("c", 0, 5), ("r", 5, "left")], cue=(HS, 635.0), call={"ball": 5, "pocket": "SL"}, legal=False,
       fouls=["cue_ball_outside_kitchen@1.7"])

s = S("k_cue_inside_ok", "1.7", "cue ball just inside the kitchen: legal")
s14_kitchen(s)
s.shot([("c", 0, 5), ("r", 5, "left")], cue=(HS - 1.0, 635.0), call={"ball": 5, "pocket": "SL"}, legal=True,
       fouls=[])

s = S("k_direct_kitchen_ball", "1.7", "object ball in the kitchen hit directly from the kitchen: foul")
s14_kitchen(s, extra={4: (500.0, 300.0)})
s.shot([("c", 0, 4), ("r", 4, "left")], cue=(300.0, 635.0), call={"ball": 4, "pocket": "HL"}, legal=False,
       fouls=["kitchen_first_contact@1.7"], score={A: -1})

s = S("k_ball_on_head_string_playable", "1.14", "object ball exactly on the head string may be hit directly")
s14_kitchen(s, extra={4: (HS, 300.0)})
s.shot([("c", 0, 4), ("r", 4, "left")], cue=(300.0, 635.0), call={"ball": 4, "pocket": "HL"}, legal=True,
       fouls=[])

s = S("k_kitchen_ball_via_foot_rail", "1.7", "cue ball leaves the kitchen, comes back off the foot rail and hits a kitchen ball: legal")
s14_kitchen(s, extra={4: (500.0, 300.0)})
s.shot([("r", 0, "foot", (L - R, 600.0)), ("c", 0, 4), ("r", 4, "left")], cue=(300.0, 635.0),
       call={"ball": 4, "pocket": "HL"}, legal=True, fouls=[])

s = S("k_default_table_9ft", "1.7", "no table in the game record: the 9ft table, head string at 635 mm")
s14_kitchen(s, table=None)
s.shot([("c", 0, 5), ("r", 5, "left")], cue=(600.0, 635.0), call={"ball": 5, "pocket": "SL"}, legal=True,
       fouls=[])

s = S("k_8ball_break_scratch_kitchen", "2.6", "8-ball: after a break scratch the incoming player plays from the kitchen")
g8(s)
s.brk(pocket=[(3, "FR")], rails=[2, 4], cue_pocket="SL", player=B, bih="kitchen")
s.shot([("c", 0, 5), ("r", 5, "left")], cue=(800.0, 635.0), legal=False, fouls=["cue_ball_outside_kitchen@1.7"],
       player=A, bih="table")

s = S("k_8ball_kitchen_ball_direct", "2.6", "8-ball: from the kitchen, a ball in the kitchen may be played only off the foot rail")
g8(s)
s.brk(pocket=[(3, "FR")], rails=[2, 4], cue_pocket="SL", move={2: (400.0, 200.0), 4: (railpos(4))},
      player=B, bih="kitchen")
s.shot([("c", 0, 2), ("r", 2, "left")], cue=(200.0, 635.0), legal=False, fouls=["kitchen_first_contact@1.7"],
       player=A, bih="table")



# ============================== more cases ==============================


def spot_line(balls, pos, cue=None, gap=3.0):
    """Rule 1.26 by the letter: lowest on the foot spot, the rest behind it on the long
    string, each as near the foot spot as it fits, frozen to object balls in the way and
    `gap` mm clear of the cue ball. Returns {ball: (x, y)}; None when it does not fit."""
    out = {}
    occ = {b: p for b, p in pos.items() if b != 0}
    for b in sorted(balls):
        cands = [FS[0]]
        blockers = [(p, D) for p in occ.values()] + ([(cue, D + gap)] if cue else [])
        for p, d in blockers:
            dy = abs(p[1] - FS[1])
            if dy < d:
                cands.append(p[0] + math.sqrt(d * d - dy * dy))
        best = None
        for x in sorted(cands):
            if x < FS[0] - 1e-6 or x > L - R + 1e-6:
                continue
            if all(math.hypot(x - p[0], FS[1] - p[1]) >= d - 1e-3 for p, d in blockers):
                best = x
                break
        if best is None:
            return None
        out[b] = (best, FS[1])
        occ[b] = out[b]
    return out


def spots(balls, pos, cue=None):
    return [sp(b, x, y) for b, (x, y) in sorted(spot_line(balls, pos, cue).items())]


s = S("e8_break_outside_kitchen", "1.7", "8-ball break struck from beyond the head string: foul")
g8(s)
s.brk(pocket=[(3, "FR")], rails=[2], before={**s.pos, 0: (700.0, 635.0)}, legal=False,
      fouls=["cue_ball_outside_kitchen@1.7"], turn="pass", player=B)

s = S("n9_break_outside_kitchen", "1.7", "9-ball break struck from beyond the head string: foul, ball in hand")
g9(s)
s.brk(rails=[2, 3, 4, 5], before={**s.pos, 0: (700.0, 635.0)}, legal=False,
      fouls=["cue_ball_outside_kitchen@1.7"], player=B, bih="table")

s = S("e8_rail_before_contact_only", "2.9", "note to 2.9: a rail before the legal ball does not count; nothing after it is a foul")
e8_groups(s)
s.shot([("r", 0, "left"), ("c", 0, 10)], legal=False, fouls=["no_rail@1.17"], player=B, bih="table")

s = S("e8_own_and_opponent_pocketed", "1.27", "own ball legally pocketed with an opponent's ball: own counted, keep")
e8_groups(s)
s.shot([("c", 0, 10), ("p", 10, "FL"), ("c", 0, 5), ("p", 5, "SR")], legal=True, counted=[10],
       pocketed=[5, 10], turn="keep", player=A)

s = S("e8_called_combo_group", "2.8", "open table: a stripe hit first drives the called solid in; the shooter takes solids")
g8(s)
s.brk(rails=[2, 4, 9, 12])
s.shot([("c", 0, 10), ("c", 10, 3), ("p", 3, "FR")], call={"ball": 3, "pocket": "FR"}, legal=True,
       counted=[3], turn="keep", player=B, groups={B: "solids", A: "stripes"})

s = S("e8_break_illegal_and_scratch", "1.24", "illegal break with a scratch: both listed; accepting gives ball in hand in the kitchen")
g8(s)
s.brk(rails=[2], cue_pocket="HL", legal=False, fouls=["illegal_break@2.6", "cue_ball_pocketed@1.18"], player=B,
      options=["accept", "rerack", "rerack_offender"])
s.decision("accept", kind="decision", player=B, bih="kitchen", options=[])

s = S("e8_break_eight_off_table", "2.13", "the 8 off the table (on the break too): the rack is lost")
g8(s)
s.brk(rails=[2, 4, 9, 12], off=[8], legal=False, game_over=OVER(B, "eight_off_table"), racks={B: 1})

s = S("n9_referee_foul_on_winning_shot", "1.11", "a referee foul on the shot that pocketed the 9: no win, the 9 is spotted")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("c", 1, 9), ("p", 9, "FR")], game_over=OVER(B, "nine_pocketed"), racks={B: 1})
pos9 = {b: p for b, p in s.pos.items() if b != 9}
s.rec({"type": "foul", "code": "feet_off_floor"}, kind="foul", legal=False, fouls=["referee@1.11"],
      game_over=NO, racks={B: 0}, spot=spots([9], pos9), player=A, bih="table", fouls_in_row={B: 1})

s = S("n9_undo_win", "spec", "undo of the winning shot takes the rack back")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("c", 1, 9), ("p", 9, "FR")], game_over=OVER(B, "nine_pocketed"), racks={B: 1})
s.rec({"type": "undo"}, kind="undo", game_over=NO, racks={B: 0}, player=B, bih="none")

s = S("n9_undo_twice", "spec", "two undos take back two shots")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("c", 1, 3), ("p", 3, "FR")], turn="keep", player=B)
s.shot([("c", 0, 2)], legal=False, player=A, bih="table")
s.rec({"type": "undo"}, kind="undo", player=B, bih="none", fouls_in_row={B: 0})
s.rec({"type": "undo"}, kind="undo", player=B, bih="none")
s.rec({"type": "undo"}, kind="undo", player=A, bih="kitchen")
s.rec({"type": "undo"}, kind="error")

s = S("lag_after_shot_error", "1.5", "a lag after the break has been played is an error")
g9(s)
s.brk(rails=[2, 3, 4, 5])
lag(s, lagball(GOOD, (80, 400)), lagball(GOOD, (150, 900)))
s.want[-1] = {"seq": len(s.lines), "rule": "1.5", "kind": "error", "player": B}

s = S("game_same_players_error", "spec", "a game record with the same player twice is an error")
s.rec({"type": "game", "game": "9ball", "players": [A, A]}, kind="error")

s = S("game_breaker_not_player_error", "spec", "a breaker who is not a player is an error")
s.rec({"type": "game", "game": "9ball", "players": [A, B], "breaker": "Carl"}, kind="error")

s = S("game_unknown_game_error", "spec", "an unknown game is an error, the next line is still read")
s.rec({"type": "game", "game": "snooker", "players": [A, B]}, kind="error")
s.rec({"type": "game", "game": "9ball", "players": [A, B]}, kind="game", player=A, bih="kitchen")

s = S("game_default_breaker", "spec", "breaker defaults to the first player")
s.rec({"type": "game", "game": "10ball", "players": [B, A]}, kind="game", player=B, bih="kitchen")

s = S("t10_push_out", "3.6", "10-ball push-out after the break (seed silent: WPA 10-ball)")
g10(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("r", 0, "left")], call={"push_out": True}, legal=True, fouls=[], player=A, options=["accept", "pass"])

s = S("t10_two_off_table_spotted", "1.26", "two balls off the table in 10-ball: the lower on the foot spot, the other behind it")
g10(s)
s.brk(rails=[2, 3, 4, 5], setup={b: p for b, p in spread().items() if b <= 10}, rule="5.4")
s.shot([("c", 0, 1), ("c", 1, 6), ("o", 6), ("c", 1, 3), ("o", 3)], legal=False,
       fouls=["object_ball_off_table@1.23"], spot=[sp(3, *FS), sp(6, FS[0] + D, 635)], player=A, bih="table")

s = S("n9_push_out_contact_no_rail", "3.6", "a push-out need not reach a rail")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 4)], call={"push_out": True}, legal=True, fouls=[], player=A, options=["accept", "pass"])

s = S("s14_break_uncalled_pocket", "4.8", "legal break pocketing an uncalled ball: no point, spotted against the rack, turn passes")
g14(s)
s.brk(pocket=[(7, "FL")], rails=[5, 11], legal=True, fouls=[], score={A: 0}, turn="pass", player=B)
s.want[-1]["spot"] = spots([7], {b: p for b, p in s.pos.items()})

s = S("s14_third_foul_then_illegal_break", "4.12", "after three fouls the offender breaks under 4.6: an illegal break costs two more")
s14_open(s)
s.shot([("c", 0, 3)], call={"ball": 3, "pocket": "SL"}, legal=False)
s.shot([("c", 0, 4), ("r", 4, "right")], call={"safety": True}, legal=True)
s.shot([("c", 0, 5)], call={"ball": 5, "pocket": "SR"}, legal=False)
s.shot([("c", 0, 4), ("r", 4, "right")], call={"safety": True}, legal=True)
s.shot([("c", 0, 7)], call={"ball": 7, "pocket": "SR"}, legal=False, score={B: -18}, player=B, bih="kitchen")
s.rerack()
s.brk(rails=[5], legal=False, fouls=["illegal_break@4.6"], score={B: -20}, fouls_in_row={B: 0},
      options=["accept", "rerack_offender"], player=A, rule="4.6")

s = S("s14_illegal_break_not_counted", "4.6", "an illegal break is not a foul for the three-foul rule")
g14(s)
s.brk(rails=[5], legal=False, score={A: -2}, fouls_in_row={A: 0})
s.decision("accept", player=B)
s.shot([("c", 0, 1), ("r", 1, "foot")], call={"ball": 1, "pocket": "FR"}, legal=True, player=A, rule="4.7.2")
s.shot([("c", 0, 2)], call={"ball": 2, "pocket": "FR"}, legal=False, fouls_in_row={A: 1}, score={A: -3},
       warning="", rule="4.12")

s = S("s14_legal_miss_clears_fouls", "4.12", "a legal (non-foul) visit breaks the run of fouls")
s14_open(s)
s.shot([("c", 0, 3)], call={"ball": 3, "pocket": "SL"}, legal=False, fouls_in_row={B: 1})
s.shot([("c", 0, 4), ("r", 4, "right")], call={"safety": True}, legal=True)
s.shot([("c", 0, 5), ("r", 5, "left")], call={"ball": 5, "pocket": "SR"}, legal=True, fouls_in_row={B: 0},
       turn="pass")

s = S("n9_review_carried", "spec", "a shot with a review reason: the ruling carries it")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.lines[-1] = s.lines[-1].replace('"type":"shot"', '"type":"shot","review":{"reason":"first contact occluded"}', 1)
s.want.append({"seq": len(s.lines), "rule": "spec", "review": {"reason": "first contact occluded"}})

s = S("n9_settle_after_contact", "1.25", "a ball hanging on the lip falls after the cue ball's contact: put back, the shot judged as usual")
g9(s)
s.brk(rails=[2, 3, 4, 5], move={6: (2500.0, 1230.0)})
s.shot([("c", 0, 1), ("r", 1, "foot"), ("s", 6, "FR")], after={b: p for b, p in s.pos.items() if b != 6},
       legal=True, fouls=[], restore=[sp(6, 2500.0, 1230.0)], turn="pass", player=A)

s = S("n9_nine_and_others_win", "3.1", "the 9 and another ball on a legal shot: win")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("c", 1, 9), ("p", 9, "FR"), ("c", 1, 3), ("p", 3, "FL")], legal=True,
       game_over=OVER(B, "nine_pocketed"), pocketed=[3, 9])

s = S("n9_cue_in_hand_does_not_block", "1.26", "after a foul the cue ball is in hand: it does not block the foot spot")
g9(s)
s.brk(rails=[1, 2, 3, 4], move={1: (1500.0, 150.0)})
s.shot([("c", 0, 3), ("c", 3, 9), ("p", 9, "FR")], move={0: FS}, legal=False, spot=[sp(9, *FS)], bih="table")

s = S("k_kitchen_ball_cue_stays_in", "1.7", "from the kitchen the cue ball touches a side rail inside the kitchen, then a kitchen ball: foul")
s14_kitchen(s, extra={4: (500.0, 300.0)})
s.shot([("r", 0, "left", (300.0, R)), ("c", 0, 4), ("r", 4, "head")], cue=(200.0, 635.0),
       call={"ball": 4, "pocket": "HL"}, legal=False, fouls=["kitchen_first_contact@1.7"])

s = S("k_kitchen_exit_side_rail", "1.7", "the cue ball crosses the head string, comes back off a side rail and hits a kitchen ball: legal (1.7's last sentence)")
s14_kitchen(s, extra={4: (500.0, 300.0)})
s.shot([("r", 0, "left", (900.0, R)), ("c", 0, 4), ("r", 4, "head")], cue=(200.0, 635.0),
       call={"ball": 4, "pocket": "HL"}, legal=True, fouls=[])


s = S("e8_break_object_off_accept", "2.6", "object ball off the table on the break: the incoming player takes the table as it lies or cue ball in hand in the kitchen")
g8(s)
s.brk(rails=[2, 4, 9, 12], off=[5], legal=False, player=B, bih="kitchen", options=["accept"])
s.decision("accept", kind="decision", player=B, bih="none", options=[])

s = S("e8_break_object_off_kitchen", "2.6", "object ball off the table on the break: the incoming player plays from the kitchen")
g8(s)
s.brk(rails=[2, 4, 9, 12], off=[5], legal=False, player=B, bih="kitchen", options=["accept"])
s.shot([("c", 0, 3), ("r", 3, "foot")], cue=(300.0, 635.0), legal=True, fouls=[], player=A, rule="1.7")

s = S("e8_kick_is_obvious", "2.3", "a kick (cue ball off a rail first) straight into the pocket needs no call")
e8_groups(s)
s.shot([("r", 0, "left"), ("c", 0, 10), ("p", 10, "FL")], legal=True, counted=[10], turn="keep", player=A)

s = S("e8_jaws_rattle_is_obvious", "2.3", "a ball that touches its own pocket's jaw cushion as it drops is still an obvious shot")
e8_groups(s)
s.shot([("c", 0, 10), ("r", 10, "foot"), ("p", 10, "FR")], legal=True, counted=[10], turn="keep", player=A)

s = S("e8_carom_uncalled", "2.3", "a carom (the cue ball off one ball into another) is not obvious: uncalled it scores nothing")
e8_groups(s)
s.shot([("c", 0, 10), ("c", 0, 11), ("p", 11, "SR")], legal=True, counted=[], turn="pass", player=B)


s = S("lag_head_rail_ok", "1.5", "a lag ball may come back and touch the head rail: nearest the head rail wins")
s.game("9ball")
lag(s, lagball([("r", "foot"), ("r", "head")], (R, 400)), lagball(GOOD, (200, 900)), lag_winner=A, player=A,
    options=["break", "pass"])

s = S("n9_after_match_over", "1.29", "after the race is won a shot is an error until a new game record")
g9(s, race=1)
s.brk(pocket=[(9, "FL")], rails=[2, 3], game_over=OVER(A, "nine_pocketed"), match_over=OVER(A, "nine_pocketed"))
s.rerack()
s.brk(rails=[2, 3, 4, 5], kind="error", match_over=OVER(A, "nine_pocketed"))
s.game(G9, breaker=B, kind="game", player=B, match_over=NO, racks={A: 0}, rule="spec")

s = S("s14_after_target", "4.1", "after the target is reached a shot is an error")
g14(s, target=1)
s.brk(pocket=[(11, "FR")], rails=[], cue_rail=False, call={"ball": 11, "pocket": "FR"},
      match_over=OVER(A, "target_reached"))
s.shot([("c", 0, 3), ("r", 3, "left")], call={"ball": 3, "pocket": "SL"}, kind="error")

s = S("t10_safety_cannot_spot", "5.5.3", "10-ball: a declared safety does not undo a legal pot; the shooter must shoot again")
g10(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("c", 1, 7), ("p", 7, "SR")], call={"safety": True}, legal=True, counted=[7], spot=[],
       turn="keep", player=B)

s = S("n9_safety_call_no_effect", "3.2", "9-ball has no declared safety: a legal pot keeps the inning")
g9(s)
s.brk(rails=[2, 3, 4, 5])
s.shot([("c", 0, 1), ("c", 1, 7), ("p", 7, "SR")], call={"safety": True}, legal=True, counted=[7], turn="keep",
       player=B)

if __name__ == "__main__":
    d = os.path.dirname(os.path.abspath(__file__))
    for f in glob.glob(os.path.join(d, "*.jsonl")) + glob.glob(os.path.join(d, "*.want.json")):
        os.remove(f)
    names = set()
    n = 0
    for sc in SCEN:
        assert sc.name not in names, sc.name
        names.add(sc.name)
        sc.write(d)
        n += len(sc.want)
    print(f"{len(SCEN)} scenarios, {n} expected rulings")
