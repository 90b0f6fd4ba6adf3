/* stats.c - Wilson intervals, Elo, mean and spread. */
#include "stats.h"

#include <math.h>

void stats_wilson(double successes, double n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    double z = STATS_Z95, p = successes / n, z2 = z * z;
    double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    double half = z / (1 + z2 / n) * sqrt(p * (1 - p) / n + z2 / (4 * n * n));
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

double stats_elo(double score)
{
    if (score <= 0) return -INFINITY;
    if (score >= 1) return INFINITY;
    return -400 * log10(1 / score - 1);
}

void stats_mean_sd(double n, double sum, double sum_sq, double *mean, double *sd)
{
    if (n <= 0) {
        *mean = *sd = 0;
        return;
    }
    *mean = sum / n;
    double var = sum_sq / n - *mean * *mean;
    *sd = var > 0 ? sqrt(var) : 0;
}
