/* store-crash-child.c — appends actions until it is killed (test-store-crash)
 *
 * Usage: store-crash-child DATABASE SEED
 * Resumes the unfinished game in DATABASE (or starts one) and appends random legal
 * actions forever, printing "game ID N" when it resumes or starts a game (N actions), "appending N" before
 * and "committed N" after each append (N = the game's action count with it), flushed,
 * so the parent knows what was surely committed and what might have been.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "dp-store.h"

static const char *const names[] = { "Ina", "Sami", "Lou", "Mika" };

static DpGame *
start_game (DpStore  *store,
            char    **id_out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) open_games = NULL;
  DpGameFilter filter = DP_GAME_FILTER_INIT;
  DpGame *game;

  filter.state = DP_GAME_STATE_IN_PROGRESS;
  open_games = dp_store_list_games (store, &filter, 0, 1, &error);
  if (open_games == NULL)
    g_error ("list: %s", error->message);

  if (open_games->len > 0)
    {
      DpGameSummary *summary = open_games->pdata[0];

      game = dp_store_load_game (store, summary->id, &error);
      if (game == NULL)
        g_error ("load: %s", error->message);
      *id_out = g_strdup (summary->id);
    }
  else
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "game");
      json_builder_add_string_value (builder, "calavera");
      json_builder_set_member_name (builder, "players");
      json_builder_begin_array (builder);
      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        json_builder_add_string_value (builder, names[i]);
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);

      game = dp_game_new (json_node_get_object (root), &error);
      if (game == NULL)
        g_error ("setup: %s", error->message);
      *id_out = dp_store_create_game (store, game, &error);
      if (*id_out == NULL)
        g_error ("create: %s", error->message);
    }

  printf ("game %s %u\n", *id_out, dp_game_get_n_actions (game));
  fflush (stdout);
  return game;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(DpStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = NULL;
  g_autoptr(DpGame) game = NULL;
  g_autofree char *id = NULL;

  if (argc != 3)
    {
      fprintf (stderr, "usage: %s DATABASE SEED\n", argv[0]);
      return 2;
    }

  store = dp_store_open (argv[1], &error);
  if (store == NULL)
    g_error ("open: %s", error->message);
  rand = g_rand_new_with_seed ((guint32) strtoul (argv[2], NULL, 10));
  game = start_game (store, &id);

  for (;;)
    {
      g_autoptr(GPtrArray) legal = dp_game_legal_actions (game);
      g_autoptr(JsonNode) node = NULL;

      if (legal->len == 0)
        {
          g_clear_pointer (&game, dp_game_free);
          g_clear_pointer (&id, g_free);
          game = start_game (store, &id);
          continue;
        }

      node = json_from_string (g_ptr_array_index (legal, g_rand_int_range (rand, 0, (gint32) legal->len)),
                               &error);
      if (node == NULL)
        g_error ("legal action: %s", error->message);

      printf ("appending %u\n", dp_game_get_n_actions (game) + 1);
      fflush (stdout);
      if (!dp_store_append_action (store, id, game, json_node_get_object (node), &error))
        g_error ("append: %s", error->message);
      printf ("committed %u\n", dp_game_get_n_actions (game));
      fflush (stdout);
    }
}
