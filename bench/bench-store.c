/* bench-store.c — how fast the history, the statistics and a resume are on a big database
 *
 * Fills a fresh database with 10,000 finished 4-player Calavera games (random legal
 * games from a fixed seed, imported in batches of 500 per transaction), then prints
 * the median time of:
 *   - the first history page (50 games, newest first), with and without a player filter,
 *   - the per-player statistics over all finished games,
 *   - resuming the longest game (dp_store_load_game: read the log and replay it),
 *   - one append (its own transaction, fsync'd: synchronous=FULL).
 * The goal (issue "Game store"): under 50 ms each.
 *
 * Usage: bench-store [N_GAMES] [DATABASE]   (default 10000, a temporary file)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>

#include "dp-exchange.h"
#include "dp-store.h"
#include "bench-util.h"

#define BATCH 500
#define REPEATS 21

static const char *const names[] = {
  "Ina", "Sami", "Lou", "Mika", "Noa", "Jo", "Kim", "Alex", "Robin", "Sascha", "Toni", "Wanja",
};

/* Random legal games are slow to play (every step lists all legal actions), so a pool
 * of template games is played once with placeholder names; each stored game takes a
 * template and four real names, put into the setup and the actions' "player" keys.
 * The import replays every game through the core, so a wrong mapping would fail. */
#define N_TEMPLATES 100

static const char *const placeholders[] = { "T0", "T1", "T2", "T3" };

static GPtrArray *
play_template (GRand *rand)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) game = dp_game_new_from_text ("{\"game\":\"calavera\",\"players\":[\"T0\",\"T1\",\"T2\",\"T3\"]}",
                                                  &error);
  GPtrArray *actions = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);

  if (game == NULL)
    g_error ("setup: %s", error->message);

  while (!dp_game_is_finished (game))
    {
      g_autoptr(GPtrArray) legal = dp_game_legal_actions (game);
      g_autoptr(JsonNode) node = NULL;
      const char *text;

      if (legal->len == 0)
        break;
      text = g_ptr_array_index (legal, g_rand_int_range (rand, 0, (gint32) legal->len));
      if (!dp_game_apply_text (game, text, &error))
        g_error ("legal action refused: %s", error->message);
      node = json_from_string (text, NULL);
      g_ptr_array_add (actions, json_node_dup_object (node));
    }

  return actions;
}

/* Adds one finished game (a template with real names) to @builder as an export entry. */
static guint
add_game (JsonBuilder *builder,
          GRand       *rand,
          GPtrArray   *template,
          gint64       created)
{
  g_autofree char *uuid = g_uuid_string_random ();
  gboolean used[G_N_ELEMENTS (names)] = { FALSE, };
  const char *seated[4];

  for (guint seat = 0; seat < 4; seat++)
    {
      guint pick;

      do
        pick = (guint) g_rand_int_range (rand, 0, G_N_ELEMENTS (names));
      while (used[pick]);
      used[pick] = TRUE;
      seated[seat] = names[pick];
    }

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, uuid);
  json_builder_set_member_name (builder, "created");
  json_builder_add_int_value (builder, created);
  json_builder_set_member_name (builder, "finished");
  json_builder_add_int_value (builder, created + 1800);
  json_builder_set_member_name (builder, "state");
  json_builder_add_string_value (builder, "finished");
  json_builder_set_member_name (builder, "setup");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "game");
  json_builder_add_string_value (builder, "calavera");
  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint seat = 0; seat < 4; seat++)
    json_builder_add_string_value (builder, seated[seat]);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "actions");
  json_builder_begin_array (builder);
  for (guint i = 0; i < template->len; i++)
    {
      JsonObject *action = g_ptr_array_index (template, i);
      JsonObjectIter iter;
      const char *key;
      JsonNode *value;

      json_builder_begin_object (builder);
      json_object_iter_init (&iter, action);
      while (json_object_iter_next (&iter, &key, &value))
        {
          json_builder_set_member_name (builder, key);
          if (g_str_equal (key, "player") && JSON_NODE_HOLDS_VALUE (value) &&
              json_node_get_value_type (value) == G_TYPE_STRING)
            {
              const char *who = json_node_get_string (value);

              for (guint seat = 0; seat < 4; seat++)
                {
                  if (g_str_equal (who, placeholders[seat]))
                    who = seated[seat];
                }
              json_builder_add_string_value (builder, who);
            }
          else
            {
              json_builder_add_value (builder, json_node_copy (value));
            }
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  return template->len;
}

static void
fill (DpStore *store,
      guint    n_games)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1234);
  gint64 start = g_get_monotonic_time ();
  gint64 created = 1577836800;   /* 2020-01-01, one game every ~3 hours */
  guint64 total_actions = 0;
  double import_seconds = 0;
  g_autoptr(GPtrArray) templates = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);

  for (guint i = 0; i < MIN (N_TEMPLATES, n_games); i++)
    g_ptr_array_add (templates, play_template (rand));
  printf ("played %u template games in %.1f s\n", templates->len, (g_get_monotonic_time () - start) / 1e6);

  for (guint done = 0; done < n_games; done += BATCH)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autoptr(GError) error = NULL;
      guint imported, skipped;
      gint64 t0;

      dp_exchange_begin_json (builder);
      for (guint i = done; i < MIN (done + BATCH, n_games); i++)
        {
          GPtrArray *template = g_ptr_array_index (templates, g_rand_int_range (rand, 0, (gint32) templates->len));

          total_actions += add_game (builder, rand, template, created);
          created += 10800;
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);

      t0 = g_get_monotonic_time ();
      if (!dp_store_import (store, root, &imported, &skipped, &error))
        g_error ("import: %s", error->message);
      import_seconds += (g_get_monotonic_time () - t0) / 1e6;
    }

  printf ("filled %u games (%" G_GUINT64_FORMAT " actions, %.0f per game) in %.1f s; "
          "import alone (replay + insert) %.1f s\n",
          n_games, total_actions, (double) total_actions / MAX (n_games, 1),
          (g_get_monotonic_time () - start) / 1e6, import_seconds);
}

typedef void (*BenchFunc) (DpStore *store, gpointer data);

static double
time_median_ms (DpStore   *store,
                BenchFunc  func,
                gpointer   data)
{
  double samples[REPEATS];

  for (guint i = 0; i < REPEATS; i++)
    {
      gint64 t0 = g_get_monotonic_time ();

      func (store, data);
      samples[i] = (g_get_monotonic_time () - t0) / 1000.0;
    }

  return bench_median (samples, REPEATS);
}

static void
bench_history_page (DpStore  *store,
                    gpointer  data)
{
  const DpGameFilter *filter = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) page = dp_store_list_games (store, filter, 0, 50, &error);

  if (page == NULL || page->len != 50)
    g_error ("history page: %s", error != NULL ? error->message : "short page");
}

static void
bench_count (DpStore  *store,
             gpointer  data)
{
  g_autoptr(GError) error = NULL;

  if (dp_store_count_games (store, data, &error) == 0)
    g_error ("count: %s", error != NULL ? error->message : "0");
}

static void
bench_stats (DpStore  *store,
             gpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) stats = dp_store_player_stats (store, NULL, data, &error);

  if (stats == NULL || stats->len == 0)
    g_error ("stats: %s", error != NULL ? error->message : "empty");
}

static void
bench_head_to_head (DpStore  *store,
                    gpointer  data)
{
  g_autoptr(GError) error = NULL;
  DpHeadToHead out;

  if (!dp_store_head_to_head (store, NULL, "Ina", "Sami", &out, &error))
    g_error ("head to head: %s", error->message);
}

static void
bench_resume (DpStore  *store,
              gpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) game = dp_store_load_game (store, data, &error);

  if (game == NULL)
    g_error ("resume: %s", error->message);
}

/* The id of the stored game with the most actions. */
static char *
longest_game (DpStore *store,
              guint   *n_actions)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all = dp_store_list_games (store, NULL, 0, 0, &error);
  DpGameSummary *best = NULL;

  if (all == NULL)
    g_error ("list: %s", error->message);
  for (guint i = 0; i < all->len; i++)
    {
      DpGameSummary *summary = all->pdata[i];

      if (best == NULL || summary->n_actions > best->n_actions)
        best = summary;
    }

  if (best == NULL)
    g_error ("no games stored");
  *n_actions = best->n_actions;
  return g_strdup (best->id);
}

/* A game in progress to append to, as during play: each append is its own fsync'd
 * transaction. */
static double
bench_append (DpStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) game = dp_game_new_from_text ("{\"game\":\"calavera\",\"players\":[\"Ina\",\"Sami\",\"Lou\",\"Mika\"]}",
                                                  &error);
  g_autofree char *id = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  double samples[REPEATS * 3];
  guint n = 0;

  if (game == NULL)
    g_error ("setup: %s", error->message);
  id = dp_store_create_game (store, game, &error);
  if (id == NULL)
    g_error ("create: %s", error->message);

  while (n < G_N_ELEMENTS (samples))
    {
      g_autoptr(GPtrArray) legal = dp_game_legal_actions (game);
      g_autoptr(JsonNode) node = NULL;
      gint64 t0;

      if (legal->len == 0)
        break;
      node = json_from_string (g_ptr_array_index (legal, g_rand_int_range (rand, 0, (gint32) legal->len)), NULL);
      t0 = g_get_monotonic_time ();
      if (!dp_store_append_action (store, id, game, json_node_get_object (node), &error))
        g_error ("append: %s", error->message);
      samples[n++] = (g_get_monotonic_time () - t0) / 1000.0;
    }

  return bench_median (samples, n);
}

int
main (int   argc,
      char *argv[])
{
  guint n_games = argc > 1 ? (guint) strtoul (argv[1], NULL, 10) : 10000;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(DpStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *long_id = NULL;
  DpGameFilter all = DP_GAME_FILTER_INIT;
  DpGameFilter by_player = DP_GAME_FILTER_INIT;
  DpGameFilter by_search = DP_GAME_FILTER_INIT;
  guint long_actions;
  gint64 t0;

  if (argc > 2)
    {
      path = g_strdup (argv[2]);
    }
  else
    {
      dir = g_dir_make_tmp ("bench-store-XXXXXX", &error);
      if (dir == NULL)
        g_error ("%s", error->message);
      path = g_build_filename (dir, "bench.db", NULL);
    }

  t0 = g_get_monotonic_time ();
  store = dp_store_open (path, &error);
  if (store == NULL)
    g_error ("open: %s", error->message);
  if (dp_store_count_games (store, NULL, NULL) < n_games)
    fill (store, n_games);

  /* Reopen: the numbers are for a database as the app finds it at start. */
  g_clear_object (&store);
  t0 = g_get_monotonic_time ();
  store = dp_store_open (path, &error);
  if (store == NULL)
    g_error ("open: %s", error->message);
  printf ("open (existing, %u games): %.2f ms\n", dp_store_count_games (store, NULL, NULL),
          (g_get_monotonic_time () - t0) / 1000.0);

  by_player.player = "Ina";
  by_search.search = "sa";
  long_id = longest_game (store, &long_actions);

  printf ("medians of %d runs:\n", REPEATS);
  printf ("  history page (50, newest first):        %7.2f ms\n", time_median_ms (store, bench_history_page, &all));
  printf ("  history page, player filter:            %7.2f ms\n", time_median_ms (store, bench_history_page, &by_player));
  printf ("  history page, name search:              %7.2f ms\n", time_median_ms (store, bench_history_page, &by_search));
  printf ("  count of games, player filter:          %7.2f ms\n", time_median_ms (store, bench_count, &by_player));
  printf ("  per-player statistics (all players):    %7.2f ms\n", time_median_ms (store, bench_stats, NULL));
  printf ("  per-player statistics (one player):     %7.2f ms\n", time_median_ms (store, bench_stats, (gpointer) "Ina"));
  printf ("  head-to-head:                           %7.2f ms\n", time_median_ms (store, bench_head_to_head, NULL));
  printf ("  resume the longest game (%4u actions):  %7.2f ms\n", long_actions, time_median_ms (store, bench_resume, long_id));
  printf ("  append one action (fsync'd):            %7.2f ms\n", bench_append (store));

  g_clear_object (&store);
  if (dir != NULL)
    {
      g_autofree char *wal = g_strconcat (path, "-wal", NULL);
      g_autofree char *shm = g_strconcat (path, "-shm", NULL);

      g_unlink (path);
      g_unlink (wal);
      g_unlink (shm);
      g_rmdir (dir);
    }

  return 0;
}
