/* history-fixture.c — a database of random legal games, and what the test knows of them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "history-fixture.h"
#include "store-test-util.h"

/* Four friends; every game seats a different group of them. */
static const char *const people[] = { "Ina", "Sami", "Tom", "Lea" };

/* 1 May 2024 12:00 UTC, then one game a day. */
#define FIRST_GAME_TIME 1714564800

static void
take_snapshot (const CvGame    *cv,
               FixtureSnapshot *snapshot)
{
  for (guint seat = 0; seat < cv_game_get_n_players (cv); seat++)
    {
      for (guint c = 0; c < CV_N_COLORS; c++)
        snapshot->crosses[seat][c] = cv_game_get_crosses (cv, seat, (CvFace) c);
      snapshot->totals[seat] = cv_game_get_total (cv, seat);
    }
}

/* A random legal action, preferring decisions over re-rolls so games end in a
 * reasonable number of actions (every choice is still a legal one). */
static char *
random_action (const DpGame *game,
               GRand        *rand)
{
  g_autoptr(GPtrArray) legal = dp_game_legal_actions (game);
  g_autoptr(GPtrArray) decisions = g_ptr_array_new ();

  if (legal->len == 0)
    return NULL;

  for (guint i = 0; i < legal->len; i++)
    {
      const char *text = g_ptr_array_index (legal, i);

      if (strstr (text, "\"reroll\"") == NULL)
        g_ptr_array_add (decisions, (gpointer) text);
    }

  if (decisions->len > 0 && g_rand_int_range (rand, 0, 4) != 0)
    return g_strdup (g_ptr_array_index (decisions, g_rand_int_range (rand, 0, (gint32) decisions->len)));

  return g_strdup (g_ptr_array_index (legal, g_rand_int_range (rand, 0, (gint32) legal->len)));
}

static FixtureGame *
play_one (DpStore  *store,
          guint     index,
          gboolean  finish,
          GRand    *rand)
{
  FixtureGame *fg = g_new0 (FixtureGame, 1);
  g_autoptr(DpGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) snapshots = g_array_new (FALSE, TRUE, sizeof (FixtureSnapshot));
  const char *names[CV_MAX_PLAYERS + 1] = { NULL };  /* NULL-terminated */
  guint first = index % G_N_ELEMENTS (people);
  const CvGame *cv;
  FixtureSnapshot snapshot = { 0 };
  guint limit = finish ? G_MAXUINT : 25;

  /* 2, 3 or 4 players, starting with a different friend each time. */
  fg->n_players = 2 + index % 3;
  for (guint seat = 0; seat < fg->n_players; seat++)
    {
      names[seat] = people[(first + seat) % G_N_ELEMENTS (people)];
      fg->names[seat] = g_strdup (names[seat]);
    }

  /* A few hours into each day, so day filters have games inside them. */
  fg->created = FIRST_GAME_TIME + (gint64) index * 24 * 60 * 60 + g_rand_int_range (rand, 0, 4 * 60 * 60);

  game = test_new_game (names);
  fg->id = dp_store_create_game_at (store, game, fg->created, &error);
  g_assert_no_error (error);

  cv = cv_game_from_dp (game);
  take_snapshot (cv, &snapshot);
  g_array_append_val (snapshots, snapshot);

  while (fg->n_actions < limit)
    {
      g_autofree char *text = random_action (game, rand);
      g_autoptr(JsonObject) action = NULL;

      if (text == NULL)
        break;
      action = test_parse_object (text);
      dp_store_append_action (store, fg->id, game, action, &error);
      g_assert_no_error (error);
      fg->n_actions++;

      take_snapshot (cv, &snapshot);
      g_array_append_val (snapshots, snapshot);
    }

  fg->finished = dp_game_is_finished (game);
  g_assert_true (fg->finished == finish);
  for (guint seat = 0; seat < fg->n_players; seat++)
    {
      fg->totals[seat] = cv_game_get_total (cv, seat);
      fg->winners[seat] = cv_game_is_winner (cv, seat);
      fg->frozen_rows[seat] = cv_game_get_n_frozen_rows (cv, seat);
      for (guint c = 0; c < CV_N_COLORS; c++)
        fg->row_points[seat][c] = cv_game_get_row_points (cv, seat, (CvFace) c);
      for (guint l = 0; l < CV_N_BONUS_LINES; l++)
        fg->bonus_first[seat] += cv_game_get_bonus_state (cv, seat, l) == CV_BONUS_WON_FIRST;
    }
  fg->snapshots = (FixtureSnapshot *) g_array_free (g_steal_pointer (&snapshots), FALSE);

  return fg;
}

static void
fixture_game_free (FixtureGame *fg)
{
  g_free (fg->id);
  for (guint i = 0; i < CV_MAX_PLAYERS; i++)
    g_free (fg->names[i]);
  g_free (fg->snapshots);
  g_free (fg);
}

Fixture *
fixture_new (const char *path,
             guint       n_games,
             guint32     seed)
{
  Fixture *fixture = g_new0 (Fixture, 1);
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(GError) error = NULL;

  fixture->store = dp_store_open (path, &error);
  g_assert_no_error (error);
  fixture->games = g_ptr_array_new_with_free_func ((GDestroyNotify) fixture_game_free);

  for (guint i = 0; i < n_games; i++)
    g_ptr_array_add (fixture->games, play_one (fixture->store, i, i + 1 < n_games, rand));

  return fixture;
}

void
fixture_free (Fixture *fixture)
{
  g_clear_object (&fixture->store);
  g_clear_pointer (&fixture->games, g_ptr_array_unref);
  g_free (fixture);
}

gboolean
fixture_game_has_player (const FixtureGame *game,
                         const char        *name)
{
  for (guint i = 0; i < game->n_players; i++)
    if (g_strcmp0 (game->names[i], name) == 0)
      return TRUE;
  return FALSE;
}
