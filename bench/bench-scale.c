/* bench-scale.c — History and Statistics queries at 10,000, 100,000 and 1,000,000 games
 *
 * Issue 26, item 11: "one letter typed in search takes 0.27 s at 10,000 games and
 * 1.6–1.8 s at 1,000,000, on the main thread … Statistics' 'last 100 totals' and
 * 'latest game' at 39 ms each at 1,000,000 … Target: every History and Statistics
 * query under 20 ms at 1,000,000 games". Prints, per database size, the median time of
 * what the window does on its own thread:
 *  - History: a reload (up to 200 keys: the length, or the lower bound while the worker
 *    counts) plus the first page of 50 rows, unfiltered, searched ("a": most players
 *    match; "zo", "jür": a few) and filtered by a player (alone, and with a game kind);
 *    a deep page (the middle of the list, from its key);
 *  - Statistics: one player's last 100 totals of one game and the latest game (its
 *    summary and its log, as the progression chart reads them);
 * and, for comparison, the way the queries were written before (`g.id IN (SELECT …
 * seats …)` plus a count), and the count the worker makes (off the window's thread).
 *
 *   bench-scale [--sizes 10000,100000,1000000] [--runs N] [--migration]
 *
 * The databases are made fast with SQL, once, and kept next to this program
 * (bench-scale-N.db; delete them to make them again): the two golden games (a whole
 * Calavera game, a Cubitos race) are imported 10 times each as the newest games, then
 * copied N times by INSERT … SELECT over 300 players (seats spread evenly; every tenth
 * copy in progress). Copies have no actions and no statistics rows (the queries timed
 * read neither; the newest, real games are the ones whose log is read). --migration
 * also times migrating the largest database from version 7 (player_games filled from
 * every seat, its indexes and triggers; the backup copy made first is timed apart).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "bench-golden.h"
#include "bench-util.h"
#include "dp-store-private.h"

#define N_TEMPLATES   20   /* imported real games: the golden two, 10 times each */
#define N_PLAYERS     300

static const char *const named_players[] = { "Ina", "Sami", "Zoë", "Jürgen", "O'Brien", "Émile", "Lea", "Tom" };

static void
exec_sql (sqlite3    *db,
          const char *sql)
{
  char *message = NULL;

  if (sqlite3_exec (db, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", sql, message);
}

static void
exec_printf (sqlite3    *db,
             const char *format,
             ...) G_GNUC_PRINTF (2, 3);

static void
exec_printf (sqlite3    *db,
             const char *format,
             ...)
{
  va_list args;
  g_autofree char *sql = NULL;

  va_start (args, format);
  sql = g_strdup_vprintf (format, args);
  va_end (args);
  exec_sql (db, sql);
}

/* The newest games: real ones, imported (and so replayable). */
static void
import_templates (DpStore    *store,
                  const char *scratch,
                  gint64      newest)
{
  g_autoptr(JsonArray) golden = bench_golden_games (scratch);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  guint imported = 0;

  dp_exchange_begin_json (builder);
  for (guint i = 0; i < N_TEMPLATES; i++)
    {
      /* A deep copy (json_node_copy() would share the object). */
      g_autofree char *text = json_to_string (json_array_get_element (golden, i % json_array_get_length (golden)), FALSE);
      g_autoptr(JsonNode) copy = json_from_string (text, NULL);
      JsonObject *game = json_node_get_object (copy);
      g_autofree char *id = g_strdup_printf ("template-%02u", i);
      gint64 created = newest - (N_TEMPLATES - i) * 600;

      json_object_set_string_member (game, "id", id);
      json_object_set_int_member (game, "created", created);
      if (json_object_get_int_member (game, "finished") != 0)
        json_object_set_int_member (game, "finished", created + 300);
      json_builder_add_value (builder, g_steal_pointer (&copy));
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  if (!dp_store_import (store, root, &imported, NULL, &error))
    g_error ("Cannot import the templates: %s", error->message);
}

/* A database of @n games (kept as @path). */
static void
make_database (const char *path,
               guint       n,
               const char *scratch)
{
  g_autofree char *partial = g_strconcat (path, ".partial", NULL);
  g_autoptr(DpStore) store = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start = 1500000000, newest = start + (gint64) n * 600 + N_TEMPLATES * 600 + 600;
  gint64 t0 = g_get_monotonic_time ();
  sqlite3 *db;

  g_unlink (partial);
  store = dp_store_open (partial, &error);
  if (store == NULL)
    g_error ("Cannot create %s: %s", partial, error->message);
  import_templates (store, scratch, newest);
  db = _dp_store_get_db (store);

  exec_sql (db, "BEGIN IMMEDIATE");
  for (guint i = 0; i < G_N_ELEMENTS (named_players); i++)
    {
      char *sql = sqlite3_mprintf ("INSERT OR IGNORE INTO players (name) VALUES (%Q)", named_players[i]);

      exec_sql (db, sql);
      sqlite3_free (sql);
    }
  exec_printf (db,
               "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %d) "
               "INSERT OR IGNORE INTO players (name) SELECT printf ('Player %%03d', i) FROM n",
               N_PLAYERS);
  exec_printf (db, "DELETE FROM players WHERE id NOT IN (SELECT player FROM seats) AND id NOT IN "
                   "(SELECT id FROM players ORDER BY id LIMIT %d)", N_PLAYERS);
  exec_sql (db, "CREATE TEMP TABLE tmpl AS SELECT row_number () OVER (ORDER BY id) - 1 AS k, id FROM games");
  exec_sql (db, "CREATE TEMP TABLE pl AS SELECT row_number () OVER (ORDER BY id) - 1 AS k, id FROM players");
  exec_sql (db, "CREATE INDEX temp.pl_k ON pl (k)");
  exec_sql (db, "CREATE INDEX temp.tmpl_k ON tmpl (k)");

  /* The copies: older than the templates, every tenth in progress. */
  exec_printf (db,
               "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %u) "
               "INSERT INTO games (id, uuid, kind, created, finished, state, setup, n_players, n_actions, deleted) "
               "SELECT 1000 + i, 'copy-' || i, t.kind, %" G_GINT64_FORMAT " + i * 600, "
               "CASE WHEN i %% 10 = 0 THEN 0 ELSE %" G_GINT64_FORMAT " + i * 600 + 300 END, "
               "CASE WHEN i %% 10 = 0 THEN 0 ELSE 1 END, t.setup, t.n_players, t.n_actions, 0 "
               "FROM n JOIN tmpl m ON m.k = i %% %d JOIN games t ON t.id = m.id",
               n - N_TEMPLATES, start, start, N_TEMPLATES);
  exec_printf (db,
               "INSERT INTO seats (game, seat, player, total, rank, winner) "
               "SELECT g.id, s.seat, p.id, s.total, s.rank, CASE WHEN g.state = 1 THEN s.winner ELSE 0 END "
               "FROM games g JOIN tmpl m ON m.k = (g.id - 1000) %% %d JOIN seats s ON s.game = m.id "
               "JOIN pl p ON p.k = (g.id * 7 + s.seat * 37) %% (SELECT count (*) FROM pl) "
               "WHERE g.id > 1000",
               N_TEMPLATES);
  exec_sql (db, "COMMIT");
  exec_sql (db, "PRAGMA wal_checkpoint(TRUNCATE)");
  g_clear_object (&store);

  if (g_rename (partial, path) != 0)
    g_error ("Cannot rename %s", partial);
  g_print ("made %s in %.1f s\n", path, (g_get_monotonic_time () - t0) / 1e6);
}

typedef void (*Query) (DpStore *store, gconstpointer data);

static double
time_query (DpStore       *store,
            Query          query,
            gconstpointer  data,
            guint          runs)
{
  g_autofree double *samples = g_new (double, runs);

  query (store, data);   /* warm the page cache */
  for (guint i = 0; i < runs; i++)
    {
      gint64 t0 = g_get_monotonic_time ();

      query (store, data);
      samples[i] = (g_get_monotonic_time () - t0) / 1000.0;
    }
  return bench_median (samples, runs);
}

/* What a History reload and its first rows read (dp-history-model.c). */
static void
history_first_page (DpStore       *store,
                    gconstpointer  data)
{
  const DpGameFilter *filter = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) keys = dp_store_list_game_keys (store, filter, NULL, 200, &error);
  g_autoptr(GPtrArray) page = dp_store_list_games_after (store, filter, NULL, 50, &error);

  if (keys == NULL || page == NULL)
    g_error ("%s", error->message);
}

typedef struct
{
  DpGameFilter filter;
  DpGameKey    after;
} Deep;

static void
history_deep_page (DpStore       *store,
                   gconstpointer  data)
{
  const Deep *deep = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) page = dp_store_list_games_after (store, &deep->filter, &deep->after, 50, &error);

  if (page == NULL)
    g_error ("deep page: %s", error->message);
}

/* Statistics: the last 100 totals of a player in one game (dp-statistics-page.c). */
static void
statistics_totals (DpStore       *store,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = dp_store_list_games (store, data, 0, 100, &error);

  if (games == NULL)
    g_error ("%s", error->message);
}

/* … and the latest game, its log read for the progression chart. */
static void
statistics_latest (DpStore       *store,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = dp_store_list_games (store, data, 0, 1, &error);
  g_autoptr(GPtrArray) actions = NULL;
  g_autofree char *setup = NULL;

  if (games == NULL || games->len == 0)
    g_error ("latest: %s", error != NULL ? error->message : "none");
  actions = dp_store_get_actions (store, ((DpGameSummary *) games->pdata[0])->id, &setup, &error);
  if (actions == NULL)
    g_error ("latest: %s", error->message);
}

/* What the worker does for the length and the page keys. */
static void
worker_count (DpStore       *store,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) keys = dp_store_list_game_keys (store, data, NULL, 0, &error);

  if (keys == NULL)
    g_error ("%s", error->message);
}

/* Before: the filter as `g.id IN (SELECT … seats …)`, the first page and a count. */
typedef struct
{
  const char *where;
  const char *text;
} Old;

static void
old_way (DpStore       *store,
         gconstpointer  data)
{
  const Old *old = data;
  sqlite3 *db = _dp_store_get_db (store);
  const char *forms[] = { "SELECT g.id, g.uuid, g.created FROM games g WHERE ",
                          "SELECT count (*) FROM games g WHERE " };
  const char *tails[] = { " ORDER BY g.created DESC, g.id DESC LIMIT 50", "" };

  for (guint f = 0; f < G_N_ELEMENTS (forms); f++)
    {
      g_autofree char *sql = g_strconcat (forms[f], old->where, tails[f], NULL);
      sqlite3_stmt *stmt = NULL;

      if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
        g_error ("%s: %s", sql, sqlite3_errmsg (db));
      sqlite3_bind_text (stmt, 1, old->text, -1, SQLITE_STATIC);
      while (sqlite3_step (stmt) == SQLITE_ROW)
        ;
      sqlite3_finalize (stmt);
    }
}

#define UNDO_MIGRATION_8 \
  "DROP TRIGGER player_games_seat_added; DROP TRIGGER player_games_seat_removed; " \
  "DROP TRIGGER player_games_game_removed; DROP TRIGGER player_games_seat_moved; " \
  "DROP TRIGGER player_games_game_changed; DROP TABLE player_games; PRAGMA user_version = 7;"

/* Migrating the database at @path from version 7: player_games and its triggers. */
static void
time_migration (const char *path,
                const char *scratch)
{
  g_autofree char *copy = g_build_filename (scratch, "migrate.db", NULL);
  g_autofree char *backups = g_build_filename (scratch, "migrate-backups", NULL);
  g_autofree char *sql_path = g_build_filename (SOURCE_ROOT, "src", "store", "sql", "0008-player-games.sql", NULL);
  g_autofree char *sql = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DpStore) store = NULL;
  g_autoptr(GFile) from = g_file_new_for_path (path);
  g_autoptr(GFile) to = g_file_new_for_path (copy);
  sqlite3 *db = NULL;
  gint64 t0;

  if (!g_file_get_contents (sql_path, &sql, NULL, &error) ||
      !g_file_copy (from, to, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, &error))
    g_error ("%s", error->message);
  if (sqlite3_open (copy, &db) != SQLITE_OK)
    g_error ("Cannot open %s", copy);
  exec_sql (db, UNDO_MIGRATION_8);

  /* The migration's SQL alone, in its transaction. */
  t0 = g_get_monotonic_time ();
  exec_sql (db, "BEGIN IMMEDIATE");
  exec_sql (db, sql);
  exec_sql (db, "COMMIT");
  g_print ("migration 7 → 8 (player_games from every seat), its SQL alone:     %.1f s\n",
           (g_get_monotonic_time () - t0) / 1e6);
  exec_sql (db, UNDO_MIGRATION_8);
  sqlite3_close (db);

  /* As a user meets it: dp_store_open() copies the database first ("before-upgrade"). */
  t0 = g_get_monotonic_time ();
  store = dp_store_open (copy, &error);
  if (store == NULL)
    g_error ("%s", error->message);
  g_print ("opening that version 7 database (backup copy, then the migration): %.1f s\n",
           (g_get_monotonic_time () - t0) / 1e6);
  g_clear_object (&store);
  bench_remove_scratch (backups);
  g_unlink (copy);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *bindir = g_path_get_dirname (self != NULL ? self : argv[0]);
  g_autofree char *scratch = NULL;
  g_auto(GStrv) sizes = g_strsplit ("10000,100000,1000000", ",", -1);
  g_autofree char *largest = NULL;
  g_autoptr(GError) error = NULL;
  gboolean migration = FALSE;
  guint runs = 11;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--sizes") == 0 && i + 1 < argc)
        {
          g_strfreev (sizes);
          sizes = g_strsplit (argv[++i], ",", -1);
        }
      else if (strcmp (argv[i], "--runs") == 0 && i + 1 < argc)
        {
          int value = atoi (argv[++i]);

          runs = (guint) MAX (1, value);
        }
      else if (strcmp (argv[i], "--migration") == 0)
        migration = TRUE;
      else
        {
          g_printerr ("usage: bench-scale [--sizes 10000,100000,1000000] [--runs N] [--migration]\n");
          return 2;
        }
    }

  setlocale (LC_ALL, "");
  scratch = g_dir_make_tmp ("bench-scale-XXXXXX", &error);
  g_assert_no_error (error);

  g_print ("medians of %u runs, in ms (the window's thread; target: under 20 ms)\n", runs);
  for (guint s = 0; sizes[s] != NULL; s++)
    {
      guint n = (guint) g_ascii_strtoull (sizes[s], NULL, 10);
      g_autofree char *path = g_strdup_printf ("%s/bench-scale-%u.db", bindir, n);
      g_autoptr(DpStore) store = NULL;
      DpGameFilter all = DP_GAME_FILTER_INIT;
      DpGameFilter search_a = DP_GAME_FILTER_INIT, search_zo = DP_GAME_FILTER_INIT, search_jur = DP_GAME_FILTER_INIT;
      DpGameFilter player = DP_GAME_FILTER_INIT, player_kind = DP_GAME_FILTER_INIT, totals = DP_GAME_FILTER_INIT;
      Old old_search = { "g.deleted = 0 AND g.id IN (SELECT s.game FROM seats s WHERE s.player IN "
                         "(SELECT id FROM players WHERE instr (dp_casefold (name), ?) > 0))", "a" };
      Old old_player = { "g.deleted = 0 AND g.id IN (SELECT s.game FROM seats s JOIN players p ON p.id = s.player "
                         "WHERE p.name = ?)", "Ina" };
      Old old_totals = { "g.deleted = 0 AND g.kind = 'calavera' AND g.state = 1 AND g.id IN (SELECT s.game FROM seats s "
                         "JOIN players p ON p.id = s.player WHERE p.name = ?)", "Ina" };
      Deep deep = { DP_GAME_FILTER_INIT, { 0, 0 } };
      Deep deep_player = { DP_GAME_FILTER_INIT, { 0, 0 } };

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        make_database (path, n, scratch);
      store = dp_store_open (path, &error);
      if (store == NULL)
        g_error ("%s: %s", path, error->message);
      g_clear_pointer (&largest, g_free);
      largest = g_strdup (path);

      search_a.search = "a";
      search_zo.search = "zo";
      search_jur.search = "jür";
      player.player = "Ina";
      player_kind.player = "Ina";
      player_kind.kind = "cubitos";
      totals.player = "Ina";
      totals.kind = "calavera";
      totals.state = DP_GAME_STATE_FINISHED;
      deep_player.filter.player = "Ina";

      /* Keys in the middle of the list, for a deep page. */
      {
        g_autoptr(GArray) keys = dp_store_list_game_keys (store, &all, NULL, 0, NULL);
        g_autoptr(GArray) ina = dp_store_list_game_keys (store, &player, NULL, 0, NULL);

        deep.after = g_array_index (keys, DpGameKey, keys->len / 2);
        deep_player.after = g_array_index (ina, DpGameKey, ina->len / 4);
        g_print ("\n%u games (%u of them with Ina), %s\n", keys->len, ina->len, path);
      }

      g_print ("  History, first page:          all %7.2f | search \"a\" %7.2f | \"zo\" %7.2f | \"jür\" %7.2f\n",
               time_query (store, history_first_page, &all, runs),
               time_query (store, history_first_page, &search_a, runs),
               time_query (store, history_first_page, &search_zo, runs),
               time_query (store, history_first_page, &search_jur, runs));
      g_print ("  History, player filter:       Ina %7.2f | Ina in Cubitos %7.2f\n",
               time_query (store, history_first_page, &player, runs),
               time_query (store, history_first_page, &player_kind, runs));
      g_print ("  History, a page in the middle: all %7.2f | Ina %7.2f\n",
               time_query (store, history_deep_page, &deep, runs),
               time_query (store, history_deep_page, &deep_player, runs));
      g_print ("  Statistics, Ina in Calavera:  last 100 totals %7.2f | latest game %7.2f\n",
               time_query (store, statistics_totals, &totals, runs),
               time_query (store, statistics_latest, &totals, runs));
      g_print ("  Before (IN (SELECT … seats), page + count): search \"a\" %7.2f | Ina %7.2f | Ina's totals %7.2f\n",
               time_query (store, old_way, &old_search, MIN (runs, 3)),
               time_query (store, old_way, &old_player, MIN (runs, 3)),
               time_query (store, old_way, &old_totals, MIN (runs, 3)));
      g_print ("  The worker's count (not on the window's thread): all %7.1f | search \"a\" %7.1f | Ina %7.1f\n",
               time_query (store, worker_count, &all, MIN (runs, 3)),
               time_query (store, worker_count, &search_a, MIN (runs, 3)),
               time_query (store, worker_count, &player, MIN (runs, 3)));
    }

  if (migration && largest != NULL)
    {
      g_print ("\n");
      time_migration (largest, scratch);
    }

  bench_remove_scratch (scratch);
  return 0;
}
