/* driver.c - runs a fuzz target on files, without libFuzzer: what `make
 * check` does with the regression corpus (fuzz/regressions/TARGET/) and the
 * seeds. Each argument is a file or a directory of files. An input that
 * crashes the target aborts this program, and one that runs longer than
 * FUZZ_INPUT_SECONDS (default 10, as `make fuzz`'s -timeout) kills it: a hang
 * or a quadratic slowdown fails too. The exit code is 0 when every input
 * ran, 2 when one could not be read. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 0;
    }
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            uint8_t *b = realloc(buf, cap *= 2);
            if (!b) free(buf);
            buf = b;
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "%s: out of memory\n", path);
        return 0;
    }
    const char *limit = getenv("FUZZ_INPUT_SECONDS");
    fprintf(stderr, "%s\n", path); /* the input that was running, should it never end */
    alarm(limit ? (unsigned)atoi(limit) : 10u);
    LLVMFuzzerTestOneInput(buf, len);
    alarm(0);
    free(buf);
    return 1;
}

int main(int argc, char **argv)
{
    int ok = 1;
    long inputs = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            DIR *d = opendir(argv[i]);
            if (!d) {
                perror(argv[i]);
                ok = 0;
                continue;
            }
            struct dirent *e;
            while ((e = readdir(d))) {
                if (e->d_name[0] == '.') continue;
                char path[4096];
                snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
                ok &= run_file(path);
                inputs++;
            }
            closedir(d);
        } else {
            ok &= run_file(argv[i]);
            inputs++;
        }
    }
    printf("%ld inputs\n", inputs);
    return ok ? 0 : 2;
}
