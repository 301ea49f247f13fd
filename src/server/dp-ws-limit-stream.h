/* dp-ws-limit-stream.h — a WebSocket's incoming bytes, read frame by frame, with a limit
 * on the whole message
 *
 * libsoup 3.2 checks max-incoming-payload-size against each frame only, so a message
 * sent as many small fragments is reassembled whatever its size (issue 24, item 4).
 * This filter sits between the socket and SoupWebsocketConnection, follows the frame
 * headers of what the client sends (RFC 6455 §5.2); as soon as the data frames of one
 * message add up to more than the limit it reads nothing more (so libsoup never holds
 * more than the limit) and calls the too-big function from an idle, which closes the
 * connection with 1009. Control frames do not count.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define DP_TYPE_WS_LIMIT_STREAM (dp_ws_limit_stream_get_type ())
G_DECLARE_FINAL_TYPE (DpWsLimitStream, dp_ws_limit_stream, DP, WS_LIMIT_STREAM, GFilterInputStream)

/* Wraps @base (pollable); messages of more than @max_message payload bytes fail. */
GInputStream *dp_ws_limit_stream_new (GInputStream *base, guint64 max_message);

/* @func(@data) runs once, from an idle, when a message is over the limit. */
void          dp_ws_limit_stream_set_too_big_func (DpWsLimitStream *self, GSourceFunc func, gpointer data,
                                                   GDestroyNotify destroy);

/* The stolen connection of a WebSocket upgrade, its input wrapped as above. Closing it
 * closes @stream. */
GIOStream    *dp_ws_limit_io_stream_new (GIOStream *stream, guint64 max_message);

G_END_DECLS
