/* bench-import.c — importing a large export: time and peak memory
 *
 * Issue 16, item 10: a 60 MB export took 28.5 s and 1.48 GB before the import was read
 * one game at a time. Issue 26, item 12: "an export of 100,001 games imports back with
 * peak memory printed" — the default; the import maps the file and gives back what it
 * read, so the peak stays flat in the file's size.
 *
 *   ./_build/bench/bench-import [--games N | MEGABYTES]     (default: --games 100001)
 *
 * Builds the export from the golden scripts (a whole Calavera game and a Cubitos race,
 * copied under new ids) straight into a file, one game at a time, then imports it into
 * a new database in a child process and prints that process's wall time and peak RSS.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "bench-golden.h"

static gsize
write_export (const char *path,
              const char *scratch,
              gsize       target,
              guint       n_games)
{
  g_autoptr(JsonArray) games = bench_golden_games (scratch);
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  FILE *file = g_fopen (path, "wb");
  gsize written = 0;
  guint n = 0;

  g_assert (file != NULL);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  written += fprintf (file, "{\n  \"format\" : \"dicepad-export\",\n  \"version\" : 1,\n  \"games\" : [\n");
  while (n_games > 0 ? n < n_games : written < target)
    {
      JsonObject *game = json_array_get_object_element (games, n % json_array_get_length (games));
      g_autofree char *id = g_strdup_printf ("bench-%08u", n);
      g_autofree char *text = NULL;
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

      json_object_set_string_member (game, "id", id);
      json_node_set_object (node, game);
      json_generator_set_root (generator, node);
      text = json_generator_to_data (generator, NULL);
      written += fprintf (file, "%s%s", n > 0 ? ",\n" : "", text);
      n++;
    }
  written += fprintf (file, "\n  ]\n}\n");
  fclose (file);
  g_print ("export: %u games, %.1f MB\n", n, written / 1e6);
  return written;
}

static int
import_child (const char *export_path,
              const char *db_path)
{
  g_autoptr(DpStore) store = dp_store_open (db_path, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (export_path);
  g_autoptr(GError) error = NULL;
  struct rusage usage;
  guint imported = 0, skipped = 0, line = 0;
  gint64 start = g_get_monotonic_time ();

  if (!dp_exchange_import_file (store, file, &imported, &skipped, &line, NULL, &error))
    {
      g_printerr ("import failed at line %u: %s\n", line, error->message);
      return 1;
    }
  getrusage (RUSAGE_SELF, &usage);
  g_print ("import: %u games in %.2f s (%.2f s CPU), peak RSS %.0f MB\n", imported,
           (g_get_monotonic_time () - start) / 1e6,
           usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6,
           usage.ru_maxrss / 1024.0);
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *scratch = NULL;
  g_autofree char *export_path = NULL;
  g_autofree char *db_path = NULL;
  g_autoptr(GError) error = NULL;
  double megabytes = 0;
  guint n_games = 100001;
  int status = 0;

  if (argc == 4 && strcmp (argv[1], "--import") == 0)
    return import_child (argv[2], argv[3]);
  if (argc > 2 && strcmp (argv[1], "--games") == 0)
    n_games = (guint) g_ascii_strtoull (argv[2], NULL, 10);
  else if (argc > 1)
    {
      megabytes = g_ascii_strtod (argv[1], NULL);
      n_games = 0;
    }

  scratch = g_dir_make_tmp ("bench-import-XXXXXX", &error);
  g_assert_no_error (error);
  export_path = g_build_filename (scratch, "export.json", NULL);
  db_path = g_build_filename (scratch, "import.db", NULL);

  write_export (export_path, scratch, (gsize) (megabytes * 1e6), n_games);

  /* A process of its own, so its peak memory is the import's alone. */
  {
    const char *child[] = { argv[0], "--import", export_path, db_path, NULL };

    g_spawn_sync (NULL, (char **) child, NULL, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL,
                  NULL, NULL, &status, &error);
    g_assert_no_error (error);
  }

  bench_remove_scratch (scratch);
  return status == 0 ? 0 : 1;
}
