/* dp-table-server.h — phones at the table: every player's phone as their own sheet or board
 *
 * GTK-free: the window embeds it, `dicepad-cli serve` runs it headless. HTTP and
 * WebSocket by libsoup 3 on the GLib main loop. One authority: every phone action goes
 * through the same DpSession as the window (store first, then ::changed), and every
 * ::changed is sent to every phone; ::entry-stored tells the window what a phone entered.
 * Security and the protocol: docs/table-server.md.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "dp-session.h"

G_BEGIN_DECLS

#define DP_TABLE_SERVER_ERROR (dp_table_server_error_quark ())

typedef enum
{
  DP_TABLE_SERVER_ERROR_LISTEN,  /* no port could be opened */
  DP_TABLE_SERVER_ERROR_STATE,   /* the remembered tokens could not be read or written */
} DpTableServerError;

GQuark dp_table_server_error_quark (void);

/* Default limits (docs/table-server.md, "Limits"). */
#define DP_TABLE_SERVER_MAX_CONNECTIONS   32
#define DP_TABLE_SERVER_MAX_MESSAGE       16384  /* bytes of one WebSocket message */
#define DP_TABLE_SERVER_MESSAGES_PER_SEC  10     /* per connection, bursts of twice that */
#define DP_TABLE_SERVER_REQUESTS_PER_SEC  50     /* HTTP requests per client address, bursts of twice that */
#define DP_TABLE_SERVER_PENDING_PER_ADDRESS 16   /* open HTTP connections one address may have (not WebSockets) */
#define DP_TABLE_SERVER_REQUEST_TIMEOUT_MS 10000 /* an HTTP connection that is not a WebSocket, in all */

#define DP_TYPE_TABLE_SERVER (dp_table_server_get_type ())
G_DECLARE_FINAL_TYPE (DpTableServer, dp_table_server, DP, TABLE_SERVER, GObject)

/* A server for the game of @session; not listening until dp_table_server_start(). The
 * game token, the port and the seat tokens are remembered beside the database (so phones
 * reconnect after the app is reopened): @state_path, or NULL for "<database>.table". */
DpTableServer *dp_table_server_new (DpSession *session, const char *state_path);

/* Starts listening on @address ("127.0.0.1"; NULL = every interface, for phones on the
 * Wi-Fi) and @port (0 = the port this game used last time if free, else any). */
gboolean    dp_table_server_start (DpTableServer *self, const char *address, guint port, GError **error);
/* Stops listening and closes every connection. */
void        dp_table_server_stop (DpTableServer *self);
gboolean    dp_table_server_is_running (DpTableServer *self);

DpSession  *dp_table_server_get_session (DpTableServer *self);
guint       dp_table_server_get_port (DpTableServer *self);
/* The address phones open (the QR code): "http://HOST:PORT/t/TOKEN/". Free with g_free(). */
char       *dp_table_server_dup_url (DpTableServer *self);
guint       dp_table_server_get_n_connections (DpTableServer *self);

/* TRUE while a phone holds @seat. */
gboolean    dp_table_server_seat_is_taken (DpTableServer *self, guint seat);
/* The window frees @seat: its token stops working, another phone may claim it. */
void        dp_table_server_free_seat (DpTableServer *self, guint seat);
/* Sends every phone the table's state again, for what changes without an entry: the
 * turn assistant's advice once its tables are built (the window builds them on a
 * worker; until then the phones' "assistant" is null). */
void        dp_table_server_refresh (DpTableServer *self);

/* Overrides the limits (tests and benchmarks); 0 keeps a value. */
void        dp_table_server_set_limits (DpTableServer *self, guint max_connections, guint messages_per_sec);
/* Overrides the HTTP limits (tests and benchmarks): requests a second per address, open
 * connections per address that are not WebSockets, the time one may take; 0 keeps a value. */
void        dp_table_server_set_http_limits (DpTableServer *self, guint requests_per_sec, guint pending_per_address,
                                             guint timeout_ms);

G_END_DECLS
