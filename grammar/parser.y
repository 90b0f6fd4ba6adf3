/* parser.y - the grammar of tabula rule files. It only builds the tree. */
%require "3.6"
%define api.pure full
%define api.prefix {tb_yy}
%define api.location.type {span}
%define parse.error custom
%locations
%initial-action { @$.begin = @$.end = 0; }
%expect 0
%param {void *scanner} {parse_ctx *ctx}

%code requires {
#include "lang/ast.h"
#include "lang/parse.h"
}

%code provides {
int tb_yylex(TB_YYSTYPE *value, TB_YYLTYPE *loc, void *scanner, parse_ctx *ctx);
void tb_yyerror(span *loc, void *scanner, parse_ctx *ctx, const char *message);
}

%code {
#include <stdio.h>
#include <string.h>
#include "lang/parse_build.h"

/* A rule's location runs from its first symbol to its last. */
#define YYLLOC_DEFAULT(cur, rhs, n)                                   \
    do {                                                              \
        if (n) {                                                      \
            (cur).begin = YYRHSLOC(rhs, 1).begin;                     \
            (cur).end = YYRHSLOC(rhs, n).end;                         \
        } else {                                                      \
            (cur).begin = (cur).end = YYRHSLOC(rhs, 0).end;           \
        }                                                             \
    } while (0)
}

%union {
    ast_node *node;
}

%token <node> NAME "name" KEY "name:" STRING "string" INT "integer" FRACTION "fraction" RANGE "range"
%token LPAREN "(" RPAREN ")" LBRACK "[" RBRACK "]" COLON ":" DOTDOT ".."
%type <node> items item form list bound

%%

file:
    items                    { ctx->root = $1; }
    ;

items:
    %empty                   { $$ = build_list(ctx, @$); }
    | items item             { $$ = build_append(ctx, $1, $2, @$); }
    | items error            { $$ = $1; }
    ;

item:
    form
    | list
    | NAME
    | STRING
    | INT
    | FRACTION
    | RANGE
    | KEY item               { $$ = build_named(ctx, $1, $2, @$); }
    | bound ".." bound       { $$ = build_range(ctx, $1, $3, @$); }
    ;

bound:
    INT
    | form
    ;

form:
    "(" items ")"            { $$ = build_form(ctx, $2, @$); }
    ;

list:
    "[" items "]"            { $$ = build_bracket_list(ctx, $2, @$); }
    ;

%%

static int yyreport_syntax_error(const yypcontext_t *pc, void *scanner, parse_ctx *ctx)
{
    (void)scanner;
    yysymbol_kind_t expected[YYNTOKENS];
    int n = yypcontext_expected_tokens(pc, expected, YYNTOKENS);
    int want_closer = 0;
    for (int i = 0; i < n; i++)
        want_closer |= expected[i] == YYSYMBOL_RPAREN || expected[i] == YYSYMBOL_RBRACK || expected[i] == YYSYMBOL_YYEOF;
    yysymbol_kind_t got = yypcontext_token(pc);
    parse_report_syntax_error(ctx, *yypcontext_location(pc), got == YYSYMBOL_YYEOF,
                              got == YYSYMBOL_RPAREN || got == YYSYMBOL_RBRACK, got == YYSYMBOL_COLON,
                              n > 1 && !want_closer);
    return 0;
}

/* Bison calls this only when its stack is exhausted; nesting is limited
 * long before that, so it is a last line of defence. */
void tb_yyerror(span *loc, void *scanner, parse_ctx *ctx, const char *message)
{
    (void)scanner;
    parse_note_error(ctx, *loc);
    diag_at(ctx->diags, ctx->src, *loc, DIAG_ERROR, "%s", message);
}
