/* movegen_bitboard_gen.h - the body of the bitboard generator, written once
 * and compiled twice by movegen_bitboard.c: with 64-bit sets for boards whose
 * cells fit 64 bits (8x8, and 10x10 of dark squares: one machine word, the
 * fastest) and with 128-bit sets for up to 128 bits. Before including it,
 * define BB (the set type), BB_WORDS (64-bit words in it) and BB_NAME(x)
 * (the name of x in this instantiation). Not a header to include elsewhere.
 * Sets hold bits, moves hold cells: CELL_OF turns one into the other. */

/* The set X moved SHIFT cells on (an operation's mask has already kept only
 * the cells whose target is on the board, so nothing wraps). */
#define BB_SHIFT(x, shift) ((shift) >= 0 ? (BB)(x) << (shift) : (BB)(x) >> -(shift))
#define BB_BIT(cell) ((BB)1 << (cell))
#define BB_HAS(x, cell) ((int)((x) >> (cell)) & 1)
#define CELL_OF(bit) (rs->bb.cell_of[bit])

/* Runs the statement that follows for each bit CELL of SET, in order, one
 * 64-bit word at a time. */
#define BB_EACH(cell, set)                                                                                    \
    for (int bb_w_ = 0; bb_w_ < BB_WORDS; bb_w_++)                                                           \
        for (uint64_t bb_bits_ = (uint64_t)((set) >> (32 * bb_w_) >> (32 * bb_w_)); bb_bits_;            \
             bb_bits_ &= bb_bits_ - 1)                                                                         \
            for (int cell = bb_w_ * 64 + __builtin_ctzll(bb_bits_), bb_once_ = 1; bb_once_; bb_once_ = 0)

typedef struct BB_NAME(sets) {
    BB theirs, empty;
    const bitboard *type;       /* the mover's pieces of each type */
    const bitboard *their_type; /* the opponent's */
} BB_NAME(sets);

/* The enemy pieces of the types in OVER. */
static inline BB BB_NAME(of_types)(const ruleset *rs, const bitboard *typed, int over)
{
    BB x = 0;
    for (int t = 0; t < rs->npiece_types; t++)
        if (over & (1 << t)) x |= (BB)typed[t];
    return x;
}

/* The mover's pieces that can capture now. */
static BB BB_NAME(capturers)(const ruleset *rs, gen *g, const BB_NAME(sets) *s)
{
    const square_bitboards *b = &rs->bb;
    int p = g->player - 1;
    BB found = 0, slow = 0;
    for (int t = 0; t < rs->npiece_types; t++) {
        BB pieces = (BB)s->type[t];
        if (!pieces) continue;
        for (int i = b->jump_first[p][t]; i < b->jump_first[p][t + 1]; i++) {
            const bb_op *op = &b->jump[p][i];
            BB victims = op->over_all ? s->theirs : BB_NAME(of_types)(rs, s->their_type, op->over);
            BB open = BB_SHIFT(s->empty, -op->shift) & victims; /* victims with an empty cell beyond */
            found |= pieces & (BB)op->mask & BB_SHIFT(open, -op->shift);
        }
        for (int i = b->step_first[p][t]; i < b->step_first[p][t + 1] && b->has_takes[t]; i++) {
            const bb_op *op = &b->step[p][i];
            if (op->takes) found |= pieces & (BB)op->mask & BB_SHIFT(s->theirs, -op->shift);
        }
        if (b->has_long_hop[t]) slow |= pieces; /* long jumps: asked piece by piece */
    }
    slow &= ~found;
    if (slow)
        BB_EACH(c, slow)
            if (gen_piece_can_capture(g, CELL_OF(c), piece_type(g->st->cell[CELL_OF(c)]))) found |= BB_BIT(c);
    return found;
}

/* The steps of the mover's pieces of TYPE, every direction at once: to
 * empty cells (WHAT has GEN_QUIET) and onto enemy pieces (GEN_TAKES). */
static void BB_NAME(steps)(const ruleset *rs, gen *g, const BB_NAME(sets) *s, int type, int what)
{
    const square_bitboards *b = &rs->bb;
    int p = g->player - 1;
    BB pieces = (BB)s->type[type], promotes = (BB)b->promotes[p][type];
    BB quiet = what & GEN_QUIET ? s->empty : 0, takes = what & GEN_TAKES ? s->theirs : 0;
    for (int i = b->step_first[p][type]; i < b->step_first[p][type + 1]; i++) {
        const bb_op *op = &b->step[p][i];
        BB to = BB_SHIFT(pieces & (BB)op->mask, op->shift) & (op->takes ? quiet | takes : quiet);
        BB_EACH(t, to) {
            move *m = gen_slot(g);
            if (!m) return;
            int dest = CELL_OF(t);
            move_start(m, MOVE_STEP, CELL_OF(t - op->shift), type, op->rule);
            m->to = (cell_id)dest;
            uint8_t there = g->st->cell[dest];
            if (there) {
                m->caps[m->ncaps++] = (cell_id)dest;
                m->caps_by_type[piece_type(there)]++;
            }
            if (BB_HAS(promotes, t)) m->promote = promotion_at(rs, type, g->player, dest)->to;
        }
    }
}

/* A chain of short jumps followed on sets: the same rules as the per-piece
 * generator's chains (movegen_square.c), with one landing cell per jump. */
typedef struct BB_NAME(chain) {
    gen *g;
    move m;
    BB free;          /* cells the jumper may land on: empty, its start, and captured cells removed at once */
    BB victims;       /* enemy pieces not captured yet */
    /* (the chain walks bits: CUR, OVER and LAND below are bits, turned into cells for the move) */
    int first_rule;
    int last_dir;
    int may_stop;     /* the first rule's `may-stop`: every landing ends a move of its own */
} BB_NAME(chain);

static void BB_NAME(chain_extend)(BB_NAME(chain) *ch, int cur, int type)
{
    gen *g = ch->g;
    const ruleset *rs = g->rs;
    const square_bitboards *b = &rs->bb;
    int p = g->player - 1, jumped = 0;
    for (int i = b->jump_first[p][type]; i < b->jump_first[p][type + 1]; i++) {
        const bb_op *op = &b->jump[p][i];
        if (ch->m.ncaps == 0 ? op->rule != ch->first_rule : !op->takes) continue;
        if (!BB_HAS((BB)op->mask, cur)) continue;
        int over = cur + op->shift, land = over + op->shift;
        if (!BB_HAS(ch->victims, over) || !BB_HAS(ch->free, land)) continue;
        if (ch->m.npath >= TB_MAX_PATH) { /* the compiler's bound makes this unreachable: never a cut chain */
            g->list->error = MOVES_CHAIN_TOO_LONG;
            return;
        }
        if (ch->m.ncaps > 0 && ((rs->rules[op->rule].no_reverse && op->dir == ((ch->last_dir + 4) & 7)) ||
                                (rs->rules[op->rule].straight && op->dir != ch->last_dir)))
            continue;
        int over_cell = CELL_OF(over), land_cell = CELL_OF(land);
        int vt = piece_type(g->st->cell[over_cell]);
        if (!(op->over & (1u << vt))) continue;
        jumped = 1;
        BB victims = ch->victims, free = ch->free;
        int last_dir = ch->last_dir;
        uint8_t promote = ch->m.promote, first_cap = ch->m.first_cap[vt];
        ch->m.caps[ch->m.ncaps++] = (cell_id)over_cell;
        if (ch->m.caps_by_type[vt]++ == 0) ch->m.first_cap[vt] = ch->m.ncaps;
        ch->victims &= ~BB_BIT(over);
        if (!rs->capture_at_end) ch->free |= BB_BIT(over);
        ch->last_dir = op->dir;
        ch->m.path[ch->m.npath++] = (cell_id)land_cell;
        ch->m.to = (cell_id)land_cell;
        const promotion *pr = promote == 255 ? promotion_at(rs, type, g->player, land_cell) : NULL;
        if (pr && pr->mid_chain != MID_CHAIN_PASSES) ch->m.promote = pr->to;
        if (!op->takes || (pr && pr->mid_chain == MID_CHAIN_ENDS)) {
            gen_emit_chain(ch->g, &ch->m, type);
        } else {
            if (ch->may_stop) gen_emit_chain(ch->g, &ch->m, type); /* stopping here is a move too */
            BB_NAME(chain_extend)(ch, land, pr && pr->mid_chain == MID_CHAIN_CROWNS ? pr->to : type);
        }
        ch->m.npath--;
        ch->m.ncaps--;
        ch->m.caps_by_type[vt]--;
        ch->m.first_cap[vt] = first_cap;
        ch->m.promote = promote;
        ch->victims = victims;
        ch->free = free;
        ch->last_dir = last_dir;
    }
    if (!jumped && ch->m.ncaps > 0 && !ch->may_stop) gen_emit_chain(ch->g, &ch->m, type);
}

/* The captures of the piece of TYPE on the cell of bit BIT, rule by rule as
 * the per-piece generator lists them. */
static void BB_NAME(captures)(const ruleset *rs, gen *g, const BB_NAME(sets) *s, int bit, int type)
{
    int cell = CELL_OF(bit);
    if (!rs->bb.short_chains) {
        gen_piece(g, cell, type, GEN_CAPTURES);
        return;
    }
    g->piece_first = g->n;
    g->may_repeat = 0;
    for (int i = 0; i < rs->ntype_rules[type]; i++) {
        int ri = rs->type_rules[type][i];
        const move_rule *r = &rs->rules[ri];
        if (r->kind == RULE_STEP && r->land_on_enemy) {
            gen_piece_rule(g, cell, type, ri, GEN_TAKES);
        } else if (r->kind == RULE_HOP && (r->from_any || cellset_has(&r->from[g->player - 1], cell))) {
            BB_NAME(chain) ch;
            ch.g = g;
            ch.first_rule = ri;
            ch.last_dir = -1;
            ch.may_stop = r->may_stop;
            ch.free = s->empty | BB_BIT(bit);
            ch.victims = s->theirs;
            move_start(&ch.m, MOVE_CHAIN, cell, type, ri);
            BB_NAME(chain_extend)(&ch, bit, type);
        }
    }
}

/* The straight chains of the mover's pieces of TYPE (rs->bb.straight_sets),
 * one jump rule's direction at a time: AT holds the cells the pieces stand
 * on after K jumps, each piece's own start 2K shifts back. A straight chain
 * never comes back over the cells it emptied, so whether a piece can jump
 * again is the same set question every time. */
static void BB_NAME(straight_chains)(const ruleset *rs, gen *g, const BB_NAME(sets) *s, int type)
{
    const square_bitboards *b = &rs->bb;
    int p = g->player - 1;
    for (int i = b->jump_first[p][type]; i < b->jump_first[p][type + 1]; i++) {
        const bb_op *op = &b->jump[p][i];
        int may_stop = rs->rules[op->rule].may_stop, sh = op->shift;
        BB victims = op->over_all ? s->theirs : BB_NAME(of_types)(rs, s->their_type, op->over);
        BB can = (BB)op->mask & BB_SHIFT(victims, -sh) & BB_SHIFT(s->empty, -2 * sh); /* a jump from here */
        BB at = (BB)s->type[type] & can;
        for (int k = 1; at; k++) {
            if (k > TB_MAX_PATH) { /* the compiler's bound makes this unreachable: never a cut chain */
                g->list->error = MOVES_CHAIN_TOO_LONG;
                return;
            }
            BB landed = BB_SHIFT(at, 2 * sh);
            at = landed & can;
            BB_EACH(bit, may_stop ? landed : landed & ~at) {
                move *m = gen_slot(g);
                if (!m) return;
                int start = bit - 2 * k * sh;
                move_start(m, MOVE_CHAIN, CELL_OF(start), type, op->rule);
                for (int j = 0; j < k; j++) {
                    int over = CELL_OF(start + (2 * j + 1) * sh);
                    int vt = piece_type(g->st->cell[over]);
                    m->caps[j] = (cell_id)over;
                    if (m->caps_by_type[vt]++ == 0) m->first_cap[vt] = (uint8_t)(j + 1);
                    m->path[j] = CELL_OF(start + 2 * (j + 1) * sh);
                }
                m->ncaps = m->npath = (uint8_t)k;
                m->to = m->path[k - 1];
                g->chains = 1;
            }
        }
    }
}

/* The legal moves where rs->bb.straight_sets: the chains, and the removals
 * where there is no capture to make or captures are optional. */
static int BB_NAME(legal_straight)(const ruleset *rs, gen *g, const BB_NAME(sets) *s)
{
    for (int t = 0; t < rs->npiece_types; t++)
        if (s->type[t] && rs->ntype_rules[t]) BB_NAME(straight_chains)(rs, g, s, t);
    int captures = g->n;
    if (rs->nremove_rules && !(captures && rs->capture_mandatory)) gen_removals(g);
    int n = gen_result(g);
    return g->list->n = n && captures && rs->capture_mandatory ? movegen_best(rs, g->list, n, 0) : n;
}

static int BB_NAME(legal)(const ruleset *rs, const state *st, move_list *out)
{
    gen g = GEN_INIT(rs, st, out);
    BB_NAME(sets) s;
    s.type = st->typed[g.player - 1];
    s.their_type = st->typed[2 - g.player];
    BB mine = 0, theirs = 0;
    for (int t = 0; t < rs->npiece_types; t++) {
        mine |= (BB)s.type[t];
        theirs |= (BB)s.their_type[t];
    }
    s.theirs = theirs;
    s.empty = (BB)rs->bb.playable & ~(theirs | mine);
    if (rs->bb.straight_sets) return BB_NAME(legal_straight)(rs, &g, &s);
    int what = GEN_QUIET | GEN_CAPTURES;
    if (rs->capture_mandatory) {
        BB takers = BB_NAME(capturers)(rs, &g, &s);
        if (takers) { /* only captures are legal: only the pieces that have one */
            BB_EACH(c, takers) BB_NAME(captures)(rs, &g, &s, c, piece_type(st->cell[CELL_OF(c)]));
            int n = gen_result(&g);
            return out->n = n ? movegen_best(rs, out, n, g.chains && rs->any_chain) : 0;
        }
        what = GEN_QUIET; /* no capture: nothing to filter below */
    }
    for (int t = 0; t < rs->npiece_types; t++) {
        BB pieces = (BB)s.type[t];
        if (!pieces) continue;
        if (rs->bb.quiet_fast[t]) {
            BB_NAME(steps)(rs, &g, &s, t, what & (GEN_QUIET | GEN_TAKES));
            if (!(what & GEN_CHAINS) || !rs->bb.has_hop[t]) continue;
            BB_EACH(c, pieces) gen_piece(&g, CELL_OF(c), t, GEN_CHAINS); /* optional jumps: piece by piece */
        } else {
            BB_EACH(c, pieces) gen_piece(&g, CELL_OF(c), t, what);
        }
    }
    if (rs->nremove_rules) gen_removals(&g); /* the mover's own pieces (bitboard_covers): never captures */
    int n = gen_result(&g);
    return out->n = rs->capture_mandatory || !n ? n : movegen_finish(rs, out, n, g.chains && rs->any_chain);
}

#undef BB_SHIFT
#undef BB_BIT
#undef BB_HAS
#undef BB_EACH
#undef CELL_OF
