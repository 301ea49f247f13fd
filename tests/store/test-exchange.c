/* test-exchange.c — the JSON export written game by game (dp-exchange.c)
 *
 * The export format is a contract (docs/cli.md; the import, tests/cli and other
 * programs read it): the writer that streams game by game must give exactly the bytes
 * of the whole document printed by json-glib, as the export did before. A stream that
 * fails half way (full disk, closed) gives a Dicepad error, and a named file is never
 * left half written.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dp-bgstats.h"
#include "dp-exchange.h"
#include "store-test-util.h"

#define N_GAMES 200

/* The export as it was written before it was streamed: the whole document built by the
 * store, printed by json-glib (pretty, indent 2) and a final line break. */
static char *
reference_export (DpStore            *store,
                  const char *const  *ids)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = dp_store_export (store, ids, &error);
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  return g_strconcat (text, "\n", NULL);
}

/* What was written to the memory stream @out, as a string (the stream is closed). */
static char *
memory_text (GOutputStream *out)
{
  g_assert_true (g_output_stream_write_all (out, "", 1, NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
}

static char *
streamed_export (DpStore            *store,
                 const char *const  *ids)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;

  g_assert_true (dp_exchange_write (store, DP_EXCHANGE_FORMAT_JSON, ids, out, NULL, &error));
  g_assert_no_error (error);
  return memory_text (out);
}

/* Stores @n games played a random number of moves (finished ones and ones still in
 * progress), with names json-glib must escape, several created in the same second (the
 * export orders by time, then by row). Returns their ids in the order stored. */
static GPtrArray *
store_games (DpStore *store,
             guint    n)
{
  static const char *const names[][4] = {
    { "Ana", "Bo", NULL },
    { "Zoë \"Z\"", "Back\\slash", "Ørjan/Å", NULL },
    { "=SUM(A1)", "李", "Émile", NULL },
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261124);
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DpGame) game = test_new_game (names[i % G_N_ELEMENTS (names)]);
      g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(JsonNode) doc = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      char *id = g_strdup_printf ("exchange-%04u", i);
      guint imported = 0;

      /* Every fifth game to the end, the others part way. */
      test_play_memory (game, rand, i % 5 == 0 ? G_MAXUINT : (guint) g_rand_int_range (rand, 0, 40), actions);
      doc = test_export_of (game, actions, id, 1700000000 + i / 3);
      text = json_to_string (doc, FALSE);
      g_assert_true (dp_exchange_import_data (store, text, strlen (text), &imported, NULL, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (imported, ==, 1);
      g_ptr_array_add (ids, id);
    }
  return ids;
}

/* Plays the golden script tests/scripts/@name into @store (a whole Calavera game, a
 * Cubitos race: their actions hold empty objects such as "roll": {}, which json-glib
 * indents by depth). */
static void
store_script (DpStore    *store,
              const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "scripts", name, NULL);
  g_autofree char *contents = NULL;
  g_autofree char *id = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(DpGame) game = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(JsonObject) object = NULL;

      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      object = test_parse_object (lines[i]);
      if (game == NULL)
        {
          game = dp_game_new (object, &error);
          g_assert_no_error (error);
          id = dp_store_create_game (store, game, &error);
        }
      else
        g_assert_true (dp_store_append_action (store, id, game, object, &error));
      g_assert_no_error (error);
    }
}

/* The assignment "export" (a JSON export that does not hold the whole file in memory):
 * a 200-game export, streamed, is byte for byte the old writer's document. */
static void
test_json_same_bytes (void)
{
  g_autoptr(DpStore) store = test_open_store ("same-bytes.db");
  g_autoptr(GPtrArray) ids = NULL;
  g_autofree char *empty_old = reference_export (store, NULL);
  g_autofree char *empty_new = streamed_export (store, NULL);
  g_autofree char *all_old = NULL;
  g_autofree char *all_new = NULL;

  /* No games at all: still the same document. */
  g_assert_cmpstr (empty_new, ==, empty_old);

  ids = store_games (store, N_GAMES - 2);
  store_script (store, "rules-whole-game.jsonl");
  store_script (store, "cubitos-race1.jsonl");
  all_old = reference_export (store, NULL);
  all_new = streamed_export (store, NULL);
  /* Well over one write chunk (64 KiB), so the bytes cross several writes. */
  g_assert_cmpuint (strlen (all_old), >, 4 * 65536);
  g_assert_cmpstr (all_new, ==, all_old);

  /* The games the user chose, in the order chosen; one game alone. */
  {
    const char *const some[] = { g_ptr_array_index (ids, 150), g_ptr_array_index (ids, 3),
                                 g_ptr_array_index (ids, 77), NULL };
    const char *const one[] = { g_ptr_array_index (ids, 42), NULL };
    g_autofree char *some_old = reference_export (store, some);
    g_autofree char *some_new = streamed_export (store, some);
    g_autofree char *one_old = reference_export (store, one);
    g_autofree char *one_new = streamed_export (store, one);

    g_assert_cmpstr (some_new, ==, some_old);
    g_assert_cmpstr (one_new, ==, one_old);
  }

  /* And it still imports back: every game is known (skipped as already stored). */
  {
    g_autoptr(GError) error = NULL;
    guint imported = 0, skipped = 0;

    g_assert_true (dp_exchange_import_data (store, all_new, strlen (all_new), &imported, &skipped, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (imported, ==, 0);
    g_assert_cmpuint (skipped, ==, N_GAMES);
  }
}

/* Issue 16, item 1 (a full disk must not lose anything): a stream that runs out of
 * space half way through the export, or was closed, fails with Dicepad's message and
 * the stream's own error code, for the JSON and the CSV export alike. */
static void
test_write_failures (void)
{
  g_autoptr(DpStore) store = test_open_store ("failures.db");
  g_autoptr(GPtrArray) ids = store_games (store, 60);
  const gsize sizes[] = { 10, 70000 };

  for (DpExchangeFormat format = DP_EXCHANGE_FORMAT_JSON; format <= DP_EXCHANGE_FORMAT_CSV; format++)
    {
      /* A fixed-size memory stream is a disk that fills up: G_IO_ERROR_NO_SPACE. */
      for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
        {
          g_autofree char *buffer = g_malloc (sizes[i]);
          g_autoptr(GOutputStream) out = g_memory_output_stream_new (buffer, sizes[i], NULL, NULL);
          g_autoptr(GError) error = NULL;

          if (format == DP_EXCHANGE_FORMAT_CSV && sizes[i] > 10)
            continue;   /* 60 games make less than that in CSV */
          g_assert_false (dp_exchange_write (store, format, NULL, out, NULL, &error));
          g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
          g_assert_true (g_str_has_prefix (error->message, "Cannot write the export: "));
        }

      /* A closed stream (the other end went away). */
      {
        g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
        g_autoptr(GError) error = NULL;

        g_assert_true (g_output_stream_close (out, NULL, NULL));
        g_assert_false (dp_exchange_write (store, format, NULL, out, NULL, &error));
        g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CLOSED);
        g_assert_true (g_str_has_prefix (error->message, "Cannot write the export: "));
      }
    }
}

/* Issue 16, item 1 and the assignment: when the export to a named file fails, the
 * user's file is exactly as it was and no partial file is left beside it. A damaged
 * stored game near the end is left out and named, the file then holds every other game
 * (issue 26, item 1); with every game damaged the export fails and the file stays. */
static void
test_file_never_half_written (void)
{
  g_autoptr(DpStore) store = test_open_store ("half.db");
  g_autoptr(GPtrArray) ids = store_games (store, N_GAMES);
  g_autofree char *dir = test_db_path ("half");
  g_autofree char *path = g_build_filename (dir, "games.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) listing = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *sql = NULL;
  guint n_files = 0;

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_file_set_contents (path, "the user's precious file", -1, &error);
  g_assert_no_error (error);

  /* The newest game (written last) cannot be read back. */
  sql = g_strdup_printf ("UPDATE games SET setup = '{' WHERE uuid = '%s'",
                         (const char *) g_ptr_array_index (ids, N_GAMES - 1));
  g_assert_cmpint (sqlite3_exec (_dp_store_get_db (store), sql, NULL, NULL, NULL), ==, SQLITE_OK);

  g_assert_false (dp_exchange_write_file (store, DP_EXCHANGE_FORMAT_JSON, NULL, file, NULL, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_SKIPPED_GAMES);
  g_assert_nonnull (strstr (error->message, g_ptr_array_index (ids, N_GAMES - 1)));
  g_clear_error (&error);
  {
    g_autoptr(DpStore) other = test_open_store ("half-import.db");
    g_autoptr(GFile) written = g_file_new_for_path (path);
    guint imported = 0;

    g_assert_true (dp_exchange_import_file (other, written, &imported, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (imported, ==, N_GAMES - 1);
  }
  g_file_set_contents (path, "the user's precious file", -1, &error);
  g_assert_no_error (error);

  /* Every game damaged: nothing to write, the file stays. */
  g_assert_cmpint (sqlite3_exec (_dp_store_get_db (store), "UPDATE games SET setup = '{'", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_false (dp_exchange_write_file (store, DP_EXCHANGE_FORMAT_JSON, NULL, file, NULL, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW);

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "the user's precious file");
  listing = g_dir_open (dir, 0, NULL);
  while (g_dir_read_name (listing) != NULL)
    n_files++;
  g_assert_cmpuint (n_files, ==, 1);
}

/* Issue 26, item 12: "Dicepad cannot import its own export past ~63,000 games: the import
 * refuses files over 1 GiB". There is no size limit any more: the file is read game by
 * game (bench/bench-import imports an export of 100,001 games). A file of 1 GiB and a
 * byte of zeros (sparse, so the test writes little) is refused as what it is, not an
 * export, at its first byte and without reading the rest; nothing is imported. */
static void
test_import_no_size_limit (void)
{
  g_autoptr(DpStore) store = test_open_store ("limit.db");
  g_autofree char *path = test_db_path ("limit-over.json");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  guint imported = 0, line = 0;
  int fd;

  store_script (store, "rules-whole-game.jsonl");

  fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) 1024 * 1024 * 1024 + 1), ==, 0);
  g_assert_cmpint (close (fd), ==, 0);
  g_assert_false (dp_exchange_import_file (store, file, &imported, NULL, &line, NULL, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_IMPORT);
  g_assert_nonnull (strstr (error->message, "one JSON object"));
  g_assert_cmpuint (line, ==, 1);
  g_assert_cmpuint (imported, ==, 0);
  g_assert_cmpuint (dp_store_count_games (store, NULL, NULL), ==, 1);
  g_unlink (path);
}

/* Issue 26, item 12: the import reads an export once, its games where they stand. The
 * outer object around them is still checked whole: members after the list, a list
 * before the format (walked once to find the format), a second list, a trailing comma,
 * text after the object — and the games of a refused file are not kept. */
static void
test_import_outer_object (void)
{
  g_autoptr(DpStore) store = test_open_store ("outer.db");
  g_autofree char *one = NULL;
  g_autofree char *game = NULL;
  const char *start, *end;
  struct
  {
    const char *format;   /* @: the game */
    gboolean    ok;
  } cases[] = {
    { "{\"format\": \"dicepad-export\", \"version\": 1, \"games\": [@], \"note\": [1, {\"a\": 2}]}", TRUE },
    { "{\"games\": [@], \"version\": 1, \"format\": \"dicepad-export\"}", TRUE },
    { "{\"format\": \"dicepad-export\", \"version\": 1, \"games\": [@], }", FALSE },
    { "{\"format\": \"dicepad-export\", \"version\": 1, \"games\": [@], \"games\": []}", FALSE },
    { "{\"format\": \"dicepad-export\", \"version\": 1, \"games\": [@]} {}", FALSE },
    { "{\"format\": \"dicepad-export\", \"version\": 1, \"games\": [@], \"x\": \"\\u0000\"}", FALSE },
    { "{\"games\": [@], \"format\": \"other\", \"version\": 1}", FALSE },
  };

  store_script (store, "rules-whole-game.jsonl");
  one = streamed_export (store, NULL);
  start = strchr (strstr (one, "\"games\""), '[') + 1;
  end = strrchr (one, ']');
  game = g_strndup (start, (gsize) (end - start));

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(DpStore) target = NULL;
      g_autofree char *name = g_strdup_printf ("outer-%u.db", i);
      g_auto(GStrv) parts = g_strsplit (cases[i].format, "@", 2);
      g_autofree char *text = g_strconcat (parts[0], game, parts[1], NULL);
      g_autoptr(GError) error = NULL;
      guint imported = 0;
      gboolean ok;

      target = test_open_store (name);
      ok = dp_exchange_import_data (target, text, strlen (text), &imported, NULL, NULL, &error);
      g_assert_cmpint (ok, ==, cases[i].ok);
      g_assert_cmpuint (dp_store_count_games (target, NULL, NULL), ==, cases[i].ok ? 1 : 0);
      if (!cases[i].ok)
        g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_IMPORT);
    }
}

/* The export as a stream that cannot be mapped (a pipe) imports the same, and the
 * games already stored are named (the window offers to restore the deleted ones). */
static void
test_import_from_pipe (void)
{
  g_autoptr(DpStore) store = test_open_store ("pipe-from.db");
  g_autoptr(DpStore) target = test_open_store ("pipe-to.db");
  g_autofree char *export = NULL;
  g_autofree char *fifo = test_db_path ("export.fifo");
  g_autoptr(GFile) file = g_file_new_for_path (fifo);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) skipped_ids = NULL;
  guint imported = 0, skipped = 0;
  GPid pid;

  store_script (store, "rules-whole-game.jsonl");
  export = streamed_export (store, NULL);
  g_assert_true (dp_exchange_import_data (target, export, strlen (export), &imported, NULL, NULL, &error));
  g_assert_no_error (error);
  store_script (store, "rules-whole-game.jsonl");
  g_free (export);
  export = streamed_export (store, NULL);

  g_unlink (fifo);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      int fd = open (fifo, O_WRONLY);
      gsize left = strlen (export);
      const char *p = export;

      while (fd >= 0 && left > 0)
        {
          gssize n = write (fd, p, left);

          if (n <= 0)
            break;
          p += n;
          left -= (gsize) n;
        }
      _exit (left == 0 ? 0 : 1);
    }
  g_assert_true (dp_exchange_import_file_full (target, file, &imported, &skipped, &skipped_ids, NULL, NULL, &error));
  g_assert_no_error (error);
  waitpid (pid, NULL, 0);
  g_assert_cmpuint (imported, ==, 1);
  g_assert_cmpuint (skipped, ==, 1);
  g_assert_nonnull (skipped_ids);
  g_assert_cmpuint (g_strv_length (skipped_ids), ==, 1);
  g_assert_cmpuint (dp_store_count_games (target, NULL, NULL), ==, 2);
  g_unlink (fifo);
}

/* @text without the line of the export's own date (it may differ by a second). */
static char *
without_export_date (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], "\"exportDate\"") == NULL)
      g_string_append_printf (out, "%s%s", lines[i], lines[i + 1] != NULL ? "\n" : "");
  return g_string_free (out, FALSE);
}

static char *
bgstats_reference (DpStore            *store,
                   const char *const  *ids)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = dp_bgstats_build_export (store, ids, "Küche \"Tisch\"", &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  text = json_to_string (root, TRUE);
  return g_strconcat (text, "\n", NULL);
}

static char *
bgstats_streamed (DpStore            *store,
                  const char *const  *ids)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;

  g_assert_true (dp_bgstats_write_export (store, ids, "Küche \"Tisch\"", out, NULL, &error));
  g_assert_no_error (error);
  return memory_text (out);
}

static void
assert_bgstats_same (DpStore            *store,
                     const char *const  *ids,
                     guint               n_plays)
{
  g_autofree char *reference = bgstats_reference (store, ids);
  g_autofree char *streamed = bgstats_streamed (store, ids);
  g_autofree char *a = without_export_date (reference);
  g_autofree char *b = without_export_date (streamed);
  g_autoptr(JsonObject) root = test_parse_object (streamed);

  g_assert_cmpstr (b, ==, a);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "plays")), ==, n_plays);
}

/* The export for BG Stats does not hold every game in memory either (the closing note
 * of session 5: "builds the whole JSON in memory; not streamed"): it is written play by
 * play, reading 500 summaries at a time from the key of the last, and is byte for byte
 * the document dp_bgstats_build_export() builds — with no game, with 700 finished games
 * (two pages and a part), and with chosen games. */
static void
test_bgstats_streamed (void)
{
  g_autoptr(DpStore) store = test_open_store ("bgstats-streamed.db");
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GError) error = NULL;
  const char *chosen[3] = { NULL, NULL, NULL };
  sqlite3 *db = _dp_store_get_db (store);
  guint finished;

  assert_bgstats_same (store, NULL, 0);
  ids = store_games (store, 30);   /* every fifth finished: 6 */
  /* 694 more finished games: copies of the six, each a second later than the last */
  g_assert_cmpint (sqlite3_exec (db,
                                 "BEGIN;"
                                 "CREATE TEMP TABLE done AS SELECT row_number () OVER (ORDER BY id) - 1 AS k, id "
                                 "  FROM games WHERE state = 1;"
                                 "WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 694) "
                                 "INSERT INTO games (id, uuid, kind, created, finished, state, setup, n_players, n_actions, deleted) "
                                 "SELECT 100000 + i, 'copy-' || i, t.kind, 1800000000 + i, 1800000000 + i + 600, 1, t.setup, "
                                 "  t.n_players, 0, 0 FROM n JOIN done d ON d.k = i % 6 JOIN games t ON t.id = d.id;"
                                 "INSERT INTO seats (game, seat, player, total, rank, winner) "
                                 "SELECT g.id, s.seat, s.player, s.total, s.rank, s.winner FROM games g "
                                 "  JOIN done d ON d.k = (g.id - 100000) % 6 JOIN seats s ON s.game = d.id WHERE g.id > 100000;"
                                 "COMMIT;", NULL, NULL, NULL), ==, SQLITE_OK);
  finished = (guint) test_query_int (db, "SELECT count (*) FROM games WHERE state = 1 AND deleted = 0");
  g_assert_cmpuint (finished, ==, 700);
  assert_bgstats_same (store, NULL, finished);
  /* every finished game once, oldest first (created, then row) */
  {
    g_autofree char *streamed = bgstats_streamed (store, NULL);
    g_autoptr(JsonObject) root = test_parse_object (streamed);
    JsonArray *plays = json_object_get_array_member (root, "plays");
    sqlite3_stmt *stmt = NULL;
    guint i = 0;

    g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT uuid FROM games WHERE state = 1 AND deleted = 0 "
                                             "ORDER BY created, id", -1, &stmt, NULL), ==, SQLITE_OK);
    while (sqlite3_step (stmt) == SQLITE_ROW)
      g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (plays, i++), "uuid"), ==,
                       (const char *) sqlite3_column_text (stmt, 0));
    sqlite3_finalize (stmt);
    g_assert_cmpuint (i, ==, finished);
  }

  chosen[0] = g_ptr_array_index (ids, 25);
  chosen[1] = g_ptr_array_index (ids, 0);
  assert_bgstats_same (store, chosen, 2);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  test_scratch_init ();

  g_test_add_func ("/exchange/json-same-bytes", test_json_same_bytes);
  g_test_add_func ("/exchange/bgstats-streamed", test_bgstats_streamed);
  g_test_add_func ("/exchange/write-failures", test_write_failures);
  g_test_add_func ("/exchange/file-never-half-written", test_file_never_half_written);
  g_test_add_func ("/exchange/import-no-size-limit", test_import_no_size_limit);
  g_test_add_func ("/exchange/import-from-pipe", test_import_from_pipe);
  g_test_add_func ("/exchange/import-outer-object", test_import_outer_object);

  status = g_test_run ();
  test_scratch_clear ();
  return status;
}
