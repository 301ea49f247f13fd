/* dp-table-gate.c — listening, accepting and per-address limits (dp-table-gate.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include "dp-table-gate.h"

#define DEFAULT_REQUESTS_PER_SEC 50
#define DEFAULT_PENDING_PER_PEER 16
#define DEFAULT_TIMEOUT_MS       10000
#define MAX_PENDING              256   /* connections not yet WebSockets, from everyone */
#define MAX_PEERS                1024  /* addresses remembered before the idle ones are dropped */
#define ACCEPT_PAUSE_MS          200   /* out of descriptors: try again after this */
#define ACCEPTS_PER_WAKEUP       64

typedef struct
{
  double budget;    /* HTTP requests it may still make (a token bucket) */
  gint64 refilled;
  guint  pending;   /* open connections that are not WebSockets */
} Peer;

typedef struct
{
  DpTableGate       *gate;
  GSocketConnection *connection;  /* weak: owned by libsoup once handed on */
  char              *key;         /* "address port" of the client */
  char              *peer;
  guint              timeout_id;
  gboolean           upgraded;
} Conn;

struct _DpTableGate
{
  DpTableGateAccept accept;
  gpointer          user_data;
  GPtrArray        *listeners;   /* GSocket*, owned */
  GPtrArray        *sources;     /* GSource*, owned: one per listener while accepting */
  guint             resume_id;
  guint             port;
  GHashTable       *peers;       /* address → Peer* */
  GHashTable       *conns;       /* key → Conn* */
  guint             n_pending;
  guint             requests_per_sec;
  guint             pending_per_peer;
  guint             timeout_ms;
};

static void start_accepting (DpTableGate *self);

static Peer *
get_peer (DpTableGate *self,
          const char  *address)
{
  Peer *peer = g_hash_table_lookup (self->peers, address);

  if (peer == NULL)
    {
      if (g_hash_table_size (self->peers) >= MAX_PEERS)
        {
          /* Forget addresses with nothing open whose bucket is full again anyway. */
          GHashTableIter iter;
          gpointer value;
          gint64 now = g_get_monotonic_time ();

          g_hash_table_iter_init (&iter, self->peers);
          while (g_hash_table_iter_next (&iter, NULL, &value))
            {
              Peer *old = value;
              if (old->pending == 0 && now - old->refilled > 2 * G_USEC_PER_SEC)
                g_hash_table_iter_remove (&iter);
            }
        }
      peer = g_new0 (Peer, 1);
      peer->budget = 2.0 * self->requests_per_sec;
      peer->refilled = g_get_monotonic_time ();
      g_hash_table_insert (self->peers, g_strdup (address), peer);
    }
  return peer;
}

static char *
dup_key (GSocketAddress *address,
         char          **host_out)
{
  char *host;
  char *key;

  if (!G_IS_INET_SOCKET_ADDRESS (address))
    {
      *host_out = g_strdup ("?");
      return g_strdup ("?");
    }
  host = g_inet_address_to_string (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (address)));
  key = g_strdup_printf ("%s %u", host, g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (address)));
  *host_out = host;
  return key;
}

static void
conn_unpend (Conn *conn)
{
  DpTableGate *self = conn->gate;
  Peer *peer;

  if (conn->upgraded)
    return;
  conn->upgraded = TRUE;
  g_clear_handle_id (&conn->timeout_id, g_source_remove);
  self->n_pending--;
  peer = g_hash_table_lookup (self->peers, conn->peer);
  if (peer != NULL && peer->pending > 0)
    peer->pending--;
}

static void conn_gone (gpointer user_data, GObject *where_the_object_was);

static void
conn_free (Conn *conn)
{
  conn_unpend (conn);
  if (conn->connection != NULL)
    g_object_weak_unref (G_OBJECT (conn->connection), conn_gone, conn);
  g_free (conn->key);
  g_free (conn->peer);
  g_free (conn);
}

/* Weak notify: the connection is gone (libsoup closed it). */
static void
conn_gone (gpointer  user_data,
           GObject  *where_the_object_was)
{
  Conn *conn = user_data;

  conn->connection = NULL;
  g_hash_table_remove (conn->gate->conns, conn->key);
}

/* Too slow: the request (or the reading of the answer) did not finish in time. A
 * shutdown, not a close, so libsoup sees the end of the stream and lets go of it. */
static gboolean
conn_timeout_cb (gpointer user_data)
{
  Conn *conn = user_data;

  conn->timeout_id = 0;
  if (conn->connection != NULL)
    g_socket_shutdown (g_socket_connection_get_socket (conn->connection), TRUE, TRUE, NULL);
  return G_SOURCE_REMOVE;
}

static void
take (DpTableGate *self,
      GSocket     *socket)
{
  g_autoptr(GSocketConnection) connection = g_socket_connection_factory_create_connection (socket);
  g_autoptr(GSocketAddress) remote = g_socket_get_remote_address (socket, NULL);
  g_autofree char *host = NULL;
  g_autofree char *key = NULL;
  Peer *peer;
  Conn *conn;

  if (remote == NULL)
    return;  /* gone already */
  key = dup_key (remote, &host);
  peer = get_peer (self, host);
  if (peer->pending >= self->pending_per_peer || self->n_pending >= MAX_PENDING
      || g_hash_table_contains (self->conns, key))
    {
      g_socket_close (socket, NULL);
      return;
    }

  /* Small messages go out at once (as libsoup's own listener sets it): no Nagle delay
   * waiting for the phone's delayed acknowledgement. */
  g_socket_set_option (socket, IPPROTO_TCP, TCP_NODELAY, 1, NULL);
  conn = g_new0 (Conn, 1);
  conn->gate = self;
  conn->connection = connection;
  conn->key = g_steal_pointer (&key);
  conn->peer = g_steal_pointer (&host);
  peer->pending++;
  self->n_pending++;
  g_hash_table_insert (self->conns, conn->key, conn);
  g_object_weak_ref (G_OBJECT (connection), conn_gone, conn);
  conn->timeout_id = g_timeout_add (self->timeout_ms, conn_timeout_cb, conn);
  self->accept (connection, self->user_data);
}

static gboolean
resume_cb (gpointer user_data)
{
  DpTableGate *self = user_data;

  self->resume_id = 0;
  start_accepting (self);
  return G_SOURCE_REMOVE;
}

static gboolean
accept_cb (GSocket      *listener,
           GIOCondition  condition,
           gpointer      user_data)
{
  DpTableGate *self = user_data;

  for (guint i = 0; i < ACCEPTS_PER_WAKEUP; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GSocket) socket = g_socket_accept (listener, NULL, &error);

      if (socket != NULL)
        {
          take (self, socket);
          continue;
        }
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        break;
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_OPEN_FILES)
          || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE))
        {
          /* Out of descriptors: pause instead of spinning, and never stop for good. */
          g_debug ("Not accepting for a moment: %s", error->message);
          g_ptr_array_set_size (self->sources, 0);
          self->resume_id = g_timeout_add (ACCEPT_PAUSE_MS, resume_cb, self);
          return G_SOURCE_REMOVE;
        }
      /* Anything else (a client that reset before it was taken) ends only that one. */
    }
  return G_SOURCE_CONTINUE;
}

static void
source_destroy (GSource *source)
{
  g_source_destroy (source);
  g_source_unref (source);
}

static void
start_accepting (DpTableGate *self)
{
  g_ptr_array_set_size (self->sources, 0);
  for (guint i = 0; i < self->listeners->len; i++)
    {
      GSource *source = g_socket_create_source (g_ptr_array_index (self->listeners, i), G_IO_IN, NULL);

      g_source_set_callback (source, G_SOURCE_FUNC (accept_cb), self, NULL);
      g_source_attach (source, NULL);
      g_ptr_array_add (self->sources, source);
    }
}

DpTableGate *
dp_table_gate_new (DpTableGateAccept accept,
                   gpointer          user_data)
{
  DpTableGate *self = g_new0 (DpTableGate, 1);

  self->accept = accept;
  self->user_data = user_data;
  self->listeners = g_ptr_array_new_with_free_func (g_object_unref);
  self->sources = g_ptr_array_new_with_free_func ((GDestroyNotify) source_destroy);
  self->peers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->conns = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) conn_free);
  self->requests_per_sec = DEFAULT_REQUESTS_PER_SEC;
  self->pending_per_peer = DEFAULT_PENDING_PER_PEER;
  self->timeout_ms = DEFAULT_TIMEOUT_MS;
  return self;
}

void
dp_table_gate_free (DpTableGate *self)
{
  if (self == NULL)
    return;
  dp_table_gate_close (self);
  g_hash_table_unref (self->conns);
  g_hash_table_unref (self->peers);
  g_ptr_array_unref (self->sources);
  g_ptr_array_unref (self->listeners);
  g_free (self);
}

static GSocket *
listen_socket (GSocketAddress  *address,
               GError         **error)
{
  g_autoptr(GSocket) socket = g_socket_new (g_socket_address_get_family (address), G_SOCKET_TYPE_STREAM,
                                            G_SOCKET_PROTOCOL_TCP, error);

  if (socket == NULL)
    return NULL;
  if (g_socket_address_get_family (address) == G_SOCKET_FAMILY_IPV6)
    g_socket_set_option (socket, IPPROTO_IPV6, IPV6_V6ONLY, 1, NULL);
  g_socket_set_blocking (socket, FALSE);
  g_socket_set_listen_backlog (socket, 64);
  if (!g_socket_bind (socket, address, TRUE, error) || !g_socket_listen (socket, error))
    return NULL;
  return g_steal_pointer (&socket);
}

static guint
socket_port (GSocket *socket)
{
  g_autoptr(GSocketAddress) local = g_socket_get_local_address (socket, NULL);

  return local != NULL ? g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (local)) : 0;
}

gboolean
dp_table_gate_listen (DpTableGate  *self,
                      const char   *address,
                      guint         port,
                      GError      **error)
{
  GSocket *socket;

  g_return_val_if_fail (self->listeners->len == 0, FALSE);

  if (address != NULL)
    {
      g_autoptr(GSocketAddress) socket_address = g_inet_socket_address_new_from_string (address, port);

      if (socket_address == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("“%s” is not an IP address"), address);
          return FALSE;
        }
      if ((socket = listen_socket (socket_address, error)) == NULL)
        return FALSE;
      g_ptr_array_add (self->listeners, socket);
    }
  else
    {
      g_autoptr(GInetAddress) any4 = g_inet_address_new_any (G_SOCKET_FAMILY_IPV4);
      g_autoptr(GInetAddress) any6 = g_inet_address_new_any (G_SOCKET_FAMILY_IPV6);
      g_autoptr(GSocketAddress) address4 = g_inet_socket_address_new (any4, port);
      g_autoptr(GSocketAddress) address6 = NULL;

      if ((socket = listen_socket (address4, error)) == NULL)
        return FALSE;
      g_ptr_array_add (self->listeners, socket);
      /* The same port on IPv6 where the machine has it; IPv4 alone is enough. */
      address6 = g_inet_socket_address_new (any6, socket_port (socket));
      if ((socket = listen_socket (address6, NULL)) != NULL)
        g_ptr_array_add (self->listeners, socket);
    }
  self->port = socket_port (g_ptr_array_index (self->listeners, 0));
  start_accepting (self);
  return TRUE;
}

void
dp_table_gate_close (DpTableGate *self)
{
  g_clear_handle_id (&self->resume_id, g_source_remove);
  g_ptr_array_set_size (self->sources, 0);
  for (guint i = 0; i < self->listeners->len; i++)
    g_socket_close (g_ptr_array_index (self->listeners, i), NULL);
  g_ptr_array_set_size (self->listeners, 0);
  self->port = 0;
}

guint
dp_table_gate_get_port (DpTableGate *self)
{
  return self->port;
}

void
dp_table_gate_set_limits (DpTableGate *self,
                          guint        requests_per_sec,
                          guint        pending_per_address,
                          guint        timeout_ms)
{
  if (requests_per_sec > 0)
    self->requests_per_sec = requests_per_sec;
  if (pending_per_address > 0)
    self->pending_per_peer = pending_per_address;
  if (timeout_ms > 0)
    self->timeout_ms = timeout_ms;
}

gboolean
dp_table_bucket_spend (double *budget,
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

gboolean
dp_table_gate_spend (DpTableGate *self,
                     const char  *address)
{
  Peer *peer = get_peer (self, address != NULL ? address : "?");

  return dp_table_bucket_spend (&peer->budget, &peer->refilled, self->requests_per_sec);
}

void
dp_table_gate_upgraded (DpTableGate    *self,
                        GSocketAddress *remote)
{
  g_autofree char *host = NULL;
  g_autofree char *key = dup_key (remote, &host);
  Conn *conn = g_hash_table_lookup (self->conns, key);

  if (conn != NULL)
    conn_unpend (conn);
}

guint
dp_table_gate_get_n_open (DpTableGate *self)
{
  return g_hash_table_size (self->conns);
}
