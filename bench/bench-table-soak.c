/* bench-table-soak.c — an evening at the table: does the server stay as it started?
 *
 * Issue 24: "A soak bench: 8 phones play for a simulated evening (10,000 actions, 500
 * reconnects, 2,000 page loads) against the server; it prints descriptors, RSS and p99
 * latency at the start and at the end; target: flat descriptors and RSS, p99 < 50 ms."
 *
 *   bench-table-soak [--actions N] [--reconnects R] [--page-loads P] [--max-seconds S]
 *
 * 4 seated phones and 4 watchers on 127.0.0.1; each action is a legal one (stored with
 * fsync by the session, as the window's), timed from the phone's message to every phone
 * having the new state. Between actions phones drop and reconnect with their seat token,
 * and pages are loaded (the page, its script and its style). A finished game is followed
 * by a new one with its own server (as the window does). Server and phones share this
 * process and its main loop: descriptors and resident memory are the whole process's.
 * Bounded by the counts and by --max-seconds. Prints figures, asserts nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <sqlite3.h>

#include "bench-phones.h"
#include "bench-util.h"

#define N_PHONES 8
#define N_SEATS  4
#define WINDOW   500   /* actions per latency figure */

typedef struct
{
  Phone  *phones;
  gint64  at;
} Wait;

static gboolean
pending (Wait *wait)
{
  for (guint i = 0; i < N_PHONES; i++)
    if (wait->phones[i].ws == NULL || wait->phones[i].at != wait->at)
      return TRUE;
  return FALSE;
}

static void
wait_all_at (Phone  *phones,
             gint64  at)
{
  Wait wait = { phones, at };

  while (pending (&wait))
    g_main_context_iteration (NULL, TRUE);
}

/* Phone @i says hello (with its seat token) or, the first time, claims its seat. */
static void
greet (Phone *phone,
       guint  i)
{
  g_autofree char *text = NULL;

  while (phone->ws == NULL)
    g_main_context_iteration (NULL, TRUE);
  if (phone->seat_token != NULL)
    text = g_strdup_printf ("{\"type\":\"hello\",\"lang\":\"en\",\"seat_token\":\"%s\"}", phone->seat_token);
  else if (i < N_SEATS)
    text = g_strdup_printf ("{\"type\":\"claim\",\"seat\":%u}", i);
  else
    text = g_strdup ("{\"type\":\"hello\",\"lang\":\"de\"}");
  phone->seat = i;
  soup_websocket_connection_send_text (phone->ws, text);
}

typedef struct
{
  gboolean done;
  guint    status;
} Load;

static void
loaded_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Load *load = user_data;
  g_autoptr(GBytes) body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, NULL);

  load->done = TRUE;
}

/* The page, its script and its style, as a phone's browser loads them; FALSE when one
 * was not 200. */
static gboolean
load_page (SoupSession *http,
           const char  *url)
{
  const char *files[] = { "", "app.js", "style.css" };
  gboolean ok = TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *file_url = g_strconcat (url, files[i], NULL);
      g_autoptr(SoupMessage) msg = soup_message_new ("GET", file_url);
      Load load = { FALSE, 0 };

      soup_session_send_and_read_async (http, msg, G_PRIORITY_DEFAULT, NULL, loaded_cb, &load);
      while (!load.done)
        g_main_context_iteration (NULL, TRUE);
      ok = ok && soup_message_get_status (msg) == SOUP_STATUS_OK;
    }
  return ok;
}

typedef struct
{
  DpSession     *session;
  DpTableServer *server;
  char          *url;
} Table;

static void
table_open (Table       *table,
            DpStore     *store,
            Phone       *phones,
            SoupSession *http)
{
  g_autoptr(GError) error = NULL;

  table->session = dp_session_new (store, "{\"game\":\"calavera\",\"players\":[\"Ina\",\"Sami\",\"Tom\",\"Uli\"]}", &error);
  if (table->session == NULL)
    g_error ("%s", error->message);
  table->server = dp_table_server_new (table->session, NULL);
  /* The phones here enter far faster than players: lift the per-phone message rate and
   * the per-address HTTP rate (every phone is 127.0.0.1); all else as on the table. */
  dp_table_server_set_limits (table->server, 0, 100000);
  dp_table_server_set_http_limits (table->server, 100000, 0, 0);
  if (!dp_table_server_start (table->server, "127.0.0.1", 0, &error))
    g_error ("%s", error->message);
  table->url = dp_table_server_dup_url (table->server);
  for (guint i = 0; i < N_PHONES; i++)
    {
      g_clear_pointer (&phones[i].seat_token, g_free);
      bench_phone_connect (&phones[i], http, table->url);
    }
  for (guint i = 0; i < N_PHONES; i++)
    greet (&phones[i], i);
  wait_all_at (phones, dp_game_get_n_actions (dp_session_get_game (table->session)));
}

static void
table_close (Table *table,
             Phone *phones)
{
  for (guint i = 0; i < N_PHONES; i++)
    bench_phone_close (&phones[i]);
  dp_table_server_stop (table->server);
  g_clear_object (&table->server);
  g_clear_object (&table->session);
  g_clear_pointer (&table->url, g_free);
}

static void
print_figures (const char *when,
               GArray     *window,
               guint       n_done)
{
  double *sorted;

  g_array_sort (window, bench_compare_doubles);
  sorted = (double *) (void *) window->data;
  g_print ("  %-5s (after %5u actions): %3u descriptors, resident %6" G_GSIZE_FORMAT " KiB (SQLite %5lld KiB), "
           "median %.2f ms, p99 %.2f ms, max %.2f ms over the last %u actions\n",
           when, n_done, bench_n_descriptors (), bench_rss_kib (), (long long) (sqlite3_memory_used () / 1024),
           bench_median_array (window),
           sorted[MIN (window->len - 1, (guint) (window->len * 0.99))], sorted[window->len - 1], window->len);
}

int
main (int    argc,
      char **argv)
{
  int n_actions = 10000;
  int n_reconnects = 500;
  int n_page_loads = 2000;
  int max_seconds = 900;
  GOptionEntry entries[] = {
    { "actions", 0, 0, G_OPTION_ARG_INT, &n_actions, "Actions in the evening (default 10000)", "N" },
    { "reconnects", 0, 0, G_OPTION_ARG_INT, &n_reconnects, "Phones dropping and coming back (default 500)", "R" },
    { "page-loads", 0, 0, G_OPTION_ARG_INT, &n_page_loads, "Page loads: page, script, style (default 2000)", "P" },
    { "max-seconds", 0, 0, G_OPTION_ARG_INT, &max_seconds, "Stop after this long in any case (default 900)", "S" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *db = NULL;
  g_autoptr(DpStore) store = NULL;
  g_autoptr(GProxyResolver) direct = g_simple_proxy_resolver_new (NULL, NULL);
  g_autoptr(SoupSession) http = NULL;
  g_autoptr(GArray) window = g_array_new (FALSE, FALSE, sizeof (double));
  Phone phones[N_PHONES] = { { 0 } };
  Table table = { NULL, NULL, NULL };
  guint n_done = 0, n_reconnected = 0, n_loaded = 0, n_failed_loads = 0, n_games = 1;
  gint64 deadline;
  double reconnect_every, load_every;

  setlocale (LC_ALL, "");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    g_error ("%s", error->message);
  n_actions = MAX (n_actions, 2 * WINDOW);
  reconnect_every = (double) n_actions / MAX (n_reconnects, 1);
  load_every = (double) n_actions / MAX (n_page_loads, 1);
  deadline = g_get_monotonic_time () + (gint64) max_seconds * G_USEC_PER_SEC;

  dir = g_dir_make_tmp ("dicepad-bench-soak-XXXXXX", &error);
  db = g_build_filename (dir, "games.db", NULL);
  store = dp_store_open (db, &error);
  if (store == NULL)
    g_error ("%s", error->message);
  http = soup_session_new_with_options ("proxy-resolver", direct, NULL);

  g_print ("An evening at the table: %d actions, %d reconnects, %d page loads, 8 phones on 127.0.0.1\n",
           n_actions, n_reconnects, n_page_loads);
  table_open (&table, store, phones, http);
  while ((int) n_done < n_actions && g_get_monotonic_time () < deadline)
    {
      const DpGame *game = dp_session_get_game (table.session);
      guint seat = 0;
      g_autofree char *action = bench_next_action (game, &seat);
      g_autofree char *message = NULL;
      gint64 at = dp_game_get_n_actions (game);
      gint64 start;
      double ms;

      if (action == NULL)
        {
          /* The game is over: the next one, with its own address. */
          table_close (&table, phones);
          table_open (&table, store, phones, http);
          n_games++;
          continue;
        }
      message = g_strdup_printf ("{\"type\":\"action\",\"at\":%" G_GINT64_FORMAT ",\"action\":%s}", at, action);
      start = g_get_monotonic_time ();
      soup_websocket_connection_send_text (phones[seat].ws, message);
      wait_all_at (phones, at + 1);
      ms = (g_get_monotonic_time () - start) / 1000.0;
      g_array_append_val (window, ms);
      n_done++;

      /* Phones that locked or left the Wi-Fi come back with their seat token. */
      while (n_reconnected < (guint) n_reconnects && n_done >= (n_reconnected + 1) * reconnect_every)
        {
          Phone *phone = &phones[n_reconnected % N_PHONES];

          bench_phone_close (phone);
          bench_phone_connect (phone, http, table.url);
          greet (phone, n_reconnected % N_PHONES);
          wait_all_at (phones, dp_game_get_n_actions (dp_session_get_game (table.session)));
          n_reconnected++;
        }
      while (n_loaded < (guint) n_page_loads && n_done >= (n_loaded + 1) * load_every)
        {
          n_failed_loads += !load_page (http, table.url);
          n_loaded++;
        }

      if (n_done == WINDOW)
        {
          print_figures ("start", window, n_done);
          g_array_set_size (window, 0);
        }
      else if ((int) n_done > WINDOW && window->len == WINDOW && (int) n_done < n_actions)
        {
          /* A figure every quarter of the evening: flat, or growing? */
          if (n_done % (guint) (n_actions / 4) == 0)
            print_figures ("", window, n_done);
          g_array_set_size (window, 0);
        }
    }
  print_figures ("end", window, n_done);
  g_print ("  %u actions in %u games, %u reconnects, %u page loads (%u not 200), %u connections at the end\n",
           n_done, n_games, n_reconnected, n_loaded, n_failed_loads,
           dp_table_server_get_n_connections (table.server));
  table_close (&table, phones);

  g_clear_object (&store);
  bench_remove_scratch (dir);
  return 0;
}
