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

#include "bench-util.h"
#include "cb-odds.h"

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
          start = bench_cpu_time_us ();
          cb_odds_compute_input (&input, out);
          times[r] = bench_cpu_time_us () - start;
        }
      qsort (times, RUNS, sizeof times[0], bench_compare_times);
      printf ("%6u %12.3f %12.3f\n", sizes[i], times[RUNS / 2] / 1000.0, times[RUNS - 1] / 1000.0);
    }

  /* The enumeration of every ordered face pair of both rolls (36ⁿ), for scale. */
  for (guint n = 1; n <= 4; n++)
    {
      CbOddsInput input = { .active = 3, .danger = TRUE, .limit = 9, .p_ignore = 0.5 };
      CbOddsFigures out[CB_ODDS_N_PLANS];
      gint64 start;

      input.ready[CB_KIND_LIGHT_GREY] = n;
      start = bench_cpu_time_us ();
      cb_odds_enumerate (&input, out);
      printf ("plain enumeration of %u dice: %.1f ms\n", n, (bench_cpu_time_us () - start) / 1000.0);
    }
  return 0;
}
