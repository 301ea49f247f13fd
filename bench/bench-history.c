/* bench-history.c — History and Statistics with 10,000 stored games
 *
 * Issue "History and statistics": "with 10,000 stored games, time to show the first
 * history page and the statistics page (medians); target under 50 ms each for the
 * data part."
 *
 *   bench-history [--games N] [--database PATH] [--runs N] [--fill-only]
 *
 * Fills PATH (default: a temporary file) with N random legal Calavera games and N
 * random Cubitos races (--races; imported in one transaction each through
 * dp_store_import: every game is replayed by the core), then prints the median time of
 *  - history: the count plus the first page of rows (DpHistoryModel, what the list
 *    asks the store for before it can show anything), unfiltered and for one player;
 *  - statistics, for All Games and for each game kind (issue 19: "statistics page data
 *    for 10,000 games per game kind under 50 ms"): what the Statistics page reads —
 *    every player's statistics, a head-to-head, one player's last 100 totals and the
 *    latest game's progression — and the page itself switching to that game;
 *  - and, when a display is available, each page including its widgets, until the
 *    first frame is drawn.
 * An existing PATH with the right number of games is reused.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "cv-game.h"
#include "dp-game-replay-page.h"
#include "dp-history-model.h"
#include "dp-history-page.h"
#include "dp-statistics-page.h"
#include "dp-exchange.h"
#include "dp-store.h"
#include "bench-util.h"

static const char *const pool[] = { "Ina", "Sami", "Tom", "Lea", "Jonas", "Mila", "Paul", "Emma" };

/* A random legal Calavera action: dice drawn at random, decisions from the core's
 * list of legal choices (cheaper than listing every possible roll). */
static gboolean
random_action (CvGame   *cv,
               GRand    *rand,
               CvAction *action)
{
  g_autoptr(GArray) choices = NULL;

  if (cv_game_is_finished (cv))
    return FALSE;

  if (cv_game_can_roll (cv))
    {
      CvFace faces[CV_N_DICE];

      for (guint i = 0; i < CV_N_DICE; i++)
        faces[i] = (CvFace) g_rand_int_range (rand, 0, CV_N_FACES);
      cv_action_init_roll (action, -1, faces);
      return TRUE;
    }

  choices = cv_game_legal_choices (cv);

  /* Re-roll now and then, and always when nothing can be marked (no pass then). */
  if (cv_game_can_reroll (cv) && (choices->len == 0 || g_rand_int_range (rand, 0, 4) == 0))
    {
      CvFace picked[CV_N_DICE], result[CV_N_DICE];
      guint n = 0;

      for (guint i = 0; i < CV_N_DICE; i++)
        if (!cv_game_die_is_locked (cv, i) && (choices->len == 0 || g_rand_boolean (rand)))
          {
            picked[n] = cv_game_get_die (cv, i);
            result[n] = (CvFace) g_rand_int_range (rand, 0, CV_N_FACES);
            n++;
          }
      if (n > 0)
        {
          cv_action_init_reroll (action, -1, n, picked, result);
          if (cv_game_check (cv, action, NULL))
            return TRUE;
        }
    }

  if (choices->len == 0)
    return FALSE;
  *action = g_array_index (choices, CvAction, g_rand_int_range (rand, 0, (gint32) choices->len));
  return TRUE;
}

static JsonNode *
random_export (guint  n_games,
               GRand *rand)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  dp_exchange_begin_json (builder);

  for (guint g = 0; g < n_games; g++)
    {
      const char *names[CV_MAX_PLAYERS];
      guint n_players = g_rand_int_range (rand, CV_MIN_PLAYERS, CV_MAX_PLAYERS + 1);
      guint order[G_N_ELEMENTS (pool)];
      g_autoptr(CvGame) cv = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *id = g_uuid_string_random ();
      gint64 created = now - (gint64) (n_games - g) * 6 * 60 * 60;
      CvAction action;

      for (guint i = 0; i < G_N_ELEMENTS (pool); i++)
        order[i] = i;
      for (guint i = 0; i < n_players; i++)
        {
          guint j = g_rand_int_range (rand, i, G_N_ELEMENTS (pool));
          guint tmp = order[i];
          order[i] = order[j];
          order[j] = tmp;
          names[i] = pool[order[i]];
        }

      cv = cv_game_new (names, n_players, &error);
      g_assert_no_error (error);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "id");
      json_builder_add_string_value (builder, id);
      json_builder_set_member_name (builder, "created");
      json_builder_add_int_value (builder, created);
      json_builder_set_member_name (builder, "setup");
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "game");
      json_builder_add_string_value (builder, "calavera");
      json_builder_set_member_name (builder, "players");
      json_builder_begin_array (builder);
      for (guint i = 0; i < n_players; i++)
        json_builder_add_string_value (builder, names[i]);
      json_builder_end_array (builder);
      json_builder_end_object (builder);

      json_builder_set_member_name (builder, "actions");
      json_builder_begin_array (builder);
      while (random_action (cv, rand, &action))
        {
          g_autofree char *text = cv_action_to_text (cv, &action);
          g_autoptr(JsonNode) node = json_from_string (text, NULL);

          cv_game_apply (cv, &action, &error);
          g_assert_no_error (error);
          json_builder_add_value (builder, g_steal_pointer (&node));
        }
      json_builder_end_array (builder);

      json_builder_set_member_name (builder, "state");
      json_builder_add_string_value (builder, cv_game_is_finished (cv) ? "finished" : "in-progress");
      json_builder_set_member_name (builder, "finished");
      json_builder_add_int_value (builder, cv_game_is_finished (cv) ? created + 45 * 60 : 0);
      json_builder_end_object (builder);
    }

  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* @n_races random Cubitos races, a few dozen played for real and the rest copies of
 * them under other names and dates (a race is thousands of actions; every copy is
 * still replayed by the core on import). */
static JsonNode *
random_races_export (guint  n_races,
                     GRand *rand)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GPtrArray) played = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) seatings = g_ptr_array_new_with_free_func (g_free);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  const guint n_distinct = MIN (n_races, 40);

  for (guint r = 0; r < n_distinct; r++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GString) setup = g_string_new ("{\"game\": \"cubitos\", \"race\": 1, \"players\": [");
      guint n_players = g_rand_int_range (rand, 2, 5);
      g_autoptr(DpGame) game = NULL;
      GPtrArray *actions = g_ptr_array_new_with_free_func (g_free);
      guint *seats = g_new (guint, 4);

      for (guint i = 0; i < n_players; i++)
        {
          seats[i] = (r + i) % G_N_ELEMENTS (pool);
          g_string_append_printf (setup, "%s\"%s\"", i > 0 ? ", " : "", pool[seats[i]]);
        }
      g_string_append_printf (setup, "], \"first\": \"%s\"}", pool[seats[0]]);
      game = dp_game_new_from_text (setup->str, &error);
      g_assert_no_error (error);
      for (guint step = 0; !dp_game_is_finished (game) && step < 20000; step++)
        {
          g_autoptr(GPtrArray) legal = dp_game_legal_actions (game);
          const char *pick = NULL;

          if (legal->len == 0)
            break;
          if (step > 60 && g_rand_int_range (rand, 0, 3) == 0)
            for (guint i = 0; i < legal->len && pick == NULL; i++)
              if (strstr (legal->pdata[i], "\"finish\":true") != NULL)
                pick = legal->pdata[i];
          if (pick == NULL)
            pick = legal->pdata[g_rand_int_range (rand, 0, (gint32) legal->len)];
          dp_game_apply_text (game, pick, &error);
          g_assert_no_error (error);
          g_ptr_array_add (actions, g_strdup (pick));
        }
      g_ptr_array_add (actions, g_strdup (setup->str));   /* the setup last */
      g_ptr_array_add (played, actions);
      seats[3] = n_players;
      g_ptr_array_add (seatings, seats);
    }

  dp_exchange_begin_json (builder);
  for (guint r = 0; r < n_races; r++)
    {
      GPtrArray *actions = g_ptr_array_index (played, r % n_distinct);
      g_autofree char *id = g_uuid_string_random ();
      gint64 created = now - (gint64) (n_races - r) * 6 * 60 * 60 - 3600;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "id");
      json_builder_add_string_value (builder, id);
      json_builder_set_member_name (builder, "created");
      json_builder_add_int_value (builder, created);
      json_builder_set_member_name (builder, "setup");
      json_builder_add_value (builder, json_from_string (g_ptr_array_index (actions, actions->len - 1), NULL));
      json_builder_set_member_name (builder, "actions");
      json_builder_begin_array (builder);
      for (guint i = 0; i + 1 < actions->len; i++)
        json_builder_add_value (builder, json_from_string (g_ptr_array_index (actions, i), NULL));
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "state");
      json_builder_add_string_value (builder, "finished");
      json_builder_set_member_name (builder, "finished");
      json_builder_add_int_value (builder, created + 50 * 60);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static double
time_history_data (DpStore            *store,
                   const DpGameFilter *filter)
{
  gint64 start = g_get_monotonic_time ();
  g_autoptr(DpHistoryModel) model = dp_history_model_new (store);
  guint n;

  if (filter != NULL)
    dp_history_model_set_filter (model, filter);
  n = MIN (g_list_model_get_n_items (G_LIST_MODEL (model)), DP_HISTORY_PAGE_SIZE);
  for (guint i = 0; i < n; i++)
    g_object_unref (g_list_model_get_item (G_LIST_MODEL (model), i));

  return (g_get_monotonic_time () - start) / 1000.0;
}

static double
time_statistics_data (DpStore    *store,
                      const char *kind)
{
  gint64 start = g_get_monotonic_time ();
  g_autoptr(GPtrArray) stats = dp_store_player_stats (store, kind, NULL, NULL);
  DpPlayerStats *first = g_ptr_array_index (stats, 0);
  DpPlayerStats *second = g_ptr_array_index (stats, 1);
  DpHeadToHead h2h;
  DpGameFilter filter = DP_GAME_FILTER_INIT;
  g_autoptr(GPtrArray) totals = NULL;
  g_autoptr(GPtrArray) latest = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  g_autoptr(GArray) turns = NULL;
  g_autoptr(GPtrArray) progression = NULL;
  g_autofree char *setup = NULL;

  gint64 t1 = g_get_monotonic_time (), t2, t3, t4;
  dp_store_head_to_head (store, kind, first->name, second->name, &h2h, NULL);
  t2 = g_get_monotonic_time ();
  filter.kind = kind;
  filter.player = first->name;
  filter.state = DP_GAME_STATE_FINISHED;
  totals = dp_store_list_games (store, &filter, 0, DP_STATISTICS_TOTALS_LIMIT, NULL);
  t3 = g_get_monotonic_time ();
  latest = dp_store_list_games (store, &filter, 0, 1, NULL);
  actions = dp_store_get_actions (store, ((DpGameSummary *) g_ptr_array_index (latest, 0))->id, &setup, NULL);
  t4 = g_get_monotonic_time ();
  dp_game_compute_progression (setup, actions, &turns, &progression, NULL);
  if (g_getenv ("BENCH_HISTORY_VERBOSE") != NULL)
    g_print ("    stats %.1f, h2h %.1f, totals %.1f, latest %.1f, progression %.1f ms (%u actions)\n",
             (t1 - start) / 1000.0, (t2 - t1) / 1000.0, (t3 - t2) / 1000.0, (t4 - t3) / 1000.0,
             (g_get_monotonic_time () - t4) / 1000.0, actions->len);

  return (g_get_monotonic_time () - start) / 1000.0;
}

/* The Statistics page switching to @kind (the game filter), widgets included. */
static double
time_page_kind (DpStatisticsPage *page,
                const char       *kind)
{
  gint64 start;

  dp_statistics_page_set_kind (page, NULL);
  start = g_get_monotonic_time ();
  dp_statistics_page_set_kind (page, kind);
  return (g_get_monotonic_time () - start) / 1000.0;
}

static void
after_paint_cb (GdkFrameClock *clock,
                gboolean      *painted)
{
  *painted = TRUE;
}

/* A page in a window, from creation to its first drawn frame. */
static double
time_page (GtkWidget *(*create) (void),
           DpStore    *store)
{
  gint64 start = g_get_monotonic_time ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = create ();
  gboolean painted = FALSE;
  gulong handler;
  GdkFrameClock *clock;
  double elapsed;

  if (DP_IS_HISTORY_PAGE (page))
    dp_history_page_set_store (DP_HISTORY_PAGE (page), store);
  else
    dp_statistics_page_set_store (DP_STATISTICS_PAGE (page), store);

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  clock = gtk_widget_get_frame_clock (window);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &painted);
  while (!painted)
    g_main_context_iteration (NULL, TRUE);
  elapsed = (g_get_monotonic_time () - start) / 1000.0;
  if (DP_IS_HISTORY_PAGE (page) && g_getenv ("BENCH_HISTORY_VERBOSE") != NULL)
    g_print ("    (the list read %u pages of rows)\n",
             dp_history_model_get_n_queries (dp_history_page_get_model (DP_HISTORY_PAGE (page))));

  g_signal_handler_disconnect (clock, handler);
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return elapsed;
}

/* time_page() once to warm up, then the median of @runs more (at most 11): @samples is
 * the scratch array. */
static double
median_page_time (GtkWidget *(*create) (void),
                  DpStore    *store,
                  GArray     *samples,
                  int         runs)
{
  time_page (create, store);
  g_array_set_size (samples, 0);
  for (int i = 0; i < MIN (runs, 11); i++)
    {
      double t = time_page (create, store);
      g_array_append_val (samples, t);
    }
  return bench_median_array (samples);
}

int
main (int   argc,
      char *argv[])
{
  int n_games = 10000, n_races = 10000, runs = 21;
  g_autofree char *database = NULL;
  gboolean fill_only = FALSE;
  GOptionEntry entries[] = {
    { "games", 0, 0, G_OPTION_ARG_INT, &n_games, "Number of stored Calavera games", "N" },
    { "races", 0, 0, G_OPTION_ARG_INT, &n_races, "Number of stored Cubitos races", "N" },
    { "database", 0, 0, G_OPTION_ARG_FILENAME, &database, "Database file (created if missing)", "PATH" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Runs per measurement", "N" },
    { "fill-only", 0, 0, G_OPTION_ARG_NONE, &fill_only, "Only fill the database", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("— History and Statistics benchmark");
  g_autoptr(GError) error = NULL;
  g_autoptr(DpStore) store = NULL;
  g_autofree char *tmpdir = NULL;
  DpGameFilter player_filter = DP_GAME_FILTER_INIT;
  GArray *samples;
  guint stored;
  gboolean display;

  setlocale (LC_ALL, "");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }

  if (database == NULL)
    {
      tmpdir = g_dir_make_tmp ("dicepad-bench-history-XXXXXX", &error);
      g_assert_no_error (error);
      database = g_build_filename (tmpdir, "bench.db", NULL);
    }

  store = dp_store_open (database, &error);
  if (store == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }

  stored = dp_store_count_games (store, NULL, &error);
  if (stored != (guint) (n_games + n_races))
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (10000);
      gint64 start = g_get_monotonic_time ();
      g_autoptr(JsonNode) export = NULL;
      guint imported = 0, skipped = 0;

      if (stored != 0)
        {
          g_printerr ("%s holds %u games, not %d: use another --database\n", database, stored, n_games + n_races);
          return 1;
        }
      export = random_export (n_games, rand);
      if (!dp_store_import (store, export, &imported, &skipped, &error))
        {
          g_printerr ("import: %s\n", error->message);
          return 1;
        }
      g_clear_pointer (&export, json_node_unref);
      if (n_races > 0)
        {
          guint races = 0;

          export = random_races_export (n_races, rand);
          if (!dp_store_import (store, export, &races, &skipped, &error))
            {
              g_printerr ("import of the races: %s\n", error->message);
              return 1;
            }
          imported += races;
        }
      g_print ("filled %s with %u games in %.1f s\n", database, imported,
               (g_get_monotonic_time () - start) / 1e6);
    }
  if (fill_only)
    return 0;

  g_print ("%d Calavera games and %d Cubitos races stored, median of %d runs:\n", n_games, n_races, runs);

  /* One run first to warm the page cache, as a user who opened the app before. */
  time_history_data (store, NULL);

  samples = g_array_new (FALSE, FALSE, sizeof (double));
  for (int i = 0; i < runs; i++)
    {
      double t = time_history_data (store, NULL);
      g_array_append_val (samples, t);
    }
  g_print ("  history, first page (count + %d rows), data:        %7.2f ms\n", DP_HISTORY_PAGE_SIZE, bench_median_array (samples));

  g_array_set_size (samples, 0);
  player_filter.player = "Ina";
  for (int i = 0; i < runs; i++)
    {
      double t = time_history_data (store, &player_filter);
      g_array_append_val (samples, t);
    }
  g_print ("  history, first page filtered by one player, data:   %7.2f ms\n", bench_median_array (samples));

  {
    const char *const kinds[] = { NULL, "calavera", "cubitos" };

    for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
      {
        g_array_set_size (samples, 0);
        time_statistics_data (store, kinds[k]);
        for (int i = 0; i < runs; i++)
          {
            double t = time_statistics_data (store, kinds[k]);
            g_array_append_val (samples, t);
          }
        g_print ("  statistics page, data, %-12s                 %7.2f ms\n",
                 kinds[k] != NULL ? kinds[k] : "all games", bench_median_array (samples));
      }
  }

  display = gtk_init_check ();
  if (display)
    {
      adw_init ();
      g_print ("  history page with widgets, to first frame:          %7.2f ms\n",
               median_page_time (dp_history_page_new, store, samples, runs));

      g_print ("  statistics page with widgets, to first frame:       %7.2f ms\n",
               median_page_time (dp_statistics_page_new, store, samples, runs));

      {
        GtkWidget *window = gtk_window_new ();
        GtkWidget *page = dp_statistics_page_new ();
        const char *const kinds[] = { "calavera", "cubitos" };

        dp_statistics_page_set_store (DP_STATISTICS_PAGE (page), store);
        gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
        gtk_window_set_child (GTK_WINDOW (window), page);
        gtk_window_present (GTK_WINDOW (window));
        for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
          {
            g_array_set_size (samples, 0);
            time_page_kind (DP_STATISTICS_PAGE (page), kinds[k]);
            for (int i = 0; i < MIN (runs, 11); i++)
              {
                double t = time_page_kind (DP_STATISTICS_PAGE (page), kinds[k]);
                g_array_append_val (samples, t);
              }
            g_print ("  statistics page switched to %-9s (widgets, no draw): %7.2f ms\n",
                     kinds[k], bench_median_array (samples));
          }
        gtk_window_destroy (GTK_WINDOW (window));
      }
    }
  else
    g_print ("  (no display: the pages with widgets are not measured)\n");

  g_array_unref (samples);

  if (tmpdir != NULL)
    {
      g_clear_object (&store);
      for (guint i = 0; i < 3; i++)
        {
          static const char *const suffixes[] = { "", "-wal", "-shm" };
          g_autofree char *file = g_strconcat (database, suffixes[i], NULL);
          g_remove (file);
        }
      g_rmdir (tmpdir);
    }
  return 0;
}
