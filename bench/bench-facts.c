/* bench-facts.c — remembered facts (issue 17 item 2) for 10 and for 10,000 games
 *
 * The Cubitos window starts a game with the facts told in earlier races (card costs,
 * fan-track rewards). They used to be learnt by replaying up to 50 stored games; now the
 * store keeps them by triggers (src/store/sql/0007-known-facts.sql). This fills two fresh
 * databases with N and 10 Cubitos games (default N = 10,000), each holding 14 facts
 * (Bob's cost and all 13 fan-track spaces, the values varying from game to game), and
 * prints the median time of:
 *   - dp_store_dup_known_facts () (what the window reads before a new game),
 *   - deleting the newest game and restoring it (the known facts follow both ways).
 * DESIGN.md asks for "the same cost for 10 or 10,000 games".
 *
 * Usage: bench-facts [N_GAMES]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>

#include "dp-store.h"
#include "dp-store-private.h"
#include "bench-util.h"

#define BATCH 500
#define REPEATS 21

static char *
setup_text (guint i)
{
  GString *s = g_string_new ("{\"game\":\"cubitos\",\"players\":[\"Ina\",\"Sami\"],\"race\":1,");

  g_string_append_printf (s, "\"costs\":{\"bob\":%u},\"fan_track\":{", 1 + i % 9);
  for (guint space = 1; space <= 13; space++)
    g_string_append_printf (s, "%s\"%u\":{\"credits\":%u,\"supply\":%u}",
                            space > 1 ? "," : "", space, (i + space) % 4, (i / 4 + space) % 2);
  g_string_append (s, "}}");
  return g_string_free (s, FALSE);
}

/* @n games, created one second apart; returns the id of the newest. */
static char *
fill (DpStore *store,
      guint    n)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();
  char *newest = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *setup = setup_text (i);
      g_autoptr(DpGame) game = dp_game_new_from_text (setup, &error);
      g_autofree char *id = g_uuid_string_random ();
      gboolean imported = FALSE;

      if (game == NULL)
        g_error ("setup: %s", error->message);
      if (i % BATCH == 0 && !_dp_store_import_begin (store, &error))
        g_error ("begin: %s", error->message);
      if (!_dp_store_import_game (store, id, 1700000000 + i, 0, DP_GAME_STATE_IN_PROGRESS,
                                  game, texts, &imported, &error))
        g_error ("import: %s", error->message);
      if ((i % BATCH == BATCH - 1 || i == n - 1) && !_dp_store_import_commit (store, &error))
        g_error ("commit: %s", error->message);
      if (i == n - 1)
        newest = g_steal_pointer (&id);
    }
  return newest;
}

static double
median_query_ms (DpStore *store)
{
  double samples[REPEATS];

  for (guint r = 0; r < REPEATS; r++)
    {
      g_autoptr(GError) error = NULL;
      gint64 start = g_get_monotonic_time ();
      g_autoptr(GHashTable) facts = dp_store_dup_known_facts (store, "cubitos", &error);

      if (facts == NULL || g_hash_table_size (facts) != 14)
        g_error ("known facts: %s", error != NULL ? error->message : "not 14");
      samples[r] = (g_get_monotonic_time () - start) / 1000.0;
    }
  return bench_median (samples, REPEATS);
}

static double
median_delete_restore_ms (DpStore    *store,
                          const char *newest)
{
  double samples[REPEATS];

  for (guint r = 0; r < REPEATS; r++)
    {
      g_autoptr(GError) error = NULL;
      gint64 start = g_get_monotonic_time ();

      if (!dp_store_set_deleted (store, newest, TRUE, &error) ||
          !dp_store_set_deleted (store, newest, FALSE, &error))
        g_error ("delete/restore: %s", error->message);
      samples[r] = (g_get_monotonic_time () - start) / 1000.0;
    }
  return bench_median (samples, REPEATS);
}

int
main (int   argc,
      char *argv[])
{
  guint n = argc > 1 ? (guint) strtoul (argv[1], NULL, 10) : 10000;
  g_autofree char *dir = g_dir_make_tmp ("dicepad-bench-facts-XXXXXX", NULL);
  guint sizes[2] = { 10, n };

  printf ("medians of %d runs:\n", REPEATS);
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      g_autofree char *name = g_strdup_printf ("facts-%u.db", sizes[k]);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(DpStore) store = dp_store_open (path, &error);
      g_autofree char *newest = NULL;
      gint64 start;

      if (store == NULL)
        g_error ("open: %s", error->message);
      start = g_get_monotonic_time ();
      newest = fill (store, sizes[k]);
      printf ("%6u games (%u facts each), filled in %.1f s:\n", sizes[k], 14,
              (g_get_monotonic_time () - start) / 1e6);
      printf ("  known facts (one query):          %7.3f ms\n", median_query_ms (store));
      printf ("  delete + restore the newest game: %7.3f ms\n", median_delete_restore_ms (store, newest));
      g_clear_object (&store);
      g_unlink (path);
    }
  g_rmdir (dir);
  return 0;
}
