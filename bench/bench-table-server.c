/* bench-table-server.c — phones at the table on loopback: latency and memory
 *
 * Issue 18, "Done when": "with 8 simulated phones on loopback, the time from a phone's
 * action to every client having the new state (median and p99; goal p99 < 50 ms on this
 * machine), and 100 connected clients held for a minute without growth in memory."
 *
 *   bench-table-server [--actions N] [--hold-seconds S] [--clients C]
 *
 * The server and the simulated phones share one thread and one main loop, so a latency
 * includes every phone reading its message in turn: the slowest case, one core. Every
 * action is a real one (the first the engine lists as legal), stored with fsync by the
 * session like the window's, then sent to every phone. Prints figures, asserts nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <libsoup/soup.h>
#include <locale.h>
#include <string.h>

#include "bench-phones.h"
#include "bench-util.h"

static gboolean
done_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
iterate_while (gboolean (*pending) (gpointer), gpointer data)
{
  while (pending (data))
    g_main_context_iteration (NULL, TRUE);
}

typedef struct
{
  Phone *phones;
  guint  n;
  gint64 at;
} Wait;

static gboolean
not_all_at (gpointer user_data)
{
  Wait *wait = user_data;

  for (guint i = 0; i < wait->n; i++)
    if (wait->phones[i].ws == NULL || wait->phones[i].at != wait->at)
      return TRUE;
  return FALSE;
}

static Phone *
connect_phones (SoupSession *http,
                const char  *url,
                guint        n,
                guint        n_seats)
{
  Phone *phones = g_new0 (Phone, n);
  Wait wait = { phones, n, 0 };

  for (guint i = 0; i < n; i++)
    bench_phone_connect (&phones[i], http, url);
  for (guint i = 0; i < n; i++)
    {
      while (phones[i].ws == NULL)
        g_main_context_iteration (NULL, TRUE);
      if (i < n_seats)
        {
          g_autofree char *claim = g_strdup_printf ("{\"type\":\"claim\",\"seat\":%u}", i);
          phones[i].seat = i;
          soup_websocket_connection_send_text (phones[i].ws, claim);
        }
      else
        soup_websocket_connection_send_text (phones[i].ws, "{\"type\":\"hello\",\"lang\":\"en\"}");
    }
  iterate_while (not_all_at, &wait);
  return phones;
}

static void
free_phones (Phone *phones,
             guint  n)
{
  for (guint i = 0; i < n; i++)
    {
      bench_phone_close (&phones[i]);
      g_free (phones[i].seat_token);
    }
  g_free (phones);
}

static DpSession *
new_game (DpStore *store)
{
  g_autoptr(GError) error = NULL;
  DpSession *session = dp_session_new (store, "{\"game\":\"calavera\",\"players\":[\"Ina\",\"Sami\",\"Tom\",\"Uli\"]}", &error);

  if (session == NULL)
    g_error ("%s", error->message);
  return session;
}

int
main (int    argc,
      char **argv)
{
  int n_actions = 300;
  int hold_seconds = 60;
  int n_clients = 100;
  GOptionEntry entries[] = {
    { "actions", 0, 0, G_OPTION_ARG_INT, &n_actions, "Actions timed with 8 phones (default 300)", "N" },
    { "hold-seconds", 0, 0, G_OPTION_ARG_INT, &hold_seconds, "How long the clients are held (default 60)", "S" },
    { "clients", 0, 0, G_OPTION_ARG_INT, &n_clients, "Clients held (default 100)", "C" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *db = NULL;
  g_autoptr(DpStore) store = NULL;
  g_autoptr(SoupSession) http = NULL;
  g_autoptr(GProxyResolver) direct = g_simple_proxy_resolver_new (NULL, NULL);
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (double));

  setlocale (LC_ALL, "");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    g_error ("%s", error->message);

  dir = g_dir_make_tmp ("dicepad-bench-server-XXXXXX", &error);
  db = g_build_filename (dir, "games.db", NULL);
  store = dp_store_open (db, &error);
  if (store == NULL)
    g_error ("%s", error->message);
  http = soup_session_new_with_options ("proxy-resolver", direct, "max-conns", 1000, "max-conns-per-host", 1000, NULL);

  /* ---- 8 phones: 4 seated players and 4 watching ---- */
  while ((int) samples->len < n_actions)
    {
      g_autoptr(DpSession) session = new_game (store);
      g_autoptr(DpTableServer) server = dp_table_server_new (session, NULL);
      g_autofree char *url = NULL;
      Phone *phones;

      /* A phone here enters far faster than a player's 10 a second: lift the rate limit. */
      dp_table_server_set_limits (server, 0, 100000);
      if (!dp_table_server_start (server, "127.0.0.1", 0, &error))
        g_error ("%s", error->message);
      url = dp_table_server_dup_url (server);
      phones = connect_phones (http, url, 8, 4);

      while ((int) samples->len < n_actions)
        {
          const DpGame *game = dp_session_get_game (session);
          guint seat = 0;
          g_autofree char *action = bench_next_action (game, &seat);
          g_autofree char *message = NULL;
          gint64 at = dp_game_get_n_actions (game);
          Wait wait = { phones, 8, at + 1 };
          gint64 start;
          double ms;

          if (action == NULL)
            break;
          message = g_strdup_printf ("{\"type\":\"action\",\"at\":%" G_GINT64_FORMAT ",\"action\":%s}", at, action);
          start = g_get_monotonic_time ();
          soup_websocket_connection_send_text (phones[seat].ws, message);
          iterate_while (not_all_at, &wait);
          ms = (g_get_monotonic_time () - start) / 1000.0;
          g_array_append_val (samples, ms);
        }
      free_phones (phones, 8);
      dp_table_server_stop (server);
    }
  {
    double median = bench_median_array (samples);
    double *sorted = (double *) (void *) samples->data;
    double p99 = sorted[MIN (samples->len - 1, (guint) (samples->len * 0.99))];

    g_print ("8 phones on loopback, %u actions (stored with fsync, then sent to all):\n", samples->len);
    g_print ("  action → every phone has the new state: median %.2f ms, p99 %.2f ms, max %.2f ms (goal: p99 < 50 ms)\n",
             median, p99, sorted[samples->len - 1]);
  }

  /* ---- 100 clients held ---- */
  {
    g_autoptr(DpSession) session = new_game (store);
    g_autoptr(DpTableServer) server = dp_table_server_new (session, NULL);
    g_autofree char *url = NULL;
    Phone *phones;
    gsize rss_start, rss_end;
    gint64 until;
    guint n_rounds = 0;

    dp_table_server_set_limits (server, n_clients + 8, 0);
    /* Every client here comes from 127.0.0.1 at once; phones have an address each. */
    dp_table_server_set_http_limits (server, 0, n_clients + 8, 0);
    if (!dp_table_server_start (server, "127.0.0.1", 0, &error))
      g_error ("%s", error->message);
    url = dp_table_server_dup_url (server);
    phones = connect_phones (http, url, n_clients, 4);

    /* One warm-up round of entries, then measure. */
    for (int round = 0; round < 2; round++)
      {
        const DpGame *game = dp_session_get_game (session);
        guint seat = 0;
        g_autofree char *action = bench_next_action (game, &seat);
        Wait wait = { phones, n_clients, dp_game_get_n_actions (game) + 1 };

        dp_session_apply_text (session, action, NULL);
        iterate_while (not_all_at, &wait);
        dp_session_undo (session, NULL);
        wait.at--;
        iterate_while (not_all_at, &wait);
      }
    rss_start = bench_rss_kib ();
    until = g_get_monotonic_time () + (gint64) hold_seconds * G_USEC_PER_SEC;
    /* Once a second an entry and its undo reach every client; keepalive pings run. */
    while (g_get_monotonic_time () < until)
      {
        const DpGame *game = dp_session_get_game (session);
        guint seat = 0;
        g_autofree char *action = bench_next_action (game, &seat);
        Wait wait = { phones, n_clients, dp_game_get_n_actions (game) + 1 };
        gboolean tick = FALSE;

        dp_session_apply_text (session, action, NULL);
        iterate_while (not_all_at, &wait);
        dp_session_undo (session, NULL);
        wait.at--;
        iterate_while (not_all_at, &wait);
        n_rounds++;
        g_timeout_add (1000, done_cb, &tick);
        while (!tick)
          g_main_context_iteration (NULL, TRUE);
      }
    rss_end = bench_rss_kib ();
    g_print ("%d clients held for %d s (%u rounds of an entry and its undo sent to all, %u connected at the end):\n",
             n_clients, hold_seconds, n_rounds, dp_table_server_get_n_connections (server));
    g_print ("  resident memory %" G_GSIZE_FORMAT " KiB → %" G_GSIZE_FORMAT " KiB (%+" G_GSSIZE_FORMAT " KiB)\n",
             rss_start, rss_end, (gssize) rss_end - (gssize) rss_start);
    free_phones (phones, n_clients);
    dp_table_server_stop (server);
  }

  g_clear_object (&store);
  bench_remove_scratch (dir);
  return 0;
}
