/* bench-cubitos-odds.c — how long the Cubitos assistant takes for the odds of pushing
 *
 * Each time a roll is entered the decide section asks for both plans (this push, and one
 * more). Measured on ready areas of 1 to 40 dice, mixed from every kind of die (a late
 * round of a big board, more than the limit of 9 + tokens + red lines allows in practice),
 * 200 random areas per size, through cb_odds_compute_input(); and the plain enumeration
 * the tests compare with, for scale. Goal: under 20 ms for any board a table meets.
 *
 * Run: meson compile -C _build && ./_build/bench/bench-cubitos-odds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cb-odds.h"

/* CPU time of this thread (the machine is shared: wall time counts the others). */
static gint64
cpu_time_us (void)
{
  struct timespec t;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
  return (gint64) t.tv_sec * G_USEC_PER_SEC + t.tv_nsec / 1000;
}

static int
compare_times (const void *a,
               const void *b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

int
main (void)
{
  static const guint sizes[] = { 1, 3, 6, 9, 12, 15, 20, 30, 40 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (27);
  enum { RUNS = 200 };

  printf ("Cubitos odds of pushing (both plans), CPU time per answer\n");
  printf ("%6s %12s %12s\n", "dice", "median ms", "worst ms");
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      gint64 times[RUNS];

      for (guint r = 0; r < RUNS; r++)
        {
          CbOddsInput input = { .active = 3, .danger = TRUE, .limit = 9, .p_ignore = 0.5 };
          CbOddsFigures out[CB_ODDS_N_PLANS];
          gint64 start;

          for (guint d = 0; d < sizes[i]; d++)
            input.ready[g_rand_int_range (rand, 0, CB_N_KINDS)]++;
          start = cpu_time_us ();
          cb_odds_compute_input (&input, out);
          times[r] = cpu_time_us () - start;
        }
      qsort (times, RUNS, sizeof times[0], compare_times);
      printf ("%6u %12.3f %12.3f\n", sizes[i], times[RUNS / 2] / 1000.0, times[RUNS - 1] / 1000.0);
    }

  /* The enumeration of every ordered face pair of both rolls (36ⁿ), for scale. */
  for (guint n = 1; n <= 4; n++)
    {
      CbOddsInput input = { .active = 3, .danger = TRUE, .limit = 9, .p_ignore = 0.5 };
      CbOddsFigures out[CB_ODDS_N_PLANS];
      gint64 start;

      input.ready[CB_KIND_LIGHT_GREY] = n;
      start = cpu_time_us ();
      cb_odds_enumerate (&input, out);
      printf ("plain enumeration of %u dice: %.1f ms\n", n, (cpu_time_us () - start) / 1000.0);
    }
  return 0;
}
