/* atomic.h - writing a whole file or nothing: a temporary file next to the
 * target, flushed to disk, then renamed over it, so that a reader (or a
 * crash) never sees a file half-written. */
#ifndef TABULA_ATOMIC_H
#define TABULA_ATOMIC_H

#include <stddef.h>
#include <stdio.h>

/* Writes the LEN bytes of DATA to PATH atomically ("-": standard output);
 * a symbolic link is kept and the file it points to replaced. Returns 0
 * with a message in ERR on failure (and leaves no temporary file); a PATH
 * that is a directory, a device, a FIFO or a socket is refused and left
 * alone. */
int atomic_write(const char *path, const char *data, size_t len, char *err, size_t errsize);

/* The file an atomic write to PATH replaces, into OUT: PATH itself, or the
 * file a symbolic link there points to (renaming over the link would leave
 * its target as it was); a dangling link is replaced, as a missing file
 * would be made. Returns 0 with a message in ERR on a loop of links or a
 * name too long. */
int atomic_target(const char *path, char *out, size_t size, char *err, size_t errsize);

/* The same, written as it is made (a page too big to build in memory):
 * atomic_open gives the stream of a temporary file next to PATH (standard
 * output for "-"), NULL with a message in ERR on failure; atomic_commit
 * flushes it to disk and renames it over PATH (0 with a message on
 * failure, the temporary file removed); atomic_abort removes it. */
typedef struct atomic_file {
    FILE *f;
    int to_stdout;
    char path[4096];
    char tmp[4200];
} atomic_file;

FILE *atomic_open(atomic_file *a, const char *path, char *err, size_t errsize);
int atomic_commit(atomic_file *a, char *err, size_t errsize);
void atomic_abort(atomic_file *a);

#endif
