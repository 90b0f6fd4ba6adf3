/* bits_select.h - the k-th set bit of a word, for the playouts that draw a
 * random cell or pit among a set: without a loop whose length the random
 * number decides (a branch the processor cannot foresee). Where the
 * processor has BMI2's parallel deposit and it is fast, one instruction
 * (rs->bits_deposit, from bits_deposit_is_fast when the rules are
 * compiled); elsewhere the bytes' counts. */
#ifndef TABULA_BITS_SELECT_H
#define TABULA_BITS_SELECT_H

#include <stdint.h>

/* The K-th (from 0) set bit of X, which has more than K: the bytes' counts
 * and their running sums first, then the same within the byte found. */
static inline int bits_select_counted(uint64_t x, int k)
{
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t s = x - (x >> 1 & 0x5555555555555555ull);
    s = (s & 0x3333333333333333ull) + (s >> 2 & 0x3333333333333333ull);
    s = (s + (s >> 4)) & 0x0f0f0f0f0f0f0f0full;
    uint64_t before = s * ones << 8; /* byte i: the bits set in bytes 0 .. i-1 */
    /* the bytes whose bits before them are at most K: the byte sought and those below it */
    uint64_t at_most = ((uint64_t)k * ones | highs) - before;
    int byte = (int)(((at_most & highs) >> 7) * ones >> 56) - 1;
    k -= (int)(before >> 8 * byte & 0xff);
    /* the same within the byte: its bit j moved to bit 0 of byte j, then their running sums */
    uint64_t t = (x >> 8 * byte & 0xff) * ones & 0x8040201008040201ull; /* byte j: bit j of the byte alone */
    uint64_t spread = ((((t & ~highs) + 0x7f7f7f7f7f7f7f7full) | t) & highs) >> 7;
    uint64_t upto = spread * ones; /* byte j: the bits set at positions 0 .. j */
    uint64_t below = ((uint64_t)k * ones | highs) - upto; /* high bit set where upto_j <= k */
    return 8 * byte + (int)(((below & highs) >> 7) * ones >> 56);
}

/* The same in one instruction: the deposit puts bit 0 of (1 << K) ... at
 * X's K-th set bit. Only where bits_deposit_is_fast() said so. Inline
 * assembly, so that the program builds for any x86-64. */
static inline int bits_select_deposit(uint64_t x, int k)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    uint64_t at;
    __asm__("pdep %2, %1, %0" : "=r"(at) : "r"(1ull << k), "r"(x));
    return __builtin_ctzll(at);
#else
    return bits_select_counted(x, k);
#endif
}

/* The K-th set bit of X, by deposit when DEPOSIT (rs->bits_deposit). */
static inline __attribute__((always_inline)) int bits_select(uint64_t x, int k, int deposit)
{
    return deposit ? bits_select_deposit(x, k) : bits_select_counted(x, k);
}

/* 1 when the processor deposits bits (BMI2) in a few cycles: not AMD's
 * first two Zen generations, where it takes a cycle or more per bit. */
static inline int bits_deposit_is_fast(void)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("znver1") && !__builtin_cpu_is("znver2");
#else
    return 0;
#endif
}

#endif
