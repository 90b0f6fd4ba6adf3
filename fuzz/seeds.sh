#!/bin/sh
# seeds.sh SRCDIR OUTDIR - writes the seed corpus of every fuzz target into
# OUTDIR/TARGET/, made from the project's own files: rulesets/, tests/ and
# docs/examples/. TABULA (the program, to record a few seeded games) comes
# from the environment.
src=$1 out=$2
TABULA=${TABULA:-tabula}
set -e
for t in rules variant scenario position record notation apply_undo; do
    rm -rf "${out:?}/$t"
    mkdir -p "$out/$t"
done

# Rule text: the bundled games, the broken files, the examples.
for f in "$src"/rulesets/*.game "$src"/tests/broken/*.game "$src"/docs/examples/*.game; do
    cp "$f" "$out/rules/$(basename "$(dirname "$f")")-$(basename "$f")"
done

# A variant with its base: each bundled game, then `;;; variant`, then each
# variant of docs/examples and tests/broken made to extend it (base.game).
for base in "$src"/rulesets/*.game; do
    b=$(basename "$base" .game)
    for v in $(grep -l '(extends ' "$src"/docs/examples/*.game "$src"/tests/broken/*.game); do
        { cat "$base"; printf '\n;;; variant\n'; sed 's/(extends "[^"]*")/(extends "base.game")/' "$v"; } \
            >"$out/variant/$b-$(basename "$v")"
    done
done

# Scenarios: the test files.
for f in "$src"/tests/scenarios/*.yaml; do cp "$f" "$out/scenario/"; done

# Positions: the perft positions, and every `position:` of the scenario files.
for f in "$src"/tests/perft/*.yaml; do cp "$f" "$out/position/"; done
for f in "$src"/tests/scenarios/*.yaml; do
    awk -v dir="$out/position" -v name="$(basename "$f" .yaml)" '
        /^    position:/ { n++; file = sprintf("%s/%s-%03d.yaml", dir, name, n); next }
        file != "" && /^      / { sub(/^      /, ""); print > file; next }
        { if (file != "") close(file); file = "" }' "$f"
done

games=$(cd "$src/rulesets" && ls *.game | sed 's/\.game$//')

# Records: a seeded game of each bundled game between random agents.
for g in $games; do
    "$TABULA" play "$g" --p1 random --p2 random --seed 1 --quiet --record "$out/record/$g.yaml" >/dev/null 2>&1 || true
done
# The doubling cube: the games of a short match between agents that double
# (cube entries, points, a match key and its Crawford game).
"$TABULA" play backgammon --p1 mcts:50 --p2 mcts:50 --seed 6 --quiet --match-to 3 \
    --record "$out/record/backgammon-match.yaml" >/dev/null 2>&1 || true

# Notation: a game byte (the bundled games in name order, as fuzz_game), a
# byte of moves played first, and a move's text (the start position's moves).
i=0
for g in $games; do
    "$TABULA" moves "$g" 2>/dev/null | head -n 4 | while read -r m; do
        printf "\\$(printf '%03o' $i)\\000%s" "$m" >"$out/notation/$g-$(printf '%s' "$m" | tr '/' '_')"
    done
    # Track games: plays as players write them (`24/18 13/8`), whole turns.
    "$TABULA" moves "$g" --turns --written 2>/dev/null | head -n 4 | while read -r m; do
        printf "\\$(printf '%03o' $i)\\000%s" "$m" >"$out/notation/$g-written-$(echo "$m" | tr ' /*()' '_-h__')"
    done
    i=$((i + 1))
done

# Apply and undo: a game byte, eight seed bytes, then move choices.
n=$(echo "$games" | wc -w)
for g in $(seq 0 $((n + 1))); do
    for seed in 1 2; do
        awk -v g="$g" -v s="$seed" 'BEGIN { srand(s * 7 + g); printf "%c", g + 1 - 1;
            for (i = 0; i < 8; i++) printf "%c", 48 + i + s;
            for (i = 0; i < 600; i++) printf "%c", 32 + int(rand() * 90) }' >"$out/apply_undo/game$g-$seed"
    done
done
