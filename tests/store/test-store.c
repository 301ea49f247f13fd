/* test-store.c — the game store: round trips, undo/redo, migrations, refusals
 *
 * Each test cites what it guards: the store issue ("Game store: every entry in SQLite
 * the moment it is made …"), shared/design/ARCHITECTURE.md ("One game = one log of
 * actions", "Storage") or the Calavera rules where a game result matters.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store-test-util.h"

static const char *const four[] = { "Ina", "Sami", "Lou", "Mika", NULL };
static const char *const two[] = { "Ina", "Sami", NULL };

static DpStore *
reopen (DpStore *store)
{
  g_autofree char *path = g_strdup (dp_store_get_path (store));
  g_autoptr(GError) error = NULL;
  DpStore *again;

  g_assert_finalize_object (store);
  again = dp_store_open (path, &error);
  g_assert_no_error (error);
  return again;
}

static void
assert_same_state (const DpGame *a,
                   const DpGame *b)
{
  g_autofree char *text_a = test_state_text (a);
  g_autofree char *text_b = test_state_text (b);

  g_assert_cmpstr (text_a, ==, text_b);
  g_assert_cmpuint (dp_game_get_n_actions (a), ==, dp_game_get_n_actions (b));
}

/* Replays @actions[0..n) in memory, the reference a stored game is compared with. */
static DpGame *
memory_replay (const char *const *names,
               GPtrArray         *actions,
               guint              n)
{
  DpGame *game = test_new_game (names);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;

      dp_game_apply_text (game, g_ptr_array_index (actions, i), &error);
      g_assert_no_error (error);
    }

  return game;
}

static void
write_file (const char *path,
            const void *data,
            gsize       length)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (path);

  g_mkdir_with_parents (dir, 0700);
  g_file_set_contents (path, data, (gssize) length, &error);
  g_assert_no_error (error);
}

static gboolean
file_exists (const char *path)
{
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

/* Plays one finished game in memory and imports it (one transaction), returning its id. */
static char *
import_finished (DpStore           *store,
                 const char *const *names,
                 guint32            seed,
                 gint64             created,
                 DpGame           **game_out)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(DpGame) game = test_new_game (names);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(JsonNode) doc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = g_uuid_string_random ();
  guint imported = 0, skipped = 0;

  test_play_memory (game, rand, G_MAXUINT, texts);
  g_assert_true (dp_game_is_finished (game));

  doc = test_export_of (game, texts, id, created);
  dp_store_import (store, doc, &imported, &skipped, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (imported, ==, 1);

  if (game_out != NULL)
    *game_out = g_steal_pointer (&game);
  return g_steal_pointer (&id);
}

/* ---- Opening ---- */

/* Issue: "Open or create the database at the path from --database / DICEPAD_DATABASE /
 * the default under g_get_user_data_dir()". */
static void
test_resolve_path (void)
{
  g_autofree char *from_option = NULL;
  g_autofree char *from_env = NULL;
  g_autofree char *fallback = NULL;
  g_autofree char *expected = g_build_filename (g_get_user_data_dir (), "io.github.dicepad.Dicepad",
                                                "dicepad.db", NULL);

  g_setenv ("DICEPAD_DATABASE", "/tmp/env.db", TRUE);
  from_option = dp_store_resolve_path ("/tmp/option.db");
  from_env = dp_store_resolve_path (NULL);
  g_unsetenv ("DICEPAD_DATABASE");
  fallback = dp_store_resolve_path (NULL);

  g_assert_cmpstr (from_option, ==, "/tmp/option.db");
  g_assert_cmpstr (from_env, ==, "/tmp/env.db");
  g_assert_cmpstr (fallback, ==, expected);
}

/* Issue: "directory created with mode 0700. journal_mode=WAL, synchronous=FULL,
 * foreign_keys=ON, a busy timeout"; notes: application_id identifies our files. */
static void
test_open_creates (void)
{
  g_autofree char *path = test_db_path ("new/folder/games.db");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(DpStore) store = NULL;
  GStatBuf st;
  sqlite3 *db;

  store = dp_store_open (path, &error);
  g_assert_no_error (error);

  g_assert_cmpint (g_stat (dir, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0700);

  db = _dp_store_get_db (store);
  g_assert_cmpint (test_query_int (db, "PRAGMA foreign_keys"), ==, 1);
  g_assert_cmpint (test_query_int (db, "PRAGMA synchronous"), ==, 2); /* FULL */
  g_assert_cmpint (test_query_int (db, "PRAGMA busy_timeout"), >, 0);
  g_assert_cmpint (test_query_int (db, "PRAGMA application_id"), ==, DP_STORE_APPLICATION_ID);
  g_assert_cmpint (test_query_int (db, "PRAGMA user_version"), ==, _dp_store_get_schema_version ());
  g_assert_cmpint (test_query_int (db, "SELECT journal_mode = 'wal' FROM pragma_journal_mode"), ==, 1);
}

/* Notes: "An empty (0-byte) file or a missing one → create." */
static void
test_open_empty_file (void)
{
  g_autofree char *path = test_db_path ("empty.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(DpStore) store = NULL;

  write_file (path, "", 0);
  store = dp_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (test_query_int (_dp_store_get_db (store), "PRAGMA user_version"), ==,
                   _dp_store_get_schema_version ());
}

/* Issue: "a file that is not a Dicepad database (or is corrupt) is refused with a clear
 * message and never overwritten" — checked by hash, and no WAL left beside it. */
static void
assert_refused_untouched (const char *path,
                          int         code)
{
  g_autofree char *before = test_file_hash (path);
  g_autofree char *after = NULL;
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DpStore) store = dp_store_open (path, &error);

  g_assert_null (store);
  g_assert_error (error, DP_STORE_ERROR, code);
  g_assert_nonnull (strstr (error->message, "“"));   /* names the file */
  after = test_file_hash (path);
  g_assert_cmpstr (before, ==, after);
  g_assert_false (file_exists (wal));
}

static void
test_refuse_text_file (void)
{
  g_autofree char *path = test_db_path ("notes.db");
  static const char text[] = "Ina 42, Sami 38 — this is a shopping list, not a database\n";

  write_file (path, text, sizeof text - 1);
  assert_refused_untouched (path, DP_STORE_ERROR_NOT_A_DATABASE);

  /* A short file that happens to start like SQLite is no database either. */
  write_file (path, "SQLite format 3", 16);
  assert_refused_untouched (path, DP_STORE_ERROR_NOT_A_DATABASE);
}

/* Another program's SQLite file (other tables, no application_id) is not ours. */
static void
test_refuse_foreign_sqlite (void)
{
  g_autofree char *path = test_db_path ("foreign.db");
  g_autofree char *dir = g_path_get_dirname (path);
  sqlite3 *db = NULL;

  g_mkdir_with_parents (dir, 0700);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE recipes (name TEXT); "
                                     "INSERT INTO recipes VALUES ('soup');", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  assert_refused_untouched (path, DP_STORE_ERROR_NOT_A_DATABASE);
}

/* A Dicepad database whose pages were damaged (a bad sector, a half-copied file). */
static void
test_refuse_corrupt (void)
{
  g_autofree char *path = test_db_path ("corrupt.db");
  g_autofree char *contents = NULL;
  gsize length;
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(DpStore) store = test_open_store ("corrupt.db");
    g_autoptr(DpGame) game = test_new_game (two);
    g_autofree char *id = dp_store_create_game (store, game, &error);

    g_assert_no_error (error);
    /* Closing the last connection checkpoints the WAL into the file. */
  }

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (length, >=, 4096);

  /* Garbage over the schema page, header kept: SQLite reads the header fine and then
   * finds the schema unreadable. */
  memset (contents + 100, 0xa5, 4096 - 100);
  write_file (path, contents, length);
  assert_refused_untouched (path, DP_STORE_ERROR_NOT_A_DATABASE);
}

/* A file cut short (a copy that stopped half-way): only the first page is left. */
static void
test_refuse_truncated (void)
{
  g_autofree char *path = test_db_path ("truncated.db");
  g_autofree char *contents = NULL;
  gsize length;
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(DpStore) store = test_open_store ("truncated.db");
    g_autoptr(DpGame) game = test_new_game (two);
    g_autofree char *id = dp_store_create_game (store, game, &error);

    g_assert_no_error (error);
  }

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  write_file (path, contents, 2048);
  assert_refused_untouched (path, DP_STORE_ERROR_NOT_A_DATABASE);
}

/* Issue: "A database from a newer Dicepad is refused with a clear message and left
 * untouched." */
static void
test_refuse_newer (void)
{
  g_autofree char *path = test_db_path ("newer.db");
  g_autofree char *sql = NULL;
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(DpStore) store = test_open_store ("newer.db");

    sql = g_strdup_printf ("PRAGMA user_version = %u", _dp_store_get_schema_version () + 1);
    g_assert_cmpint (sqlite3_exec (_dp_store_get_db (store), sql, NULL, NULL, NULL), ==, SQLITE_OK);
  }

  assert_refused_untouched (path, DP_STORE_ERROR_TOO_NEW);
}

/* ---- Migrations ---- */

/* What a Dicepad of schema version 1, 2 or 3 wrote for one game (row @row, players Ina
 * and Sami with ids 1 and 2): the rows as those schemas had them. Version 1 and 2
 * differ only by tables this does not touch (redo, games.deleted). Until version 3,
 * seat_stats held only the game's own keys; from version 3 on also the store's own
 * "#games", "#wins" and "#total" (its triggers keep stat_sums). Version 4 added only
 * an index; version 5 adds "#place" rows for the finished games (the migration itself
 * writes them, from seats.rank). */
static void
fill_old_game (sqlite3      *db,
               guint         version,
               gint64        row,
               const char   *uuid,
               const DpGame *game,
               GPtrArray    *actions)
{
  g_autofree char *setup = dp_game_dup_setup_text (game);
  gboolean finished = dp_game_is_finished (game);

  test_exec_bound (db, "INSERT INTO games (id, uuid, kind, created, setup, n_players, n_actions, state, finished) "
                  "VALUES (?4, ?1, 'calavera', 1700000000 + ?4, ?2, 2, ?3, 0, 0)",
              uuid, setup, actions->len, row);
  test_exec_bound (db, "INSERT OR IGNORE INTO players (id, name, last_used) VALUES (1, 'Ina', 1700000000), "
                  "  (2, 'Sami', 1700000000)", NULL, NULL, 0, 0);

  for (guint seat = 0; seat < 2; seat++)
    {
      g_autofree char *sql = g_strdup_printf ("INSERT INTO seats (game, seat, player, total, rank, winner) "
                                              "VALUES (?4, %u, %u, %d, %u, %d)",
                                              seat, seat + 1, dp_game_get_total (game, seat),
                                              dp_game_get_rank (game, seat),
                                              finished && dp_game_is_winner (game, seat));

      test_exec_bound (db, sql, NULL, NULL, 0, row);
    }

  for (guint i = 0; i < actions->len; i++)
    test_exec_bound (db, "INSERT INTO actions (game, seq, json) VALUES (?4, ?3, ?1)",
                g_ptr_array_index (actions, i), NULL, i, row);

  if (finished)
    {
      test_exec_bound (db, "UPDATE games SET state = 1, finished = 1700009999 WHERE id = ?4", NULL, NULL, 0, row);
      for (guint seat = 0; seat < 2; seat++)
        {
          g_autoptr(JsonObject) stats = dp_game_dup_seat_stats (game, seat);
          JsonObjectIter iter;
          const char *key;
          JsonNode *value;

          json_object_iter_init (&iter, stats);
          while (json_object_iter_next (&iter, &key, &value))
            {
              g_autofree char *sql = g_strdup_printf ("INSERT INTO seat_stats (game, seat, key, value) "
                                                      "VALUES (?4, %u, ?1, %.17g)",
                                                      seat, json_node_get_double (value));

              test_exec_bound (db, sql, key, NULL, 0, row);
            }
          if (version >= 3)
            {
              g_autofree char *sql = g_strdup_printf ("INSERT INTO seat_stats (game, seat, key, value) "
                                                      "VALUES (?4, %u, '#games', 1), (?4, %u, '#wins', %d), "
                                                      "  (?4, %u, '#total', %d)",
                                                      seat, seat, dp_game_is_winner (game, seat),
                                                      seat, dp_game_get_total (game, seat));

              test_exec_bound (db, sql, NULL, NULL, 0, row);
            }
          /* Version 5 added the final place. */
          if (version >= 5)
            {
              g_autofree char *sql = g_strdup_printf ("INSERT INTO seat_stats (game, seat, key, value) "
                                                      "VALUES (?4, %u, '#place', %u)",
                                                      seat, dp_game_get_rank (game, seat));

              test_exec_bound (db, sql, NULL, NULL, 0, row);
            }
        }
    }
}

/* Issue: "Migrations from an empty file and from every earlier schema version". Each
 * older version gets the rows that version wrote — a game in progress, a finished one
 * and (from version 2, which has deletion) a deleted finished one; after the upgrade
 * the games load in exactly the state they had, the statistics count the finished
 * game and not the deleted one, and undo/redo works on the old game. */
/* player_games (version 8, kept by triggers) holds exactly one row per seat, with its
 * game's columns: the recount the History queries rely on. */
static void
assert_player_games_match (sqlite3 *db)
{
  g_assert_cmpint (test_query_int (db, "SELECT count (*) FROM player_games"), ==,
                   test_query_int (db, "SELECT count (*) FROM seats"));
  g_assert_cmpint (test_query_int (db,
                                   "SELECT count (*) FROM seats s JOIN games g ON g.id = s.game "
                                   "JOIN player_games pg ON pg.player = s.player AND pg.game = g.id "
                                   "AND pg.deleted = g.deleted AND pg.created = g.created "
                                   "AND pg.state = g.state AND pg.kind = g.kind"), ==,
                   test_query_int (db, "SELECT count (*) FROM seats"));
}

static void
open_async_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  GError *error = NULL;
  DpStore **store = data;

  *store = dp_store_open_or_read_only_finish (result, &error);
  g_assert_no_error (error);
}

/* Issue 26 ("nothing that grows with the number of stored games runs on the main thread
 * or before the first frame"): the window asks dp_store_needs_migration() — a look at
 * the header — whether opening takes long, and then opens on a worker. It is TRUE only
 * for a Dicepad database in an older format; the worker's store is migrated. */
static void
test_migrate_on_worker (void)
{
  g_autofree char *missing = test_db_path ("needs-missing.db");
  g_autofree char *text = test_db_path ("needs-text.db");
  g_autofree char *old = test_db_path ("needs-old.db");
  g_autofree char *current = test_db_path ("needs-current.db");
  g_autoptr(GError) error = NULL;
  DpStore *store = NULL;

  g_assert_false (dp_store_needs_migration (missing));
  g_assert_true (g_file_set_contents (text, "not a database, but long enough to hold a header of one hundred bytes, "
                                            "which the check reads first of all.", -1, NULL));
  g_assert_false (dp_store_needs_migration (text));
  {
    g_autoptr(DpStore) v2 = _dp_store_open_at_version (old, 2, &error);

    g_assert_no_error (error);
  }
  g_assert_true (dp_store_needs_migration (old));
  {
    g_autoptr(DpStore) now = dp_store_open (current, &error);

    g_assert_no_error (error);
  }
  g_assert_false (dp_store_needs_migration (current));

  dp_store_open_or_read_only_async (old, NULL, open_async_cb, &store);
  while (store == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (test_query_int (_dp_store_get_db (store), "PRAGMA user_version"), ==,
                   _dp_store_get_schema_version ());
  g_object_unref (store);
  g_assert_false (dp_store_needs_migration (old));
}

static void
test_migrate_every_version (void)
{
  guint current = _dp_store_get_schema_version ();

  /* A new migration needs its fixture in fill_old_game(): fail loudly until then.
   * Version 7 (known facts) needs none: Calavera games tell no facts, and
   * test-store-facts.c migrates Cubitos games from version 6. Version 8 (player_games)
   * needs none either: it is filled from the seats every version has, checked below
   * against a recount and by a filter on a player. */
  g_assert_cmpuint (current, ==, 8);

  for (guint version = 0; version < current; version++)
    {
      g_autofree char *name = g_strdup_printf ("from-%u.db", version);
      g_autofree char *path = test_db_path (name);
      g_autoptr(GRand) rand = g_rand_new_with_seed (17 + version);
      g_autoptr(DpGame) running = test_new_game (two);
      g_autoptr(DpGame) done = test_new_game (two);
      g_autoptr(DpGame) hidden = test_new_game (two);
      g_autoptr(GPtrArray) running_texts = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) done_texts = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) hidden_texts = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GError) error = NULL;
      g_autofree char *running_id = g_uuid_string_random ();
      g_autofree char *done_id = g_uuid_string_random ();
      g_autofree char *hidden_id = g_uuid_string_random ();
      g_autoptr(DpStore) store = NULL;
      g_autoptr(GPtrArray) list = NULL;
      g_autoptr(GPtrArray) stats = NULL;

      test_play_memory (running, rand, 25, running_texts);
      test_play_memory (done, rand, G_MAXUINT, done_texts);
      test_play_memory (hidden, rand, G_MAXUINT, hidden_texts);
      g_assert_true (dp_game_is_finished (done));

      {
        g_autoptr(DpStore) old = _dp_store_open_at_version (path, version, &error);
        sqlite3 *db;

        g_assert_no_error (error);
        db = _dp_store_get_db (old);
        g_assert_cmpint (test_query_int (db, "PRAGMA user_version"), ==, version);
        if (version >= 1)
          {
            fill_old_game (db, version, 1, running_id, running, running_texts);
            fill_old_game (db, version, 2, done_id, done, done_texts);
          }
        if (version >= 2)
          {
            fill_old_game (db, version, 3, hidden_id, hidden, hidden_texts);
            g_assert_cmpint (sqlite3_exec (db, "UPDATE games SET deleted = 1 WHERE id = 3", NULL, NULL, NULL),
                             ==, SQLITE_OK);
            /* From version 3 on, deleting a game also took its statistics rows away. */
            if (version >= 3)
              g_assert_cmpint (sqlite3_exec (db, "DELETE FROM seat_stats WHERE game = 3", NULL, NULL, NULL),
                               ==, SQLITE_OK);
          }
      }

      store = dp_store_open (path, &error);
      g_assert_no_error (error);
      g_assert_cmpint (test_query_int (_dp_store_get_db (store), "PRAGMA user_version"), ==, current);
      g_assert_cmpint (test_query_int (_dp_store_get_db (store),
                                       "SELECT group_concat (integrity_check) = 'ok' FROM pragma_integrity_check"), ==, 1);

      if (version == 0)
        continue;   /* nothing was stored; test_open_empty_file covers the rest */

      {
        g_autoptr(DpGame) a = dp_store_load_game (store, running_id, &error);
        g_autoptr(DpGame) b = NULL;

        g_assert_no_error (error);
        assert_same_state (a, running);
        b = dp_store_load_game (store, done_id, &error);
        g_assert_no_error (error);
        assert_same_state (b, done);
      }

      list = dp_store_list_games (store, NULL, 0, 0, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (list->len, ==, 2);
      assert_player_games_match (_dp_store_get_db (store));
      {
        DpGameFilter by_ina = DP_GAME_FILTER_INIT;

        by_ina.player = "Ina";
        g_clear_pointer (&list, g_ptr_array_unref);
        list = dp_store_list_games (store, &by_ina, 0, 0, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (list->len, ==, 2);
      }

      /* The finished game counts, once, with its result and its averages. */
      stats = dp_store_player_stats (store, NULL, "Ina", &error);
      g_assert_no_error (error);
      g_assert_cmpuint (stats->len, ==, 1);
      {
        DpPlayerStats *ina = stats->pdata[0];
        g_autoptr(JsonObject) expected = dp_game_dup_seat_stats (done, 0);
        double *orange = g_hash_table_lookup (ina->averages, "row_orange");

        g_assert_cmpuint (ina->games, ==, 1);
        g_assert_cmpuint (ina->wins, ==, dp_game_is_winner (done, 0));
        g_assert_cmpint (ina->best_total, ==, dp_game_get_total (done, 0));
        g_assert_cmpfloat_with_epsilon (ina->average_total, dp_game_get_total (done, 0), 1e-9);
        /* Issue 17: the average place is a running sum too, filled in by version 5. */
        g_assert_cmpfloat_with_epsilon (ina->average_place, dp_game_get_rank (done, 0), 1e-9);
        g_assert_nonnull (orange);
        g_assert_cmpfloat_with_epsilon (*orange, json_object_get_double_member (expected, "row_orange"), 1e-9);
      }

      /* The deleted game of version 2 comes back with its statistics. */
      if (version >= 2)
        {
          g_autoptr(GPtrArray) again = NULL;

          g_assert_true (dp_store_set_deleted (store, hidden_id, FALSE, &error));
          g_assert_no_error (error);
          again = dp_store_player_stats (store, NULL, "Ina", &error);
          g_assert_cmpuint (((DpPlayerStats *) again->pdata[0])->games, ==, 2);
          /* Version 6 fills the head-to-head sums from the rows older versions wrote. */
          {
            DpHeadToHead h2h;

            g_assert_true (dp_store_head_to_head (store, NULL, "Ina", "Sami", &h2h, &error));
            g_assert_cmpuint (h2h.games, ==, 2);
          }
        }

      {
        g_autoptr(DpGame) undone = dp_store_undo (store, running_id, NULL, &error);
        g_autoptr(DpGame) expected_undone = memory_replay (two, running_texts, running_texts->len - 1);

        g_assert_no_error (error);
        assert_same_state (undone, expected_undone);
        g_assert_cmpuint (dp_store_get_n_redo (store, running_id), ==, 1);
      }
    }
}

/* ---- Round trips ---- */

/* Issue: "play a scripted game into a database, reopen, replay, compare the state with a
 * game replayed in memory". The script starts with the hand-written actions of the
 * rules' first example (not canonical: no player, faces unsorted), then random legal
 * actions until the game is over. */
static void
test_round_trip (void)
{
  g_autoptr(DpStore) store = test_open_store ("round-trip.db");
  g_autoptr(DpGame) game = test_new_game (four);
  g_autoptr(DpGame) loaded = NULL;
  g_autoptr(DpGame) reference = NULL;
  g_autoptr(GPtrArray) stored = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGameSummary) summary = NULL;
  g_autofree char *id = NULL;
  g_autofree char *setup = NULL;
  g_autofree char *expected_setup = dp_game_dup_setup_text (game);
  g_autoptr(JsonObject) first = test_parse_object ("{\"roll\": [\"orange\", \"orange\", \"green\", "
                                                   "\"joker\", \"skull\", \"pink\"]}");
  guint n;

  id = dp_store_create_game (store, game, &error);
  g_assert_no_error (error);
  g_assert_true (g_uuid_string_is_valid (id));

  dp_store_append_action (store, id, game, first, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dp_game_get_n_actions (game), ==, 1);

  /* Enough entries to cover several turns; finishing is tested on imported games. */
  n = 1 + test_play_store (store, id, game, rand, 120);

  store = reopen (g_steal_pointer (&store));
  loaded = dp_store_load_game (store, id, &error);
  g_assert_no_error (error);
  assert_same_state (loaded, game);

  /* The log holds the canonical texts, and replaying them in memory gives the same. */
  stored = dp_store_get_actions (store, id, &setup, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stored->len, ==, n);
  g_assert_cmpstr (setup, ==, expected_setup);
  reference = memory_replay (four, stored, stored->len);
  assert_same_state (reference, game);
  {
    g_autoptr(DpGame) fresh = test_new_game (four);
    g_autofree char *canonical = dp_game_normalize_action (fresh, first, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (g_ptr_array_index (stored, 0), ==, canonical);
  }

  summary = dp_store_get_summary (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (summary->kind, ==, "calavera");
  g_assert_cmpint (summary->state, ==, DP_GAME_STATE_IN_PROGRESS);
  g_assert_cmpuint (summary->n_actions, ==, n);
  g_assert_cmpuint (summary->n_players, ==, 4);
  for (guint seat = 0; seat < 4; seat++)
    {
      g_assert_cmpstr (summary->names[seat], ==, four[seat]);
      g_assert_cmpint (summary->totals[seat], ==, dp_game_get_total (game, seat));
      g_assert_false (summary->winners[seat]);
    }
}

/* Issue: "the core validates it, then it is committed"; dp-store.h: "On any error @game
 * and the database are unchanged." */
static void
test_illegal_action_unchanged (void)
{
  g_autoptr(DpStore) store = test_open_store ("illegal.db");
  g_autoptr(DpGame) game = test_new_game (two);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = dp_store_create_game (store, game, &error);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  /* Calavera rules: a turn starts with a roll; nothing can be taken before it. */
  g_autoptr(JsonObject) take = test_parse_object ("{\"take\": \"orange\"}");
  g_autoptr(JsonObject) nonsense = test_parse_object ("{\"dance\": true}");
  g_autoptr(GPtrArray) stored = NULL;

  g_assert_no_error (error);
  before = test_state_text (game);

  g_assert_false (dp_store_append_action (store, id, game, take, &error));
  g_assert_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_false (dp_store_append_action (store, id, game, nonsense, &error));
  g_assert_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED);
  g_clear_error (&error);

  after = test_state_text (game);
  g_assert_cmpstr (before, ==, after);
  stored = dp_store_get_actions (store, id, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stored->len, ==, 0);
}

/* Two windows on the same game: the second must not append on top of a state it has
 * not seen (it would store an action checked against the wrong state). */
static void
test_stale_state_refused (void)
{
  g_autoptr(DpStore) store = test_open_store ("stale.db");
  g_autoptr(DpGame) game = test_new_game (two);
  g_autoptr(DpGame) stale = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = dp_store_create_game (store, game, &error);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) action = NULL;

  g_assert_no_error (error);
  stale = dp_game_copy (game);
  test_play_store (store, id, game, rand, 2);

  text = test_random_action (stale, rand);
  action = test_parse_object (text);
  g_assert_false (dp_store_append_action (store, id, stale, action, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_OUT_OF_DATE);
  g_assert_cmpuint (dp_game_get_n_actions (stale), ==, 0);
}

/* ---- Undo and redo ---- */

/* Issue: "Undo removes the last action (kept for redo until a new action is appended);
 * redo re-applies it. Both survive restarts." */
static void
test_undo_redo_reopen (void)
{
  g_autoptr(DpStore) store = test_open_store ("undo.db");
  g_autoptr(DpGame) game = test_new_game (two);
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) texts = NULL;
  g_autofree char *id = dp_store_create_game (store, game, &error);
  guint n;

  g_assert_no_error (error);
  n = test_play_store (store, id, game, rand, 10);
  g_assert_cmpuint (n, ==, 10);
  texts = dp_store_get_actions (store, id, NULL, &error);
  g_assert_no_error (error);

  {
    g_autoptr(DpGame) once = dp_store_undo (store, id, NULL, &error);
    g_autoptr(DpGame) twice = NULL;
    g_autoptr(DpGame) expected = memory_replay (two, texts, n - 2);

    g_assert_no_error (error);
    twice = dp_store_undo (store, id, NULL, &error);
    g_assert_no_error (error);
    assert_same_state (twice, expected);
  }

  store = reopen (g_steal_pointer (&store));
  g_assert_cmpuint (dp_store_get_n_redo (store, id), ==, 2);
  {
    g_autoptr(DpGame) loaded = dp_store_load_game (store, id, &error);
    g_autoptr(DpGame) expected = memory_replay (two, texts, n - 2);

    g_assert_no_error (error);
    assert_same_state (loaded, expected);
  }

  /* Redo brings back the most recently undone action first. */
  {
    g_autoptr(DpGame) redone = dp_store_redo (store, id, NULL, &error);
    g_autoptr(DpGame) expected = memory_replay (two, texts, n - 1);

    g_assert_no_error (error);
    assert_same_state (redone, expected);
  }

  store = reopen (g_steal_pointer (&store));
  g_assert_cmpuint (dp_store_get_n_redo (store, id), ==, 1);
  {
    g_autoptr(DpGame) redone = dp_store_redo (store, id, NULL, &error);
    g_autoptr(DpGame) loaded = NULL;

    g_assert_no_error (error);
    assert_same_state (redone, game);
    loaded = dp_store_load_game (store, id, &error);
    g_assert_no_error (error);
    assert_same_state (loaded, game);
  }

  g_assert_null (dp_store_redo (store, id, NULL, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOTHING_TO_REDO);
  g_clear_error (&error);
}

/* Issue: "kept for redo until a new action is appended". */
static void
test_redo_cleared_by_append (void)
{
  g_autoptr(DpStore) store = test_open_store ("redo-cleared.db");
  g_autoptr(DpGame) game = test_new_game (two);
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = dp_store_create_game (store, game, &error);

  g_assert_no_error (error);
  test_play_store (store, id, game, rand, 4);

  {
    g_autoptr(DpGame) undone = dp_store_undo (store, id, NULL, &error);

    g_assert_no_error (error);
    g_clear_pointer (&game, dp_game_free);
    game = g_steal_pointer (&undone);
  }
  g_assert_cmpuint (dp_store_get_n_redo (store, id), ==, 1);

  test_play_store (store, id, game, rand, 1);
  g_assert_cmpuint (dp_store_get_n_redo (store, id), ==, 0);

  store = reopen (g_steal_pointer (&store));
  g_assert_cmpuint (dp_store_get_n_redo (store, id), ==, 0);
  g_assert_null (dp_store_redo (store, id, NULL, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOTHING_TO_REDO);
}

static void
test_nothing_to_undo (void)
{
  g_autoptr(DpStore) store = test_open_store ("nothing.db");
  g_autoptr(DpGame) game = test_new_game (two);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = dp_store_create_game (store, game, &error);

  g_assert_no_error (error);
  g_assert_null (dp_store_undo (store, id, NULL, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOTHING_TO_UNDO);
  g_clear_error (&error);

  g_assert_null (dp_store_undo (store, "no-such-game", NULL, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_FOUND);
}

/* Notes: "Update summaries in the same transaction as the action that finishes the game
 * (and undo of a finishing action must revert the summary to unfinished)". Calavera
 * rules (GAME-DATA.md "End"): the game ends when a player has frozen all four rows;
 * ties give several winners. */
static void
test_finish_and_undo_finish (void)
{
  g_autoptr(DpStore) store = test_open_store ("finish.db");
  g_autoptr(GRand) rand = g_rand_new_with_seed (2024);
  g_autoptr(DpGame) full = test_new_game (two);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(DpGame) game = NULL;
  g_autoptr(JsonNode) doc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = g_uuid_string_random ();
  g_autoptr(JsonObject) last = NULL;
  DpGameFilter finished_only = DP_GAME_FILTER_INIT;
  guint imported, skipped;

  test_play_memory (full, rand, G_MAXUINT, texts);
  g_assert_true (dp_game_is_finished (full));

  /* Store all but the finishing action, then make it through the store. */
  game = memory_replay (two, texts, texts->len - 1);
  g_assert_false (dp_game_is_finished (game));
  doc = test_export_of (game, texts, id, 1700000000);
  json_array_remove_element (json_object_get_array_member (
                               json_array_get_object_element (
                                 json_object_get_array_member (json_node_get_object (doc), "games"), 0),
                               "actions"),
                             texts->len - 1);
  dp_store_import (store, doc, &imported, &skipped, &error);
  g_assert_no_error (error);

  last = test_parse_object (g_ptr_array_index (texts, texts->len - 1));
  dp_store_append_action (store, id, game, last, &error);
  g_assert_no_error (error);
  g_assert_true (dp_game_is_finished (game));

  finished_only.state = DP_GAME_STATE_FINISHED;
  g_assert_cmpuint (dp_store_count_games (store, &finished_only, &error), ==, 1);
  {
    g_autoptr(DpGameSummary) summary = dp_store_get_summary (store, id, &error);
    g_autoptr(GPtrArray) stats = dp_store_player_stats (store, NULL, "Ina", &error);

    g_assert_no_error (error);
    g_assert_cmpint (summary->state, ==, DP_GAME_STATE_FINISHED);
    g_assert_cmpint (summary->finished, >, 0);
    for (guint seat = 0; seat < 2; seat++)
      {
        g_assert_cmpint (summary->totals[seat], ==, dp_game_get_total (full, seat));
        g_assert_cmpuint (summary->ranks[seat], ==, dp_game_get_rank (full, seat));
        g_assert_cmpint (summary->winners[seat], ==, dp_game_is_winner (full, seat));
      }
    g_assert_cmpuint (stats->len, ==, 1);
    g_assert_cmpuint (((DpPlayerStats *) stats->pdata[0])->games, ==, 1);
  }

  /* A finished game takes no more entries. */
  {
    g_autoptr(JsonObject) again = test_parse_object (g_ptr_array_index (texts, 0));

    g_assert_false (dp_store_append_action (store, id, game, again, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
  }

  {
    g_autoptr(DpGame) undone = dp_store_undo (store, id, NULL, &error);
    g_autoptr(DpGameSummary) summary = NULL;
    g_autoptr(GPtrArray) stats = NULL;

    g_assert_no_error (error);
    g_assert_false (dp_game_is_finished (undone));
    summary = dp_store_get_summary (store, id, &error);
    g_assert_no_error (error);
    g_assert_cmpint (summary->state, ==, DP_GAME_STATE_IN_PROGRESS);
    g_assert_cmpint (summary->finished, ==, 0);
    g_assert_false (summary->winners[0] || summary->winners[1]);
    g_assert_cmpuint (dp_store_count_games (store, &finished_only, &error), ==, 0);
    stats = dp_store_player_stats (store, NULL, "Ina", &error);
    g_assert_no_error (error);
    g_assert_cmpuint (stats->len, ==, 0);
    g_assert_cmpint (test_query_int (_dp_store_get_db (store), "SELECT count (*) FROM seat_stats"), ==, 0);
  }

  {
    g_autoptr(DpGame) redone = dp_store_redo (store, id, NULL, &error);

    g_assert_no_error (error);
    assert_same_state (redone, full);
    g_assert_cmpuint (dp_store_count_games (store, &finished_only, &error), ==, 1);
  }
}

/* ---- Failures ---- */

/* Issue: "Every failure (disk full, …) is a GError with a translated message; nothing is
 * half-written." SQLite's max_page_count makes the file unable to grow, as a full disk. */
static void
test_disk_full (void)
{
  g_autoptr(DpStore) store = test_open_store ("full.db");
  g_autoptr(DpGame) game = test_new_game (four);
  g_autoptr(GRand) rand = g_rand_new_with_seed (8);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = dp_store_create_game (store, game, &error);
  sqlite3 *db = _dp_store_get_db (store);
  g_autofree char *limit = NULL;
  guint i, stored_before;

  g_assert_no_error (error);
  test_play_store (store, id, game, rand, 3);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA wal_checkpoint(TRUNCATE)", NULL, NULL, NULL), ==, SQLITE_OK);
  limit = g_strdup_printf ("PRAGMA max_page_count = %" G_GINT64_FORMAT,
                           test_query_int (db, "PRAGMA page_count"));
  g_assert_cmpint (sqlite3_exec (db, limit, NULL, NULL, NULL), ==, SQLITE_OK);

  /* Append until the pages run out (each action fits in the free space for a while). */
  for (i = 0; i < 2000; i++)
    {
      g_autofree char *text = test_random_action (game, rand);
      g_autoptr(JsonObject) action = NULL;
      g_autofree char *before = test_state_text (game);
      g_autofree char *after = NULL;

      g_assert_nonnull (text);
      action = test_parse_object (text);
      stored_before = dp_game_get_n_actions (game);
      if (!dp_store_append_action (store, id, game, action, &error))
        {
          after = test_state_text (game);
          g_assert_cmpstr (before, ==, after);
          break;
        }
    }
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "full"));
  g_clear_error (&error);

  /* Nothing half-written: the log ends at the last committed action, and once there is
   * room again the game goes on from there. */
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA max_page_count = 1073741823", NULL, NULL, NULL), ==, SQLITE_OK);
  {
    g_autoptr(DpGame) loaded = dp_store_load_game (store, id, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (dp_game_get_n_actions (loaded), ==, stored_before);
    assert_same_state (loaded, game);
  }
  test_play_store (store, id, game, rand, 1);
  g_assert_cmpint (test_query_int (db, "SELECT group_concat (integrity_check) = 'ok' FROM pragma_integrity_check"), ==, 1);
}

/* Issue: "read-only file". As root a chmod does not stop writes, so the connection is
 * made read-only the way SQLite sees a read-only file. */
static void
test_read_only (void)
{
  g_autoptr(DpStore) store = test_open_store ("readonly.db");
  g_autoptr(DpGame) game = test_new_game (two);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = dp_store_create_game (store, game, &error);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) action = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_exec (_dp_store_get_db (store), "PRAGMA query_only = 1", NULL, NULL, NULL), ==, SQLITE_OK);

  text = test_random_action (game, rand);
  action = test_parse_object (text);
  g_assert_false (dp_store_append_action (store, id, game, action, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO);
  g_clear_error (&error);
  g_assert_cmpuint (dp_game_get_n_actions (game), ==, 0);

  g_assert_null (dp_store_create_game (store, game, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO);
  g_clear_error (&error);

  if (geteuid () != 0)
    {
      g_autofree char *path = g_strdup (dp_store_get_path (store));
      g_autoptr(DpStore) again = NULL;

      g_clear_object (&store);
      g_chmod (path, 0444);
      again = dp_store_open (path, &error);
      g_assert_null (again);
      g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO);
    }
}

/* Issue: "locked database": another program holding the write lock longer than the
 * busy timeout gives DP_STORE_ERROR_BUSY, and the game is unchanged. */
static void
test_busy (void)
{
  g_autoptr(DpStore) store = test_open_store ("busy.db");
  g_autoptr(DpGame) game = test_new_game (two);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = dp_store_create_game (store, game, &error);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) action = NULL;
  sqlite3 *other = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_open (dp_store_get_path (store), &other), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (other, "BEGIN IMMEDIATE", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_busy_timeout (_dp_store_get_db (store), 50);

  text = test_random_action (game, rand);
  action = test_parse_object (text);
  g_assert_false (dp_store_append_action (store, id, game, action, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_BUSY);
  g_clear_error (&error);
  g_assert_cmpuint (dp_game_get_n_actions (game), ==, 0);

  sqlite3_exec (other, "ROLLBACK", NULL, NULL, NULL);
  sqlite3_close (other);

  dp_store_append_action (store, id, game, action, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dp_game_get_n_actions (game), ==, 1);
}

/* Issue: "bad JSON in a row" is an error naming what cannot be read, never a crash. */
static void
test_corrupt_row (void)
{
  g_autoptr(DpStore) store = test_open_store ("bad-row.db");
  g_autoptr(DpGame) game = test_new_game (two);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = dp_store_create_game (store, game, &error);
  sqlite3 *db = _dp_store_get_db (store);

  g_assert_no_error (error);
  test_play_store (store, id, game, rand, 3);

  g_assert_cmpint (sqlite3_exec (db, "UPDATE actions SET json = '{\"roll\": [' WHERE seq = 1",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_null (dp_store_load_game (store, id, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW);
  g_assert_nonnull (strstr (error->message, "2"));   /* the action, counted from 1 */
  g_clear_error (&error);

  g_assert_null (dp_store_export (store, NULL, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW);
  g_clear_error (&error);

  g_assert_cmpint (sqlite3_exec (db, "UPDATE games SET setup = 'not json'", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_null (dp_store_load_game (store, id, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW);
}

/* ---- Player names ---- */

/* Issue: "Hostile player names (quotes, '; DROP TABLE, 10,000 characters, emoji, empty →
 * refused) stored and read back exactly or refused with a message." ARCHITECTURE.md:
 * "Player names are bound parameters, never spliced into SQL." */
static void
test_hostile_names (void)
{
  g_autoptr(DpStore) store = test_open_store ("names.db");
  g_autoptr(GError) error = NULL;
  const char *const hostile[] = {
    "O'Brien \"the dice\"",
    "'; DROP TABLE players; --",
    "Robert\"); DELETE FROM games; --",
    "🎲 Ína 💀",
    "%s%n%x",
    NULL,
  };
  g_autofree char *long_name = g_strnfill (10000, 'x');
  g_autofree char *max_name = g_strnfill (DP_STORE_MAX_NAME_LENGTH, 'y');
  const char *const refused[] = { "", "   ", "Ina\nSami", long_name, NULL };

  for (guint i = 0; hostile[i] != NULL; i++)
    {
      const char *names[] = { hostile[i], "Sami", NULL };
      g_autoptr(DpGame) game = test_new_game (names);
      g_autofree char *id = dp_store_create_game (store, game, &error);
      g_autoptr(DpGameSummary) summary = NULL;
      g_autoptr(DpGame) loaded = NULL;
      DpGameFilter filter = DP_GAME_FILTER_INIT;

      g_assert_no_error (error);
      summary = dp_store_get_summary (store, id, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (summary->names[0], ==, hostile[i]);
      loaded = dp_store_load_game (store, id, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (dp_game_get_player_name (loaded, 0), ==, hostile[i]);

      filter.player = hostile[i];
      g_assert_cmpuint (dp_store_count_games (store, &filter, &error), ==, 1);
      g_assert_no_error (error);
    }

  {
    const char *names[] = { max_name, "Sami", NULL };
    g_autoptr(DpGame) game = test_new_game (names);
    g_autofree char *id = dp_store_create_game (store, game, &error);

    g_assert_no_error (error);
  }

  for (guint i = 0; refused[i] != NULL; i++)
    {
      g_assert_false (dp_store_check_player_name (refused[i], &error));
      g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_NAME);
      g_assert_cmpstr (error->message, !=, "");
      g_clear_error (&error);
    }

  /* The core accepts a 10,000-character name; the store refuses to keep it. */
  {
    const char *names[] = { long_name, "Sami", NULL };
    g_autoptr(DpGame) game = test_new_game (names);

    g_assert_null (dp_store_create_game (store, game, &error));
    g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_NAME);
    g_clear_error (&error);
  }

  /* Every table still there, every name once. */
  {
    g_auto(GStrv) all = dp_store_list_player_names (store, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (g_strv_length (all), ==, G_N_ELEMENTS (hostile) - 1 + 2);
    for (guint i = 0; hostile[i] != NULL; i++)
      g_assert_true (g_strv_contains ((const char *const *) all, hostile[i]));
    g_assert_cmpint (test_query_int (_dp_store_get_db (store), "SELECT count (*) FROM games"), ==,
                     G_N_ELEMENTS (hostile) - 1 + 1);
  }
}

/* Issue: "a name used again is the same player; renaming keeps history". */
static void
test_rename_keeps_history (void)
{
  g_autoptr(DpStore) store = test_open_store ("rename.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) game = NULL;
  g_autofree char *first = import_finished (store, two, 11, 1700000000, &game);
  g_autofree char *second = import_finished (store, two, 12, 1700003600, NULL);
  g_autoptr(GPtrArray) stats = NULL;
  g_autoptr(DpGameSummary) summary = NULL;
  DpGameFilter filter = DP_GAME_FILTER_INIT;

  g_assert_cmpint (test_query_int (_dp_store_get_db (store), "SELECT count (*) FROM players"), ==, 2);

  g_assert_true (dp_store_rename_player (store, "Ina", "Ina B.", &error));
  g_assert_no_error (error);

  stats = dp_store_player_stats (store, NULL, "Ina B.", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stats->len, ==, 1);
  g_assert_cmpuint (((DpPlayerStats *) stats->pdata[0])->games, ==, 2);

  filter.player = "Ina B.";
  g_assert_cmpuint (dp_store_count_games (store, &filter, &error), ==, 2);
  filter.player = "Ina";
  g_assert_cmpuint (dp_store_count_games (store, &filter, &error), ==, 0);
  summary = dp_store_get_summary (store, first, &error);
  g_assert_cmpstr (summary->names[0], ==, "Ina B.");

  /* A replay still shows the table as it was played. */
  {
    g_autoptr(DpGame) loaded = dp_store_load_game (store, first, &error);

    g_assert_no_error (error);
    assert_same_state (loaded, game);
  }

  g_assert_false (dp_store_rename_player (store, "Sami", "Ina B.", &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_NAME);
  g_clear_error (&error);
  g_assert_false (dp_store_rename_player (store, "Nobody", "Somebody", &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (dp_store_rename_player (store, "Sami", "", &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_NAME);
}

/* ---- Queries ---- */

/* Issue: "games filtered by kind, player and date range, newest first, with paging". */
/* The rows of a plain SQL query (the filter written the old way, the way it reads:
 * "g.id IN (SELECT … seats …)") as game ids, in order. */
static GPtrArray *
reference_ids (sqlite3    *db,
               const char *where,
               const char *text,
               gboolean    oldest)
{
  g_autofree char *sql = g_strdup_printf ("SELECT uuid FROM games g WHERE %s ORDER BY created %s, id %s",
                                          where, oldest ? "ASC" : "DESC", oldest ? "ASC" : "DESC");
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (text != NULL)
    sqlite3_bind_text (stmt, 1, text, -1, SQLITE_TRANSIENT);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_ptr_array_add (ids, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
  sqlite3_finalize (stmt);
  return ids;
}

/* Issue 26, item 11: "deep History pages load with OFFSET"; the player filter and the
 * search read every matching game. Paged from the last row shown (keyset), in pages of
 * 4, every filter lists exactly the games a plain SQL query lists, in its order, each
 * once — with games created in the same second (ties broken by row), a game where two
 * players match the search, accents ("zoe" finds Zoë), a kind, the oldest first and
 * the Deleted view. The length the window gets (dp_store_count_games) matches too. */
static void
test_keyset_pages (void)
{
  g_autoptr(DpStore) store = test_open_store ("keyset.db");
  sqlite3 *db = _dp_store_get_db (store);
  g_autoptr(GError) error = NULL;
  const char *const tables[][4] = {
    { "Zoë", "Jürgen", NULL },
    { "Ina", "O'Brien", "Zoe", NULL },
    { "Ina", "Sami", NULL },
    { "Jürgen", "Zoë", "Ina", NULL },
  };
  g_autofree char *deleted_id = NULL;
  struct
  {
    const char *kind, *player, *search;
    gboolean    oldest, deleted;
    const char *where, *text;
  } cases[] = {
    { NULL, NULL, NULL, FALSE, FALSE, "deleted = 0", NULL },
    { NULL, NULL, NULL, TRUE, FALSE, "deleted = 0", NULL },
    { NULL, "Ina", NULL, FALSE, FALSE,
      "deleted = 0 AND id IN (SELECT game FROM seats s JOIN players p ON p.id = s.player WHERE p.name = ?)", "Ina" },
    { "calavera", "Zoë", NULL, TRUE, FALSE,
      "deleted = 0 AND kind = 'calavera' AND id IN (SELECT game FROM seats s JOIN players p ON p.id = s.player WHERE p.name = ?)", "Zoë" },
    { NULL, NULL, "zoe", FALSE, FALSE,
      "deleted = 0 AND id IN (SELECT game FROM seats s JOIN players p ON p.id = s.player WHERE p.name IN ('Zoë', 'Zoe'))", NULL },
    { NULL, NULL, "ÜR", TRUE, FALSE,
      "deleted = 0 AND id IN (SELECT game FROM seats s JOIN players p ON p.id = s.player WHERE p.name = 'Jürgen')", NULL },
    { NULL, "Ina", "zo", FALSE, FALSE,
      "deleted = 0 AND id IN (SELECT game FROM seats s JOIN players p ON p.id = s.player WHERE p.name = 'Ina') "
      "AND id IN (SELECT game FROM seats s JOIN players p ON p.id = s.player WHERE p.name IN ('Zoë', 'Zoe'))", NULL },
    { NULL, NULL, "nobody", FALSE, FALSE, "0", NULL },
    { NULL, "Nobody", NULL, FALSE, FALSE, "0", NULL },
    { NULL, NULL, "i", FALSE, TRUE, "deleted = 1", NULL },
  };

  for (guint i = 0; i < 37; i++)
    {
      g_autoptr(DpGame) game = test_new_game (tables[i % G_N_ELEMENTS (tables)]);
      /* Three games a second: ties in `created`, broken by the row. */
      g_autofree char *id = dp_store_create_game_at (store, game, 1700000000 + i / 3, &error);

      g_assert_no_error (error);
      if (i == 5)
        deleted_id = g_strdup (id);
    }
  g_assert_true (dp_store_set_deleted (store, deleted_id, TRUE, &error));
  g_assert_no_error (error);

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      DpGameFilter filter = DP_GAME_FILTER_INIT;
      g_autoptr(GPtrArray) expected = reference_ids (db, cases[c].where, cases[c].text, cases[c].oldest);
      g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
      DpGameKey after;
      gboolean have_after = FALSE;

      filter.kind = cases[c].kind;
      filter.player = cases[c].player;
      filter.search = cases[c].search;
      filter.sort = cases[c].oldest ? DP_GAME_SORT_OLDEST : DP_GAME_SORT_NEWEST;
      filter.deleted = cases[c].deleted;

      for (;;)
        {
          g_autoptr(GPtrArray) page = dp_store_list_games_after (store, &filter, have_after ? &after : NULL, 4, &error);
          DpGameSummary *last;

          g_assert_no_error (error);
          for (guint i = 0; i < page->len; i++)
            g_ptr_array_add (seen, g_strdup (((DpGameSummary *) page->pdata[i])->id));
          if (page->len < 4)
            break;
          last = page->pdata[page->len - 1];
          after.created = last->created;
          after.row = last->row;
          have_after = TRUE;
        }

      g_assert_cmpuint (seen->len, ==, expected->len);
      for (guint i = 0; i < seen->len; i++)
        g_assert_cmpstr (seen->pdata[i], ==, expected->pdata[i]);
      g_assert_cmpuint (dp_store_count_games (store, &filter, &error), ==, expected->len);
      g_assert_no_error (error);

      /* All at once (the worker's count; a search then merges each matching player's
       * rows instead of walking the games): the same games in the same order. */
      {
        g_autoptr(GArray) keys = dp_store_list_game_keys (store, &filter, NULL, 0, &error);

        g_assert_no_error (error);
        g_assert_cmpuint (keys->len, ==, expected->len);
        for (guint i = 0; i < keys->len; i++)
          {
            g_autofree char *sql = g_strdup_printf ("SELECT uuid = '%s' FROM games WHERE id = %" G_GINT64_FORMAT,
                                                    (const char *) expected->pdata[i],
                                                    g_array_index (keys, DpGameKey, i).row);

            g_assert_cmpint (test_query_int (db, sql), ==, 1);
          }
      }
    }
}

static void
test_history_queries (void)
{
  g_autoptr(DpStore) store = test_open_store ("history.db");
  g_autoptr(GError) error = NULL;
  const char *const table_a[] = { "Ina", "Sami", NULL };
  const char *const table_b[] = { "Lou", "Ína", "Mika", NULL };
  const gint64 day = 86400, start = 1700000000;
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  DpGameFilter filter = DP_GAME_FILTER_INIT;
  guint expected_a = 0;

  /* Ten games, one a day; even days at table A. Created times are given out of order. */
  for (guint i = 0; i < 10; i++)
    {
      guint d = (i * 7) % 10;
      g_autoptr(DpGame) game = test_new_game (d % 2 == 0 ? table_a : table_b);
      char *id = dp_store_create_game_at (store, game, start + d * day, &error);

      g_assert_no_error (error);
      g_ptr_array_add (ids, id);
      expected_a += d % 2 == 0;
    }

  g_assert_cmpuint (dp_store_count_games (store, NULL, &error), ==, 10);

  /* Newest first, in pages of 3 that together list each game once. */
  {
    gint64 previous = G_MAXINT64;
    guint seen = 0;

    for (guint offset = 0; offset < 12; offset += 3)
      {
        g_autoptr(GPtrArray) page = dp_store_list_games (store, NULL, offset, 3, &error);

        g_assert_no_error (error);
        g_assert_cmpuint (page->len, ==, MIN (3, 10 - MIN (offset, 10)));
        for (guint i = 0; i < page->len; i++)
          {
            DpGameSummary *summary = page->pdata[i];

            g_assert_cmpint (summary->created, <, previous);
            previous = summary->created;
            seen++;
          }
      }
    g_assert_cmpuint (seen, ==, 10);
  }

  filter.sort = DP_GAME_SORT_OLDEST;
  {
    g_autoptr(GPtrArray) page = dp_store_list_games (store, &filter, 0, 2, &error);

    g_assert_no_error (error);
    g_assert_cmpint (((DpGameSummary *) page->pdata[0])->created, ==, start);
    g_assert_cmpint (((DpGameSummary *) page->pdata[1])->created, ==, start + day);
  }

  filter = (DpGameFilter) DP_GAME_FILTER_INIT;
  filter.player = "Sami";
  g_assert_cmpuint (dp_store_count_games (store, &filter, &error), ==, expected_a);
  filter.player = "sami";   /* exact name */
  g_assert_cmpuint (dp_store_count_games (store, &filter, &error), ==, 0);

  /* Search: part of a name, ignoring case and accents, also beyond ASCII (issue 19:
   * "'zoe', 'emile' find nothing for Zoë, Émile" was a bug): "ÍNA" and "ina" both
   * find "Ína" (table B) and "Ina" (table A). */
  filter = (DpGameFilter) DP_GAME_FILTER_INIT;
  filter.search = "ÍNA";
  g_assert_cmpuint (dp_store_count_games (store, &filter, &error), ==, 10);
  filter.search = "I";   /* "Ina" at table A, "Mika" at table B */
  g_assert_cmpuint (dp_store_count_games (store, &filter, &error), ==, 10);
  filter.search = "ina";
  g_assert_cmpuint (dp_store_count_games (store, &filter, &error), ==, 10);
  filter.search = "mík";   /* "Mika" at table B only */
  g_assert_cmpuint (dp_store_count_games (store, &filter, &error), ==, 10 - expected_a);

  /* Date range, both ends inclusive: days 2, 3 and 4. */
  filter = (DpGameFilter) DP_GAME_FILTER_INIT;
  filter.from = start + 2 * day;
  filter.to = start + 4 * day;
  g_assert_cmpuint (dp_store_count_games (store, &filter, &error), ==, 3);
  {
    g_autoptr(GPtrArray) page = dp_store_list_games (store, &filter, 0, 0, &error);

    g_assert_cmpuint (page->len, ==, 3);
    g_assert_cmpint (((DpGameSummary *) page->pdata[0])->created, ==, start + 4 * day);
  }

  filter = (DpGameFilter) DP_GAME_FILTER_INIT;
  filter.kind = "calavera";
  g_assert_cmpuint (dp_store_count_games (store, &filter, &error), ==, 10);
  filter.kind = "cubitos";
  g_assert_cmpuint (dp_store_count_games (store, &filter, &error), ==, 0);

  filter = (DpGameFilter) DP_GAME_FILTER_INIT;
  filter.state = DP_GAME_STATE_IN_PROGRESS;
  g_assert_cmpuint (dp_store_count_games (store, &filter, &error), ==, 10);
  g_assert_true (dp_store_abandon_game (store, ids->pdata[0], &error));
  g_assert_cmpuint (dp_store_count_games (store, &filter, &error), ==, 9);
  filter.state = DP_GAME_STATE_ABANDONED;
  g_assert_cmpuint (dp_store_count_games (store, &filter, &error), ==, 1);
  g_assert_no_error (error);

  /* Most recently used first, for completion. */
  {
    g_auto(GStrv) names = dp_store_list_player_names (store, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (g_strv_length (names), ==, 5);
    /* Day 9 is the newest, an odd day: table B. */
    g_assert_true (g_strv_contains ((const char *const *) table_b, names[0]));
  }
}

/* Issue: "per-player statistics (games, wins, win rate, average/best/worst total,
 * average per row); head-to-head". Expected values come from the games themselves
 * (the core), not from the store. */
static void
test_statistics (void)
{
  g_autoptr(DpStore) store = test_open_store ("stats.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) dp_game_free);
  const char *const tables[][4] = {
    { "Ina", "Sami", NULL, NULL },
    { "Sami", "Lou", "Ina", NULL },
    { "Lou", "Ina", NULL, NULL },
  };
  guint ina_games = 0, ina_wins = 0, h2h_games = 0, h2h_a = 0, h2h_b = 0, h2h_ties = 0;
  int ina_best = G_MININT, ina_worst = G_MAXINT;
  double ina_sum = 0, ina_row_orange = 0;
  g_autoptr(GPtrArray) stats = NULL;
  DpPlayerStats *ina = NULL;
  DpHeadToHead h2h;

  for (guint i = 0; i < 6; i++)
    {
      DpGame *game = NULL;
      g_autofree char *id = import_finished (store, tables[i % 3], 100 + i, 1700000000 + i, &game);

      g_ptr_array_add (games, game);
    }

  /* An unfinished game counts nowhere. */
  {
    g_autoptr(DpGame) game = test_new_game (two);
    g_autofree char *id = dp_store_create_game (store, game, &error);

    g_assert_no_error (error);
  }

  for (guint i = 0; i < games->len; i++)
    {
      DpGame *game = games->pdata[i];
      int ina_seat = -1, sami_seat = -1;

      for (guint seat = 0; seat < dp_game_get_n_players (game); seat++)
        {
          if (g_str_equal (dp_game_get_player_name (game, seat), "Ina"))
            ina_seat = (int) seat;
          if (g_str_equal (dp_game_get_player_name (game, seat), "Sami"))
            sami_seat = (int) seat;
        }
      g_assert_cmpint (ina_seat, >=, 0);

      {
        int total = dp_game_get_total (game, ina_seat);
        g_autoptr(JsonObject) seat_stats = dp_game_dup_seat_stats (game, ina_seat);

        ina_games++;
        ina_wins += dp_game_is_winner (game, ina_seat);
        ina_sum += total;
        ina_best = MAX (ina_best, total);
        ina_worst = MIN (ina_worst, total);
        ina_row_orange += json_object_get_double_member (seat_stats, "row_orange");
      }

      if (sami_seat >= 0)
        {
          gboolean a = dp_game_is_winner (game, ina_seat), b = dp_game_is_winner (game, sami_seat);

          h2h_games++;
          h2h_a += a && !b;
          h2h_b += b && !a;
          h2h_ties += a && b;
        }
    }

  stats = dp_store_player_stats (store, "calavera", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stats->len, ==, 3);
  for (guint i = 0; i < stats->len; i++)
    {
      DpPlayerStats *entry = stats->pdata[i];

      if (g_str_equal (entry->name, "Ina"))
        ina = entry;
      /* Most wins first. */
      if (i > 0)
        g_assert_cmpuint (((DpPlayerStats *) stats->pdata[i - 1])->wins, >=, entry->wins);
    }
  g_assert_nonnull (ina);
  g_assert_cmpuint (ina->games, ==, ina_games);
  g_assert_cmpuint (ina->wins, ==, ina_wins);
  g_assert_cmpfloat_with_epsilon (ina->win_rate, (double) ina_wins / ina_games, 1e-9);
  g_assert_cmpfloat_with_epsilon (ina->average_total, ina_sum / ina_games, 1e-9);
  g_assert_cmpint (ina->best_total, ==, ina_best);
  g_assert_cmpint (ina->worst_total, ==, ina_worst);
  g_assert_nonnull (g_hash_table_lookup (ina->averages, "row_orange"));
  g_assert_cmpfloat_with_epsilon (*(double *) g_hash_table_lookup (ina->averages, "row_orange"),
                                  ina_row_orange / ina_games, 1e-9);

  g_assert_true (dp_store_head_to_head (store, NULL, "Ina", "Sami", &h2h, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (h2h.games, ==, h2h_games);
  g_assert_cmpuint (h2h.wins_a, ==, h2h_a);
  g_assert_cmpuint (h2h.wins_b, ==, h2h_b);
  g_assert_cmpuint (h2h.ties, ==, h2h_ties);

  g_assert_true (dp_store_head_to_head (store, "cubitos", "Ina", "Sami", &h2h, &error));
  g_assert_cmpuint (h2h.games, ==, 0);
  g_assert_true (dp_store_head_to_head (store, NULL, "Ina", "Nobody", &h2h, &error));
  g_assert_cmpuint (h2h.games, ==, 0);
  g_assert_false (dp_store_head_to_head (store, NULL, "Ina", "Ina", &h2h, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_NAME);
  g_clear_error (&error);

  g_clear_pointer (&stats, g_ptr_array_unref);
  stats = dp_store_player_stats (store, "cubitos", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stats->len, ==, 0);
}

/* ---- Deletion ---- */

/* Notes: "Deletion is soft (dp_store_set_deleted) so the UI can undo; purge removes for
 * real." A deleted game is hidden from lists and statistics. */
static void
test_delete_and_purge (void)
{
  g_autoptr(DpStore) store = test_open_store ("delete.db");
  g_autoptr(GError) error = NULL;
  const char *const others[] = { "Lou", "Mika", NULL };
  g_autofree char *kept = import_finished (store, two, 1, 1700000000, NULL);
  g_autofree char *gone = import_finished (store, others, 2, 1700000100, NULL);
  sqlite3 *db = _dp_store_get_db (store);
  g_autoptr(GPtrArray) stats = NULL;

  g_assert_true (dp_store_set_deleted (store, gone, TRUE, &error));
  g_assert_cmpuint (dp_store_count_games (store, NULL, &error), ==, 1);
  stats = dp_store_player_stats (store, NULL, NULL, &error);
  g_assert_cmpuint (stats->len, ==, 2);
  g_assert_null (dp_store_load_game (store, gone, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Undo of the deletion: the game and its statistics come back. */
  g_assert_true (dp_store_set_deleted (store, gone, FALSE, &error));
  g_assert_cmpuint (dp_store_count_games (store, NULL, &error), ==, 2);
  g_clear_pointer (&stats, g_ptr_array_unref);
  stats = dp_store_player_stats (store, NULL, NULL, &error);
  g_assert_cmpuint (stats->len, ==, 4);

  g_assert_true (dp_store_set_deleted (store, gone, TRUE, &error));
  g_assert_true (dp_store_purge_deleted (store, &error));
  g_assert_no_error (error);
  g_assert_cmpint (test_query_int (db, "SELECT count (*) FROM games"), ==, 1);
  g_assert_cmpint (test_query_int (db, "SELECT count (*) FROM seats"), ==, 2);
  g_assert_cmpint (test_query_int (db, "SELECT count (*) FROM actions WHERE game NOT IN (SELECT id FROM games)"), ==, 0);
  g_assert_cmpint (test_query_int (db, "SELECT count (*) FROM seat_stats WHERE game NOT IN (SELECT id FROM games)"), ==, 0);
  g_assert_cmpint (test_query_int (db, "SELECT count (*) FROM players"), ==, 2);
  g_assert_cmpint (test_query_int (db, "SELECT count (*) FROM pragma_foreign_key_check"), ==, 0);

  g_assert_false (dp_store_set_deleted (store, gone, FALSE, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_FOUND);
  (void) kept;
}

/* The rows of @a that are not in @b, and the other way round: 0 when both queries
 * return the same set. */
static gint64
count_differences (sqlite3    *db,
                   const char *a,
                   const char *b)
{
  g_autofree char *sql = g_strdup_printf ("SELECT (SELECT count (*) FROM (%s EXCEPT %s)) + "
                                          "(SELECT count (*) FROM (%s EXCEPT %s))",
                                          a, b, b, a);

  return test_query_int (db, sql);
}

/* Every running sum the statistics read (stat_sums, pair_sums, stat_totals, kept by
 * triggers) equals a recount from the games and seats themselves. */
static void
assert_sums_match_recount (sqlite3 *db)
{
  const char *counted = "FROM seats s JOIN games g ON g.id = s.game WHERE g.state = 1 AND g.deleted = 0";
  g_autofree char *sums = g_strdup_printf ("SELECT g.kind, s.player, count (*), sum (s.winner), sum (s.total) %s "
                                           "GROUP BY g.kind, s.player", counted);
  g_autofree char *totals = g_strdup_printf ("SELECT g.kind, s.player, s.total, s.game, s.seat %s", counted);

  g_assert_cmpint (count_differences (db, sums,
                                      "SELECT c.kind, c.player, c.n, w.total, t.total "
                                      "FROM stat_sums c "
                                      "JOIN stat_sums w ON w.kind = c.kind AND w.player = c.player AND w.key = '#wins' "
                                      "JOIN stat_sums t ON t.kind = c.kind AND t.player = c.player AND t.key = '#total' "
                                      "WHERE c.key = '#games' AND c.n > 0"), ==, 0);
  g_assert_cmpint (count_differences (db,
                                      "SELECT g.kind, sa.player, sb.player, count (*), "
                                      "  sum (sa.winner AND NOT sb.winner), sum (sb.winner AND NOT sa.winner), "
                                      "  sum (sa.winner AND sb.winner) "
                                      "FROM seats sa JOIN seats sb ON sb.game = sa.game AND sb.player <> sa.player "
                                      "JOIN games g ON g.id = sa.game WHERE g.state = 1 AND g.deleted = 0 "
                                      "GROUP BY g.kind, sa.player, sb.player",
                                      "SELECT kind, a, b, games, wins_a, wins_b, ties FROM pair_sums "
                                      "WHERE games <> 0 OR wins_a <> 0 OR wins_b <> 0 OR ties <> 0"), ==, 0);
  g_assert_cmpint (count_differences (db, totals, "SELECT kind, player, total, game, seat FROM stat_totals"), ==, 0);

  /* Issue 26, item 11: History's per-player rows follow every change too. */
  assert_player_games_match (db);
}

/* Issue 19: "statistics page data for 10,000 games per game kind under 50 ms" keeps the
 * head-to-head and the best/worst totals as running sums (migration 6); they must stay
 * equal to a recount through everything that changes what counts: games finished by
 * appended actions and by import, an undone and redone finish, a deletion, its
 * restoration and a purge. */
static void
test_sums_match_recount (void)
{
  g_autoptr(DpStore) store = test_open_store ("sums.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (19);
  sqlite3 *db = _dp_store_get_db (store);
  const char *const tables[][4] = {
    { "Ina", "Sami", NULL, NULL },
    { "Sami", "Lou", "Ina", NULL },
    { "Lou", "Ina", NULL, NULL },
  };
  g_autofree char *played = NULL;
  g_autofree char *imported = NULL;
  g_autofree char *other = NULL;
  g_autoptr(DpGame) game = NULL;

  for (guint i = 0; i < 5; i++)
    {
      g_autoptr(DpGame) live = test_new_game (tables[i % 3]);
      g_autofree char *id = dp_store_create_game (store, live, &error);

      g_assert_no_error (error);
      test_play_store (store, id, live, rand, G_MAXUINT);
      g_assert_true (dp_game_is_finished (live));
      if (i == 1)
        {
          played = g_steal_pointer (&id);
          game = g_steal_pointer (&live);
        }
    }
  imported = import_finished (store, tables[1], 7, 1700000000, NULL);
  other = import_finished (store, tables[2], 8, 1700000100, NULL);
  g_assert_cmpint (test_query_int (db, "SELECT count (*) FROM pair_sums WHERE games > 0"), ==, 6);
  assert_sums_match_recount (db);

  /* Undoing the finishing action takes the game out of the statistics; redo puts it back. */
  {
    g_autoptr(DpGame) undone = dp_store_undo (store, played, game, &error);
    g_autoptr(DpGame) redone = NULL;

    g_assert_no_error (error);
    g_assert_false (dp_game_is_finished (undone));
    assert_sums_match_recount (db);
    redone = dp_store_redo (store, played, undone, &error);
    g_assert_no_error (error);
    g_assert_true (dp_game_is_finished (redone));
    assert_sums_match_recount (db);
  }

  g_assert_true (dp_store_set_deleted (store, imported, TRUE, &error));
  g_assert_no_error (error);
  assert_sums_match_recount (db);
  g_assert_true (dp_store_set_deleted (store, imported, FALSE, &error));
  g_assert_no_error (error);
  assert_sums_match_recount (db);

  g_assert_true (dp_store_set_deleted (store, imported, TRUE, &error));
  g_assert_true (dp_store_set_deleted (store, other, TRUE, &error));
  g_assert_true (dp_store_purge_deleted (store, &error));
  g_assert_no_error (error);
  assert_sums_match_recount (db);
  g_assert_cmpint (test_query_int (db, "SELECT count (*) FROM stat_totals WHERE game NOT IN (SELECT id FROM games)"), ==, 0);
}

/* An abandoned game takes no more entries and stays in the history as abandoned. */
static void
test_abandon (void)
{
  g_autoptr(DpStore) store = test_open_store ("abandon.db");
  g_autoptr(DpGame) game = test_new_game (two);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = dp_store_create_game (store, game, &error);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) action = NULL;
  g_autoptr(DpGameSummary) summary = NULL;

  g_assert_no_error (error);
  test_play_store (store, id, game, rand, 2);
  g_assert_true (dp_store_abandon_game (store, id, &error));

  text = test_random_action (game, rand);
  action = test_parse_object (text);
  g_assert_false (dp_store_append_action (store, id, game, action, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_GAME_OVER);
  g_clear_error (&error);

  summary = dp_store_get_summary (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (summary->state, ==, DP_GAME_STATE_ABANDONED);
  g_assert_cmpuint (summary->n_actions, ==, 2);
}

/* ---- Export and import ---- */

/* dp-store.h: an export imports into another database with the same ids and states;
 * importing it again skips every game. */
static void
test_export_import (void)
{
  g_autoptr(DpStore) source = test_open_store ("export-source.db");
  g_autoptr(DpStore) target = test_open_store ("export-target.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) finished = NULL;
  g_autofree char *done_id = import_finished (source, four, 77, 1700000000, &finished);
  g_autoptr(DpGame) running = test_new_game (two);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  g_autofree char *running_id = dp_store_create_game_at (source, running, 1700000500, &error);
  g_autoptr(JsonNode) doc = NULL;
  g_autofree char *text = NULL;
  guint imported, skipped;

  g_assert_no_error (error);
  test_play_store (source, running_id, running, rand, 7);

  doc = dp_store_export (source, NULL, &error);
  g_assert_no_error (error);
  /* Through text, as the CLI writes and reads it. */
  text = json_to_string (doc, TRUE);
  g_clear_pointer (&doc, json_node_unref);
  doc = json_from_string (text, &error);
  g_assert_no_error (error);

  g_assert_true (dp_store_import (target, doc, &imported, &skipped, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (imported, ==, 2);
  g_assert_cmpuint (skipped, ==, 0);

  {
    g_autoptr(DpGame) a = dp_store_load_game (target, done_id, &error);
    g_autoptr(DpGame) b = dp_store_load_game (target, running_id, &error);
    g_autoptr(DpGameSummary) summary = dp_store_get_summary (target, done_id, &error);

    g_assert_no_error (error);
    assert_same_state (a, finished);
    assert_same_state (b, running);
    g_assert_cmpint (summary->created, ==, 1700000000);
    g_assert_cmpint (summary->state, ==, DP_GAME_STATE_FINISHED);
  }

  g_assert_true (dp_store_import (target, doc, &imported, &skipped, &error));
  g_assert_cmpuint (imported, ==, 0);
  g_assert_cmpuint (skipped, ==, 2);
  g_assert_cmpuint (dp_store_count_games (target, NULL, &error), ==, 2);

  /* Only the games asked for. */
  {
    const char *const ids[] = { running_id, NULL };
    g_autoptr(JsonNode) one = dp_store_export (source, ids, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (one), "games")), ==, 1);
  }
}

/* Notes: "import must be atomic (all or nothing, one transaction), refuse malformed/
 * hostile inputs (wrong types, truncated, illegal actions, absurd sizes) with a message
 * naming the first problem (e.g. "Game 3: action 17: …")". */
typedef struct
{
  const char *what;
  const char *json;
  const char *message_part;   /* NULL: any message */
} BadImport;

static void
test_import_refusals (void)
{
  g_autoptr(DpStore) store = test_open_store ("bad-import.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) game = test_new_game (two);
  g_autofree char *setup = dp_game_dup_setup_text (game);
  g_autoptr(GRand) rand = g_rand_new_with_seed (6);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *good = NULL;
  g_autofree char *actions = NULL;
  g_autofree char *illegal = NULL;
  g_autofree char *half_good = NULL;
  g_autofree char *wrong_state = NULL;
  g_autofree char *too_new = NULL;

  test_play_memory (game, rand, 3, texts);
  g_ptr_array_add (texts, NULL);
  actions = g_strjoinv (",", (char **) texts->pdata);
  g_ptr_array_remove_index (texts, texts->len - 1);

#define GAME(id, state, setup_, actions_) \
  "{\"id\":\"" id "\",\"created\":1700000000,\"finished\":0,\"state\":\"" state "\"," \
  "\"setup\":" setup_ ",\"actions\":[" actions_ "]}"
#define DOC(games) "{\"format\":\"dicepad-export\",\"version\":1,\"games\":[" games "]}"

  good = g_strdup_printf (DOC (GAME ("good-1", "in-progress", "%s", "%s")), setup, actions);
  /* Calavera rules: a turn begins with a roll, so "take" as the first action is illegal. */
  illegal = g_strdup_printf (DOC (GAME ("g-1", "in-progress", "%s", "%s") ","
                                  GAME ("g-2", "in-progress", "%s", "%s") ","
                                  GAME ("g-3", "in-progress", "%s", "{\"take\":\"orange\"}")),
                             setup, actions, setup, actions, setup);
  half_good = g_strdup_printf (DOC (GAME ("ok-1", "in-progress", "%s", "%s") ","
                                    GAME ("bad-2", "in-progress", "%s", "%s") ","
                                    "{\"id\": 5}"),
                               setup, actions, setup, actions);
  wrong_state = g_strdup_printf (DOC (GAME ("w-1", "finished", "%s", "%s")), setup, actions);
  too_new = g_strdup ("{\"format\":\"dicepad-export\",\"version\":2,\"games\":[]}");

  {
    const BadImport cases[] = {
      { "not an object", "[1, 2, 3]", NULL },
      { "other format", "{\"format\":\"spreadsheet\",\"version\":1,\"games\":[]}", "format" },
      { "version as text", "{\"format\":\"dicepad-export\",\"version\":\"1\",\"games\":[]}", "version" },
      { "newer version", too_new, "newer" },
      { "games not a list", "{\"format\":\"dicepad-export\",\"version\":1,\"games\":{}}", "games" },
      { "game not an object", DOC ("7"), "Game 1" },
      { "id a number", DOC ("{\"id\":5}"), "Game 1" },
      { "created as text", DOC ("{\"id\":\"x\",\"created\":\"yesterday\"}"), "created" },
      { "negative date", DOC ("{\"id\":\"x\",\"created\":-5,\"finished\":0}"), "created" },
      { "unknown state", DOC ("{\"id\":\"x\",\"created\":1,\"finished\":0,\"state\":\"paused\"}"), "state" },
      { "setup missing", DOC ("{\"id\":\"x\",\"created\":1,\"finished\":0,\"state\":\"finished\"}"), "setup" },
      { "five players", DOC (GAME ("x", "in-progress",
                                   "{\"game\":\"calavera\",\"players\":[\"a\",\"b\",\"c\",\"d\",\"e\"]}", "")),
        "Game 1" },
      { "unknown game", DOC (GAME ("x", "in-progress", "{\"game\":\"chess\",\"players\":[\"a\",\"b\"]}", "")),
        "Game 1" },
      { "empty name", DOC (GAME ("x", "in-progress", "{\"game\":\"calavera\",\"players\":[\"\",\"b\"]}", "")),
        "Game 1" },
      { "action not an object", DOC (GAME ("x", "in-progress", "{\"game\":\"calavera\",\"players\":[\"a\",\"b\"]}",
                                           "[\"roll\"]")), "Game 1, action 1" },
      { "finished but not over", wrong_state, "Game 1" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autoptr(JsonNode) doc = json_from_string (cases[i].json, &error);
        guint imported = 99, skipped = 99;

        g_test_message ("case: %s", cases[i].what);
        g_assert_no_error (error);
        g_assert_false (dp_store_import (store, doc, &imported, &skipped, &error));
        /* The file's own faults, or the rules' refusal of a setup or an action. */
        if (!g_error_matches (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_IMPORT))
          g_assert_true (error->domain == DP_GAME_ERROR);
        if (cases[i].message_part != NULL && strstr (error->message, cases[i].message_part) == NULL)
          g_error ("“%s” does not name “%s”", error->message, cases[i].message_part);
        g_clear_error (&error);
        g_assert_cmpuint (imported, ==, 0);
        /* A file that is not a whole export, or whose every game is bad: nothing. */
        g_assert_cmpuint (dp_store_count_games (store, NULL, &error), ==, 0);
      }
  }

  /* A bad game beside good ones leaves only itself out, named (issue 26, item 1: "the
   * import never refuses good games because of a bad one"; before, the whole file). */
  {
    const BadImport cases[] = {
      { "illegal third game", illegal, "Game 3, action 1" },
      { "third game malformed", half_good, "Game 3" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autofree char *name = g_strdup_printf ("left-out-%u.db", i);
        g_autoptr(DpStore) other = test_open_store (name);
        g_autoptr(JsonNode) doc = json_from_string (cases[i].json, &error);
        guint imported = 99, skipped = 99;

        g_test_message ("case: %s", cases[i].what);
        g_assert_no_error (error);
        g_assert_false (dp_store_import (other, doc, &imported, &skipped, &error));
        g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_SKIPPED_GAMES);
        g_assert_nonnull (strstr (error->message, cases[i].message_part));
        g_assert_null (strstr (error->message, "Game 1"));
        g_clear_error (&error);
        g_assert_cmpuint (imported, ==, 2);
        g_assert_cmpuint (skipped, ==, 0);
        g_assert_cmpuint (dp_store_count_games (other, NULL, &error), ==, 2);
      }
  }

  /* The good document alone imports. */
  {
    g_autoptr(JsonNode) doc = json_from_string (good, &error);
    guint imported, skipped;

    g_assert_no_error (error);
    g_assert_true (dp_store_import (store, doc, &imported, &skipped, &error));
    g_assert_cmpuint (imported, ==, 1);
  }
#undef GAME
#undef DOC
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  test_scratch_init ();

  g_test_add_func ("/store/open/resolve-path", test_resolve_path);
  g_test_add_func ("/store/open/creates", test_open_creates);
  g_test_add_func ("/store/open/empty-file", test_open_empty_file);
  g_test_add_func ("/store/open/refuse-text-file", test_refuse_text_file);
  g_test_add_func ("/store/open/refuse-foreign-sqlite", test_refuse_foreign_sqlite);
  g_test_add_func ("/store/open/refuse-corrupt", test_refuse_corrupt);
  g_test_add_func ("/store/open/refuse-truncated", test_refuse_truncated);
  g_test_add_func ("/store/open/refuse-newer", test_refuse_newer);
  g_test_add_func ("/store/migrate/every-version", test_migrate_every_version);
  g_test_add_func ("/store/migrate/on-worker", test_migrate_on_worker);
  g_test_add_func ("/store/append/round-trip", test_round_trip);
  g_test_add_func ("/store/append/illegal-unchanged", test_illegal_action_unchanged);
  g_test_add_func ("/store/append/stale-state", test_stale_state_refused);
  g_test_add_func ("/store/undo/redo-across-reopen", test_undo_redo_reopen);
  g_test_add_func ("/store/undo/redo-cleared-by-append", test_redo_cleared_by_append);
  g_test_add_func ("/store/undo/nothing", test_nothing_to_undo);
  g_test_add_func ("/store/undo/finish", test_finish_and_undo_finish);
  g_test_add_func ("/store/errors/disk-full", test_disk_full);
  g_test_add_func ("/store/errors/read-only", test_read_only);
  g_test_add_func ("/store/errors/busy", test_busy);
  g_test_add_func ("/store/errors/corrupt-row", test_corrupt_row);
  g_test_add_func ("/store/players/hostile-names", test_hostile_names);
  g_test_add_func ("/store/players/rename", test_rename_keeps_history);
  g_test_add_func ("/store/queries/history", test_history_queries);
  g_test_add_func ("/store/queries/keyset-pages", test_keyset_pages);
  g_test_add_func ("/store/queries/statistics", test_statistics);
  g_test_add_func ("/store/games/delete-purge", test_delete_and_purge);
  g_test_add_func ("/store/queries/sums-match-recount", test_sums_match_recount);
  g_test_add_func ("/store/games/abandon", test_abandon);
  g_test_add_func ("/store/export/round-trip", test_export_import);
  g_test_add_func ("/store/export/refusals", test_import_refusals);

  status = g_test_run ();
  test_scratch_clear ();
  return status;
}
