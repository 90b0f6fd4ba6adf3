/* check_lexer.c - the tokens of rule files: atoms and their values, spans,
 * comments, and the lexical errors (strings, integers, ranges, characters),
 * plus what source.c refuses before lexing (size, NUL, UTF-8). */
#include <check.h>

#include "check_suites.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_front.h"
#include "io/yaml_doc.h"

/* The arguments of the single top-level form of TEXT, which must parse cleanly. */
static const ast_node *only_form(front_run *r)
{
    ck_assert_msg(r->errors == 0, "unexpected diagnostics:\n%s", r->out);
    ck_assert_int_eq(r->root->nkids, 1);
    ck_assert_int_eq(r->root->kids[0]->kind, AST_FORM);
    return r->root->kids[0];
}

START_TEST(lexer_reads_integers)
{
    front_run *r = front_run_text("(x 42 -7 0 1000000 -1000000)", -1, FRONT_PARSE, NULL, 0);
    const ast_node *f = only_form(r);
    static const long want[] = { 42, -7, 0, 1000000, -1000000 };
    ck_assert_int_eq(f->nkids, 5);
    for (int i = 0; i < 5; i++) {
        ck_assert_int_eq(f->kids[i]->kind, AST_INT);
        ck_assert_int_eq(f->kids[i]->lo, want[i]);
    }
    front_free(r);
}
END_TEST

START_TEST(lexer_reads_ranges)
{
    front_run *r = front_run_text("(x 1..6 -3..-1 2..2)", -1, FRONT_PARSE, NULL, 0);
    const ast_node *f = only_form(r);
    ck_assert_int_eq(f->nkids, 3);
    ck_assert_int_eq(f->kids[0]->kind, AST_RANGE);
    ck_assert_int_eq(f->kids[0]->lo, 1);
    ck_assert_int_eq(f->kids[0]->hi, 6);
    ck_assert_int_eq(f->kids[1]->lo, -3);
    ck_assert_int_eq(f->kids[1]->hi, -1);
    ck_assert_int_eq(f->kids[2]->lo, 2);
    ck_assert_int_eq(f->kids[2]->hi, 2);
    front_free(r);
}
END_TEST

START_TEST(lexer_reads_names_with_dots_dashes_and_underscores)
{
    front_run *r = front_run_text("(x c3.0 diagonal-forward _a1 a+b e2)", -1, FRONT_PARSE, NULL, 0);
    const ast_node *f = only_form(r);
    static const char *const want[] = { "c3.0", "diagonal-forward", "_a1", "a+b", "e2" };
    ck_assert_int_eq(f->nkids, 5);
    for (int i = 0; i < 5; i++) {
        ck_assert_int_eq(f->kids[i]->kind, AST_NAME);
        ck_assert_str_eq(f->kids[i]->text, want[i]);
    }
    front_free(r);
}
END_TEST

START_TEST(lexer_reads_strings_with_escapes)
{
    front_run *r = front_run_text("(x \"Le Coucou\" \"a\\\"b\" \"t\\tn\\n\" \"\" \"h\xc3\xa9\")", -1, FRONT_PARSE,
                                  NULL, 0);
    const ast_node *f = only_form(r);
    ck_assert_int_eq(f->nkids, 5);
    for (int i = 0; i < 5; i++) ck_assert_int_eq(f->kids[i]->kind, AST_STRING);
    ck_assert_str_eq(f->kids[0]->text, "Le Coucou");
    ck_assert_str_eq(f->kids[1]->text, "a\"b");
    ck_assert_str_eq(f->kids[2]->text, "t\tn\n");
    ck_assert_str_eq(f->kids[3]->text, "");
    ck_assert_str_eq(f->kids[4]->text, "h\xc3\xa9");
    front_free(r);
}
END_TEST

START_TEST(lexer_skips_comments_to_the_end_of_the_line)
{
    front_run *r = front_run_text("; a comment (not a form\n(x ; inside ) ]\n 1) ; after", -1, FRONT_PARSE, NULL, 0);
    const ast_node *f = only_form(r);
    ck_assert_str_eq(f->text, "x");
    ck_assert_int_eq(f->nkids, 1);
    ck_assert_int_eq(f->kids[0]->lo, 1);
    front_free(r);
}
END_TEST

START_TEST(lexer_gives_each_token_its_byte_span)
{
    front_run *r = front_run_text("(x  abc \"s\" 12..3x)", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_ne(r->errors, 0); /* 12..3 is empty; the spans still hold */
    const ast_node *f = r->root->kids[0];
    ck_assert_int_eq(f->head_loc.begin, 1);
    ck_assert_int_eq(f->head_loc.end, 2);
    ck_assert_int_eq(f->kids[0]->loc.begin, 4);
    ck_assert_int_eq(f->kids[0]->loc.end, 7);
    ck_assert_int_eq(f->kids[1]->loc.begin, 8);
    ck_assert_int_eq(f->kids[1]->loc.end, 11);
    ck_assert_int_eq(f->kids[2]->loc.begin, 12);
    ck_assert_int_eq(f->kids[2]->loc.end, 17);
    front_free(r);
}
END_TEST

START_TEST(lexer_rejects_integer_out_of_range)
{
    front_run *r = front_run_text("(x 1000001)", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:1:4: error: integer 1000001 is out of range (integers lie between -1000000 and 1000000)\n"
                     "    1 | (x 1000001)\n"
                     "      |    ^~~~~~~\n");
    front_free(r);
}
END_TEST

START_TEST(lexer_rejects_integer_too_large_for_a_long)
{
    front_run *r = front_run_text("(x -99999999999999999999999)", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_ptr_nonnull(strstr(r->out, "t.game:1:4: error: integer -99999999999999999999999 is out of range"));
    front_free(r);
}
END_TEST

START_TEST(lexer_rejects_range_empty)
{
    front_run *r = front_run_text("(rows 5..2)", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:1:7: error: range 5..2 is empty: its first bound is larger than its last\n"
                     "    1 | (rows 5..2)\n"
                     "      |       ^~~~\n");
    front_free(r);
}
END_TEST

START_TEST(lexer_rejects_range_out_of_range)
{
    front_run *r = front_run_text("(rows 1..2000000)", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_ptr_nonnull(strstr(r->out, "t.game:1:7: error: range 1..2000000 is out of range (integers lie between -1000000 and 1000000)\n"));
    front_free(r);
}
END_TEST

START_TEST(lexer_rejects_unterminated_string)
{
    front_run *r = front_run_text("(game \"Race\n  (pieces a))", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:1:7: error: unterminated string: a string must close with `\"` on the same line\n"
                     "    1 | (game \"Race\n"
                     "      |       ^~~~~\n");
    /* The string keeps what it holds, and parsing goes on. */
    const ast_node *f = r->root->kids[0];
    ck_assert_str_eq(f->kids[0]->text, "Race");
    ck_assert_str_eq(f->kids[1]->text, "pieces");
    front_free(r);
}
END_TEST

START_TEST(lexer_rejects_bad_character)
{
    front_run *r = front_run_text("(x @ 1)", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:1:4: error: unexpected character `@`\n"
                     "    1 | (x @ 1)\n"
                     "      |    ^\n");
    front_free(r);
}
END_TEST

START_TEST(lexer_reports_a_non_ascii_character_once)
{
    front_run *r = front_run_text("(x \xc3\xa9 \xe2\x86\x90)", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 2);
    ck_assert_str_eq(r->out,
                     "t.game:1:4: error: unexpected character `\xc3\xa9`\n"
                     "    1 | (x \xc3\xa9 \xe2\x86\x90)\n"
                     "      |    ^\n"
                     "t.game:1:6: error: unexpected character `\xe2\x86\x90`\n"
                     "    1 | (x \xc3\xa9 \xe2\x86\x90)\n"
                     "      |      ^\n");
    front_free(r);
}
END_TEST

START_TEST(lexer_shows_control_characters_as_question_marks)
{
    front_run *r = front_run_text("(x \x01\t1)", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:1:4: error: unexpected character (byte 0x01)\n"
                     "    1 | (x ? 1)\n"
                     "      |    ^\n");
    front_free(r);
}
END_TEST

START_TEST(lexer_accepts_crlf_line_ends)
{
    front_run *r = front_run_text("(x\r\n  @)\r\n", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:2:3: error: unexpected character `@`\n"
                     "    2 |   @)\n"
                     "      |   ^\n");
    front_free(r);
}
END_TEST

START_TEST(lexer_accepts_cr_line_ends_and_a_byte_order_mark)
{
    /* Old Mac line ends: a comment ends at the \r, lines count at it. */
    front_run *r = front_run_text("\xef\xbb\xbf(x ; note\r  @)\r", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    ck_assert_str_eq(r->out,
                     "t.game:2:3: error: unexpected character `@`\n"
                     "    2 |   @)\n"
                     "      |   ^\n");
    front_free(r);
    /* The mark is not a character of line 1. */
    r = front_run_text("\xef\xbb\xbf(x @)", -1, FRONT_PARSE, NULL, 0);
    ck_assert_str_eq(r->out,
                     "t.game:1:4: error: unexpected character `@`\n"
                     "    1 | (x @)\n"
                     "      |    ^\n");
    front_free(r);
    /* Anywhere else it is a character no token starts with. */
    r = front_run_text("(x \xef\xbb\xbf)", -1, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 1);
    front_free(r);
}
END_TEST

START_TEST(lexer_reads_empty_file_as_no_items)
{
    front_run *r = front_run_text("", 0, FRONT_PARSE, NULL, 0);
    ck_assert_int_eq(r->errors, 0);
    ck_assert_int_eq(r->root->nkids, 0);
    ck_assert_str_eq(r->out, "");
    front_free(r);
}
END_TEST

/* ---- what source.c refuses before the lexer sees it ------------------------- */

/* Writes LEN bytes of TEXT to a temporary file; returns its path (static). */
static const char *temp_file(const char *text, size_t len)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/check_lexer_XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, text, len), (ssize_t)len);
    close(fd);
    return path;
}

/* Loads PATH with diagnostics captured into *OUT (caller frees). */
static src_file *load_capturing(const char *path, char **out, int *io_error, int *errors)
{
    size_t size;
    FILE *f = open_memstream(out, &size);
    diag_sink sink;
    diag_init(&sink, f);
    src_file *src = source_load(path, &sink, io_error);
    *errors = sink.errors;
    fclose(f);
    return src;
}

START_TEST(source_rejects_nul_byte)
{
    const char *path = temp_file("(game \"X\"\0)\n", 12);
    char *out, want[256];
    int io, errors;
    src_file *src = load_capturing(path, &out, &io, &errors);
    ck_assert_ptr_null(src);
    ck_assert_int_eq(io, 0);
    ck_assert_int_eq(errors, 1);
    snprintf(want, sizeof want,
             "%s:1:10: error: NUL byte in the file (is it a binary file?)\n"
             "    1 | (game \"X\"\n"
             "      |          ^\n", path);
    ck_assert_str_eq(out, want);
    free(out);
    unlink(path);
}
END_TEST

START_TEST(source_rejects_invalid_utf8)
{
    const char *path = temp_file("; ok\n(game \"X\xff\")\n", 17);
    char *out, want[256];
    int io, errors;
    src_file *src = load_capturing(path, &out, &io, &errors);
    ck_assert_ptr_null(src);
    ck_assert_int_eq(io, 0);
    snprintf(want, sizeof want,
             "%s:2:9: error: invalid UTF-8 byte (the file must be UTF-8 text)\n"
             "    2 | (game \"X?\")\n"
             "      |         ^\n", path);
    ck_assert_str_eq(out, want);
    free(out);
    unlink(path);
}
END_TEST

START_TEST(source_finds_the_first_bad_utf8_byte)
{
    const char *why = NULL;
    ck_assert_int_eq(source_first_bad_byte("a\xc3\xa9\xe2\x86\x90\xf0\x9f\x8e\xb2", 10, &why), -1);
    ck_assert_int_eq(source_first_bad_byte("ab\xc0\x80", 4, &why), 2);     /* overlong NUL */
    ck_assert_int_eq(source_first_bad_byte("a\xed\xa0\x80", 4, &why), 1);  /* surrogate */
    ck_assert_int_eq(source_first_bad_byte("abc\xe2\x86", 5, &why), 3);    /* cut short */
    ck_assert_int_eq(source_first_bad_byte("\x80", 1, &why), 0);           /* lone continuation */
    ck_assert_int_eq(source_first_bad_byte("x\xf4\x90\x80\x80", 5, &why), 1); /* above U+10FFFF */
    ck_assert_str_eq(why, "invalid UTF-8 byte (the file must be UTF-8 text)");
    ck_assert_int_eq(source_first_bad_byte("ab\0c", 4, &why), 2);
    ck_assert_str_eq(why, "NUL byte in the file (is it a binary file?)");
}
END_TEST

START_TEST(source_refuses_file_larger_than_4_mib)
{
    size_t len = 4u * 1024u * 1024u + 1u;
    char *text = malloc(len);
    ck_assert_ptr_nonnull(text);
    memset(text, ' ', len);
    const char *path = temp_file(text, len);
    char *out, want[256];
    int io, errors;
    src_file *src = load_capturing(path, &out, &io, &errors);
    ck_assert_ptr_null(src);
    ck_assert_int_eq(io, 0);
    ck_assert_int_eq(errors, 1);
    snprintf(want, sizeof want,
             "%s: error: file too large (more than 4194304 bytes; the limit is 4194304 bytes)\n", path);
    ck_assert_str_eq(out, want);
    free(out);
    unlink(path);
    /* Exactly 4 MiB is read. */
    path = temp_file(text, len - 1);
    src = load_capturing(path, &out, &io, &errors);
    ck_assert_ptr_nonnull(src);
    ck_assert_uint_eq(src->len, len - 1);
    ck_assert_str_eq(out, "");
    source_free(src);
    free(out);
    unlink(path);
    free(text);
}
END_TEST

START_TEST(source_reports_missing_file_as_io_error)
{
    char *out;
    int io, errors;
    src_file *src = load_capturing("/nonexistent/x.game", &out, &io, &errors);
    ck_assert_ptr_null(src);
    ck_assert_int_eq(io, 1);
    ck_assert_str_eq(out, "/nonexistent/x.game: error: cannot open: No such file or directory\n");
    free(out);
}
END_TEST

/* Line and column by scanning from the top: what the line table must give. */
static void naive_line_col(const char *t, uint32_t len, uint32_t bom, uint32_t offset, int *line, int *col)
{
    int l = 1;
    uint32_t start = bom;
    for (uint32_t i = 0; i < offset && i < len; i++)
        if (t[i] == '\n' || (t[i] == '\r' && (i + 1 == len || t[i + 1] != '\n'))) {
            l++;
            start = i + 1;
        }
    int c = 1;
    for (uint32_t i = start; i < offset; i++)
        if (((unsigned char)t[i] & 0xc0) != 0x80) c++;
    *line = l;
    *col = c;
}

START_TEST(source_line_table_agrees_with_a_scan_in_any_order)
{
    static const char text[] = "\xef\xbb\xbf" "ab\r\ncd\r\xc3\xa9" "f\n\n\rgh\xe2\x82\xac" "ij\r\n";
    uint32_t len = (uint32_t)sizeof text - 1;
    src_file *src = source_from_string("t", text, len);
    ck_assert_uint_eq(src->bom, 3);
    /* Forwards, backwards and jumping: the cache of the last lookup must
     * never give a wrong column. */
    uint32_t order[3 * 32];
    int n = 0;
    for (uint32_t o = 0; o <= len; o++) order[n++] = o;
    for (uint32_t o = len + 1; o-- > 0;) order[n++] = o;
    for (uint32_t k = 0; k <= len; k++) order[n++] = (k * 7) % (len + 1);
    for (int i = 0; i < n; i++) {
        uint32_t o = order[i];
        if (o < 3) continue; /* inside the mark */
        int line, col, want_line, want_col;
        source_line_col(src, o, &line, &col);
        naive_line_col(text, len, 3, o, &want_line, &want_col);
        ck_assert_msg(line == want_line && col == want_col, "offset %u: %d:%d, expected %d:%d", o, line, col,
                      want_line, want_col);
    }
    uint32_t b, e;
    source_line_bounds(src, 8, &b, &e); /* "cd" ends at a lone \r */
    ck_assert_uint_eq(b, 7);
    ck_assert_uint_eq(e, 9);
    source_free(src);
}
END_TEST

/* libyaml counts characters; the tree's spans are bytes, after a mark too. */
START_TEST(yaml_spans_are_byte_offsets)
{
    static const char text[] = "\xef\xbb\xbf" "\xc3\xa9: [x, \xe2\x82\xac\xe2\x82\xac, y]\r\nb: {k: v}\n";
    src_file *src = source_from_string("t.yaml", text, sizeof text - 1);
    diag_sink diags;
    diag_init(&diags, NULL);
    yaml_doc *doc = yaml_doc_parse(src, &diags);
    ck_assert_ptr_nonnull(doc);
    const yaml_item *root = doc->root, *seq = root->items[0];
    ck_assert_uint_eq(root->keys[0]->loc.begin, 3);      /* after the mark */
    ck_assert_uint_eq(seq->items[0]->loc.begin, 8);      /* x, after a two-byte key */
    ck_assert_uint_eq(seq->items[1]->loc.begin, 11);     /* the two euro signs: 6 bytes, 2 characters */
    ck_assert_uint_eq(seq->items[1]->loc.end, 17);
    ck_assert_uint_eq(seq->items[2]->loc.begin, 19);     /* y */
    ck_assert_uint_eq(root->keys[1]->loc.begin, 23);     /* b, after \r\n */
    ck_assert_uint_eq(root->items[1]->items[0]->loc.begin, 30); /* v */
    yaml_doc_free(doc);
}
END_TEST

START_TEST(source_counts_columns_in_characters)
{
    src_file *src = source_from_string("t", "ab\n\xc3\xa9\xc3\xa9x", 8);
    int line, col;
    source_line_col(src, 0, &line, &col);
    ck_assert_int_eq(line, 1);
    ck_assert_int_eq(col, 1);
    source_line_col(src, 7, &line, &col); /* the x after two two-byte characters */
    ck_assert_int_eq(line, 2);
    ck_assert_int_eq(col, 3);
    source_free(src);
}
END_TEST

Suite *lexer_suite(void)
{
    Suite *s = suite_create("lexer");
    TCase *t = tcase_create("tokens");
    tcase_add_test(t, lexer_reads_integers);
    tcase_add_test(t, lexer_reads_ranges);
    tcase_add_test(t, lexer_reads_names_with_dots_dashes_and_underscores);
    tcase_add_test(t, lexer_reads_strings_with_escapes);
    tcase_add_test(t, lexer_skips_comments_to_the_end_of_the_line);
    tcase_add_test(t, lexer_gives_each_token_its_byte_span);
    tcase_add_test(t, lexer_reads_empty_file_as_no_items);
    suite_add_tcase(s, t);
    t = tcase_create("errors");
    tcase_add_test(t, lexer_rejects_integer_out_of_range);
    tcase_add_test(t, lexer_rejects_integer_too_large_for_a_long);
    tcase_add_test(t, lexer_rejects_range_empty);
    tcase_add_test(t, lexer_rejects_range_out_of_range);
    tcase_add_test(t, lexer_rejects_unterminated_string);
    tcase_add_test(t, lexer_rejects_bad_character);
    tcase_add_test(t, lexer_reports_a_non_ascii_character_once);
    tcase_add_test(t, lexer_shows_control_characters_as_question_marks);
    tcase_add_test(t, lexer_accepts_crlf_line_ends);
    tcase_add_test(t, lexer_accepts_cr_line_ends_and_a_byte_order_mark);
    suite_add_tcase(s, t);
    t = tcase_create("source");
    tcase_add_test(t, source_rejects_nul_byte);
    tcase_add_test(t, source_rejects_invalid_utf8);
    tcase_add_test(t, source_finds_the_first_bad_utf8_byte);
    tcase_add_test(t, source_refuses_file_larger_than_4_mib);
    tcase_add_test(t, source_reports_missing_file_as_io_error);
    tcase_add_test(t, source_counts_columns_in_characters);
    tcase_add_test(t, source_line_table_agrees_with_a_scan_in_any_order);
    tcase_add_test(t, yaml_spans_are_byte_offsets);
    suite_add_tcase(s, t);
    return s;
}
