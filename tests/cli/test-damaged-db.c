/* test-damaged-db.c — damaged databases: flipped bytes in every page, truncations,
 * then every read and write command (issue 16, "A damaged-database suite")
 *
 * For a few healthy databases (Calavera and Cubitos, finished, in progress, abandoned,
 * with a redo entry), each page gets bytes flipped and the file is cut at many points.
 * On every damaged copy, every dicepad-cli command runs in-process (the code the app
 * uses too) and the store is read directly. What must hold:
 *  - no crash, no assert, no CRITICAL (G_DEBUG=fatal-criticals aborts on one);
 *  - every command ends with exit status 0, 1, 2 or 3 and says why on failure;
 *  - no silently shorter game: a game that loads has all its stored actions, the same
 *    state as before the damage;
 *  - the file is untouched by every reading command, and by every refused undo, redo
 *    or import (play keeps the actions it stored before the refusal, by design).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "dp-cli.h"
#include "dp-exchange.h"
#include "dp-store.h"

#define PAGE_SIZE 4096

static char *scratch;
static const char *damage_what;   /* what the current damaged copy is, for messages */

typedef struct
{
  char       *name;
  char       *path;      /* the healthy database */
  GPtrArray  *ids;       /* its games */
  GHashTable *states;    /* id → the healthy state as JSON text */
} Healthy;

static void
healthy_free (Healthy *healthy)
{
  g_free (healthy->name);
  g_free (healthy->path);
  g_ptr_array_unref (healthy->ids);
  g_hash_table_unref (healthy->states);
  g_free (healthy);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Healthy, healthy_free)

static int
run_cli (char        **stdout_text,
         const char   *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GOutputStream) err = g_memory_output_stream_new_resizable ();
  va_list args;
  int status;

  g_ptr_array_add (argv, (char *) "dicepad-cli");
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  status = dp_cli_run (argv->len - 1, (char **) argv->pdata, out, err);
  g_output_stream_close (out, NULL, NULL);
  g_output_stream_close (err, NULL, NULL);

  g_assert_cmpint (status, >=, 0);
  g_assert_cmpint (status, <=, 3);   /* 3: export or import left out the games it names */
  /* A failure says why, on the error stream. */
  if (status != 0)
    g_assert_cmpuint (g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (err)), >, 0);

  if (stdout_text != NULL)
    {
      g_output_stream_write (out, "", 1, NULL, NULL);
      *stdout_text = g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
    }
  return status;
}

static char *
script (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "scripts", name, NULL);
}

static char *
file_hash (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (!g_file_get_contents (path, &contents, &length, NULL))
    return g_strdup ("missing");
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) contents, length);
}

static char *
state_text (const DpGame *game)
{
  g_autoptr(JsonNode) node = dp_game_to_json (game);

  return json_to_string (node, FALSE);
}

/* Plays @scripts into a new database, one game each; @undo_last takes back the last
 * action of the last game (a redo entry), @abandon abandons it. The WAL is
 * checkpointed into the file, which is then all there is. */
static Healthy *
make_healthy (const char        *name,
              const char *const *scripts,
              gboolean           undo_last,
              gboolean           abandon)
{
  g_autoptr(Healthy) healthy = g_new0 (Healthy, 1);
  g_autoptr(GError) error = NULL;

  healthy->name = g_strdup (name);
  healthy->path = g_build_filename (scratch, name, NULL);
  healthy->ids = g_ptr_array_new_with_free_func (g_free);
  healthy->states = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; scripts[i] != NULL; i++)
    {
      g_autofree char *path = script (scripts[i]);
      g_autofree char *out = NULL;

      g_assert_cmpint (run_cli (&out, "play", "--database", healthy->path, path, NULL), ==, 0);
      g_strstrip (out);
      g_ptr_array_add (healthy->ids, g_strdup (out));
    }

  if (undo_last)
    g_assert_cmpint (run_cli (NULL, "undo", "--database", healthy->path,
                              g_ptr_array_index (healthy->ids, healthy->ids->len - 1), NULL), ==, 0);

  {
    g_autoptr(DpStore) store = dp_store_open (healthy->path, &error);

    g_assert_no_error (error);
    if (abandon)
      {
        dp_store_abandon_game (store, g_ptr_array_index (healthy->ids, healthy->ids->len - 1), &error);
        g_assert_no_error (error);
      }
    for (guint i = 0; i < healthy->ids->len; i++)
      {
        const char *id = g_ptr_array_index (healthy->ids, i);
        g_autoptr(DpGame) game = dp_store_load_game (store, id, &error);

        g_assert_no_error (error);
        g_hash_table_insert (healthy->states, g_strdup (id), state_text (game));
      }
  }

  /* The last connection closed: the WAL is in the file. */
  {
    g_autofree char *wal = g_strconcat (healthy->path, "-wal", NULL);
    GStatBuf st;

    g_assert_true (g_stat (wal, &st) != 0 || st.st_size == 0);
  }

  return g_steal_pointer (&healthy);
}

static void
remove_sidecars (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);

  g_unlink (wal);
  g_unlink (shm);
}

/* Every read: through the store (no shorter game) and through every reading command
 * (no change to the file). */
static void
read_everything (const Healthy *healthy,
                 const char    *path,
                 guint         *n_loaded)
{
  g_autofree char *before = file_hash (path);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(DpStore) store = dp_store_open_for_reading (path, &error);

    if (store != NULL)
      {
        g_autoptr(GPtrArray) games = dp_store_list_games (store, NULL, 0, 0, NULL);
        g_autoptr(GPtrArray) stats = dp_store_player_stats (store, NULL, NULL, NULL);

        for (guint i = 0; i < healthy->ids->len; i++)
          {
            const char *id = g_ptr_array_index (healthy->ids, i);
            g_autoptr(DpGame) game = dp_store_load_game (store, id, NULL);
            g_autoptr(GPtrArray) actions = dp_store_get_actions (store, id, NULL, NULL);

            /* Never a silently shorter (or otherwise different) game. */
            if (game != NULL)
              {
                g_autofree char *state = state_text (game);

                g_assert_cmpstr (state, ==, g_hash_table_lookup (healthy->states, id));
                (*n_loaded)++;
              }
            if (actions != NULL && game != NULL)
              g_assert_cmpuint (actions->len, ==, dp_game_get_n_actions (game));
          }
      }
    else
      {
        g_assert_nonnull (error);
      }
  }

  run_cli (NULL, "list", "--database", path, NULL);
  run_cli (NULL, "list", "--database", path, "--deleted", NULL);
  run_cli (NULL, "stats", "--database", path, NULL);
  run_cli (NULL, "export", "--database", path, NULL);
  run_cli (NULL, "export", "--database", path, "--format", "csv", NULL);
  for (guint i = 0; i < healthy->ids->len; i++)
    {
      const char *id = g_ptr_array_index (healthy->ids, i);

      run_cli (NULL, "show", "--database", path, id, NULL);
      run_cli (NULL, "export", "--database", path, "--format", "script", id, NULL);
    }

  after = file_hash (path);
  g_assert_cmpstr (before, ==, after);
}

/* Every write: a refused one leaves the file as it was. */
static void
write_everything (const Healthy *healthy,
                  const char    *path)
{
  g_autofree char *play = script ("rules-first-turns.jsonl");
  g_autofree char *export = g_build_filename (scratch, "good-export.json", NULL);
  const char *id = g_ptr_array_index (healthy->ids, healthy->ids->len - 1);
  const char *const commands[][4] = {
    { "undo", id, NULL },
    { "redo", id, NULL },
    { "delete", id, NULL },
    { "restore", id, NULL },
    { "import", export, NULL },
    { "play", play, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *before = file_hash (path);
      g_autofree char *after = NULL;
      int status = run_cli (NULL, commands[i][0], "--database", path, commands[i][1], NULL);

      remove_sidecars (path);
      after = file_hash (path);
      /* play commits one action at a time by design ("game … keeps the actions
       * before this line"); the others are one transaction each. */
      if (status != 0 && g_strcmp0 (before, after) != 0 && !g_str_equal (commands[i][0], "play"))
        g_error ("%s: a refused “%s” changed the file", damage_what, commands[i][0]);
    }
}

typedef struct
{
  guint files;
  guint opened;
  guint loaded;
} Tally;

static void
try_damaged (const Healthy *healthy,
             const char    *contents,
             gsize          length,
             Tally         *tally)
{
  g_autofree char *path = g_build_filename (scratch, "damaged.db", NULL);
  g_autoptr(GError) error = NULL;

  remove_sidecars (path);
  g_file_set_contents (path, contents, length, &error);
  g_assert_no_error (error);
  tally->files++;

  read_everything (healthy, path, &tally->loaded);
  remove_sidecars (path);
  write_everything (healthy, path);
  remove_sidecars (path);
}

static void
test_damaged (gconstpointer data)
{
  const char *const *const *sets = data;
  Tally tally = { 0, };
  g_autofree char *export = g_build_filename (scratch, "good-export.json", NULL);

  /* A good export, for the import command. */
  {
    g_autofree char *db = g_build_filename (scratch, "export-source.db", NULL);
    g_autofree char *path = script ("rules-freeze-and-rerolls.jsonl");
    g_autofree char *text = NULL;

    g_assert_cmpint (run_cli (NULL, "play", "--database", db, path, NULL), ==, 0);
    g_assert_cmpint (run_cli (&text, "export", "--database", db, NULL), ==, 0);
    g_file_set_contents (export, text, -1, NULL);
  }

  for (guint set = 0; sets[set] != NULL; set++)
    {
      g_autofree char *name = g_strdup_printf ("healthy-%u.db", set);
      g_autoptr(Healthy) healthy = make_healthy (name, sets[set], set == 1, set == 2);
      g_autofree char *contents = NULL;
      gsize length = 0;
      guint n_pages;

      g_assert_true (g_file_get_contents (healthy->path, &contents, &length, NULL));
      n_pages = (guint) (length / PAGE_SIZE);

      /* Bytes flipped in every page: its header, a cell pointer, its middle and end. */
      for (guint page = 0; page < n_pages; page++)
        {
          const gsize offsets[] = { page == 0 ? 100 + 3 : 3, page == 0 ? 100 + 9 : 9, PAGE_SIZE / 2, PAGE_SIZE - 7 };

          for (guint o = 0; o < G_N_ELEMENTS (offsets); o++)
            {
              g_autofree char *copy = g_memdup2 (contents, length);

              g_autofree char *what = g_strdup_printf ("%s: page %u offset %zu flipped", name, page + 1, offsets[o]);

              copy[(gsize) page * PAGE_SIZE + offsets[o]] ^= 0x5a;
              damage_what = what;
              try_damaged (healthy, copy, length, &tally);
            }
        }

      /* The file header's own fields: page size, versions, counts, schema cookie. */
      for (gsize at = 16; at < 100; at += 4)
        {
          g_autofree char *copy = g_memdup2 (contents, length);

          g_autofree char *what = g_strdup_printf ("%s: header byte %zu flipped", name, at);

          copy[at] ^= 0x81;
          damage_what = what;
          try_damaged (healthy, copy, length, &tally);
        }

      /* Cut short at many points: inside the header, at page ends, inside pages. */
      /* (0 bytes is no database at all: it is created, docs/storage.md.) */
      for (gsize cut = 1; cut < length; cut += (cut < PAGE_SIZE ? 1000 : PAGE_SIZE / 2 + 13))
        {
          g_autofree char *what = g_strdup_printf ("%s: cut at %zu bytes", name, cut);

          damage_what = what;
          try_damaged (healthy, contents, cut, &tally);
        }
    }

  g_test_message ("%u damaged files tried; %u loaded games identical to the healthy ones",
                  tally.files, tally.loaded);
  g_assert_cmpuint (tally.files, >, 100);
}

int
main (int   argc,
      char *argv[])
{
  static const char *const calavera[] = { "rules-whole-game.jsonl", "rules-first-turns.jsonl", NULL };
  static const char *const cubitos[] = { "rules-whole-game.jsonl", "cubitos-race1.jsonl", NULL };
  static const char *const mixed[] = { "two-player-game.jsonl", "rules-freeze-and-rerolls.jsonl", NULL };
  static const char *const *const sets[] = { calavera, cubitos, mixed, NULL };
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  scratch = g_dir_make_tmp ("dicepad-damaged-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_data_func ("/store/damaged-files/every-command", sets, test_damaged);

  status = g_test_run ();

  {
    g_autoptr(GDir) dir = g_dir_open (scratch, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (scratch, name, NULL);

        g_unlink (path);
      }
    g_rmdir (scratch);
    g_free (scratch);
  }
  return status;
}
