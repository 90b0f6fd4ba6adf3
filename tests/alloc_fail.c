/* alloc_fail.c - makes the k-th allocation fail, the way SQLite tests its
 * out-of-memory paths.
 *
 * Linked only into tests/tabula-allocfail, the tabula program built again
 * with `-Wl,--wrap=malloc` (and calloc, realloc, strdup, strndup, fopen,
 * fdopen): every call of those functions from tabula, libtabula and the
 * statically linked libyaml comes here first. The tabula program itself has
 * no hook at all, so normal builds pay nothing, and the playout loop can be
 * shown to allocate nothing (the count does not grow with -n).
 *
 * Environment:
 *   TABULA_ALLOC_FAIL=K       the K-th allocation (counting from 1) fails; 0 or unset: none
 *   TABULA_ALLOC_STICKY=1     every allocation from the K-th on fails
 *   TABULA_ALLOC_REPORT=FILE  at exit, FILE gets "COUNT FAILED": the allocations
 *                             made (failed ones included) and how many failed */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
FILE *__real_fopen(const char *path, const char *mode);
FILE *__real_fdopen(int fd, const char *mode);

void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);
FILE *__wrap_fopen(const char *path, const char *mode);
FILE *__wrap_fdopen(int fd, const char *mode);

static long count, fail_at = -1, failed;
static int sticky;

static void report(void)
{
    const char *path = getenv("TABULA_ALLOC_REPORT");
    if (!path) return;
    FILE *f = __real_fopen(path, "w");
    if (!f) return;
    fprintf(f, "%ld %ld\n", count, failed);
    fclose(f);
}

/* 1 when this allocation must fail. */
static int should_fail(void)
{
    if (fail_at < 0) {
        const char *k = getenv("TABULA_ALLOC_FAIL"), *s = getenv("TABULA_ALLOC_STICKY");
        fail_at = k ? strtol(k, NULL, 10) : 0;
        sticky = s && *s == '1';
        atexit(report);
    }
    count++;
    if (fail_at > 0 && (count == fail_at || (sticky && count > fail_at))) {
        failed++;
        errno = ENOMEM;
        return 1;
    }
    return 0;
}

void *__wrap_malloc(size_t size)
{
    return should_fail() ? NULL : __real_malloc(size);
}

void *__wrap_calloc(size_t n, size_t size)
{
    return should_fail() ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t size)
{
    return should_fail() ? NULL : __real_realloc(p, size);
}

char *__wrap_strdup(const char *s)
{
    return should_fail() ? NULL : __real_strdup(s);
}

char *__wrap_strndup(const char *s, size_t n)
{
    return should_fail() ? NULL : __real_strndup(s, n);
}

FILE *__wrap_fopen(const char *path, const char *mode)
{
    return should_fail() ? NULL : __real_fopen(path, mode);
}

FILE *__wrap_fdopen(int fd, const char *mode)
{
    return should_fail() ? NULL : __real_fdopen(fd, mode);
}
