/* source_read.c - reading a text file from disk (or standard input) into a
 * src_file, with the checks every input gets (kind of file, size, NUL bytes,
 * UTF-8) reported as diagnostics.
 *
 * Only regular files are read. A FIFO or a character device would block
 * until a writer comes (or never end, like /dev/zero), a directory cannot be
 * read, and a file of /proc or /sys reports size 0 while its reads may
 * block: each is refused with a message naming what it is, before a single
 * byte is read. The file is opened with O_NONBLOCK so that even the open of
 * a FIFO without a writer returns at once. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/vfs.h>
#endif

#include "diag.h"
#include "source.h"

const char *source_file_kind(unsigned mode)
{
    if (S_ISREG(mode)) return NULL;
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

/* 1 when FD lies on a kernel pseudo file system whose files report a size
 * of 0 and may block or never end when read (procfs, sysfs). */
static int on_pseudo_fs(int fd)
{
#ifdef __linux__
    struct statfs fs;
    if (fstatfs(fd, &fs) != 0) return 0;
    return fs.f_type == 0x9fa0 /* PROC_SUPER_MAGIC */ || fs.f_type == 0x62656572 /* SYSFS_MAGIC */;
#else
    (void)fd;
    return 0;
#endif
}

/* Reads FD to its end into a buffer from malloc (NUL-terminated), starting
 * with room for HINT bytes and doubling, but never holding more than
 * SOURCE_MAX_BYTES + 1 bytes: enough to know a file is too large without
 * reading all of an unbounded one. Returns the count, -1 on a read error
 * (errno set) or -2 when out of memory. */
static long read_all(int fd, size_t hint, char **out)
{
    size_t cap = hint < 4096 ? 4096 : hint, limit = SOURCE_MAX_BYTES + 1, got = 0;
    if (cap > limit) cap = limit;
    char *buf = malloc(cap + 1);
    if (!buf) return -2;
    for (;;) {
        if (got == cap) {
            if (cap == limit) break;
            size_t grown = cap * 2 < limit ? cap * 2 : limit;
            char *b = realloc(buf, grown + 1);
            if (!b) {
                free(buf);
                return -2;
            }
            buf = b;
            cap = grown;
        }
        ssize_t n = read(fd, buf + got, cap - got);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            int saved = errno;
            free(buf);
            errno = saved;
            return -1;
        }
        got += (size_t)n;
    }
    buf[got] = '\0';
    *out = buf;
    return (long)got;
}

/* Opens PATH for reading without blocking and checks it is a regular file of
 * a real file system. Returns the descriptor, or -1 after a message. */
static int open_regular(const char *path, diag_sink *diags)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        diag_plain(diags, path, DIAG_ERROR, "cannot open: %s", strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        diag_plain(diags, path, DIAG_ERROR, "cannot read: %s", strerror(errno));
        close(fd);
        return -1;
    }
    const char *kind = source_file_kind(st.st_mode);
    if (kind) {
        diag_plain(diags, path, DIAG_ERROR, "is %s, not a regular file", kind);
        close(fd);
        return -1;
    }
    if (on_pseudo_fs(fd)) {
        diag_plain(diags, path, DIAG_ERROR,
                   "is a file of the kernel (/proc or /sys), not a regular file: its size is unknown");
        close(fd);
        return -1;
    }
    return fd;
}

src_file *source_load(const char *path, diag_sink *diags, int *io_error)
{
    *io_error = 1;
    int is_stdin = strcmp(path, "-") == 0;
    const char *name = is_stdin ? SOURCE_STDIN_NAME : path;
    int fd = is_stdin ? STDIN_FILENO : open_regular(path, diags);
    if (fd < 0) return NULL;
    struct stat st;
    size_t hint = !is_stdin && fstat(fd, &st) == 0 && st.st_size > 0 ? (size_t)st.st_size + 1 : 0;
    char *buf = NULL;
    long got = read_all(fd, hint, &buf);
    int saved = errno;
    if (!is_stdin) close(fd);
    if (got == -2) {
        diag_oom(diags, name);
        return NULL;
    }
    if (got < 0) {
        diag_plain(diags, name, DIAG_ERROR, "cannot read: %s", strerror(saved));
        return NULL;
    }
    size_t len = (size_t)got;
    if (len > SOURCE_MAX_BYTES) {
        free(buf);
        *io_error = 0;
        diag_plain(diags, name, DIAG_ERROR,
                   "file too large (more than %u bytes; the limit is %u bytes)",
                   SOURCE_MAX_BYTES, SOURCE_MAX_BYTES);
        return NULL;
    }
    src_file *src = source_adopt(name, buf, len);
    if (!src) {
        diag_oom(diags, name);
        return NULL;
    }
    *io_error = 0;
    const char *why = NULL;
    long bad = source_first_bad_byte(src->text, len, &why);
    if (bad >= 0) {
        diag_at(diags, src, span_make((uint32_t)bad, (uint32_t)bad + 1), DIAG_ERROR, "%s", why);
        source_free(src);
        return NULL;
    }
    return src;
}
