#!/bin/sh
# What the player sees, word for word: boards of every topology (ASCII,
# Unicode, colour), replay --show, a typed session of play with its commands
# and short moves, results with their reasons, colour choices on a terminal,
# the agents' status line and tab completion through a pty, SVG pictures and
# the replay page (their structure; tests/browser.sh runs the page).
#
# Expected outputs are tests/view/NAME.out (and NAME.err when the command
# writes to stderr). UPDATE=1 rewrites them from the current program.
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
case $TABULA in /*) ;; *) TABULA=$PWD/$TABULA ;; esac
V="$srcdir/tests/view"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-view.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; [ -n "$2" ] && sed 's/^/    /' "$2" | head -40; }

# Rule file paths differ between machines: the bundled directory is written RULESETS/.
paths() { sed -e 's|[^ (`]*/rulesets/|RULESETS/|g' -e "s|$tmp/|TMP/|g"; }

# golden NAME COMMAND...: stdout must equal $V/NAME.out, stderr $V/NAME.err (or be empty).
golden() {
    name=$1
    shift
    "$@" >"$tmp/out.raw" 2>"$tmp/err.raw"
    code=$?
    paths <"$tmp/out.raw" >"$tmp/$name.out"
    paths <"$tmp/err.raw" >"$tmp/$name.err"
    if [ -n "$UPDATE" ]; then
        cp "$tmp/$name.out" "$V/$name.out"
        if [ -s "$tmp/$name.err" ]; then cp "$tmp/$name.err" "$V/$name.err"; else rm -f "$V/$name.err"; fi
    fi
    want_err=/dev/null
    [ -f "$V/$name.err" ] && want_err="$V/$name.err"
    if diff -u "$V/$name.out" "$tmp/$name.out" >"$tmp/diff" 2>&1 &&
        diff -u "$want_err" "$tmp/$name.err" >>"$tmp/diff" 2>&1; then
        ok "$name (exit $code)"
    else
        fail "$name" "$tmp/diff"
    fi
}

UTF=C.UTF-8
export LC_ALL=C

# ---- boards of every topology ---------------------------------------------------
golden square-start-ascii "$TABULA" moves coc-inbert --show --ascii
golden square-numbered-ascii "$TABULA" moves english-draughts --show --ascii
golden square-all-cells-ascii "$TABULA" moves coucou-picard --show --ascii
golden square-kings-ascii "$TABULA" moves coc-inbert --position "$V/coc-kings.yaml" --show --ascii
golden square-kings-unicode env LC_ALL=$UTF "$TABULA" moves coc-inbert --position "$V/coc-kings.yaml" --show
golden square-kings-color "$TABULA" moves coc-inbert --position "$V/coc-kings.yaml" --show --color=always --ascii
golden square-ten-unicode env LC_ALL=$UTF "$TABULA" moves international --show
golden track-start-ascii "$TABULA" moves jacquet-de-versailles --show --ascii
golden track-mid-ascii "$TABULA" moves jacquet-de-versailles --position "$V/jacquet-mid.yaml" --show --ascii
golden track-mid-unicode env LC_ALL=$UTF "$TABULA" moves jacquet-de-versailles --position "$V/jacquet-mid.yaml" --show
golden track-mid-color "$TABULA" moves jacquet-de-versailles --position "$V/jacquet-mid.yaml" --show --color=always --ascii
golden track-backgammon-unicode env LC_ALL=$UTF "$TABULA" moves backgammon --show --dice 6,5
golden track-pinned-ascii "$TABULA" moves plakoto --position "$V/plakoto-pinned.yaml" --show --ascii
golden track-grid-ascii "$TABULA" moves ur --position "$V/ur-mid.yaml" --show --ascii
golden track-grid-unicode env LC_ALL=$UTF "$TABULA" moves ur --position "$V/ur-mid.yaml" --show
golden track-grid-color "$TABULA" moves ur --position "$V/ur-mid.yaml" --show --color=always --ascii
golden track-grid-svg "$TABULA" render ur --position "$V/ur-mid.yaml"
golden track-grid-senet-ascii "$TABULA" moves senet --position "$V/senet-mid.yaml" --show --ascii --dice 1
golden track-grid-senet-svg "$TABULA" render senet --position "$V/senet-mid.yaml"
golden tiles-start-ascii "$TABULA" moves coerceo --show --ascii
golden tiles-late-ascii "$TABULA" moves coerceo --position "$V/coerceo-late.yaml" --show --ascii
golden tiles-late-unicode env LC_ALL=$UTF "$TABULA" moves coerceo --position "$V/coerceo-late.yaml" --show
golden tiles-late-color env LC_ALL=$UTF "$TABULA" moves coerceo --position "$V/coerceo-late.yaml" --show --color=always

# ---- replays and results --------------------------------------------------------
# (from inside tests/view, so that the record's name reads the same everywhere)
golden replay-square-show sh -c "cd \"$V\" && \"$TABULA\" replay coc-short.yaml --show --ascii"
golden replay-track-show sh -c "cd \"$V\" && \"$TABULA\" replay jacquet-short.yaml --show --ascii"
# Move numbers: by pairs without dice (replay-square-show above: `1... player 2`),
# one by one with dice (replay-track-show); a game resumed after player 1's
# move goes on with player 2's half of the pair.
printf 'ruleset: coc-inbert\nseed: 2\nmoves: [c3-d4]\nresult: ongoing\n' >"$tmp/one.yaml"
golden play-resumed-mid-pair sh -c "\"$TABULA\" play --resume \"$tmp/one.yaml\" --p1 random --p2 random --quiet | sed -n 2,5p"
for game in coc-inbert coucou-picard english-draughts coerceo jacquet-de-versailles breakthrough; do
    golden "result-$game" sh -c "\"$TABULA\" play $game --p1 random --p2 random --seed 3 --quiet | tail -n 2"
done
golden result-draw-no-progress sh -c "\"$TABULA\" play coc-inbert --p1 random --p2 random --seed 15 --quiet | tail -n 2"
golden result-draw-material sh -c "\"$TABULA\" play international --p1 random --p2 random --seed 25 --quiet | tail -n 2"
golden result-draw-repetition sh -c "\"$TABULA\" play coerceo --p1 random --p2 random --seed 4 --quiet | tail -n 2"

# A result names its rule clause as it can be shared: a bundled game by its
# name (above: `coc-inbert:26:5`, wherever it is installed or built), a file of
# the user's by the path given, and a base the variant extends by a path
# relative to it as joined to that path; in the terminal, after a replay, and
# on the page replay --html writes.
mkdir "$tmp/mine"
printf '(game "Tiny"\n  (players (player 1 forward:n) (player 2 forward:s))\n  (board (square 3 3)) (pieces man)\n  (start (place 1 man (rows 1)) (place 2 man (rows 1)))\n  (play (moves man (step forward)))\n  (end (blocked loses)))\n' >"$tmp/mine/base.game"
printf '(variant "Tiny, again"\n  (extends "base.game"))\n' >"$tmp/mine/tiny.game"
printf '(variant "Coc-Inbert, 80 plies"\n  (extends "coc-inbert")\n  (replace (end no-progress) (no-progress 80 plies reset:[capture man])))\n' >"$tmp/mine/coc.game"
golden result-user-variant sh -c "cd \"$tmp\" && \"$TABULA\" play mine/tiny.game --p1 random --p2 random --seed 1 --quiet --record g.yaml | tail -n 2 &&
    \"$TABULA\" replay g.yaml --show --ascii | tail -n 2 && \"$TABULA\" replay g.yaml --html g.html &&
    grep -o 'id=\"result\">[^<]*' g.html && cd mine && \"$TABULA\" play tiny.game --p1 random --p2 random --seed 1 --quiet | tail -n 2"
golden result-user-variant-of-bundled sh -c "cd \"$tmp\" && \"$TABULA\" play mine/coc.game --p1 random --p2 random --seed 3 --quiet --record c.yaml | tail -n 2 &&
    \"$TABULA\" replay c.yaml --html c.html && grep -o 'id=\"result\">[^<]*' c.html"
"$TABULA" play "$tmp/mine/tiny.game" --p1 random --p2 random --seed 1 --quiet | grep -q "(\`blocked\` at $tmp/mine/base.game:6:8)" &&
    ok "a rule file given by its absolute path is named so" || fail "a rule file given by its absolute path is named so"
# analyze's coverage: the base by its name, the variant by its path (each file
# of a variant: the second was named by a row of the first's path, empty)
(cd "$tmp" && "$TABULA" analyze mine/coc.game -n 4 --seed 1 -j 1 2>/dev/null) |
    awk '/^rule coverage/ { on = 1; next } on && NF == 0 { on = 0 } on && $NF ~ /:/ { print $NF }' | sort -u >"$tmp/where"
printf 'coc-inbert:14:7\ncoc-inbert:15:7\ncoc-inbert:17:7\ncoc-inbert:18:7\ncoc-inbert:19:5\ncoc-inbert:22:7\ncoc-inbert:23:7\ncoc-inbert:24:7\ncoc-inbert:26:5\ncoc-inbert:27:5\nmine/coc.game:3:30\n' >"$tmp/where.want"
diff -u "$tmp/where.want" "$tmp/where" >"$tmp/diff" && ok "analyze names a bundled base by the game's name, the variant by its path" ||
    fail "analyze names a bundled base by the game's name, the variant by its path" "$tmp/diff"

# ---- a typed session -------------------------------------------------------------
# Short forms, letter case, an ambiguity, an unknown move, moves, undo, board,
# save and resign, read from a pipe (no prompts).
(cd "$tmp" && printf 'help\nC3-D4\nf6\nf6-E5\nxf6\nmoves\nundo\nboard\nd4\ng7\nzz9\nsave saved.yaml\nresign\n' |
    "$TABULA" play coc-inbert --p1 human --p2 human --seed 1 --ascii --record game.yaml) >"$tmp/session.raw" 2>"$tmp/session.err.raw"
code=$?
[ "$code" -eq 0 ] && ok "a resigned game exits 0" || fail "a resigned game exits 0 (exit $code)"
golden play-session cat "$tmp/session.raw" "$tmp/session.err.raw"
if grep -q '^resigned: 1$' "$tmp/game.yaml" && grep -q '^result: "win 2"$' "$tmp/game.yaml"; then
    ok "the record says who resigned and who won"
else
    fail "the record says who resigned and who won" "$tmp/game.yaml"
fi
"$TABULA" replay "$tmp/game.yaml" >"$tmp/r.out" 2>&1 && grep -q '^player 2 wins: player 1 resigned$' "$tmp/r.out" &&
    ok "a resigned game replays, with its reason" || fail "a resigned game replays, with its reason" "$tmp/r.out"
sed 's/^resigned: 1$/resigned: 2/' "$tmp/game.yaml" >"$tmp/bad.yaml"
"$TABULA" replay "$tmp/bad.yaml" >"$tmp/r.out" 2>&1
[ $? -eq 1 ] && grep -q 'bad\.yaml:[0-9]*:9: error: the recorded result is `win 2`, but player 2 resigned: `win 1`' "$tmp/r.out" &&
    ok "a resignation that contradicts the result is a located error" ||
    fail "a resignation that contradicts the result is a located error" "$tmp/r.out"
if grep -q '^result: "ongoing"$' "$tmp/saved.yaml" && [ "$(grep -c '^  - ' "$tmp/saved.yaml")" -eq 4 ]; then
    ok "save FILE wrote the game so far"
else
    fail "save FILE wrote the game so far" "$tmp/saved.yaml"
fi
printf 'undo\nquit\n' | "$TABULA" play coc-inbert --p2 random --seed 1 --quiet >"$tmp/u.out" 2>&1
grep -q '^nothing to undo$' "$tmp/u.out" && ok "undo before any move says so" || fail "undo before any move says so" "$tmp/u.out"
# Against an agent, undo takes back the agent's reply too.
printf 'g3-h4\nundo\nquit\n' | "$TABULA" play coc-inbert --p2 random --seed 1 --quiet >"$tmp/u.out" 2>&1
grep -q '^took back 2 moves: player 1 to move again$' "$tmp/u.out" && ok "undo takes back the agent's reply too" ||
    fail "undo takes back the agent's reply too" "$tmp/u.out"
printf 'hint\nquit\n' | "$TABULA" play coc-inbert --p2 alphabeta:2 --seed 1 --quiet >"$tmp/h.out" 2>&1
grep -Eq '^hint: [a-h][1-8]-[a-h][1-8] \(alphabeta:2: score [+-][0-9]+\.[0-9]{2}\)$' "$tmp/h.out" &&
    ok "hint asks the opponent's agent" || fail "hint asks the opponent's agent" "$tmp/h.out"
printf 'hint\nquit\n' | "$TABULA" play jacquet-de-versailles --p1 human --p2 human --hint mcts:200 --seed 1 --quiet >"$tmp/h.out" 2>&1
grep -Eq '^hint: [0-9]+-[0-9]+( [0-9]+-[0-9]+)* \(mcts:200: win chance [0-9]+%\)$' "$tmp/h.out" && ok "hint with --hint AGENT" ||
    fail "hint with --hint AGENT" "$tmp/h.out"
"$TABULA" play coc-inbert --hint minimax </dev/null >"$tmp/h.out" 2>&1
[ $? -eq 2 ] && grep -q 'error: --hint: unknown agent `minimax`' "$tmp/h.out" && ok "a bad --hint is a usage error" ||
    fail "a bad --hint is a usage error" "$tmp/h.out"
"$TABULA" play coc-inbert --time 0 </dev/null >"$tmp/h.out" 2>&1
[ $? -eq 2 ] && ok "--time 0 is a usage error" || fail "--time 0 is a usage error" "$tmp/h.out"
"$TABULA" play coc-inbert --color=sometimes </dev/null >"$tmp/h.out" 2>&1
[ $? -eq 2 ] && grep -q 'error: --color takes auto, always or never; got `sometimes`' "$tmp/h.out" &&
    ok "a bad --color is a usage error" || fail "a bad --color is a usage error" "$tmp/h.out"
# A time budget stops a search that would take far longer.
start=$(date +%s)
"$TABULA" play coc-inbert --p1 alphabeta:12 --p2 random --time 0.05 --seed 1 --quiet >"$tmp/t.out" 2>&1
took=$(( $(date +%s) - start ))
if grep -q '^result: ' "$tmp/t.out" && [ "$took" -lt 120 ]; then ok "alphabeta:12 with --time 0.05 finishes a game (${took}s)"
else fail "alphabeta:12 with --time 0.05 finishes a game (${took}s)" "$tmp/t.out"; fi

# ---- terminals: colour, the status line, completion ------------------------------
if command -v script >/dev/null 2>&1; then
    # A command on a pseudo-terminal; its output with the terminal's line
    # ends and the status line's erasures made plain lines.
    pty() { TERM=xterm timeout 60 script -qec "$1" /dev/null | tr '\r' '\n' | sed "s/$(printf '\033')\[K//g"; }
    pty "\"$TABULA\" moves coc-inbert --show" </dev/null >"$tmp/c.out" 2>&1
    grep -q "$(printf '\033')\[" "$tmp/c.out" && ok "a terminal gets colour" || fail "a terminal gets colour" "$tmp/c.out"
    pty "NO_COLOR=1 \"$TABULA\" moves coc-inbert --show" </dev/null >"$tmp/c.out" 2>&1
    grep -q "$(printf '\033')\[" "$tmp/c.out" && fail "NO_COLOR turns colour off" "$tmp/c.out" || ok "NO_COLOR turns colour off"
    pty "NO_COLOR=1 \"$TABULA\" moves coc-inbert --show --color=always" </dev/null >"$tmp/c.out" 2>&1
    grep -q "$(printf '\033')\[" "$tmp/c.out" && ok "--color=always overrides NO_COLOR" || fail "--color=always overrides NO_COLOR" "$tmp/c.out"
    pty "\"$TABULA\" moves coc-inbert --show --color=never" </dev/null >"$tmp/c.out" 2>&1
    grep -q "$(printf '\033')\[" "$tmp/c.out" && fail "--color=never on a terminal" "$tmp/c.out" || ok "--color=never on a terminal"
    printf 'quit\n' | pty "COLUMNS=200 \"$TABULA\" play coc-inbert --p1 mcts:100000 --p2 human --time 0.35 --seed 1 --quiet --ascii" >"$tmp/s.out" 2>&1
    grep -Eq 'player 1 \(mcts:100000\) thinking: [0-9]+/100000 iterations, best [a-h][1-8]-[a-h][1-8] \(win chance [0-9]+%\)' "$tmp/s.out" &&
        ok "the status line shows MCTS at work" || fail "the status line shows MCTS at work" "$tmp/s.out"
    grep -Eq '^1\. player 1: [a-h][1-8]-[a-h][1-8]   \([0-9]+ iterations in 0\.[0-9]+ s, win chance [0-9]+%\)' "$tmp/s.out" &&
        ok "the budget cuts MCTS short, and the move says what it found" ||
        fail "the budget cuts MCTS short, and the move says what it found" "$tmp/s.out"
    printf 'quit\n' | pty "COLUMNS=200 \"$TABULA\" play coc-inbert --p1 alphabeta:12 --p2 human --time 0.4 --seed 1 --quiet --ascii" >"$tmp/s.out" 2>&1
    grep -Eq 'player 1 \(alphabeta:12\) thinking: depth [0-9]+/12, [0-9]+ nodes, best [a-h][1-8]-[a-h][1-8] \(score [+-][0-9.]+\)' "$tmp/s.out" &&
        ok "the status line shows alpha-beta deepening" || fail "the status line shows alpha-beta deepening" "$tmp/s.out"
    if [ "$TABULA_LIBEDIT" = yes ]; then
        printf 'res\t\ny\n' | pty "\"$TABULA\" play coc-inbert --p2 random --seed 1 --quiet --ascii" >"$tmp/e.out" 2>&1
        grep -q '^player 1 resigns' "$tmp/e.out" && ok "tab completes a command (libedit)" ||
            fail "tab completes a command (libedit)" "$tmp/e.out"
        printf 'a3-\t\n\033[A\nquit\n' | pty "\"$TABULA\" play coc-inbert --p1 human --p2 human --seed 1 --quiet --ascii" >"$tmp/e.out" 2>&1
        grep -q '^1\. player 1: a3-b4' "$tmp/e.out" && ok "tab completes the only move (libedit)" ||
            fail "tab completes the only move (libedit)" "$tmp/e.out"
        grep -q 'error: `a3-b4` is not legal' "$tmp/e.out" && ok "Up brings back the last line (libedit history)" ||
            fail "Up brings back the last line (libedit history)" "$tmp/e.out"
    else
        echo "skip: built without libedit: no completion tests"
    fi
else
    echo "skip: no script(1): no terminal tests"
fi

# ---- pictures --------------------------------------------------------------------
count() { grep -o "$1" "$2" | wc -l | tr -d ' '; }
"$TABULA" render coc-inbert -o "$tmp/a.svg" >"$tmp/r.out" 2>&1
if [ $? -eq 0 ] && head -n 1 "$tmp/a.svg" | grep -q '^<?xml' && tail -n 1 "$tmp/a.svg" | grep -q '^</svg>$' &&
    [ "$(count '<rect x="[0-9]*" y="[0-9]*" width="48" height="48"' "$tmp/a.svg")" -eq 64 ] &&
    [ "$(count 'transform="translate' "$tmp/a.svg")" -eq 26 ]; then
    ok "render: a square board of 64 squares and 24 pieces (and 2 in the legend)"
else
    fail "render: a square board of 64 squares and 24 pieces" "$tmp/r.out"
fi
"$TABULA" render jacquet-de-versailles --position "$V/jacquet-mid.yaml" -o "$tmp/j.svg" &&
    [ "$(count '<polygon points=' "$tmp/j.svg")" -eq 24 ] && [ "$(count 'class="die"' "$tmp/j.svg")" -eq 2 ] &&
    grep -q '>15 on the board\|12 on the board, 1 on the bar, 2 off, 230 pips<' "$tmp/j.svg" &&
    ok "render: a track of 24 points, 2 dice, the pip count" || fail "render: a track of 24 points, 2 dice, the pip count" "$tmp/j.svg"
"$TABULA" render plakoto --position "$V/plakoto-pinned.yaml" -o "$tmp/p.svg" &&
    [ "$(count 'class="pinned"' "$tmp/p.svg")" -eq 3 ] && grep -q '15 on the board (3 pinned), 0 off, 238 pips' "$tmp/p.svg" &&
    ok "render: 3 pinned pieces ringed, counted in the line" || fail "render: 3 pinned pieces ringed" "$tmp/p.svg"
"$TABULA" render coerceo --position "$V/coerceo-late.yaml" -o "$tmp/c.svg" &&
    [ "$(count 'class="removed"' "$tmp/c.svg")" -eq 8 ] && grep -q '4 pieces, 3 tiles collected' "$tmp/c.svg" &&
    ok "render: tiles, 8 of them removed, the tiles collected counted" ||
    fail "render: tiles, 8 of them removed, the tiles collected counted" "$tmp/c.svg"
# Tile names stand at the tiles' centres, where no piece stands: word for word
# with a piece on each field of a tile, and each name 26.5 px (R/sqrt 3) or more
# from every piece's centre (a piece reaches 9.5 px, a name 9) at the start
# and with the six pieces.
golden tiles-six-pieces-svg "$TABULA" render coerceo --position "$V/coerceo-six.yaml"
nearest_piece() { # the least distance from a tile name to a piece's centre in SVG $1
    awk '/class="tile"/ { match($0, /x="[0-9.]+" y="[0-9.]+"/); split(substr($0, RSTART, RLENGTH), v, "\"");
                          lx[++nl] = v[2]; ly[nl] = v[4] }
         /^<g transform="translate\(/ { match($0, /translate\([0-9.]+ [0-9.]+\)/);
                          split(substr($0, RSTART + 10, RLENGTH - 11), v, " "); px[++np] = v[1]; py[np] = v[2] }
         END { d = 1e9; for (i = 1; i <= nl; i++) for (j = 1; j <= np; j++) {
                   e = sqrt((lx[i] - px[j]) ^ 2 + (ly[i] - py[j]) ^ 2); if (e < d) d = e }
               printf "%d names, %d pieces, %.1f\n", nl, np, d }' "$1"
}
"$TABULA" render coerceo -o "$tmp/start.svg" && "$TABULA" render coerceo --position "$V/coerceo-six.yaml" -o "$tmp/six.svg" &&
    [ "$(nearest_piece "$tmp/start.svg")" = "19 names, 38 pieces, 26.5" ] &&
    [ "$(nearest_piece "$tmp/six.svg")" = "19 names, 11 pieces, 26.5" ] &&
    ok "render: every tile name 26.5 px from the nearest piece (start; six pieces on a tile)" ||
    fail "render: every tile name 26.5 px from the nearest piece: $(nearest_piece "$tmp/start.svg"); $(nearest_piece "$tmp/six.svg")"
# Square colours: a board whose every square is used is a chessboard, a1
# dark; a draughts board paints its playing squares dark (Italian and
# Spanish: h1 dark, a1 light). The fill of the square at column COL, row ROW
# (from 1) of an 8x8 picture, then the dark squares counted.
square_fill() { grep -o "<rect x=\"$((26 + ($2 - 1) * 48))\" y=\"$((26 + (8 - $3) * 48))\" width=\"48\" height=\"48\" fill=\"#[0-9a-f]*\"" "$1" | sed 's/.*fill="//; s/"$//'; }
dark=b58863
light=f0d9b5
for game in breakthrough coucou-picard english-draughts italian spanish; do
    "$TABULA" render $game -o "$tmp/$game.svg" 2>"$tmp/r.out" || fail "render $game" "$tmp/r.out"
done
[ "$(square_fill "$tmp/breakthrough.svg" 1 1) $(square_fill "$tmp/breakthrough.svg" 8 1) $(count "fill=\"#$dark\"" "$tmp/breakthrough.svg")" = "#$dark #$light 32" ] &&
    ok "render: breakthrough's a1 is dark, h1 light (a chessboard)" || fail "render: breakthrough's a1 is dark, h1 light: $(square_fill "$tmp/breakthrough.svg" 1 1)"
[ "$(square_fill "$tmp/coucou-picard.svg" 1 1)" = "#$dark" ] && ok "render: coucou-picard's a1 is dark (every square used)" ||
    fail "render: coucou-picard's a1 is dark"
[ "$(square_fill "$tmp/english-draughts.svg" 1 1) $(square_fill "$tmp/english-draughts.svg" 8 1) $(count "fill=\"#$dark\"" "$tmp/english-draughts.svg")" = "#$dark #$light 32" ] &&
    ok "render: english-draughts plays on the dark squares, a1 dark" || fail "render: english-draughts plays on the dark squares, a1 dark"
for game in italian spanish; do
    [ "$(square_fill "$tmp/$game.svg" 1 1) $(square_fill "$tmp/$game.svg" 8 1) $(square_fill "$tmp/$game.svg" 1 2) $(count "fill=\"#$dark\"" "$tmp/$game.svg")" = "#$light #$dark #$dark 32" ] &&
        ok "render: $game plays on the dark squares, h1 dark and a1 light" ||
        fail "render: $game plays on the dark squares, h1 dark and a1 light: $(square_fill "$tmp/$game.svg" 1 1) $(square_fill "$tmp/$game.svg" 8 1)"
done
# Square numbers stand in the corner the piece leaves free: word for word
# with men and kings of both players, and each number's box (0.7 em a digit,
# 0.73 em high) 1 px or more from every piece's disc (its ring's outer edge)
# on the bundled numbered boards at the start, beside the 40 pieces of
# tests/view/international-kings.yaml (with the start's, a piece on each
# numbered square) and on a board numbered to 200 (three digits, smaller).
golden draughts-kings-svg "$TABULA" render international --position "$V/international-kings.yaml"
number_clearance() { # numbers and pieces in SVG $1, and whether every number's box stays 1 px off every piece's disc
    awk '/class="number"/ { match($0, /x="[0-9.]+" y="[0-9.]+" font-size="[0-9.]+"/); split(substr($0, RSTART, RLENGTH), v, "\"")
                            t = $0; sub(/<\/text>.*/, "", t); sub(/.*>/, "", t)
                            x0[++nn] = v[2]; x1[nn] = v[2] + 0.7 * v[6] * length(t); y1[nn] = v[4]; y0[nn] = v[4] - 0.73 * v[6] }
         /^<g transform="translate\(/ { match($0, /translate\([0-9.]+ [0-9.]+\)/)
                            split(substr($0, RSTART + 10, RLENGTH - 11), v, " "); px[++np] = v[1]; py[np] = v[2]
                            match($0, /r="[0-9.]+"/); pr[np] = substr($0, RSTART + 3, RLENGTH - 4) + 0.75 }
         function clamp(a, lo, hi) { return a < lo ? lo : a > hi ? hi : a }
         END { d = 1e9; for (i = 1; i <= nn; i++) for (j = 1; j <= np; j++) {
                   dx = px[j] - clamp(px[j], x0[i], x1[i]); dy = py[j] - clamp(py[j], y0[i], y1[i])
                   e = sqrt(dx * dx + dy * dy) - pr[j]; if (e < d) d = e }
               printf "%d numbers, %d pieces, %s\n", nn, np, (d >= 1 ? "1 px apart or more" : sprintf("%.2f px apart", d)) }' "$1"
}
printf '(game "Twenty"\n  (players (player 1 forward:n) (player 2 forward:s))\n  (board (square 20 20) (playable dark) (numbered from:top-left))\n  (pieces man)\n  (start (place 1 man (rows 1..2)) (place 2 man (rows 1..2)))\n  (play (moves man (step diagonal-forward)))\n  (end (blocked loses)))\n' >"$tmp/twenty.game"
for case in "international:50 numbers, 42 pieces" "international --position $V/international-kings.yaml:50 numbers, 42 pieces" \
    "canadian:72 numbers, 62 pieces" "english-draughts:32 numbers, 26 pieces" "italian:32 numbers, 26 pieces" \
    "spanish:32 numbers, 26 pieces" "frisian:50 numbers, 42 pieces" "$tmp/twenty.game:200 numbers, 42 pieces"; do
    args=${case%%:*}
    want="${case#*:}, 1 px apart or more"
    "$TABULA" render $args -o "$tmp/n.svg" 2>"$tmp/r.out" && got=$(number_clearance "$tmp/n.svg") && [ "$got" = "$want" ] &&
        ok "render $(echo "$args" | sed "s|$tmp/||; s|$V/||"): every square's number clear of the pieces" ||
        fail "render $(echo "$args" | sed "s|$tmp/||; s|$V/||"): every square's number clear of the pieces: $got" "$tmp/r.out"
done
# A marked field reaches its tile's centre: the tile's name is drawn again
# over the marks (check_view.c, tile_names_are_drawn_over_the_marks; the
# browser test looks at the topmost element there).
(cd "$V" && "$TABULA" render coc-inbert --position invalid.yaml -o "$tmp/bad.svg") >"$tmp/r.out" 2>&1
render_code=$?
golden render-invalid-position cat "$tmp/r.out"
[ "$render_code" -eq 1 ] && [ ! -e "$tmp/bad.svg" ] && ok "an invalid position: exit 1, nothing written" ||
    fail "an invalid position: exit 1, nothing written (exit $render_code)"
"$TABULA" render coc-inbert -o "$tmp/missing/dir/a.svg" >"$tmp/r.out" 2>&1
[ $? -eq 2 ] && grep -q "missing/dir/a.svg: cannot write" "$tmp/r.out" && ok "render into a missing directory: exit 2" ||
    fail "render into a missing directory: exit 2" "$tmp/r.out"
ls -a "$tmp" | grep -q '\.tmp\.' && fail "no temporary file is left behind" || ok "no temporary file is left behind"
"$TABULA" render coc-inbert >"$tmp/stdout.svg" && cmp -s "$tmp/stdout.svg" "$tmp/a.svg" &&
    ok "render without -o writes to standard output" || fail "render without -o writes to standard output"

"$TABULA" replay "$V/coc-short.yaml" --html "$tmp/p.html" >"$tmp/r.out" 2>&1
# Positions are lines of the page's data: k(...) written whole, p(...) as edits.
if [ $? -eq 0 ] && [ "$(grep -c '^[kp](\[' "$tmp/p.html")" -eq 6 ] && ! grep -q 'src=\|<link\|https\?://[^w]' "$tmp/p.html" &&
    grep -q '^<!DOCTYPE html>' "$tmp/p.html" && grep -q '</html>$' "$tmp/p.html"; then
    ok "replay --html: one page, 6 positions, nothing fetched"
else
    fail "replay --html: one page, 6 positions, nothing fetched" "$tmp/r.out"
fi
# The page's move list, numbered as the game's players number it: by pairs
# without dice (the list of class `pairs`: its script makes an item a pair,
# ol numbers them), one by one with dice; tests/browser.sh checks the items.
golden page-moves-pairs sh -c "\"$TABULA\" replay \"$V/coc-short.yaml\" --html \"$tmp/pairs.html\" >/dev/null && grep '^<ol id=\"moves\"' \"$tmp/pairs.html\""
golden page-moves-plies sh -c "\"$TABULA\" replay \"$V/jacquet-short.yaml\" --html \"$tmp/plies.html\" >/dev/null && grep '^<ol id=\"moves\"' \"$tmp/plies.html\""
mkdir "$tmp/dir.html"
"$TABULA" replay "$V/coc-short.yaml" --html "$tmp/dir.html" >"$tmp/r.out" 2>&1
[ $? -eq 2 ] && ok "replay --html onto a directory: exit 2" || fail "replay --html onto a directory: exit 2" "$tmp/r.out"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
