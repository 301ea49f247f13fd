/* phone-test-util.h — a phone at the table, spoken by libsoup's own client
 *
 * For tests that run a DpTableServer on 127.0.0.1 in their own main loop: the server
 * tests (test-table-server.c) and the window's (tests/ui/test-third-game.c plays a
 * test-only game on phones). Every wait is bounded: a missing answer fails the test
 * instead of hanging it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

G_BEGIN_DECLS

#define PHONE_WAIT_SECONDS 10

typedef struct
{
  SoupWebsocketConnection *ws;
  GQueue                   messages;  /* JsonObject* */
  gboolean                 closed;
  gushort                  close_code;
  char                    *seat_token;
} Phone;

/* Runs the main loop until *@done or the bounded wait is over; returns *@done. */
gboolean                 iterate_until (const gboolean *done);
/* A client session with direct connections (no proxy). */
SoupSession             *phone_http_session_new (void);

/* Opens a WebSocket to @url + "ws" (@url: the table's address, ending in "/"); NULL with
 * @error when the handshake fails. */
SoupWebsocketConnection *phone_open_socket (SoupSession *http, const char *url, GError **error);
/* A phone connected to the table at @url that said nothing yet. */
Phone                   *phone_connect (SoupSession *http, const char *url);
/* A phone that said hello (in English) and sat down at @seat; seat_token is set. */
Phone                   *phone_connect_seated (SoupSession *http, const char *url, guint seat);
void                     phone_free (Phone *phone);
void                     phone_send (Phone *phone, const char *text);
/* Sends {"type": "action", "at": @at, "action": @action_text} (@action_text: JSON). */
void                     phone_send_action (Phone *phone, gint64 at, const char *action_text);
/* The next message of @type (earlier ones of other types are dropped); fails the test
 * when none comes. */
JsonObject              *phone_wait (Phone *phone, const char *type);
/* The phone's state at log position @at (and as seat @seat). */
JsonObject              *phone_wait_state_at (Phone *phone, gint64 at);
JsonObject              *phone_wait_seat (Phone *phone, gint64 seat, gint64 at);
void                     phone_wait_closed (Phone *phone);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Phone, phone_free)

G_END_DECLS
