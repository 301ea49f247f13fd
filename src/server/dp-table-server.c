/* dp-table-server.c — phones at the table (docs/table-server.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libsoup/soup.h>
#include <string.h>
#include <sys/random.h>

#include "dp-server-resources.h"
#include "dp-table-server.h"
#include "dp-table-view.h"

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
  char       *host;
  guint       port;
  GPtrArray  *clients;                /* Client*, owned */
  GHashTable *views;                  /* "lang/seat" → JSON text of the current state */

  gboolean    assistant;              /* the phones show the turn assistant */

  guint       max_connections;
  guint       messages_per_sec;
  double      http_budget;
  gint64      http_refilled;
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

/* Refills @budget at @rate per second up to 2 × @rate; TRUE when one unit is left to spend. */
static gboolean
spend (double *budget,
       gint64 *refilled,
       guint   rate)
{
  gint64 now = g_get_monotonic_time ();

  *budget = MIN (2.0 * rate, *budget + rate * (now - *refilled) / (double) G_USEC_PER_SEC);
  *refilled = now;
  if (*budget < 1.0)
    return FALSE;
  *budget -= 1.0;
  return TRUE;
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
    g_clear_pointer (&self->seat_tokens[client->seat], g_free);
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
 * not matter: parallel entries (marks after skulls, Cubitos rolls) are applied in
 * arrival order when still legal. */
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
      g_autofree char *sentence = dp_table_view_dup_action_text (before, text);
      g_signal_emit (self, signals[ENTRY_STORED], 0, client->seat, sentence);
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
  if (!spend (&client->budget, &client->refilled, client->server->messages_per_sec))
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
websocket_cb (SoupServer              *soup,
              SoupServerMessage       *msg,
              const char              *path,
              SoupWebsocketConnection *ws,
              gpointer                 user_data)
{
  DpTableServer *self = user_data;
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

/* ---- HTTP: the page and nothing else ---- */

static void
refuse (SoupServerMessage *msg,
        guint              status)
{
  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, "text/plain; charset=utf-8", SOUP_MEMORY_STATIC, "", 0);
}

/* Before any body is read: only small GET requests, at a bounded rate. */
static void
early_cb (SoupServer        *soup,
          SoupServerMessage *msg,
          const char        *path,
          GHashTable        *query,
          gpointer           user_data)
{
  DpTableServer *self = user_data;
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);

  if (!spend (&self->http_budget, &self->http_refilled, DP_TABLE_SERVER_REQUESTS_PER_SEC))
    refuse (msg, STATUS_TOO_MANY_REQUESTS);
  else if (g_strcmp0 (soup_server_message_get_method (msg), "GET") != 0)
    refuse (msg, SOUP_STATUS_METHOD_NOT_ALLOWED);
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
  else if (g_str_equal (file, "app.js"))
    type = "text/javascript; charset=utf-8";
  else if (g_str_equal (file, "style.css"))
    type = "text/css; charset=utf-8";
  else
    {
      refuse (msg, SOUP_STATUS_NOT_FOUND);
      return;
    }

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
  soup_message_headers_replace (response, "Content-Security-Policy",
                                "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:");
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

static gboolean
listen_on (DpTableServer  *self,
           const char     *address,
           guint           port,
           GError        **error)
{
  if (address == NULL)
    return soup_server_listen_all (self->soup, port, 0, error);
  else
    {
      g_autoptr(GSocketAddress) socket_address = g_inet_socket_address_new_from_string (address, port);

      if (socket_address == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("“%s” is not an IP address"), address);
          return FALSE;
        }
      return soup_server_listen (self->soup, socket_address, 0, error);
    }
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
  self->http_budget = 2.0 * DP_TABLE_SERVER_REQUESTS_PER_SEC;
  self->http_refilled = g_get_monotonic_time ();
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
  GSList *uris;

  g_return_val_if_fail (DP_IS_TABLE_SERVER (self), FALSE);

  if (self->soup != NULL)
    return TRUE;

  /* No version in the Server header: nothing to fingerprint. */
  self->soup = soup_server_new ("server-header", NULL, NULL);
  ws_path = g_strdup_printf ("/t/%s/ws", self->token);
  soup_server_add_early_handler (self->soup, NULL, early_cb, self, NULL);
  soup_server_add_handler (self->soup, NULL, http_cb, self, NULL);
  soup_server_add_websocket_handler (self->soup, ws_path, NULL, NULL, websocket_cb, self, NULL);

  /* The port of last time keeps the QR address the phones know. */
  if (port == 0 && self->last_port != 0 && listen_on (self, address, self->last_port, NULL))
    ;
  else if (!listen_on (self, address, port, &local))
    {
      g_set_error (error, DP_TABLE_SERVER_ERROR, DP_TABLE_SERVER_ERROR_LISTEN,
                   _("Phones cannot connect: %s"), local->message);
      g_clear_object (&self->soup);
      return FALSE;
    }

  uris = soup_server_get_uris (self->soup);
  self->port = uris != NULL ? (guint) g_uri_get_port (uris->data) : 0;
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);
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
  soup_server_disconnect (self->soup);
  g_ptr_array_set_size (self->clients, 0);
  g_clear_object (&self->soup);
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
dp_table_server_free_seat (DpTableServer *self,
                           guint          seat)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (DP_IS_TABLE_SERVER (self));
  g_return_if_fail (seat < MAX_SEATS);

  if (self->seat_tokens[seat] == NULL)
    return;
  g_clear_pointer (&self->seat_tokens[seat], g_free);
  for (guint i = 0; i < self->clients->len; i++)
    {
      Client *client = g_ptr_array_index (self->clients, i);
      if (client->seat == (int) seat)
        client->seat = -1;
    }
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
