/* rng.h - the seeded random generator of a game context (xoshiro256**).
 * Same seed, same sequence on every machine. */
#ifndef TABULA_RNG_H
#define TABULA_RNG_H

#include <stdint.h>

typedef struct rng {
    uint64_t s[4];
} rng;

void rng_seed(rng *r, uint64_t seed);
uint64_t rng_next(rng *r);
/* Uniform in [0, n), without modulo bias. */
uint32_t rng_below(rng *r, uint32_t n);

#endif
