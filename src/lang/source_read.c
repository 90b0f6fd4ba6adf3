/* source_read.c - reading a text file from disk into a src_file, with the
 * checks every input gets (size, NUL bytes, UTF-8) reported as diagnostics. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "source.h"

src_file *source_load(const char *path, diag_sink *diags, int *io_error)
{
    *io_error = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        diag_plain(diags, path, DIAG_ERROR, "cannot open: %s", strerror(errno));
        *io_error = 1;
        return NULL;
    }
    /* Read at most one byte past the limit: enough to know it is too large,
     * without ever holding an unbounded file in memory. */
    size_t cap = SOURCE_MAX_BYTES + 1;
    char *buf = malloc(cap + 1);
    if (!buf) {
        fclose(f);
        diag_plain(diags, path, DIAG_ERROR, "out of memory");
        *io_error = 1;
        return NULL;
    }
    size_t len = fread(buf, 1, cap, f);
    int failed = ferror(f);
    fclose(f);
    if (failed) {
        free(buf);
        diag_plain(diags, path, DIAG_ERROR, "cannot read: %s", strerror(errno ? errno : EIO));
        *io_error = 1;
        return NULL;
    }
    if (len > SOURCE_MAX_BYTES) {
        free(buf);
        diag_plain(diags, path, DIAG_ERROR,
                   "file too large (more than %u bytes; the limit is %u bytes)",
                   SOURCE_MAX_BYTES, SOURCE_MAX_BYTES);
        return NULL;
    }
    buf[len] = '\0';
    src_file *src = calloc(1, sizeof *src);
    if (!src || !(src->path = strdup(path))) {
        free(buf);
        free(src);
        diag_plain(diags, path, DIAG_ERROR, "out of memory");
        *io_error = 1;
        return NULL;
    }
    src->text = buf;
    src->len = len;
    const char *why = NULL;
    long bad = source_first_bad_byte(buf, len, &why);
    if (bad >= 0) {
        diag_at(diags, src, span_make((uint32_t)bad, (uint32_t)bad + 1), DIAG_ERROR, "%s", why);
        source_free(src);
        return NULL;
    }
    return src;
}
