/* test-store-crash.c — SIGKILL a writer at random moments; nothing may be lost
 *
 * Issue: "a test that runs a child process appending actions and kills it with SIGKILL
 * at random moments, many times, then checks PRAGMA integrity_check is ok, the game
 * loads, and its action count equals what the child reported as committed — no entry
 * lost, none doubled." A kill can land after COMMIT but before the child printed
 * "committed N"; the child prints "appending N" first, so the stored count must be N-1
 * or N exactly in that window and equal to the last "committed" otherwise.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <stdlib.h>
#include <string.h>

#include "store-test-util.h"

#define N_KILLS 120

typedef struct
{
  char  *game;
  guint  committed;
  guint  appending;
  guint  resumed_at;
} ChildReport;

static void
parse_report (const char  *output,
              ChildReport *report)
{
  g_auto(GStrv) lines = g_strsplit (output, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];

      /* The last line may be cut by the kill: only complete lines count. */
      if (lines[i + 1] == NULL)
        break;

      if (g_str_has_prefix (line, "game "))
        {
          g_auto(GStrv) words = g_strsplit (line, " ", 3);

          g_assert_cmpuint (g_strv_length (words), ==, 3);
          g_free (report->game);
          report->game = g_strdup (words[1]);
          report->committed = report->appending = (guint) strtoul (words[2], NULL, 10);
          report->resumed_at = report->committed;
        }
      else if (g_str_has_prefix (line, "appending "))
        report->appending = (guint) strtoul (line + 10, NULL, 10);
      else if (g_str_has_prefix (line, "committed "))
        report->committed = (guint) strtoul (line + 10, NULL, 10);
    }
}

static void
test_sigkill (void)
{
  g_autofree char *child_path = g_test_build_filename (G_TEST_BUILT, "store", "store-crash-child", NULL);
  g_autofree char *path = test_db_path ("crash.db");
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240601);
  guint total_appended = 0, in_window = 0;
  g_autoptr(GHashTable) counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  /* Create the file once so every child only resumes. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(DpStore) store = dp_store_open (path, &error);

    g_assert_no_error (error);
  }

  for (guint round = 0; round < N_KILLS; round++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GSubprocess) child = NULL;
      g_autofree char *seed = g_strdup_printf ("%u", round + 1);
      g_autoptr(DpStore) store = NULL;
      g_autoptr(DpGame) game = NULL;
      ChildReport report = { NULL, 0, 0, 0 };
      guint stored, resumed_at;

      child = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error,
                                child_path, path, seed, NULL);
      g_assert_no_error (error);

      /* Wait until the child has the game open (its start-up time varies a lot, more
       * so in a sanitizer build), then kill it at a random moment: from before its
       * first commit to a few dozen commits in. */
      {
        g_autoptr(GDataInputStream) lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (child));
        g_autoptr(GString) output = g_string_new (NULL);
        char buffer[4096];
        gsize n_read;

        for (;;)
          {
            g_autofree char *line = g_data_input_stream_read_line (lines, NULL, NULL, &error);

            g_assert_no_error (error);
            g_assert_nonnull (line);   /* the child never exits by itself */
            g_string_append_printf (output, "%s\n", line);
            if (g_str_has_prefix (line, "game "))
              break;
          }

        g_usleep (g_rand_int_range (rand, 0, 40000));
        g_subprocess_force_exit (child);   /* SIGKILL */

        do
          {
            g_input_stream_read_all (G_INPUT_STREAM (lines), buffer, sizeof buffer, &n_read, NULL, &error);
            g_assert_no_error (error);
            g_string_append_len (output, buffer, (gssize) n_read);
          }
        while (n_read == sizeof buffer);

        g_subprocess_wait (child, NULL, &error);
        g_assert_no_error (error);
        g_assert_true (g_subprocess_get_if_signaled (child));

        parse_report (output->str, &report);
      }

      if (report.game == NULL)
        continue;   /* killed before it had even opened the game */

      resumed_at = report.resumed_at;
      store = dp_store_open (path, &error);
      g_assert_no_error (error);
      g_assert_cmpint (test_query_int (_dp_store_get_db (store), "SELECT group_concat (integrity_check) = 'ok' FROM pragma_integrity_check"), ==, 1);
      g_assert_cmpint (test_query_int (_dp_store_get_db (store), "SELECT count (*) FROM pragma_foreign_key_check"), ==, 0);

      game = dp_store_load_game (store, report.game, &error);
      g_assert_no_error (error);
      stored = dp_game_get_n_actions (game);

      /* The log has no gaps and no doubles: seq runs 0 … stored-1. */
      {
        g_autofree char *sql = g_strdup_printf ("SELECT count (*) = coalesce (max (seq) + 1, 0) FROM actions "
                                                "WHERE game = (SELECT id FROM games WHERE uuid = '%s')",
                                                report.game);

        g_assert_cmpint (test_query_int (_dp_store_get_db (store), sql), ==, 1);
      }

      /* Nothing the child saw committed is lost; nothing beyond what it tried is there. */
      if (report.appending == report.committed + 1 && stored == report.appending)
        in_window++;
      else
        g_assert_cmpuint (stored, ==, report.committed);
      g_assert_cmpuint (stored, >=, report.committed);
      g_assert_cmpuint (stored, <=, MAX (report.appending, report.committed));

      total_appended += stored - MIN (stored, resumed_at);
      g_free (report.game);
    }

  g_test_message ("%u kills, %u actions appended, %u kills between COMMIT and the report",
                  N_KILLS, total_appended, in_window);
  /* The test is only worth something if the children got to write. */
  g_assert_cmpuint (total_appended, >, N_KILLS);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  test_scratch_init ();

  g_test_add_func ("/store/crash/sigkill", test_sigkill);

  status = g_test_run ();
  test_scratch_clear ();
  return status;
}
