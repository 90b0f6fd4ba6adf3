/* why_place.c - why a piece may not be put on the board from the player's
 * supply (a drop: none in hand, the cell taken, outside the rule's cells,
 * where it could never move, a column's limit, a mate by the placement, a
 * check it does not answer), and why a promotion is not the one typed. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "why_internal.h"
#include "engine/movegen.h"

/* The type TEXT (LEN bytes) names: its letter (a promoted type's `+`
 * letter never: what is put down is unpromoted), or its name; -1. */
static int type_named(const ruleset *rs, const char *text, size_t len)
{
    for (int t = 0; t < rs->npiece_types; t++) {
        if (len == 1 && rs->letters[0] && !(rs->letter_plus >> t & 1) &&
            tolower((unsigned char)rs->letters[t]) == tolower((unsigned char)text[0]))
            return t;
        if (strlen(rs->piece_name[t]) == len && strncasecmp(rs->piece_name[t], text, len) == 0) return t;
    }
    return -1;
}

/* 1 when some move rule of TYPE goes anywhere on the board from CELL for
 * PLAYER, whatever stands around it. */
static int could_move_from(const ruleset *rs, int type, int player, int cell)
{
    int p = player - 1;
    for (int i = 0; i < rs->ntype_rules[type]; i++) {
        const move_rule *r = &rs->rules[rs->type_rules[type][i]];
        if (r->kind == RULE_PLACE) continue;
        if (r->kind == RULE_LEAP) {
            for (int k = 0; k < r->nleaps[p]; k++) {
                int col = rs->cell_col[cell] + r->leaps[p][k][0], row = rs->cell_row[cell] + r->leaps[p][k][1];
                if (col >= 0 && col < rs->width && row >= 0 && row < rs->height) return 1;
            }
            continue;
        }
        if (r->kind != RULE_STEP && r->kind != RULE_SLIDE && r->kind != RULE_HOP) return 1;
        for (int k = 0; k < r->ndirs[p]; k++)
            if (rs->nbr[cell][r->dirs[p][k]] != TB_NO_CELL) return 1;
    }
    return 0;
}

/* Why rule R may not put a piece of TYPE on CELL for the player to move:
 * 1 with A filled, 0 when R allows it. */
static int place_refused(const ruleset *rs, const state *st, const move_rule *r, int type, int cell, why_answer *a)
{
    int player = st->h.to_move, p = player - 1;
    const char *name = rs->piece_name[type], *at = rs->cell_name[cell];
    char who[64];
    why_player(rs, player, who, sizeof who);
    why_set_clause(a, rs, r->clause);
    if (rs->hand_counted[p][type] && st->h.hand[p][type] == 0) {
        why_refuse(a, "place", "%s has no %s in hand", who, name);
        return 1;
    }
    if (st->cell[cell]) {
        why_refuse(a, "occupied", "%s already holds a %s", at, rs->piece_name[piece_type(st->cell[cell])]);
        return 1;
    }
    if (!r->from_any && !cellset_has(&r->from[p], cell)) {
        if (!could_move_from(rs, type, player, cell))
            why_refuse(a, "place", "a %s put on %s could never move from there, and the rule keeps it off", name, at);
        else
            why_refuse(a, "place", "the rule puts a %s only on other cells than %s", name, at);
        return 1;
    }
    if (r->file_limit) {
        uint8_t code = piece_code(player, type);
        int col = rs->cell_col[cell], n = 0, first = -1;
        for (int row = 0; row < rs->height; row++) {
            int c = row * rs->width + col;
            if (st->cell[c] != code) continue;
            if (first < 0) first = c;
            n++;
        }
        if (n >= r->file_limit) {
            why_refuse(a, "place", "%s has %d %s%s on the column of %s already (on %s), and `file-limit:%d` allows no more",
                       who, n, name, n == 1 ? "" : "s", at, rs->cell_name[first], r->file_limit);
            return 1;
        }
    }
    if (r->no_mate && place_mates(rs, st, r, player, cell)) {
        int royal = movegen_royal_cell(rs, st, tb_opponent(player));
        why_refuse(a, "place", "a %s put on %s would mate the %s on %s at once, which `no-mate` forbids", name, at,
                   rs->piece_name[rs->royal_type], rs->cell_name[royal]);
        return 1;
    }
    a->clause.line = 0;
    return 0;
}

int why_drop(const ruleset *rs, const state *st, const char *text, typed *t, why_answer *a)
{
    const char *sep = strpbrk(text, "*@");
    if (!sep || sep == text || !rs->nplace_rules) return 0;
    int type = type_named(rs, text, (size_t)(sep - text));
    if (type < 0) return 0;
    char w[16];
    size_t len = strlen(sep + 1);
    if (len == 0 || len >= sizeof w) return 0;
    for (size_t i = 0; i <= len; i++) w[i] = (char)tolower((unsigned char)sep[1 + i]);
    int cell = ruleset_cell_named(rs, w);
    t->n = 0;
    if (cell < 0) {
        char msg[400];
        ruleset_no_cell_text(rs, sep + 1, msg, sizeof msg);
        why_refuse(a, "no-cell", "%s", msg);
        return 1;
    }
    t->n = 1;
    t->p[0] = cell;
    snprintf(t->word[0], sizeof t->word[0], "%s", w);
    const move_rule *r = NULL;
    for (int i = 0; i < rs->nplace_rules && !r; i++)
        if (rs->rules[rs->place_rules[i]].piece == type) r = &rs->rules[rs->place_rules[i]];
    char who[64];
    why_player(rs, st->h.to_move, who, sizeof who);
    if (!r) {
        why_refuse(a, "no-rule", "no rule of this game puts a %s on the board", rs->piece_name[type]);
        return 1;
    }
    if (place_refused(rs, st, r, type, cell, a)) return 1;
    move m;
    move_start(&m, MOVE_PLACE, cell, type, (int)(r - rs->rules));
    move_notation(rs, &m, a->meant, sizeof a->meant);
    if (why_royal_removes(rs, st, &m, a)) return 1;
    why_set_clause(a, rs, r->clause);
    why_refuse(a, "no-rule", "the rule does not put a %s of %s on %s in this position", rs->piece_name[type], who,
               rs->cell_name[cell]);
    return 1;
}

/* The types promotion PR lets the player choose, `T, U or V` by their
 * names, into BUF. */
static void choices_text(const ruleset *rs, const promotion *pr, char *buf, size_t size)
{
    size_t len = 0;
    int n = __builtin_popcount(pr->choices), i = 0;
    buf[0] = '\0';
    for (int t = 0; t < TB_MAX_PIECE_TYPES; t++)
        if (pr->choices >> t & 1) {
            why_add(buf, size, &len, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ", rs->piece_name[t]);
            i++;
        }
}

void why_promotion(const ruleset *rs, const state *st, const move *cands, int k, const typed *t, why_answer *a)
{
    const move *m = &cands[0];
    const char *name = rs->piece_name[m->mover];
    const char *from = rs->cell_name[m->from], *to = rs->cell_name[m->to];
    const promotion *pr = NULL;
    for (int i = 0; i < k && !pr; i++)
        if (cands[i].promote != 255) {
            pr = promotion_at(rs, cands[i].mover, st->h.to_move, cands[i].to);
            if (!pr) pr = promotion_at(rs, cands[i].mover, st->h.to_move, cands[i].from); /* leaving the region */
        }
    if (!pr) {
        why_refuse(a, "promotion", "the %s moving from %s to %s does not promote", name, from, to);
        return;
    }
    why_set_clause(a, rs, pr->clause);
    char types[256];
    choices_text(rs, pr, types, sizeof types);
    if (t->promote == PROMOTE_ANY)
        why_refuse(a, "promotion", "the %s moving from %s to %s may not promote", name, from, to);
    else
        why_refuse(a, "promotion", "the %s on %s may become a %s on %s, not a %s", name, from, types, to,
                   rs->piece_name[t->promote]);
}

int why_promotion_choice(const ruleset *rs, const move *legal, const int *index, int k, why_answer *a)
{
    const move *m = &legal[index[0]];
    for (int i = 0; i < k; i++) {
        const move *o = &legal[index[i]];
        if (o->from != m->from || o->to != m->to || o->promote == 255 || o->kind != m->kind) return 0;
    }
    char letters[128];
    size_t len = 0;
    letters[0] = '\0';
    for (int i = 0; i < k; i++) {
        int t = legal[index[i]].promote;
        if (rs->letters[0]) why_add(letters, sizeof letters, &len, "%s%c", i ? ", " : "", rs->letters[t]);
        else why_add(letters, sizeof letters, &len, "%s=%s", i ? ", " : "", rs->piece_name[t]);
    }
    snprintf(a->by, sizeof a->by, "promotion");
    snprintf(a->reason, sizeof a->reason, "the %s on %s promotes on %s, and the type it becomes must be typed after the move (%s)",
             rs->piece_name[m->mover], rs->cell_name[m->from], rs->cell_name[m->to], letters);
    return 1;
}
