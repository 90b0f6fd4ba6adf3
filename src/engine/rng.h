/* rng.h - the seeded random generator of a game context (xoshiro256**).
 * Same seed, same sequence on every machine. The draws are inline: a
 * playout makes one or more a move, and a call costs as much as the draw. */
#ifndef TABULA_RNG_H
#define TABULA_RNG_H

#include <stdint.h>

typedef struct rng {
    uint64_t s[4];
} rng;

void rng_seed(rng *r, uint64_t seed);

static inline uint64_t rng_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return result;
}

/* Uniform in [0, n), without modulo bias: Lemire's multiply-shift, the
 * biased low range rejected. */
static inline uint32_t rng_below(rng *r, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)-n % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Two numbers, *A uniform in [0, N) and *B in [0, M), independent, from one
 * draw: its high half for A, its low half for B, each by Lemire's
 * multiply-shift; where either half falls in its biased low range, both
 * are drawn again, so the pair is exactly uniform. */
static inline void rng_below_two(rng *r, uint32_t n, uint32_t m, uint32_t *a, uint32_t *b)
{
    for (;;) {
        uint64_t x = rng_next(r);
        uint64_t ma = (uint64_t)(uint32_t)(x >> 32) * n, mb = (uint64_t)(uint32_t)x * m;
        if (((uint32_t)ma < n && (uint32_t)ma < (uint32_t)-n % n) || ((uint32_t)mb < m && (uint32_t)mb < (uint32_t)-m % m))
            continue;
        *a = (uint32_t)(ma >> 32);
        *b = (uint32_t)(mb >> 32);
        return;
    }
}

#endif
