#!/bin/sh
# Shell completion: completion/bash/tabula run as bash runs it (COMP_WORDS,
# COMP_CWORD, then COMPREPLY); completion/zsh/_tabula with zsh's compadd and
# _files stood in for (the words it hands them), then in an interactive zsh
# with compinit on a pseudo-terminal (the line a TAB leaves); both over the
# program's `tabula __complete`. Commands, flags, bundled games, agents,
# option names and values, flag values and files.
TABULA=${TABULA:-./tabula}
srcdir=${srcdir:-.}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tabula-completion.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; }
bindir=$(cd "$(dirname "$TABULA")" && pwd)
srcdir=$(cd "$srcdir" && pwd)
mkdir -p "$tmp/dir" && touch "$tmp/dir/pos-one.yaml" "$tmp/dir/pos-two.yaml"

# One case per line: what is typed (words, the last one being completed),
# then `=>` and the words that must be offered (bash, which splits words at
# `=`, is offered what follows the `=`).
cat >"$tmp/cases" <<EOF
pla => play playout
help per => perft
--vers => --version
rules coc => coc-inbert
validate coucou => coucou-picard
moves coc-inbert --all => --all-paths
playout coc-inbert --diagnostics-format s => sarif
playout coc-inbert --diagnostics-format=j => --diagnostics-format=json
play coc-inbert --p1 alpha => alphabeta
play coerceo --option cu => cura=
play coerceo --option cura=o => cura=off cura=on
play coucou-picard --option width=1 => width=11 width=13 width=15 width=17 width=19
moves coc-inbert --position $tmp/dir/pos-t => $tmp/dir/pos-two.yaml
test $tmp/dir/pos-o => $tmp/dir/pos-one.yaml
wh => why
fmt --up => --upgrade
why coc-inbert --pos => --position
EOF

# ---- bash ----------------------------------------------------------------------
if command -v bash >/dev/null 2>&1; then
    # bash splits words at = as readline does; the script joins them back
    cat >"$tmp/run.bash" <<'EOF'
source "$1"
while IFS= read -r line; do
    typed=${line% => *}
    want=${line#* => }
    read -r -a COMP_WORDS <<<"tabula ${typed//=/ = }"
    [[ $typed == *" " || $typed == *"=" ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE="tabula $typed"
    COMPREPLY=()
    _tabula
    got=$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ')
    # readline puts back what bash split off before the last =
    cur=${typed##* }
    want_sorted=$(for w in $want; do [[ $cur == *=* ]] && w=${w#"${cur%=*}="}; echo "$w"; done | sort | tr '\n' ' ')
    if [[ $got == "$want_sorted" ]]; then echo ok; else echo "FAIL: bash: [$typed] offered [$got], expected [$want_sorted]"; fi
done <"$2"
EOF
    PATH="$bindir:$PATH" bash "$tmp/run.bash" "$srcdir/completion/bash/tabula" "$tmp/cases" >"$tmp/bash.out" 2>&1
    while read -r line; do
        case $line in ok) ok ;; *) fail "${line#FAIL: }" ;; esac
    done <"$tmp/bash.out"
else
    echo "no bash: its completion is not tested"
fi

# ---- zsh -----------------------------------------------------------------------
if command -v zsh >/dev/null 2>&1; then
    zsh -n "$srcdir/completion/zsh/_tabula" && ok || fail "zsh: _tabula does not parse"
    cat >"$tmp/run.zsh" <<'EOF'
fpath=($1 $fpath)
autoload -Uz _tabula
typeset -ga offered
# zsh's completion builtins, standing in: record what the function offers
compadd() {
    local array suffix=
    while (( $# )); do
        case $1 in
        -a) array=$2; shift 2 ;;
        -S) suffix=$2; shift 2 ;;
        *) shift ;;
        esac
    done
    offered+=(${(P)array})
}
_files() { offered+=(${~PREFIX}*(N)) }
while IFS= read -r line; do
    typed=${line% => *}
    want=${line#* => }
    words=(tabula ${(z)typed})
    [[ $typed == *" " ]] && words+=("")
    CURRENT=${#words}
    PREFIX=${words[CURRENT]}
    offered=()
    _tabula
    got=${(j: :)${(o)${(M)offered:#${PREFIX}*}}}
    exp=${(j: :)${(o)${(z)want}}}
    # zsh keeps NAME=VALUE whole
    if [[ $got == $exp ]]; then print ok; else print -r "FAIL: zsh: [$typed] offered [$got], expected [$exp]"; fi
done <$2
EOF
    PATH="$bindir:$PATH" zsh -f "$tmp/run.zsh" "$srcdir/completion/zsh" "$tmp/cases" >"$tmp/zsh.out" 2>&1
    while read -r line; do
        case $line in ok) ok ;; *) fail "${line#FAIL: }" ;; esac
    done <"$tmp/zsh.out"
    # And in a real interactive zsh with compinit: a key bound to a widget
    # writes the line as TAB left it to a file, one line per case.
    cat >"$tmp/pty.zsh" <<'ZSH'
zmodload zsh/zpty || exit 0
zpty z 'zsh -f -i'
zpty -w z "PATH=$1:\$PATH; fpath=($2 \$fpath); autoload -Uz compinit; compinit -u -D; unsetopt beep"
zpty -w z "dump() { print -r -- \"\$BUFFER\" >>$3; BUFFER=; }; zle -N dump; bindkey '^X' dump"
n=0
while IFS= read -r c; do
    zpty -w -n z "$c"$'\t\C-x'
    n=$((n + 1))
    for i in {1..100}; do
        [[ -f $3 && $(wc -l <$3) -ge $n ]] && break
        sleep 0.1
    done
done <$4
zpty -d z
ZSH
    printf '%s\n' 'tabula rul' 'tabula rules coe' 'tabula play coc-inbert --p1 alp' 'tabula moves coc-inbert --all' \
        'tabula play coerceo --option cura=' >"$tmp/pty.in"
    printf '%s\n' 'tabula rules ' 'tabula rules coerceo ' 'tabula play coc-inbert --p1 alphabeta ' \
        'tabula moves coc-inbert --all-paths ' 'tabula play coerceo --option cura=o' >"$tmp/pty.want"
    if command -v timeout >/dev/null 2>&1; then
        timeout 60 zsh -f "$tmp/pty.zsh" "$bindir" "$srcdir/completion/zsh" "$tmp/pty.out" "$tmp/pty.in" >/dev/null 2>&1
        if cmp -s "$tmp/pty.want" "$tmp/pty.out"; then
            ok
        else
            fail "zsh with compinit: the lines after TAB"
            paste -d '|' "$tmp/pty.want" "$tmp/pty.out" 2>/dev/null | sed 's/^/    want|got: /'
        fi
    fi
else
    echo "no zsh: its completion is not tested"
fi

# ---- the program: every command and its flags, never a command it lacks ------
"$TABULA" __complete '' >"$tmp/all"
for c in $("$TABULA" --help | awk '/^Commands:$/ { on = 1; next } on && /^$/ { exit } on { print $1 }'); do
    grep -qx "$c" "$tmp/all" && ok || fail "__complete does not offer the command $c"
    [ "$c" = help ] && continue
    "$TABULA" __complete "$c" -- >"$tmp/flags"
    for f in $("$TABULA" help "$c" | grep -E '^ *(usage: )?tabula ' | grep -E -o -- '--[a-z][a-z0-9-]*' | sort -u); do
        grep -qx -- "$f" "$tmp/flags" && ok || fail "__complete $c does not offer $f of its usage"
    done
done
[ -z "$("$TABULA" __complete no-such-command '')" ] && ok || fail "__complete offers words for an unknown command"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
