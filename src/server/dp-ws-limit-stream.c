/* dp-ws-limit-stream.c — a limit on whole WebSocket messages (dp-ws-limit-stream.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <libsoup/soup.h>
#include <string.h>

#include "dp-ws-limit-stream.h"

struct _DpWsLimitStream
{
  GFilterInputStream parent_instance;

  guint64 max_message;
  guint8  header[14];   /* the frame header being read */
  guint   have;         /* bytes of it read so far */
  guint64 payload_left; /* bytes of the current frame's payload still to come */
  guint64 message;      /* payload bytes of the data frames of the current message */
  gboolean failed;
  GSourceFunc too_big;  /* called once, from an idle, when a message is over the limit */
  gpointer    too_big_data;
  GDestroyNotify too_big_destroy;
};

static void pollable_iface_init (GPollableInputStreamInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (DpWsLimitStream, dp_ws_limit_stream, G_TYPE_FILTER_INPUT_STREAM,
                               G_IMPLEMENT_INTERFACE (G_TYPE_POLLABLE_INPUT_STREAM, pollable_iface_init))

/* The header length once its first two bytes are known (RFC 6455 §5.2). */
static guint
header_length (const guint8 *header)
{
  guint len7 = header[1] & 0x7f;

  return 2 + (len7 == 126 ? 2 : len7 == 127 ? 8 : 0) + ((header[1] & 0x80) ? 4 : 0);
}

static guint64
payload_length (const guint8 *header)
{
  guint len7 = header[1] & 0x7f;
  guint64 length = 0;

  if (len7 < 126)
    return len7;
  for (guint i = 0; i < (len7 == 126 ? 2u : 8u); i++)
    length = (length << 8) | header[2 + i];
  return length;
}

/* Follows the frames in @data; FALSE once a message is over the limit. */
static gboolean
follow (DpWsLimitStream *self,
        const guint8    *data,
        gsize            size)
{
  gsize i = 0;

  while (i < size)
    {
      if (self->payload_left > 0)
        {
          guint64 skip = MIN (self->payload_left, (guint64) (size - i));

          self->payload_left -= skip;
          i += skip;
          continue;
        }

      self->header[self->have++] = data[i++];
      if (self->have < 2 || self->have < header_length (self->header))
        continue;

      {
        guint opcode = self->header[0] & 0x0f;
        guint64 length = payload_length (self->header);

        self->have = 0;
        self->payload_left = length;
        if (opcode >= 0x8)
          continue;  /* close, ping, pong: not part of a message */
        if (opcode != 0x0)
          self->message = 0;  /* a new text or binary message */
        if (length > self->max_message || self->message + length > self->max_message)
          return FALSE;
        self->message += length;
      }
    }
  return TRUE;
}

/* Over the limit: nothing more is read (so nothing of it reaches libsoup), and the owner
 * is told, to close the connection with 1009 (message too big). */
static gssize
checked (DpWsLimitStream  *self,
         gssize            count,
         const void       *buffer,
         GError          **error)
{
  if (count <= 0 || self->failed)
    return count;
  if (!follow (self, buffer, (gsize) count))
    {
      self->failed = TRUE;
      if (self->too_big != NULL)
        g_idle_add_full (G_PRIORITY_DEFAULT, self->too_big, g_steal_pointer (&self->too_big_data),
                         self->too_big_destroy);
      self->too_big = NULL;
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK, "Over the limit");
      return -1;
    }
  return count;
}

static gssize
dp_ws_limit_stream_read (GInputStream  *stream,
                         void          *buffer,
                         gsize          count,
                         GCancellable  *cancellable,
                         GError       **error)
{
  DpWsLimitStream *self = DP_WS_LIMIT_STREAM (stream);
  GInputStream *base = g_filter_input_stream_get_base_stream (G_FILTER_INPUT_STREAM (self));

  if (self->failed)
    return 0;
  return checked (self, g_input_stream_read (base, buffer, count, cancellable, error), buffer, error);
}

static gboolean
dp_ws_limit_stream_can_poll (GPollableInputStream *stream)
{
  GInputStream *base = g_filter_input_stream_get_base_stream (G_FILTER_INPUT_STREAM (stream));

  return G_IS_POLLABLE_INPUT_STREAM (base) && g_pollable_input_stream_can_poll (G_POLLABLE_INPUT_STREAM (base));
}

static gboolean
dp_ws_limit_stream_is_readable (GPollableInputStream *stream)
{
  GInputStream *base = g_filter_input_stream_get_base_stream (G_FILTER_INPUT_STREAM (stream));

  return !DP_WS_LIMIT_STREAM (stream)->failed && g_pollable_input_stream_is_readable (G_POLLABLE_INPUT_STREAM (base));
}

static GSource *
dp_ws_limit_stream_create_source (GPollableInputStream *stream,
                                  GCancellable         *cancellable)
{
  GInputStream *base = g_filter_input_stream_get_base_stream (G_FILTER_INPUT_STREAM (stream));
  g_autoptr(GSource) base_source = NULL;

  /* Over the limit: never ready again (the close handshake times out in libsoup). */
  if (DP_WS_LIMIT_STREAM (stream)->failed)
    return g_pollable_source_new_full (stream, NULL, cancellable);
  /* Ready whenever the socket is; the callback is the caller's. */
  base_source = g_pollable_input_stream_create_source (G_POLLABLE_INPUT_STREAM (base), NULL);
  return g_pollable_source_new_full (stream, base_source, cancellable);
}

static gssize
dp_ws_limit_stream_read_nonblocking (GPollableInputStream  *stream,
                                     void                  *buffer,
                                     gsize                  count,
                                     GError               **error)
{
  DpWsLimitStream *self = DP_WS_LIMIT_STREAM (stream);
  GInputStream *base = g_filter_input_stream_get_base_stream (G_FILTER_INPUT_STREAM (self));

  if (self->failed)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK, "Over the limit");
      return -1;
    }
  return checked (self, g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (base),
                                                                  buffer, count, NULL, error),
                  buffer, error);
}

static void
pollable_iface_init (GPollableInputStreamInterface *iface)
{
  iface->can_poll = dp_ws_limit_stream_can_poll;
  iface->is_readable = dp_ws_limit_stream_is_readable;
  iface->create_source = dp_ws_limit_stream_create_source;
  iface->read_nonblocking = dp_ws_limit_stream_read_nonblocking;
}

static void
dp_ws_limit_stream_finalize (GObject *object)
{
  DpWsLimitStream *self = DP_WS_LIMIT_STREAM (object);

  if (self->too_big_data != NULL && self->too_big_destroy != NULL)
    self->too_big_destroy (self->too_big_data);
  G_OBJECT_CLASS (dp_ws_limit_stream_parent_class)->finalize (object);
}

static void
dp_ws_limit_stream_class_init (DpWsLimitStreamClass *klass)
{
  GInputStreamClass *input_class = G_INPUT_STREAM_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = dp_ws_limit_stream_finalize;
  input_class->read_fn = dp_ws_limit_stream_read;
}

static void
dp_ws_limit_stream_init (DpWsLimitStream *self)
{
}

void
dp_ws_limit_stream_set_too_big_func (DpWsLimitStream *self,
                                     GSourceFunc      func,
                                     gpointer         data,
                                     GDestroyNotify   destroy)
{
  g_return_if_fail (DP_IS_WS_LIMIT_STREAM (self));

  if (self->too_big_data != NULL && self->too_big_destroy != NULL)
    self->too_big_destroy (self->too_big_data);
  self->too_big = func;
  self->too_big_data = data;
  self->too_big_destroy = destroy;
}

GInputStream *
dp_ws_limit_stream_new (GInputStream *base,
                        guint64       max_message)
{
  DpWsLimitStream *self;

  g_return_val_if_fail (G_IS_POLLABLE_INPUT_STREAM (base), NULL);

  self = g_object_new (DP_TYPE_WS_LIMIT_STREAM, "base-stream", base, "close-base-stream", FALSE, NULL);
  self->max_message = max_message;
  return G_INPUT_STREAM (self);
}

/* ---- The connection with that input: closing it closes the stolen one ---- */

#define DP_TYPE_WS_LIMIT_IO_STREAM (dp_ws_limit_io_stream_get_type ())
G_DECLARE_FINAL_TYPE (DpWsLimitIoStream, dp_ws_limit_io_stream, DP, WS_LIMIT_IO_STREAM, GIOStream)

struct _DpWsLimitIoStream
{
  GIOStream     parent_instance;
  GIOStream    *base;
  GInputStream *input;
};

G_DEFINE_FINAL_TYPE (DpWsLimitIoStream, dp_ws_limit_io_stream, G_TYPE_IO_STREAM)

static GInputStream *
io_get_input_stream (GIOStream *stream)
{
  return DP_WS_LIMIT_IO_STREAM (stream)->input;
}

static GOutputStream *
io_get_output_stream (GIOStream *stream)
{
  return g_io_stream_get_output_stream (DP_WS_LIMIT_IO_STREAM (stream)->base);
}

static gboolean
io_close (GIOStream     *stream,
          GCancellable  *cancellable,
          GError       **error)
{
  return g_io_stream_close (DP_WS_LIMIT_IO_STREAM (stream)->base, cancellable, error);
}

static void
io_closed_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (g_io_stream_close_finish (G_IO_STREAM (source), result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* On the main loop, as the stolen stream closes itself (not in a thread). */
static void
io_close_async (GIOStream           *stream,
                int                  io_priority,
                GCancellable        *cancellable,
                GAsyncReadyCallback  callback,
                gpointer             user_data)
{
  GTask *task = g_task_new (stream, cancellable, callback, user_data);

  g_io_stream_close_async (DP_WS_LIMIT_IO_STREAM (stream)->base, io_priority, cancellable, io_closed_cb, task);
}

static gboolean
io_close_finish (GIOStream     *stream,
                 GAsyncResult  *result,
                 GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
dp_ws_limit_io_stream_finalize (GObject *object)
{
  DpWsLimitIoStream *self = DP_WS_LIMIT_IO_STREAM (object);

  g_clear_object (&self->input);
  g_clear_object (&self->base);
  G_OBJECT_CLASS (dp_ws_limit_io_stream_parent_class)->finalize (object);
}

static void
dp_ws_limit_io_stream_class_init (DpWsLimitIoStreamClass *klass)
{
  GIOStreamClass *io_class = G_IO_STREAM_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = dp_ws_limit_io_stream_finalize;
  io_class->get_input_stream = io_get_input_stream;
  io_class->get_output_stream = io_get_output_stream;
  io_class->close_fn = io_close;
  io_class->close_async = io_close_async;
  io_class->close_finish = io_close_finish;
}

static void
dp_ws_limit_io_stream_init (DpWsLimitIoStream *self)
{
}

GIOStream *
dp_ws_limit_io_stream_new (GIOStream *stream,
                           guint64    max_message)
{
  DpWsLimitIoStream *self;

  g_return_val_if_fail (G_IS_IO_STREAM (stream), NULL);

  self = g_object_new (DP_TYPE_WS_LIMIT_IO_STREAM, NULL);
  self->base = g_object_ref (stream);
  self->input = dp_ws_limit_stream_new (g_io_stream_get_input_stream (stream), max_message);
  return G_IO_STREAM (self);
}
