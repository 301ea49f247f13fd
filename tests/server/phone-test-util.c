/* phone-test-util.c — a phone at the table, spoken by libsoup's own client
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "phone-test-util.h"

static gboolean
timeout_cb (gpointer user_data)
{
  gboolean *expired = user_data;
  *expired = TRUE;
  return G_SOURCE_REMOVE;
}

gboolean
iterate_until (const gboolean *done)
{
  gboolean expired = FALSE;
  guint id = g_timeout_add_seconds (PHONE_WAIT_SECONDS, timeout_cb, &expired);

  while (!*done && !expired)
    g_main_context_iteration (NULL, TRUE);
  if (!expired)
    g_source_remove (id);
  return *done;
}

SoupSession *
phone_http_session_new (void)
{
  /* Direct connections: no system proxy settings in the test environment. */
  g_autoptr(GProxyResolver) direct = g_simple_proxy_resolver_new (NULL, NULL);

  return soup_session_new_with_options ("proxy-resolver", direct, NULL);
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

SoupWebsocketConnection *
phone_open_socket (SoupSession  *http,
                   const char   *url,
                   GError      **error)
{
  g_autofree char *ws_url = g_strconcat (url, "ws", NULL);
  g_autoptr(SoupMessage) msg = soup_message_new ("GET", ws_url);
  Connect connect = { FALSE, NULL, NULL };

  soup_session_websocket_connect_async (http, msg, NULL, NULL, G_PRIORITY_DEFAULT,
                                        NULL, connected_cb, &connect);
  g_assert_true (iterate_until (&connect.done));
  if (connect.error != NULL)
    g_propagate_error (error, connect.error);
  return connect.ws;
}

Phone *
phone_connect (SoupSession *http,
               const char  *url)
{
  g_autoptr(GError) error = NULL;
  Phone *phone = g_new0 (Phone, 1);

  g_queue_init (&phone->messages);
  phone->ws = phone_open_socket (http, url, &error);
  g_assert_no_error (error);
  g_signal_connect (phone->ws, "message", G_CALLBACK (phone_message_cb), phone);
  g_signal_connect (phone->ws, "closed", G_CALLBACK (phone_closed_cb), phone);
  return phone;
}

void
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

void
phone_send (Phone      *phone,
            const char *text)
{
  soup_websocket_connection_send_text (phone->ws, text);
}

void
phone_send_action (Phone      *phone,
                   gint64      at,
                   const char *action_text)
{
  g_autofree char *text = g_strdup_printf ("{\"type\":\"action\",\"at\":%" G_GINT64_FORMAT ",\"action\":%s}",
                                           at, action_text);

  phone_send (phone, text);
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

JsonObject *
phone_wait (Phone      *phone,
            const char *type)
{
  gboolean expired = FALSE;
  guint id = g_timeout_add_seconds (PHONE_WAIT_SECONDS, timeout_cb, &expired);

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

JsonObject *
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

JsonObject *
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

void
phone_wait_closed (Phone *phone)
{
  g_assert_true (iterate_until (&phone->closed));
}

Phone *
phone_connect_seated (SoupSession *http,
                      const char  *url,
                      guint        seat)
{
  Phone *phone = phone_connect (http, url);
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
