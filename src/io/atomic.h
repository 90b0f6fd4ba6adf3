/* atomic.h - writing a whole file or nothing: a temporary file next to the
 * target, flushed to disk, then renamed over it, so that a reader (or a
 * crash) never sees a file half-written. */
#ifndef TABULA_ATOMIC_H
#define TABULA_ATOMIC_H

#include <stddef.h>

/* Writes the LEN bytes of DATA to PATH atomically; a symbolic link is kept
 * and the file it points to replaced. Returns 0 with a message in ERR on
 * failure (and leaves no temporary file). */
int atomic_write(const char *path, const char *data, size_t len, char *err, size_t errsize);

#endif
