#!/bin/sh
# Machine-readable output: every command whose usage shows --json writes
# one JSON document on stdout that holds to its schema (docs/schemas/CMD.
# schema.json), on success and on failure alike (the error document when a
# command fails before writing its own); --diagnostics-format=json and
# =sarif write their documents on stderr. A command that gains --json must
# get a schema and a line in `runs` below: this test fails until it does.
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
PYTHON=${PYTHON:-python3}
if [ "$PYTHON" = ":" ] || ! command -v "$PYTHON" >/dev/null 2>&1; then
    echo "SKIP: no Python 3 to parse the JSON"
    exit 77
fi
schemas=$srcdir/docs/schemas
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-json.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -n 20; }

# holds SCHEMA FILE NAME: FILE is one JSON document valid against SCHEMA.
# The checks are gathered and made at the end by one Python process
# (check.py --batch): a Python start per document was most of this test's time.
held=0
holds() {
    held=$((held + 1))
    cp "$2" "$tmp/held.$held"
    printf '%s\t%s\t%s\n' "$schemas/$1.schema.json" "$tmp/held.$held" "$3" >>"$tmp/held"
}
# query FILE EXPRESSION: prints the Python EXPRESSION of the document `d`.
query() {
    "$PYTHON" -c "import json, sys; d = json.load(open(sys.argv[1])); print($2)" "$1"
}
# run WANT SCHEMA ARGS...: tabula ARGS --json exits WANT and prints a SCHEMA document.
run() {
    want=$1 schema=$2
    shift 2
    "$TABULA" "$@" --json >"$tmp/out" 2>"$tmp/err" </dev/null
    code=$?
    [ "$code" -eq "$want" ] && ok || fail "tabula $* --json: exit $code, expected $want" "$tmp/err"
    holds "$schema" "$tmp/out" "tabula $* --json"
}

cd "$srcdir" || exit 2
commands=$("$TABULA" --help | awk '/^Commands:$/ { on = 1; next } on && /^$/ { exit } on { print $1 }')
with_json=
for c in $commands; do
    "$TABULA" help "$c" | grep -q -- '--json' && with_json="$with_json $c"
done
echo "commands with --json:$with_json"
# Every command but help has --json (docs/json.md: wherever the usage shows it; issue 15: all of them).
for c in $commands; do
    [ "$c" = help ] && continue
    case " $with_json " in *" $c "*) ok ;; *) fail "$c has no --json in its usage" ;; esac
done

# ---- every command with --json: a schema, a run, the error document --------
"$TABULA" play coc-inbert --p1 random --p2 random --seed 5 --quiet --record "$tmp/game.yaml" >/dev/null 2>&1
mkdir -p "$tmp/fmt"
printf '(game "Tiny"\n(players (player 1 forward:n) (player 2 forward:s))\n  (board (square 3 3)) (pieces man)\n  (start (place 1 man (rows 1)) (place 2 man (rows 3)))\n  (play (moves man (step forward)))\n  (end (blocked loses)))\n' >"$tmp/fmt/tiny.game"
for c in $with_json; do
    [ -f "$schemas/$c.schema.json" ] && ok || fail "$c has --json but no docs/schemas/$c.schema.json"
    case $c in
    validate) run 0 validate validate coc-inbert docs/examples/race.game ;;
    info) run 0 info info coerceo ;;
    moves) run 0 moves moves jacquet-de-versailles ;;
    perft) run 0 perft perft coc-inbert 3 ;;
    playout) run 0 playout playout coucou-picard -n 20 --seed 3 ;;
    play) run 0 play play coc-inbert --p1 random --p2 alphabeta:1 --seed 2 --quiet ;;
    replay) run 0 replay replay "$tmp/game.yaml" ;;
    test) run 0 test test tests/scenarios/coerceo.yaml ;;
    expand) run 0 expand expand docs/examples/race.game --option rows=7 ;;
    fmt) run 0 fmt fmt rulesets/coc-inbert.game ;;
    rules) run 0 rules rules coerceo ;;
    render) run 0 render render coerceo ;;
    match) run 0 match match coc-inbert --p1 random --p2 alphabeta:1 -n 4 ;;
    analyze) run 0 analyze analyze coucou-picard -n 10 ;;
    diff) run 0 diff diff coc-inbert coc-inbert --depth 2 --games 10 ;;
    merge)
        "$TABULA" playout coc-inbert -n 10 --shard 1/2 --json >"$tmp/s1.json" 2>/dev/null
        "$TABULA" playout coc-inbert -n 10 --shard 2/2 --json >"$tmp/s2.json" 2>/dev/null
        run 0 merge merge "$tmp/s1.json" "$tmp/s2.json" ;;
    reference) run 0 reference reference ;;
    why) run 0 why why coerceo a2.3-a2.5
        run 1 why why english-draughts 1-5
        run 1 why why chess --fen '4k3/8/8/8/8/8/8/r2QK2R w K - 0 1' d1d2
        run 1 why why chess --fen '6k1/8/8/8/2b5/8/8/4K2R w K - 0 1' O-O
        run 1 why why chess --fen '3k4/4P3/8/8/8/8/8/4K3 w - - 0 1' e7e8
        run 1 why why shogi --fen '4k4/9/9/9/9/9/4P4/9/4K4 b P 1' 'P*e5' ;;
    *) fail "no sample run of $c --json in tests/json.sh" ;;
    esac
    # a flag it does not know: the error document, exit 2
    run 2 error "$c" coc-inbert --no-such-flag
done

run 0 render render coc-inbert -o "$tmp/board.svg"
grep -q '<svg' "$tmp/board.svg" && [ "$(query "$tmp/out" 'd["svg"] is None and d["output"].endswith("board.svg")')" = True ] &&
    ok || fail "render -o --json: the picture in the file, its path in the document" "$tmp/out"
"$TABULA" moves coc-inbert --show --json >"$tmp/out" 2>"$tmp/err"
holds moves "$tmp/out" "moves --show --json (the board on stderr)"
grep -q 'player 1' "$tmp/err" && ok || fail "moves --show --json draws the board on stderr" "$tmp/err"
run 1 diff diff coc-inbert english-draughts --depth 2 --games 10
[ "$(query "$tmp/out" 'd["differ"], "cases:" in d["case"], len(d["legal_moves"])')" = "True True 2" ] &&
    ok || fail "diff --json: where the files differ, with the scenario case" "$tmp/out"
run 0 analyze analyze coucou-picard -n 4 --seed 1
[ "$(query "$tmp/out" 'd["file_names"], d["files"][0].endswith("/rulesets/coucou-picard.game")')" = "['coucou-picard'] True" ] &&
    ok "analyze --json: the rule file's path, and the bundled game's name the report gives" || fail "analyze --json: file_names" "$tmp/out"
run 0 perft perft coc-inbert 3 --divide -j 2
[ "$(query "$tmp/out" 'd["counts"], len(d["root"])')" = "[7, 49, 302] 7" ] && ok || fail "perft --json: the counts and the root moves" "$tmp/out"
run 0 moves moves backgammon --turns --dice 3,1
[ "$(query "$tmp/out" 'len(d["turns"]) > 1 and all(len(t) == 2 for t in d["turns"]), d["dice"]')" = "True [3, 1]" ] &&
    ok || fail "moves --turns --json: the turns of the roll, two moves each" "$tmp/out"

# ---- failures that keep the command's own document --------------------------
run 1 validate validate coc-inbert tests/broken/bad-word.game
[ "$(query "$tmp/out" 'd["files"][1]["status"], d["valid"], d["files"][1]["diagnostics"][0]["line"]')" = "invalid False 6" ] &&
    ok || fail "validate: the invalid file, its status and the line of its error" "$tmp/out"
run 2 validate validate no-such-file.game
[ "$(query "$tmp/out" 'd["files"][0]["status"]')" = unreadable ] && ok || fail "validate: an unreadable file" "$tmp/out"
cat >"$tmp/wrong.yaml" <<EOF
ruleset: coc-inbert
cases:
  - name: right
    expect: {count: 7}
  - name: wrong
    expect: {count: 8}
EOF
run 1 test test "$tmp/wrong.yaml"
[ "$(query "$tmp/out" '[c["passed"] for c in d["files"][0]["cases"]], d["failed"], len(d["files"][0]["cases"][1]["diagnostics"])')" = "[True, False] 1 1" ] &&
    ok || fail "test: the failing case and its diagnostic" "$tmp/out"
cat >"$tmp/moves.yaml" <<EOF
ruleset: coc-inbert
cases:
  - name: one missing, one extra
    expect: {moves: [a3-b4, c3-b4, c3-d4, e3-d4, e3-f4, g3-f4, a3-a5]}
EOF
run 1 test test "$tmp/moves.yaml"
query "$tmp/out" 'd["files"][0]["cases"][0]["diagnostics"][0]["message"]' >"$tmp/message"
printf '%s\n' 'case "one missing, one extra": legal moves differ' '  expected but not legal: a3-a5' \
    '  legal but not expected: g3-h4' '  actual legal moves: [c3-b4, e3-d4, g3-f4, a3-b4, c3-d4, e3-f4, g3-h4]' >"$tmp/want"
cmp -s "$tmp/message" "$tmp/want" &&
    ok || fail "test: an exact moves list that differs names the missing and the extra moves" "$tmp/message"
cp "$tmp/fmt/tiny.game" "$tmp/fmt/copy.game"
run 1 fmt fmt --check "$tmp/fmt/tiny.game"
[ "$(query "$tmp/out" 'd["files"][0]["status"], d["files"][0]["first_difference"], d["files"][0]["text"]')" = "changed 2 None" ] &&
    ok || fail "fmt --check: where the file first differs" "$tmp/out"
run 0 fmt fmt --write "$tmp/fmt/copy.game"
[ "$(query "$tmp/out" 'd["files"][0]["written"]')" = True ] && "$TABULA" fmt --check "$tmp/fmt/copy.game" && ok ||
    fail "fmt --write: written and then in the layout" "$tmp/out"

# ---- failures before the document: the error document ------------------------
run 1 error info tests/broken/bad-word.game
[ "$(query "$tmp/out" 'd["error"]["code"], d["error"]["diagnostics"][0]["line"], d["error"]["message"] == d["error"]["diagnostics"][0]["message"]')" = "1 6 True" ] &&
    ok || fail "info of a broken file: the error document with its located diagnostic" "$tmp/out"
run 2 error moves no-such-game
run 2 error perft coc-inbert 99
run 1 error play coucou-picard --option width=4 --p1 random --p2 random
printf 'c3-d4\n' >"$tmp/moves.txt"
"$TABULA" play coc-inbert --p2 random --seed 1 --quiet --json <"$tmp/moves.txt" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && ok || fail "play: input ends while a human is to move: exit 2" "$tmp/err"
holds error "$tmp/out" "play whose input ends"
grep -q 'end of input' "$tmp/out" && ok || fail "play: the error document says the input ended" "$tmp/out"

# ---- stable types: every bundled game's info holds to the one schema ----------
for f in rulesets/*.game docs/examples/*.game; do
    "$TABULA" info "$f" --json >"$tmp/out" 2>/dev/null
    holds info "$tmp/out" "info $f"
done
for g in coucou-picard coerceo; do
    "$TABULA" info $g --json >"$tmp/out"
    [ "$(query "$tmp/out" 'set(type(o["value"]).__name__ + type(o["default"]).__name__ for o in d["options"])')" = "{'strstr'}" ] &&
        ok || fail "info $g: option values and defaults are strings" "$tmp/out"
done

# ---- diagnostics as JSON and SARIF, on stderr -----------------------------------
for f in bad-word variant-broken-base unclosed-paren; do
    "$TABULA" validate "tests/broken/$f.game" --diagnostics-format=json >"$tmp/out" 2>"$tmp/err"
    [ $? -eq 1 ] && ok || fail "validate $f --diagnostics-format=json: exit 1"
    [ -s "$tmp/out" ] && fail "validate $f --diagnostics-format=json printed on stdout" "$tmp/out"
    holds diagnostics "$tmp/err" "diagnostics of $f"
    "$TABULA" validate "tests/broken/$f.game" --diagnostics-format=sarif 2>"$tmp/err"
    holds sarif "$tmp/err" "SARIF of $f"
    want=$("$TABULA" validate "tests/broken/$f.game" 2>&1 | grep -c -E '^[^ ]+:[0-9]+:[0-9]+: (error|warning|note): ')
    got=$(query "$tmp/err" 'sum(1 for r in d["runs"][0]["results"] if r["locations"] and "region" in r["locations"][0]["physicalLocation"])')
    [ "$want" = "$got" ] && ok || fail "SARIF of $f has the $want located messages of the text form (got $got)" "$tmp/err"
done
"$TABULA" validate tests/broken/bad-word.game --diagnostics-format=sarif 2>"$tmp/err"
[ "$(query "$tmp/err" '" ".join(str(x) for x in (d["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], d["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"], d["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startColumn"], d["runs"][0]["results"][0]["level"]))')" = "tests/broken/bad-word.game 6 31 error" ] &&
    ok || fail "SARIF: the uri, line, column and level of the error" "$tmp/err"
# both at once: the document on stdout, the diagnostics on stderr
"$TABULA" validate tests/broken/bad-word.game --json --diagnostics-format=json >"$tmp/out" 2>"$tmp/err"
holds validate "$tmp/out" "validate --json --diagnostics-format=json (stdout)"
holds diagnostics "$tmp/err" "validate --json --diagnostics-format=json (stderr)"
# usage errors and scenario failures are diagnostics too
"$TABULA" moves coc-inbert --frobnicate --diagnostics-format=sarif 2>"$tmp/err"
holds sarif "$tmp/err" "a usage error as SARIF"
"$TABULA" test "$tmp/wrong.yaml" --diagnostics-format=json >/dev/null 2>"$tmp/err"
holds diagnostics "$tmp/err" "a failed scenario as JSON diagnostics"
[ "$(query "$tmp/err" 'len(d), d[0]["line"]')" = "1 6" ] && ok || fail "the failed case's diagnostic is at its line" "$tmp/err"
"$TABULA" validate rulesets/coc-inbert.game --diagnostics-format=json 2>"$tmp/err"
[ "$(cat "$tmp/err")" = "[]" ] && ok || fail "no diagnostics: an empty array" "$tmp/err"

# ---- strings that are not UTF-8 still make valid JSON ------------------------
bad=$(printf 'no-such-\377\376.game')
"$TABULA" moves "$bad" --json >"$tmp/out" 2>/dev/null
holds error "$tmp/out" "an error about a file name that is not UTF-8"

"$PYTHON" "$srcdir/tests/json/check.py" --batch "$tmp/held" >"$tmp/batch" 2>&1
sed '$d' "$tmp/batch"
set -- $(tail -n 1 "$tmp/batch")
if [ "${2:-}" = held, ] && [ "$(($1 + $3))" -eq "$held" ]; then
    passed=$((passed + $1)) failed=$((failed + $3))
else
    fail "the schema checks did not all run" "$tmp/batch"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
