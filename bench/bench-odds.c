/* bench-odds.c — how long the turn assistant takes for the full recommendation
 *
 * The case that matters: right after the first roll (two rolls left), every keep, the
 * recommendation and the figures of every plan — what the turn panel asks for each
 * time a roll is entered. Goal: under 20 ms. Measured over every possible first roll
 * that does not end the turn (3 or more skulls), through cv_odds_compute() on a real
 * game mid-way, so the cost of reading the game is included.
 *
 * Run: meson compile -C _build && ./_build/bench/bench-odds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "bench-util.h"
#include "cv-odds.h"

static void
apply_or_die (CvGame         *game,
              const CvAction *action)
{
  g_autoptr(GError) error = NULL;

  if (!cv_game_apply (game, action, &error))
    {
      fprintf (stderr, "bench-odds: %s\n", error->message);
      exit (1);
    }
}

/* A game some turns in, so that the sheet has crosses, a bonus line and a row near
 * the death zone: the value model then has real work. */
static CvGame *
game_in_progress (void)
{
  static const char *const names[] = { "Ina", "Sami", "Tom" };
  static const CvFace turns[][CV_N_DICE + 1] = {
    /* six faces, then the colour taken */
    { CV_FACE_ORANGE, CV_FACE_ORANGE, CV_FACE_ORANGE, CV_FACE_ORANGE, CV_FACE_GREEN, CV_FACE_PINK, CV_FACE_ORANGE },
    { CV_FACE_GREEN, CV_FACE_GREEN, CV_FACE_GREEN, CV_FACE_PINK, CV_FACE_BLACK, CV_FACE_BLACK, CV_FACE_GREEN },
    { CV_FACE_PINK, CV_FACE_PINK, CV_FACE_PINK, CV_FACE_PINK, CV_FACE_GREEN, CV_FACE_BLACK, CV_FACE_PINK },
    { CV_FACE_BLACK, CV_FACE_BLACK, CV_FACE_BLACK, CV_FACE_GREEN, CV_FACE_GREEN, CV_FACE_PINK, CV_FACE_BLACK },
    { CV_FACE_GREEN, CV_FACE_GREEN, CV_FACE_GREEN, CV_FACE_GREEN, CV_FACE_PINK, CV_FACE_BLACK, CV_FACE_GREEN },
    { CV_FACE_ORANGE, CV_FACE_ORANGE, CV_FACE_PINK, CV_FACE_PINK, CV_FACE_GREEN, CV_FACE_BLACK, CV_FACE_PINK },
  };
  g_autoptr(GError) error = NULL;
  CvGame *game = cv_game_new (names, G_N_ELEMENTS (names), &error);

  if (game == NULL)
    {
      fprintf (stderr, "bench-odds: %s\n", error->message);
      exit (1);
    }
  for (guint t = 0; t < G_N_ELEMENTS (turns); t++)
    {
      CvAction action;

      cv_action_init_roll (&action, -1, turns[t]);
      apply_or_die (game, &action);
      cv_action_init_take (&action, -1, turns[t][CV_N_DICE]);
      apply_or_die (game, &action);
    }
  return game;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CvGame) start = game_in_progress ();
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  guint rounds = argc > 1 ? (guint) atoi (argv[1]) : 3;
  gint64 total = 0;
  gint64 cpu_max = 0;
  guint n_rolls = 0;
  gint64 build_cpu;

  /* The points model's table is built once per process, before the first answer (the
   * window does it in a worker thread): timed apart (docs/assistant.md). */
  build_cpu = bench_cpu_time_us ();
  {
    g_autoptr(CvOdds) warm = cv_odds_compute (start, NULL);
  }
  build_cpu = bench_cpu_time_us () - build_cpu;

  for (guint round = 0; round < MAX (rounds, 1); round++)
    for (guint code = 0; code < 46656; code++)  /* 6^6 ordered first rolls */
      {
        g_autoptr(CvGame) game = NULL;
        g_autoptr(CvOdds) odds = NULL;
        g_autoptr(GError) error = NULL;
        CvFace faces[CV_N_DICE];
        guint skulls = 0, c = code;
        gboolean canonical = TRUE;
        CvAction action;
        gint64 t0, t1, c0, c1;

        for (guint i = 0; i < CV_N_DICE; i++, c /= CV_N_FACES)
          {
            faces[i] = (CvFace) (c % CV_N_FACES);
            skulls += faces[i] == CV_FACE_SKULL;
            /* One ordering per multiset: the dice have no order. */
            if (i > 0 && faces[i] < faces[i - 1])
              canonical = FALSE;
          }
        if (!canonical || skulls >= 3)
          continue;

        game = cv_game_copy (start);
        cv_action_init_roll (&action, -1, faces);
        apply_or_die (game, &action);

        t0 = g_get_monotonic_time ();
        c0 = bench_cpu_time_us ();
        odds = cv_odds_compute (game, &error);
        c1 = bench_cpu_time_us ();
        t1 = g_get_monotonic_time ();
        if (odds == NULL || cv_odds_get_rolls_left (odds) != 2)
          {
            fprintf (stderr, "bench-odds: no advice: %s\n", error ? error->message : "?");
            return 1;
          }
        g_array_append_val (times, (gint64) { t1 - t0 });
        total += t1 - t0;
        cpu_max = MAX (cpu_max, c1 - c0);
        n_rolls++;
      }

  qsort (times->data, times->len, sizeof (gint64), bench_compare_times);
  printf ("bench-odds: full recommendation after the first roll (two rolls left)\n");
  printf ("  the points model's table, once per process: %.0f ms CPU\n", build_cpu / 1000.0);
  printf ("  first rolls measured: %u (every multiset with < 3 skulls, %u rounds)\n",
          n_rolls, MAX (rounds, 1));
  printf ("  mean   %.3f ms\n", total / 1000.0 / MAX (n_rolls, 1));
  printf ("  median %.3f ms\n", g_array_index (times, gint64, times->len / 2) / 1000.0);
  printf ("  p99    %.3f ms\n", g_array_index (times, gint64, times->len * 99 / 100) / 1000.0);
  printf ("  max    %.3f ms wall, %.3f ms CPU   (goal: under 20 ms)\n",
          g_array_index (times, gint64, times->len - 1) / 1000.0, cpu_max / 1000.0);
  return 0;
}
