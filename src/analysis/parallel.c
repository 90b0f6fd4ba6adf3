/* parallel.c - the thread pool of long runs, the progress line and Ctrl-C. */
#define _POSIX_C_SOURCE 200809L
#include "parallel.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Ctrl-Cs received during a run: the first asks the run to stop, the second
 * ends the program. A lock-free atomic, so the handler may write it. */
static atomic_int interrupts;

static void on_interrupt(int sig)
{
    if (atomic_fetch_add(&interrupts, 1) > 0) {
        signal(sig, SIG_DFL);
        raise(sig);
    }
}

int par_stopping(void)
{
    return atomic_load_explicit(&interrupts, memory_order_relaxed) > 0;
}

double par_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

FILE *par_progress_stream(void)
{
    return isatty(STDERR_FILENO) ? stderr : NULL;
}

/* One thread's share; the counter it alone writes sits on a cache line of
 * its own, so that counting never slows the other threads. */
typedef struct worker {
    _Alignas(64) atomic_long done;
    const par_run *run;
    void *ctx;
    struct pool *pool;
    pthread_t thread;
} worker;

typedef struct pool {
    _Alignas(64) atomic_long next; /* the next item not handed out */
    long batch;                    /* items taken at once */
    pthread_mutex_t lock;
    pthread_cond_t finished_cond;
    int finished;                  /* threads that returned */
} pool;

static void *work_loop(void *arg)
{
    worker *w = arg;
    const par_run *run = w->run;
    pool *p = w->pool;
    while (!par_stopping()) {
        long i = atomic_fetch_add(&p->next, p->batch);
        if (i >= run->end) break;
        long stop = i + p->batch < run->end ? i + p->batch : run->end;
        for (; i < stop && !par_stopping(); i++) {
            if (!run->work(w->ctx, i)) break;
            atomic_store_explicit(&w->done, atomic_load_explicit(&w->done, memory_order_relaxed) + 1,
                                  memory_order_relaxed);
        }
    }
    pthread_mutex_lock(&p->lock);
    p->finished++;
    pthread_cond_signal(&p->finished_cond);
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

static long total_done(const worker *w, int n)
{
    long done = 0;
    for (int i = 0; i < n; i++) done += atomic_load_explicit(&w[i].done, memory_order_relaxed);
    return done;
}

static void print_progress(const par_run *run, long done, double elapsed)
{
    long total = run->end - run->first;
    double rate = elapsed > 0 ? (double)done / elapsed : 0;
    fprintf(run->progress, "\r%ld/%ld %s (%.0f%%)  %.*f/s", done, total, run->unit,
            total ? 100.0 * (double)done / (double)total : 100.0, rate < 100 ? 1 : 0, rate);
    if (rate > 0 && done < total) {
        double left = (double)(total - done) / rate;
        if (left < 1) fprintf(run->progress, "  under 1 s left");
        else if (left < 120) fprintf(run->progress, "  %.0f s left", left);
        else if (left < 7200) fprintf(run->progress, "  %.0f min left", left / 60);
        else fprintf(run->progress, "  %.1f h left", left / 3600);
    }
    if (par_stopping()) fprintf(run->progress, "  stopping...");
    fprintf(run->progress, "\033[K");
    fflush(run->progress);
}

int par_execute(const par_run *run, par_outcome *out)
{
    memset(out, 0, sizeof *out);
    int jobs = run->jobs < 1 ? 1 : run->jobs > PAR_MAX_JOBS ? PAR_MAX_JOBS : run->jobs;
    worker *workers = aligned_alloc(_Alignof(worker), (size_t)jobs * sizeof *workers);
    if (!workers) return 0;
    long total = run->end > run->first ? run->end - run->first : 0;
    pool p;
    atomic_init(&p.next, run->first);
    /* Small batches: few trips to the shared counter, and the threads still
     * finish together. */
    p.batch = total / ((long)jobs * 64);
    if (p.batch < 1) p.batch = 1;
    if (p.batch > 64) p.batch = 64;
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.finished_cond, NULL);
    p.finished = 0;

    atomic_store(&interrupts, 0);
    /* A run started with Ctrl-C ignored (in the background of a script,
     * under nohup) keeps it ignored, as Unix programs do. */
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sigaction(SIGINT, NULL, &old);
    int catching = old.sa_handler != SIG_IGN;
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    if (catching) sigaction(SIGINT, &sa, NULL);

    double start = par_clock();
    int started = 0, ok = 1;
    for (; started < jobs; started++) {
        worker *w = &workers[started];
        atomic_init(&w->done, 0);
        w->run = run;
        w->ctx = run->ctx[started];
        w->pool = &p;
        if (pthread_create(&w->thread, NULL, work_loop, w) != 0) {
            ok = 0;
            atomic_store(&interrupts, 1); /* stop the threads already started */
            break;
        }
    }
    pthread_mutex_lock(&p.lock);
    double shown = 0;
    while (p.finished < started) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 250 * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&p.finished_cond, &p.lock, &until);
        double now = par_clock();
        /* The first line after half a second: short runs print none. */
        if (run->progress && p.finished < started && now - start >= 0.5 && now - shown >= 0.25) {
            print_progress(run, total_done(workers, started), now - start);
            shown = now;
        }
    }
    pthread_mutex_unlock(&p.lock);
    for (int i = 0; i < started; i++) pthread_join(workers[i].thread, NULL);
    out->seconds = par_clock() - start;
    if (run->progress && shown > 0) {
        fprintf(run->progress, "\r\033[K");
        fflush(run->progress);
    }
    out->done = total_done(workers, started);
    out->interrupted = ok && par_stopping();
    if (catching) sigaction(SIGINT, &old, NULL);
    pthread_cond_destroy(&p.finished_cond);
    pthread_mutex_destroy(&p.lock);
    free(workers);
    return ok;
}
