/* test-cubitos-phones.c — a whole Cubitos race played on phones, the window following
 *
 * Issue 23, "Done when": "… plays a whole 3-player Cubitos race … with three … phones,
 * each acting only for its own seat; the stored game equals the script, and the window
 * (in the same process) shows the final result", and item 1: "the window's Undo takes
 * back a phone's entry as it does its own". Three phones (libsoup's client,
 * phone-test-util.h) sit at the window's table server; each makes its player's entries
 * of tests/server/cubitos-phone-race.jsonl from the forms its state offers (the answers
 * written in as the page does, cb_seat_view_form_action), the dice entries as the page's
 * cb-phone.js sends them. tests/server/browser-test.py plays the same race in Chromium.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dp-window.h"
#include "dp-result-page.h"
#include "dp-table-server.h"
#include "cb-game.h"
#include "cb-seat-view.h"
#include "dp-ui-test-util.h"
#include "phone-test-util.h"

static const DpUiFixtureConfig ui_config = { "dicepad-cubitos-phones-XXXXXX", "CubitosPhonesTest" };

static JsonObject *
find_form (JsonObject *state,
           const char *id)
{
  JsonArray *forms = json_object_get_array_member (state, "forms");

  for (guint i = 0; i < json_array_get_length (forms); i++)
    {
      JsonObject *form = json_array_get_object_element (forms, i);

      if (g_str_equal (json_object_get_string_member (form, "id"), id)
          && json_object_get_boolean_member (form, "enabled"))
        return form;
    }
  return NULL;
}

/* What @state's page sends for @action, or NULL when it offers no form for it (then
 * Dicepad made it itself). */
static JsonObject *
page_action (JsonObject *state,
             JsonObject *action)
{
  g_autofree char *id = cb_seat_view_dup_form_id (action);
  JsonObject *entry;
  JsonObject *form;
  g_autofree gint64 *values = NULL;
  guint taps;

  if (id == NULL)
    {
      entry = json_node_is_null (json_object_get_member (state, "entry")) ? NULL
                                                                          : json_object_get_object_member (state, "entry");
      if (entry == NULL
          || !g_str_equal (json_object_get_string_member (entry, "mode"),
                           json_object_has_member (action, "refill") ? "refill" : "cubitos-roll"))
        return NULL;
      return json_object_ref (action);
    }
  form = find_form (state, id);
  if (form == NULL)
    return NULL;
  values = g_new0 (gint64, json_array_get_length (json_object_get_array_member (form, "fields")) + 1);
  g_assert_true (cb_seat_view_answers_for (form, action, values, &taps));
  return cb_seat_view_form_action (form, values);
}

static void
test_race_on_phones (DpUiFixture   *f,
                     gconstpointer  data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "server", "cubitos-phone-race.jsonl", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) pending = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) setup = NULL;
  g_autoptr(SoupSession) http = phone_http_session_new ();
  g_autoptr(DpTableServer) server = NULL;
  g_autofree char *id = NULL;
  g_autofree char *url = NULL;
  Phone *phones[3];
  JsonObject *last[3] = { NULL, };   /* the state each phone was last asked in */
  DpSession *session;
  guint sent = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (lines[i][0] != '{')
        continue;
      if (setup == NULL)
        setup = dp_game_new_from_text (lines[i], &error);
      else
        {
          g_autoptr(JsonNode) node = json_from_string (lines[i], &error);
          g_ptr_array_add (pending, json_object_ref (json_node_get_object (node)));
        }
      g_assert_no_error (error);
    }

  /* The race is resumed in the window, which makes the starting refills itself. */
  id = dp_store_create_game (dp_application_get_store (f->app, NULL), setup, &error);
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), "win.resume", g_variant_new_string (id)));
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "cubitos-table");
  session = dp_window_get_session (f->window);

  server = dp_table_server_new (session, NULL);
  /* The phones here enter as fast as the machine runs, faster than the 10 messages a
   * second (bursts of 20) a person's phone is allowed: on an idle machine the server
   * closed a phone for flooding halfway through the race. */
  dp_table_server_set_limits (server, 0, 1000);
  g_assert_true (dp_table_server_start (server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  url = dp_table_server_dup_url (server);
  for (guint s = 0; s < 3; s++)
    phones[s] = phone_connect_seated (http, url, s);

  while (pending->len > 0)
    {
      JsonObject *action = g_ptr_array_index (pending, 0);
      const DpGame *game = dp_session_get_game (session);
      guint n = dp_game_get_n_actions (game);
      int seat = cb_game_find_player (cb_game_from_dp_const (game), json_object_get_string_member (action, "player"));
      g_autoptr(JsonObject) state = NULL;
      g_autoptr(JsonObject) answer = NULL;
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
      g_autofree char *answer_text = NULL;
      gint64 deadline = g_get_monotonic_time () + PHONE_WAIT_SECONDS * G_USEC_PER_SEC;

      g_assert_cmpint (seat, >=, 0);
      /* The state a skipped entry of Dicepad's was read from is still this one. */
      if (last[seat] != NULL && json_object_get_int_member (last[seat], "at") == n)
        state = json_object_ref (last[seat]);
      else
        state = phone_wait_seat (phones[seat], seat, n);
      g_clear_pointer (&last[seat], json_object_unref);
      last[seat] = json_object_ref (state);
      answer = page_action (state, action);
      if (answer == NULL)
        {
          /* Nothing to decide: Dicepad entered it (docs/cubitos-notes.md, "Forced actions"). */
          g_ptr_array_remove_index (pending, 0);
          continue;
        }
      json_node_set_object (node, answer);
      answer_text = json_to_string (node, FALSE);
      phone_send_action (phones[seat], n, answer_text);
      sent++;
      while (dp_game_get_n_actions (dp_session_get_game (session)) == n && g_get_monotonic_time () < deadline
             && !phones[seat]->closed)
        g_main_context_iteration (NULL, FALSE);
      if (phones[seat]->closed)
        g_error ("the table closed the phone of seat %d (code %u) at entry %u", seat, phones[seat]->close_code, n);
      g_assert_cmpuint (dp_game_get_n_actions (dp_session_get_game (session)), >, n);
      g_ptr_array_remove_index (pending, 0);
    }

  for (guint s = 0; s < 3; s++)
    g_clear_pointer (&last[s], json_object_unref);

  /* The stored game is the script's end, and the window shows the result. */
  g_assert_cmpuint (sent, >, 30);
  g_assert_true (dp_game_is_finished (dp_session_get_game (session)));
  dp_ui_iterate_until_idle ();
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "result");
  g_assert_cmpstr (dp_result_page_get_headline (DP_RESULT_PAGE (dp_window_get_page (f->window, "result"))),
                   ==, "Sami wins the race");

  /* The window's Undo takes back the last phone entry (Tom's rest), and Tom's phone is
   * asked for it again. */
  {
    guint n = dp_game_get_n_actions (dp_session_get_game (session));
    g_autoptr(JsonObject) state = NULL;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
    g_assert_cmpuint (dp_game_get_n_actions (dp_session_get_game (session)), ==, n - 1);
    state = phone_wait_seat (phones[2], 2, n - 1);
    g_assert_false (json_object_get_boolean_member (state, "finished"));
    g_assert_nonnull (find_form (state, "rest"));
  }

  for (guint s = 0; s < 3; s++)
    phone_free (phones[s]);
}

int
main (int   argc,
      char *argv[])
{
  dp_ui_test_init (&argc, &argv, DP_UI_TEST_GTK | DP_UI_TEST_ISOLATE_DIRS);
  g_test_add ("/cubitos-phones/race", DpUiFixture, &ui_config, dp_ui_fixture_setup, test_race_on_phones,
              dp_ui_fixture_teardown);
  return g_test_run ();
}
