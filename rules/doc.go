// Package rules is the referee's brain: a deterministic state machine that judges
// each record of a shot log (shared/spec/shotlog.md) by the seed rules
// (shared/seeds/pool-rules.ru.txt: 1 general, 2 8-ball, 3 9-ball, 4 14.1,
// 5 10-ball) and answers each with one shot.Ruling. It has no clock, no I/O, no
// randomness and no goroutines: the same records always give the same rulings.
//
//	e := rules.New()
//	r := e.Apply(seq, rec)   // one ruling per record; kind "error" leaves the state unchanged
//	r = e.Reject(seq, err)   // a line that did not decode
//	s := e.Snapshot()        // deep copy of the State, for players, scoreboards, the simulator
//
// Every ruling, errors included, carries the whole current state (next, groups,
// score, racks, fouls_in_row, warning, game_over, match_over and the extras game,
// rules, players, race/target, rack, on_table) and a plain-words text with rule
// numbers. Fouls carry the seed's rule number, per the contract's foul-code table.
//
// # Records
//
//   - game: starts a new match (also mid-match); breaker defaults to the first
//     player; table defaults to 9ft; rules names a profile, options add options.
//     An unknown profile or option is an error ruling.
//   - lag (rule 1.5): optional. It is accepted until the first shot of the match
//     (State.LagDue). All seven auto-loss conditions are judged from the ball's
//     events (cross, foot-rail count, pocket, off_table or rest null, long rail)
//     and its rest position (table.InCornerJaws(rest, head) for condition 6). Both
//     out, or the two balls within LagTie (1 mm) of each other along the table, is
//     a re-lag (winner null). The winner is Next with options break/pass (rule
//     1.6); a shot instead of a decision is taken as "break".
//   - shot: judged as below. A shot naming an object ball the game is not played
//     with (the 12 in 9-ball) is an error. A shot while a decision is due is an error, except
//     that when "accept" is offered a shot is taken as accepting (noted), and
//     after a lag as "break".
//   - decision: must be one of next.options.
//   - settle (rule 1.25): a ball that fell after hanging is restored at from
//     (ruling.restore); one that rolled stays, no foul.
//   - foul: a referee-entered foul for the shot just played (the last shot, lag
//     or decision must be that shot). The shot is judged again from the state
//     before it with a foul {code:"referee", rule: seed rule of the entered code,
//     entered: code}, and settle or call records after it are applied again;
//     several foul records add up. Entered cue_ball_pocketed,
//     cue_ball_off_table and illegal_break carry their own penalties (e.g. ball in
//     hand in the kitchen in 14.1). Rulings of kind "foul" show the re-judged shot.
//   - undo: takes back the last shot, lag or decision (and any settle or call
//     after it) exactly: the engine keeps the state before every record.
//   - call (live command): stored for the next shot when that shot has no call.
//
// # General rules (section 1)
//
//   - Strokes are checked for: balls moving (1.12, moving events), touching
//     (1.19, touch events; a touch of the cue ball in hand before the strike is
//     placing it, rules 1.7/1.32), double hit (1.20), scratch (1.18), balls off the
//     table (1.23; object balls code object_ball_off_table with rule 2.13 in
//     8-ball, 3.11 in 9-ball, 1.23 in 14.1 and 10-ball — the contract's foul-code
//     table; 14.1's 4.9 governs the spotting).
//   - Ball in hand in the kitchen (1.7, 1.14): before[0] must be strictly behind
//     the head string (x < L/4; a ball on the string is outside), else
//     cue_ball_outside_kitchen. kitchen_first_contact when the first ball hit had
//     its centre in the kitchen at the stroke (before, else the last layout) and
//     the cue ball had not left the kitchen: it left if it touched the foot rail or
//     a rail at x ≥ L/4 before the contact, or if its centre at the contact
//     (2·at − object centre) was at x ≥ L/4.
//   - Legal shot (1.16, 1.17): no_contact when the cue ball touched no object
//     ball; wrong_ball_first (rule 2.9 / 3.8 / 5.5.1; 1.16 in 14.1); no_rail (3.9
//     in 9-ball, else 1.17) when after the first contact no object ball dropped and
//     neither the cue ball nor an object ball touched a rail or left the table (a
//     ball that flew off went past a rail: that is the 1.23 foul, not also 1.17).
//   - Frozen ball (1.31): when the first ball hit was frozen to a rail at the
//     stroke (table.FrozenRails of its before position), the shot must pocket a
//     ball, or drive the cue ball to a rail, or drive that ball to a rail it was not
//     frozen to, or drive another object ball to a rail; the ball counts as back to
//     its own rail only after touching another ball. When nothing reached a rail at
//     all both no_rail and frozen_ball_rail are listed (rule 1.24: all violations,
//     one penalty).
//   - The break: a break that fails its own requirements (2.6, 3.4, 4.6, 5.4) is
//     coded illegal_break, and the violations of 1.16/1.17 behind it are listed
//     with it (no_contact; wrong_ball_first when 9/10-ball's break misses the 1,
//     rule 3.4 "the break obeys the rules of any other shot"; no_rail): the
//     contract's fouls list every violation seen, still one foul (1.24), with the
//     break's penalty. General stroke fouls are coded as usual.
//   - Spotting (1.26): on the long string y = W/2: the lowest on the foot spot, the
//     rest behind it towards the foot rail, each at the first place along the
//     string where it overlaps no ball (frozen to an object ball in the way; at
//     least CueGap from the cue ball, which does not block while in hand). When they
//     do not all fit up to the foot rail, all go in front of the foot spot towards
//     the centre, the highest nearest the foot spot and the lowest in front; failing
//     that, the nearest free place to the foot spot.
//   - A ball that moved by itself during a stroke (settle event, 1.25) before the
//     cue ball's first contact: every moved ball is restored to before and the
//     stroke is replayed (ruling restore, replay true, turn keep, no foul). A settle
//     into a pocket after the first contact is restored, the shot judged as usual.
//   - Breaking order (1.29): the winner breaks by default (9-ball, 10-ball,
//     1.29); 8-ball alternates by rule 2.5; options override. A stalemate is
//     broken again by the same breaker.
//   - match_over: when a player's racks reach race (rack games) or score reaches
//     target (14.1). For a race its reason is the deciding rack's reason (the
//     contract lists no separate race reason); for 14.1 it is target_reached.
//   - A game over stays in the state until the next shot, which is the break of
//     the next rack (State.Breaking with GameOver set). After match_over only a
//     game record, an undo or a referee foul on the last shot is accepted.
//   - pocketed lists every ball that dropped, the cue ball (0) included, sorted;
//     counted the balls credited to the shooter.
//   - turn on a shot that ends a rack: keep when the shooter breaks the next rack.
//
// # 8-ball (section 2)
//
//   - Break (2.6): legal when an object ball is pocketed or at least four object
//     balls touch a rail. Otherwise illegal_break: the incoming player may accept
//     (table as it lies; ball in hand in the kitchen if the cue ball also dropped),
//     rerack (he breaks) or rerack_offender. A break scratch: balls stay down
//     (except the 8), table open, incoming player in hand in the kitchen. An object
//     ball off the table on the break: foul, the incoming player has ball in hand
//     in the kitchen or may accept the table as it lies (options [accept]; a shot
//     without a decision is taken as accepting only when the cue ball is struck
//     from outside the kitchen); rule
//     2.11's "from the kitchen only after an illegal break" is read as these cases.
//   - The 8 on the break: the breaker chooses rerack or spot_eight (play on, cue
//     ball as it lies). With the cue ball (or any foul) the opponent chooses rerack
//     (he breaks) or spot_eight with ball in hand in the kitchen. The 8 off the
//     table on the break loses (2.13, 2.15(3)). Options eight_break_wins and
//     eight_break_loses give the coin-operated-table note.
//   - Open table (2.7): any ball but the 8 may be hit first (State.LegalFirst). As
//     the seed reads, hitting the 8 first on an open table is not a foul: nothing
//     counts, the inning ends, the table stays open (no ball in hand). Option
//     eight_first_open_foul makes it a wrong_ball_first foul (WPA).
//   - Groups (2.8) are taken only by a legal pot of a called ball after the break;
//     the shooter gets the called ball's group.
//   - Calls (2.3, gentleman's call): obvious shots need no call, so NeedCall is
//     false in 8-ball. A shot with no call scores only when it was obvious: the
//     first ball hit dropped without touching another object ball or a rail on the
//     way (a touch of its own pocket's jaw cushions is a rattle, not a bank; a
//     kick — the cue ball off a rail first — is obvious). "Bank shots and
//     combination shots (with or off other balls) are not obvious: ball and pocket
//     must be called" (2.3): uncalled, a bank, combination or carom scores nothing,
//     takes no group, the balls stay down and the inning ends, no foul (2.12(2)). A
//     called ball that misses its pocket, or a ball of the wrong group, scores
//     nothing and ends the inning; balls stay down (2.12).
//     {"no_call":true} (2.10) and {"safety":true} end the inning, balls stay down.
//   - Fouls: ball in hand anywhere (2.11); pocketed balls stay down (2.12); object
//     balls off the table are not spotted (2.13).
//   - Losses (2.15): 8 off the table → eight_off_table; 8 down while the group had
//     balls (or the table was open) → eight_with_last_ball when the rest of the
//     group went down on the same stroke, else eight_pocketed_early; on the 8: with
//     a foul → eight_with_foul; into another pocket than called (or on a declared
//     safety / no-call) → eight_wrong_pocket; else eight_pocketed wins.
//   - No three-foul loss (note to 2.16). Stalemate (2.16): six fouled shots in a
//     row, alternating (three each), end the rack with winner null and a re-rack;
//     the referee's judgement of intent is not modelled (option no_stalemate).
//
// # 9-ball (section 3) and 10-ball (section 5)
//
//   - Lowest ball first (3.8, 5.5.1); a legally pocketed ball keeps the inning;
//     no calls (10-ball too: section 5 of the seed has no call-shot rule, so a
//     call is not needed and an "uncalled" pot simply counts; 5.5.3 forbids a
//     declared safety from spotting a legal pot, so safety calls change nothing;
//     option ten_call_shot gives WPA's call shot with the incoming player's option).
//   - Break (3.4, 5.4): hit the 1 first and pocket a ball or drive four object
//     balls to a rail. 9-ball: failing it is a foul, ball in hand anywhere. 10-ball:
//     the incoming player may accept (ball in hand in the kitchen, balls as they
//     lie) or rerack and break himself (5.4). The failed break counts as a foul in
//     a row in both.
//   - Push-out (3.6): only on the shot right after a legal break (by whoever
//     shoots it); a break with a foul (scratch included) gives none. 10-ball has it
//     too (the seed is silent; WPA 10-ball). A legal push-out offers the opponent
//     accept or pass; balls pocketed on it stay down except the top ball, which is
//     spotted. A push_out call when none is allowed is judged as an ordinary shot.
//   - The top ball (9 or 10) legally pocketed wins, on the break too (3.5; for
//     10-ball 5.1/5.6: "legally pocketed"; option ten_break_spotted spots it as
//     WPA does). Pocketed on a foul or off the table it is spotted (3.4(3), 3.7,
//     3.11; for the 10 WPA, as the seed leaves no other way to finish the rack).
//     Other balls pocketed on a foul stay down (3.7; 1.15(3) for 10-ball). Other
//     balls off the table are not spotted in 9-ball (3.11) but are in 10-ball:
//     section 5 does not override the general rule 1.23.
//   - Three fouls in a row in one rack lose it (3.12, 5.5.4), reason three_fouls;
//     warning is set while a player is on two fouls.
//
// # 14.1 (section 4)
//
//   - Every shot needs a called ball and pocket (NeedCall). The called ball in the
//     called pocket on a legal shot scores it and every other ball pocketed with it
//     (4.7.1), and the inning goes on. Otherwise pocketed balls are spotted
//     (4.8) with no penalty; a declared safety (4.7.4) ends the inning and its
//     pocketed balls are spotted.
//   - Break (4.6): the called ball in its pocket, or after the first contact the
//     cue ball and two object balls to a rail. Otherwise illegal_break, −2, not
//     counted towards three fouls; the incoming player may accept or have the
//     offender break again (rerack_offender). A legal break with a scratch is a
//     foul: −1, counted, ball in hand in the kitchen.
//   - Fouls −1 (4.11); ball in hand in the kitchen after a scratch or the cue ball
//     off the table (4.10), else the table as it lies; pocketed and jumped balls are
//     spotted (4.8, 4.9). Scores may go negative (4.13).
//   - Three fouls (4.12): the third foul in a row costs −1 and −15 more (−16 on
//     that shot), clears the count, and all fifteen balls are racked for the
//     offender to break under the opening-break rules. A legal shot of the
//     offender clears his count (the fouls must be in consecutive visits).
//   - Re-rack (4.2, 4.7.3): when a scoring shot leaves one object ball, the other
//     fourteen are racked with the apex empty (ruling spot lists them with their
//     rack places). Where the 15th ball or the cue ball is in the way the WPA 14.1
//     racking table applies (a ball is in the way when it overlaps a ball place of
//     the full triangle): both in the way → fifteen balls racked and the cue ball
//     in hand in the kitchen; the 15th ball in the way → it goes to the head spot
//     (centre spot if the cue ball blocks it); the cue ball in the way → in hand in
//     the kitchen if the 15th ball is on or past the head string, else on the head
//     spot (centre spot if blocked); the 15th ball pocketed with the 14th → fifteen
//     balls racked, cue ball in hand in the kitchen if it is in the way. None of
//     these is an opening break. Moved balls (the cue ball as ball 0) are in spot.
//   - The 4.7.2 near-rail safety count and 4.7.5 (a caught ball, −16) need the
//     referee; 4.7.6 (an object ball spotted on request) is not modelled.
//   - Reaching the target ends the game and the match: target_reached.
//
// # Interpretations settled by the independent scenario audit
//
// testdata/scenarios holds a suite written from the seed and the contract alone
// (gen.py writes it; scenario_test.go replays it). Where the seed reads two ways
// the engine takes the reading below, and the suite agrees:
//
//   - 2.3: banks, combinations and caroms must be called in 8-ball (above); the
//     camera tells them apart from straight shots by the events.
//   - 2.6: an object ball off the table on the break offers [accept] with
//     next.ball_in_hand "kitchen" (the contract has no "kitchen" choice): shooting
//     from the kitchen takes the cue ball in hand, accept keeps the table as it lies.
//   - 2.7: the 8 hit first on an open table is no foul (the seed says only that
//     nothing counts and the inning ends); legal is true, no ball in hand.
//   - 2.13/2.15(3): the 8 off the table loses the rack on the break too.
//   - 1.7/2.6 note: from the kitchen a kitchen ball may be hit once the cue ball has
//     crossed the head string (1.7's last sentence; any rail beyond it), not only
//     after the foot rail.
//   - 1.26: a cue ball in hand does not block a spot; a cue ball on the bed is
//     kept CueGap clear ("as close as possible, but not frozen").
//   - 1.31: a frozen ball that only touches its own rail again fails 1.31 but a
//     rail was reached, so no_rail is not listed; with no rail at all both are.
//   - 3.6: a push-out declared when none is allowed is judged as an ordinary shot.
//   - 3.12/5.5.4: the ruling of the third foul shows fouls_in_row 3 (the count
//     starts again at the next rack); 14.1's third foul clears it to 0 (4.12).
//   - 4.6 with a scratch: an illegal break that also scratches costs −2 only (1.24:
//     the most severe penalty) and accepting gives ball in hand in the kitchen.
//   - 4.12: the third foul costs −1 for the foul and −15 more (−16 on that shot,
//     WPA; "a penalty of 15 points" read as on top of 4.11's point per foul); any
//     visit without a foul breaks the run (WPA "without an intervening legal shot").
//   - Section 5: no calls, the 10 on a legal break wins, jumped balls are spotted
//     (1.23), the 10 pocketed on a foul is spotted and a push-out is allowed (WPA,
//     the seed being silent).
//   - A shot while "accept" is open is taken as accepting; with no accept among
//     the options it is an error.
//
// # Rules the camera cannot judge
//
// 1.3 not with the tip, 1.11 feet off the floor, 1.21 push shot, 1.22 illegal
// jump, 1.32 placing stroke, 1.33 interference / shot out of turn: the referee
// enters them with a foul record (codes of shot.RefereeCodes); 1.28 outside
// interference is handled with undo and a replayed shot; 1.5's "the referee cannot
// tell" is the LagTie; intent in 2.16 is approximated as above; 3.10 (cue ball in
// hand not placed frozen to an object ball) is not checked.
//
// # Profiles and options
//
// A game record's rules names a profile ("standard" when absent); options add
// options to it. Profiles: standard (the seed), coinop (standard +
// eight_break_wins + eight_break_loses), wpa (standard + ten_break_spotted +
// ten_call_shot + eight_first_open_foul). Options:
//
//	option                  effect
//	eight_break_wins        8-ball: the 8 on a legal break wins the rack (note to 2.6)
//	eight_break_loses       8-ball: the 8 with the cue ball on the break loses (note to 2.6)
//	eight_first_open_foul   8-ball: the 8 hit first on an open table is a foul (WPA)
//	kitchen_ball_in_hand    ball in hand after a foul only in the kitchen
//	no_three_foul           no three-foul penalty (3.12, 4.12, 5.5.4)
//	no_stalemate            8-ball: no automatic stalemate (2.16)
//	no_push_out             9/10-ball: no push-out (3.6)
//	ten_break_spotted       10-ball: the 10 on the break is spotted (WPA)
//	ten_call_shot           10-ball: call shot; an uncalled pot ends the inning, the
//	                        opponent plays (accept) or passes the shot back (WPA)
//	break_winner            the rack winner breaks next (1.29; 9/10-ball default)
//	break_alternate         players break in turn (1.29(1); 8-ball default, 2.5)
//	break_loser             the rack loser breaks next (1.29(2))
//	break_trailing          the player behind in racks breaks; level → in turn (1.29(3))
package rules
