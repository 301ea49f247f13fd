/* dp-table-gate.h — the table server's door: listening, accepting, and what one address
 * may hold (issue 24)
 *
 * libsoup 3.2's own listener stops accepting for good after one failed accept() (out of
 * descriptors, a connection reset before it was taken), and its keep-alive connections
 * leak a socket when the client closes them. So the server listens here and hands each
 * accepted connection to soup_server_accept_iostream(): with no libsoup listener, libsoup
 * closes every HTTP connection after its one response. The gate also keeps, per client
 * address, an HTTP rate limit and a cap on connections that are not yet a WebSocket, and
 * shuts a connection that has not become a WebSocket within the request timeout.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _DpTableGate DpTableGate;

/* A new connection to hand on; the callee takes its own reference. */
typedef void (*DpTableGateAccept) (GSocketConnection *connection, gpointer user_data);

DpTableGate *dp_table_gate_new (DpTableGateAccept accept, gpointer user_data);
void         dp_table_gate_free (DpTableGate *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpTableGate, dp_table_gate_free)

/* Listens on @address (NULL: every interface, IPv4 and IPv6) and @port (0: any). */
gboolean     dp_table_gate_listen (DpTableGate *self, const char *address, guint port, GError **error);
/* Stops listening (accepted connections stay until their owner closes them). */
void         dp_table_gate_close (DpTableGate *self);
guint        dp_table_gate_get_port (DpTableGate *self);

/* Limits: HTTP requests a second per address (bursts of twice that), connections one
 * address may have open that are not WebSockets, and the time such a connection may
 * stay open in all (0 keeps a value). */
void         dp_table_gate_set_limits (DpTableGate *self, guint requests_per_sec, guint pending_per_address,
                                       guint timeout_ms);
/* TRUE when @address may make one more HTTP request now. */
gboolean     dp_table_gate_spend (DpTableGate *self, const char *address);
/* The connection from @remote became a WebSocket: no timeout, not counted as pending. */
void         dp_table_gate_upgraded (DpTableGate *self, GSocketAddress *remote);
/* Connections accepted and not yet closed (WebSockets included). */
guint        dp_table_gate_get_n_open (DpTableGate *self);

/* A token bucket: refills @budget at @rate per second up to 2 × @rate; TRUE when one
 * unit was left to spend (and spends it). */
gboolean     dp_table_bucket_spend (double *budget, gint64 *refilled, guint rate);

G_END_DECLS
