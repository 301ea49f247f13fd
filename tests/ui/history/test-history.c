/* test-history.c — the History and Statistics pages on a database of random games
 *
 * Issue "History and statistics": "with a database filled by the store's helpers, the
 * history list shows the right rows in the right order, filters narrow them, a replay
 * step shows the sheet as it was at that action, statistics numbers equal values
 * computed independently in the test." The expected values come from the live games
 * as the fixture played them (history-fixture.c), never from the pages' queries.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <adwaita.h>
#include <locale.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cv-sheet-view.h"
#include "dp-chart.h"
#include "dp-exchange.h"
#include "dp-game-replay-page.h"
#include "dp-history-export.h"
#include "dp-history-format.h"
#include "dp-history-model.h"
#include "dp-history-page.h"
#include "dp-statistics-page.h"
#include "dp-ui-test-util.h"
#include "history-fixture.h"

#define N_GAMES 9

static Fixture *fixture;

/* ---- helpers ---- */

static GtkWindow *
window_with (GtkWidget *child,
             int        width,
             int        height)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  gtk_window_set_default_size (window, width, height);
  gtk_window_set_child (window, child);
  gtk_window_present (window);
  dp_ui_wait_for_layout (child);
  return window;
}

static void
reverse (GPtrArray *array)
{
  for (guint i = 0; i < array->len / 2; i++)
    {
      gpointer tmp = array->pdata[i];
      array->pdata[i] = array->pdata[array->len - 1 - i];
      array->pdata[array->len - 1 - i] = tmp;
    }
}

static int
compare_newest_first (gconstpointer a,
                      gconstpointer b)
{
  const FixtureGame *ga = *(const FixtureGame *const *) a;
  const FixtureGame *gb = *(const FixtureGame *const *) b;

  return (ga->created < gb->created) - (ga->created > gb->created);
}

/* The fixture's games that pass @keep, newest first: the test's own expectation. */
static GPtrArray *
expected_games (gboolean (*keep) (const FixtureGame *game, gconstpointer data),
                gconstpointer data)
{
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < fixture->games->len; i++)
    {
      FixtureGame *game = g_ptr_array_index (fixture->games, i);
      if (keep == NULL || keep (game, data))
        g_ptr_array_add (out, game);
    }
  g_ptr_array_sort (out, compare_newest_first);
  return out;
}

static void
assert_model_is (GListModel *model,
                 GPtrArray  *expected)
{
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, expected->len);

  for (guint i = 0; i < expected->len; i++)
    {
      FixtureGame *game = g_ptr_array_index (expected, i);
      g_autoptr(DpHistoryItem) item = g_list_model_get_item (model, i);
      g_autoptr(GString) scores = g_string_new (NULL);

      g_assert_nonnull (item);
      g_assert_cmpstr (dp_history_item_get_id (item), ==, game->id);

      /* The Scores column: every seat's name and total, in seat order (issue 19: "the
       * score column in the list has no names"). */
      for (guint seat = 0; seat < game->n_players; seat++)
        {
          g_autofree char *total = dp_format_int (game->totals[seat]);
          g_string_append_printf (scores, "%s%s %s", seat > 0 ? " · " : "", game->names[seat], total);
        }
      g_assert_cmpstr (dp_history_item_get_scores_text (item), ==, scores->str);
    }
}

static gboolean
has_player (const FixtureGame *game,
            gconstpointer      data)
{
  return fixture_game_has_player (game, data);
}

static gboolean
name_contains (const FixtureGame *game,
               gconstpointer      data)
{
  for (guint seat = 0; seat < game->n_players; seat++)
    {
      g_autofree char *name = g_utf8_casefold (game->names[seat], -1);
      g_autofree char *part = g_utf8_casefold (data, -1);

      if (strstr (name, part) != NULL)
        return TRUE;
    }
  return FALSE;
}

typedef struct
{
  gint64 from;
  gint64 to;
} Range;

static gboolean
in_range (const FixtureGame *game,
          gconstpointer      data)
{
  const Range *range = data;
  return game->created >= range->from && game->created <= range->to;
}

static FixtureGame *
first_finished_with_players (guint n_players)
{
  for (guint i = 0; i < fixture->games->len; i++)
    {
      FixtureGame *game = g_ptr_array_index (fixture->games, i);
      if (game->finished && game->n_players == n_players)
        return game;
    }
  g_error ("the fixture has no finished game of %u players", n_players);
  return NULL;
}

static DpHistoryPage *
new_history_page (GtkWindow **window)
{
  DpHistoryPage *page = DP_HISTORY_PAGE (dp_history_page_new ());

  dp_history_page_set_store (page, fixture->store);
  *window = window_with (GTK_WIDGET (page), 1100, 700);
  return page;
}

/* ---- History list ---- */

static void
test_list_order (void)
{
  GtkWindow *window;
  DpHistoryPage *page = new_history_page (&window);
  g_autoptr(GPtrArray) newest = expected_games (NULL, NULL);
  GtkColumnView *view = dp_history_page_get_column_view (page);
  g_autoptr(GtkColumnViewColumn) date_column = g_list_model_get_item (gtk_column_view_get_columns (view), 0);

  /* UX.md: "History: a table (date, game, players, winner, scores), newest first". */
  g_assert_cmpstr (dp_history_page_get_visible_view (page), ==, "list");
  assert_model_is (G_LIST_MODEL (dp_history_page_get_model (page)), newest);
  /* The view shows that very model (through its selection model). */
  g_assert_true (gtk_single_selection_get_model (GTK_SINGLE_SELECTION (gtk_column_view_get_model (view))) ==
                 G_LIST_MODEL (dp_history_page_get_model (page)));

  /* Clicking the Date header: oldest first, by the store's query. */
  gtk_column_view_sort_by_column (view, date_column, GTK_SORT_ASCENDING);
  reverse (newest);
  assert_model_is (G_LIST_MODEL (dp_history_page_get_model (page)), newest);
  gtk_column_view_sort_by_column (view, date_column, GTK_SORT_DESCENDING);
  reverse (newest);
  assert_model_is (G_LIST_MODEL (dp_history_page_get_model (page)), newest);

  gtk_window_destroy (window);
}

static void
test_list_winners_column (void)
{
  g_autoptr(DpHistoryModel) model = dp_history_model_new (fixture->store);
  g_autoptr(GPtrArray) newest = expected_games (NULL, NULL);

  for (guint i = 0; i < newest->len; i++)
    {
      FixtureGame *game = g_ptr_array_index (newest, i);
      g_autoptr(DpHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (model), i);
      g_autoptr(GString) winners = g_string_new (NULL);

      if (!game->finished)
        {
          /* A game still going has no winner yet. */
          g_assert_cmpstr (dp_history_item_get_winners_text (item), ==, _("In progress"));
          continue;
        }
      for (guint seat = 0; seat < game->n_players; seat++)
        if (game->winners[seat])
          g_string_append_printf (winners, "%s%s", winners->len > 0 ? ", " : "", game->names[seat]);
      g_assert_cmpstr (dp_history_item_get_winners_text (item), ==, winners->str);
    }
}

static void
test_list_filters (void)
{
  GtkWindow *window;
  DpHistoryPage *page = new_history_page (&window);
  GListModel *model = G_LIST_MODEL (dp_history_page_get_model (page));
  FixtureGame *third = NULL, *fifth = NULL;
  g_autoptr(GPtrArray) newest = expected_games (NULL, NULL);

  /* "filter by game kind, player, date range; search by player name" */
  dp_history_page_set_kind_filter (page, "calavera");
  assert_model_is (model, newest);
  dp_history_page_set_kind_filter (page, NULL);

  {
    g_autoptr(GPtrArray) expected = expected_games (has_player, "Tom");
    dp_history_page_set_player_filter (page, "Tom");
    g_assert_cmpuint (expected->len, <, fixture->games->len);  /* it does narrow */
    assert_model_is (model, expected);
    dp_history_page_set_player_filter (page, NULL);
  }

  {
    /* Case-insensitive part of a name: "sA" finds Sami. */
    g_autoptr(GPtrArray) expected = expected_games (name_contains, "sA");
    dp_history_page_set_search (page, "sA");
    g_assert_cmpuint (expected->len, <, fixture->games->len);
    assert_model_is (model, expected);
    dp_history_page_set_search (page, "");
  }

  {
    /* From the day of the 3rd game to the day of the 5th, inclusive, local days. */
    g_autoptr(GDateTime) from = NULL;
    g_autoptr(GDateTime) to = NULL;
    g_autoptr(GDateTime) from_day = NULL;
    g_autoptr(GDateTime) to_day = NULL;
    g_autoptr(GPtrArray) expected = NULL;
    Range range;

    third = g_ptr_array_index (fixture->games, 2);
    fifth = g_ptr_array_index (fixture->games, 4);
    from = g_date_time_new_from_unix_local (third->created);
    to = g_date_time_new_from_unix_local (fifth->created);
    from_day = g_date_time_new_local (g_date_time_get_year (from), g_date_time_get_month (from),
                                      g_date_time_get_day_of_month (from), 0, 0, 0);
    to_day = g_date_time_new_local (g_date_time_get_year (to), g_date_time_get_month (to),
                                    g_date_time_get_day_of_month (to), 23, 59, 59);
    range.from = g_date_time_to_unix (from_day);
    range.to = g_date_time_to_unix (to_day);
    expected = expected_games (in_range, &range);
    g_assert_cmpuint (expected->len, ==, 3);

    dp_history_page_set_date_range (page, from, to);
    assert_model_is (model, expected);

    /* Filters combine: those days and Tom. */
    dp_history_page_set_player_filter (page, "Tom");
    for (guint i = 0; i < g_list_model_get_n_items (model); i++)
      {
        g_autoptr(DpHistoryItem) item = g_list_model_get_item (model, i);
        g_assert_nonnull (strstr (dp_history_item_get_players_text (item), "Tom"));
      }
    g_assert_cmpuint (g_list_model_get_n_items (model), <=, 3);

    /* Nobody matches: the empty state says so. */
    dp_history_page_set_search (page, "Nobody-By-This-Name");
    g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
    g_assert_cmpstr (dp_history_page_get_visible_view (page), ==, "empty");
  }

  gtk_window_destroy (window);
}

static void
test_list_empty (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "empty.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DpStore) store = dp_store_open (path, &error);
  DpHistoryPage *page = DP_HISTORY_PAGE (dp_history_page_new ());
  GtkWindow *window;

  g_assert_no_error (error);
  dp_history_page_set_store (page, store);
  window = window_with (GTK_WIDGET (page), 800, 600);

  /* "Empty state with an AdwStatusPage." */
  g_assert_cmpstr (dp_history_page_get_visible_view (page), ==, "empty");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (dp_history_page_get_model (page))), ==, 0);

  gtk_window_destroy (window);
}

static void
test_model_pages (void)
{
  g_autoptr(DpHistoryModel) model = dp_history_model_new (fixture->store);

  /* Counting reads no rows; the first row reads one page, not every game. */
  g_autoptr(DpHistoryItem) first = NULL;
  g_autoptr(DpHistoryItem) last = NULL;

  g_assert_cmpuint (dp_history_model_get_n_queries (model), ==, 0);
  first = g_list_model_get_item (G_LIST_MODEL (model), 0);
  g_assert_cmpuint (dp_history_model_get_n_queries (model), ==, 1);
  last = g_list_model_get_item (G_LIST_MODEL (model), N_GAMES - 1);
  g_assert_cmpuint (dp_history_model_get_n_queries (model), ==, 1);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (model), N_GAMES));
}

/* Issue 26, item 11: "nothing that grows with the history on the main thread". With
 * more games than a reload reads at once (200), the model's length is those 200 while a
 * worker counts, then grows to all of them (items-changed); the last page is then read
 * from the key of the row before it — one page query, no OFFSET — and is the oldest
 * games. A player filter (Zoë: every third game) is counted the same way. */
static void
test_model_counts_on_worker (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "many.db", NULL);
  g_autoptr(GString) text = g_string_new ("{\"format\": \"dicepad-export\", \"version\": 1, \"games\": [");
  const char *const names[] = { "Ina", "Zoë", "Tom" };
  g_autoptr(GError) error = NULL;
  g_autoptr(DpStore) store = dp_store_open (path, &error);
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(DpHistoryModel) model = NULL;
  g_autoptr(DpHistoryItem) last = NULL;
  DpGameFilter zoe = DP_GAME_FILTER_INIT;
  const guint n = 650;
  guint imported = 0;
  gint64 end;

  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s{\"id\": \"many-%03u\", \"created\": %u, \"finished\": 0, "
                            "\"state\": \"in-progress\", \"setup\": {\"game\": \"calavera\", "
                            "\"players\": [\"%s\", \"Sami\"]}, \"actions\": []}",
                            i > 0 ? ", " : "", i, 1700000000 + i * 60, names[i % 3]);
  g_string_append (text, "]}");
  root = json_from_string (text->str, &error);
  g_assert_no_error (error);
  g_assert_true (dp_store_import (store, root, &imported, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (imported, ==, n);

  model = dp_history_model_new (store);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 200);
  g_assert_true (dp_history_model_is_counting (model));

  end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (dp_history_model_is_counting (model) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (dp_history_model_is_counting (model));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n);

  last = g_list_model_get_item (G_LIST_MODEL (model), n - 1);
  g_assert_cmpstr (dp_history_item_get_id (last), ==, "many-000");
  g_assert_cmpuint (dp_history_model_get_n_queries (model), ==, 1);

  zoe.player = "Zoë";
  dp_history_model_set_filter (model, &zoe);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 200);
  end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (dp_history_model_is_counting (model) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, (n + 1) / 3);
  for (guint i = 0; i < (n + 1) / 3; i += 49)
    {
      g_autoptr(DpHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (model), i);
      g_autofree char *id = g_strdup_printf ("many-%03u", n - 1 - 3 * i);

      g_assert_cmpstr (dp_history_item_get_id (item), ==, id);
    }
}

/* ---- Replay ---- */

static void
assert_sheets_show (DpGameReplayPage  *replay,
                    const FixtureGame *game,
                    guint              step)
{
  const FixtureSnapshot *snapshot = &game->snapshots[step];

  for (guint seat = 0; seat < game->n_players; seat++)
    {
      GtkWidget *sheet = dp_game_replay_page_get_sheet (replay, seat);
      const CvSheetModel *shown;

      g_assert_true (CV_IS_SHEET_VIEW (sheet));
      shown = cv_sheet_view_get_model (CV_SHEET_VIEW (sheet));
      g_assert_cmpstr (shown->name, ==, game->names[seat]);
      for (guint c = 0; c < CV_N_COLORS; c++)
        g_assert_cmpuint (shown->crosses[c], ==, snapshot->crosses[seat][c]);
      g_assert_cmpint (shown->total, ==, snapshot->totals[seat]);
    }
}

static void
test_replay_steps (void)
{
  GtkWindow *window;
  DpHistoryPage *page = new_history_page (&window);
  FixtureGame *game = first_finished_with_players (3);
  DpGameReplayPage *replay = dp_history_page_get_replay_page (page);
  g_autoptr(GError) error = NULL;
  guint middle = game->n_actions / 2;

  dp_history_page_open_game (page, game->id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dp_history_page_get_visible_view (page), ==, "game");

  /* "its final sheets drawn exactly as at the table" */
  g_assert_cmpuint (dp_game_replay_page_get_n_steps (replay), ==, game->n_actions);
  g_assert_cmpuint (dp_game_replay_page_get_step (replay), ==, game->n_actions);
  assert_sheets_show (replay, game, game->n_actions);

  /* "step through the game action by action … with the sheets and the turn text as
   * they were at that moment" */
  for (guint step = 0; step <= game->n_actions; step += MAX (1, game->n_actions / 7))
    {
      dp_game_replay_page_set_step (replay, step);
      assert_sheets_show (replay, game, step);
      g_assert_cmpstr (dp_game_replay_page_get_turn_text (replay), !=, "");
      if (step > 0)
        g_assert_cmpstr (dp_game_replay_page_get_action_text (replay), !=, "");
    }

  /* Previous / next, as the buttons and the arrow keys do it. */
  dp_game_replay_page_set_step (replay, middle);
  gtk_widget_activate_action (GTK_WIDGET (replay), "replay.next", NULL);
  g_assert_cmpuint (dp_game_replay_page_get_step (replay), ==, middle + 1);
  assert_sheets_show (replay, game, middle + 1);
  gtk_widget_activate_action (GTK_WIDGET (replay), "replay.previous", NULL);
  gtk_widget_activate_action (GTK_WIDGET (replay), "replay.previous", NULL);
  g_assert_cmpuint (dp_game_replay_page_get_step (replay), ==, middle - 1);
  assert_sheets_show (replay, game, middle - 1);
  gtk_widget_activate_action (GTK_WIDGET (replay), "replay.first", NULL);
  g_assert_cmpuint (dp_game_replay_page_get_step (replay), ==, 0);
  assert_sheets_show (replay, game, 0);
  gtk_widget_activate_action (GTK_WIDGET (replay), "replay.last", NULL);
  g_assert_cmpuint (dp_game_replay_page_get_step (replay), ==, game->n_actions);

  /* Back to the list. */
  gtk_widget_activate_action (GTK_WIDGET (replay), "replay.back", NULL);
  g_assert_cmpstr (dp_history_page_get_visible_view (page), ==, "list");

  gtk_window_destroy (window);
}

static void
test_replay_progression (void)
{
  GtkWidget *replay = dp_game_replay_page_new ();
  FixtureGame *game = first_finished_with_players (4);
  GtkWindow *window;
  DpChart *chart;
  g_autoptr(GError) error = NULL;

  g_object_ref_sink (replay);
  dp_game_replay_page_load (DP_GAME_REPLAY_PAGE (replay), fixture->store, game->id, &error);
  g_assert_no_error (error);
  window = window_with (replay, 1100, 900);

  /* "the score progression of one game turn by turn (one line per player)" */
  chart = dp_game_replay_page_get_progression_chart (DP_GAME_REPLAY_PAGE (replay));
  g_assert_cmpuint (dp_chart_get_n_series (chart), ==, game->n_players);
  for (guint seat = 0; seat < game->n_players; seat++)
    {
      guint n = dp_chart_get_n_points (chart, seat);
      double x, y, previous_x = -1;

      g_assert_cmpstr (dp_chart_get_series_name (chart, seat), ==, game->names[seat]);
      g_assert_cmpuint (n, >=, 2);
      /* Starts at 0 before the first roll, ends at the final total. */
      dp_chart_get_point (chart, seat, 0, &x, &y);
      g_assert_cmpfloat (y, ==, 0.0);
      dp_chart_get_point (chart, seat, n - 1, &x, &y);
      g_assert_cmpfloat (y, ==, game->totals[seat]);
      for (guint i = 0; i < n; i++)
        {
          dp_chart_get_point (chart, seat, i, &x, NULL);
          g_assert_cmpfloat (x, >, previous_x);
          previous_x = x;
        }
    }

  gtk_window_destroy (window);
  g_object_unref (replay);
}

static void
test_delete_with_undo (void)
{
  GtkWindow *window;
  DpHistoryPage *page = new_history_page (&window);
  GListModel *model = G_LIST_MODEL (dp_history_page_get_model (page));
  FixtureGame *game = g_ptr_array_index (fixture->games, 1);
  g_autoptr(GError) error = NULL;

  dp_history_page_open_game (page, game->id, &error);
  g_assert_no_error (error);

  /* "a game can be deleted (with undo toast)" */
  gtk_widget_activate_action (GTK_WIDGET (dp_history_page_get_replay_page (page)), "replay.delete", NULL);
  g_assert_cmpstr (dp_history_page_get_visible_view (page), ==, "list");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, N_GAMES - 1);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(DpHistoryItem) item = g_list_model_get_item (model, i);
      g_assert_cmpstr (dp_history_item_get_id (item), !=, game->id);
    }

  /* The toast's Undo button runs this action. */
  gtk_widget_activate_action (GTK_WIDGET (page), "history.undo-delete", "s", game->id);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, N_GAMES);

  gtk_window_destroy (window);
}

typedef struct
{
  gboolean  done;
  gboolean  ok;
  GError   *error;
} ExportResult;

static void
export_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  ExportResult *out = user_data;

  out->ok = dp_history_export_to_file_finish (DP_STORE (source), result, &out->error);
  out->done = TRUE;
}

static void
export_async_and_wait (GFile        *file,
                       ExportResult *out)
{
  dp_history_export_to_file_async (fixture->store, NULL, DP_HISTORY_EXPORT_JSON, NULL, file, NULL,
                                   export_done_cb, out);
  while (!out->done)
    g_main_context_iteration (NULL, TRUE);
}

/* "Nothing that grows with the number of stored games runs on the main thread": the
 * window's Export… writes on a worker with its own connection (a million games take
 * minutes). Its file is byte for byte what the store's writer gives, every game; a file
 * that cannot be written is a translated error, the callback still comes. */
static void
test_export_async (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "async.json", NULL);
  g_autofree char *sync_path = g_build_filename (g_get_user_data_dir (), "sync.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) sync_file = g_file_new_for_path (sync_path);
  g_autoptr(GFile) nowhere = g_file_new_for_path ("/nonexistent-dicepad-folder/export.json");
  g_autoptr(GError) error = NULL;
  ExportResult written = { FALSE, }, failed = { FALSE, };
  g_autofree char *async_text = NULL, *sync_text = NULL;
  gsize async_len, sync_len;

  g_assert_true (dp_history_export_to_file (fixture->store, NULL, DP_HISTORY_EXPORT_JSON, NULL, sync_file, &error));
  g_assert_no_error (error);
  export_async_and_wait (file, &written);
  g_assert_no_error (written.error);
  g_assert_true (written.ok);
  g_file_get_contents (path, &async_text, &async_len, &error);
  g_assert_no_error (error);
  g_file_get_contents (sync_path, &sync_text, &sync_len, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (async_text, async_len, sync_text, sync_len);
  g_assert_nonnull (strstr (async_text, "\"games\""));

  export_async_and_wait (nowhere, &failed);
  g_assert_false (failed.ok);
  g_assert_nonnull (failed.error);
  g_assert_cmpstr (failed.error->message, !=, "");
  g_clear_error (&failed.error);
}

/* Issue 19 item 6: "'Export for BG Stats' writes a play file in BG Stats' JSON import
 * format (game name and highest-wins, play date, duration, players with score, winner
 * and start player)". */
static void
test_export_bgstats (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "bgstats.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *game;
  JsonArray *games, *players, *plays;
  guint n_finished = 0, p = 0;

  g_assert_true (dp_history_export_to_file (fixture->store, NULL, DP_HISTORY_EXPORT_BGSTATS, NULL, file, &error));
  g_assert_no_error (error);
  g_assert_true (json_parser_load_from_file (parser, path, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  games = json_object_get_array_member (root, "games");
  players = json_object_get_array_member (root, "players");
  plays = json_object_get_array_member (root, "plays");

  g_assert_cmpuint (json_array_get_length (games), ==, 1);
  game = json_array_get_object_element (games, 0);
  g_assert_cmpstr (json_object_get_string_member (game, "name"), ==, "Calavera");
  g_assert_true (json_object_get_boolean_member (game, "highestWins"));

  /* One play per finished game, oldest first. */
  for (guint i = 0; i < fixture->games->len; i++)
    {
      FixtureGame *fg = g_ptr_array_index (fixture->games, i);
      JsonObject *play;
      JsonArray *scores;
      g_autoptr(GDateTime) created = g_date_time_new_from_unix_local (fg->created);
      g_autofree char *date = g_date_time_format (created, "%Y-%m-%d %H:%M:%S");

      if (!fg->finished)
        continue;
      n_finished++;
      g_assert_cmpuint (p, <, json_array_get_length (plays));
      play = json_array_get_object_element (plays, p++);
      g_assert_cmpstr (json_object_get_string_member (play, "uuid"), ==, fg->id);
      g_assert_cmpint (json_object_get_int_member (play, "gameRefId"), ==, json_object_get_int_member (game, "id"));
      g_assert_cmpstr (json_object_get_string_member (play, "playDate"), ==, date);
      g_assert_true (json_object_has_member (play, "durationMin"));
      scores = json_object_get_array_member (play, "playerScores");
      g_assert_cmpuint (json_array_get_length (scores), ==, fg->n_players);
      for (guint seat = 0; seat < fg->n_players; seat++)
        {
          JsonObject *score = json_array_get_object_element (scores, seat);
          gint64 ref = json_object_get_int_member (score, "playerRefId");
          g_autofree char *total = g_strdup_printf ("%d", fg->totals[seat]);
          const char *name = NULL;

          for (guint k = 0; k < json_array_get_length (players); k++)
            if (json_object_get_int_member (json_array_get_object_element (players, k), "id") == ref)
              name = json_object_get_string_member (json_array_get_object_element (players, k), "name");
          g_assert_cmpstr (name, ==, fg->names[seat]);
          g_assert_cmpstr (json_object_get_string_member (score, "score"), ==, total);
          g_assert_cmpint (json_object_get_boolean_member (score, "winner"), ==, fg->winners[seat]);
          /* Calavera: the first seat starts (the youngest player). */
          g_assert_cmpint (json_object_get_boolean_member (score, "startPlayer"), ==, seat == 0);
        }
    }
  g_assert_cmpuint (json_array_get_length (plays), ==, n_finished);
}

static void
test_export_uses_cli (void)
{
  FixtureGame *game = g_ptr_array_index (fixture->games, 0);
  const char *ids[] = { game->id, NULL };
  g_autofree char *json_path = g_build_filename (g_get_user_data_dir (), "export.json", NULL);
  g_autofree char *csv_path = g_build_filename (g_get_user_data_dir (), "export.csv", NULL);
  g_autoptr(GFile) json_file = g_file_new_for_path (json_path);
  g_autoptr(GFile) csv_file = g_file_new_for_path (csv_path);
  g_autoptr(GOutputStream) cli_json = g_memory_output_stream_new_resizable ();
  g_autoptr(GOutputStream) cli_csv = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL, *csv = NULL;
  gsize json_len, csv_len;
  g_autoptr(JsonNode) root = NULL;
  JsonArray *games;

  dp_history_export_to_file (fixture->store, ids, DP_HISTORY_EXPORT_JSON, NULL, json_file, &error);
  g_assert_no_error (error);
  dp_history_export_to_file (fixture->store, ids, DP_HISTORY_EXPORT_CSV, NULL, csv_file, &error);
  g_assert_no_error (error);
  g_file_get_contents (json_path, &json, &json_len, &error);
  g_assert_no_error (error);
  g_file_get_contents (csv_path, &csv, &csv_len, &error);
  g_assert_no_error (error);

  /* "exported (JSON/CSV through the CLI's code, not a second implementation)":
   * byte for byte what the one exchange writer (dp-exchange.h) gives dicepad-cli. */
  dp_exchange_write (fixture->store, DP_EXCHANGE_FORMAT_JSON, ids, cli_json, NULL, &error);
  g_assert_no_error (error);
  dp_exchange_write (fixture->store, DP_EXCHANGE_FORMAT_CSV, ids, cli_csv, NULL, &error);
  g_assert_no_error (error);
  g_output_stream_close (cli_json, NULL, NULL);
  g_output_stream_close (cli_csv, NULL, NULL);
  g_assert_cmpmem (json, json_len,
                   g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (cli_json)),
                   g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (cli_json)));
  g_assert_cmpmem (csv, csv_len,
                   g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (cli_csv)),
                   g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (cli_csv)));

  /* And it is that one game. */
  root = json_from_string (json, &error);
  g_assert_no_error (error);
  games = json_object_get_array_member (json_node_get_object (root), "games");
  g_assert_cmpuint (json_array_get_length (games), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (games, 0), "id"), ==, game->id);
}

/* ---- Statistics ---- */

typedef struct
{
  const char *name;
  guint       games;
  guint       wins;
  double      sum;
  int         best;
  int         worst;
  double      row_points[CV_N_COLORS];
  double      frozen;
  double      bonus_first;
  double      places;
} Expected;

static int
compare_expected (gconstpointer a,
                  gconstpointer b)
{
  const Expected *ea = a, *eb = b;
  double ra = (double) ea->wins / ea->games, rb = (double) eb->wins / eb->games;

  /* Most wins first, then the better win rate, then by name. */
  if (ea->wins != eb->wins)
    return ea->wins > eb->wins ? -1 : 1;
  if (ra != rb)
    return ra > rb ? -1 : 1;
  return g_strcmp0 (ea->name, eb->name);
}

static GArray *
compute_expected_stats (void)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (Expected));

  for (guint i = 0; i < fixture->games->len; i++)
    {
      FixtureGame *game = g_ptr_array_index (fixture->games, i);

      if (!game->finished)
        continue;  /* statistics count finished games only */

      for (guint seat = 0; seat < game->n_players; seat++)
        {
          Expected *e = NULL;

          for (guint k = 0; k < out->len; k++)
            if (g_str_equal (g_array_index (out, Expected, k).name, game->names[seat]))
              e = &g_array_index (out, Expected, k);
          if (e == NULL)
            {
              Expected fresh = { game->names[seat], 0, 0, 0, G_MININT, G_MAXINT };
              g_array_append_val (out, fresh);
              e = &g_array_index (out, Expected, out->len - 1);
            }

          e->games++;
          e->wins += game->winners[seat];
          /* "Bei Gleichstand gibt es mehrere Gewinner": a place is 1 + those ahead. */
          e->places += 1;
          for (guint other = 0; other < game->n_players; other++)
            e->places += game->totals[other] > game->totals[seat];
          e->sum += game->totals[seat];
          e->best = MAX (e->best, game->totals[seat]);
          e->worst = MIN (e->worst, game->totals[seat]);
          for (guint c = 0; c < CV_N_COLORS; c++)
            e->row_points[c] += game->row_points[seat][c];
          e->frozen += game->frozen_rows[seat];
          e->bonus_first += game->bonus_first[seat];
        }
    }

  g_array_sort (out, compare_expected);
  return out;
}

static void
test_statistics_numbers (void)
{
  DpStatisticsPage *page = DP_STATISTICS_PAGE (dp_statistics_page_new ());
  g_autoptr(GArray) expected = compute_expected_stats ();
  GtkWindow *window;

  dp_statistics_page_set_store (page, fixture->store);
  window = window_with (GTK_WIDGET (page), 1100, 900);

  /* Issue 19 item 4: "'All Games' shows only what both share (games, wins, win rate,
   * places)" — no average of Calavera points with Cubitos spaces. */
  g_assert_cmpuint (dp_statistics_page_get_n_players (page), ==, expected->len);
  for (guint i = 0; i < expected->len; i++)
    {
      Expected *e = &g_array_index (expected, Expected, i);
      g_autofree char *games = dp_format_int (e->games);
      g_autofree char *place = dp_format_double (e->places / e->games, 1);

      g_assert_cmpstr (dp_statistics_page_get_cell (page, i, DP_STATISTICS_COLUMN_PLAYER), ==, e->name);
      g_assert_cmpstr (dp_statistics_page_get_cell (page, i, DP_STATISTICS_COLUMN_GAMES), ==, games);
      g_assert_cmpstr (dp_statistics_page_get_cell (page, i, DP_STATISTICS_COLUMN_PLACE), ==, place);
      g_assert_null (dp_statistics_page_get_cell (page, i, DP_STATISTICS_COLUMN_AVERAGE));
      g_assert_null (dp_statistics_page_get_cell (page, i, DP_STATISTICS_COLUMN_BEST));
    }
  g_assert_null (dp_statistics_page_get_detail (page, "points_orange"));

  /* "Per player: games, wins, win rate, average/best/worst total" of Calavera. */
  dp_statistics_page_set_kind (page, "calavera");
  g_assert_cmpuint (dp_statistics_page_get_n_players (page), ==, expected->len);
  for (guint i = 0; i < expected->len; i++)
    {
      Expected *e = &g_array_index (expected, Expected, i);
      g_autofree char *games = dp_format_int (e->games);
      g_autofree char *wins = dp_format_int (e->wins);
      g_autofree char *rate = dp_format_percent ((double) e->wins / e->games);
      g_autofree char *average = dp_format_double (e->sum / e->games, 1);
      g_autofree char *best = dp_format_int (e->best);
      g_autofree char *worst = dp_format_int (e->worst);
      g_autofree char *place = dp_format_double (e->places / e->games, 1);

      g_assert_cmpstr (dp_statistics_page_get_cell (page, i, DP_STATISTICS_COLUMN_PLAYER), ==, e->name);
      g_assert_cmpstr (dp_statistics_page_get_cell (page, i, DP_STATISTICS_COLUMN_GAMES), ==, games);
      g_assert_cmpstr (dp_statistics_page_get_cell (page, i, DP_STATISTICS_COLUMN_WINS), ==, wins);
      g_assert_cmpstr (dp_statistics_page_get_cell (page, i, DP_STATISTICS_COLUMN_WIN_RATE), ==, rate);
      g_assert_cmpstr (dp_statistics_page_get_cell (page, i, DP_STATISTICS_COLUMN_AVERAGE), ==, average);
      g_assert_cmpstr (dp_statistics_page_get_cell (page, i, DP_STATISTICS_COLUMN_BEST), ==, best);
      g_assert_cmpstr (dp_statistics_page_get_cell (page, i, DP_STATISTICS_COLUMN_WORST), ==, worst);
      g_assert_cmpstr (dp_statistics_page_get_cell (page, i, DP_STATISTICS_COLUMN_PLACE), ==, place);
    }

  /* "average points per row", "how often each bonus line was won first",
   * "freezes": for each player in turn. */
  for (guint i = 0; i < expected->len; i++)
    {
      Expected *e = &g_array_index (expected, Expected, i);
      static const char *const keys[CV_N_COLORS] = { "points_orange", "points_green", "points_pink", "points_black" };
      g_autofree char *frozen = dp_format_double (e->frozen / e->games, 2);
      g_autofree char *bonus_first = dp_format_double (e->bonus_first / e->games, 2);

      dp_statistics_page_set_player (page, e->name);
      g_assert_cmpstr (dp_statistics_page_get_player (page), ==, e->name);
      for (guint c = 0; c < CV_N_COLORS; c++)
        {
          g_autofree char *points = dp_format_double (e->row_points[c] / e->games, 1);
          g_assert_cmpstr (dp_statistics_page_get_detail (page, keys[c]), ==, points);
        }
      g_assert_cmpstr (dp_statistics_page_get_detail (page, "frozen_rows"), ==, frozen);
      g_assert_cmpstr (dp_statistics_page_get_detail (page, "bonus_first"), ==, bonus_first);
    }

  gtk_window_destroy (window);
}

static void
test_statistics_charts (void)
{
  DpStatisticsPage *page = DP_STATISTICS_PAGE (dp_statistics_page_new ());
  g_autoptr(GArray) expected = compute_expected_stats ();
  GtkWindow *window;
  DpChart *wins, *totals, *progression;
  const char *player = "Sami";
  guint k = 0;
  FixtureGame *latest = NULL;

  dp_statistics_page_set_store (page, fixture->store);
  window = window_with (GTK_WIDGET (page), 1100, 1000);
  /* Totals are Calavera's: "All Games" compares places only (checked below). */
  dp_statistics_page_set_kind (page, "calavera");

  /* "wins per player": one bar per player, most wins first. */
  wins = dp_statistics_page_get_wins_chart (page);
  g_assert_cmpuint (dp_chart_get_n_points (wins, 0), ==, expected->len);
  for (guint i = 0; i < expected->len; i++)
    {
      double y;
      dp_chart_get_point (wins, 0, i, NULL, &y);
      g_assert_cmpfloat (y, ==, g_array_index (expected, Expected, i).wins);
    }

  /* "a player's totals over time": Sami's finished games, oldest to newest. */
  dp_statistics_page_set_player (page, player);
  totals = dp_statistics_page_get_totals_chart (page);
  for (guint i = 0; i < fixture->games->len; i++)
    {
      FixtureGame *game = g_ptr_array_index (fixture->games, i);

      if (!game->finished || !fixture_game_has_player (game, player))
        continue;
      for (guint seat = 0; seat < game->n_players; seat++)
        if (g_str_equal (game->names[seat], player))
          {
            double x, y;

            g_assert_true (dp_chart_get_point (totals, 0, k++, &x, &y));
            g_assert_cmpfloat (x, ==, game->created);
            g_assert_cmpfloat (y, ==, game->totals[seat]);
          }
      latest = game;
    }
  g_assert_cmpuint (dp_chart_get_n_points (totals, 0), ==, k);

  /* Issue 19 item 4: "whole-number axes where counts are whole; dates labelled once
   * per tick". */
  dp_ui_wait_for_layout (GTK_WIDGET (totals));
  {
    g_auto(GStrv) y_labels = dp_chart_dup_y_labels (wins);
    g_auto(GStrv) x_labels = dp_chart_dup_x_labels (totals);

    g_assert_cmpuint (g_strv_length (y_labels), >, 1);
    for (guint i = 0; y_labels[i] != NULL; i++)
      g_assert_null (strpbrk (y_labels[i], ".,"));
    g_assert_cmpuint (g_strv_length (x_labels), >, 0);
    for (guint i = 1; x_labels[i] != NULL; i++)
      g_assert_cmpstr (x_labels[i], !=, x_labels[i - 1]);
  }

  /* The progression of Sami's latest finished game: one line per player. */
  progression = dp_statistics_page_get_progression_chart (page);
  g_assert_nonnull (latest);
  g_assert_cmpuint (dp_chart_get_n_series (progression), ==, latest->n_players);
  for (guint seat = 0; seat < latest->n_players; seat++)
    {
      double y;
      dp_chart_get_point (progression, seat, dp_chart_get_n_points (progression, seat) - 1, NULL, &y);
      g_assert_cmpfloat (y, ==, latest->totals[seat]);
    }

  /* Issue 19 item 4: "progression by round" — one point per round (a round is a turn
   * of every player, cv-game.h), numbered 0 (the start), 1, 2, … */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(DpGame) game = dp_store_load_game (fixture->store, latest->id, &error);
    guint turns, n = dp_chart_get_n_points (progression, 0);
    double x;

    g_assert_no_error (error);
    turns = cv_game_get_turn_number (cv_game_from_dp_const (game));
    for (guint i = 0; i < n; i++)
      {
        g_assert_true (dp_chart_get_point (progression, 0, i, &x, NULL));
        g_assert_cmpfloat (x, ==, i);
      }
    g_assert_cmpuint (n - 1, <=, (turns - 1) / latest->n_players + 1);
    g_assert_cmpuint (n - 1, >=, (turns - 1) / latest->n_players);
  }

  /* "All Games": the places over time, not totals. */
  dp_statistics_page_set_kind (page, NULL);
  dp_statistics_page_set_player (page, player);
  {
    double y;

    g_assert_true (dp_chart_get_point (totals, 0, 0, NULL, &y));
    g_assert_cmpfloat (y, >=, 1);
    g_assert_cmpfloat (y, <=, 4);
  }

  gtk_window_destroy (window);
}

static void
test_statistics_head_to_head (void)
{
  DpStatisticsPage *page = DP_STATISTICS_PAGE (dp_statistics_page_new ());
  guint together = 0, wins_a = 0, wins_b = 0, ties = 0;
  g_autofree char *wins_a_text = NULL, *wins_b_text = NULL, *start = NULL, *end = NULL;
  const char *text;
  GtkWindow *window;

  for (guint i = 0; i < fixture->games->len; i++)
    {
      FixtureGame *game = g_ptr_array_index (fixture->games, i);
      gboolean a = FALSE, b = FALSE;

      if (!game->finished || !fixture_game_has_player (game, "Ina") || !fixture_game_has_player (game, "Tom"))
        continue;
      together++;
      for (guint seat = 0; seat < game->n_players; seat++)
        {
          a |= g_str_equal (game->names[seat], "Ina") && game->winners[seat];
          b |= g_str_equal (game->names[seat], "Tom") && game->winners[seat];
        }
      wins_a += a && !b;
      wins_b += b && !a;
      ties += a && b;
    }
  g_assert_cmpuint (together, >, 0);

  dp_statistics_page_set_store (page, fixture->store);
  window = window_with (GTK_WIDGET (page), 1100, 900);
  dp_statistics_page_set_head_to_head (page, "Ina", "Tom");

  /* "Head-to-head between two players": "Ina 2 : 1 Tom — …" */
  text = dp_statistics_page_get_head_to_head_text (page);
  wins_a_text = dp_format_int (wins_a);
  wins_b_text = dp_format_int (wins_b);
  start = g_strdup_printf ("Ina %s : %s Tom", wins_a_text, wins_b_text);
  g_assert_true (g_str_has_prefix (text, start));
  end = g_strdup_printf ("%u %s", ties, ties == 1 ? "shared win" : "shared wins");
  g_assert_true (g_str_has_suffix (text, end));

  gtk_window_destroy (window);
}

/* Every GtkDropDown below @widget, in the order of the widget tree. */
static void
collect_dropdowns (GtkWidget *widget,
                   GPtrArray *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_DROP_DOWN (child))
        g_ptr_array_add (out, child);
      else
        collect_dropdowns (child, out);
    }
}

/* What a click on entry @position of @dropdown's open list does: the row is selected
 * in the popup's own selection and activated; GtkDropDown then closes the popup (its
 * toggle button goes up) and takes the entry. (The popup itself is not opened: under
 * Xvfb without a window manager a popover has no monitor to place itself on.) */
static void
pick_entry (GtkDropDown *dropdown,
            guint        position)
{
  GtkWidget *button = dp_ui_find_descendant (GTK_WIDGET (dropdown), GTK_TYPE_TOGGLE_BUTTON);
  GtkWidget *list = dp_ui_find_descendant (GTK_WIDGET (dropdown), GTK_TYPE_LIST_VIEW);

  g_assert_nonnull (button);
  g_assert_nonnull (list);
  gtk_selection_model_select_item (gtk_list_view_get_model (GTK_LIST_VIEW (list)), position, TRUE);
  g_signal_emit_by_name (list, "activate", position);
  dp_ui_iterate_until_idle ();
  /* "popover never closes" */
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));
}

/* Issue 19 item 1: "Statistics hangs for good when a game is picked in its game filter
 * ('All Games' → 'Cubitos' or 'Calavera')". Runs in a child process with a bounded
 * wait, so a hang fails the test instead of blocking the suite. */
static void
test_statistics_pick_every_filter_entry (void)
{
  if (g_test_subprocess ())
    {
      DpStatisticsPage *page = DP_STATISTICS_PAGE (dp_statistics_page_new ());
      g_autoptr(GPtrArray) dropdowns = g_ptr_array_new ();
      GtkWindow *window;

      dp_statistics_page_set_store (page, fixture->store);
      window = window_with (GTK_WIDGET (page), 1100, 900);
      collect_dropdowns (GTK_WIDGET (page), dropdowns);
      /* the game, the player, and the two head-to-head players */
      g_assert_cmpuint (dropdowns->len, ==, 4);

      for (guint d = 0; d < dropdowns->len; d++)
        {
          GtkDropDown *dropdown = g_ptr_array_index (dropdowns, d);
          guint n = g_list_model_get_n_items (gtk_drop_down_get_model (dropdown));

          g_assert_cmpuint (n, >, 1);
          /* forwards through every entry, then back to the first */
          for (guint i = 0; i <= n; i++)
            {
              guint position = i < n ? i : 0;

              pick_entry (dropdown, position);
              g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, position);
            }
        }

      gtk_window_destroy (window);
      return;
    }

  g_test_trap_subprocess (NULL, 30 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* ---- Chart and formats ---- */

static void
test_chart_tooltip (void)
{
  GtkWidget *chart = dp_chart_new (DP_CHART_LINES);
  const double x[] = { 0, 1, 2, 3 };
  const double ina[] = { 0, 5, 12, 20 };
  const double sami[] = { 0, 8, 9, 15 };
  GtkWindow *window;
  double px, py;
  g_autofree char *tooltip = NULL;
  g_autofree char *nothing = NULL;

  dp_chart_add_series (DP_CHART (chart), "Ina", x, ina, 4);
  dp_chart_add_series (DP_CHART (chart), "Sami", x, sami, 4);
  window = window_with (chart, 600, 300);

  /* "tooltips with the values": hovering Sami's third point names Sami and 9. */
  g_assert_true (dp_chart_get_point_position (DP_CHART (chart), 1, 2, &px, &py));
  tooltip = dp_chart_dup_tooltip_at (DP_CHART (chart), px + 2, py - 2);
  g_assert_nonnull (tooltip);
  g_assert_true (g_str_has_prefix (tooltip, "Sami\n"));
  g_assert_true (g_str_has_suffix (tooltip, ": 9"));

  /* Far from every point: no tooltip. */
  nothing = dp_chart_dup_tooltip_at (DP_CHART (chart), 1, 1);
  g_assert_null (nothing);

  gtk_window_destroy (window);
}

/* Issue 19 item 4: "the wins axis has 0.5 ticks" — a chart of counts ticks whole numbers. */
static void
test_chart_whole_numbers (void)
{
  GtkWidget *chart = dp_chart_new (DP_CHART_BARS);
  const char *labels[] = { "Ina", "Sami" };
  const double values[] = { 1, 2 };
  GtkWindow *window;
  g_auto(GStrv) ticks = NULL;

  dp_chart_set_bars (DP_CHART (chart), labels, values, 2);
  dp_chart_set_whole_numbers (DP_CHART (chart), TRUE);
  window = window_with (chart, 600, 300);
  ticks = dp_chart_dup_y_labels (DP_CHART (chart));
  g_assert_cmpuint (g_strv_length (ticks), >=, 3);
  for (guint i = 0; ticks[i] != NULL; i++)
    {
      g_autofree char *whole = dp_format_int (i);
      g_assert_cmpstr (ticks[i], ==, whole);
    }
  gtk_window_destroy (window);
}

/* Issue 19 item 4: "the date axis repeats labels" — games a few hours apart. */
static void
test_chart_date_labels (void)
{
  GtkWidget *chart = dp_chart_new (DP_CHART_LINES);
  g_autoptr(GDateTime) noon = g_date_time_new_local (2026, 5, 1, 12, 0, 0);
  gint64 t = g_date_time_to_unix (noon);
  const double x[] = { t, t + 3600, t + 7200, t + 86400 };
  const double y[] = { 10, 20, 15, 30 };
  GtkWindow *window;
  g_auto(GStrv) labels = NULL;

  dp_chart_set_x_axis (DP_CHART (chart), DP_CHART_X_DATE);
  dp_chart_add_series (DP_CHART (chart), "Ina", x, y, 4);
  window = window_with (chart, 900, 300);
  labels = dp_chart_dup_x_labels (DP_CHART (chart));
  g_assert_cmpuint (g_strv_length (labels), >=, 1);
  g_assert_cmpuint (g_strv_length (labels), <=, 2);   /* two days */
  for (guint i = 1; labels[i] != NULL; i++)
    g_assert_cmpstr (labels[i], !=, labels[i - 1]);
  gtk_window_destroy (window);
}

static void
test_format_german (void)
{
  g_autofree char *saved = g_strdup (setlocale (LC_NUMERIC, NULL));
  g_autofree char *number = NULL, *decimal = NULL;

  /* "Numbers … are formatted for the user's locale (German: 1.234)". */
  if (setlocale (LC_NUMERIC, "de_DE.UTF-8") == NULL)
    {
      g_test_skip ("the de_DE.UTF-8 locale is not installed");
      return;
    }
  number = dp_format_int (1234);
  decimal = dp_format_double (45.5, 1);
  setlocale (LC_NUMERIC, saved);

  g_assert_cmpstr (number, ==, "1.234");
  g_assert_cmpstr (decimal, ==, "45,5");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  dp_ui_test_init (&argc, &argv, DP_UI_TEST_GTK | DP_UI_TEST_ISOLATE_DIRS);

  /* G_TEST_OPTION_ISOLATE_DIRS gives each test case its own folders, removed after
   * it; the shared database lives in a folder of its own, removed at the end. */
  dir = g_dir_make_tmp ("dicepad-history-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "history.db", NULL);
  fixture = fixture_new (path, N_GAMES, 20240501);

  g_test_add_func ("/history/list/order", test_list_order);
  g_test_add_func ("/history/list/winners", test_list_winners_column);
  g_test_add_func ("/history/list/filters", test_list_filters);
  g_test_add_func ("/history/list/empty", test_list_empty);
  g_test_add_func ("/history/model/pages", test_model_pages);
  g_test_add_func ("/history/model/counts-on-worker", test_model_counts_on_worker);
  g_test_add_func ("/history/replay/steps", test_replay_steps);
  g_test_add_func ("/history/replay/progression", test_replay_progression);
  g_test_add_func ("/history/delete-undo", test_delete_with_undo);
  g_test_add_func ("/history/export", test_export_uses_cli);
  g_test_add_func ("/history/export-bgstats", test_export_bgstats);
  g_test_add_func ("/history/export-async", test_export_async);
  g_test_add_func ("/statistics/numbers", test_statistics_numbers);
  g_test_add_func ("/statistics/charts", test_statistics_charts);
  g_test_add_func ("/statistics/head-to-head", test_statistics_head_to_head);
  g_test_add_func ("/statistics/pick-every-filter-entry", test_statistics_pick_every_filter_entry);
  g_test_add_func ("/chart/tooltip", test_chart_tooltip);
  g_test_add_func ("/chart/whole-numbers", test_chart_whole_numbers);
  g_test_add_func ("/chart/date-labels", test_chart_date_labels);
  g_test_add_func ("/format/german", test_format_german);

  status = g_test_run ();
  fixture_free (fixture);

  for (guint i = 0; i < 3; i++)
    {
      static const char *const suffixes[] = { "", "-wal", "-shm" };
      g_autofree char *file = g_strconcat (path, suffixes[i], NULL);
      g_remove (file);
    }
  g_rmdir (dir);
  return status;
}
