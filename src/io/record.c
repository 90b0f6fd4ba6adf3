/* record.c - writing game records atomically and reading them back with
 * located errors; replaying a record's moves against the rules. */
#define _XOPEN_SOURCE 700
#include "record.h"

#include "atomic.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "compile/load.h"
#include "engine/search.h"
#include "config.h"
#include "notation.h"
#include "written.h"
#include "fen.h"
#include "gnubg_id.h"
#include "number.h"

void record_init(game_record *rec)
{
    memset(rec, 0, sizeof *rec);
    snprintf(rec->result, sizeof rec->result, "ongoing");
}

void record_free(game_record *rec)
{
    free(rec->moves);
    while (rec->texts) {
        record_text_block *next = rec->texts->next;
        free(rec->texts);
        rec->texts = next;
    }
    yaml_doc_free(rec->doc);
    memset(rec, 0, sizeof *rec);
}

/* The directory part of PATH ("." when there is none). */
static void dir_of(const char *path, char *buf, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (!slash) snprintf(buf, size, ".");
    else if (slash == path) snprintf(buf, size, "/");
    else snprintf(buf, size, "%.*s", (int)(slash - path), path);
}

/* Writes into BUF the path of FILE relative to directory DIR (both made
 * canonical), as "../games/x.game"; returns 0 when either cannot be made
 * canonical. */
static int relative_path(const char *file, const char *dir, char *buf, size_t size)
{
    char *f = realpath(file, NULL), *d = realpath(dir, NULL);
    int ok = f && d;
    if (ok) {
        /* The common part, in whole components: F and D agree up to a `/` of
         * F that ends a component of D too (the root's `/` at least). */
        size_t common = 0;
        for (size_t i = 0; f[i] && f[i] == d[i];) {
            i++;
            if (f[i] == '/' && (d[i] == '/' || d[i] == '\0')) common = i;
        }
        size_t len = 0;
        buf[0] = '\0';
        /* one ".." for every component of D after the common part */
        for (const char *p = d + common; *p; p++)
            if (*p == '/' && p[1] && p[1] != '/' && len + 4 < size) len += (size_t)snprintf(buf + len, size - len, "../");
        snprintf(buf + len, size - len, "%s", f + common + 1);
    }
    free(f);
    free(d);
    return ok;
}

void record_set_game(game_record *rec, const ruleset *rs, const char *rule_path, const char *record_path)
{
    snprintf(rec->game, sizeof rec->game, "%s", rs->title);
    snprintf(rec->announce, sizeof rec->announce, "%s", rs->threat_text);
    rec->has_cube = rs->cube.on;
    /* A bundled game by its name, a file of the user's by its path from the
     * record's directory: the record replays wherever both travel. */
    char name[64], dir[4096];
    if (load_bundled_name(rule_path, name, sizeof name)) {
        snprintf(rec->path, sizeof rec->path, "%s", name);
    } else if (record_path) {
        dir_of(record_path, dir, sizeof dir);
        if (!relative_path(rule_path, dir, rec->path, sizeof rec->path))
            snprintf(rec->path, sizeof rec->path, "%s", rule_path);
    } else {
        snprintf(rec->path, sizeof rec->path, "%s", rule_path);
    }
    rec->noptions = rs->noptions;
    for (int i = 0; i < rs->noptions; i++) {
        const option_value *o = &rs->options[i];
        snprintf(rec->option_name[i], TB_NAME_LEN, "%s", o->name);
        if (o->is_int) snprintf(rec->option_value[i], TB_NAME_LEN, "%ld", o->value);
        else snprintf(rec->option_value[i], TB_NAME_LEN, "%s", o->word);
    }
}

#define RECORD_TEXT_BLOCK 65536

/* A copy of TEXT (cut to RECORD_TEXT_MAX - 1 bytes) in REC's text blocks,
 * or NULL when out of memory. */
static const char *keep_text(game_record *rec, const char *text)
{
    size_t len = strnlen(text, RECORD_TEXT_MAX - 1);
    record_text_block *b = rec->texts;
    if (!b || b->size - b->used < len + 1) {
        b = malloc(sizeof *b + RECORD_TEXT_BLOCK);
        if (!b) return NULL;
        b->next = rec->texts;
        b->used = 0;
        b->size = RECORD_TEXT_BLOCK;
        rec->texts = b;
    }
    char *copy = b->text + b->used;
    memcpy(copy, text, len);
    copy[len] = '\0';
    b->used += len + 1;
    return copy;
}

int record_push(game_record *rec, const char *text, const uint8_t *dice, int ndice)
{
    if (rec->nmoves == rec->capacity) {
        int cap = rec->capacity ? rec->capacity * 2 : 64;
        record_move *m = realloc(rec->moves, (size_t)cap * sizeof *m);
        if (!m) return 0;
        rec->moves = m;
        rec->capacity = cap;
    }
    const char *copy = keep_text(rec, text);
    if (!copy) return 0;
    record_move *m = &rec->moves[rec->nmoves++];
    memset(m, 0, sizeof *m);
    m->text = copy;
    if (ndice > RECORD_MAX_DICE) ndice = RECORD_MAX_DICE;
    m->ndice = (uint8_t)ndice;
    if (ndice > 0) memcpy(m->dice, dice, (size_t)ndice);
    return 1;
}

int record_push_cube(game_record *rec, int action)
{
    if (!record_push(rec, cube_action_name(action), NULL, 0)) return 0;
    rec->moves[rec->nmoves - 1].cube = (uint8_t)action;
    return 1;
}

int record_push_resign(game_record *rec, int player)
{
    if (!record_push(rec, "resign", NULL, 0)) return 0;
    rec->moves[rec->nmoves - 1].resign = (uint8_t)player;
    return 1;
}

int record_push_entry(game_record *rec, const game_record *from, int i)
{
    const record_move *m = &from->moves[i];
    int pushed = m->cube     ? record_push_cube(rec, m->cube)
                 : m->resign ? record_push_resign(rec, m->resign)
                             : record_push(rec, m->text, m->dice, m->ndice);
    if (pushed) rec->moves[rec->nmoves - 1].announced = m->announced;
    return pushed;
}

int record_ending_resign(const game_record *rec)
{
    return rec->nmoves ? rec->moves[rec->nmoves - 1].resign : 0;
}

void record_match(const game_record *rec, cube_match *m)
{
    cube_match_init(m, rec->match_to);
    m->score[0] = rec->match_score[0];
    m->score[1] = rec->match_score[1];
    m->games = rec->match_game > 0 ? rec->match_game - 1 : 0;
    /* Scores only grow: once a player needs one point, the Crawford game is
     * this one or was played before it. */
    m->crawford_done = rec->match_to > 0 && (rec->match_score[0] == rec->match_to - 1 ||
                                             rec->match_score[1] == rec->match_to - 1);
}

/* ---- writing ------------------------------------------------------------ */

/* A YAML double-quoted scalar. */
static void put_quoted(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c < 0x20) fprintf(f, "\\x%02x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

static int is_plain_int(const char *s)
{
    if (*s == '-') s++;
    if (!*s) return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return 0;
    return 1;
}

/* Entry I of `moves`, as a line "  - ...". */
static void write_entry(const game_record *rec, int i, FILE *f)
{
    const record_move *m = &rec->moves[i];
    fputs("  - ", f);
    if (m->cube) {
        fprintf(f, "{cube: \"%s\"}\n", cube_action_name(m->cube));
        return;
    }
    if (m->resign) {
        fprintf(f, "{resign: %d}\n", m->resign);
        return;
    }
    if (!m->ndice && !m->announced) {
        put_quoted(f, m->text);
        fputc('\n', f);
        return;
    }
    fputs("{move: ", f);
    put_quoted(f, m->text);
    if (m->ndice) {
        fputs(", dice: [", f);
        for (int d = 0; d < m->ndice; d++) fprintf(f, "%s%d", d ? ", " : "", m->dice[d]);
        fputs("]", f);
    }
    if (m->announced) {
        fputs(", announce: ", f);
        put_quoted(f, rec->announce[0] ? rec->announce : "yes");
    }
    fputs("}\n", f);
}

/* A game under way: its record ends with the moves, so that a move played
 * is one line appended (record_log_append) and the file stays a whole record. */
static int ends_with_moves(const game_record *rec)
{
    return strcmp(rec->result, "ongoing") == 0 && !rec->resigned && !rec->cut_off;
}

static void write_body(const game_record *rec, FILE *f)
{
    fprintf(f, "# A game of %s, recorded by tabula %s. Format: docs/records.md\n", rec->game, PACKAGE_VERSION);
    fprintf(f, "tabula-record: %d\n", RECORD_FORMAT);
    fputs("ruleset:\n  name: ", f);
    put_quoted(f, rec->game);
    fputs("\n  path: ", f);
    put_quoted(f, rec->path);
    fputs("\noptions:", f);
    if (rec->noptions == 0) fputs(" {}", f);
    for (int i = 0; i < rec->noptions; i++) {
        fprintf(f, "\n  %s: ", rec->option_name[i]);
        if (is_plain_int(rec->option_value[i])) fputs(rec->option_value[i], f);
        else put_quoted(f, rec->option_value[i]);
    }
    if (rec->has_seed) fprintf(f, "\nseed: %llu", (unsigned long long)rec->seed);
    fputs("\nagents:", f);
    for (int p = 0; p < (rec->players > 2 ? rec->players : 2); p++) {
        fprintf(f, "\n  %d: ", p + 1);
        put_quoted(f, rec->agent[p][0] ? rec->agent[p] : "unknown");
    }
    fputc('\n', f);
    if (rec->start_fen[0] || rec->start_gnubg_id[0]) {
        fputs(rec->start_fen[0] ? "start: {fen: " : "start: {gnubg-id: ", f);
        put_quoted(f, rec->start_fen[0] ? rec->start_fen : rec->start_gnubg_id);
        fputs("}\n", f);
    }
    if (rec->match_to)
        fprintf(f, "match: {to: %d, game: %d, score: [%d, %d], crawford: %s, seed: %llu}\n", rec->match_to,
                rec->match_game, rec->match_score[0], rec->match_score[1], rec->match_crawford ? "true" : "false",
                (unsigned long long)rec->match_seed);
    if (ends_with_moves(rec)) {
        fputs("result: \"ongoing\"\nmoves:\n", f); /* an empty `moves:` is no moves yet */
        for (int i = 0; i < rec->nmoves; i++) write_entry(rec, i, f);
        return;
    }
    fputs(rec->nmoves ? "moves:\n" : "moves: []\n", f);
    for (int i = 0; i < rec->nmoves; i++) write_entry(rec, i, f);
    if (rec->resigned) fprintf(f, "resigned: %d\n", rec->resigned);
    if (rec->cut_off) fprintf(f, "cut-off: %d\n", rec->cut_off);
    if (rec->has_cube && rec->points) fprintf(f, "points: %d\n", rec->points);
    fputs("result: ", f);
    put_quoted(f, rec->result);
    fputc('\n', f);
}

/* Says "cannot write the record" where atomic.c's message in ERR says
 * "cannot write", so that the message names what was being written. */
static void name_the_record(char *err, size_t errsize)
{
    char *said = strstr(err, ": cannot write: ");
    if (!said) return;
    char reason[512];
    snprintf(reason, sizeof reason, "%s", said + strlen(": cannot write: "));
    snprintf(said, errsize - (size_t)(said - err), ": cannot write the record: %s", reason);
}

int record_target(const char *path, char *target, size_t size, char *err, size_t errsize)
{
    if (!atomic_target(path, target, size, err, errsize)) {
        name_the_record(err, errsize);
        return 0;
    }
    struct stat st;
    if (stat(target, &st) != 0) return 1; /* a new file (or a dangling link, replaced) */
    const char *kind = source_file_kind(st.st_mode);
    if (kind) {
        char shown[DIAG_SHORT_SIZE];
        snprintf(err, errsize, "%s: is %s, not a regular file: a record is written to a regular file "
                 "(replaced whole when it is rewritten), so it is left alone", diag_short(path, shown), kind);
        return 0;
    }
    return 1;
}

/* Writes the record whole or not at all (atomic.c), so a reader (or a
 * crash) sees either the old record or the new one; atomic.c's messages say
 * what was being written. */
int record_write(const game_record *rec, const char *where, char *err, size_t errsize)
{
    char path[4096];
    if (!record_target(where, path, sizeof path, err, errsize)) return 0;
    atomic_file a;
    FILE *f = atomic_open(&a, path, err, errsize);
    if (f) {
        write_body(rec, f);
        if (atomic_commit(&a, err, errsize)) return 1;
    }
    name_the_record(err, errsize);
    return 0;
}

/* ---- appending ------------------------------------------------------------ */

#define RECORD_SYNC_SECONDS 1.0 /* at most this long between a move appended and its fsync */

static double monotonic_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

void record_log_close(record_log *log)
{
    if (log->open) {
        fdatasync(log->fd);
        close(log->fd);
    }
    memset(log, 0, sizeof *log);
}

int record_log_write(record_log *log, const game_record *rec, const char *where, char *err, size_t errsize)
{
    record_log_close(log);
    if (!record_write(rec, where, err, errsize)) return 0;
    if (!ends_with_moves(rec)) return 1;
    char path[4096];
    if (!record_target(where, path, sizeof path, err, errsize)) return 0;
    /* Failing to reopen costs speed only: the next move rewrites the record whole. */
    log->fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
    if (log->fd < 0) return 1;
    log->open = 1;
    struct stat st;
    if (fstat(log->fd, &st) != 0) {
        record_log_close(log);
        return 1;
    }
    log->size = st.st_size;
    log->entries = rec->nmoves;
    log->synced = monotonic_seconds();
    return 1;
}

/* Entries FROM .. REC's last as the lines of `moves`, in a buffer of *LEN
 * bytes (malloc'd; NULL when out of memory). */
static char *entry_lines(const game_record *rec, int from, size_t *len)
{
    char *buf = NULL;
    FILE *m = open_memstream(&buf, len);
    if (!m) return NULL;
    for (int i = from; i < rec->nmoves; i++) write_entry(rec, i, m);
    if (fclose(m) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

int record_log_append(record_log *log, const game_record *rec, const char *where, char *err, size_t errsize)
{
    if (!log->open || rec->nmoves < log->entries || !ends_with_moves(rec))
        return record_log_write(log, rec, where, err, errsize);
    size_t len;
    char *lines = entry_lines(rec, log->entries, &len);
    if (!lines) {
        snprintf(err, errsize, "%s: cannot write the record: out of memory", where);
        return 0;
    }
    size_t done = 0;
    int saved = 0;
    while (done < len) {
        ssize_t w = write(log->fd, lines + done, len - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            saved = w < 0 ? errno : EIO;
            break;
        }
        done += (size_t)w;
    }
    free(lines);
    if (done < len) {
        /* Disk full, or the like: cut the half-written line off, so that the
         * record on disk stays whole, and report. */
        int cut = ftruncate(log->fd, log->size) == 0;
        record_log_close(log);
        snprintf(err, errsize, "%s: cannot write the record: %s%s", where, strerror(saved),
                 cut ? "" : " (and its last line may be cut short)");
        return 0;
    }
    log->size += (off_t)len;
    log->entries = rec->nmoves;
    double now = monotonic_seconds();
    if (now - log->synced >= RECORD_SYNC_SECONDS) {
        fdatasync(log->fd);
        log->synced = now;
    }
    return 1;
}

/* ---- reading ------------------------------------------------------------ */

static const char *const top_keys[] = { "tabula-record", "ruleset", "options", "seed", "agents", "match", "start",
                                        "moves", "resigned", "cut-off", "points", "result" };
#define NTOP (sizeof top_keys / sizeof top_keys[0])

static int check_keys(const game_record *rec, const yaml_item *map, const char *const *keys, size_t n,
                      const char *what, diag_sink *diags)
{
    int ok = 1;
    for (int i = 0; i < map->n; i++) {
        int known = 0;
        for (size_t k = 0; k < n; k++) known |= strcmp(map->keys[i]->text, keys[k]) == 0;
        if (known) continue;
        char list[256] = "";
        for (size_t k = 0; k < n; k++) {
            if (k) strncat(list, ", ", sizeof list - strlen(list) - 1);
            strncat(list, keys[k], sizeof list - strlen(list) - 1);
        }
        const char *best = diag_nearest(map->keys[i]->text, keys, (int)n);
        if (best)
            yaml_error(diags, rec->doc, map->keys[i], "unknown key `%s` in %s; did you mean `%s`?", map->keys[i]->text,
                       what, best);
        else
            yaml_error(diags, rec->doc, map->keys[i], "unknown key `%s` in %s (expected one of: %s)", map->keys[i]->text,
                       what, list);
        ok = 0;
    }
    return ok;
}

/* A required scalar of MAP; reports a located error when absent or not a scalar. */
static const yaml_item *need_scalar(game_record *rec, const yaml_item *map, const char *key, const char *what,
                                    diag_sink *diags)
{
    const yaml_item *v = yaml_get(map, key);
    if (!v) {
        yaml_error(diags, rec->doc, map, "%s has no `%s`", what, key);
        return NULL;
    }
    if (v->kind != YAML_SCALAR || v->text[0] == '\0') {
        yaml_error(diags, rec->doc, v, "`%s` is a single value", key);
        return NULL;
    }
    return v;
}

static void read_ruleset(game_record *rec, const yaml_item *v, diag_sink *diags)
{
    if (v->kind == YAML_SCALAR) {
        /* A bare path or bundled name, as in scenario files. */
        rec->path_item = v;
        snprintf(rec->path, sizeof rec->path, "%s", v->text);
        if (!v->text[0]) yaml_error(diags, rec->doc, v, "`ruleset` names a rule file");
        return;
    }
    if (v->kind != YAML_MAP) {
        yaml_error(diags, rec->doc, v, "`ruleset` is a mapping with `name` (the game's title) and `path` (its rule file)");
        return;
    }
    static const char *const keys[] = { "name", "path" };
    check_keys(rec, v, keys, 2, "`ruleset`", diags);
    const yaml_item *name = need_scalar(rec, v, "name", "`ruleset`", diags);
    const yaml_item *path = need_scalar(rec, v, "path", "`ruleset`", diags);
    if (name) {
        rec->game_item = name;
        snprintf(rec->game, sizeof rec->game, "%s", name->text);
    }
    if (path) {
        rec->path_item = path;
        snprintf(rec->path, sizeof rec->path, "%s", path->text);
    }
}

static void read_options(game_record *rec, const yaml_item *v, diag_sink *diags)
{
    if (v->kind == YAML_SCALAR && v->text[0] == '\0') return;
    if (v->kind != YAML_MAP) {
        yaml_error(diags, rec->doc, v, "`options` maps option names to values, like {width: 9}");
        return;
    }
    for (int i = 0; i < v->n; i++) {
        if (v->items[i]->kind != YAML_SCALAR) {
            yaml_error(diags, rec->doc, v->items[i], "an option value is a number or a word");
            continue;
        }
        if (rec->noptions == TB_MAX_OPTIONS) {
            yaml_error(diags, rec->doc, v->keys[i], "too many options (at most %d)", TB_MAX_OPTIONS);
            return;
        }
        if (strlen(v->keys[i]->text) >= TB_NAME_LEN || strlen(v->items[i]->text) >= TB_NAME_LEN) {
            yaml_error(diags, rec->doc, v->keys[i], "option name or value too long (at most %d characters)",
                       TB_NAME_LEN - 1);
            continue;
        }
        snprintf(rec->option_name[rec->noptions], TB_NAME_LEN, "%s", v->keys[i]->text);
        snprintf(rec->option_value[rec->noptions], TB_NAME_LEN, "%s", v->items[i]->text);
        rec->noptions++;
    }
}

static void read_seed(game_record *rec, const yaml_item *v, diag_sink *diags)
{
    rec->seed_item = v;
    if (v->kind == YAML_SCALAR && number_whole(v->text, 0, UINT64_MAX, &rec->seed)) {
        rec->has_seed = 1;
        return;
    }
    yaml_error(diags, rec->doc, v, "`seed` is a whole number from 0 to %llu", (unsigned long long)UINT64_MAX);
}

/* `start: {fen: "..."}` or `start: {gnubg-id: "..."}`: the position the
 * game started from (read against the rules when the record is replayed). */
static void read_start(game_record *rec, const yaml_item *v, diag_sink *diags)
{
    rec->start_item = v;
    const char *form = "`start` is one position, `{fen: \"...\"}` or `{gnubg-id: \"...\"}`";
    if (v->kind != YAML_MAP || v->n != 1 || v->items[0]->kind != YAML_SCALAR) {
        yaml_error(diags, rec->doc, v, "%s", form);
        return;
    }
    const char *key = v->keys[0]->text, *text = v->items[0]->text;
    char *into = strcmp(key, "fen") == 0 ? rec->start_fen : strcmp(key, "gnubg-id") == 0 ? rec->start_gnubg_id : NULL;
    if (!into) {
        yaml_error(diags, rec->doc, v->keys[0], "unknown key `%s` in `start`: %s", key, form);
        return;
    }
    if (!*text || strlen(text) >= RECORD_START_MAX) {
        yaml_error(diags, rec->doc, v->items[0], "the start position is 1 to %d characters", RECORD_START_MAX - 1);
        return;
    }
    rec->start_item = v->items[0];
    snprintf(into, RECORD_START_MAX, "%s", text);
}

static void read_agents(game_record *rec, const yaml_item *v, diag_sink *diags)
{
    if (v->kind != YAML_MAP) {
        yaml_error(diags, rec->doc, v, "`agents` maps players to agents, like {1: human, 2: \"mcts:1000\"}");
        return;
    }
    for (int i = 0; i < v->n; i++) {
        const char *k = v->keys[i]->text;
        int p = k[0] >= '1' && k[0] <= '0' + TB_MAX_PLAYERS && !k[1] ? k[0] - '0' : 0;
        if (!p) {
            yaml_error(diags, rec->doc, v->keys[i], "players are 1 to %d; got `%s`", TB_MAX_PLAYERS, k);
            continue;
        }
        if (p > rec->players) rec->players = p;
        const yaml_item *a = v->items[i];
        if (a->kind != YAML_SCALAR || strlen(a->text) >= RECORD_AGENT_MAX) {
            yaml_error(diags, rec->doc, a, "an agent is written like human, random, \"mcts:1000\" or \"alphabeta:4\"");
            continue;
        }
        snprintf(rec->agent[p - 1], RECORD_AGENT_MAX, "%s", a->text);
        rec->agent_item[p - 1] = a;
    }
}

/* A resignation entry, {resign: 3}: alone in its mapping, a player's number
 * (whether the game has that player is for the replay to say). */
static void read_resign(game_record *rec, const yaml_item *e, const yaml_item *who, diag_sink *diags)
{
    long player;
    if (who->kind != YAML_SCALAR)
        yaml_error(diags, rec->doc, who, "a resignation names one player, like {resign: 2}; each is an entry of "
                                         "its own, where it was made");
    else if (e->n > 1)
        yaml_error(diags, rec->doc, e, "a resignation is an entry of its own, like {resign: 2}: no `move`, `dice`, "
                                       "`announce` or `cube` beside it");
    else if (!yaml_int(diags, rec->doc, who, 1, TB_MAX_PLAYERS, &player))
        return;
    else if (!record_push_resign(rec, (int)player))
        diag_oom(diags, rec->doc->src->path);
    else
        rec->moves[rec->nmoves - 1].item = who;
}

/* One entry of `moves`: "c3-d4", or {move: "c3-d4", dice: [3, 5]}. */
static void read_move(game_record *rec, const yaml_item *e, diag_sink *diags)
{
    const yaml_item *text = e, *dice = NULL, *announce = NULL;
    if (e->kind == YAML_MAP) {
        static const char *const keys[] = { "move", "dice", "announce", "cube", "resign" };
        if (!check_keys(rec, e, keys, 5, "a move", diags)) return;
        const yaml_item *resign = yaml_get(e, "resign");
        if (resign) {
            read_resign(rec, e, resign, diags);
            return;
        }
        const yaml_item *cube = yaml_get(e, "cube");
        if (cube) {
            int action = cube->kind == YAML_SCALAR ? cube_action_of(cube->text) : CUBE_NONE;
            if (e->n > 1)
                yaml_error(diags, rec->doc, e, "a cube action is an entry of its own, like {cube: \"double\"}: "
                                               "no `move`, `dice` or `announce` beside it");
            else if (!action)
                yaml_error(diags, rec->doc, cube, "`cube` is double, take, drop or beaver%s%s%s",
                           cube->kind == YAML_SCALAR ? "; got `" : "", cube->kind == YAML_SCALAR ? cube->text : "",
                           cube->kind == YAML_SCALAR ? "`" : "");
            else if (!record_push_cube(rec, action))
                diag_oom(diags, rec->doc->src->path);
            else
                rec->moves[rec->nmoves - 1].item = cube;
            return;
        }
        text = yaml_get(e, "move");
        dice = yaml_get(e, "dice");
        announce = yaml_get(e, "announce");
        if (announce && announce->kind != YAML_SCALAR) {
            yaml_error(diags, rec->doc, announce, "`announce` is what was announced after the move, like \"Cura\"");
            return;
        }
        if (!text) {
            yaml_error(diags, rec->doc, e, "a move entry has `move` (the move in notation)");
            return;
        }
    }
    if (text->kind != YAML_SCALAR || !text->text[0]) {
        yaml_error(diags, rec->doc, text, "a move is written in the game's notation, like c3-d4");
        return;
    }
    if (strlen(text->text) >= RECORD_TEXT_MAX) {
        yaml_error(diags, rec->doc, text, "a move of %zu characters is longer than any move (at most %d)",
                   strlen(text->text), RECORD_TEXT_MAX - 1);
        return;
    }
    uint8_t values[RECORD_MAX_DICE];
    int nd = 0;
    if (dice) {
        if (dice->kind != YAML_SEQ || dice->n == 0 || dice->n > RECORD_MAX_DICE) {
            yaml_error(diags, rec->doc, dice, "`dice` is a list of 1 to %d values, like [3, 5]", RECORD_MAX_DICE);
            return;
        }
        for (int i = 0; i < dice->n; i++) {
            long d;
            if (!yaml_int(diags, rec->doc, dice->items[i], 0, 255, &d)) return;
            values[nd++] = (uint8_t)d;
        }
    }
    if (!record_push(rec, text->text, values, nd)) {
        diag_oom(diags, rec->doc->src->path);
        return;
    }
    rec->moves[rec->nmoves - 1].item = text;
    rec->moves[rec->nmoves - 1].dice_item = dice;
    rec->moves[rec->nmoves - 1].announced = announce != NULL;
}

/* `match: {to: 7, game: 2, score: [1, 0], crawford: false, seed: 5}`: the
 * match a game belongs to, with the score before it. */
static void read_match(game_record *rec, const yaml_item *v, diag_sink *diags)
{
    static const char *const keys[] = { "to", "game", "score", "crawford", "seed" };
    rec->match_item = v;
    if (v->kind != YAML_MAP) {
        yaml_error(diags, rec->doc, v, "`match` is a mapping like {to: 7, game: 1, score: [0, 0], crawford: false, "
                                       "seed: 1}");
        return;
    }
    if (!check_keys(rec, v, keys, 5, "a match", diags)) return;
    const yaml_item *to = need_scalar(rec, v, "to", "a match", diags), *game = need_scalar(rec, v, "game", "a match", diags);
    const yaml_item *score = yaml_get(v, "score"), *crawford = yaml_get(v, "crawford"), *seed = yaml_get(v, "seed");
    long n, g;
    if (!to || !game || !yaml_int(diags, rec->doc, to, 1, CUBE_MATCH_MAX, &n) ||
        !yaml_int(diags, rec->doc, game, 1, 1000000, &g))
        return;
    rec->match_to = (int)n;
    rec->match_game = (int)g;
    if (!score || score->kind != YAML_SEQ || score->n != 2) {
        yaml_error(diags, rec->doc, score ? score : v, "`score` is the two players' points before the game, like "
                                                       "[2, 1], each less than `to` (%ld)", n);
        return;
    }
    for (int p = 0; p < 2; p++) {
        long pts;
        if (!yaml_int(diags, rec->doc, score->items[p], 0, n - 1, &pts)) return;
        rec->match_score[p] = (int)pts;
    }
    if (crawford) {
        if (crawford->kind != YAML_SCALAR || (strcmp(crawford->text, "true") != 0 && strcmp(crawford->text, "false") != 0)) {
            yaml_error(diags, rec->doc, crawford, "`crawford` is true (the Crawford game: no doubling) or false");
            return;
        }
        rec->match_crawford = strcmp(crawford->text, "true") == 0;
        if (rec->match_crawford && (rec->match_score[0] == n - 1) == (rec->match_score[1] == n - 1)) {
            yaml_error(diags, rec->doc, crawford, "the Crawford game is played when one player (not both) needs one "
                                                  "point; the score is %d-%d in a match to %ld",
                       rec->match_score[0], rec->match_score[1], n);
            return;
        }
    }
    if (seed) {
        uint64_t sd;
        if (seed->kind != YAML_SCALAR || !number_whole(seed->text, 0, UINT64_MAX, &sd)) {
            yaml_error(diags, rec->doc, seed, "`seed` is the match's seed, a whole number from 0 to 2^64-1");
            return;
        }
        rec->match_seed = sd;
    }
}

static int result_well_formed(const char *s)
{
    if (strcmp(s, "ongoing") == 0 || strcmp(s, "draw") == 0) return 1;
    /* a win of player 1 .. TB_MAX_PLAYERS (the replay checks the game has them) */
    static const char *const kinds[] = { "win ", "double-win ", "triple-win " };
    for (int k = 0; k < 3; k++) {
        size_t n = strlen(kinds[k]);
        if (strncmp(s, kinds[k], n) == 0 && s[n] >= '1' && s[n] <= '0' + TB_MAX_PLAYERS && !s[n + 1]) return 1;
    }
    return 0;
}

int record_read(const char *path, game_record *rec, diag_sink *diags, int *io_error)
{
    record_init(rec);
    *io_error = 0;
    src_file *src = source_load(path, diags, io_error);
    if (!src) return 0;
    return record_read_source(src, rec, diags, io_error);
}

int record_read_source(src_file *src, game_record *rec, diag_sink *diags, int *io_error)
{
    record_init(rec);
    *io_error = 0;
    int errors = diags->errors;
    rec->doc = yaml_doc_parse(src, diags);
    if (!rec->doc) {
        *io_error = diags->oom;
        return 0;
    }
    const yaml_item *root = rec->doc->root;
    rec->root = root;
    if (!root || root->kind != YAML_MAP) {
        yaml_error(diags, rec->doc, root, "a game record is a mapping with `ruleset`, `moves` and `result` "
                                          "(see docs/records.md)");
        return 0;
    }
    check_keys(rec, root, top_keys, NTOP, "a game record", diags);
    const yaml_item *v;
    if ((v = yaml_get(root, "tabula-record"))) {
        long fmt;
        if (yaml_int(diags, rec->doc, v, 1, 1000, &fmt) && fmt != RECORD_FORMAT)
            yaml_error(diags, rec->doc, v, "record format %ld is newer than this tabula reads (%d)", fmt, RECORD_FORMAT);
    }
    if (!(v = yaml_get(root, "ruleset")))
        yaml_error(diags, rec->doc, root, "the record has no `ruleset` (the game's name and rule file)");
    else read_ruleset(rec, v, diags);
    if ((v = yaml_get(root, "options"))) read_options(rec, v, diags);
    if ((v = yaml_get(root, "seed"))) read_seed(rec, v, diags);
    if ((v = yaml_get(root, "agents"))) read_agents(rec, v, diags);
    if ((v = yaml_get(root, "start"))) read_start(rec, v, diags);
    if (!(v = yaml_get(root, "moves"))) {
        yaml_error(diags, rec->doc, root, "the record has no `moves` (the moves played, in notation)");
    } else if (v->kind == YAML_SEQ) {
        for (int i = 0; i < v->n; i++) read_move(rec, v->items[i], diags);
    } else if (!(v->kind == YAML_SCALAR && v->text[0] == '\0' && !v->quoted)) {
        yaml_error(diags, rec->doc, v, "`moves` is a list of moves in notation, like [c3-d4, f6-e5]");
    }
    if ((v = yaml_get(root, "resigned"))) {
        long who;
        if (yaml_int(diags, rec->doc, v, 1, 2, &who)) {
            rec->resigned = (int)who;
            rec->resigned_item = v;
        }
    }
    if ((v = yaml_get(root, "points"))) {
        long points;
        if (yaml_int(diags, rec->doc, v, 1, 3L * 4096, &points)) {
            rec->points = (int)points;
            rec->points_item = v;
        }
    }
    if ((v = yaml_get(root, "match"))) read_match(rec, v, diags);
    if ((v = yaml_get(root, "cut-off"))) {
        long after;
        if (yaml_int(diags, rec->doc, v, 1, PLAYOUT_MAX_PLIES, &after)) {
            rec->cut_off = (int)after;
            rec->cut_off_item = v;
        }
    }
    if (!(v = yaml_get(root, "result"))) {
        yaml_error(diags, rec->doc, root, "the record has no `result` (ongoing, draw, \"win 1\", ...)");
    } else if (v->kind != YAML_SCALAR || !result_well_formed(v->text)) {
        yaml_error(diags, rec->doc, v, "`result` is ongoing, draw, \"win 1\", \"win 2\", \"double-win 1\", "
                                       "\"double-win 2\", \"triple-win 1\" or \"triple-win 2\" (up to \"win 4\" with more "
                                       "players)%s%s%s", v->kind == YAML_SCALAR ? "; got `" : "",
                   v->kind == YAML_SCALAR ? v->text : "", v->kind == YAML_SCALAR ? "`" : "");
    } else {
        rec->result_item = v;
        snprintf(rec->result, sizeof rec->result, "%s", v->text);
    }
    if (diags->oom) *io_error = 1;
    return diags->errors == errors;
}

int record_settings(const game_record *rec, option_setting *out, int max)
{
    const yaml_item *opts = rec->doc ? yaml_get(rec->root, "options") : NULL;
    int n = 0;
    for (int i = 0; i < rec->noptions && n < max; i++, n++) {
        out[n].name = rec->option_name[i];
        out[n].value = rec->option_value[i];
        out[n].src = NULL;
        out[n].loc = span_make(0, 0);
        if (opts && opts->kind == YAML_MAP) {
            for (int k = 0; k < opts->n; k++)
                if (strcmp(opts->keys[k]->text, rec->option_name[i]) == 0) {
                    out[n].src = rec->doc->src;
                    out[n].loc = opts->items[k]->loc;
                }
        }
    }
    return n;
}

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int record_rule_path(const game_record *rec, const char *record_path, diag_sink *diags, char *buf, size_t size)
{
    const char *p = rec->path;
    if (p[0] != '/' && (strchr(p, '/') || strstr(p, ".game"))) {
        char dir[4096];
        dir_of(record_path, dir, sizeof dir);
        /* from a record in the current directory, the path as it reads (results name it so, not ./PATH) */
        if (!strchr(record_path, '/')) snprintf(buf, size, "%s", p);
        else snprintf(buf, size, "%s/%s", dir, p);
        if (is_file(buf)) return 1;
    }
    if (load_resolve(p, buf, size)) return 1;
    if (rec->doc)
        yaml_error(diags, rec->doc, rec->path_item ? rec->path_item : rec->root,
                   "unknown ruleset: no rule file `%s`%s%s%s (give the rule file on the command line)", p,
                   rec->game[0] ? " for \"" : "", rec->game, rec->game[0] ? "\"" : "");
    else
        diag_plain(diags, record_path, DIAG_ERROR, "unknown ruleset: no rule file `%s`", p);
    return 0;
}

int record_check_game(const game_record *rec, const ruleset *rs, const char *rule_file, diag_sink *diags)
{
    if (!rec->game[0] || strcmp(rec->game, rs->title) == 0) return 1;
    yaml_error(diags, rec->doc, rec->game_item ? rec->game_item : rec->root,
               "unknown ruleset: the record is a game of \"%s\", but `%s` describes \"%s\"", rec->game, rule_file,
               rs->title);
    return 0;
}

void record_list_moves(const ruleset *rs, const move *moves, int n, char *buf, size_t size)
{
    size_t len = strlen(buf);
    for (int i = 0; i < n; i++) {
        char m[256];
        move_display(rs, &moves[i], moves, n, m, sizeof m);
        if (len + strlen(m) + 8 >= size) {
            snprintf(buf + len, size - len, "%s...", i ? ", " : "");
            return;
        }
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "", m);
    }
}

/* Located error at ITEM when the record was read from a file; plain otherwise. */
static void error_at(const game_record *rec, const yaml_item *item, diag_sink *diags, const char *msg)
{
    if (rec->doc && item) yaml_error(diags, rec->doc, item, "%s", msg);
    else diag_plain(diags, "record", DIAG_ERROR, "%s", msg);
}

/* The dice of M, checked against the game's dice: 1 to 6 values, each a
 * face of the game's dice. */
static int check_dice(const game_record *rec, const ruleset *rs, int i, diag_sink *diags)
{
    const record_move *m = &rec->moves[i];
    char msg[512];
    if (!m->ndice) {
        snprintf(msg, sizeof msg, "move %d `%s` has no `dice`: a game with dice records the roll of every turn, "
                 "like {move: \"%s\", dice: [3, 5]}", i + 1, m->text, m->text);
        error_at(rec, m->item, diags, msg);
        return 0;
    }
    for (int d = 0; d < m->ndice; d++)
        if (m->dice[d] < rs->dice_lo || m->dice[d] > rs->dice_hi) {
            snprintf(msg, sizeof msg, "move %d: a die of \"%s\" shows %d to %d; the record gives %d", i + 1, rs->title,
                     rs->dice_lo, rs->dice_hi, m->dice[d]);
            error_at(rec, m->dice_item, diags, msg);
            return 0;
        }
    return 1;
}

static void dice_text(const uint8_t *dice, int n, char *buf, size_t size)
{
    size_t len = (size_t)snprintf(buf, size, "[");
    for (int d = 0; d < n && len < size; d++) len += (size_t)snprintf(buf + len, size - len, "%s%d", d ? ", " : "", dice[d]);
    if (len < size) snprintf(buf + len, size - len, "]");
}

/* Entry M as a message quotes it: its move, or a resignation's mapping. */
static void entry_shown(const record_move *m, char *buf, size_t size)
{
    if (m->resign) snprintf(buf, size, "{resign: %d}", m->resign);
    else snprintf(buf, size, "%s", m->text);
}

static void after_end(const game_record *rec, const state *st, int i, diag_sink *diags)
{
    char msg[512], result[32], shown[RECORD_TEXT_MAX];
    engine_result_text(st, result, sizeof result);
    entry_shown(&rec->moves[i], shown, sizeof shown);
    snprintf(msg, sizeof msg, "move %d `%s` comes after the end of the game (%s after %d move%s)", i + 1,
             shown, result, i, i == 1 ? "" : "s");
    error_at(rec, rec->moves[i].item, diags, msg);
}

void record_turn_start(const ruleset *rs, record_turn *turn)
{
    memset(turn, 0, sizeof *turn);
    turn->cube.value = 1;
    turn->cube_roll = -1;
    turn->fresh = rs->dice_count > 0; /* engine_seed rolled the first turn's dice */
}

/* Takes the dice just rolled as the roll of the turn under way. */
static void take_roll(const state *st, record_turn *turn)
{
    turn->nroll = st->h.ndice < RECORD_MAX_DICE ? st->h.ndice : RECORD_MAX_DICE;
    memcpy(turn->roll, st->h.dice, (size_t)turn->nroll);
    turn->fresh = 0;
    turn->rolls++;
}

int record_settle(const ruleset *rs, state *st, move_list *moves, record_turn *turn)
{
    for (;;) {
        if (st->h.status != STATUS_ONGOING) return 0;
        int n = engine_legal(rs, st, moves);
        if (moves->error) return 0;
        if (n == 0 && turn->fresh && st->h.ndice) return -1; /* a whole turn lost: the caller records it */
        if (n > 0) {
            if (turn->fresh) take_roll(st, turn);
            return n;
        }
        if (engine_settle(rs, st, 0) > 0) return 0;
        turn->fresh = rs->dice_count > 0;
        if (++turn->passes > RECORD_MAX_PASSES) engine_finish(st, 0, 1, NULL);
    }
}

void record_pass(const ruleset *rs, state *st, record_turn *turn)
{
    engine_settle(rs, st, 0);
    turn->fresh = 1;
    if (++turn->passes > RECORD_MAX_PASSES) engine_finish(st, 0, 1, NULL);
}

/* Entry I, TEXT, a track game's move written as its players write it
 * (`8/5`, `bar/22*`): *K the legal move (of MOVES, N) it means, one die's.
 * Returns 0 with MSG set when it means none, several, or more than one
 * die's move (an entry is one move: a turn takes an entry a die). */
static int written_entry(const ruleset *rs, const state *st, const move *moves, int n, int i, const char *text,
                         int *k, char *msg, size_t size)
{
    written_found f;
    char err[1024];
    if (written_find(rs, st, text, &f, err, sizeof err) != 1) {
        snprintf(msg, size, "move %d: %s", i + 1, err);
        return 0;
    }
    if (f.n != 1) {
        snprintf(msg, size, "move %d `%s` is %d moves of the dice; a record holds one an entry, each with the dice "
                 "of its turn", i + 1, text, f.n);
        return 0;
    }
    for (*k = 0; *k < n; (*k)++)
        if (move_equal(&moves[*k], &f.seq[0])) return 1;
    *k = -1;
    return 1;
}

int record_cube_point(const state *st, const record_turn *turn)
{
    return st->h.status == STATUS_ONGOING && st->h.ply > 0 &&
           (turn->fresh || (st->h.ndice == turn->nroll && turn->cube_roll != turn->rolls));
}

/* Entry I, a cube action: at the start of a turn (settled up to its roll),
 * by the player whose turn it is or the one a double was offered to.
 * Returns 0 after a located error. */
static int replay_cube(const game_record *rec, const ruleset *rs, state *st, move_list *legal, record_turn *turn,
                       const cube_match *match, int i, diag_sink *diags)
{
    const record_move *m = &rec->moves[i];
    char msg[512], why[256];
    if (!rs->cube.on) {
        snprintf(msg, sizeof msg, "move %d `{cube: %s}`: \"%s\" has no doubling cube", i + 1, m->text, rs->title);
        error_at(rec, m->item, diags, msg);
        return 0;
    }
    /* Settle what the last move left (dice that cannot be played, a blocked
     * player) up to the next roll, which the cube comes before. */
    while (st->h.status == STATUS_ONGOING && !turn->fresh && !turn->cube.offered) {
        int n = engine_legal(rs, st, legal);
        if (legal->error) {
            snprintf(msg, sizeof msg, "move %d: %s", i + 1, moves_error_text(legal->error));
            error_at(rec, m->item, diags, msg);
            if (legal->error == MOVES_NO_MEMORY) diags->oom = 1; /* exit 2, as memory running out anywhere */
            return 0;
        }
        if (n > 0) break;
        if (engine_settle(rs, st, 0) > 0) break;
        turn->fresh = 1;
        if (++turn->passes > RECORD_MAX_PASSES) engine_finish(st, 0, 1, NULL);
    }
    if (st->h.status != STATUS_ONGOING) {
        after_end(rec, st, i, diags);
        return 0;
    }
    int player = st->h.to_move;
    if (m->cube != CUBE_DOUBLE) player = turn->cube.offered ? tb_opponent(turn->cube.offered) : player;
    if (m->cube == CUBE_DOUBLE && !turn->cube.offered && !record_cube_point(st, turn)) {
        if (st->h.ply == 0)
            snprintf(msg, sizeof msg, "move %d `{cube: double}`: no double before the game's first move (its roll "
                     "decided who starts)", i + 1);
        else
            snprintf(msg, sizeof msg, "move %d `{cube: double}`: a double comes at the start of a turn, before the "
                     "roll; player %d is in the middle of a turn", i + 1, st->h.to_move);
        error_at(rec, m->item, diags, msg);
        return 0;
    }
    if (!cube_allowed(rs, match, &turn->cube, player, m->cube, why, sizeof why)) {
        snprintf(msg, sizeof msg, "move %d `{cube: %s}` by player %d: %s", i + 1, m->text, player, why);
        error_at(rec, m->item, diags, msg);
        return 0;
    }
    cube_apply(&turn->cube, player, m->cube);
    turn->cube_roll = turn->rolls + 1; /* the roll to come: the cube is decided for it */
    return 1;
}

/* Why entry I, {resign: P}, cannot stand where it is (ST settled up to the
 * decision it comes at, N what record_settle gave there), into MSG; "" when it can. */
static void resign_refused(const game_record *rec, const ruleset *rs, const state *st, int n, int i, char *msg,
                           size_t size)
{
    int p = rec->moves[i].resign;
    char dice[64];
    msg[0] = '\0';
    if (rs->nplayers <= 2)
        snprintf(msg, size, "move %d `{resign: %d}`: a resignation ends a game of two players; it is written "
                 "`resigned: %d` after the moves", i + 1, p, p);
    else if (p > rs->nplayers)
        snprintf(msg, size, "move %d `{resign: %d}`: \"%s\" is played by %d players", i + 1, p, rs->title,
                 rs->nplayers);
    else if (st->h.out >> (p - 1) & 1)
        snprintf(msg, size, "move %d `{resign: %d}`: player %d is out already", i + 1, p, p);
    else if (n < 0) {
        dice_text(st->h.dice, st->h.ndice, dice, sizeof dice);
        snprintf(msg, size, "move %d `{resign: %d}`: player %d cannot play the dice %s at all; the record should say "
                 "{move: %s, dice: %s} first", i + 1, p, st->h.to_move, dice, RECORD_PASS, dice);
    } else if (st->h.to_move != p)
        snprintf(msg, size, "move %d `{resign: %d}`: player %d is to move; a player resigns on their own turn", i + 1,
                 p, st->h.to_move);
}

/* Entry I, a resignation ({resign: P}, a game of more than two players):
 * at a decision of player P (what the last move left is settled first),
 * who is then out. Returns 0 after a located error. */
static int replay_resign(const game_record *rec, const ruleset *rs, state *st, move_list *legal, record_turn *turn,
                         int i, diag_sink *diags)
{
    const record_move *m = &rec->moves[i];
    char msg[512];
    int n = rs->nplayers > 2 && m->resign <= rs->nplayers ? record_settle(rs, st, legal, turn) : 1;
    if (legal->error) {
        snprintf(msg, sizeof msg, "move %d: %s", i + 1, moves_error_text(legal->error));
        error_at(rec, m->item, diags, msg);
        if (legal->error == MOVES_NO_MEMORY) diags->oom = 1; /* exit 2, as memory running out anywhere */
        return 0;
    }
    if (n == 0) {
        after_end(rec, st, i, diags);
        return 0;
    }
    resign_refused(rec, rs, st, n, i, msg, sizeof msg);
    if (msg[0]) {
        error_at(rec, m->item, diags, msg);
        return 0;
    }
    engine_resign(rs, st, m->resign);
    /* The next player's dice are rolled when the next entry is replayed, as
     * play rolls them after the resignation: not a roll to replace yet. */
    turn->fresh = 0;
    return 1;
}

int record_start_position(const game_record *rec, const ruleset *rs, state *st, char *err, size_t size)
{
    char why[512];
    if (rec->start_fen[0] && !fen_read(rs, rec->start_fen, st, why, sizeof why)) {
        snprintf(err, size, "the start position is no FEN of \"%s\": %s", rs->title, why);
        return 0;
    }
    if (rec->start_gnubg_id[0] && !gnubg_id_read(rs, rec->start_gnubg_id, st, why, sizeof why)) {
        snprintf(err, size, "the start position is no gnubg ID of \"%s\": %s", rs->title, why);
        return 0;
    }
    if (!rec->start_fen[0] && !rec->start_gnubg_id[0]) state_start(rs, st);
    return 1;
}

int record_set_start(game_record *rec, const ruleset *rs, const state *st, char *err, size_t size)
{
    char why[256];
    rec->start_fen[0] = rec->start_gnubg_id[0] = '\0';
    if (fen_supported(rs, why, sizeof why)) {
        if (fen_write(rs, st, rec->start_fen, sizeof rec->start_fen)) return 1;
        snprintf(err, size, "the position's FEN is longer than a record keeps (%d characters)", RECORD_START_MAX - 1);
        return 0;
    }
    if (!gnubg_id_unfit(rs)) {
        gnubg_id_write(rs, st, rec->start_gnubg_id, sizeof rec->start_gnubg_id);
        return 1;
    }
    snprintf(err, size, "a record keeps a start position as FEN or as a gnubg ID, and \"%s\" has neither (%s)",
             rs->title, why);
    return 0;
}

/* Replays entry by entry. In a dice game the engine rolls when a turn
 * begins; the recorded dice then replace the engine's (TURN->fresh marks a
 * roll not yet replaced), and a turn in which those dice cannot be played at
 * all is written as a `pass` entry. Since replacing dice draws nothing from
 * the engine's generator, a record replayed with its own seed leaves the
 * generator where the game left it. */
int record_replay(const game_record *rec, const ruleset *rs, state *st, move_list *moves, diag_sink *diags,
                  record_turn *turn_out)
{
    return record_replay_visit(rec, rs, st, moves, diags, turn_out, NULL, NULL);
}

int record_replay_visit(const game_record *rec, const ruleset *rs, state *st, move_list *legal, diag_sink *diags,
                        record_turn *turn_out, record_visit_fn visit, void *ctx)
{
    int dice = rs->dice_count > 0;
    char msg[4096], list[3600], tmp[64], tmp2[64];
    if (!record_start_position(rec, rs, st, msg, sizeof msg)) {
        error_at(rec, rec->start_item, diags, msg);
        return -1;
    }
    engine_seed(rs, st, rec->has_seed ? rec->seed : 0);
    record_turn turn;
    record_turn_start(rs, &turn);
    cube_match match;
    record_match(rec, &match);
    turn.cube.crawford = rec->match_crawford;
    if (rec->match_to && !rs->cube.on) {
        snprintf(msg, sizeof msg, "a match is played with a doubling cube, and \"%s\" has none", rs->title);
        error_at(rec, rec->match_item, diags, msg);
        return -1;
    }
    if (rec->resigned && rs->nplayers > 2) {
        snprintf(msg, sizeof msg, "`resigned: %d` ends a game of two players; with %d players a resignation is an "
                 "entry of `moves`, {resign: %d}, where it was made", rec->resigned, rs->nplayers, rec->resigned);
        error_at(rec, rec->resigned_item, diags, msg);
        return -1;
    }
    for (int i = 0; i < rec->nmoves; i++) {
        const record_move *m = &rec->moves[i];
        if (turn.cube.dropped) {
            snprintf(msg, sizeof msg, "move %d `%s` comes after the end of the game (player %d dropped the cube)",
                     i + 1, m->text, turn.cube.dropped);
            error_at(rec, m->item, diags, msg);
            return -1;
        }
        if (m->cube) {
            if (!replay_cube(rec, rs, st, legal, &turn, &match, i, diags)) return -1;
            if (visit) visit(ctx, i, st, NULL, st->h.to_move, 0);
            continue;
        }
        if (m->resign) {
            if (!replay_resign(rec, rs, st, legal, &turn, i, diags)) return -1;
            if (visit) visit(ctx, i, st, NULL, m->resign, 0);
            continue;
        }
        if (turn.cube.offered) {
            snprintf(msg, sizeof msg, "move %d `%s`: player %d doubled, and player %d must take or drop first "
                     "({cube: \"take\"} or {cube: \"drop\"})", i + 1, m->text, turn.cube.offered, tb_opponent(turn.cube.offered));
            error_at(rec, m->item, diags, msg);
            return -1;
        }
        if (!dice && m->ndice) {
            snprintf(msg, sizeof msg, "move %d has `dice`, but \"%s\" is played without dice", i + 1, rs->title);
            error_at(rec, m->dice_item, diags, msg);
            return -1;
        }
        if (dice && !check_dice(rec, rs, i, diags)) return -1;
        int is_pass = dice && strcmp(m->text, RECORD_PASS) == 0;
        int rolled_here = 0, n;
        const move *moves;
        for (;;) {
            if (st->h.status != STATUS_ONGOING) {
                after_end(rec, st, i, diags);
                return -1;
            }
            if (turn.fresh) {
                engine_take_dice(st, m->dice, m->ndice);
                take_roll(st, &turn);
                rolled_here = 1;
            }
            n = engine_legal(rs, st, legal);
            if (legal->error) {
                snprintf(msg, sizeof msg, "move %d: %s", i + 1, moves_error_text(legal->error));
                error_at(rec, m->item, diags, msg);
                if (legal->error == MOVES_NO_MEMORY) diags->oom = 1; /* exit 2, as memory running out anywhere */
                return -1;
            }
            if (n > 0 || (rolled_here && st->h.ndice)) break;
            /* Blocked, or the rest of a turn lost: settle, perhaps rolling. */
            if (engine_settle(rs, st, 0) > 0) continue;
            turn.fresh = dice;
            if (++turn.passes > RECORD_MAX_PASSES) engine_finish(st, 0, 1, NULL);
        }
        moves = legal->m;
        if (dice && !rolled_here && (m->ndice != turn.nroll || memcmp(m->dice, turn.roll, (size_t)turn.nroll) != 0)) {
            dice_text(m->dice, m->ndice, tmp, sizeof tmp);
            dice_text(turn.roll, turn.nroll, tmp2, sizeof tmp2);
            snprintf(msg, sizeof msg, "move %d: dice %s, but the turn under way rolled %s", i + 1, tmp, tmp2);
            error_at(rec, m->dice_item, diags, msg);
            return -1;
        }
        if (is_pass) {
            if (n > 0) {
                list[0] = '\0';
                record_list_moves(rs, moves, n, list, sizeof list);
                snprintf(msg, sizeof msg, "move %d: `%s`, but player %d can move; legal moves: %s", i + 1, RECORD_PASS,
                         st->h.to_move, list);
                error_at(rec, m->item, diags, msg);
                return -1;
            }
            int p = st->h.to_move;
            record_pass(rs, st, &turn);
            if (visit) visit(ctx, i, st, NULL, p, rolled_here);
            continue;
        }
        if (n == 0) {
            dice_text(turn.roll, turn.nroll, tmp, sizeof tmp);
            snprintf(msg, sizeof msg, "move %d `%s`: player %d cannot play the dice %s at all; the record should say "
                     "{move: %s, dice: %s}", i + 1, m->text, st->h.to_move, tmp, RECORD_PASS, tmp);
            error_at(rec, m->item, diags, msg);
            return -1;
        }
        int k = engine_find_move(rs, moves, n, m->text);
        if (k < 0 && written_applies(rs) && written_form(m->text) &&
            !written_entry(rs, st, moves, n, i, m->text, &k, msg, sizeof msg)) {
            error_at(rec, m->item, diags, msg);
            return -1;
        }
        if (k < 0) {
            list[0] = '\0';
            record_list_moves(rs, moves, n, list, sizeof list);
            char numbers[256];
            if (notation_in_numbers(rs, m->text, numbers, sizeof numbers))
                snprintf(msg, sizeof msg, "move %d `%s` is not legal here (this board is numbered: in its numbers "
                         "`%s` is `%s`); legal moves: %s", i + 1, m->text, m->text, numbers, list);
            else
                snprintf(msg, sizeof msg, "move %d `%s` is not legal here; legal moves: %s", i + 1, m->text, list);
            error_at(rec, m->item, diags, msg);
            return -1;
        }
        int p = st->h.to_move;
        move played = moves[k];
        engine_apply(rs, st, &played, NULL);
        turn.passes = 0;
        if (visit) visit(ctx, i, st, &played, p, rolled_here);
    }
    /* Settle what follows the last entry (a blocked position ends the game);
     * a fresh roll that cannot be played is left for the caller to record. */
    if (!turn.cube.dropped && !turn.cube.offered) record_settle(rs, st, legal, &turn);
    if (legal->error) {
        snprintf(msg, sizeof msg, "after the last move: %s", moves_error_text(legal->error));
        error_at(rec, rec->nmoves ? rec->moves[rec->nmoves - 1].item : NULL, diags, msg);
        if (legal->error == MOVES_NO_MEMORY) diags->oom = 1;
        return -1;
    }
    if (turn_out) *turn_out = turn;
    return rec->nmoves;
}

int record_moves_played(const game_record *rec)
{
    int n = 0;
    for (int i = 0; i < rec->nmoves; i++)
        n += !rec->moves[i].cube && !rec->moves[i].resign && strcmp(rec->moves[i].text, RECORD_PASS) != 0;
    return n;
}

/* A game cut off by play --max-moves: ongoing on the board after that many
 * moves, and a draw. */
static int check_cut_off(const game_record *rec, const state *st, const char *got, diag_sink *diags)
{
    char msg[256];
    int played = record_moves_played(rec);
    if (st->h.status != STATUS_ONGOING) {
        snprintf(msg, sizeof msg, "the game was cut off after %d move%s, but the moves already end it: `%s`",
                 rec->cut_off, rec->cut_off == 1 ? "" : "s", got);
        error_at(rec, rec->cut_off_item, diags, msg);
        return 0;
    }
    if (played != rec->cut_off) {
        snprintf(msg, sizeof msg, "the game was cut off after %d move%s, but the record has %d", rec->cut_off,
                 rec->cut_off == 1 ? "" : "s", played);
        error_at(rec, rec->cut_off_item, diags, msg);
        return 0;
    }
    if (strcmp(rec->result, "draw") == 0) return 1;
    snprintf(msg, sizeof msg, "the recorded result is `%s`, but a game cut off is a draw", rec->result);
    error_at(rec, rec->result_item, diags, msg);
    return 0;
}

int record_check_result(const game_record *rec, const state *st, diag_sink *diags)
{
    char got[32];
    char msg[256];
    engine_result_text(st, got, sizeof got);
    if (rec->cut_off && rec->resigned) {
        error_at(rec, rec->cut_off_item, diags, "a game is either cut off or resigned, not both");
        return 0;
    }
    if (rec->cut_off) return check_cut_off(rec, st, got, diags);
    if (rec->resigned) {
        char want[32];
        snprintf(want, sizeof want, "win %d", tb_opponent(rec->resigned));
        if (st->h.status != STATUS_ONGOING) {
            snprintf(msg, sizeof msg, "player %d resigned, but the moves already end the game: `%s`", rec->resigned,
                     got);
            error_at(rec, rec->resigned_item, diags, msg);
            return 0;
        }
        if (strcmp(want, rec->result) == 0) return 1;
        snprintf(msg, sizeof msg, "the recorded result is `%s`, but player %d resigned: `%s`", rec->result,
                 rec->resigned, want);
        error_at(rec, rec->result_item, diags, msg);
        return 0;
    }
    if (strcmp(got, rec->result) == 0) return 1;
    snprintf(msg, sizeof msg, "the recorded result is `%s`, but the moves give `%s`", rec->result, got);
    error_at(rec, rec->result_item, diags, msg);
    return 0;
}

void record_set_result(game_record *rec, const ruleset *rs, const state *st, const cube_game *cube)
{
    if (cube && cube->dropped) snprintf(rec->result, sizeof rec->result, "win %d", tb_opponent(cube->dropped));
    else if (rec->resigned) snprintf(rec->result, sizeof rec->result, "win %d", tb_opponent(rec->resigned));
    else engine_result_text(st, rec->result, sizeof rec->result);
    rec->points = 0;
    if (!rs->cube.on || !cube) return;
    cube_match m;
    record_match(rec, &m);
    if (cube->dropped || rec->resigned) rec->points = cube_points(rs, &m, cube, 1);
    else if (st->h.status == STATUS_OVER && st->h.winner) rec->points = cube_points(rs, &m, cube, st->h.score);
}

int record_check_cube_result(const game_record *rec, const ruleset *rs, const state *st, const cube_game *cube,
                             diag_sink *diags)
{
    char msg[256];
    if (cube && cube->dropped) {
        char want[32];
        snprintf(want, sizeof want, "win %d", tb_opponent(cube->dropped));
        if (rec->resigned || rec->cut_off) {
            error_at(rec, rec->resigned ? rec->resigned_item : rec->cut_off_item, diags,
                     "a game dropped at the cube ends there: it is not resigned or cut off as well");
            return 0;
        }
        if (strcmp(want, rec->result) != 0) {
            snprintf(msg, sizeof msg, "the recorded result is `%s`, but player %d dropped the cube: `%s`", rec->result,
                     cube->dropped, want);
            error_at(rec, rec->result_item, diags, msg);
            return 0;
        }
    } else if (!record_check_result(rec, st, diags)) {
        return 0;
    }
    if (!rec->points_item) return 1;
    game_record want = *rec;
    record_set_result(&want, rs, st, cube);
    if (!rs->cube.on || want.points == 0) {
        error_at(rec, rec->points_item, diags, rs->cube.on ? "`points` is what a game over was worth; this game has no winner"
                                                          : "`points` is written for games with a doubling cube");
        return 0;
    }
    if (want.points != rec->points) {
        snprintf(msg, sizeof msg, "the record says the game was worth %d point%s, but its result and cube (%d) give %d",
                 rec->points, rec->points == 1 ? "" : "s", cube ? cube->value : 1, want.points);
        error_at(rec, rec->points_item, diags, msg);
        return 0;
    }
    return 1;
}
