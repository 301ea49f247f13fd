/* dp-table-server.c — phones at the table (docs/table-server.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libsoup/soup.h>
#include <string.h>
#include <sys/random.h>

#include "dp-game-view.h"
#include "dp-server-resources.h"
#include "dp-table-gate.h"
#include "dp-table-server.h"
#include "dp-table-view.h"
#include "dp-ws-limit-stream.h"

#define TOKEN_BYTES 16   /* 128 bits */
#define MAX_SEATS   4
#define RESOURCE    "/io/github/dicepad/Dicepad/server/page/"

/* The table is full (docs/table-server.md): a private-range close code, since libsoup's
 * own client refuses RFC 6455's 1013 as a protocol error. 429 is RFC 6585's. */
#define CLOSE_TRY_AGAIN_LATER    4013
#define STATUS_TOO_MANY_REQUESTS 429

typedef struct
{
  DpTableServer           *server;  /* not a reference: the server outlives its clients */
  SoupWebsocketConnection *ws;
  int                      seat;    /* -1 until the phone has a seat */
  const char              *lang;    /* static: "de", "en", "fr" */
  double                   budget;  /* messages it may still send (a token bucket) */
  gint64                   refilled;
} Client;

struct _DpTableServer
{
  GObject     parent_instance;

  DpSession  *session;
  gulong      changed_id;
  char       *state_path;
  char       *token;
  char       *seat_tokens[MAX_SEATS]; /* NULL: the seat is free */
  guint       last_port;

  SoupServer *soup;
  DpTableGate *gate;
  char       *host;
  guint       port;
  GPtrArray  *clients;                /* Client*, owned */
  GHashTable *views;                  /* "lang/seat" → JSON text of the current state */

  gboolean    assistant;              /* the phones show the turn assistant */

  guint       max_connections;
  guint       messages_per_sec;
  guint       requests_per_sec;
  guint       pending_per_address;
  guint       timeout_ms;
};

G_DEFINE_FINAL_TYPE (DpTableServer, dp_table_server, G_TYPE_OBJECT)
G_DEFINE_QUARK (dp-table-server-error-quark, dp_table_server_error)

enum {
  SEATS_CHANGED,
  ENTRY_STORED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static char *
random_token (void)
{
  guint8 bytes[TOKEN_BYTES];
  GString *hex = g_string_sized_new (2 * TOKEN_BYTES);

  /* getrandom() blocks only until the kernel's pool is seeded once after boot. */
  if (getrandom (bytes, sizeof bytes, 0) != sizeof bytes)
    for (guint i = 0; i < TOKEN_BYTES; i++)
      bytes[i] = (guint8) g_random_int ();
  for (guint i = 0; i < TOKEN_BYTES; i++)
    g_string_append_printf (hex, "%02x", bytes[i]);
  return g_string_free (hex, FALSE);
}

/* Compares without an early exit, so timing tells nothing about a guess. */
static gboolean
token_equal (const char *a,
             const char *b)
{
  gsize la, lb;
  guint8 diff = 0;

  if (a == NULL || b == NULL)
    return FALSE;
  la = strlen (a);
  lb = strlen (b);
  if (la != lb)
    return FALSE;
  for (gsize i = 0; i < la; i++)
    diff |= (guint8) (a[i] ^ b[i]);
  return diff == 0;
}

/* ---- Remembered state: game token, port, seat tokens ---- */

static void
load_state (DpTableServer *self)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  const char *group = dp_session_get_id (self->session);

  if (g_key_file_load_from_file (file, self->state_path, G_KEY_FILE_NONE, NULL))
    {
      g_autofree char *token = g_key_file_get_string (file, group, "token", NULL);

      if (token != NULL && strlen (token) == 2 * TOKEN_BYTES)
        {
          self->token = g_steal_pointer (&token);
          self->last_port = (guint) g_key_file_get_integer (file, group, "port", NULL);
          for (guint s = 0; s < MAX_SEATS; s++)
            {
              g_autofree char *key = g_strdup_printf ("seat%u", s);
              self->seat_tokens[s] = g_key_file_get_string (file, group, key, NULL);
            }
        }
    }
  if (self->token == NULL)
    self->token = random_token ();
}

static gboolean
save_state (DpTableServer  *self,
            GError        **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  const char *group = dp_session_get_id (self->session);

  /* Other games' tokens in the same file stay. */
  g_key_file_load_from_file (file, self->state_path, G_KEY_FILE_KEEP_COMMENTS, NULL);
  g_key_file_remove_group (file, group, NULL);
  g_key_file_set_string (file, group, "token", self->token);
  g_key_file_set_integer (file, group, "port", (int) self->port);
  for (guint s = 0; s < MAX_SEATS; s++)
    if (self->seat_tokens[s] != NULL)
      {
        g_autofree char *key = g_strdup_printf ("seat%u", s);
        g_key_file_set_string (file, group, key, self->seat_tokens[s]);
      }
  {
    gsize length;
    g_autofree char *data = g_key_file_to_data (file, &length, NULL);
    g_autoptr(GError) local = NULL;

    /* The tokens are secrets: only the user may read them. */
    if (!g_file_set_contents_full (self->state_path, data, length,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, &local))
      {
        g_set_error (error, DP_TABLE_SERVER_ERROR, DP_TABLE_SERVER_ERROR_STATE,
                     _("The phones’ seats could not be saved: %s"), local->message);
        return FALSE;
      }
  }
  return TRUE;
}

/* ---- Sending ---- */

static void
client_send (Client     *client,
             const char *text)
{
  if (soup_websocket_connection_get_state (client->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_send_text (client->ws, text);
}

static void
add_seats (DpTableServer *self,
           JsonObject    *view,
           int            seat)
{
  const DpGame *game = dp_session_get_game (self->session);
  JsonArray *seats = json_array_new ();

  for (guint s = 0; s < dp_game_get_n_players (game); s++)
    {
      JsonObject *object = json_object_new ();

      json_object_set_string_member (object, "name", dp_game_get_player_name (game, s));
      json_object_set_boolean_member (object, "taken", self->seat_tokens[s] != NULL);
      json_object_set_boolean_member (object, "yours", (int) s == seat);
      json_array_add_object_element (seats, object);
    }
  json_object_set_array_member (view, "seats", seats);
}

/* The current state for @client's seat and language, computed once per state. */
static const char *
view_text (DpTableServer *self,
           Client        *client)
{
  g_autofree char *key = g_strdup_printf ("%s/%d", client->lang, client->seat);
  const char *text = g_hash_table_lookup (self->views, key);

  if (text == NULL)
    {
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
      g_autoptr(JsonObject) view = NULL;
      DpLanguageSwitch sw;
      char *built;

      dp_table_language_push (&sw, client->lang);
      view = dp_table_view_build (dp_session_get_game (self->session), client->seat);
      if (self->assistant)
        dp_table_view_add_assistant (view, dp_session_get_game (self->session), client->seat);
      dp_table_language_pop (&sw);
      add_seats (self, view, client->seat);
      json_node_set_object (node, view);
      built = json_to_string (node, FALSE);
      g_hash_table_insert (self->views, g_steal_pointer (&key), built);
      text = built;
    }
  return text;
}

static void
send_state (DpTableServer *self,
            Client        *client)
{
  client_send (client, view_text (self, client));
}

static void
broadcast (DpTableServer *self)
{
  g_hash_table_remove_all (self->views);
  for (guint i = 0; i < self->clients->len; i++)
    send_state (self, g_ptr_array_index (self->clients, i));
}

static void
send_refused (DpTableServer *self,
              Client        *client,
              const char    *code,
              const char    *message)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, "refused");
  json_builder_set_member_name (builder, "code");
  json_builder_add_string_value (builder, code);
  json_builder_set_member_name (builder, "message");
  json_builder_add_string_value (builder, message);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  text = json_to_string (root, FALSE);
  client_send (client, text);
  send_state (self, client);
}

/* A translated sentence in @client's language. */
static char *
client_text (Client     *client,
             const char *msgid)
{
  DpLanguageSwitch sw;
  char *text;

  dp_table_language_push (&sw, client->lang);
  text = g_strdup (_(msgid));
  dp_table_language_pop (&sw);
  return text;
}

static void
send_seated (Client *client)
{
  DpTableServer *self = client->server;
  g_autofree char *text = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, "seated");
  json_builder_set_member_name (builder, "seat");
  json_builder_add_int_value (builder, client->seat);
  json_builder_set_member_name (builder, "token");
  json_builder_add_string_value (builder, self->seat_tokens[client->seat]);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  text = json_to_string (root, FALSE);
  client_send (client, text);
}

/* ---- What a phone asks for ---- */

/* @seat's token stops working, and every connection that held it (an older connection
 * of the same phone, too) loses the seat's rights (issue 24, item 5). */
static void
release_seat (DpTableServer *self,
              guint          seat)
{
  g_clear_pointer (&self->seat_tokens[seat], g_free);
  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *other = g_ptr_array_index (self->clients, i);
      if (other->seat == (int) seat)
        other->seat = -1;
    }
}

static void
handle_hello (Client     *client,
              JsonObject *message)
{
  DpTableServer *self = client->server;
  const char *seat_token = dp_table_json_get_string (message, "seat_token");

  client->lang = dp_table_check_language (dp_table_json_get_string (message, "lang"));
  client->seat = -1;
  if (seat_token != NULL && seat_token[0] != '\0')
    {
      for (guint s = 0; s < MAX_SEATS; s++)
        if (token_equal (self->seat_tokens[s], seat_token))
          client->seat = (int) s;
      if (client->seat < 0)
        {
          g_autofree char *text = client_text (client, N_("This phone’s seat was freed on the window. Pick your seat again."));
          send_refused (self, client, "token", text);
          return;
        }
      send_seated (client);
    }
  send_state (self, client);
}

static void
handle_claim (Client     *client,
              JsonObject *message)
{
  DpTableServer *self = client->server;
  gint64 seat = -1;
  g_autoptr(GError) error = NULL;

  if (!dp_table_json_get_int (message, "seat", &seat) || seat < 0 || seat >= dp_game_get_n_players (dp_session_get_game (self->session)))
    {
      g_autofree char *text = client_text (client, N_("There is no such seat at this table."));
      send_refused (self, client, "malformed", text);
      return;
    }
  if (self->seat_tokens[seat] != NULL)
    {
      g_autofree char *text = client_text (client, N_("Another phone already holds this seat. The window can free it."));
      send_refused (self, client, "taken", text);
      return;
    }
  if (client->seat >= 0)
    release_seat (self, (guint) client->seat);
  self->seat_tokens[seat] = random_token ();
  client->seat = (int) seat;
  if (!save_state (self, &error))
    g_warning ("%s", error->message);
  send_seated (client);
  g_hash_table_remove_all (self->views);
  g_signal_emit (self, signals[SEATS_CHANGED], 0);
  broadcast (self);
}

static void
handle_leave (Client *client)
{
  DpTableServer *self = client->server;

  if (client->seat >= 0)
    dp_table_server_free_seat (self, client->seat);
}

/* TRUE when an action made at log position @at by @seat may still be applied: the log
 * was not undone below @at, and nothing of @seat's was stored since (then it is a resend
 * or was made on a state the phone had not seen). Other seats' entries in between do
 * not matter: parallel entries (marks after skulls, a roll section everyone plays at
 * once) are applied in arrival order when still legal. */
static gboolean
action_is_current (DpTableServer *self,
                   guint          seat,
                   gint64         at)
{
  const DpGame *game = dp_session_get_game (self->session);
  guint n = dp_game_get_n_actions (game);
  const char *name = dp_game_get_player_name (game, seat);
  g_autoptr(GPtrArray) actions = NULL;

  if (at < 0 || at > n)
    return FALSE;
  if (at == n)
    return TRUE;
  actions = dp_store_get_actions (dp_session_get_store (self->session),
                                  dp_session_get_id (self->session), NULL, NULL);
  if (actions == NULL || actions->len != n)
    return FALSE;
  for (guint i = (guint) at; i < n; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      JsonNode *root;

      if (!json_parser_load_from_data (parser, g_ptr_array_index (actions, i), -1, NULL))
        return FALSE;
      root = json_parser_get_root (parser);
      if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root)
          || g_strcmp0 (dp_table_json_get_string (json_node_get_object (root), "player"), name) == 0)
        return FALSE;
    }
  return TRUE;
}

static void
handle_action (Client     *client,
               JsonObject *message)
{
  DpTableServer *self = client->server;
  const DpGame *game = dp_session_get_game (self->session);
  g_autoptr(JsonObject) action = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *text = NULL;
  g_autoptr(DpGame) before = NULL;
  DpLanguageSwitch sw;
  gint64 at = -1;

  if (client->seat < 0)
    {
      g_autofree char *msg = client_text (client, N_("Pick your seat first."));
      send_refused (self, client, "seat", msg);
      return;
    }
  if (!dp_table_json_get_int (message, "at", &at) || !action_is_current (self, client->seat, at))
    {
      g_autofree char *msg = client_text (client, N_("The table changed before this entry arrived: here is the table as it is now."));
      send_refused (self, client, "stale", msg);
      return;
    }

  if (!json_object_has_member (message, "action")
      || !JSON_NODE_HOLDS_OBJECT (json_object_get_member (message, "action")))
    {
      /* Not an action at all (issue 24, item 9). */
      g_autofree char *msg = client_text (client, N_("The entry could not be written down"));
      send_refused (self, client, "malformed", msg);
      return;
    }

  dp_table_language_push (&sw, client->lang);
  action = dp_table_view_claim_action (game, client->seat,
                                       json_object_get_member (message, "action"), &error);
  dp_table_language_pop (&sw);
  if (action == NULL)
    {
      send_refused (self, client, "illegal", error->message);
      return;
    }

  node = json_node_new (JSON_NODE_OBJECT);
  json_node_set_object (node, action);
  text = json_to_string (node, FALSE);
  /* Store first (fsync), then ::changed updates the window and every phone. */
  before = dp_game_copy (game);
  if (dp_session_apply_text (self->session, text, &error))
    {
      /* The window's toast, one short line (what Dicepad entered by itself after it is
       * on the table). */
      g_autofree char *sentence = dp_game_view_dup_phone_toast (before, text);

      g_signal_emit (self, signals[ENTRY_STORED], 0, client->seat, sentence);
    }
  else if (g_error_matches (error, DP_STORE_ERROR, DP_STORE_ERROR_OUT_OF_DATE))
    {
      /* Another process changed the game; the session shows the stored one now, and so
       * does every phone: this entry was made on the old state (issue 24, item 10). */
      g_autofree char *msg = client_text (client, N_("The table changed before this entry arrived: here is the table as it is now."));
      send_refused (self, client, "stale", msg);
    }
  else
    {
      g_autoptr(DpGame) copy = dp_game_copy (game);
      g_autoptr(GError) translated = NULL;

      /* The engine's reason again, in the phone's language: on a copy, so the window
       * never sees a foreign language. */
      dp_table_language_push (&sw, client->lang);
      dp_game_apply (copy, action, &translated);
      dp_table_language_pop (&sw);
      send_refused (self, client, "illegal",
                    translated != NULL ? translated->message : error->message);
    }
}

static void
message_cb (SoupWebsocketConnection *ws,
            int                      type,
            GBytes                  *bytes,
            gpointer                 user_data)
{
  Client *client = user_data;
  g_autoptr(JsonParser) parser = json_parser_new ();
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  JsonObject *message;
  const char *kind;

  /* Messages that were already read when the connection started closing. */
  if (soup_websocket_connection_get_state (ws) != SOUP_WEBSOCKET_STATE_OPEN)
    return;
  if (!dp_table_bucket_spend (&client->budget, &client->refilled, client->server->messages_per_sec))
    {
      soup_websocket_connection_close (ws, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "rate");
      return;
    }
  if (type != SOUP_WEBSOCKET_DATA_TEXT
      || !dp_json_check_text (data, size, TRUE, NULL, NULL)
      || !json_parser_load_from_data (parser, data, size, NULL)
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      g_autofree char *text = client_text (client, N_("The entry could not be written down"));
      send_refused (client->server, client, "malformed", text);
      return;
    }

  message = json_node_get_object (json_parser_get_root (parser));
  kind = dp_table_json_get_string (message, "type");
  if (kind == NULL)
    kind = "";
  if (g_str_equal (kind, "hello"))
    handle_hello (client, message);
  else if (g_str_equal (kind, "claim"))
    handle_claim (client, message);
  else if (g_str_equal (kind, "leave"))
    handle_leave (client);
  else if (g_str_equal (kind, "action"))
    handle_action (client, message);
  else
    {
      g_autofree char *text = client_text (client, N_("The entry could not be written down"));
      send_refused (client->server, client, "malformed", text);
    }
}

static void
client_free (Client *client)
{
  g_signal_handlers_disconnect_by_data (client->ws, client);
  if (soup_websocket_connection_get_state (client->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (client->ws, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
  g_object_unref (client->ws);
  g_free (client);
}

static void
closed_cb (SoupWebsocketConnection *ws,
           gpointer                 user_data)
{
  Client *client = user_data;

  g_ptr_array_remove_fast (client->server->clients, client);
}

static void
refused_closed_cb (SoupWebsocketConnection *ws,
                   gpointer                 user_data)
{
  g_object_unref (ws);
}

static void
add_client (DpTableServer           *self,
            SoupWebsocketConnection *ws)
{
  Client *client;

  if (self->clients->len >= self->max_connections)
    {
      /* Kept until the close handshake is done, so the phone learns why. */
      g_signal_connect (g_object_ref (ws), "closed", G_CALLBACK (refused_closed_cb), NULL);
      soup_websocket_connection_close (ws, CLOSE_TRY_AGAIN_LATER, "full");
      return;
    }

  client = g_new0 (Client, 1);
  client->server = self;
  client->ws = g_object_ref (ws);
  client->seat = -1;
  client->lang = "en";
  client->budget = 2.0 * self->messages_per_sec;
  client->refilled = g_get_monotonic_time ();
  soup_websocket_connection_set_max_incoming_payload_size (ws, DP_TABLE_SERVER_MAX_MESSAGE);
  /* Pings find phones that went away without closing (locked, out of the Wi-Fi). */
  soup_websocket_connection_set_keepalive_interval (ws, 15);
  g_signal_connect (ws, "message", G_CALLBACK (message_cb), client);
  g_signal_connect (ws, "closed", G_CALLBACK (closed_cb), client);
  g_ptr_array_add (self->clients, client);
}

/* @user_data: a GWeakRef to the connection (a strong one would be a cycle: the
 * connection owns the stream that holds this). */
static gboolean
close_too_big_cb (gpointer user_data)
{
  g_autoptr(SoupWebsocketConnection) ws = g_weak_ref_get (user_data);

  if (ws != NULL && soup_websocket_connection_get_state (ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (ws, SOUP_WEBSOCKET_CLOSE_TOO_BIG, "too big");
  return G_SOURCE_REMOVE;
}

static void
weak_ref_free (GWeakRef *ref)
{
  g_weak_ref_clear (ref);
  g_free (ref);
}

/* The handshake was answered (101): from here on the connection is the phone's socket,
 * its incoming messages limited as a whole, not only frame by frame (issue 24, item 4). */
static void
upgraded_cb (SoupServerMessage *msg,
             gpointer           user_data)
{
  DpTableServer *self = user_data;
  g_autoptr(GIOStream) stolen = NULL;
  g_autoptr(GIOStream) limited = NULL;
  g_autoptr(SoupWebsocketConnection) ws = NULL;
  const char *origin = soup_message_headers_get_one (soup_server_message_get_request_headers (msg), "Origin");

  g_signal_handlers_disconnect_by_func (msg, upgraded_cb, user_data);
  dp_table_gate_upgraded (self->gate, soup_server_message_get_remote_address (msg));
  stolen = soup_server_message_steal_connection (msg);
  limited = dp_ws_limit_io_stream_new (stolen, DP_TABLE_SERVER_MAX_MESSAGE);
  ws = soup_websocket_connection_new (limited, soup_server_message_get_uri (msg),
                                      SOUP_WEBSOCKET_CONNECTION_SERVER, origin, NULL, NULL);
  {
    GWeakRef *ref = g_new0 (GWeakRef, 1);

    g_weak_ref_init (ref, ws);
    dp_ws_limit_stream_set_too_big_func (DP_WS_LIMIT_STREAM (g_io_stream_get_input_stream (limited)),
                                         close_too_big_cb, ref, (GDestroyNotify) weak_ref_free);
  }
  add_client (self, ws);
}

/* /t/TOKEN/ws, after early_cb let it through: the WebSocket handshake, without
 * extensions (no compression: what arrives is what is counted). */
static void
websocket_http_cb (SoupServer        *soup,
                   SoupServerMessage *msg,
                   const char        *path,
                   GHashTable        *query,
                   gpointer           user_data)
{
  /* On failure libsoup has set 400 with the reason and "Connection: close". */
  if (soup_websocket_server_process_handshake (msg, NULL, NULL, NULL, NULL))
    g_signal_connect (msg, "wrote-informational", G_CALLBACK (upgraded_cb), user_data);
}

/* ---- HTTP: the page and nothing else ---- */

static void
refuse (SoupServerMessage *msg,
        guint              status)
{
  soup_server_message_set_status (msg, status, NULL);
  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Connection", "close");
  soup_server_message_set_response (msg, "text/plain; charset=utf-8", SOUP_MEMORY_STATIC, "", 0);
}

/* "HOST:PORT" as the phones' address has it (brackets around an IPv6 address). */
static char *
dup_authority (DpTableServer *self)
{
  return g_strdup_printf (strchr (self->host, ':') != NULL ? "[%s]:%u" : "%s:%u", self->host, self->port);
}

/* The Host header names the served address (a page elsewhere that reached this port
 * under another name, DNS rebinding, is refused), and an Origin, when a browser sends
 * one (always for a WebSocket), is the page's own (issue 24, item 8). */
static gboolean
addressed_to_us (DpTableServer     *self,
                 SoupServerMessage *msg)
{
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
  const char *host = soup_message_headers_get_one (headers, "Host");
  const char *origin = soup_message_headers_get_one (headers, "Origin");
  g_autofree char *authority = dup_authority (self);
  g_autofree char *own_origin = g_strconcat ("http://", authority, NULL);

  if (host == NULL || g_ascii_strcasecmp (host, authority) != 0)
    return FALSE;
  return origin == NULL || g_ascii_strcasecmp (origin, own_origin) == 0;
}

/* Before any body is read: only small GET requests to the served address, at a bounded
 * rate per client address. WebSocket upgrades pass here too (issue 24, item 6). */
static void
early_cb (SoupServer        *soup,
          SoupServerMessage *msg,
          const char        *path,
          GHashTable        *query,
          gpointer           user_data)
{
  DpTableServer *self = user_data;
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);

  if (!dp_table_gate_spend (self->gate, soup_server_message_get_remote_host (msg)))
    refuse (msg, STATUS_TOO_MANY_REQUESTS);
  else if (g_strcmp0 (soup_server_message_get_method (msg), "GET") != 0)
    refuse (msg, SOUP_STATUS_METHOD_NOT_ALLOWED);
  else if (!addressed_to_us (self, msg))
    refuse (msg, SOUP_STATUS_FORBIDDEN);
  else if (soup_message_headers_get_content_length (headers) > 0
           || soup_message_headers_get_encoding (headers) == SOUP_ENCODING_CHUNKED)
    refuse (msg, SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE);
}

static void
http_cb (SoupServer        *soup,
         SoupServerMessage *msg,
         const char        *path,
         GHashTable        *query,
         gpointer           user_data)
{
  DpTableServer *self = user_data;
  g_autofree char *prefix = g_strdup_printf ("/t/%s/", self->token);
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);
  const char *file;
  const char *type;
  g_autoptr(GBytes) bytes = NULL;

  g_autofree char *head = g_strndup (path, strlen (prefix));

  if (!token_equal (head, prefix))
    {
      refuse (msg, SOUP_STATUS_NOT_FOUND);
      return;
    }
  file = path + strlen (prefix);
  if (file[0] == '\0')
    {
      file = "index.html";
      type = "text/html; charset=utf-8";
    }
  else if (g_str_equal (file, "app.js") || g_str_equal (file, "games.js"))
    type = "text/javascript; charset=utf-8";
  else if (g_str_equal (file, "style.css") || g_str_equal (file, "games.css"))
    type = "text/css; charset=utf-8";
  else
    {
      refuse (msg, SOUP_STATUS_NOT_FOUND);
      return;
    }

  /* Each game's entry forms and their style, from its view (dp-game-view.h). */
  if (g_str_equal (file, "games.js") || g_str_equal (file, "games.css"))
    bytes = dp_game_view_dup_phone_files (g_str_has_suffix (file, ".js") ? "js" : "css");
  else
    {
      g_autofree char *resource = g_strconcat (RESOURCE, file, NULL);
      /* From this library's own resource, not the global table: a static library's
       * constructor does not run unless something refers to it. */
      bytes = g_resource_lookup_data (dp_server_get_resource (), resource, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
    }
  if (bytes == NULL)
    {
      refuse (msg, SOUP_STATUS_NOT_FOUND);
      return;
    }

  /* The address holds the game token: never send it elsewhere, never cache it. */
  soup_message_headers_replace (response, "Cache-Control", "no-store");
  soup_message_headers_replace (response, "Referrer-Policy", "no-referrer");
  soup_message_headers_replace (response, "X-Content-Type-Options", "nosniff");
  soup_message_headers_replace (response, "Connection", "close");
  {
    /* The page's own socket and nothing else (issue 24, item 8). */
    g_autofree char *authority = dup_authority (self);
    g_autofree char *policy = g_strdup_printf ("default-src 'self'; connect-src 'self' ws://%s/t/%s/ws; img-src 'self' data:",
                                               authority, self->token);
    soup_message_headers_replace (response, "Content-Security-Policy", policy);
  }
  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
  if (g_str_equal (file, "index.html"))
    {
      const char *lang = dp_table_pick_language (soup_message_headers_get_one (soup_server_message_get_request_headers (msg),
                                                                                "Accept-Language"));
      g_autofree char *template = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      char *page = dp_table_view_render_page (template, lang);

      soup_message_headers_replace (response, "Content-Language", lang);
      soup_server_message_set_response (msg, type, SOUP_MEMORY_TAKE, page, strlen (page));
    }
  else
    soup_server_message_set_response (msg, type, SOUP_MEMORY_COPY,
                                      g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static void
session_changed_cb (DpSession *session,
                    gpointer   user_data)
{
  broadcast (DP_TABLE_SERVER (user_data));
}

/* ---- Listening ---- */

/* A connection the gate accepted: libsoup reads its request. */
static void
accept_cb (GSocketConnection *connection,
           gpointer           user_data)
{
  DpTableServer *self = user_data;
  g_autoptr(GSocketAddress) local = g_socket_connection_get_local_address (connection, NULL);
  g_autoptr(GSocketAddress) remote = g_socket_connection_get_remote_address (connection, NULL);
  g_autoptr(GError) error = NULL;

  if (!soup_server_accept_iostream (self->soup, G_IO_STREAM (connection), local, remote, &error))
    g_debug ("Connection dropped: %s", error->message);
}

/* The address of this machine on the network the phones are on: the source address a
 * datagram to a public address would leave from (nothing is sent). */
static char *
dup_lan_host (void)
{
  g_autoptr(GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM,
                                            G_SOCKET_PROTOCOL_UDP, NULL);
  g_autoptr(GInetAddress) remote = g_inet_address_new_from_string ("192.0.2.1"); /* TEST-NET-1 */
  g_autoptr(GSocketAddress) target = g_inet_socket_address_new (remote, 9);
  g_autoptr(GSocketAddress) local = NULL;

  if (socket != NULL && g_socket_connect (socket, target, NULL, NULL)
      && (local = g_socket_get_local_address (socket, NULL)) != NULL)
    return g_inet_address_to_string (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (local)));
  return g_strdup ("127.0.0.1");
}

/* ---- GObject ---- */

static void
dp_table_server_finalize (GObject *object)
{
  DpTableServer *self = DP_TABLE_SERVER (object);

  dp_table_server_stop (self);
  g_clear_signal_handler (&self->changed_id, self->session);
  g_clear_object (&self->session);
  g_clear_pointer (&self->state_path, g_free);
  g_clear_pointer (&self->token, g_free);
  for (guint s = 0; s < MAX_SEATS; s++)
    g_clear_pointer (&self->seat_tokens[s], g_free);
  g_clear_pointer (&self->clients, g_ptr_array_unref);
  g_clear_pointer (&self->views, g_hash_table_unref);

  G_OBJECT_CLASS (dp_table_server_parent_class)->finalize (object);
}

enum { PROP_0, PROP_ASSISTANT, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
dp_table_server_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  DpTableServer *self = DP_TABLE_SERVER (object);

  switch (prop_id)
    {
    case PROP_ASSISTANT:
      g_value_set_boolean (value, self->assistant);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dp_table_server_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  DpTableServer *self = DP_TABLE_SERVER (object);

  switch (prop_id)
    {
    case PROP_ASSISTANT:
      if (self->assistant != g_value_get_boolean (value))
        {
          self->assistant = g_value_get_boolean (value);
          /* every phone sees the change at once */
          broadcast (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dp_table_server_class_init (DpTableServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dp_table_server_finalize;
  object_class->get_property = dp_table_server_get_property;
  object_class->set_property = dp_table_server_set_property;
  dp_table_language_init ();

  /**
   * DpTableServer:assistant:
   *
   * Whether the phones show the turn assistant (the window's `show-assistant`
   * setting; off by default): the state message's "assistant" member.
   */
  properties[PROP_ASSISTANT] = g_param_spec_boolean ("assistant", NULL, NULL, FALSE,
                                                     G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                                     G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DpTableServer::seats-changed:
   *
   * A phone took a seat, or the window freed one.
   */
  signals[SEATS_CHANGED] = g_signal_new ("seats-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * DpTableServer::entry-stored:
   * @seat: the seat of the phone
   * @text: what the entry did, as the window's toast says it
   *
   * A phone's entry was stored (after ::changed of the session).
   */
  signals[ENTRY_STORED] = g_signal_new ("entry-stored", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_STRING);
}

static void
dp_table_server_init (DpTableServer *self)
{
  self->clients = g_ptr_array_new_with_free_func ((GDestroyNotify) client_free);
  self->views = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->max_connections = DP_TABLE_SERVER_MAX_CONNECTIONS;
  self->messages_per_sec = DP_TABLE_SERVER_MESSAGES_PER_SEC;
  self->requests_per_sec = DP_TABLE_SERVER_REQUESTS_PER_SEC;
  self->pending_per_address = DP_TABLE_SERVER_PENDING_PER_ADDRESS;
  self->timeout_ms = DP_TABLE_SERVER_REQUEST_TIMEOUT_MS;
}

/* ---- Public API ---- */

DpTableServer *
dp_table_server_new (DpSession  *session,
                     const char *state_path)
{
  DpTableServer *self;

  g_return_val_if_fail (DP_IS_SESSION (session), NULL);

  self = g_object_new (DP_TYPE_TABLE_SERVER, NULL);
  self->session = g_object_ref (session);
  self->state_path = state_path != NULL
                     ? g_strdup (state_path)
                     : g_strconcat (dp_store_get_path (dp_session_get_store (session)), ".table", NULL);
  load_state (self);
  self->changed_id = g_signal_connect (session, "changed", G_CALLBACK (session_changed_cb), self);
  return self;
}

gboolean
dp_table_server_start (DpTableServer  *self,
                       const char     *address,
                       guint           port,
                       GError        **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *ws_path = NULL;

  g_return_val_if_fail (DP_IS_TABLE_SERVER (self), FALSE);

  if (self->soup != NULL)
    return TRUE;

  /* No version in the Server header: nothing to fingerprint. */
  self->soup = soup_server_new ("server-header", NULL, NULL);
  ws_path = g_strdup_printf ("/t/%s/ws", self->token);
  /* Every request passes early_cb, WebSocket upgrades included (issue 24, item 6). */
  soup_server_add_early_handler (self->soup, NULL, early_cb, self, NULL);
  soup_server_add_early_handler (self->soup, ws_path, early_cb, self, NULL);
  soup_server_add_handler (self->soup, NULL, http_cb, self, NULL);
  soup_server_add_handler (self->soup, ws_path, websocket_http_cb, self, NULL);

  self->gate = dp_table_gate_new (accept_cb, self);
  dp_table_gate_set_limits (self->gate, self->requests_per_sec, self->pending_per_address, self->timeout_ms);
  /* The port of last time keeps the QR address the phones know. */
  if (port == 0 && self->last_port != 0 && dp_table_gate_listen (self->gate, address, self->last_port, NULL))
    ;
  else if (!dp_table_gate_listen (self->gate, address, port, &local))
    {
      g_set_error (error, DP_TABLE_SERVER_ERROR, DP_TABLE_SERVER_ERROR_LISTEN,
                   _("Phones cannot connect: %s"), local->message);
      g_clear_pointer (&self->gate, dp_table_gate_free);
      g_clear_object (&self->soup);
      return FALSE;
    }

  self->port = dp_table_gate_get_port (self->gate);
  self->host = address != NULL ? g_strdup (address) : dup_lan_host ();
  self->last_port = self->port;

  if (!save_state (self, &local))
    g_warning ("%s", local->message);
  return TRUE;
}

void
dp_table_server_stop (DpTableServer *self)
{
  g_return_if_fail (DP_IS_TABLE_SERVER (self));

  if (self->soup == NULL)
    return;
  dp_table_gate_close (self->gate);
  soup_server_disconnect (self->soup);
  g_ptr_array_set_size (self->clients, 0);
  g_clear_object (&self->soup);
  g_clear_pointer (&self->gate, dp_table_gate_free);
  g_clear_pointer (&self->host, g_free);
  self->port = 0;
}

gboolean
dp_table_server_is_running (DpTableServer *self)
{
  g_return_val_if_fail (DP_IS_TABLE_SERVER (self), FALSE);
  return self->soup != NULL;
}

DpSession *
dp_table_server_get_session (DpTableServer *self)
{
  g_return_val_if_fail (DP_IS_TABLE_SERVER (self), NULL);
  return self->session;
}

guint
dp_table_server_get_port (DpTableServer *self)
{
  g_return_val_if_fail (DP_IS_TABLE_SERVER (self), 0);
  return self->port;
}

char *
dp_table_server_dup_url (DpTableServer *self)
{
  g_return_val_if_fail (DP_IS_TABLE_SERVER (self), NULL);

  if (self->soup == NULL)
    return NULL;
  return g_strdup_printf (strchr (self->host, ':') != NULL ? "http://[%s]:%u/t/%s/" : "http://%s:%u/t/%s/",
                          self->host, self->port, self->token);
}

guint
dp_table_server_get_n_connections (DpTableServer *self)
{
  g_return_val_if_fail (DP_IS_TABLE_SERVER (self), 0);
  return self->clients->len;
}

gboolean
dp_table_server_seat_is_taken (DpTableServer *self,
                               guint          seat)
{
  g_return_val_if_fail (DP_IS_TABLE_SERVER (self), FALSE);
  return seat < MAX_SEATS && self->seat_tokens[seat] != NULL;
}

void
dp_table_server_refresh (DpTableServer *self)
{
  g_return_if_fail (DP_IS_TABLE_SERVER (self));

  broadcast (self);
}

void
dp_table_server_free_seat (DpTableServer *self,
                           guint          seat)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (DP_IS_TABLE_SERVER (self));
  g_return_if_fail (seat < MAX_SEATS);

  if (self->seat_tokens[seat] == NULL)
    return;
  release_seat (self, seat);
  if (!save_state (self, &error))
    g_warning ("%s", error->message);
  g_signal_emit (self, signals[SEATS_CHANGED], 0);
  broadcast (self);
}

void
dp_table_server_set_limits (DpTableServer *self,
                            guint          max_connections,
                            guint          messages_per_sec)
{
  g_return_if_fail (DP_IS_TABLE_SERVER (self));

  if (max_connections > 0)
    self->max_connections = max_connections;
  if (messages_per_sec > 0)
    self->messages_per_sec = messages_per_sec;
}

void
dp_table_server_set_http_limits (DpTableServer *self,
                                 guint          requests_per_sec,
                                 guint          pending_per_address,
                                 guint          timeout_ms)
{
  g_return_if_fail (DP_IS_TABLE_SERVER (self));

  if (requests_per_sec > 0)
    self->requests_per_sec = requests_per_sec;
  if (pending_per_address > 0)
    self->pending_per_address = pending_per_address;
  if (timeout_ms > 0)
    self->timeout_ms = timeout_ms;
  if (self->gate != NULL)
    dp_table_gate_set_limits (self->gate, self->requests_per_sec, self->pending_per_address, self->timeout_ms);
}
