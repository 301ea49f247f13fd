/* test-history-damaged.c — History and Statistics on a damaged database (issue 16,
 * item 8: "A damaged database shows blank History rows and 19 GLib CRITICALs: show a
 * clear message instead.")
 *
 * Each database is healthy but for one kind of damage; the pages must show rows or a
 * message naming the problem — never a blank row, never a CRITICAL (the test runs with
 * G_DEBUG=fatal-criticals, so one aborts it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "dp-history-page.h"
#include "dp-statistics-page.h"
#include "dp-ui-test-util.h"
#include "store-test-util.h"

static const char *const names[] = { "Ina", "Sami", NULL };

typedef enum
{
  DAMAGE_PLAYER_ROW,     /* a seat whose player row is gone */
  DAMAGE_LOST_ACTIONS,   /* the end of a log lost */
  DAMAGE_PAGES,          /* bytes flipped in the middle of every page */
  N_DAMAGES
} Damage;

/* Three finished games and one in progress; returns the path, the file closed. */
static char *
healthy_database (const char *name,
                  char      **victim)
{
  g_autofree char *path = test_db_path (name);
  g_autoptr(GError) error = NULL;
  g_autoptr(DpStore) store = dp_store_open (path, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < 4; i++)
    {
      g_autoptr(DpGame) game = test_new_game (names);
      g_autoptr(GRand) rand = g_rand_new_with_seed (100 + i);
      g_autofree char *id = dp_store_create_game (store, game, &error);

      g_assert_no_error (error);
      test_play_store (store, id, game, rand, i < 3 ? G_MAXUINT : 7);
      if (i == 0)
        *victim = g_strdup (id);
    }
  return g_steal_pointer (&path);
}

static void
damage (const char *path,
        Damage      what,
        const char *victim)
{
  sqlite3 *db;

  if (what == DAMAGE_PAGES)
    {
      g_autofree char *contents = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      for (gsize page = 1; page < length / 4096; page++)
        contents[page * 4096 + 2048] ^= 0x5a;
      g_assert_true (g_file_set_contents (path, contents, length, NULL));
      return;
    }

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA foreign_keys = OFF", NULL, NULL, NULL), ==, SQLITE_OK);
  if (what == DAMAGE_PLAYER_ROW)
    g_assert_cmpint (sqlite3_exec (db, "DELETE FROM players WHERE name = 'Sami'", NULL, NULL, NULL), ==, SQLITE_OK);
  else
    {
      g_autofree char *sql = g_strdup_printf ("DELETE FROM actions WHERE seq >= 5 AND game = "
                                              "(SELECT id FROM games WHERE uuid = '%s')", victim);

      g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
    }
  sqlite3_close (db);
}

/* Every row the list shows has its names (never a blank row). */
static void
assert_rows_readable (DpHistoryModel *model)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)); i++)
    {
      g_autoptr(DpHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (model), i);
      const DpGameSummary *summary;

      g_assert_nonnull (item);
      summary = dp_history_item_get_summary (item);
      for (guint seat = 0; seat < summary->n_players; seat++)
        g_assert_true (summary->names[seat] != NULL && summary->names[seat][0] != '\0');
    }
}

static void
test_pages_on_damage (gconstpointer data)
{
  Damage what = GPOINTER_TO_UINT (data);
  g_autofree char *name = g_strdup_printf ("damaged-%u.db", what);
  g_autofree char *victim = NULL;
  g_autofree char *path = healthy_database (name, &victim);
  g_autoptr(GError) error = NULL;
  g_autoptr(DpStore) store = NULL;
  GtkWindow *window;
  GtkWidget *box;
  DpHistoryPage *history;
  DpStatisticsPage *statistics;

  damage (path, what, victim);

  store = dp_store_open_or_read_only (path, &error);
  if (store == NULL)
    {
      /* Refused at open: the window explains it on its own page (test-window). */
      g_assert_nonnull (error);
      return;
    }

  history = DP_HISTORY_PAGE (dp_history_page_new ());
  statistics = DP_STATISTICS_PAGE (dp_statistics_page_new ());
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (history));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (statistics));
  window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (window, 1200, 700);
  gtk_window_set_child (window, box);
  gtk_window_present (window);

  dp_history_page_set_store (history, store);
  dp_statistics_page_set_store (statistics, store);
  dp_ui_wait_for_layout (box);
  dp_ui_iterate_until_idle ();
  dp_ui_wait_for_layout (box);

  assert_rows_readable (dp_history_page_get_model (history));

  if (what == DAMAGE_PLAYER_ROW)
    {
      const GError *shown = dp_history_model_get_error (dp_history_page_get_model (history));

      /* The list cannot be read: its empty page says why, naming the game. */
      g_assert_cmpstr (dp_history_page_get_visible_view (history), ==, "empty");
      g_assert_nonnull (shown);
      g_assert_error (shown, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW);
      g_assert_nonnull (strstr (shown->message, "damaged"));
    }

  gtk_window_destroy (window);
  dp_ui_iterate_until_idle ();
}

int
main (int   argc,
      char *argv[])
{
  int status;

  dp_ui_test_init (&argc, &argv, DP_UI_TEST_GTK);
  test_scratch_init ();

  g_test_add_data_func ("/history/damaged/player-row", GUINT_TO_POINTER (DAMAGE_PLAYER_ROW), test_pages_on_damage);
  g_test_add_data_func ("/history/damaged/lost-actions", GUINT_TO_POINTER (DAMAGE_LOST_ACTIONS), test_pages_on_damage);
  g_test_add_data_func ("/history/damaged/flipped-pages", GUINT_TO_POINTER (DAMAGE_PAGES), test_pages_on_damage);

  status = g_test_run ();
  test_scratch_clear ();
  return status;
}
