/* bench-util.h — what the benchmarks share: the median of their samples
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <stdlib.h>

static inline int
bench_compare_doubles (const void *a,
                       const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Sorts @samples in place and returns the middle one. */
static inline double
bench_median (double *samples,
              guint   n)
{
  qsort (samples, n, sizeof (double), bench_compare_doubles);
  return samples[n / 2];
}

/* The same for a GArray of doubles. */
static inline double
bench_median_array (GArray *samples)
{
  return bench_median ((double *) (void *) samples->data, samples->len);
}
