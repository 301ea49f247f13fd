/* bench-facts.c — remembered facts (issue 17 item 2) for 10 and for 10,000 games
 *
 * The Cubitos window starts a game with the facts told in earlier races (card costs,
 * fan-track rewards). They used to be learnt by replaying up to 50 stored games; now the
 * store keeps them by triggers (src/store/sql/0007-known-facts.sql). This fills two fresh
 * databases with 10 and N finished Cubitos races (default N = 10,000): each is the golden
 * race tests/core/cubitos/scripts/race1-two-players.jsonl (77 actions, which tell Bob's,
 * Rollosaurus' and Smelly Cat's costs and fan spaces 1-3), its setup carrying fan spaces
 * 4-13 with values varying from race to race, so each race holds 16 facts. It prints the
 * median time of:
 *   - dp_store_dup_known_facts () (what the window reads before a new game),
 *   - deleting the newest game and restoring it (the known facts follow both ways),
 * and the time of the migration from version 6, which replays every race once to fill
 * the tables (the tables are dropped and the version set back to 6 to get there).
 * DESIGN.md asks for "the same cost for 10 or 10,000 games".
 *
 * Usage: bench-facts [N_RACES]
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

#define N_FACTS 16

/* The golden race's action lines (its setup is rebuilt per race by setup_text). */
static GPtrArray *
read_actions (void)
{
  g_autofree char *path = g_build_filename (SOURCE_ROOT, "tests", "core", "cubitos", "scripts",
                                            "race1-two-players.jsonl", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *actions = g_ptr_array_new_with_free_func (g_free);
  gboolean setup_seen = FALSE;

  if (!g_file_get_contents (path, &contents, NULL, &error))
    g_error ("%s", error->message);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (lines[i][0] != '{')
        continue;
      if (setup_seen)
        g_ptr_array_add (actions, g_strdup (lines[i]));
      setup_seen = TRUE;
    }
  return actions;
}

static char *
setup_text (guint i)
{
  GString *s = g_string_new ("{\"game\":\"cubitos\",\"players\":[\"Ina\",\"Sami\"],\"race\":1,"
                             "\"track\":\"nothing-goes-right\",\"laps\":1,\"first\":\"Ina\",\"fan_track\":{");

  for (guint space = 4; space <= 13; space++)
    g_string_append_printf (s, "%s\"%u\":{\"credits\":%u,\"supply\":%u}",
                            space > 4 ? "," : "", space, (i + space) % 4, (i / 4 + space) % 2);
  g_string_append (s, "}}");
  return g_string_free (s, FALSE);
}

/* @n races, created one second apart; returns the id of the newest. */
static char *
fill (DpStore   *store,
      GPtrArray *actions,
      guint      n)
{
  g_autoptr(GError) error = NULL;
  char *newest = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *setup = setup_text (i);
      g_autoptr(DpGame) game = dp_game_replay (setup, (const char *const *) actions->pdata, actions->len,
                                               NULL, &error);
      g_autofree char *id = g_uuid_string_random ();
      gboolean imported = FALSE;

      if (game == NULL)
        g_error ("race: %s", error->message);
      if (i % BATCH == 0 && !_dp_store_import_begin (store, &error))
        g_error ("begin: %s", error->message);
      if (!_dp_store_import_game (store, id, 1700000000 + i, 1700000000 + i, DP_GAME_STATE_FINISHED,
                                  game, actions, &imported, &error))
        g_error ("import: %s", error->message);
      if ((i % BATCH == BATCH - 1 || i == n - 1) && !_dp_store_import_commit (store, &error))
        g_error ("commit: %s", error->message);
      if (i == n - 1)
        newest = g_steal_pointer (&id);
    }
  return newest;
}

/* Seconds to open @path after putting it back to schema version 6. */
static double
migrate_from_6 (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DpStore) store = dp_store_open (path, &error);
  g_autoptr(DpStore) again = NULL;
  gint64 start;

  if (store == NULL ||
      sqlite3_exec (_dp_store_get_db (store),
                    "DROP TABLE known_facts; DROP TABLE game_facts; PRAGMA user_version = 6;",
                    NULL, NULL, NULL) != SQLITE_OK)
    g_error ("back to version 6: %s", error != NULL ? error->message : sqlite3_errmsg (_dp_store_get_db (store)));
  g_clear_object (&store);

  start = g_get_monotonic_time ();
  again = dp_store_open (path, &error);
  if (again == NULL)
    g_error ("migrate: %s", error->message);
  return (g_get_monotonic_time () - start) / 1e6;
}

/* Removes @path and everything below it (the databases, their -wal files and the backup
 * folder the migration made). */
static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
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

      if (facts == NULL || g_hash_table_size (facts) != N_FACTS)
        g_error ("known facts: %s", error != NULL ? error->message : "not all of them");
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
  g_autoptr(GPtrArray) actions = read_actions ();

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
      newest = fill (store, actions, sizes[k]);
      printf ("%6u races (%u facts each), imported in %.1f s:\n", sizes[k], N_FACTS,
              (g_get_monotonic_time () - start) / 1e6);
      printf ("  known facts (one query):          %7.3f ms\n", median_query_ms (store));
      printf ("  delete + restore the newest game: %7.3f ms\n", median_delete_restore_ms (store, newest));
      g_clear_object (&store);
      printf ("  migration from version 6:         %7.2f s (backup copy included)\n", migrate_from_6 (path));
      store = dp_store_open (path, &error);
      printf ("  known facts after it:             %7.3f ms\n", median_query_ms (store));
      g_clear_object (&store);
    }
  remove_tree (dir);
  return 0;
}
