/* atomic.c - writing a file whole or not at all (atomic.h), for every file
 * tabula writes (records, runs, pictures): mkstemp in the target's directory,
 * the mode a plain fopen would give, fsync, rename; through a symbolic link. */
#define _XOPEN_SOURCE 700
#include "atomic.h"

#include <fcntl.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lang/diag.h"
#include "lang/source.h"

int atomic_target(const char *path, char *out, size_t size, char *err, size_t errsize)
{
    struct stat link;
    char *target = NULL;
    if (lstat(path, &link) == 0 && S_ISLNK(link.st_mode) && !(target = realpath(path, NULL)) && errno != ENOENT) {
        char shown[DIAG_SHORT_SIZE];
        snprintf(err, errsize, "%s: cannot write: %s", diag_short(path, shown), strerror(errno));
        return 0;
    }
    int fits = (size_t)snprintf(out, size, "%s", target ? target : path) < size;
    free(target);
    if (!fits) {
        char shown[DIAG_SHORT_SIZE];
        snprintf(err, errsize, "%s: cannot write: %s", diag_short(path, shown), strerror(ENAMETOOLONG));
    }
    return fits;
}

FILE *atomic_open(atomic_file *a, const char *name, char *err, size_t errsize)
{
    memset(a, 0, sizeof *a);
    if (strcmp(name, "-") == 0) {
        snprintf(a->path, sizeof a->path, "-");
        a->f = stdout;
        a->to_stdout = 1;
        return a->f;
    }
    if (!atomic_target(name, a->path, sizeof a->path, err, errsize)) return NULL;
    const char *path = a->path;
    char shown[DIAG_SHORT_SIZE];
    const char *echo = diag_short(name, shown); /* as messages echo it */
    struct stat old;
    int exists = stat(path, &old) == 0;
    if (exists && S_ISDIR(old.st_mode)) {
        snprintf(err, errsize, "%s: is a directory", echo);
        return NULL;
    }
    /* The rename would put a regular file in the place of a device or a FIFO
     * (`-o /dev/null` replacing /dev/null): refused, left alone. */
    const char *kind = exists ? source_file_kind(old.st_mode) : NULL;
    if (kind) {
        snprintf(err, errsize, "%s: is %s, not a regular file: the file is written whole and renamed into "
                 "place, so it is left alone (`-` writes to standard output)", echo, kind);
        return NULL;
    }
    const char *slash = strrchr(path, '/');
    if (slash) snprintf(a->tmp, sizeof a->tmp, "%.*s/.%s.tmp.XXXXXX", (int)(slash - path), path, slash + 1);
    else snprintf(a->tmp, sizeof a->tmp, ".%s.tmp.XXXXXX", path);
    int fd = mkstemp(a->tmp);
    if (fd < 0) {
        snprintf(err, errsize, "%s: cannot write: %s", echo, strerror(errno));
        return NULL;
    }
    mode_t mode;
    if (exists) {
        mode = old.st_mode & 07777;
    } else {
        mode = umask(022);
        umask(mode);
        mode = 0666 & ~mode;
    }
    fchmod(fd, mode);
    a->f = fdopen(fd, "w");
    if (!a->f) {
        snprintf(err, errsize, "%s: cannot write: %s", echo, strerror(errno));
        close(fd);
        unlink(a->tmp);
        return NULL;
    }
    return a->f;
}

int atomic_commit(atomic_file *a, char *err, size_t errsize)
{
    if (a->to_stdout) {
        if (fflush(stdout) == 0 && !ferror(stdout)) return 1;
        snprintf(err, errsize, "cannot write to standard output: %s", strerror(errno));
        return 0;
    }
    int ok = fflush(a->f) == 0 && !ferror(a->f) && fsync(fileno(a->f)) == 0;
    int saved = errno ? errno : EIO;
    if (fclose(a->f) != 0 && ok) {
        ok = 0;
        saved = errno;
    }
    a->f = NULL;
    if (ok && rename(a->tmp, a->path) != 0) {
        ok = 0;
        saved = errno;
    }
    if (!ok) {
        char shown[DIAG_SHORT_SIZE];
        snprintf(err, errsize, "%s: cannot write: %s", diag_short(a->path, shown), strerror(saved));
        unlink(a->tmp);
        return 0;
    }
    /* Make the rename itself durable; a failure here loses nothing already written. */
    char dir[4096];
    const char *slash = strrchr(a->path, '/');
    if (slash) snprintf(dir, sizeof dir, "%.*s", slash == a->path ? 1 : (int)(slash - a->path), a->path);
    else snprintf(dir, sizeof dir, ".");
    int dfd = open(dir, O_RDONLY);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return 1;
}

void atomic_abort(atomic_file *a)
{
    if (a->to_stdout || !a->f) return;
    fclose(a->f);
    a->f = NULL;
    unlink(a->tmp);
}

int atomic_write(const char *path, const char *data, size_t len, char *err, size_t errsize)
{
    atomic_file a;
    FILE *f = atomic_open(&a, path, err, errsize);
    if (!f) return 0;
    if (fwrite(data, 1, len, f) != len) {
        char shown[DIAG_SHORT_SIZE];
        snprintf(err, errsize, "%s: cannot write: %s", a.to_stdout ? "standard output" : diag_short(path, shown),
                 strerror(errno));
        atomic_abort(&a);
        return 0;
    }
    return atomic_commit(&a, err, errsize);
}
