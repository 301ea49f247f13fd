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

#include "cv-game.h"
#include "cv-presenter.h"
#include "dp-table-server.h"
#include "dp-table-view.h"

#define WAIT_SECONDS 10

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

typedef struct
{
  SoupWebsocketConnection *ws;
  GQueue                   messages;  /* JsonObject* */
  gboolean                 closed;
  gushort                  close_code;
  char                    *seat_token;
} Phone;

/* ---- Helpers ---- */

static gboolean
timeout_cb (gpointer user_data)
{
  gboolean *expired = user_data;
  *expired = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until *@done or the bounded wait is over. */
static gboolean
iterate_until (const gboolean *done)
{
  gboolean expired = FALSE;
  guint id = g_timeout_add_seconds (WAIT_SECONDS, timeout_cb, &expired);

  while (!*done && !expired)
    g_main_context_iteration (NULL, TRUE);
  if (!expired)
    g_source_remove (id);
  return *done;
}

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
  {
    /* Direct connections: no system proxy settings in the test environment. */
    g_autoptr(GProxyResolver) direct = g_simple_proxy_resolver_new (NULL, NULL);
    fixture->http = soup_session_new_with_options ("proxy-resolver", direct, NULL);
  }
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

static void
phone_message_cb (SoupWebsocketConnection *ws,
                  int                      type,
                  GBytes                  *bytes,
                  gpointer                 user_data)
{
  Phone *phone = user_data;
  g_autoptr(JsonParser) parser = json_parser_new ();
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  g_assert_true (json_parser_load_from_data (parser, data, size, NULL));
  if (strstr (data, "\"refused\"") != NULL)
    g_test_message ("refused: %.*s", (int) size, data);
  g_queue_push_tail (&phone->messages, json_object_ref (json_node_get_object (json_parser_get_root (parser))));
}

static void
phone_closed_cb (SoupWebsocketConnection *ws,
                 gpointer                 user_data)
{
  Phone *phone = user_data;

  phone->closed = TRUE;
  phone->close_code = soup_websocket_connection_get_close_code (ws);
}

typedef struct
{
  gboolean                 done;
  SoupWebsocketConnection *ws;
  GError                  *error;
} Connect;

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Connect *connect = user_data;

  connect->ws = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &connect->error);
  connect->done = TRUE;
}

/* Opens a WebSocket to @url + "ws"; NULL with @error when the handshake fails. */
static SoupWebsocketConnection *
open_socket (Fixture     *fixture,
             const char  *url,
             GError     **error)
{
  g_autofree char *ws_url = g_strconcat (url, "ws", NULL);
  g_autoptr(SoupMessage) msg = soup_message_new ("GET", ws_url);
  Connect connect = { FALSE, NULL, NULL };

  soup_session_websocket_connect_async (fixture->http, msg, NULL, NULL, G_PRIORITY_DEFAULT,
                                        NULL, connected_cb, &connect);
  g_assert_true (iterate_until (&connect.done));
  if (connect.error != NULL)
    g_propagate_error (error, connect.error);
  return connect.ws;
}

static Phone *
phone_new (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  Phone *phone = g_new0 (Phone, 1);

  g_queue_init (&phone->messages);
  phone->ws = open_socket (fixture, fixture->url, &error);
  g_assert_no_error (error);
  g_signal_connect (phone->ws, "message", G_CALLBACK (phone_message_cb), phone);
  g_signal_connect (phone->ws, "closed", G_CALLBACK (phone_closed_cb), phone);
  return phone;
}

static void
phone_free (Phone *phone)
{
  g_signal_handlers_disconnect_by_data (phone->ws, phone);
  if (soup_websocket_connection_get_state (phone->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (phone->ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
  g_object_unref (phone->ws);
  g_queue_clear_full (&phone->messages, (GDestroyNotify) json_object_unref);
  g_free (phone->seat_token);
  g_free (phone);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Phone, phone_free)

static void
phone_send (Phone      *phone,
            const char *text)
{
  soup_websocket_connection_send_text (phone->ws, text);
}

static gboolean
has_message (Phone      *phone,
             const char *type)
{
  for (GList *l = phone->messages.head; l != NULL; l = l->next)
    if (g_strcmp0 (json_object_get_string_member (l->data, "type"), type) == 0)
      return TRUE;
  return FALSE;
}

/* The next message of @type (earlier ones of other types are dropped). */
static JsonObject *
phone_wait (Phone      *phone,
            const char *type)
{
  gboolean expired = FALSE;
  guint id = g_timeout_add_seconds (WAIT_SECONDS, timeout_cb, &expired);

  while (!has_message (phone, type) && !expired && !phone->closed)
    g_main_context_iteration (NULL, TRUE);
  if (!expired)
    g_source_remove (id);
  while (!g_queue_is_empty (&phone->messages))
    {
      JsonObject *message = g_queue_pop_head (&phone->messages);

      if (g_strcmp0 (json_object_get_string_member (message, "type"), type) == 0)
        return message;
      json_object_unref (message);
    }
  g_assert_not_reached ();
  return NULL;
}

/* Waits for the phone's state at log position @at. */
static JsonObject *
phone_wait_state_at (Phone *phone,
                     gint64 at)
{
  for (;;)
    {
      g_autoptr(JsonObject) state = phone_wait (phone, "state");

      if (json_object_get_int_member (state, "at") == at)
        return g_steal_pointer (&state);
    }
}

/* Waits for the phone's state as seat @seat at log position @at. */
static JsonObject *
phone_wait_seat (Phone *phone,
                 gint64 seat,
                 gint64 at)
{
  for (;;)
    {
      g_autoptr(JsonObject) state = phone_wait (phone, "state");

      if (json_object_get_int_member (state, "seat") == seat && json_object_get_int_member (state, "at") == at)
        return g_steal_pointer (&state);
    }
}

static void
phone_wait_closed (Phone *phone)
{
  g_assert_true (iterate_until (&phone->closed));
}

/* A phone that said hello and sat down at @seat. */
static Phone *
phone_seated (Fixture *fixture,
              guint    seat)
{
  Phone *phone = phone_new (fixture);
  g_autofree char *claim = g_strdup_printf ("{\"type\":\"claim\",\"seat\":%u}", seat);
  g_autoptr(JsonObject) seated = NULL;
  g_autoptr(JsonObject) state = NULL;

  phone_send (phone, "{\"type\":\"hello\",\"lang\":\"en\"}");
  g_clear_pointer (&state, json_object_unref);
  state = phone_wait (phone, "state");
  phone_send (phone, claim);
  seated = phone_wait (phone, "seated");
  g_assert_cmpint (json_object_get_int_member (seated, "seat"), ==, seat);
  phone->seat_token = g_strdup (json_object_get_string_member (seated, "token"));
  return phone;
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
  /* The window is told what the phone entered, in its toast's words. */
  g_assert_cmpstr (fixture->stored_text, ==, "0 Ina rolled ●O ●O ▲G ◆P ☠S ☠S");
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
                                   "Push: 0 % bust — if not, about +1 coin"));

  g_object_set (fixture->server, "assistant", FALSE, NULL);
  g_clear_pointer (&b, json_object_unref);
  b = phone_wait_state_at (sami, 4);
  g_assert_false (json_object_has_member (b, "assistant"));
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
  g_test_add ("/server/cubitos-assistant", Fixture, NULL, fixture_set_up_cubitos, test_cubitos_assistant, fixture_tear_down);

  return g_test_run ();
}
