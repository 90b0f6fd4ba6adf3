/* atomic.c - writing a file whole or not at all (atomic.h). The same steps
 * as a game record's (record.c): mkstemp in the target's directory, the
 * mode a plain fopen would give, fsync, rename; through a symbolic link. */
#define _XOPEN_SOURCE 700
#include "atomic.h"
#include "lang/diag.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int write_whole(const char *path, const char *data, size_t len, char *err, size_t errsize)
{
    char shown[DIAG_SHORT_SIZE];
    const char *name = diag_short(path, shown); /* as messages echo it */
    struct stat old;
    int exists = stat(path, &old) == 0;
    if (exists && S_ISDIR(old.st_mode)) {
        snprintf(err, errsize, "%s: is a directory", name);
        return 0;
    }
    char tmp[4200];
    const char *slash = strrchr(path, '/');
    if (slash) snprintf(tmp, sizeof tmp, "%.*s/.%s.tmp.XXXXXX", (int)(slash - path), path, slash + 1);
    else snprintf(tmp, sizeof tmp, ".%s.tmp.XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errsize, "%s: cannot write: %s", name, strerror(errno));
        return 0;
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
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(fd, data + done, len - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            snprintf(err, errsize, "%s: cannot write: %s", name, strerror(w < 0 ? errno : EIO));
            close(fd);
            unlink(tmp);
            return 0;
        }
        done += (size_t)w;
    }
    if (fsync(fd) != 0 || close(fd) != 0) {
        snprintf(err, errsize, "%s: cannot write: %s", name, strerror(errno));
        unlink(tmp);
        return 0;
    }
    if (rename(tmp, path) != 0) {
        snprintf(err, errsize, "%s: cannot write: %s", name, strerror(errno));
        unlink(tmp);
        return 0;
    }
    return 1;
}

int atomic_write(const char *path, const char *data, size_t len, char *err, size_t errsize)
{
    /* A symbolic link stays: the file it points to is replaced (renaming
     * over the link would leave the target as it was). A dangling link is
     * replaced, as a missing file would be made. */
    struct stat link;
    char *target = NULL;
    if (lstat(path, &link) == 0 && S_ISLNK(link.st_mode) && !(target = realpath(path, NULL)) && errno != ENOENT) {
        snprintf(err, errsize, "%s: cannot write: %s", path, strerror(errno)); /* a loop of links, no memory */
        return 0;
    }
    int ok = write_whole(target ? target : path, data, len, err, errsize);
    free(target);
    return ok;
}
