/* stats.h - the statistics of results: confidence intervals for shares,
 * Elo differences, means and spreads. */
#ifndef TABULA_STATS_H
#define TABULA_STATS_H

/* The z of a two-sided 95% interval. */
#define STATS_Z95 1.959963984540054

/* The Wilson score interval of a share of SUCCESSES in N trials (SUCCESSES
 * may be fractional: draws count half); [0, 1] when N is 0. */
void stats_wilson(double successes, double n, double *lo, double *hi);

/* The Elo difference of a score share S (0 < S < 1): -400 log10(1/S - 1);
 * -/+ infinity at 0 and 1. */
double stats_elo(double score);

/* Mean and standard deviation (of the population) from a count, a sum and
 * a sum of squares; 0 for no data. */
void stats_mean_sd(double n, double sum, double sum_sq, double *mean, double *sd);

#endif
