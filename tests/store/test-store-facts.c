/* test-store-facts.c — facts that outlive a game, as a store query
 *
 * Issue 17 item 2: "Cubitos remembered facts … become store queries kept like the other
 * running sums", and issue 15 item 3: remembered costs are shown and can be corrected.
 * A game tells facts through dp_game_dup_facts() (Cubitos: "cost/<card>", "fan/<space>");
 * the store keeps, per game kind and key, the value of the newest game that is not
 * deleted (src/store/sql/0007-known-facts.sql). The Cubitos games here are race 1 (blue
 * card: Bob) from the golden script tests/core/cubitos/scripts/race1-two-players.jsonl.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "store-test-util.h"

/* Action 36 of the golden race is Ina's {"buy": "blue", "cost": 2}: Bob's cost is told
 * for the first time; action 10 told fan space 1 and action 38 tells space 2. */
#define N_BEFORE_BUY 35

static GPtrArray *
read_script (char **setup)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "core", "cubitos", "scripts",
                                                 "race1-two-players.jsonl", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *actions = g_ptr_array_new_with_free_func (g_free);

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  *setup = NULL;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (lines[i][0] != '{')
        continue;
      if (*setup == NULL)
        *setup = g_strdup (lines[i]);
      else
        g_ptr_array_add (actions, g_strdup (lines[i]));
    }
  return actions;
}

/* A new race-1 game whose setup carries Bob's cost @bob (0: none), created at @created. */
static char *
create_cubitos (DpStore  *store,
                guint     bob,
                gint64    created,
                DpGame  **game_out)
{
  g_autofree char *setup = bob > 0
    ? g_strdup_printf ("{\"game\":\"cubitos\",\"players\":[\"Ina\",\"Sami\"],\"race\":1,"
                       "\"costs\":{\"bob\":%u}}", bob)
    : g_strdup ("{\"game\":\"cubitos\",\"players\":[\"Ina\",\"Sami\"],\"race\":1,"
                "\"track\":\"nothing-goes-right\",\"laps\":1,\"first\":\"Ina\"}");
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) game = dp_game_new_from_text (setup, &error);
  char *id;

  g_assert_no_error (error);
  id = dp_store_create_game_at (store, game, created, &error);
  g_assert_no_error (error);
  if (game_out != NULL)
    *game_out = g_steal_pointer (&game);
  return id;
}

static void
append_text (DpStore    *store,
             const char *id,
             DpGame     *game,
             const char *text)
{
  g_autoptr(JsonObject) action = test_parse_object (text);
  g_autoptr(GError) error = NULL;

  dp_store_append_action (store, id, game, action, &error);
  g_assert_no_error (error);
}

/* The value of @key the store knows for Cubitos, or NULL. */
static char *
known (DpStore    *store,
       const char *key)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) facts = dp_store_dup_known_facts (store, "cubitos", &error);

  g_assert_no_error (error);
  g_assert_nonnull (facts);
  return g_strdup (g_hash_table_lookup (facts, key));
}

#define assert_known(store, key, expected) \
  G_STMT_START { \
    g_autofree char *value_ = known ((store), (key)); \
    g_assert_cmpstr (value_, ==, (expected)); \
  } G_STMT_END

/* Newest wins: the latest created game holding a key gives its value, whatever order the
 * games were stored in (an import brings older games later); Calavera tells nothing. */
static void
test_newest_wins (void)
{
  g_autoptr(DpStore) store = test_open_store ("facts-newest.db");
  g_autofree char *a = create_cubitos (store, 3, 1700000100, NULL);
  g_autofree char *b = create_cubitos (store, 5, 1700000300, NULL);
  g_autofree char *c = create_cubitos (store, 4, 1700000200, NULL);
  g_autoptr(GHashTable) calavera = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) cv = test_new_game ((const char *const[]) { "Ina", "Sami", NULL });
  g_autofree char *cv_id = dp_store_create_game (store, cv, &error);

  g_assert_no_error (error);
  g_assert_true (a != NULL && b != NULL && c != NULL && cv_id != NULL);
  assert_known (store, "cost/bob", "5");
  /* A game without the fact does not hide it: the next newest holder gives it. */
  {
    g_autofree char *d = create_cubitos (store, 0, 1700000400, NULL);

    g_assert_nonnull (d);
    assert_known (store, "cost/bob", "5");
  }
  calavera = dp_store_dup_known_facts (store, "calavera", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_hash_table_size (calavera), ==, 0);
}

/* Deleting the newest holder gives the fact back to the next newest; restoring it (the
 * History's Undo) brings its value back. Purging a deleted game changes nothing. */
static void
test_delete_restore (void)
{
  g_autoptr(DpStore) store = test_open_store ("facts-delete.db");
  g_autofree char *a = create_cubitos (store, 3, 1700000100, NULL);
  g_autofree char *b = create_cubitos (store, 5, 1700000200, NULL);
  g_autoptr(GError) error = NULL;

  assert_known (store, "cost/bob", "5");
  g_assert_true (dp_store_set_deleted (store, b, TRUE, &error));
  g_assert_no_error (error);
  assert_known (store, "cost/bob", "3");
  g_assert_true (dp_store_set_deleted (store, b, FALSE, &error));
  g_assert_no_error (error);
  assert_known (store, "cost/bob", "5");

  g_assert_true (dp_store_set_deleted (store, a, TRUE, &error));
  g_assert_true (dp_store_set_deleted (store, b, TRUE, &error));
  g_assert_no_error (error);
  assert_known (store, "cost/bob", NULL);
  g_assert_true (dp_store_set_deleted (store, a, FALSE, &error));
  g_assert_true (dp_store_purge_deleted (store, &error));
  g_assert_no_error (error);
  assert_known (store, "cost/bob", "3");
}

/* A fact told in a game counts from the action that told it: undoing that action gives
 * the key back to an older game, redo tells it again, and reopening keeps it. */
static void
test_undo_redo (void)
{
  g_autoptr(DpStore) store = test_open_store ("facts-undo.db");
  g_autofree char *setup = NULL;
  g_autoptr(GPtrArray) actions = read_script (&setup);
  g_autofree char *older = create_cubitos (store, 7, 1700000100, NULL);
  g_autoptr(DpGame) game = NULL;
  g_autofree char *id = create_cubitos (store, 0, 1700000200, &game);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (older);
  g_assert_cmpstr (g_ptr_array_index (actions, N_BEFORE_BUY), ==, "{\"player\":\"Ina\",\"buy\":\"blue\",\"cost\":2}");
  for (guint i = 0; i < N_BEFORE_BUY; i++)
    append_text (store, id, game, g_ptr_array_index (actions, i));
  /* Round 1 told fan space 1 (Sami's bust); Bob's cost comes from the older game. */
  assert_known (store, "fan/1", "{\"credits\":1,\"supply\":0}");
  assert_known (store, "cost/bob", "7");

  append_text (store, id, game, g_ptr_array_index (actions, N_BEFORE_BUY));
  assert_known (store, "cost/bob", "2");

  {
    g_autoptr(DpGame) undone = dp_store_undo (store, id, game, &error);

    g_assert_no_error (error);
    g_assert_nonnull (undone);
    assert_known (store, "cost/bob", "7");
  }
  {
    g_autoptr(DpGame) redone = dp_store_redo (store, id, NULL, &error);

    g_assert_no_error (error);
    g_assert_nonnull (redone);
    assert_known (store, "cost/bob", "2");
  }
  {
    g_autofree char *path = g_strdup (dp_store_get_path (store));

    g_assert_finalize_object (g_steal_pointer (&store));
    store = dp_store_open (path, &error);
    g_assert_no_error (error);
    assert_known (store, "cost/bob", "2");
  }
}

/* A game as version 6 wrote it: the games row and its log (seats play no part here). */
static void
fill_v6_game (sqlite3           *db,
              gint64             row,
              const char        *setup,
              GPtrArray         *actions,
              guint              n_actions,
              gboolean           deleted)
{
  g_autofree char *uuid = g_uuid_string_random ();

  test_exec_bound (db, "INSERT INTO games (id, uuid, kind, created, setup, n_players, n_actions, deleted) "
                "VALUES (?3, ?1, 'cubitos', 1700000000 + ?3, ?2, 2, 0, 0)", uuid, setup, row, 0);
  for (guint i = 0; i < n_actions; i++)
    {
      g_autofree char *sql = g_strdup_printf ("INSERT INTO actions (game, seq, json) VALUES (?3, %u, ?1)", i);

      test_exec_bound (db, sql, g_ptr_array_index (actions, i), NULL, row, 0);
    }
  test_exec_bound (db, "UPDATE games SET n_actions = (SELECT count (*) FROM actions WHERE game = ?3), "
                "  deleted = ?1 WHERE id = ?3", deleted ? "1" : "0", NULL, row, 0);
}

/* Migration from version 6: only the engine can read the facts out of the stored logs,
 * so the store replays each live game once while migrating. The newest live game wins;
 * a deleted game counts again when restored; a game whose log is damaged is skipped and
 * does not stop the migration. */
static void
test_migrate_from_6 (void)
{
  g_autofree char *path = test_db_path ("facts-from-6.db");
  g_autofree char *setup = NULL;
  g_autoptr(GPtrArray) actions = read_script (&setup);
  g_autoptr(GPtrArray) damaged = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(DpStore) store = NULL;
  g_autofree char *deleted_id = NULL;

  g_ptr_array_add (damaged, g_strdup ("{\"player\":\"Ina\",\"refill\":"));
  {
    g_autoptr(DpStore) old = _dp_store_open_at_version (path, 6, &error);
    sqlite3 *db;

    g_assert_no_error (error);
    db = _dp_store_get_db (old);
    /* Game 1 told Bob's cost (2) and fan spaces 1 and 2 in play; game 2, older by
     * creation time but stored later, carries Bob at 6 from its setup. */
    fill_v6_game (db, 1, setup, actions, N_BEFORE_BUY + 3, FALSE);
    test_exec_bound (db, "UPDATE games SET created = 1700000500 WHERE id = 1", NULL, NULL, 0, 0);
    fill_v6_game (db, 2, "{\"game\":\"cubitos\",\"players\":[\"Ina\",\"Sami\"],\"race\":1,\"costs\":{\"bob\":6}}",
                  actions, 0, FALSE);
    /* Game 3, newest, deleted: Bob at 9. Game 4, newest live, damaged: Bob at 8. */
    fill_v6_game (db, 3, "{\"game\":\"cubitos\",\"players\":[\"Ina\",\"Sami\"],\"race\":1,\"costs\":{\"bob\":9}}",
                  actions, 0, TRUE);
    test_exec_bound (db, "UPDATE games SET created = 1700000900 WHERE id = 3", NULL, NULL, 0, 0);
    fill_v6_game (db, 4, "{\"game\":\"cubitos\",\"players\":[\"Ina\",\"Sami\"],\"race\":1,\"costs\":{\"bob\":8}}",
                  damaged, 1, FALSE);
    test_exec_bound (db, "UPDATE games SET created = 1700000800 WHERE id = 4", NULL, NULL, 0, 0);
  }

  store = dp_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (test_query_int (_dp_store_get_db (store), "PRAGMA user_version"), ==, 8);
  assert_known (store, "cost/bob", "2");
  assert_known (store, "fan/1", "{\"credits\":1,\"supply\":0}");
  assert_known (store, "fan/2", "{\"credits\":0,\"supply\":1}");
  g_assert_cmpint (test_query_int (_dp_store_get_db (store), "SELECT count (*) FROM game_facts WHERE game IN (3, 4)"),
                   ==, 0);

  {
    sqlite3_stmt *stmt = NULL;

    g_assert_cmpint (sqlite3_prepare_v2 (_dp_store_get_db (store), "SELECT uuid FROM games WHERE id = 3",
                                         -1, &stmt, NULL), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
    deleted_id = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
    sqlite3_finalize (stmt);
  }
  g_assert_true (dp_store_set_deleted (store, deleted_id, FALSE, &error));
  g_assert_no_error (error);
  assert_known (store, "cost/bob", "9");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  test_scratch_init ();

  g_test_add_func ("/store/facts/newest-wins", test_newest_wins);
  g_test_add_func ("/store/facts/delete-restore", test_delete_restore);
  g_test_add_func ("/store/facts/undo-redo", test_undo_redo);
  g_test_add_func ("/store/facts/migrate-from-6", test_migrate_from_6);

  status = g_test_run ();
  test_scratch_clear ();
  return status;
}
