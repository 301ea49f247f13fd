/* test-one-window.c — one window per game (issue 16, item 6: "Decide and document what
 * two windows on one game do — the GNOME way: one window per game, a second open brings
 * the first forward"; docs/storage.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dp-session.h"
#include "dp-store.h"
#include "dp-ui-test-util.h"

static const DpUiFixtureConfig config = { "dicepad-one-window-XXXXXX", "OneWindow" };

/* A game in progress, stored as the app stores one; returns its id. */
static char *
stored_game (DpUiFixture *f)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DpStore) store = dp_store_open (f->db_path, &error);
  g_autoptr(JsonNode) setup = json_from_string ("{\"game\": \"calavera\", \"players\": [\"Ina\", \"Sami\"]}", &error);
  g_autoptr(DpGame) game = NULL;
  char *id;

  g_assert_no_error (error);
  game = dp_game_new (json_node_get_object (setup), &error);
  g_assert_no_error (error);
  id = dp_store_create_game (store, game, &error);
  g_assert_no_error (error);
  return id;
}

static void
test_second_window_brings_first (DpUiFixture   *f,
                                 gconstpointer  data)
{
  g_autofree char *id = stored_game (f);
  DpWindow *first = f->window;
  DpWindow *second;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (first), "win.resume", "s", id));
  dp_ui_iterate_until_idle ();
  g_assert_nonnull (dp_window_get_session (first));
  g_assert_cmpstr (dp_session_get_id (dp_window_get_session (first)), ==, id);

  /* A second window resumes the same game: it stays on its start page, and the game
   * is played on in the first window only (no stale second copy to undo from). */
  second = dp_window_new (f->app);
  gtk_window_present (GTK_WINDOW (second));
  dp_ui_iterate_until_idle ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (second), "win.resume", "s", id));
  dp_ui_iterate_until_idle ();
  g_assert_null (dp_window_get_session (second));
  g_assert_cmpstr (dp_window_get_visible_page (second), ==, "start");
  g_assert_cmpstr (dp_session_get_id (dp_window_get_session (first)), ==, id);

  gtk_window_destroy (GTK_WINDOW (second));
  dp_ui_iterate_until_idle ();
}

int
main (int   argc,
      char *argv[])
{
  dp_ui_test_init (&argc, &argv, DP_UI_TEST_GTK | DP_UI_TEST_ISOLATE_DIRS);

  g_test_add ("/window/one-window-per-game", DpUiFixture, &config,
              dp_ui_fixture_setup, test_second_window_brings_first, dp_ui_fixture_teardown);

  return g_test_run ();
}
