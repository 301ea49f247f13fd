/* dp-cli-serve.c — `dicepad-cli serve GAME-ID`: the table server without a window
 *
 * Built into the dicepad-cli program only (not the CLI library the window links), so
 * the window's library does not carry a second copy of the server's entry point.
 * docs/table-server.md.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib-unix.h>
#include <string.h>

#include "dp-cli.h"
#include "dp-cli-serve.h"
#include "dp-table-server.h"

static void
write_line (GOutputStream *stream,
            const char    *text)
{
  g_output_stream_write_all (stream, text, strlen (text), NULL, NULL, NULL);
  g_output_stream_write_all (stream, "\n", 1, NULL, NULL, NULL);
  g_output_stream_flush (stream, NULL, NULL);
}

static gboolean
quit_cb (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

int
dp_cli_serve (int            argc,
              char         **argv,
              GOutputStream *out,
              GOutputStream *err)
{
  g_autofree char *database = NULL;
  g_autofree char *address = NULL;
  g_autofree char *state = NULL;
  int port = 0;
  GOptionEntry entries[] = {
    { "database", 0, 0, G_OPTION_ARG_FILENAME, &database, N_("Use the database FILE"), N_("FILE") },
    { "address", 0, 0, G_OPTION_ARG_STRING, &address, N_("Listen only on this IP address (default: every interface)"), N_("ADDRESS") },
    { "port", 0, 0, G_OPTION_ARG_INT, &port, N_("Listen on this port (default: the game’s last port, or any free one)"), N_("PORT") },
    { "state", 0, 0, G_OPTION_ARG_FILENAME, &state, N_("Keep the phones’ tokens in FILE (default: beside the database)"), N_("FILE") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DpStore) store = NULL;
  g_autoptr(DpSession) session = NULL;
  g_autoptr(DpTableServer) server = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  g_autofree char *path = NULL;
  g_autofree char *url = NULL;

  context = g_option_context_new (_("GAME-ID — let the players’ phones join a stored game"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _("Serves the phone page until interrupted; prints the address phones open."));
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 3 || port < 0 || port > 65535)
    {
      write_line (err, error != NULL ? error->message : _("Usage: dicepad-cli serve [OPTION…] GAME-ID"));
      return DP_CLI_EXIT_MALFORMED;
    }

  path = dp_store_resolve_path (database);
  store = dp_store_open (path, &error);
  if (store != NULL)
    session = dp_session_load (store, argv[2], &error);
  if (session == NULL)
    {
      write_line (err, error->message);
      return DP_CLI_EXIT_MALFORMED;
    }

  /* Entries and undos from the window or dicepad-cli reach the phones (issue 24). */
  dp_session_watch (session, DP_SESSION_WATCH_MS);
  server = dp_table_server_new (session, state);
  if (!dp_table_server_start (server, address, (guint) port, &error))
    {
      write_line (err, error->message);
      return DP_CLI_EXIT_MALFORMED;
    }

  /* The first line is the address: scripts and tests read it. */
  url = dp_table_server_dup_url (server);
  write_line (out, url);

  loop = g_main_loop_new (NULL, FALSE);
  g_unix_signal_add (SIGINT, quit_cb, loop);
  g_unix_signal_add (SIGTERM, quit_cb, loop);
  g_main_loop_run (loop);

  dp_table_server_stop (server);
  return DP_CLI_EXIT_OK;
}
