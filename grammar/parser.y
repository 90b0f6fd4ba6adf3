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
#include "ast.h"
#include "parse.h"
}

%code provides {
int tb_yylex(TB_YYSTYPE *value, TB_YYLTYPE *loc, void *scanner, parse_ctx *ctx);
void tb_yyerror(span *loc, void *scanner, parse_ctx *ctx, const char *message);
}

%code {
#include <stdio.h>
#include <string.h>
#include "parse_build.h"

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

%token <node> NAME "name" STRING "string" INT "integer" RANGE "range"
%token LPAREN "(" RPAREN ")" LBRACK "[" RBRACK "]" COLON ":"
%type <node> items item form list

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
    | RANGE
    | NAME ":" item          { $$ = build_named(ctx, $1, $3, @$); }
    ;

form:
    "(" NAME items ")"       { $$ = build_form(ctx, $2, $3, @$); }
    | "(" error ")"          { $$ = NULL; }
    ;

list:
    "[" items "]"            { $$ = build_bracket_list(ctx, $2, @$); }
    ;

%%

static int yyreport_syntax_error(const yypcontext_t *pc, void *scanner, parse_ctx *ctx)
{
    (void)scanner;
    yysymbol_kind_t expected[8];
    int n = yypcontext_expected_tokens(pc, expected, 8);
    yysymbol_kind_t got = yypcontext_token(pc);
    const span *loc = yypcontext_location(pc);
    parse_report_syntax_error(ctx, *loc, got == YYSYMBOL_YYEOF, got == YYSYMBOL_RPAREN || got == YYSYMBOL_RBRACK,
                              got == YYSYMBOL_COLON, n > 0 && expected[0] == YYSYMBOL_NAME && n == 1,
                              yysymbol_name(got));
    return 0;
}

/* Bison calls this only when its stack is exhausted; nesting is limited
 * long before that, so it is a last line of defence. */
void tb_yyerror(span *loc, void *scanner, parse_ctx *ctx, const char *message)
{
    (void)scanner;
    ctx->syntax_errors++;
    diag_at(ctx->diags, ctx->src, *loc, DIAG_ERROR, "%s", message);
}
