/* test-one-truth.c — one game, three processes: the window, `dicepad-cli serve` with a
 * phone, and `dicepad-cli undo` from a terminal
 *
 * Issue 24, item 10: "an outside undo stops the phones for good … a window does not
 * notice that another process moved its game on". What to build: "a session (window or
 * server) notices within a second that its game's log changed in the database from
 * outside, reloads the game and tells the user what happened; the phones get the new
 * state; a phone action made against the old state is refused as stale with the new
 * state, never lost silently and never blocking later actions. Test: window + serve +
 * CLI on one database, actions and undos from all three, stored = the union in order,
 * every view equal to dicepad-cli show." The waits are bounded (10 s) rather than timed:
 * the time each view took is printed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <libsoup/soup.h>
#include <string.h>

#include "dp-ui-test-util.h"
#include "phone-test-util.h"

typedef DpUiFixture Fixture;
static const DpUiFixtureConfig ui_config = { "dicepad-one-truth-XXXXXX", "OneTruth" };

static const char *cli_path;

static gboolean
timeout_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Iterates until @cond holds, a bounded while; says how long it took. */
#define WAIT_FOR(cond, what)                                             \
  G_STMT_START {                                                         \
    gboolean expired_ = FALSE;                                           \
    gint64 start_ = g_get_monotonic_time ();                             \
    guint id_ = g_timeout_add_seconds (10, timeout_cb, &expired_);       \
    while (!(cond) && !expired_)                                         \
      g_main_context_iteration (NULL, TRUE);                             \
    g_assert_true (cond);                                                \
    if (!expired_)                                                       \
      g_source_remove (id_);                                             \
    g_test_message ("%s: %.0f ms", what, (g_get_monotonic_time () - start_) / 1000.0); \
  } G_STMT_END

/* Runs dicepad-cli with @args (NULL-terminated) on the fixture's database; its output. */
static char *
run_cli (Fixture    *f,
         const char *command,
         const char *id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, cli_path, command, id,
                                                     "--database", f->db_path, NULL);
  char *out = NULL;

  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
  return out;
}

static gboolean
json_text_equal (const char *a,
                 const char *b)
{
  g_autoptr(JsonParser) pa = json_parser_new ();
  g_autoptr(JsonParser) pb = json_parser_new ();

  return json_parser_load_from_data (pa, a, -1, NULL) && json_parser_load_from_data (pb, b, -1, NULL)
         && json_node_equal (json_parser_get_root (pa), json_parser_get_root (pb));
}

static char *
window_state (Fixture *f)
{
  g_autoptr(JsonNode) node = dp_game_to_json (dp_session_get_game (dp_window_get_session (f->window)));
  return json_to_string (node, FALSE);
}

static guint
window_n_actions (Fixture *f)
{
  return dp_game_get_n_actions (dp_session_get_game (dp_window_get_session (f->window)));
}

/* The window shows what `dicepad-cli show` prints (waiting for it, bounded). */
static void
assert_window_is_stored (Fixture    *f,
                         const char *id)
{
  g_autofree char *shown = run_cli (f, "show", id);
  g_autofree char *state = NULL;

  WAIT_FOR ((g_free (state), state = window_state (f), json_text_equal (state, shown)), "window = dicepad-cli show");
}

static void
test_one_truth (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  DpStore *store = dp_application_get_store (f->app, &error);
  g_autoptr(DpGame) game = dp_game_new_from_text ("{\"game\":\"calavera\",\"players\":[\"Ina\",\"Sami\",\"Tom\"]}", &error);
  g_autofree char *id = NULL;
  g_autofree char *state_file = g_build_filename (f->dir, "serve.table", NULL);
  g_autoptr(GSubprocess) serve = NULL;
  g_autoptr(GDataInputStream) serve_out = NULL;
  g_autofree char *url = NULL;
  g_autoptr(SoupSession) http = phone_http_session_new ();
  g_autoptr(Phone) phone = NULL;
  g_autoptr(GPtrArray) expected = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) stored = NULL;
  g_autoptr(JsonObject) state = NULL;
  g_autoptr(JsonObject) refused = NULL;
  guint n;

  g_assert_no_error (error);
  id = dp_store_create_game (store, game, &error);
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.resume", "s", id));
  dp_ui_iterate_until_idle ();

  /* `dicepad-cli serve` on the same database, a phone at Ina's seat. */
  serve = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, cli_path, "serve", id, "--database", f->db_path,
                            "--address", "127.0.0.1", "--state", state_file, NULL);
  g_assert_no_error (error);
  serve_out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (serve));
  url = g_data_input_stream_read_line_utf8 (serve_out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (url);
  phone = phone_connect_seated (http, url, 0);

  /* 1. The phone (process 2) rolls: the window (process 1) shows it and says so. */
  phone_send_action (phone, 0, "{\"roll\":[\"orange\",\"orange\",\"green\",\"pink\",\"skull\",\"skull\"]}");
  g_ptr_array_add (expected, g_strdup ("{\"player\":\"Ina\",\"roll\":[\"orange\",\"orange\",\"green\",\"pink\",\"skull\",\"skull\"]}"));
  json_object_unref (phone_wait_state_at (phone, 1));
  WAIT_FOR (window_n_actions (f) == 1, "window follows the phone");
  WAIT_FOR (dp_ui_find_label_starting (GTK_WIDGET (f->window), "Elsewhere: Ina rolled") != NULL, "window's toast");
  assert_window_is_stored (f, id);

  /* 2. The window takes the oranges: the phone gets the new state from serve. */
  g_assert_true (dp_session_apply_text (dp_window_get_session (f->window), "{\"take\":\"orange\",\"player\":\"Ina\"}", &error));
  g_assert_no_error (error);
  g_ptr_array_add (expected, g_strdup ("{\"player\":\"Ina\",\"take\":\"orange\"}"));
  n = window_n_actions (f);
  json_object_unref (phone_wait_state_at (phone, n));

  /* 3. dicepad-cli (process 3) undoes it: the window says what was undone, the phone
   * gets the state without it. */
  g_free (run_cli (f, "undo", id));
  g_ptr_array_remove_index (expected, expected->len - 1);
  WAIT_FOR (window_n_actions (f) == n - 1, "window follows dicepad-cli undo");
  /* the toast says it in one short line (wpolish item 1), the turn panel what it was */
  WAIT_FOR (dp_ui_find_label_starting (GTK_WIDGET (f->window), "1 entry undone elsewhere") != NULL, "window's toast");
  WAIT_FOR (dp_ui_find_label_starting (GTK_WIDGET (f->window), "Undone: Ina") != NULL, "turn panel's line");
  json_object_unref (phone_wait_state_at (phone, n - 1));
  assert_window_is_stored (f, id);

  /* 4. A phone entry made on the state before the undo: stale, with the new state… */
  phone_send_action (phone, n, "{\"freeze\":\"pink\"}");
  refused = phone_wait (phone, "refused");
  g_assert_cmpstr (json_object_get_string_member (refused, "code"), ==, "stale");
  state = phone_wait (phone, "state");
  g_assert_cmpint (json_object_get_int_member (state, "at"), ==, n - 1);
  /* …and the next entry goes through (nothing blocks). */
  phone_send_action (phone, n - 1, "{\"take\":\"green\"}");
  g_ptr_array_add (expected, g_strdup ("{\"player\":\"Ina\",\"take\":\"green\"}"));
  json_object_unref (phone_wait_state_at (phone, n));
  WAIT_FOR (window_n_actions (f) == n, "window follows the phone");

  /* 5. The window undoes the phone's entry; dicepad-cli undoes the roll. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  g_ptr_array_remove_index (expected, expected->len - 1);
  json_object_unref (phone_wait_state_at (phone, n - 1));
  g_free (run_cli (f, "undo", id));
  g_ptr_array_remove_index (expected, expected->len - 1);
  WAIT_FOR (window_n_actions (f) == 0, "window follows dicepad-cli undo");
  json_object_unref (phone_wait_state_at (phone, 0));

  /* 6. The phone rolls again and the window takes: stored = the union, in order. */
  phone_send_action (phone, 0, "{\"roll\":[\"green\",\"green\",\"green\",\"pink\",\"orange\",\"skull\"]}");
  /* (the store keeps the faces in their canonical order) */
  g_ptr_array_add (expected, g_strdup ("{\"player\":\"Ina\",\"roll\":[\"orange\",\"green\",\"green\",\"green\",\"pink\",\"skull\"]}"));
  WAIT_FOR (window_n_actions (f) == 1, "window follows the phone");
  g_assert_true (dp_session_apply_text (dp_window_get_session (f->window), "{\"take\":\"green\",\"player\":\"Ina\"}", &error));
  g_assert_no_error (error);
  g_ptr_array_add (expected, g_strdup ("{\"player\":\"Ina\",\"take\":\"green\"}"));
  json_object_unref (phone_wait_state_at (phone, 2));

  stored = dp_store_get_actions (store, id, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stored->len, ==, expected->len);
  for (guint i = 0; i < stored->len; i++)
    g_assert_true (json_text_equal (g_ptr_array_index (stored, i), g_ptr_array_index (expected, i)));
  assert_window_is_stored (f, id);

  g_subprocess_send_signal (serve, SIGTERM);
  g_assert_true (g_subprocess_wait (serve, NULL, &error));
}

int
main (int   argc,
      char *argv[])
{
  /* The first argument is dicepad-cli (tests/ui/meson.build). */
  g_assert_cmpint (argc, >=, 2);
  cli_path = argv[1];
  argv[1] = argv[0];
  argc--;
  argv++;
  g_setenv ("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);
  dp_ui_test_init (&argc, &argv, DP_UI_TEST_GTK | DP_UI_TEST_ISOLATE_DIRS);

  g_test_add ("/one-truth/window-serve-cli", Fixture, &ui_config, dp_ui_fixture_setup, test_one_truth,
              dp_ui_fixture_teardown);

  return g_test_run ();
}
