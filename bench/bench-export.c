/* bench-export.c — exporting 10,991 games (a ~60 MB JSON export, the size bench-import
 * reads): time and peak memory of the old writer (the whole document built, printed,
 * then written) and of the one that writes game by game (dp_exchange_write())
 *
 *   ./_build/bench/bench-export [GAMES]
 *
 * Fills a database with copies of the golden games (a whole Calavera game and a Cubitos
 * race under new ids), then exports it in a child process per writer and prints that
 * process's wall time and peak RSS (VmHWM), and whether both files are the same bytes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-golden.h"

/* A database of @n games: an import file of copies, imported. */
static void
fill_database (const char *db_path,
               const char *scratch,
               guint       n)
{
  g_autoptr(JsonArray) games = bench_golden_games (scratch);
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *input = g_build_filename (scratch, "input.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (input);
  g_autoptr(DpStore) store = dp_store_open (db_path, NULL);
  g_autoptr(GError) error = NULL;
  FILE *stream = g_fopen (input, "wb");
  guint imported = 0;

  g_assert (stream != NULL && store != NULL);
  fprintf (stream, "{\"format\": \"dicepad-export\", \"version\": 1, \"games\": [\n");
  for (guint i = 0; i < n; i++)
    {
      JsonObject *game = json_array_get_object_element (games, i % json_array_get_length (games));
      g_autofree char *id = g_strdup_printf ("bench-%08u", i);
      g_autofree char *text = NULL;
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

      json_object_set_string_member (game, "id", id);
      json_node_set_object (node, game);
      json_generator_set_root (generator, node);
      text = json_generator_to_data (generator, NULL);
      fprintf (stream, "%s%s\n", i > 0 ? "," : "", text);
    }
  fprintf (stream, "]}\n");
  fclose (stream);

  if (!dp_exchange_import_file (store, file, &imported, NULL, NULL, NULL, &error))
    g_error ("filling the database failed: %s", error->message);
  g_unlink (input);
}

/* Peak resident memory of this process in MB (VmHWM of /proc/self/status). */
static double
peak_rss_mb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      (line = strstr (status, "VmHWM:")) == NULL)
    return -1;
  return g_ascii_strtod (line + strlen ("VmHWM:"), NULL) / 1024.0;
}

/* The export as it was written until it was streamed: the whole document in memory. */
static gboolean
write_old (DpStore        *store,
           GOutputStream  *out,
           GError        **error)
{
  g_autoptr(JsonNode) root = dp_store_export (store, NULL, error);
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;
  gsize length = 0;

  if (root == NULL)
    return FALSE;
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, &length);
  return g_output_stream_write_all (out, text, length, NULL, NULL, error) &&
         g_output_stream_write_all (out, "\n", 1, NULL, NULL, error);
}

static int
export_child (const char *writer,
              const char *db_path,
              const char *out_path)
{
  g_autoptr(DpStore) store = dp_store_open (db_path, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (out_path);
  g_autoptr(GFileOutputStream) out = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  gboolean ok;

  g_assert (store != NULL);
  out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &error);
  g_assert_no_error (error);
  if (strcmp (writer, "old") == 0)
    ok = write_old (store, G_OUTPUT_STREAM (out), &error);
  else
    ok = dp_exchange_write (store, strcmp (writer, "csv") == 0 ? DP_EXCHANGE_FORMAT_CSV : DP_EXCHANGE_FORMAT_JSON,
                            NULL, G_OUTPUT_STREAM (out), NULL, &error);
  ok = ok && g_output_stream_close (G_OUTPUT_STREAM (out), NULL, &error);
  if (!ok)
    {
      g_printerr ("%s export failed: %s\n", writer, error->message);
      return 1;
    }
  g_print ("%-4s writer: %.2f s, peak RSS (VmHWM) %.0f MB\n", writer,
           (g_get_monotonic_time () - start) / 1e6, peak_rss_mb ());
  return 0;
}

static gboolean
run_child (const char *self,
           const char *writer,
           const char *db_path,
           const char *out_path)
{
  const char *child[] = { self, "--write", writer, db_path, out_path, NULL };
  g_autoptr(GError) error = NULL;
  int status = 0;

  /* A process of its own, so its peak memory is the export's alone. */
  g_spawn_sync (NULL, (char **) child, NULL, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL,
                NULL, NULL, &status, &error);
  g_assert_no_error (error);
  return status == 0;
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *scratch = NULL;
  g_autofree char *db_path = NULL;
  g_autofree char *old_path = NULL;
  g_autofree char *new_path = NULL;
  g_autofree char *csv_path = NULL;
  g_autoptr(GError) error = NULL;
  guint n_games = 10991;
  gboolean ok;

  if (argc == 5 && strcmp (argv[1], "--write") == 0)
    return export_child (argv[2], argv[3], argv[4]);
  if (argc > 1)
    n_games = (guint) g_ascii_strtoull (argv[1], NULL, 10);

  scratch = g_dir_make_tmp ("bench-export-XXXXXX", &error);
  g_assert_no_error (error);
  db_path = g_build_filename (scratch, "games.db", NULL);
  old_path = g_build_filename (scratch, "old.json", NULL);
  new_path = g_build_filename (scratch, "new.json", NULL);
  csv_path = g_build_filename (scratch, "games.csv", NULL);

  fill_database (db_path, scratch, n_games);

  ok = run_child (argv[0], "old", db_path, old_path) &&
       run_child (argv[0], "new", db_path, new_path) &&
       run_child (argv[0], "csv", db_path, csv_path);

  if (ok)
    {
      g_autofree char *old_text = NULL;
      g_autofree char *new_text = NULL;
      gsize old_length = 0, new_length = 0;

      g_assert (g_file_get_contents (old_path, &old_text, &old_length, NULL));
      g_assert (g_file_get_contents (new_path, &new_text, &new_length, NULL));
      ok = old_length == new_length && memcmp (old_text, new_text, old_length) == 0;
      g_autoptr(GFile) csv = g_file_new_for_path (csv_path);
      g_autoptr(GFileInfo) info = g_file_query_info (csv, G_FILE_ATTRIBUTE_STANDARD_SIZE, 0, NULL, NULL);

      g_print ("export: %u games, JSON %.1f MB, CSV %.2f MB; the two JSON files are %s\n", n_games,
               new_length / 1e6, info != NULL ? g_file_info_get_size (info) / 1e6 : 0.0,
               ok ? "the same bytes" : "DIFFERENT");
    }

  bench_remove_scratch (scratch);
  return ok ? 0 : 1;
}
