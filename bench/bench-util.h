/* bench-util.h — what the benchmarks share: CPU time, the median of their samples, their scratch folder
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib/gstdio.h>

#include <glib.h>
#include <stdlib.h>
#include <time.h>

/* CPU time of this thread, in µs: on a busy 2-core machine the wall clock also counts the
 * time other processes had the core, which says nothing about the code measured. */
static inline gint64
bench_cpu_time_us (void)
{
  struct timespec t;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
  return (gint64) t.tv_sec * G_USEC_PER_SEC + t.tv_nsec / 1000;
}

/* qsort() order of gint64 samples. */
static inline int
bench_compare_times (const void *a,
                     const void *b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

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

/* Removes the scratch folder @scratch and the files the benchmark left in it. */
static inline void
bench_remove_scratch (const char *scratch)
{
  g_autoptr(GDir) dir = g_dir_open (scratch, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (scratch, name, NULL);

      g_unlink (path);
    }
  g_rmdir (scratch);
}
