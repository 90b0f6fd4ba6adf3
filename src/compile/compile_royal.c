/* compile_royal.c - what capture-by-landing games add to the move rules:
 * leaps, `to:` (empty, enemy, either), `within:`, passable slides and
 * en-passant steps; the royal piece; castling; letters for position texts. */
#include <stdio.h>
#include <string.h>

#include "compiler.h"

int compile_leap_rule(compiler *c, const ast_node *f, move_rule *r)
{
    ruleset *rs = c->rs;
    long a, b;
    if (!compile_int(c, compile_positional(f, 0), &a) || !compile_int(c, compile_positional(f, 1), &b)) return 0;
    if (rs->topology != TOPO_SQUARE) {
        compile_error(c, f, "`leap` needs a board of cells (`square`)");
        return 0;
    }
    if (a < 0 || b < 0 || a > 25 || b > 25 || (a == 0 && b == 0)) {
        compile_error(c, f, "a leap goes A cells one way and B the other, 0 to 25 each and not both 0; got %ld %ld", a, b);
        return 0;
    }
    r->kind = RULE_LEAP;
    r->lame = (uint8_t)compile_flag(f, "lame");
    int forward = compile_flag(f, "forward");
    if (forward && a == b) {
        compile_error(c, f, "a `forward` leap goes farther one way than the other: %ld %ld has no longer leg", a, b);
        return 0;
    }
    /* Every turn and reflection of (a, b), each once; with `forward`, those whose longer leg goes the
     * player's way. */
    int cand[2][2] = { { (int)a, (int)b }, { (int)b, (int)a } };
    for (int p = 0; p < compile_sides(rs); p++) {
        int fx = rs->forward[p] == DIR_E ? 1 : rs->forward[p] == DIR_W ? -1 : 0;
        int fy = rs->forward[p] == DIR_N ? 1 : rs->forward[p] == DIR_S ? -1 : 0;
        int n = 0;
        for (int k = 0; k < 2; k++)
            for (int sx = -1; sx <= 1; sx += 2)
                for (int sy = -1; sy <= 1; sy += 2) {
                    int dx = cand[k][0] * sx, dy = cand[k][1] * sy, dup = 0;
                    for (int i = 0; i < n; i++) dup |= r->leaps[p][i][0] == dx && r->leaps[p][i][1] == dy;
                    int along = fx ? dx * fx : dy * fy, across = fx ? dy : dx;
                    if (across < 0) across = -across;
                    if (dup || (forward && (along <= 0 || along <= across))) continue;
                    r->leaps[p][n][0] = (int8_t)dx;
                    r->leaps[p][n][1] = (int8_t)dy;
                    n++;
                }
        r->nleaps[p] = (uint8_t)n;
    }
    const ast_node *from = ast_named(f, "from");
    r->from_any = from == NULL;
    return !from || compile_region(c, from, r->from);
}

int compile_capture_modes(compiler *c, const ast_node *f, move_rule *r)
{
    const ast_node *within = ast_named(f, "within");
    int to = compile_word(f, "to");
    if (to >= 0) {
        r->land_on_enemy = to != W_TO_EMPTY;
        r->only_enemy = to == W_TO_ENEMY;
    }
    if (within) {
        if (!compile_region(c, within, r->within)) return 0;
        r->has_within = 1;
    }
    r->passable = (uint8_t)compile_flag(f, "passable");
    r->screen = (uint8_t)compile_flag(f, "screen");
    if (r->screen && !r->only_enemy) {
        compile_error(c, f, "a `screen` slide only captures: give it `to:enemy` (its quiet moves are another rule's)");
        return 0;
    }
    r->en_passant = (uint8_t)compile_flag(f, "en-passant");
    if (r->en_passant && !r->land_on_enemy) {
        compile_error(c, f, "`en-passant` takes a piece that passed: the step must capture (`to:enemy`)");
        return 0;
    }
    if (r->passable) c->rs->any_passable = 1;
    if (r->en_passant) /* the word has a clause of its own: analyze counts its captures */
        r->en_passant_clause = (uint16_t)(compile_clause(c, compile_flag_at(f, "en-passant")) + 1);
    return 1;
}

/* (royal TYPE [faces:DIRECTIONS]). */
void compile_play_royal(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    int t = compile_piece(c, compile_positional(f, 0));
    if (t < 0) return;
    if (rs->royal_type >= 0) {
        compile_error(c, f, "`royal` is given twice: a game has one royal piece type");
        return;
    }
    if (rs->topology != TOPO_SQUARE) {
        compile_error(c, f, "`royal` needs a board of cells (`square`)");
        return;
    }
    rs->royal_type = (int8_t)t;
    compile_locate(c, f, &rs->royal_loc);
    const ast_node *faces = ast_named(f, "faces");
    if (faces) {
        move_rule dirs;
        memset(&dirs, 0, sizeof dirs);
        if (!compile_rule_directions(c, faces, &dirs)) return;
        for (int k = 0; k < dirs.ndirs[0]; k++) rs->royal_faces |= (uint8_t)(1u << dirs.dirs[0][k]);
        for (int k = 0; k < dirs.ndirs[1]; k++) rs->royal_faces |= (uint8_t)(1u << dirs.dirs[1][k]);
    }
}

/* A column given as a letter (`g`), counted from a. */
static int column_of(compiler *c, const ast_node *v)
{
    int col = v->kind == AST_NAME && strlen(v->text) == 1 ? v->text[0] - 'a' : -1;
    if (col < 0 || col >= c->rs->width) {
        compile_error(c, v, "a column is a letter a..%c on this board; got `%s`", 'a' + c->rs->width - 1,
                      v->text ? v->text : "?");
        return -1;
    }
    return col;
}

/* (castle KING WITH high:[KING-COLUMN WITH-COLUMN] low:[...]). */
void compile_play_castle(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    int king = compile_piece(c, compile_positional(f, 0)), with = compile_piece(c, compile_positional(f, 1));
    if (king < 0 || with < 0) return;
    if (rs->royal_type != king) {
        compile_error(c, compile_positional(f, 0), "castling moves the royal piece: `%s` is not declared `(royal %s)` "
                      "before it", rs->piece_name[king], rs->piece_name[king]);
        return;
    }
    static const char *const sides[2] = { "high", "low" };
    for (int k = 0; k < 2; k++) {
        const ast_node *v = ast_named(f, sides[k]);
        if (!v || v->kind != AST_LIST || v->nkids != 2) {
            compile_error(c, v ? v : f, "`%s:` gives two columns: where the %s goes and where the %s goes, like [g f]",
                          sides[k], rs->piece_name[king], rs->piece_name[with]);
            return;
        }
        int kc = column_of(c, v->kids[0]), wc = column_of(c, v->kids[1]);
        if (kc < 0 || wc < 0) return;
        rs->castle.king_col[k] = (uint8_t)kc;
        rs->castle.rook_col[k] = (uint8_t)wc;
    }
    rs->castle.on = 1;
    rs->castle.with = (uint8_t)with;
    rs->castle.clause = (uint16_t)compile_clause(c, f);
    rs->moved_types |= (typeset)(1u << king | 1u << with);
    rs->uses_marks = 1;
}

/* (custodial DIRECTIONS [hostile:REGION] [royal:TYPE royal-sides:4] [unarmed:TYPES]). */
void compile_play_custodial(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    if (rs->topology != TOPO_SQUARE) {
        compile_error(c, f, "`custodial` needs a board of cells (`square`)");
        return;
    }
    move_rule dirs;
    memset(&dirs, 0, sizeof dirs);
    if (!compile_rule_directions(c, compile_positional(f, 0), &dirs)) return;
    rs->custodial.ndirs = dirs.ndirs[0];
    memcpy(rs->custodial.dirs, dirs.dirs[0], sizeof rs->custodial.dirs);
    for (int k = 0; k < dirs.ndirs[0]; k++) { /* both players' words must name the same absolute lines */
        int found = 0;
        for (int i = 0; i < dirs.ndirs[1]; i++) found |= dirs.dirs[1][i] == dirs.dirs[0][k];
        if (!found) {
            compile_error(c, compile_positional(f, 0), "`custodial` takes directions that are the same for both "
                          "players (orthogonal, diagonal, any, or compass words)");
            return;
        }
    }
    const ast_node *hostile = ast_named(f, "hostile"), *royal = ast_named(f, "royal"), *sides = ast_named(f, "royal-sides");
    const ast_node *unarmed = ast_named(f, "unarmed"), *surrounded = ast_named(f, "royal-surrounded");
    const ast_node *royal_hostile = ast_named(f, "royal-hostile");
    if (hostile) {
        cellset h[TB_MAX_PLAYERS];
        memset(h, 0, sizeof h);
        if (!compile_region(c, hostile, h)) return;
        for (int w = 0; w < TB_CELL_WORDS; w++) rs->custodial.hostile.w[w] = h[0].w[w] | h[1].w[w];
    }
    rs->custodial.royal_hostile = rs->custodial.hostile;
    rs->custodial.royal = -1;
    rs->custodial.royal_sides = 2;
    if (royal) {
        int t = compile_piece(c, royal);
        if (t < 0) return;
        rs->custodial.royal = (int8_t)t;
        long n = 4;
        if (sides && !compile_int(c, sides, &n)) return;
        if (n != 2 && n != 4) {
            compile_error(c, sides, "`royal-sides:` is 2 (taken as any piece) or 4 (surrounded); got %ld", n);
            return;
        }
        rs->custodial.royal_sides = (uint8_t)n;
        if (surrounded) {
            cellset on[TB_MAX_PLAYERS];
            memset(on, 0, sizeof on);
            if (!compile_region(c, surrounded, on)) return;
            for (int w = 0; w < TB_CELL_WORDS; w++) rs->custodial.surround_on.w[w] = on[0].w[w] | on[1].w[w];
        }
        if (royal_hostile) {
            cellset h[TB_MAX_PLAYERS];
            memset(h, 0, sizeof h);
            if (!compile_region(c, royal_hostile, h)) return;
            for (int w = 0; w < TB_CELL_WORDS; w++) rs->custodial.royal_hostile.w[w] = h[0].w[w] | h[1].w[w];
        }
    } else if (sides || surrounded || royal_hostile) {
        const ast_node *at = sides ? sides : surrounded ? surrounded : royal_hostile;
        compile_error(c, at, "`%s:` says how `royal:` is taken: name the type with `royal:`",
                      sides ? "royal-sides" : surrounded ? "royal-surrounded" : "royal-hostile");
        return;
    }
    int nu = unarmed ? (unarmed->kind == AST_LIST ? unarmed->nkids : 1) : 0;
    for (int k = 0; k < nu; k++) {
        int t = compile_piece(c, unarmed->kind == AST_LIST ? unarmed->kids[k] : unarmed);
        if (t < 0) return;
        rs->custodial.unarmed |= (typeset)(1u << t);
    }
    rs->custodial.on = 1;
}

/* (stalemate OUTCOME) and (captured TYPE OUTCOME). Returns 1 when F is one
 * (E->kind 255 when it was wrong, said). */
int compile_end_captured(compiler *c, const ast_node *f, end_rule *e)
{
    int t = compile_piece(c, compile_positional(f, 0));
    if (t < 0) return 0;
    e->kind = END_NO_TYPE;
    e->piece = (int8_t)t;
    /* only a player who has such pieces at the start can lose them all */
    for (int i = 0; i < c->rs->nstart; i++)
        if (c->rs->start[i].type == t) e->moves |= (uint16_t)(1u << c->rs->start[i].owner);
    e->outcome = compile_outcome(f, OUT_LOSES);
    return 1;
}

int compile_end_stalemate(compiler *c, const ast_node *f, end_rule *e)
{
    (void)c;
    e->kind = END_STALEMATE;
    e->outcome = compile_outcome(f, OUT_DRAW);
    return 1;
}

/* (letters "pnbrqk"): a letter per piece type, in the order of `pieces`; or
 * one word per type, a letter with `+` before it for a promoted piece
 * ("k r b g s n l p +r +b +s +n +l +p"). */
void compile_letters(compiler *c, const ast_node *f)
{
    ruleset *rs = c->rs;
    const ast_node *v = compile_positional(f, 0);
    if (!v || v->kind != AST_STRING) return;
    char letter[TB_MAX_PIECE_TYPES + 1] = "";
    typeset plus = 0;
    int n = 0;
    const char *t = v->text;
    int words = strchr(t, ' ') != NULL;
    while (*t) {
        if (*t == ' ') {
            t++;
            continue;
        }
        int promoted = words && *t == '+';
        if (promoted) t++;
        char ch = *t;
        if (ch < 'a' || ch > 'z' || (words && t[1] && t[1] != ' ')) {
            compile_error(c, v, "`letters` are lower-case letters, one per piece type (or words of one letter, `+` "
                          "before it for a promoted piece); got `%c`", ch ? ch : ' ');
            return;
        }
        if (n == rs->npiece_types) {
            n++;
            break;
        }
        for (int k = 0; k < n; k++)
            if (letter[k] == ch && (plus >> k & 1) == (typeset)promoted) {
                compile_error(c, v, "`letters` gives `%s%c` to two piece types", promoted ? "+" : "", ch);
                return;
            }
        if (promoted) plus |= (typeset)(1u << n);
        letter[n++] = ch;
        t++;
    }
    if (n != rs->npiece_types) {
        compile_error(c, v, "`letters` gives one letter per piece type, %d here; got %d", rs->npiece_types, n);
        return;
    }
    letter[n] = '\0';
    snprintf(rs->letters, sizeof rs->letters, "%s", letter);
    rs->letter_plus = plus;
}
