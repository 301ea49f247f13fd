/* bench-phones.h — simulated phones for the table server's benchmarks
 *
 * libsoup's WebSocket client on loopback, on the caller's main loop (the server's too).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <libsoup/soup.h>
#include <string.h>

#include "dp-table-server.h"

typedef struct
{
  SoupWebsocketConnection *ws;
  gint64                   at;          /* log position of the last state received */
  guint                    seat;
  char                    *seat_token;  /* from "seated": a reconnect says hello with it */
} Phone;

static inline void
bench_phone_message_cb (SoupWebsocketConnection *ws,
                        int                      type,
                        GBytes                  *bytes,
                        gpointer                 user_data)
{
  Phone *phone = user_data;
  g_autoptr(JsonParser) parser = json_parser_new ();
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  JsonObject *object;
  const char *kind;

  if (!json_parser_load_from_data (parser, data, size, NULL))
    return;
  object = json_node_get_object (json_parser_get_root (parser));
  kind = json_object_get_string_member_with_default (object, "type", "");
  if (g_str_equal (kind, "state"))
    phone->at = json_object_get_int_member (object, "at");
  else if (g_str_equal (kind, "seated"))
    {
      g_free (phone->seat_token);
      phone->seat_token = g_strdup (json_object_get_string_member (object, "token"));
    }
}

static inline void
bench_phone_connected_cb (GObject      *source,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  Phone *phone = user_data;
  g_autoptr(GError) error = NULL;

  phone->ws = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &error);
  if (phone->ws == NULL)
    g_error ("phone could not connect: %s", error->message);
  g_signal_connect (phone->ws, "message", G_CALLBACK (bench_phone_message_cb), phone);
}

/* Starts connecting @phone to the WebSocket of @url; it has a state once phone->at >= 0. */
static inline void
bench_phone_connect (Phone       *phone,
                     SoupSession *http,
                     const char  *url)
{
  g_autofree char *ws_url = g_strconcat (url, "ws", NULL);
  g_autoptr(SoupMessage) msg = soup_message_new ("GET", ws_url);

  phone->at = -1;
  phone->ws = NULL;
  soup_session_websocket_connect_async (http, msg, NULL, NULL, G_PRIORITY_DEFAULT, NULL,
                                        bench_phone_connected_cb, phone);
}

static inline void
bench_phone_close (Phone *phone)
{
  if (phone->ws == NULL)
    return;
  g_signal_handlers_disconnect_by_data (phone->ws, phone);
  soup_websocket_connection_close (phone->ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
  g_clear_object (&phone->ws);
}

/* A legal action (spread over the list, not always the same roll) and the seat of the
 * player it names. */
static inline char *
bench_next_action (const DpGame *game,
                   guint        *seat)
{
  g_autoptr(GPtrArray) legal = dp_game_legal_actions (game);
  g_autoptr(JsonParser) parser = json_parser_new ();
  const char *text;
  const char *name;

  if (legal->len == 0)
    return NULL;
  text = g_ptr_array_index (legal, (dp_game_get_n_actions (game) * 7919) % legal->len);
  json_parser_load_from_data (parser, text, -1, NULL);
  name = json_object_get_string_member (json_node_get_object (json_parser_get_root (parser)), "player");
  for (guint s = 0; s < dp_game_get_n_players (game); s++)
    if (g_strcmp0 (dp_game_get_player_name (game, s), name) == 0)
      *seat = s;
  return g_strdup (text);
}

static inline gsize
bench_rss_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL)
      || (line = strstr (status, "VmRSS:")) == NULL)
    return 0;
  return g_ascii_strtoull (line + 6, NULL, 10);
}

static inline guint
bench_n_descriptors (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}
