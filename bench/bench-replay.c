/* bench-replay.c — how fast the Calavera core applies and replays a game
 *
 * Builds one whole 4-player game by random legal play (fixed seed, so every run
 * measures the same game), then prints:
 *   1. typed apply rate (actions per second, cv_game_apply),
 *   2. full replay from the action texts (dp_game_replay: JSON parsing included),
 *      median of many runs — what undo and resuming a game cost,
 *   3. typed replay (cv_game_new + cv_game_apply for every action), median,
 *   4. cv_game_legal_actions() in the busiest state (first roll, six different dice).
 *
 * Run: ./_build/bench/bench-replay [runs]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "dp-game.h"
#include "cv-game.h"
#include "bench-util.h"

#define SEED 20240601

static const char *const names[] = { "Ina", "Sami", "Tom", "Lea" };

/* One whole game: choices preferred over re-rolls 60 : 40, like people who do not
 * always re-roll. */
static GArray *
build_game (GPtrArray **texts_out)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (SEED);
  g_autoptr(CvGame) game = cv_game_new (names, 4, NULL);
  GArray *actions = g_array_new (FALSE, FALSE, sizeof (CvAction));
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);

  while (!cv_game_is_finished (game))
    {
      g_autoptr(GArray) legal = cv_game_legal_actions (game);
      g_autoptr(GArray) choices = cv_game_legal_choices (game);
      const CvAction *a;

      if (choices->len > 0 && (legal->len == choices->len || g_rand_double (rand) < 0.6))
        a = &g_array_index (choices, CvAction, g_rand_int_range (rand, 0, choices->len));
      else
        a = &g_array_index (legal, CvAction, g_rand_int_range (rand, 0, legal->len - choices->len));

      g_ptr_array_add (texts, cv_action_to_text (game, a));
      g_array_append_val (actions, *a);
      if (!cv_game_apply (game, a, NULL))
        g_error ("a listed action was refused");
    }

  *texts_out = texts;
  return actions;
}

int
main (int argc, char *argv[])
{
  guint runs = argc > 1 ? (guint) atoi (argv[1]) : 5000;
  g_autoptr(GPtrArray) texts = NULL;
  g_autoptr(GArray) actions = build_game (&texts);
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (double));
  const char *setup = "{\"game\": \"calavera\", \"players\": [\"Ina\", \"Sami\", \"Tom\", \"Lea\"]}";
  gint64 start, elapsed;
  guint64 applied = 0;

  if (runs == 0)
    runs = 1;

  printf ("Game: 4 players, %u actions (seed %d)\n", actions->len, SEED);

  /* 1. Typed apply rate over about a second */
  start = g_get_monotonic_time ();
  do
    {
      for (guint r = 0; r < 100; r++)
        {
          g_autoptr(CvGame) game = cv_game_new (names, 4, NULL);

          for (guint i = 0; i < actions->len; i++)
            cv_game_apply (game, &g_array_index (actions, CvAction, i), NULL);
          applied += actions->len;
        }
      elapsed = g_get_monotonic_time () - start;
    }
  while (elapsed < G_USEC_PER_SEC);
  printf ("Typed apply:        %.2f million actions/s\n", applied / (double) elapsed);

  /* 2. Full replay from texts */
  for (guint r = 0; r < runs; r++)
    {
      g_autoptr(DpGame) game = NULL;

      start = g_get_monotonic_time ();
      game = dp_game_replay (setup, (const char *const *) texts->pdata, texts->len, NULL, NULL);
      elapsed = g_get_monotonic_time () - start;
      if (game == NULL || !dp_game_is_finished (game))
        g_error ("replay failed");
      g_array_append_val (samples, (double) { elapsed });
    }
  printf ("Replay from texts:  %.1f µs per game (median of %u; %.2f µs per action)\n",
          bench_median_array (samples), runs, bench_median_array (samples) / texts->len);

  /* 3. Typed replay */
  g_array_set_size (samples, 0);
  for (guint r = 0; r < runs; r++)
    {
      g_autoptr(CvGame) game = NULL;
      gint64 t0 = g_get_monotonic_time ();

      game = cv_game_new (names, 4, NULL);
      for (guint i = 0; i < actions->len; i++)
        cv_game_apply (game, &g_array_index (actions, CvAction, i), NULL);
      g_array_append_val (samples, (double) { g_get_monotonic_time () - t0 });
    }
  printf ("Typed replay:       %.1f µs per game (median of %u)\n", bench_median_array (samples), runs);

  /* 4. Legal actions in the busiest state */
  {
    g_autoptr(CvGame) game = cv_game_new (names, 4, NULL);
    CvAction roll;
    guint n = 0;

    cv_action_init_roll (&roll, -1, (CvFace[]) { CV_FACE_ORANGE, CV_FACE_ORANGE, CV_FACE_GREEN,
                                                 CV_FACE_PINK, CV_FACE_BLACK, CV_FACE_JOKER });
    cv_game_apply (game, &roll, NULL);

    g_array_set_size (samples, 0);
    for (guint r = 0; r < MIN (runs, 2000u); r++)
      {
        gint64 t0 = g_get_monotonic_time ();
        g_autoptr(GArray) legal = cv_game_legal_actions (game);

        n = legal->len;
        g_array_append_val (samples, (double) { g_get_monotonic_time () - t0 });
      }
    printf ("Legal actions:      %.1f µs for %u actions (median)\n", bench_median_array (samples), n);
  }

  return EXIT_SUCCESS;
}
