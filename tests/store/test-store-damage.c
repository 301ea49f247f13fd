/* test-store-damage.c — a damaged disk, a second window or a failed export never costs
 * a game (issue 16: one test per defect, each failed on the code before its fix)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dp-exchange.h"
#include "store-test-util.h"

static const char *const two[] = { "Ina", "Sami", NULL };

/* A store with one game of @n_actions random legal actions; returns its id. */
static char *
store_with_game (DpStore *store,
                 guint32  seed,
                 guint    n_actions)
{
  g_autoptr(DpGame) game = test_new_game (two);
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(GError) error = NULL;
  char *id = dp_store_create_game (store, game, &error);

  g_assert_no_error (error);
  test_play_store (store, id, game, rand, n_actions);
  return id;
}

static void
exec_sql (DpStore    *store,
          const char *sql)
{
  g_assert_cmpint (sqlite3_exec (_dp_store_get_db (store), sql, NULL, NULL, NULL), ==, SQLITE_OK);
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  g_assert_nonnull (d);
  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

/* Issue 16, item 1: "If an export from History fails (full disk, one unreadable stored
 * row), the file the user chose to overwrite is deleted … never delete what was there." */
static void
test_export_keeps_file (void)
{
  g_autoptr(DpStore) store = test_open_store ("export-keep.db");
  g_autofree char *id = store_with_game (store, 1, 6);
  g_autofree char *dir = test_db_path ("export-keep");
  g_autofree char *path = g_build_filename (dir, "games.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_file_set_contents (path, "the user's precious file", -1, &error);
  g_assert_no_error (error);

  /* One unreadable stored row: the export fails … */
  exec_sql (store, "UPDATE actions SET json = '{\"roll\": [' WHERE seq = 2");
  for (DpExchangeFormat format = DP_EXCHANGE_FORMAT_JSON; format <= DP_EXCHANGE_FORMAT_CSV; format++)
    {
      const char *const ids[] = { id, NULL };

      g_assert_false (dp_exchange_write_file (store, format, format == DP_EXCHANGE_FORMAT_CSV ? NULL : ids,
                                              file, NULL, &error));
      g_assert_nonnull (error);
      g_clear_error (&error);

      /* … and the file is exactly as it was, with nothing left beside it. */
      g_file_get_contents (path, &contents, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (contents, ==, "the user's precious file");
      g_clear_pointer (&contents, g_free);
      g_assert_cmpuint (count_files (dir), ==, 1);
    }

  /* Repaired, the export replaces the file with a complete one. */
  exec_sql (store, "DELETE FROM actions WHERE seq >= 2");
  exec_sql (store, "UPDATE games SET n_actions = 2");
  g_assert_true (dp_exchange_write_file (store, DP_EXCHANGE_FORMAT_JSON, NULL, file, NULL, &error));
  g_assert_no_error (error);
  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (contents, "\"dicepad-export\""));
  g_assert_cmpuint (count_files (dir), ==, 1);
}

/* Issue 16, item 1: a full disk while writing the export leaves the old file too. A
 * folder the export cannot write to stands in for it (same code path: the new file
 * cannot be written). */
static void
test_export_unwritable_folder (void)
{
  g_autoptr(DpStore) store = test_open_store ("export-ro.db");
  g_autofree char *id = store_with_game (store, 2, 4);
  g_autofree char *dir = test_db_path ("export-ro");
  g_autofree char *path = g_build_filename (dir, "games.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;

  if (geteuid () == 0)
    {
      g_test_skip ("root writes into read-only folders");
      return;
    }

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_file_set_contents (path, "old", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (dir, 0500), ==, 0);

  g_assert_false (dp_exchange_write_file (store, DP_EXCHANGE_FORMAT_CSV, NULL, file, NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpint (g_chmod (dir, 0700), ==, 0);

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (contents, ==, "old");
}

/* Issue 16, item 2: "a negative PRAGMA user_version reads before the migrations array
 * … one flipped bit in header byte 60 of a healthy database gives SIGSEGV". */
static void
test_negative_version (void)
{
  g_autofree char *path = test_db_path ("negative.db");
  g_autoptr(GError) error = NULL;
  g_autofree char *hash_before = NULL;
  g_autofree char *hash_after = NULL;

  {
    g_autoptr(DpStore) store = test_open_store ("negative.db");
    g_autofree char *id = store_with_game (store, 3, 5);

    exec_sql (store, "PRAGMA journal_mode = DELETE");
  }

  /* Byte 60 is the high byte of the big-endian user_version: its top bit makes it
   * negative. */
  {
    FILE *f = g_fopen (path, "r+b");
    int byte;

    g_assert_nonnull (f);
    g_assert_cmpint (fseek (f, 60, SEEK_SET), ==, 0);
    byte = fgetc (f);
    g_assert_cmpint (fseek (f, 60, SEEK_SET), ==, 0);
    fputc (byte ^ 0x80, f);
    fclose (f);
  }

  hash_before = test_file_hash (path);
  g_assert_null (dp_store_open (path, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_A_DATABASE);
  hash_after = test_file_hash (path);
  g_assert_cmpstr (hash_before, ==, hash_after);
}

static void
raw_exec (sqlite3    *db,
          const char *sql)
{
  char *message = NULL;

  if (sqlite3_exec (db, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", sql, message);
}

/* Issue 16, item 3: "g_assert (has_row) in export_game … dicepad-cli export and the
 * window's Export All abort. No g_assert may depend on file contents." A damaged index
 * that still lists a game whose row is gone is built here on a healthy file: the row
 * is deleted while the index is hidden from SQLite, then the index comes back. */
static void
test_export_no_assert (void)
{
  g_autofree char *path = test_db_path ("export-assert.db");
  g_autofree char *victim = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *index_sql = NULL;
  gint64 rootpage;
  sqlite3 *db;

  {
    g_autoptr(DpStore) store = test_open_store ("export-assert.db");
    g_autofree char *keep = store_with_game (store, 4, 4);

    victim = store_with_game (store, 5, 4);
  }

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  rootpage = test_query_int (db, "SELECT rootpage FROM sqlite_schema WHERE name = 'games_by_created'");
  raw_exec (db, "PRAGMA writable_schema = ON");
  raw_exec (db, "DELETE FROM sqlite_schema WHERE name = 'games_by_created'");
  sqlite3_close (db);

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  {
    g_autofree char *sql = g_strdup_printf ("DELETE FROM games WHERE uuid = '%s'", victim);

    raw_exec (db, "PRAGMA foreign_keys = OFF");
    raw_exec (db, sql);
  }
  raw_exec (db, "PRAGMA writable_schema = ON");
  index_sql = g_strdup_printf ("INSERT INTO sqlite_schema VALUES ('index', 'games_by_created', 'games', %"
                               G_GINT64_FORMAT ", 'CREATE INDEX games_by_created ON games (deleted, created)')",
                               rootpage);
  raw_exec (db, index_sql);
  sqlite3_close (db);

  {
    g_autoptr(DpStore) store = NULL;

    store = dp_store_open (path, &error);
    if (store == NULL)
      {
        /* Refusing the damaged file is fine too; aborting is not. */
        g_assert_nonnull (error);
        return;
      }
    root = dp_store_export (store, NULL, &error);
    g_assert_null (root);
    g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_A_DATABASE);
  }
}

/* Issue 16, item 9: "out-of-range float-to-int casts in dp_store_player_stats on
 * edited statistics rows" — huge sums in stat_sums give bounded numbers, no UB (the
 * sanitizer build checks float-cast-overflow). */
static void
test_stats_huge_values (void)
{
  g_autoptr(DpStore) store = test_open_store ("stats-huge.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) stats = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (9);
  g_autoptr(DpGame) game = test_new_game (two);
  g_autofree char *id = dp_store_create_game (store, game, &error);

  g_assert_no_error (error);
  test_play_store (store, id, game, rand, G_MAXUINT);
  g_assert_true (dp_game_is_finished (game));

  exec_sql (store, "UPDATE stat_sums SET total = 1e300 WHERE key IN ('#games', '#wins', '#total')");
  stats = dp_store_player_stats (store, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (stats);
  for (guint i = 0; i < stats->len; i++)
    {
      DpPlayerStats *s = g_ptr_array_index (stats, i);

      g_assert_cmpuint (s->wins, <=, s->games);
      g_assert_cmpfloat (s->win_rate, >=, 0.0);
      g_assert_cmpfloat (s->win_rate, <=, 1.0);
    }

  exec_sql (store, "UPDATE stat_sums SET total = -1e300");
  g_clear_pointer (&stats, g_ptr_array_unref);
  stats = dp_store_player_stats (store, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (stats);
}

/* A healthy database whose folder SQLite cannot write its shared-memory file into:
 * a directory stands where "-shm" would go. Root-proof stand-in for a read-only folder. */
static char *
healthy_with_blocked_folder (const char *name,
                             char      **id_out)
{
  g_autofree char *path = test_db_path (name);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);

  {
    g_autoptr(DpStore) store = test_open_store (name);

    *id_out = store_with_game (store, 6, 5);
  }
  g_assert_cmpint (g_mkdir (shm, 0700), ==, 0);
  return g_steal_pointer (&path);
}

/* Issue 16, item 5: "A healthy database is called damaged when its folder is read-only
 * or the disk is full at open … the message tells the user to choose another file.
 * Say what is really wrong." */
static void
test_open_not_called_damaged (void)
{
  g_autofree char *id = NULL;
  g_autofree char *path = healthy_with_blocked_folder ("blocked.db", &id);
  g_autofree char *before = test_file_hash (path);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_null (dp_store_open (path, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO);
  g_assert_null (strstr (error->message, "damaged"));
  g_assert_null (strstr (error->message, "another file"));
  g_clear_error (&error);
  after = test_file_hash (path);
  g_assert_cmpstr (before, ==, after);

  /* A real read-only folder, where the user running the test cannot write. */
  if (geteuid () != 0)
    {
      g_autofree char *dir = test_db_path ("ro-folder");
      g_autofree char *inner = g_build_filename (dir, "games.db", NULL);

      g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
      {
        g_autoptr(DpStore) store = dp_store_open (inner, &error);

        g_assert_no_error (error);
        g_free (store_with_game (store, 7, 3));
      }
      g_assert_cmpint (g_chmod (dir, 0500), ==, 0);
      g_assert_null (dp_store_open (inner, &error));
      g_assert_cmpint (g_chmod (dir, 0700), ==, 0);
      g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO);
      g_assert_null (strstr (error->message, "damaged"));
    }
}

/* Issue 16, item 7: "A read-only database file cannot even be read (list, show, export
 * say read-only: nothing was saved): open read-only for reading commands and for
 * History." */
static void
test_read_only_reads (void)
{
  g_autofree char *id = NULL;
  g_autofree char *path = healthy_with_blocked_folder ("read-only.db", &id);
  g_autofree char *before = test_file_hash (path);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  for (guint way = 0; way < 3; way++)
    {
      g_autoptr(DpStore) store = way == 0 ? dp_store_open_for_reading (path, &error)
                               : way == 1 ? dp_store_open_or_read_only (path, &error)
                                          : _dp_store_open_read_only (path, &error);
      g_autoptr(GPtrArray) games = NULL;
      g_autoptr(DpGame) game = NULL;
      g_autoptr(JsonNode) export = NULL;
      g_autoptr(GPtrArray) stats = NULL;

      g_assert_no_error (error);
      g_assert_nonnull (store);
      g_assert_true (dp_store_is_read_only (store));

      games = dp_store_list_games (store, NULL, 0, 0, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (games->len, ==, 1);
      game = dp_store_load_game (store, id, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (dp_game_get_n_actions (game), ==, 5);
      export = dp_store_export (store, NULL, &error);
      g_assert_no_error (error);
      stats = dp_store_player_stats (store, NULL, NULL, &error);
      g_assert_no_error (error);

      /* Writing says so, and changes nothing. */
      g_assert_null (dp_store_undo (store, id, NULL, &error));
      g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO);
      g_clear_error (&error);
      g_assert_false (dp_store_abandon_game (store, id, &error));
      g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO);
      g_clear_error (&error);
    }

  after = test_file_hash (path);
  g_assert_cmpstr (before, ==, after);
}

/* Issue 16, item 4: "A damaged action log is shown as a shorter game, exit 0 …
 * games.n_actions is stored but never checked … a damaged players page gives empty
 * names in list and stats." Lost rows (the end, or one in the middle) and a lost player
 * row are errors that name the game, never a shorter game or a blank name. */
static void
test_damaged_log_is_error (void)
{
  g_autoptr(GError) error = NULL;

  for (guint damage = 0; damage < 2; damage++)
    {
      g_autofree char *name = g_strdup_printf ("log-%u.db", damage);
      g_autoptr(DpStore) store = test_open_store (name);
      g_autofree char *id = store_with_game (store, 10 + damage, 12);
      const char *const ids[] = { id, NULL };
      g_autoptr(DpGame) game = NULL;
      g_autoptr(GPtrArray) actions = NULL;
      g_autoptr(JsonNode) export = NULL;
      g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();

      exec_sql (store, damage == 0 ? "DELETE FROM actions WHERE seq >= 7" : "DELETE FROM actions WHERE seq = 3");

      game = dp_store_load_game (store, id, &error);
      g_assert_null (game);
      g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW);
      g_assert_nonnull (strstr (error->message, id));
      g_clear_error (&error);

      actions = dp_store_get_actions (store, id, NULL, &error);
      g_assert_null (actions);
      g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW);
      g_clear_error (&error);

      export = dp_store_export (store, ids, &error);
      g_assert_null (export);
      g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW);
      g_clear_error (&error);

      /* The CSV writer replays a game in progress: the same error, no short totals. */
      g_assert_false (dp_exchange_write (store, DP_EXCHANGE_FORMAT_CSV, NULL, out, NULL, &error));
      g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW);
      g_clear_error (&error);

      /* What can be saved is offered: the readable start of the log as a script,
       * marked incomplete, and the error all the same. */
      {
        g_autoptr(GOutputStream) script = g_memory_output_stream_new_resizable ();
        g_autofree char *text = NULL;
        g_auto(GStrv) lines = NULL;
        guint n_action_lines = 0;

        g_assert_false (dp_exchange_write (store, DP_EXCHANGE_FORMAT_SCRIPT, ids, script, NULL, &error));
        g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW);
        g_clear_error (&error);
        g_output_stream_write (script, "", 1, NULL, NULL);
        g_output_stream_close (script, NULL, NULL);
        text = g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (script));
        g_assert_nonnull (strstr (text, "# INCOMPLETE"));
        lines = g_strsplit (text, "\n", -1);
        for (guint l = 0; lines[l] != NULL; l++)
          if (lines[l][0] == '{')
            n_action_lines++;
        /* The setup, then the actions before the first lost one. */
        g_assert_cmpuint (n_action_lines, ==, 1 + (damage == 0 ? 7 : 3));
      }

      /* No undo of a damaged log either. */
      g_assert_null (dp_store_undo (store, id, NULL, &error));
      g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW);
      g_clear_error (&error);
    }

  /* A player row lost: the list names the game instead of showing a blank name. */
  {
    g_autoptr(DpStore) store = test_open_store ("players.db");
    g_autofree char *id = store_with_game (store, 12, 3);
    g_autoptr(GPtrArray) games = NULL;

    exec_sql (store, "PRAGMA foreign_keys = OFF");
    exec_sql (store, "DELETE FROM players WHERE name = 'Sami'");
    games = dp_store_list_games (store, NULL, 0, 0, &error);
    g_assert_null (games);
    g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW);
    g_assert_nonnull (strstr (error->message, id));
  }
}

/* Issue 16, item 6: "Undo from a stale window removes another window's action: undo and
 * redo must check the caller's log position the way append does." Two windows on one
 * game: B moves on, A (stale) tries to undo and redo. */
static void
test_stale_undo_redo (void)
{
  g_autoptr(DpStore) store = test_open_store ("stale.db");
  g_autofree char *id = store_with_game (store, 13, 4);
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) window_a = dp_store_load_game (store, id, &error);
  g_autoptr(DpGame) window_b = dp_store_load_game (store, id, &error);
  g_autoptr(GRand) rand = g_rand_new_with_seed (14);
  g_autoptr(DpGame) stored = NULL;
  g_autoptr(DpGame) undone = NULL;

  g_assert_no_error (error);

  /* B enters an action; A's undo would take back B's action: refused. */
  g_assert_cmpuint (test_play_store (store, id, window_b, rand, 1), ==, 1);
  g_assert_null (dp_store_undo (store, id, window_a, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_OUT_OF_DATE);
  g_clear_error (&error);
  stored = dp_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dp_game_get_n_actions (stored), ==, 5);

  /* B undoes its action; A, still at 4, may not redo it on B's behalf either … */
  undone = dp_store_undo (store, id, window_b, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dp_game_get_n_actions (undone), ==, 4);
  {
    g_autoptr(DpGame) stale_b = g_steal_pointer (&window_b);
    g_autoptr(DpGame) redone = dp_store_redo (store, id, stale_b, &error);

    /* … B's old state (5 actions) is stale too. */
    g_assert_null (redone);
    g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_OUT_OF_DATE);
    g_clear_error (&error);
  }
  {
    g_autoptr(DpGame) redone = dp_store_redo (store, id, undone, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (dp_game_get_n_actions (redone), ==, 5);
  }
}

/* Issue 16, item 11: names are normalised (NFC, trimmed, no invisible characters), and
 * what cannot be shown is refused — by the store and by an import alike. */
static void
test_names_normalised (void)
{
  g_autoptr(DpStore) store = test_open_store ("names.db");
  g_autoptr(GError) error = NULL;
  const struct { const char *typed, *normal; } cases[] = {
    { "  Ina ", "Ina" },
    { "Zoe\xcc\x88", "Zo\xc3\xab" },             /* NFD → NFC */
    { "Ina\xe2\x80\x8b", "Ina" },                  /* zero-width space */
    { "\xef\xbb\xbfSami\xc2\xa0", "Sami" },         /* BOM, no-break space */
  };
  const char *const refused[] = {
    "\xe2\x80\xae" "ani",                         /* right-to-left override */
    "Ina\xe2\x81\xa6x",                           /* left-to-right isolate */
    "Ina\xe2\x80\x8b",                            /* zero-width space */
    "Ina ",
    "Zoe\xcc\x88",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *normal = dp_store_normalize_player_name (cases[i].typed);

      g_assert_cmpstr (normal, ==, cases[i].normal);
      g_assert_true (dp_store_check_player_name (normal, &error));
      g_assert_no_error (error);
    }

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_assert_false (dp_store_check_player_name (refused[i], &error));
      g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_NAME);
      g_clear_error (&error);
    }

  /* An import with such names is refused whole, at the setup's line. */
  {
    const char *const docs[] = {
      "{\"format\": \"dicepad-export\", \"version\": 1, \"games\": [\n"
      "{\"id\": \"a\", \"created\": 1, \"finished\": 0, \"state\": \"in-progress\",\n"
      " \"setup\": {\"game\": \"calavera\", \"players\": [\"Ina\\u0000x\", \"Sami\"]}, \"actions\": []}]}",
      "{\"format\": \"dicepad-export\", \"version\": 1, \"games\": [\n"
      "{\"id\": \"a\", \"created\": 1, \"finished\": 0, \"state\": \"in-progress\",\n"
      " \"setup\": {\"game\": \"calavera\", \"players\": [\"Ina\\u200b\", \"Sami\"]}, \"actions\": []}]}",
    };

    for (guint i = 0; i < G_N_ELEMENTS (docs); i++)
      {
        guint line = 0;

        g_assert_false (dp_exchange_import_data (store, docs[i], strlen (docs[i]), NULL, NULL, &line, &error));
        g_assert_nonnull (error);
        g_assert_cmpuint (line, ==, 3);
        g_clear_error (&error);
        g_assert_cmpuint (dp_store_count_games (store, NULL, NULL), ==, 0);
      }
  }
}

/* ---- Issue 26 ---- */

/* A finished game of two players, played at random; returns its id. */
static char *
store_with_finished_game (DpStore *store,
                          guint32  seed)
{
  g_autoptr(DpGame) game = test_new_game (two);
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(GError) error = NULL;
  char *id = dp_store_create_game (store, game, &error);

  g_assert_no_error (error);
  test_play_store (store, id, game, rand, 100000);
  g_assert_true (dp_game_is_finished (game));
  return id;
}

/* Item 3: "A fresh database killed while it was being created (between
 * journal_mode=WAL and the first migration's commit: an empty WAL database, application
 * id 0) is refused by every reading command … An empty database is an empty history."
 * The same for a 0-byte file and a missing one; none of them is created or changed. */
static void
test_empty_database_reads_empty (void)
{
  g_autofree char *wal_path = test_db_path ("killed-at-creation.db");
  g_autofree char *empty_path = test_db_path ("zero-bytes.db");
  g_autofree char *missing_path = test_db_path ("missing.db");
  g_autoptr(GError) error = NULL;
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (wal_path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  g_file_set_contents (empty_path, "", 0, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < 3; i++)
    {
      const char *path = i == 0 ? wal_path : i == 1 ? empty_path : missing_path;
      g_autofree char *before = i < 2 ? test_file_hash (path) : NULL;
      g_autoptr(DpStore) store = dp_store_open_for_reading (path, &error);
      g_autoptr(GPtrArray) games = NULL;
      g_autoptr(GPtrArray) stats = NULL;
      g_autoptr(JsonNode) export = NULL;
      g_autoptr(DpGame) game = test_new_game (two);

      g_assert_no_error (error);
      g_assert_nonnull (store);
      games = dp_store_list_games (store, NULL, 0, 0, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (games->len, ==, 0);
      stats = dp_store_player_stats (store, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (stats->len, ==, 0);
      export = dp_store_export (store, NULL, &error);
      g_assert_no_error (error);

      /* A reader's store is read-only: a write says so and stores nothing anywhere. */
      g_assert_null (dp_store_create_game (store, game, &error));
      g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO);
      g_clear_error (&error);

      if (i < 2)
        {
          g_autofree char *after = test_file_hash (path);

          g_assert_cmpstr (before, ==, after);
        }
      else
        {
          g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
        }
    }

  /* The writer takes the half-created file over as a new database. */
  {
    g_autoptr(DpStore) store = dp_store_open (wal_path, &error);
    g_autoptr(DpGame) game = test_new_game (two);
    g_autofree char *id = NULL;

    g_assert_no_error (error);
    id = dp_store_create_game (store, game, &error);
    g_assert_no_error (error);
  }
}

/* Item 5: "Reading a read-only database leaves a read-only -shm behind; writes stay
 * refused as 'read-only' after the file is made writable again." */
static void
test_read_only_leaves_no_shm (void)
{
  g_autofree char *path = test_db_path ("ro-shm.db");
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_autofree char *id = NULL;
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(DpStore) store = dp_store_open (path, &error);

    g_assert_no_error (error);
    id = store_with_game (store, 21, 4);
  }
  g_assert_false (g_file_test (shm, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);

  {
    g_autoptr(DpStore) store = dp_store_open_for_reading (path, &error);
    g_autoptr(DpGame) game = NULL;

    g_assert_no_error (error);
    game = dp_store_load_game (store, id, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (dp_game_get_n_actions (game), ==, 4);
  }
  /* Nothing a later writer could trip over. */
  g_assert_false (g_file_test (shm, G_FILE_TEST_EXISTS));

  g_assert_cmpint (g_chmod (path, 0644), ==, 0);
  {
    g_autoptr(DpStore) store = dp_store_open (path, &error);
    g_autoptr(DpGame) game = NULL;

    g_assert_no_error (error);
    game = dp_store_load_game (store, id, &error);
    g_assert_no_error (error);
    g_assert_true (dp_store_abandon_game (store, id, &error));
    g_assert_no_error (error);
  }
}

/* Item 6: "On a database whose players page is damaged, stats exits 0 with an empty
 * list (list reports the damage)." */
static void
test_stats_damaged_players (void)
{
  g_autoptr(DpStore) store = test_open_store ("stats-players.db");
  g_autofree char *id = store_with_finished_game (store, 31);
  g_autoptr(GPtrArray) stats = NULL;
  g_autoptr(GError) error = NULL;

  stats = dp_store_player_stats (store, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stats->len, ==, 2);
  g_clear_pointer (&stats, g_ptr_array_unref);

  exec_sql (store, "PRAGMA foreign_keys = OFF");
  exec_sql (store, "DELETE FROM players");
  stats = dp_store_player_stats (store, NULL, NULL, &error);
  g_assert_null (stats);
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW);
}

/* Item 7: "Undo then redo of a finished game's last action moves its end time to the
 * time of the redo." The end time is set far back, so any redo "now" would show. */
static void
test_redo_keeps_end_time (void)
{
  g_autoptr(DpStore) store = test_open_store ("end-time.db");
  g_autofree char *id = store_with_finished_game (store, 41);
  g_autoptr(GError) error = NULL;

  exec_sql (store, "UPDATE games SET finished = 1000000000");
  for (guint steps = 1; steps <= 2; steps++)
    {
      g_autoptr(DpGameSummary) summary = NULL;

      for (guint i = 0; i < steps; i++)
        {
          g_autoptr(DpGame) game = dp_store_undo (store, id, NULL, &error);

          g_assert_no_error (error);
          summary = dp_store_get_summary (store, id, &error);
          g_assert_no_error (error);
          g_assert_cmpint (summary->state, ==, DP_GAME_STATE_IN_PROGRESS);
          g_assert_cmpint (summary->finished, ==, 0);
          g_clear_pointer (&summary, dp_game_summary_free);
        }
      for (guint i = 0; i < steps; i++)
        {
          g_autoptr(DpGame) game = dp_store_redo (store, id, NULL, &error);

          g_assert_no_error (error);
        }
      summary = dp_store_get_summary (store, id, &error);
      g_assert_no_error (error);
      g_assert_cmpint (summary->state, ==, DP_GAME_STATE_FINISHED);
      g_assert_cmpint (summary->finished, ==, 1000000000);
    }
}

/* Item 8: "list --player does not fold accents ('jurgen' finds 0 games; the window's
 * search finds 7)." */
static void
test_match_player_names (void)
{
  g_autoptr(DpStore) store = test_open_store ("fold.db");
  const char *const names[] = { "Jürgen", "Zoë", NULL };
  const char *const others[] = { "Zoe", "O'Brien", NULL };
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(DpGame) game = test_new_game (i == 0 ? names : others);
      g_autofree char *id = dp_store_create_game (store, game, &error);

      g_assert_no_error (error);
    }

  {
    g_auto(GStrv) found = dp_store_match_player_names (store, "jurgen", &error);

    g_assert_no_error (error);
    g_assert_cmpuint (g_strv_length (found), ==, 1);
    g_assert_cmpstr (found[0], ==, "Jürgen");
  }
  {
    /* Two players fold alike; the exact spelling comes first. */
    g_auto(GStrv) found = dp_store_match_player_names (store, "Zoe", &error);

    g_assert_no_error (error);
    g_assert_cmpuint (g_strv_length (found), ==, 2);
    g_assert_cmpstr (found[0], ==, "Zoe");
  }
  {
    g_auto(GStrv) found = dp_store_match_player_names (store, "o'brien", &error);

    g_assert_no_error (error);
    g_assert_cmpstr (found[0], ==, "O'Brien");
  }
}

/* Item 9: "'only 148 of its 145 actions can be read'; a folder given as the database is
 * called 'damaged'." */
static void
test_wording (void)
{
  g_autoptr(DpStore) store = test_open_store ("wording.db");
  g_autofree char *id = store_with_game (store, 51, 8);
  g_autofree char *folder = test_db_path ("a-folder");
  g_autoptr(DpGame) game = NULL;
  g_autoptr(GError) error = NULL;

  exec_sql (store, "UPDATE games SET n_actions = 5");
  game = dp_store_load_game (store, id, &error);
  g_assert_null (game);
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW);
  g_assert_null (strstr (error->message, "only 8 of its 5"));
  g_assert_nonnull (strstr (error->message, id));
  g_assert_nonnull (strstr (error->message, "8"));
  g_clear_error (&error);

  /* An import with text after the export: no hint meant for game scripts. */
  {
    const char *doc = "{\"format\": \"dicepad-export\", \"version\": 1, \"games\": []}\n{}\n";
    guint line = 0;

    g_assert_false (dp_exchange_import_data (store, doc, strlen (doc), NULL, NULL, &line, &error));
    g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_IMPORT);
    g_assert_cmpuint (line, ==, 2);
    g_assert_null (strstr (error->message, "action"));
    g_clear_error (&error);
  }

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  for (guint way = 0; way < 2; way++)
    {
      g_autoptr(DpStore) other = way == 0 ? dp_store_open (folder, &error) : dp_store_open_for_reading (folder, &error);

      g_assert_null (other);
      g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO);
      g_assert_null (strstr (error->message, "damaged"));
      g_assert_nonnull (strstr (error->message, "folder"));
      g_clear_error (&error);
    }
}

/* Item 10: "Deleting the -shm file while another Dicepad process has the database open
 * lost a stored game once and made the database unreadable once … where Dicepad can
 * notice it (the file's identity changed under an open connection), refuse to write and
 * say why." Two stores stand for two Dicepad processes. */
static void
test_shm_deleted_refuses_writes (void)
{
  g_autofree char *path = test_db_path ("shm-deleted.db");
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_autofree char *replacement = test_db_path ("replacement.db");
  g_autofree char *id = NULL;
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(DpStore) store = dp_store_open (path, &error);
    g_autoptr(DpStore) other = NULL;
    g_autoptr(DpGame) game = NULL;

    g_assert_no_error (error);
    other = dp_store_open (path, &error);
    g_assert_no_error (error);
    id = store_with_game (store, 61, 4);
    g_assert_true (g_file_test (shm, G_FILE_TEST_EXISTS));
    g_assert_cmpint (g_unlink (shm), ==, 0);

    /* Reading goes on; every write is refused, saying why, in both processes. */
    game = dp_store_load_game (store, id, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (dp_game_get_n_actions (game), ==, 4);
    g_assert_false (dp_store_abandon_game (store, id, &error));
    g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO);
    g_assert_nonnull (strstr (error->message, "-shm"));
    g_clear_error (&error);
    {
      g_autoptr(DpGame) fresh = test_new_game (two);

      g_assert_null (dp_store_create_game (other, fresh, &error));
      g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO);
      g_clear_error (&error);
    }
  }

  /* Every connection closed: the games are whole and can be written again. */
  {
    g_autoptr(DpStore) store = dp_store_open (path, &error);
    g_autoptr(DpGame) game = NULL;

    g_assert_no_error (error);
    game = dp_store_load_game (store, id, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (dp_game_get_n_actions (game), ==, 4);

    /* The database file itself replaced under the connection: refused too. */
    {
      g_autoptr(DpStore) other = dp_store_open (replacement, &error);

      g_assert_no_error (error);
    }
    g_assert_cmpint (g_rename (replacement, path), ==, 0);
    g_assert_false (dp_store_abandon_game (store, id, &error));
    g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO);
  }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  test_scratch_init ();

  g_test_add_func ("/store/damage/export-keeps-file", test_export_keeps_file);
  g_test_add_func ("/store/damage/export-unwritable-folder", test_export_unwritable_folder);
  g_test_add_func ("/store/damage/negative-version", test_negative_version);
  g_test_add_func ("/store/damage/export-no-assert", test_export_no_assert);
  g_test_add_func ("/store/damage/stats-huge-values", test_stats_huge_values);
  g_test_add_func ("/store/damage/open-not-called-damaged", test_open_not_called_damaged);
  g_test_add_func ("/store/damage/read-only-reads", test_read_only_reads);
  g_test_add_func ("/store/damage/damaged-log-is-error", test_damaged_log_is_error);
  g_test_add_func ("/store/damage/stale-undo-redo", test_stale_undo_redo);
  g_test_add_func ("/store/damage/names-normalised", test_names_normalised);
  g_test_add_func ("/store/damage/empty-database-reads-empty", test_empty_database_reads_empty);
  g_test_add_func ("/store/damage/read-only-leaves-no-shm", test_read_only_leaves_no_shm);
  g_test_add_func ("/store/damage/stats-damaged-players", test_stats_damaged_players);
  g_test_add_func ("/store/damage/redo-keeps-end-time", test_redo_keeps_end_time);
  g_test_add_func ("/store/damage/match-player-names", test_match_player_names);
  g_test_add_func ("/store/damage/wording", test_wording);
  g_test_add_func ("/store/damage/shm-deleted-refuses-writes", test_shm_deleted_refuses_writes);

  status = g_test_run ();
  test_scratch_clear ();
  return status;
}
