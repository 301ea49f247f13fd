/* test-table-server.c — the table server's protocol, spoken by libsoup's own client
 *
 * Issue 18 ("Every player's phone as their own sheet or board"), "Done when": protocol
 * tests on 127.0.0.1 only — join, seat, legal-only actions, stale and illegal actions,
 * reconnect, limits, wrong token. The server and the phones share one main loop here;
 * every wait is bounded (a missing answer fails the test instead of hanging it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libsoup/soup.h>
#include <locale.h>
#include <string.h>
#include <sys/resource.h>

#include "cv-game.h"
#include "cv-model.h"
#include "cv-presenter.h"
#include "dp-table-server.h"
#include "dp-table-view.h"
#include "phone-test-util.h"

typedef struct
{
  char          *dir;
  DpStore       *store;
  DpSession     *session;
  DpTableServer *server;
  SoupSession   *http;
  char          *url;
  guint          n_changed;
  char          *stored_text;
} Fixture;

/* ---- Helpers ---- */

static void
changed_cb (DpSession *session,
            gpointer   user_data)
{
  Fixture *fixture = user_data;
  fixture->n_changed++;
}

static void
entry_stored_cb (DpTableServer *server,
                 int            seat,
                 const char    *text,
                 gpointer       user_data)
{
  Fixture *fixture = user_data;

  g_free (fixture->stored_text);
  fixture->stored_text = g_strdup_printf ("%d %s", seat, text);
}

static DpSession *
new_session (DpStore    *store,
             const char *kind)
{
  g_autoptr(GError) error = NULL;
  DpSession *session;

  /* Cubitos: race 1, as the window's new-game page sets it up. */
  session = dp_session_new (store, g_str_equal (kind, "cubitos")
                                   ? "{\"game\":\"cubitos\",\"players\":[\"Ina\",\"Sami\",\"Tom\"],\"race\":1}"
                                   : "{\"game\":\"calavera\",\"players\":[\"Ina\",\"Sami\",\"Tom\"]}",
                            &error);
  g_assert_no_error (error);
  return session;
}

static void
fixture_set_up_kind (Fixture    *fixture,
                     const char *kind)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *db = NULL;

  fixture->dir = g_dir_make_tmp ("dicepad-server-XXXXXX", &error);
  g_assert_no_error (error);
  db = g_build_filename (fixture->dir, "games.db", NULL);
  fixture->store = dp_store_open (db, &error);
  g_assert_no_error (error);
  fixture->session = new_session (fixture->store, kind);
  g_signal_connect (fixture->session, "changed", G_CALLBACK (changed_cb), fixture);
  fixture->server = dp_table_server_new (fixture->session, NULL);
  g_signal_connect (fixture->server, "entry-stored", G_CALLBACK (entry_stored_cb), fixture);
  /* 127.0.0.1 only: nothing in the tests is reachable from another machine. */
  g_assert_true (dp_table_server_start (fixture->server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  fixture->url = dp_table_server_dup_url (fixture->server);
  fixture->http = phone_http_session_new ();
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture_set_up_kind (fixture, "calavera");
}

static void
fixture_set_up_cubitos (Fixture       *fixture,
                        gconstpointer  data)
{
  fixture_set_up_kind (fixture, "cubitos");
}

static void
remove_tree (const char *dir)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (dir);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->server);
  g_clear_object (&fixture->session);
  g_clear_object (&fixture->store);
  g_clear_object (&fixture->http);
  remove_tree (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->url);
  g_free (fixture->stored_text);
}

/* Opens a WebSocket to @url + "ws"; NULL with @error when the handshake fails. */
static SoupWebsocketConnection *
open_socket (Fixture     *fixture,
             const char  *url,
             GError     **error)
{
  return phone_open_socket (fixture->http, url, error);
}

static Phone *
phone_new (Fixture *fixture)
{
  return phone_connect (fixture->http, fixture->url);
}

/* A phone that said hello and sat down at @seat. */
static Phone *
phone_seated (Fixture *fixture,
              guint    seat)
{
  return phone_connect_seated (fixture->http, fixture->url, seat);
}

static const CvGame *
calavera (Fixture *fixture)
{
  return cv_game_from_dp_const (dp_session_get_game (fixture->session));
}

static guint
stored_actions (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) actions = dp_store_get_actions (fixture->store, dp_session_get_id (fixture->session), NULL, &error);

  g_assert_no_error (error);
  return actions->len;
}

typedef struct
{
  gboolean done;
  GBytes  *body;
  GError  *error;
} Read;

static void
read_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  Read *read = user_data;

  read->body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, &read->error);
  read->done = TRUE;
}

/* The server runs on this thread's main loop: ask without blocking it. */
static GBytes *
send_and_read (Fixture      *fixture,
               SoupMessage  *msg,
               GError      **error)
{
  Read read = { FALSE, NULL, NULL };

  soup_session_send_and_read_async (fixture->http, msg, G_PRIORITY_DEFAULT, NULL, read_cb, &read);
  g_assert_true (iterate_until (&read.done));
  if (read.error != NULL)
    g_propagate_error (error, read.error);
  return read.body;
}

static guint
http_get (Fixture    *fixture,
          const char *method,
          const char *url,
          const char *accept_language,
          char      **body_out)
{
  g_autoptr(SoupMessage) msg = soup_message_new (method, url);
  g_autoptr(GBytes) body = NULL;
  g_autoptr(GError) error = NULL;

  if (accept_language != NULL)
    soup_message_headers_replace (soup_message_get_request_headers (msg), "Accept-Language", accept_language);
  if (g_str_equal (method, "POST"))
    {
      g_autoptr(GBytes) payload = g_bytes_new_static ("xxxxxxxx", 8);
      soup_message_set_request_body_from_bytes (msg, "text/plain", payload);
    }
  body = send_and_read (fixture, msg, &error);
  g_assert_no_error (error);
  if (body_out != NULL)
    *body_out = g_strndup (g_bytes_get_data (body, NULL), g_bytes_get_size (body));
  return soup_message_get_status (msg);
}

static JsonArray *
choices_of (JsonObject *state)
{
  return json_object_get_array_member (state, "choices");
}

/* The action text of the enabled choice whose action contains @needle. */
static const char *
find_choice (JsonObject *state,
             const char *needle)
{
  JsonArray *choices = choices_of (state);

  for (guint i = 0; i < json_array_get_length (choices); i++)
    {
      JsonObject *choice = json_array_get_object_element (choices, i);
      if (json_object_get_boolean_member (choice, "enabled")
          && strstr (json_object_get_string_member (choice, "action"), needle) != NULL)
        return json_object_get_string_member (choice, "action");
    }
  return NULL;
}

/* ---- Join ---- */

/* "nothing but the game is served": only the page at the token's address; the browser's
 * language picks the page's language. */
static void
test_join (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *page_de = NULL;
  g_autofree char *page_fr = NULL;
  g_autofree char *page_en = NULL;
  g_autofree char *root = g_strdup_printf ("http://127.0.0.1:%u/", dp_table_server_get_port (fixture->server));
  g_autofree char *js = g_strconcat (fixture->url, "app.js", NULL);
  g_autofree char *other = g_strconcat (fixture->url, "../../etc/passwd", NULL);
  g_autofree char *wrong = g_strdup_printf ("http://127.0.0.1:%u/t/00000000000000000000000000000000/",
                                            dp_table_server_get_port (fixture->server));

  g_assert_cmpuint (http_get (fixture, "GET", fixture->url, "de-DE,de;q=0.9,en;q=0.5", &page_de), ==, 200);
  g_assert_nonnull (strstr (page_de, "<html lang=\"de\">"));
  g_assert_nonnull (strstr (page_de, "Dicepad am Tisch"));
  g_assert_cmpuint (http_get (fixture, "GET", fixture->url, "fr-CH, fr;q=0.9", &page_fr), ==, 200);
  g_assert_nonnull (strstr (page_fr, "<html lang=\"fr\">"));
  g_assert_null (strstr (page_fr, "@@"));
  g_assert_cmpuint (http_get (fixture, "GET", fixture->url, "es, it", &page_en), ==, 200);
  g_assert_nonnull (strstr (page_en, "Dicepad at the table"));
  g_assert_cmpuint (http_get (fixture, "GET", js, NULL, NULL), ==, 200);

  g_assert_cmpuint (http_get (fixture, "GET", root, NULL, NULL), ==, 404);
  g_assert_cmpuint (http_get (fixture, "GET", wrong, NULL, NULL), ==, 404);
  g_assert_cmpuint (http_get (fixture, "GET", other, NULL, NULL), ==, 404);
  /* Nothing is written over HTTP: the phones speak over the WebSocket only. */
  g_assert_cmpuint (http_get (fixture, "POST", fixture->url, NULL, NULL), ==, 405);
}

/* ---- Seats ---- */

/* "a second phone claiming a taken seat is refused unless the window frees the seat" */
static void
test_seat (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(Phone) ina = phone_seated (fixture, 0);
  g_autoptr(Phone) other = phone_new (fixture);
  g_autoptr(JsonObject) refused = NULL;
  g_autoptr(JsonObject) seated = NULL;
  g_autoptr(JsonObject) state = NULL;
  JsonArray *seats;

  phone_send (other, "{\"type\":\"hello\",\"lang\":\"en\"}");
  state = phone_wait (other, "state");
  g_assert_cmpint (json_object_get_int_member (state, "seat"), ==, -1);
  seats = json_object_get_array_member (state, "seats");
  g_assert_cmpuint (json_array_get_length (seats), ==, 3);
  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (seats, 0), "taken"));
  g_assert_false (json_object_get_boolean_member (json_array_get_object_element (seats, 1), "taken"));

  phone_send (other, "{\"type\":\"claim\",\"seat\":0}");
  refused = phone_wait (other, "refused");
  g_assert_cmpstr (json_object_get_string_member (refused, "code"), ==, "taken");
  g_assert_true (dp_table_server_seat_is_taken (fixture->server, 0));

  /* The window frees the seat: the first phone loses it, the second may take it. */
  dp_table_server_free_seat (fixture->server, 0);
  g_clear_pointer (&state, json_object_unref);
  state = phone_wait_seat (ina, -1, 0);
  g_assert_false (json_object_get_boolean_member (json_array_get_object_element (json_object_get_array_member (state, "seats"), 0), "taken"));
  phone_send (other, "{\"type\":\"claim\",\"seat\":0}");
  seated = phone_wait (other, "seated");
  g_assert_cmpint (json_object_get_int_member (seated, "seat"), ==, 0);
  g_assert_cmpstr (json_object_get_string_member (seated, "token"), !=, ina->seat_token);
}

/* ---- Legal-only actions ---- */

/* Each phone gets controls for exactly its seat's legal actions, and may act only for
 * its own seat; "the window must see phone actions". */
static void
test_legal_only (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(Phone) ina = phone_seated (fixture, 0);
  g_autoptr(Phone) sami = phone_seated (fixture, 1);
  g_autoptr(JsonObject) ina_state = NULL;
  g_autoptr(JsonObject) sami_state = NULL;
  g_autoptr(JsonObject) refused = NULL;

  ina_state = phone_wait_seat (ina, 0, 0);
  g_assert_cmpint (json_object_get_int_member (ina_state, "seat"), ==, 0);

  /* Ina rolls first (calavera-rules: the first player starts): her phone has the dice
   * entry, Sami's has nothing to enter. */
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (ina_state, "entry"), "mode"), ==, "roll");
  sami_state = phone_wait_seat (sami, 1, 0);
  g_assert_true (json_object_get_null_member (sami_state, "entry"));
  g_assert_cmpuint (json_array_get_length (choices_of (sami_state)), ==, 0);

  /* Sami cannot roll for Ina: the engine's reason, nothing stored. */
  phone_send (sami, "{\"type\":\"action\",\"at\":0,\"action\":{\"roll\":[\"orange\",\"orange\",\"green\",\"pink\",\"skull\",\"skull\"]}}");
  g_clear_pointer (&refused, json_object_unref);
  refused = phone_wait (sami, "refused");
  g_assert_cmpstr (json_object_get_string_member (refused, "code"), ==, "illegal");
  g_assert_cmpstr (json_object_get_string_member (refused, "message"), !=, "");
  /* Nor name another player in the action. */
  phone_send (sami, "{\"type\":\"action\",\"at\":0,\"action\":{\"roll\":[\"orange\",\"orange\",\"green\",\"pink\",\"skull\",\"skull\"],\"player\":\"Ina\"}}");
  g_clear_pointer (&refused, json_object_unref);
  refused = phone_wait (sami, "refused");
  g_assert_nonnull (strstr (json_object_get_string_member (refused, "message"), "own seat"));
  g_assert_cmpuint (stored_actions (fixture), ==, 0);
  g_assert_cmpuint (fixture->n_changed, ==, 0);

  /* Ina's roll is stored, the window's session announces it, every phone sees it. */
  phone_send (ina, "{\"type\":\"action\",\"at\":0,\"action\":{\"roll\":[\"orange\",\"orange\",\"green\",\"pink\",\"skull\",\"skull\"]}}");
  g_clear_pointer (&ina_state, json_object_unref);
  ina_state = phone_wait_state_at (ina, 1);
  g_clear_pointer (&sami_state, json_object_unref);
  sami_state = phone_wait_state_at (sami, 1);
  g_assert_cmpuint (stored_actions (fixture), ==, 1);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  /* The window is told what the phone entered, in its toast's words (one short line,
   * wpolish item 1: the dice are on the table). */
  g_assert_cmpstr (fixture->stored_text, ==, "0 Ina rolled (phone)");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (ina_state, "dice")), ==, 6);
  /* Her choices are the window's: "Take orange" enabled with a preview, a colour not
   * rolled disabled with the reason. */
  g_assert_nonnull (find_choice (ina_state, "\"take\":\"orange\""));
  g_assert_null (find_choice (ina_state, "\"take\":\"black\""));
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (ina_state, "entry"), "mode"), ==, "reroll");
}

/* ---- Stale and illegal actions; parallel marks ---- */

/* "an action carries the log position it was made at": a resend is refused as stale and
 * nothing is doubled; two opponents marking at once after skulls (calavera-rules: the
 * other players then mark at the same time) are both applied in arrival order. */
static void
test_stale_and_parallel (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(Phone) ina = phone_seated (fixture, 0);
  g_autoptr(Phone) sami = phone_seated (fixture, 1);
  g_autoptr(Phone) tom = phone_seated (fixture, 2);
  g_autoptr(JsonObject) state = NULL;
  g_autoptr(JsonObject) refused = NULL;
  const char *roll = "{\"type\":\"action\",\"at\":0,\"action\":{\"roll\":[\"orange\",\"orange\",\"green\",\"pink\",\"skull\",\"skull\"]}}";
  g_autofree char *sami_take = NULL;
  g_autofree char *tom_take = NULL;

  phone_send (ina, roll);
  state = phone_wait_state_at (ina, 1);
  /* The same entry again (a phone that did not see its answer): refused, not doubled. */
  phone_send (ina, roll);
  refused = phone_wait (ina, "refused");
  g_assert_cmpstr (json_object_get_string_member (refused, "code"), ==, "stale");
  g_assert_cmpuint (stored_actions (fixture), ==, 1);
  /* A position from the future (the window undid it) is stale too. */
  phone_send (ina, "{\"type\":\"action\",\"at\":7,\"action\":{\"take\":\"orange\"}}");
  g_clear_pointer (&refused, json_object_unref);
  refused = phone_wait (ina, "refused");
  g_assert_cmpstr (json_object_get_string_member (refused, "code"), ==, "stale");
  /* An illegal one: black was not rolled. */
  phone_send (ina, "{\"type\":\"action\",\"at\":1,\"action\":{\"take\":\"black\"}}");
  g_clear_pointer (&refused, json_object_unref);
  refused = phone_wait (ina, "refused");
  g_assert_cmpstr (json_object_get_string_member (refused, "code"), ==, "illegal");
  g_assert_cmpuint (stored_actions (fixture), ==, 1);

  phone_send (ina, "{\"type\":\"action\",\"at\":1,\"action\":{\"take\":\"orange\"}}");
  g_clear_pointer (&state, json_object_unref);
  state = phone_wait_state_at (sami, 2);
  sami_take = g_strdup (find_choice (state, "\"take\":\"green\""));
  g_assert_nonnull (sami_take);
  g_clear_pointer (&state, json_object_unref);
  state = phone_wait_state_at (tom, 2);
  tom_take = g_strdup (find_choice (state, "\"take\":\"pink\""));
  g_assert_nonnull (tom_take);

  /* Both made at position 2, sent at once. */
  {
    g_autofree char *a = g_strdup_printf ("{\"type\":\"action\",\"at\":2,\"action\":%s}", sami_take);
    g_autofree char *b = g_strdup_printf ("{\"type\":\"action\",\"at\":2,\"action\":%s}", tom_take);
    phone_send (sami, a);
    phone_send (tom, b);
  }
  g_clear_pointer (&state, json_object_unref);
  state = phone_wait_state_at (ina, 4);
  g_assert_cmpuint (stored_actions (fixture), ==, 4);
  /* Each mark once, on the right sheet; then Sami's turn. */
  g_assert_cmpuint (cv_game_get_crosses (calavera (fixture), 0, CV_FACE_ORANGE), ==, 2);
  g_assert_cmpuint (cv_game_get_crosses (calavera (fixture), 1, CV_FACE_GREEN), ==, 1);
  g_assert_cmpuint (cv_game_get_crosses (calavera (fixture), 2, CV_FACE_PINK), ==, 1);
  g_assert_cmpuint (cv_game_get_roller (calavera (fixture)), ==, 1);

  /* Undo stays on the window: after it every phone gets the state again. */
  g_assert_true (dp_session_undo (fixture->session, NULL));
  g_clear_pointer (&state, json_object_unref);
  state = phone_wait_state_at (tom, 3);
}

/* ---- Reconnect ---- */

/* "a phone locks or loses Wi-Fi and comes back to its seat with its state; the app is
 * closed and reopened and phones reconnect to the resumed game" */
static void
test_reconnect (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(Phone) first = phone_seated (fixture, 1);
  g_autofree char *token = g_strdup (first->seat_token);
  g_autofree char *hello = g_strdup_printf ("{\"type\":\"hello\",\"lang\":\"en\",\"seat_token\":\"%s\"}", token);
  g_autoptr(JsonObject) state = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *url_again = NULL;
  g_autofree char *id = g_strdup (dp_session_get_id (fixture->session));
  guint port = dp_table_server_get_port (fixture->server);

  g_clear_pointer (&first, phone_free);
  {
    g_autoptr(Phone) back = phone_new (fixture);
    g_autoptr(JsonObject) seated = NULL;

    phone_send (back, hello);
    seated = phone_wait (back, "seated");
    g_assert_cmpint (json_object_get_int_member (seated, "seat"), ==, 1);
    state = phone_wait (back, "state");
    g_assert_cmpint (json_object_get_int_member (state, "seat"), ==, 1);
  }

  /* The app is closed (server and session gone) and opened again on the same database. */
  dp_table_server_stop (fixture->server);
  g_clear_object (&fixture->server);
  g_clear_object (&fixture->session);
  fixture->session = dp_session_load (fixture->store, id, &error);
  g_assert_no_error (error);
  fixture->server = dp_table_server_new (fixture->session, NULL);
  g_assert_true (dp_table_server_start (fixture->server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  url_again = dp_table_server_dup_url (fixture->server);
  /* The same address (token and port), so the page the phone has open still works. */
  g_assert_cmpstr (url_again, ==, fixture->url);
  g_assert_cmpuint (dp_table_server_get_port (fixture->server), ==, port);
  g_assert_true (dp_table_server_seat_is_taken (fixture->server, 1));
  {
    g_autoptr(Phone) back = phone_new (fixture);
    g_autoptr(JsonObject) seated = NULL;

    phone_send (back, hello);
    seated = phone_wait (back, "seated");
    g_assert_cmpint (json_object_get_int_member (seated, "seat"), ==, 1);
  }
}

/* ---- Limits ---- */

static void
test_limits (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(Phone) a = NULL;
  g_autoptr(Phone) b = NULL;
  g_autoptr(Phone) c = NULL;
  g_autofree char *huge = NULL;

  /* Connections: beyond the limit a phone is told the table is full (4013). */
  dp_table_server_set_limits (fixture->server, 2, 0);
  a = phone_new (fixture);
  b = phone_new (fixture);
  c = phone_new (fixture);
  phone_wait_closed (c);
  g_assert_cmpuint (c->close_code, ==, 4013);
  g_assert_cmpuint (dp_table_server_get_n_connections (fixture->server), ==, 2);

  /* Rate: a phone flooding messages is cut off (policy violation). */
  dp_table_server_set_limits (fixture->server, 0, 2);
  for (guint i = 0; i < 20; i++)
    phone_send (a, "{\"type\":\"hello\",\"lang\":\"en\"}");
  phone_wait_closed (a);
  g_assert_cmpuint (a->close_code, ==, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);

  /* Size: one message over 16 KiB closes the connection (libsoup drops it at once). */
  huge = g_strnfill (DP_TABLE_SERVER_MAX_MESSAGE + 1, 'x');
  phone_send (b, huge);
  phone_wait_closed (b);
  g_assert_cmpuint (b->close_code, !=, SOUP_WEBSOCKET_CLOSE_NORMAL);
  g_assert_cmpuint (stored_actions (fixture), ==, 0);
}

/* ---- Wrong tokens, switching off ---- */

static void
test_wrong_token (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *wrong = g_strdup_printf ("http://127.0.0.1:%u/t/0123456789abcdef0123456789abcdef/",
                                            dp_table_server_get_port (fixture->server));
  g_autoptr(SoupWebsocketConnection) ws = open_socket (fixture, wrong, &error);
  g_autoptr(Phone) phone = phone_new (fixture);
  g_autoptr(JsonObject) refused = NULL;
  g_autoptr(JsonObject) state = NULL;

  /* Another game token: no WebSocket at all. */
  g_assert_null (ws);
  g_assert_nonnull (error);

  /* A seat token nobody was given: no seat, and the phone is told to pick again. */
  phone_send (phone, "{\"type\":\"hello\",\"lang\":\"de\",\"seat_token\":\"0123456789abcdef0123456789abcdef\"}");
  refused = phone_wait (phone, "refused");
  g_assert_cmpstr (json_object_get_string_member (refused, "code"), ==, "token");
  state = phone_wait (phone, "state");
  g_assert_cmpint (json_object_get_int_member (state, "seat"), ==, -1);
  /* Without a seat, nothing can be entered. */
  phone_send (phone, "{\"type\":\"action\",\"at\":0,\"action\":{\"roll\":[\"orange\",\"orange\",\"green\",\"pink\",\"skull\",\"skull\"]}}");
  g_clear_pointer (&refused, json_object_unref);
  refused = phone_wait (phone, "refused");
  g_assert_cmpstr (json_object_get_string_member (refused, "code"), ==, "seat");
  g_assert_cmpuint (stored_actions (fixture), ==, 0);
}

/* Hostile messages: wrong types everywhere are refused as malformed, nothing is stored,
 * the server goes on (issue 18: "request size, rate and connection limits"; house rule:
 * no assertion on user input). */
static void
test_hostile (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(Phone) phone = phone_seated (fixture, 0);
  const char *messages[] = {
    "{\"type\":5}",
    "{\"type\":null}",
    "[1,2,3]",
    "not json",
    "{\"type\":\"hello\",\"lang\":7,\"seat_token\":[]}",
    "{\"type\":\"claim\",\"seat\":\"1\"}",
    "{\"type\":\"action\",\"at\":\"0\",\"action\":[]}",
    "{\"type\":\"action\",\"at\":0,\"action\":{\"roll\":\"orange\",\"player\":5}}",
    "{\"type\":\"action\",\"at\":0}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (messages); i++)
    {
      g_autoptr(JsonObject) answer = NULL;

      phone_send (phone, messages[i]);
      answer = phone_wait (phone, i == 4 ? "state" : "refused");
    }
  g_assert_cmpuint (stored_actions (fixture), ==, 0);
  g_assert_true (dp_table_server_is_running (fixture->server));
}

/* "listening only while switched on; switching off closes every connection" */
static void
test_switch_off (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(Phone) phone = phone_seated (fixture, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(SoupMessage) msg = soup_message_new ("GET", fixture->url);
  g_autoptr(GBytes) body = NULL;

  dp_table_server_stop (fixture->server);
  g_assert_false (dp_table_server_is_running (fixture->server));
  phone_wait_closed (phone);
  body = send_and_read (fixture, msg, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED);
}

/* ---- Languages ---- */

/* "de/en/fr picked by the browser's language": two phones in two languages at once get
 * the window's sentences each in their own, and the process (the window) keeps its own. */
static void
test_languages (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(Phone) de = phone_new (fixture);
  g_autoptr(Phone) fr = phone_new (fixture);
  g_autoptr(JsonObject) de_state = NULL;
  g_autoptr(JsonObject) fr_state = NULL;
  g_autoptr(JsonObject) refused = NULL;

  phone_send (de, "{\"type\":\"hello\",\"lang\":\"de\"}");
  phone_send (fr, "{\"type\":\"hello\",\"lang\":\"fr\"}");
  de_state = phone_wait (de, "state");
  fr_state = phone_wait (fr, "state");
  /* calavera-rules-de: „Calavera — Runde 1“ */
  g_assert_cmpstr (json_object_get_string_member (de_state, "title"), ==, "Calavera — Runde 1");
  g_assert_cmpstr (json_object_get_string_member (fr_state, "title"), ==, "Calavera — manche 1");
  g_assert_cmpstr (g_getenv ("LANGUAGE"), ==, "en");
  {
    g_autofree char *turn = cv_presenter_dup_round_text (calavera (fixture));
    g_assert_cmpstr (turn, ==, "Calavera — round 1");
  }
  /* A refusal in the phone's language too. */
  phone_send (de, "{\"type\":\"claim\",\"seat\":9}");
  refused = phone_wait (de, "refused");
  g_assert_cmpstr (json_object_get_string_member (refused, "message"), ==, "Diesen Platz gibt es an diesem Tisch nicht.");
}

/* ---- Cubitos: the roll section in parallel ---- */

/* cubitos-rules-de p. 7: "Alle Spieler führen die Würfelphase gleichzeitig aus" — every
 * phone rolls at once; both entries made at the same position are applied. (The first
 * refills, all the starting dice, were made by Dicepad as the race started: nothing to
 * decide, docs/cubitos-notes.md "Forced actions".) */
static void
test_cubitos_parallel (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(Phone) ina = phone_seated (fixture, 0);
  g_autoptr(Phone) sami = phone_seated (fixture, 1);
  g_autoptr(JsonObject) a = NULL;
  g_autoptr(JsonObject) b = NULL;
  JsonObject *entry;

  a = phone_wait_seat (ina, 0, 3);
  entry = json_object_get_object_member (a, "entry");
  g_assert_nonnull (entry);
  g_assert_cmpstr (json_object_get_string_member (entry, "mode"), ==, "cubitos-roll");
  g_assert_cmpuint (stored_actions (fixture), ==, 3);

  /* Both roll at position 3. */
  g_clear_pointer (&b, json_object_unref);
  b = phone_wait_seat (sami, 1, 3);
  phone_send (ina, "{\"type\":\"action\",\"at\":3,\"action\":{\"roll\":{\"light_grey\":{\"coin\":2}}}}");
  phone_send (sami, "{\"type\":\"action\",\"at\":3,\"action\":{\"roll\":{\"light_grey\":{\"coin\":1}}}}");
  g_clear_pointer (&b, json_object_unref);
  b = phone_wait_state_at (sami, 5);
  g_assert_cmpuint (stored_actions (fixture), ==, 5);
  /* Push or pass is now Sami's to choose, on his phone. */
  g_assert_nonnull (find_choice (b, "\"pass\":true"));
}

/* ---- Per-game views ---- */

/* Issue 23 item 2: "a per-game view interface … the phone's entry forms and choices that
 * both the window and the server ask". The server names no game: each game's forms,
 * their style and their labels reach the page from its view, and the state carries the
 * view's heading over the boards. */
static void
test_game_views (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(Phone) ina = phone_seated (fixture, 0);
  g_autoptr(JsonObject) state = phone_wait_seat (ina, 0, 3);
  g_autofree char *games_js_url = g_strconcat (fixture->url, "games.js", NULL);
  g_autofree char *games_css_url = g_strconcat (fixture->url, "games.css", NULL);
  g_autofree char *games_js = NULL;
  g_autofree char *games_css = NULL;
  g_autofree char *page_de = NULL;

  /* Every game's forms, whichever game is served: Cubitos' roll, Calavera's re-roll. */
  g_assert_cmpuint (http_get (fixture, "GET", games_js_url, NULL, &games_js), ==, 200);
  g_assert_nonnull (strstr (games_js, "dicepadEntryForms[\"cubitos-roll\"] ="));
  g_assert_nonnull (strstr (games_js, "dicepadEntryForms.refill ="));
  g_assert_nonnull (strstr (games_js, "dicepadEntryForms.reroll ="));
  g_assert_cmpuint (http_get (fixture, "GET", games_css_url, NULL, &games_css), ==, 200);
  g_assert_nonnull (strstr (games_css, ".orange {"));
  /* Issue 23 (item 3 of the taps task): the team boards' areas and the shop are drawn by
   * the Cubitos view's script and style, not by the server's page. */
  g_assert_nonnull (strstr (games_js, "dicepadViews.cubitos ="));
  g_assert_nonnull (strstr (games_css, ".cdie {"));
  g_assert_nonnull (strstr (games_css, ".card-row {"));
  {
    g_autofree char *app_js_url = g_strconcat (fixture->url, "app.js", NULL);
    g_autofree char *style_url = g_strconcat (fixture->url, "style.css", NULL);
    g_autofree char *app_js = NULL;
    g_autofree char *style = NULL;

    g_assert_cmpuint (http_get (fixture, "GET", app_js_url, NULL, &app_js), ==, 200);
    g_assert_cmpuint (http_get (fixture, "GET", style_url, NULL, &style), ==, 200);
    g_assert_null (strstr (app_js, "shop"));
    g_assert_null (strstr (app_js, "areas"));
    g_assert_null (strstr (app_js, "top_dog"));
    g_assert_null (strstr (style, ".cdie"));
    g_assert_null (strstr (style, ".card-row"));
  }

  /* Their labels in the phone's language (cubitos-rules-de: „rote Linien“). */
  g_assert_cmpuint (http_get (fixture, "GET", fixture->url, "de", &page_de), ==, 200);
  g_assert_nonnull (strstr (page_de, "<span data-key=\"red_lines\">Rote Linien</span>"));
  g_assert_nonnull (strstr (page_de, "<span data-key=\"refill\">Bereitschaft nachfüllen</span>"));
  g_assert_null (strstr (page_de, "@@"));

  /* The view's own heading over the boards, and its roll form. */
  g_assert_cmpstr (json_object_get_string_member (state, "sheets_title"), ==, "Team boards");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (state, "entry"), "mode"),
                   ==, "cubitos-roll");
}

/* ---- Availability and limits (issue 24) ---- */

static gboolean
timeout_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

/* A raw TCP client, for what libsoup's client never sends: half requests, fragments,
 * bodies on upgrades, other source addresses. Non-blocking: the server runs on this
 * thread's main loop. */
typedef struct
{
  GSocket *socket;
  GString *read;
  gboolean closed;
} Raw;

static void
raw_free (Raw *raw)
{
  g_socket_close (raw->socket, NULL);
  g_object_unref (raw->socket);
  g_string_free (raw->read, TRUE);
  g_free (raw);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Raw, raw_free)

/* Connects from @from (NULL: 127.0.0.1) to the server. */
static Raw *
raw_connect (Fixture    *fixture,
             const char *from)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocketAddress) server = g_inet_socket_address_new_from_string ("127.0.0.1", dp_table_server_get_port (fixture->server));
  Raw *raw = g_new0 (Raw, 1);

  raw->read = g_string_new (NULL);
  raw->socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, &error);
  g_assert_no_error (error);
  if (from != NULL)
    {
      g_autoptr(GSocketAddress) local = g_inet_socket_address_new_from_string (from, 0);
      g_assert_true (g_socket_bind (raw->socket, local, FALSE, &error));
    }
  /* Loopback: the kernel completes the handshake without the server's accept(). */
  g_assert_true (g_socket_connect (raw->socket, server, NULL, &error));
  g_assert_no_error (error);
  g_socket_set_blocking (raw->socket, FALSE);
  return raw;
}

static void
raw_send (Raw          *raw,
          const void   *data,
          gsize         size)
{
  gsize sent = 0;

  while (sent < size)
    {
      g_autoptr(GError) error = NULL;
      gssize n = g_socket_send (raw->socket, (const char *) data + sent, size - sent, NULL, &error);

      if (n > 0)
        sent += (gsize) n;
      else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        g_main_context_iteration (NULL, FALSE);
      else
        return;  /* the server closed: what is read tells */
    }
}

static gboolean
raw_ready_cb (GSocket      *socket,
              GIOCondition  condition,
              gpointer      user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Reads until @until was read (NULL: until the server closes) or the bounded wait is over;
 * TRUE when it was. */
static gboolean
raw_read (Raw        *raw,
          const char *until,
          guint       wait_ms)
{
  gint64 deadline = g_get_monotonic_time () + wait_ms * (gint64) 1000;

  while (!raw->closed && (until == NULL || strstr (raw->read->str, until) == NULL))
    {
      char buffer[4096];
      g_autoptr(GError) error = NULL;
      gssize n = g_socket_receive (raw->socket, buffer, sizeof buffer, NULL, &error);

      if (n > 0)
        g_string_append_len (raw->read, buffer, n);
      else if (n == 0 || !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        raw->closed = TRUE;
      else if (g_get_monotonic_time () > deadline)
        return FALSE;
      else
        {
          gboolean ready = FALSE, expired = FALSE;
          g_autoptr(GSource) source = g_socket_create_source (raw->socket, G_IO_IN | G_IO_HUP | G_IO_ERR, NULL);
          guint id = g_timeout_add (50, timeout_cb, &expired);

          g_source_set_callback (source, G_SOURCE_FUNC (raw_ready_cb), &ready, NULL);
          g_source_attach (source, NULL);
          while (!ready && !expired)
            g_main_context_iteration (NULL, TRUE);
          g_source_destroy (source);
          if (!expired)
            g_source_remove (id);
        }
    }
  return until == NULL || strstr (raw->read->str, until) != NULL;
}

/* The status code of the HTTP answer read so far (0: none). */
static guint
raw_status (Raw *raw)
{
  guint status = 0;

  if (sscanf (raw->read->str, "HTTP/1.1 %u", &status) != 1)
    return 0;
  return status;
}

static char *
authority (Fixture *fixture)
{
  return g_strdup_printf ("127.0.0.1:%u", dp_table_server_get_port (fixture->server));
}

/* A WebSocket handshake request for this game, with @extra header lines. */
static char *
upgrade_request (Fixture    *fixture,
                 const char *extra)
{
  g_autofree char *host = authority (fixture);
  const char *path = strstr (fixture->url, "/t/");

  return g_strdup_printf ("GET %sws HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n%s\r\n",
                          path, host, extra != NULL ? extra : "");
}

/* One client frame (masked with a zero key, so the payload stays as it is). */
static void
raw_frame (Raw        *raw,
           gboolean    fin,
           guint       opcode,
           const char *payload,
           gsize       size)
{
  guint8 header[14];
  gsize n = 0;

  header[n++] = (fin ? 0x80 : 0) | opcode;
  if (size < 126)
    header[n++] = 0x80 | (guint8) size;
  else
    {
      header[n++] = 0x80 | 126;
      header[n++] = (guint8) (size >> 8);
      header[n++] = (guint8) size;
    }
  memset (header + n, 0, 4);
  n += 4;
  raw_send (raw, header, n);
  raw_send (raw, payload, size);
}

static guint
count_descriptors (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* Issue 24, items 1 and 2: "every closed HTTP connection leaks a socket … after the
 * descriptors run out the server never accepts again". 2,000 connections opened and
 * closed in every way a client does (a page load read to the end, a 404 closed before
 * its answer, a connection closed without a request): the server's descriptors come
 * back to where they were, and it still serves the page. */
static void
test_connections_flat (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *host = authority (fixture);
  const char *path = strstr (fixture->url, "/t/");
  g_autofree char *page = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: %s\r\n\r\n", path, host);
  g_autofree char *missing = g_strdup_printf ("GET /nothing HTTP/1.1\r\nHost: %s\r\n\r\n", host);
  guint before;
  guint after = 0;
  g_autofree char *body = NULL;

  /* Inside the rate limit, as in the issue: only the leak can stop it. */
  dp_table_server_set_http_limits (fixture->server, 100000, 0, 0);
  g_assert_cmpuint (http_get (fixture, "GET", fixture->url, NULL, NULL), ==, SOUP_STATUS_OK);
  before = count_descriptors ();
  for (guint i = 0; i < 2000; i++)
    {
      g_autoptr(Raw) raw = raw_connect (fixture, NULL);

      if (i % 4 == 0)
        {
          raw_send (raw, page, strlen (page));
          g_assert_true (raw_read (raw, "</html>", PHONE_WAIT_SECONDS * 1000));
          g_assert_cmpuint (raw_status (raw), ==, 200);
        }
      else if (i % 4 == 1)
        {
          raw_send (raw, missing, strlen (missing));
          g_assert_true (raw_read (raw, "\r\n\r\n", PHONE_WAIT_SECONDS * 1000));
          g_assert_cmpuint (raw_status (raw), ==, 404);
        }
      else if (i % 4 == 2)
        raw_send (raw, missing, strlen (missing));
      /* else: connected and gone without a word */
      if (i % 100 == 0)
        while (g_main_context_iteration (NULL, FALSE))
          ;
    }
  /* Every closed connection is closed on the server's side too (bounded wait). */
  for (guint i = 0; i < 200 && (after = count_descriptors ()) > before + 2; i++)
    {
      gboolean expired = FALSE;
      g_timeout_add (20, timeout_cb, &expired);
      iterate_until (&expired);
    }
  g_test_message ("descriptors: %u before, %u after 2,000 connections", before, after);
  g_assert_cmpuint (after, <=, before + 2);
  g_assert_cmpuint (http_get (fixture, "GET", fixture->url, NULL, &body), ==, SOUP_STATUS_OK);
  g_assert_nonnull (strstr (body, "<html"));
}

/* Issue 24, item 2: "after the descriptors run out the server never accepts again".
 * The process runs out of descriptors while phones keep connecting; once some are free
 * again, the server accepts and serves as before. */
static void
test_out_of_descriptors (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(GSocketAddress) server = g_inet_socket_address_new_from_string ("127.0.0.1", dp_table_server_get_port (fixture->server));
  g_autoptr(GPtrArray) clients = g_ptr_array_new_with_free_func (g_object_unref);
  struct rlimit saved, low;
  gboolean expired = FALSE;

  g_assert_cmpint (getrlimit (RLIMIT_NOFILE, &saved), ==, 0);
  low = saved;
  low.rlim_cur = count_descriptors () + 8;
  g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &low), ==, 0);
  /* Connections the kernel completes while the server cannot take them: accept() fails. */
  for (guint i = 0; i < 64; i++)
    {
      GSocket *socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL);

      if (socket == NULL)
        break;
      g_ptr_array_add (clients, socket);
      if (!g_socket_connect (socket, server, NULL, NULL))
        break;
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  g_assert_cmpuint (clients->len, <, 64);
  g_timeout_add (100, timeout_cb, &expired);
  iterate_until (&expired);

  /* Descriptors are free again: the page loads. */
  g_ptr_array_set_size (clients, 0);
  g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &saved), ==, 0);
  g_assert_cmpuint (http_get (fixture, "GET", fixture->url, NULL, NULL), ==, SOUP_STATUS_OK);
}

/* Issue 24, item 3: "half-sent requests never time out". With a short timeout (the
 * default is DP_TABLE_SERVER_REQUEST_TIMEOUT_MS), a request that stops half-way and a
 * connection that never says anything are closed by the server; phones go on. */
static void
test_slow_request (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(Raw) half = NULL;
  g_autoptr(Raw) silent = NULL;
  g_autoptr(Phone) phone = NULL;
  g_autoptr(JsonObject) state = NULL;

  dp_table_server_set_http_limits (fixture->server, 0, 0, 300);
  half = raw_connect (fixture, NULL);
  silent = raw_connect (fixture, NULL);
  raw_send (half, "GET /t/", 7);
  /* A phone's socket is not an HTTP request: it stays past the timeout. */
  phone = phone_new (fixture);
  g_assert_true (raw_read (half, NULL, 5000));
  g_assert_true (raw_read (silent, NULL, 5000));
  phone_send (phone, "{\"type\":\"hello\",\"lang\":\"en\"}");
  state = phone_wait (phone, "state");
  g_assert_false (phone->closed);
}

/* Issue 24, item 4: "the 16 KiB message limit is bypassed by fragments". A message
 * split into small fragments is answered while it is small, and closed with 1009 once
 * its fragments add up to more than DP_TABLE_SERVER_MAX_MESSAGE — before it is read whole. */
static void
test_fragments (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *request = upgrade_request (fixture, NULL);
  g_autoptr(Raw) raw = raw_connect (fixture, NULL);
  g_autofree char *chunk = g_strnfill (1024, ' ');
  const char *hello = "{\"type\":\"hello\",\"lang\":\"en\"}";
  gsize sent = 0;

  raw_send (raw, request, strlen (request));
  g_assert_true (raw_read (raw, "\r\n\r\n", PHONE_WAIT_SECONDS * 1000));
  g_assert_cmpuint (raw_status (raw), ==, 101);
  g_string_truncate (raw->read, 0);

  /* Small, in three fragments: answered with the state. */
  raw_frame (raw, FALSE, 0x1, hello, 10);
  raw_frame (raw, FALSE, 0x0, hello + 10, 10);
  raw_frame (raw, TRUE, 0x0, hello + 20, strlen (hello) - 20);
  g_assert_true (raw_read (raw, "\"type\":\"state\"", PHONE_WAIT_SECONDS * 1000));
  g_string_truncate (raw->read, 0);

  /* Over the limit in 1 KiB fragments (JSON white space, so it would parse). */
  raw_frame (raw, FALSE, 0x1, "{", 1);
  sent = 1;
  while (sent <= DP_TABLE_SERVER_MAX_MESSAGE && !raw->closed)
    {
      raw_frame (raw, FALSE, 0x0, chunk, 1024);
      sent += 1024;
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  raw_frame (raw, TRUE, 0x0, "}", 1);
  g_assert_true (raw_read (raw, "\x88", PHONE_WAIT_SECONDS * 1000));
  raw_read (raw, NULL, 200);
  /* The close frame says why (1009, message too big), and nothing was answered. */
  g_assert_cmpuint (raw->read->len, >=, 4);
  g_assert_cmpuint ((guint8) raw->read->str[0], ==, 0x88);
  g_assert_cmpuint (((guint8) raw->read->str[2] << 8) | (guint8) raw->read->str[3], ==, SOUP_WEBSOCKET_CLOSE_TOO_BIG);
  g_assert_null (strstr (raw->read->str, "refused"));
}

/* Issue 24, item 5: "a phone that moved to another seat leaves its old connection still
 * acting for the old seat, even after someone else claimed it". */
static void
test_moved_seat (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(Phone) old = phone_seated (fixture, 0);
  g_autoptr(Phone) again = phone_new (fixture);
  g_autoptr(Phone) other = NULL;
  g_autofree char *hello = g_strdup_printf ("{\"type\":\"hello\",\"lang\":\"en\",\"seat_token\":\"%s\"}", old->seat_token);
  g_autoptr(JsonObject) seated = NULL;
  g_autoptr(JsonObject) refused = NULL;

  /* The same phone again (a second tab, a reconnect the old socket has not noticed). */
  phone_send (again, hello);
  seated = phone_wait (again, "seated");
  phone_send (again, "{\"type\":\"claim\",\"seat\":1}");
  g_clear_pointer (&seated, json_object_unref);
  seated = phone_wait (again, "seated");
  g_assert_cmpint (json_object_get_int_member (seated, "seat"), ==, 1);
  other = phone_seated (fixture, 0);

  /* The old connection acts for seat 0 (Ina's turn): not any more. */
  g_queue_clear_full (&old->messages, (GDestroyNotify) json_object_unref);
  phone_send (old, "{\"type\":\"action\",\"at\":0,\"action\":{\"roll\":[\"orange\",\"orange\",\"green\",\"pink\",\"skull\",\"skull\"]}}");
  refused = phone_wait (old, "refused");
  g_assert_cmpstr (json_object_get_string_member (refused, "code"), ==, "seat");
  g_assert_cmpuint (stored_actions (fixture), ==, 0);
}

/* Issue 24, item 6: "WebSocket upgrades skip the HTTP rate limit and the 'a request with
 * a body → 413' rule". */
static void
test_upgrade_limits (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *with_body = upgrade_request (fixture, "Content-Length: 5\r\n");
  g_autofree char *plain = upgrade_request (fixture, NULL);
  g_autoptr(Raw) raw = raw_connect (fixture, NULL);
  guint n_refused = 0;

  raw_send (raw, with_body, strlen (with_body));
  raw_send (raw, "hello", 5);
  g_assert_true (raw_read (raw, "\r\n\r\n", PHONE_WAIT_SECONDS * 1000));
  g_assert_cmpuint (raw_status (raw), ==, SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE);

  /* 2 requests a second, bursts of 4: the tenth upgrade in a row is refused. */
  dp_table_server_set_http_limits (fixture->server, 2, 0, 0);
  for (guint i = 0; i < 10; i++)
    {
      g_autoptr(Raw) upgrade = raw_connect (fixture, NULL);

      raw_send (upgrade, plain, strlen (plain));
      g_assert_true (raw_read (upgrade, "\r\n\r\n", PHONE_WAIT_SECONDS * 1000));
      if (raw_status (upgrade) == 429)
        n_refused++;
      else
        g_assert_cmpuint (raw_status (upgrade), ==, 101);
    }
  g_assert_cmpuint (n_refused, >=, 5);
}

/* Issue 24, item 7: "a flood from a client with no token blocked 19 of 20 page loads of
 * real phones. Limit per client address." The flood comes from 127.0.0.2. */
static void
test_rate_per_address (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *host = authority (fixture);
  g_autofree char *flood = g_strdup_printf ("GET /t/guess/ HTTP/1.1\r\nHost: %s\r\n\r\n", host);
  guint n_limited = 0;

  dp_table_server_set_http_limits (fixture->server, 5, 0, 0);
  for (guint i = 0; i < 40; i++)
    {
      g_autoptr(Raw) raw = raw_connect (fixture, "127.0.0.2");

      raw_send (raw, flood, strlen (flood));
      g_assert_true (raw_read (raw, "\r\n\r\n", PHONE_WAIT_SECONDS * 1000));
      n_limited += raw_status (raw) == 429;
    }
  g_assert_cmpuint (n_limited, >=, 20);
  /* The phones (127.0.0.1) still load the page. */
  for (guint i = 0; i < 5; i++)
    g_assert_cmpuint (http_get (fixture, "GET", fixture->url, NULL, NULL), ==, SOUP_STATUS_OK);

  /* Silent connections from one address: beyond DP_TABLE_SERVER_PENDING_PER_ADDRESS
   * they are closed at once, and the phones still load the page. */
  {
    g_autoptr(GPtrArray) silent = g_ptr_array_new_with_free_func ((GDestroyNotify) raw_free);
    guint n_closed = 0;

    for (guint i = 0; i < DP_TABLE_SERVER_PENDING_PER_ADDRESS + 4; i++)
      g_ptr_array_add (silent, raw_connect (fixture, "127.0.0.3"));
    for (guint i = 0; i < silent->len; i++)
      n_closed += raw_read (g_ptr_array_index (silent, i), NULL, 200);
    g_assert_cmpuint (n_closed, ==, 4);
    g_assert_cmpuint (http_get (fixture, "GET", fixture->url, NULL, NULL), ==, SOUP_STATUS_OK);
  }
}

/* Issue 24, item 8: "Origin and Host are not checked … the page's CSP allows sockets to
 * any host". */
static void
test_origin (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *host = authority (fixture);
  g_autofree char *own = g_strdup_printf ("Origin: http://%s\r\n", host);
  g_autofree char *foreign_upgrade = upgrade_request (fixture, "Origin: http://evil.example\r\n");
  g_autofree char *own_upgrade = upgrade_request (fixture, own);
  g_autofree char *rebound = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: evil.example:%u\r\n\r\n",
                                              strstr (fixture->url, "/t/"), dp_table_server_get_port (fixture->server));
  g_autoptr(Raw) a = raw_connect (fixture, NULL);
  g_autoptr(Raw) b = raw_connect (fixture, NULL);
  g_autoptr(Raw) c = raw_connect (fixture, NULL);
  g_autoptr(SoupMessage) msg = soup_message_new ("GET", fixture->url);
  g_autoptr(GBytes) body = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *socket_source = g_strdup_printf ("ws://%s%sws", host, strstr (fixture->url, "/t/"));
  const char *policy;

  /* A page of another origin that knows the address: no socket. */
  raw_send (a, foreign_upgrade, strlen (foreign_upgrade));
  g_assert_true (raw_read (a, "\r\n\r\n", PHONE_WAIT_SECONDS * 1000));
  g_assert_cmpuint (raw_status (a), ==, SOUP_STATUS_FORBIDDEN);
  /* The page's own origin: the socket. */
  raw_send (b, own_upgrade, strlen (own_upgrade));
  g_assert_true (raw_read (b, "\r\n\r\n", PHONE_WAIT_SECONDS * 1000));
  g_assert_cmpuint (raw_status (b), ==, 101);
  /* Another name for this address (DNS rebinding): refused. */
  raw_send (c, rebound, strlen (rebound));
  g_assert_true (raw_read (c, "\r\n\r\n", PHONE_WAIT_SECONDS * 1000));
  g_assert_cmpuint (raw_status (c), ==, SOUP_STATUS_FORBIDDEN);

  /* The page may open its own socket and no other. */
  body = send_and_read (fixture, msg, &error);
  g_assert_no_error (error);
  policy = soup_message_headers_get_one (soup_message_get_response_headers (msg), "Content-Security-Policy");
  g_assert_nonnull (strstr (policy, socket_source));
  g_assert_null (strstr (policy, " ws: "));
  g_assert_null (strstr (policy, "wss:"));
}

/* Issue 24, item 9: "a non-object action is refused as illegal instead of malformed". */
static void
test_action_not_object (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(Phone) phone = phone_seated (fixture, 0);
  const char *messages[] = {
    "{\"type\":\"action\",\"at\":0,\"action\":[]}",
    "{\"type\":\"action\",\"at\":0,\"action\":\"roll\"}",
    "{\"type\":\"action\",\"at\":0,\"action\":5}",
    "{\"type\":\"action\",\"at\":0,\"action\":null}",
    "{\"type\":\"action\",\"at\":0}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (messages); i++)
    {
      g_autoptr(JsonObject) refused = NULL;

      phone_send (phone, messages[i]);
      refused = phone_wait (phone, "refused");
      g_assert_cmpstr (json_object_get_string_member (refused, "code"), ==, "malformed");
    }
  g_assert_cmpuint (stored_actions (fixture), ==, 0);
}

/* Issue 27 item 1: the Cubitos turn assistant on the phone of the seat deciding to push
 * or pass, only while the window's switch is on (`show-assistant`, off by default).
 * Sami rolled 1 coin of 9 dice: 1 active die, not in danger — a push cannot bust (p. 8). */
static void
test_cubitos_assistant (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(Phone) sami = phone_seated (fixture, 1);
  g_autoptr(JsonObject) b = NULL;

  b = phone_wait_seat (sami, 1, 3);
  phone_send (sami, "{\"type\":\"action\",\"at\":3,\"action\":{\"roll\":{\"light_grey\":{\"coin\":1}}}}");
  g_clear_pointer (&b, json_object_unref);
  b = phone_wait_state_at (sami, 4);
  g_assert_nonnull (find_choice (b, "\"pass\":true"));
  /* off: the phone says nothing */
  g_assert_false (json_object_has_member (b, "assistant"));

  g_object_set (fixture->server, "assistant", TRUE, NULL);
  g_clear_pointer (&b, json_object_unref);
  b = phone_wait_state_at (sami, 4);
  g_assert_true (g_str_has_prefix (json_object_get_string_member (b, "assistant"),
                                   "Push: no risk of a bust — about +1 coin"));

  g_object_set (fixture->server, "assistant", FALSE, NULL);
  g_clear_pointer (&b, json_object_unref);
  b = phone_wait_state_at (sami, 4);
  g_assert_false (json_object_has_member (b, "assistant"));
}

/* Issue 27 item 2: the Calavera advice on the phone of the seat that acts, the window's
 * words ("First roll: … this roll", "… this turn"). The phone never builds the points
 * model (the window does, in a worker thread): until it is there the phone says nothing. */
static void
test_calavera_assistant (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(Phone) ina = phone_seated (fixture, 0);
  g_autoptr(JsonObject) state = phone_wait_seat (ina, 0, 0);
  CvOddsSheet empty;
  const char *text;

  cv_odds_sheet_init (&empty);
  g_assert_false (json_object_has_member (state, "assistant"));
  g_object_set (fixture->server, "assistant", TRUE, NULL);
  g_clear_pointer (&state, json_object_unref);
  state = phone_wait_state_at (ina, 0);
  g_assert_true (json_object_has_member (state, "assistant"));
  if (!cv_model_is_ready (2, &empty))
    g_assert_true (json_object_get_null_member (state, "assistant"));

  /* what the window's worker thread does: Ina, Sami and Tom, two others each */
  cv_model_get (2, &empty);
  g_object_set (fixture->server, "assistant", FALSE, NULL);
  g_clear_pointer (&state, json_object_unref);
  state = phone_wait_state_at (ina, 0);
  g_object_set (fixture->server, "assistant", TRUE, NULL);
  g_clear_pointer (&state, json_object_unref);
  state = phone_wait_state_at (ina, 0);
  text = json_object_get_string_member (state, "assistant");
  g_assert_nonnull (text);
  g_assert_true (g_str_has_prefix (text, "First roll: "));
  g_assert_nonnull (strstr (text, " curse risk this roll, "));
  g_assert_nonnull (strstr (text, "\nThis turn, following the advice: "));
  g_assert_nonnull (strstr (text, " curse risk this turn, "));
  g_assert_nonnull (strstr (text, " own turns left (estimated)."));
  g_object_set (fixture->server, "assistant", FALSE, NULL);
}

int
main (int    argc,
      char **argv)
{
  const char *po_dir = g_getenv ("DICEPAD_BUILD_PO_DIR");

  /* LANGUAGE picks the catalogue; any UTF-8 locale other than plain C will do. */
  if (setlocale (LC_ALL, "C.UTF-8") == NULL)
    setlocale (LC_ALL, "");
  if (po_dir != NULL)
    bindtextdomain (GETTEXT_PACKAGE, po_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_setenv ("LANGUAGE", "en", TRUE);
  dp_table_language_init ();
  /* GSETTINGS_SCHEMA_DIR holds our schemas only: GIO's GNOME proxy module would abort
   * without its own. Loopback needs no proxy. */
  g_setenv ("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);

  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add ("/server/join", Fixture, NULL, fixture_set_up, test_join, fixture_tear_down);
  g_test_add ("/server/calavera-assistant", Fixture, NULL, fixture_set_up, test_calavera_assistant, fixture_tear_down);
  g_test_add ("/server/seat", Fixture, NULL, fixture_set_up, test_seat, fixture_tear_down);
  g_test_add ("/server/legal-only", Fixture, NULL, fixture_set_up, test_legal_only, fixture_tear_down);
  g_test_add ("/server/stale-and-parallel", Fixture, NULL, fixture_set_up, test_stale_and_parallel, fixture_tear_down);
  g_test_add ("/server/reconnect", Fixture, NULL, fixture_set_up, test_reconnect, fixture_tear_down);
  g_test_add ("/server/limits", Fixture, NULL, fixture_set_up, test_limits, fixture_tear_down);
  g_test_add ("/server/wrong-token", Fixture, NULL, fixture_set_up, test_wrong_token, fixture_tear_down);
  g_test_add ("/server/hostile", Fixture, NULL, fixture_set_up, test_hostile, fixture_tear_down);
  g_test_add ("/server/switch-off", Fixture, NULL, fixture_set_up, test_switch_off, fixture_tear_down);
  g_test_add ("/server/languages", Fixture, NULL, fixture_set_up, test_languages, fixture_tear_down);
  g_test_add ("/server/cubitos-parallel", Fixture, NULL, fixture_set_up_cubitos, test_cubitos_parallel, fixture_tear_down);
  g_test_add ("/server/game-views", Fixture, NULL, fixture_set_up_cubitos, test_game_views, fixture_tear_down);
  g_test_add ("/server/connections-flat", Fixture, NULL, fixture_set_up, test_connections_flat, fixture_tear_down);
  g_test_add ("/server/out-of-descriptors", Fixture, NULL, fixture_set_up, test_out_of_descriptors, fixture_tear_down);
  g_test_add ("/server/slow-request", Fixture, NULL, fixture_set_up, test_slow_request, fixture_tear_down);
  g_test_add ("/server/fragments", Fixture, NULL, fixture_set_up, test_fragments, fixture_tear_down);
  g_test_add ("/server/moved-seat", Fixture, NULL, fixture_set_up, test_moved_seat, fixture_tear_down);
  g_test_add ("/server/upgrade-limits", Fixture, NULL, fixture_set_up, test_upgrade_limits, fixture_tear_down);
  g_test_add ("/server/rate-per-address", Fixture, NULL, fixture_set_up, test_rate_per_address, fixture_tear_down);
  g_test_add ("/server/origin", Fixture, NULL, fixture_set_up, test_origin, fixture_tear_down);
  g_test_add ("/server/action-not-object", Fixture, NULL, fixture_set_up, test_action_not_object, fixture_tear_down);
  g_test_add ("/server/cubitos-assistant", Fixture, NULL, fixture_set_up_cubitos, test_cubitos_assistant, fixture_tear_down);

  return g_test_run ();
}
