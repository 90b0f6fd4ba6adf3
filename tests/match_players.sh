#!/bin/sh
# `tabula match` with more than two players: one agent per player, the seats
# rotated (agent a is player ((a + g) mod N) + 1 in game g), every agent
# listed in the report and the JSON, the totals adding up, shards merged equal
# to the whole run, records with every player's agent, the JSON valid against
# docs/schemas/match.schema.json, and the exact messages for a wrong number of
# agents.
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
PYTHON=${PYTHON:-python3}
if [ "$PYTHON" = ":" ] || ! command -v "$PYTHON" >/dev/null 2>&1; then
    echo "SKIP: no Python 3 to parse the JSON"
    exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-match-players.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -n 20; }
# error NAME EXIT 'EXPECTED STDERR' COMMAND...: exact stderr and exit code
error() {
    name=$1 want_exit=$2 want=$3
    shift 3
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    printf '%s\n' "$want" >"$tmp/want"
    if [ "$got" -eq "$want_exit" ] && cmp -s "$tmp/want" "$tmp/err"; then
        ok "$name"
    else
        fail "$name (exit $got, expected $want_exit; stderr below, then the expected)" "$tmp/err"
        sed 's/^/    want: /' "$tmp/want"
    fi
}
untimed() { grep -v -E '^(speed|time|time/move):|^time [0-9]|"(seconds|seconds_per_move|jobs)"' "$1"; }
# valid NAME FILE: FILE holds to the match schema
valid() {
    if "$PYTHON" "$srcdir/tests/json/check.py" "$srcdir/docs/schemas/match.schema.json" "$2" >"$tmp/why" 2>&1; then
        ok "$1"
    else
        fail "$1" "$tmp/why"
    fi
}
# totals NAME FILE N GAMES: N agents, each side's wins and losses and the draws
# add up to the games, each agent in every seat GAMES/N times, the agents'
# wins are the games' wins
totals() {
    if "$PYTHON" - "$2" "$3" "$4" >"$tmp/why" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
n, games = int(sys.argv[2]), int(sys.argv[3])
assert len(d["agents"]) == n, d["agents"]
assert len(d["sides"]) == n, len(d["sides"])
assert d["games"] == games, d["games"]
wins = [sum(s["wins_by_score"]) for s in d["sides"]]
assert sum(wins) + d["draws"] + d["unfinished"] == games, (wins, d["draws"])
for a, s in enumerate(d["sides"]):
    assert s["wins"]["count"] + s["losses"]["count"] + s["draws"]["count"] == games, s
    assert sum(s["wins_as"]) == wins[a], s
    assert s["games_as"] == [games // n] * n, ("seats do not rotate", a, s["games_as"])
    assert abs(s["score"]["even"] - 1.0 / n) < 1e-5
    assert abs(s["score"]["share"] - (wins[a] + (d["draws"] + d["unfinished"]) / n) / games) < 1e-5
assert "score_a" not in d and "elo_a_minus_b" not in d
PY
    then ok "$1"; else fail "$1" "$tmp/why"; fi
}

four="--p1 random --p2 random --p3 random --p4 random"
three="--option fourth=off --p1 random --p2 random --p3 random"

# ---- four players ------------------------------------------------------------
$TABULA match ludo $four -n 40 --seed 3 >"$tmp/t4" 2>"$tmp/err" || fail "4-player match runs" "$tmp/err"
for a in A B C D; do
    if grep -q "^$a random " "$tmp/t4" && grep -q "^score of $a:  .* against an even 25.0%" "$tmp/t4" &&
        grep -q "^$a as player 1: [0-9]* of 10 games won; as player 2: [0-9]* of 10; as player 3: [0-9]* of 10; as player 4: [0-9]* of 10$" "$tmp/t4"; then
        ok "4 players: agent $a listed, its score against 1/4, every seat 10 times"
    else
        fail "4 players: agent $a in the report" "$tmp/t4"
    fi
done
$TABULA match ludo $four -n 40 --seed 3 --json >"$tmp/j4" 2>"$tmp/err" || fail "4-player match --json" "$tmp/err"
valid "4 players: --json holds to the schema" "$tmp/j4"
totals "4 players: the totals add up, the seats rotate" "$tmp/j4" 4 40
$TABULA match ludo $four -n 40 --seed 3 --json -j 3 >"$tmp/j4j" 2>"$tmp/err"
untimed "$tmp/j4" >"$tmp/a"; untimed "$tmp/j4j" >"$tmp/b"
if cmp -s "$tmp/a" "$tmp/b"; then ok "4 players: the same with -j 3"; else fail "4 players: -j 3 differs"; diff "$tmp/a" "$tmp/b" | head; fi
for k in 1 2 3; do
    $TABULA match ludo $four -n 40 --seed 3 --shard $k/3 --json >"$tmp/s$k.json" 2>"$tmp/err" || fail "shard $k/3" "$tmp/err"
done
$TABULA merge "$tmp/s1.json" "$tmp/s2.json" "$tmp/s3.json" >"$tmp/m4" 2>"$tmp/err" || fail "merge of 4-player shards" "$tmp/err"
untimed "$tmp/t4" >"$tmp/a"; untimed "$tmp/m4" >"$tmp/b"
if cmp -s "$tmp/a" "$tmp/b"; then ok "4 players: shards merged give the whole run"; else fail "4 players: merged shards differ"; diff "$tmp/a" "$tmp/b" | head; fi
$TABULA merge "$tmp/s1.json" "$tmp/s2.json" "$tmp/s3.json" --json >"$tmp/mj4" 2>"$tmp/err"
totals "4 players: merged --json adds up" "$tmp/mj4" 4 40
# a shard whose sides do not add up is refused
"$PYTHON" -c '
import json, sys
d = json.load(open(sys.argv[1])); d["sides"][2]["games_as"][0] += 1
json.dump(d, open(sys.argv[2], "w"), indent=2)' "$tmp/s2.json" "$tmp/bad.json"
$TABULA merge "$tmp/s1.json" "$tmp/bad.json" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 1 ] && grep -q "games_as. adds up to" "$tmp/err"; then ok "merge refuses a third side's games_as that do not add up"
else fail "merge of a bad third side" "$tmp/err"; fi

# ---- three players -------------------------------------------------------------
rm -rf "$tmp/recs"
$TABULA match ludo $three -n 6 --seed 2 --records "$tmp/recs" --json >"$tmp/j3" 2>"$tmp/err" || fail "3-player match" "$tmp/err"
valid "3 players: --json holds to the schema" "$tmp/j3"
totals "3 players: the totals add up, the seats rotate" "$tmp/j3" 3 6
n=$(ls "$tmp/recs" | wc -l)
[ "$n" -eq 6 ] && ok "3 players: six records" || fail "3 players: $n records, not 6"
if grep -A3 '^agents:' "$tmp/recs/game-000004.yaml" | tr -d ' ' | tr '\n' ' ' | grep -q '^agents: 1:"random" 2:"random" 3:"random" $'; then
    ok "3 players: a record names every player's agent"
else
    fail "3 players: a record's agents" "$tmp/recs/game-000004.yaml"
fi
$TABULA match ludo $three -n 6 --seed 2 >"$tmp/t3"
if grep -q '^C random ' "$tmp/t3" && grep -q '^score of C:  .* against an even 33.3%' "$tmp/t3" &&
    ! grep -q '^D ' "$tmp/t3"; then ok "3 players: three agents listed"; else fail "3 players: report" "$tmp/t3"; fi

# ---- two players: as before ---------------------------------------------------------
$TABULA match coc-inbert --p1 random --p2 random -n 10 --json >"$tmp/j2"
valid "2 players: --json holds to the schema" "$tmp/j2"
if grep -q '"score_a"' "$tmp/j2" && ! grep -q '"score":' "$tmp/j2"; then ok "2 players: score_a, no per-side score"
else fail "2 players: JSON" "$tmp/j2"; fi

# ---- a wrong number of agents --------------------------------------------------------
error "4 players, two agents" 2 'tabula match: error: Ludo has 4 players: give --p1 to --p4, one agent each (--p3 is missing)
(see `tabula match --help`)' $TABULA match ludo --p1 random --p2 random -n 2
error "4 players, --p4 missing" 2 'tabula match: error: Ludo has 4 players: give --p1 to --p4, one agent each (--p4 is missing)
(see `tabula match --help`)' $TABULA match ludo --p1 random --p2 random --p3 random -n 2
error "3 players, a fourth agent" 2 'tabula match: error: Ludo has 3 players: --p4 has no player to play (give --p1 to --p3)
(see `tabula match --help`)' $TABULA match ludo $three --p4 random -n 2
error "2 players, a third agent" 2 'tabula match: error: Coc-Inbert has 2 players: --p3 has no player to play (give --p1 to --p2)
(see `tabula match --help`)' $TABULA match coc-inbert --p1 random --p2 random --p3 random -n 2
error "--p3 without a value" 2 'tabula match: error: --p3 needs an agent
(see `tabula match --help`)' $TABULA match ludo --p1 random --p2 random --p3
# alphabeta searches its side (its seat, or its team) against the others: it plays any seat of four
$TABULA match ludo --p1 random --p2 alphabeta:1 --p3 random --p4 random -n 4 --seed 2 >"$tmp/ab4.out" 2>&1 &&
    grep -q '^score of B: ' "$tmp/ab4.out" && ok "alphabeta plays in a match of four" ||
    fail "alphabeta plays in a match of four" "$tmp/ab4.out"
# mcts scores each move for its mover: it plays any seat of four
$TABULA match ludo --p1 random --p2 mcts:20 --p3 random --p4 random -n 4 --seed 2 >"$tmp/mcts4.out" 2>&1 &&
    grep -q '^score of B: ' "$tmp/mcts4.out" && ok "mcts plays in a match of four" ||
    fail "mcts plays in a match of four" "$tmp/mcts4.out"

# partners (Ludo's `teams`): the teams in every JSON result and report, a
# team's win a win of both partners' agents (A and C always sit as partners
# when four seats rotate), an even score 1/2, and results of other teams
# refused by merge
partners="--option partners=on"
$TABULA match ludo $partners --p1 random --p2 random --p3 random --p4 random -n 24 --seed 6 --json >"$tmp/team.json" 2>"$tmp/err" ||
    fail "partners: the match runs" "$tmp/err"
valid "partners: --json holds to the schema" "$tmp/team.json"
"$PYTHON" - "$tmp/team.json" >"$tmp/why" 2>&1 <<'PY' && ok "partners: both partners win each team's game, even 1/2" || fail "partners: both partners win each team's game, even 1/2" "$tmp/why"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["teams"] == [[1, 3], [2, 4]], r["teams"]
s = r["sides"]
wins = [x["wins"]["count"] if isinstance(x["wins"], dict) else x["wins"] for x in s]
assert wins[0] == wins[2] and wins[1] == wins[3], wins
assert wins[0] + wins[1] == r["games"] - r["draws"] - r["unfinished"], (wins, r["games"])
assert all(x["score"]["even"] == 0.5 for x in s), [x["score"] for x in s]
losses = [x["losses"]["count"] if isinstance(x["losses"], dict) else x["losses"] for x in s]
assert losses[0] == wins[1], (losses, wins)
PY
$TABULA match ludo $partners --p1 random --p2 random --p3 random --p4 random -n 8 >"$tmp/team.out" 2>&1 &&
    grep -q '^teams:       1 and 3, 2 and 4 ' "$tmp/team.out" && ok "partners: the report names the teams" ||
    fail "partners: the report names the teams" "$tmp/team.out"
for k in 1 2; do
    $TABULA playout ludo $partners -n 10 --seed 3 --shard $k/2 --json >"$tmp/ps$k.json" 2>"$tmp/err" || fail "partners: shard $k" "$tmp/err"
done
$TABULA merge --json "$tmp/ps1.json" "$tmp/ps2.json" >"$tmp/pm.json" 2>"$tmp/err" && grep -q '"teams":\[\[1,3\],\[2,4\]\]' "$tmp/pm.json" &&
    ok "partners: merge keeps the teams" || fail "partners: merge keeps the teams" "$tmp/err"
sed 's/"teams":\[\[1,3\],\[2,4\]\]/"teams":[[1,2],[3,4]]/' "$tmp/ps2.json" >"$tmp/ps2x.json"
$TABULA merge "$tmp/ps1.json" "$tmp/ps2x.json" >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] && grep -q 'a result with other players or teams than' "$tmp/err" && ok "partners: merge refuses other teams" ||
    fail "partners: merge refuses other teams" "$tmp/err"
sed 's/"teams":\[\[1,3\],\[2,4\]\]/"teams":[[1,3],[2,3]]/' "$tmp/ps2.json" >"$tmp/ps2y.json"
$TABULA merge "$tmp/ps1.json" "$tmp/ps2y.json" >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] && grep -q 'error: player 3 is in two teams' "$tmp/err" && ok "partners: merge refuses a player in two teams" ||
    fail "partners: merge refuses a player in two teams" "$tmp/err"
$TABULA info ludo $partners --json >"$tmp/info.json" 2>"$tmp/err" && grep -q '"teams":\[\[1,3\],\[2,4\]\]' "$tmp/info.json" &&
    "$PYTHON" "$srcdir/tests/json/check.py" "$srcdir/docs/schemas/info.schema.json" "$tmp/info.json" >"$tmp/why" 2>&1 &&
    ok "partners: info --json lists the teams" || fail "partners: info --json lists the teams" "$tmp/why"
$TABULA info ludo --json >"$tmp/info2.json" 2>"$tmp/err" && ! grep -q '"teams"' "$tmp/info2.json" &&
    ok "each for itself: no teams in info --json" || fail "each for itself: no teams in info --json" "$tmp/info2.json"

echo "match_players: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
