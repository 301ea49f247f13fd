/* bench-startup.c — time from launch to the first shown window
 *
 * Issue "Calavera at the table", bench/: "time from launch to the first shown window
 * (exec → window mapped, median of several runs, with a database holding 10,000 games)
 * next to a minimal libadwaita window built by the same benchmark as a baseline; print
 * the ratio. Target: at most 1.25× the baseline."
 *
 * Issue 26, item 2: "start must stay within 1.25× a minimal libadwaita window with
 * 100,000 games of which 30,000 are unfinished" — the database this bench fills (once:
 * it is kept as bench-startup-100000.db next to this program and reused; delete it to
 * build it again).
 *
 * Both programs are started the same way (fork + exec, a fresh process each run) and
 * print one line "mapped" when their first window is mapped; the clock runs from just
 * before the spawn to reading that line. The baseline is this program itself with
 * --baseline: an AdwApplicationWindow with a header bar and a status page.
 *
 * Run under a display, e.g.:
 *   xvfb-run -a ./_build/bench/bench-startup [RUNS]
 * It finds ../src/ui/dicepad, ../src/cli/dicepad-cli and ../data (the schemas) next to
 * itself in the build tree.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "bench-util.h"

#define N_GAMES 100000
/* Of every 10 games, this many are unfinished: 30,000 of 100,000. */
#define N_UNFINISHED_PER_10 3

static void
baseline_map_cb (GtkWidget *window,
                 gpointer   user_data)
{
  g_print ("mapped\n");
  fflush (stdout);
}

static void
baseline_activate_cb (GApplication *app,
                      gpointer      user_data)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *status = adw_status_page_new ();

  adw_status_page_set_title (ADW_STATUS_PAGE (status), "Baseline");
  gtk_widget_set_vexpand (status, TRUE);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (box), status);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  g_signal_connect (window, "map", G_CALLBACK (baseline_map_cb), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

static int
run_baseline (void)
{
  g_autoptr(AdwApplication) app = adw_application_new ("io.github.dicepad.BenchBaseline",
                                                        G_APPLICATION_NON_UNIQUE);

  g_signal_connect (app, "activate", G_CALLBACK (baseline_activate_cb), NULL);
  return g_application_run (G_APPLICATION (app), 0, NULL);
}

/* An export of N_GAMES two-player games, each a few entries long. */
static char *
write_export (const char *dir)
{
  static const char *const names[] = { "Ina", "Sami", "Tom", "Lea", "Max", "Noor" };
  GString *out = g_string_new ("{\"format\":\"dicepad-export\",\"version\":1,\"games\":[");
  char *path = g_build_filename (dir, "export.json", NULL);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < N_GAMES; i++)
    {
      const char *a = names[i % 6], *b = names[(i + 1) % 6];
      gint64 created = 1700000000 + (gint64) i * 3600;

      g_string_append_printf (out,
                              "%s{\"id\":\"bench-%05u\",\"created\":%" G_GINT64_FORMAT ",\"finished\":0,"
                              "\"state\":\"%s\",\"setup\":{\"game\":\"calavera\",\"players\":[\"%s\",\"%s\"]},"
                              "\"actions\":[{\"roll\":[\"orange\",\"orange\",\"green\",\"joker\",\"pink\",\"black\"]},"
                              "{\"take\":\"orange\"},"
                              "{\"roll\":[\"green\",\"green\",\"green\",\"pink\",\"black\",\"joker\"]},"
                              "{\"take\":\"green\"}]}",
                              i == 0 ? "" : ",", i, created,
                              /* Unfinished ones: the start page offers the newest. */
                              i % 10 < N_UNFINISHED_PER_10 ? "in-progress" : "abandoned", a, b);
    }
  g_string_append (out, "]}");

  if (!g_file_set_contents (path, out->str, out->len, &error))
    g_error ("Cannot write %s: %s", path, error->message);
  g_string_free (out, TRUE);
  return path;
}

/* Spawns @argv and returns the seconds until it printed "mapped", or -1. */
static double
time_to_map (const char *const *argv,
             const char *const *envp)
{
  g_autoptr(GError) error = NULL;
  GPid pid;
  int out_fd;
  gint64 start, end;
  g_autoptr(GIOChannel) channel = NULL;
  g_autofree char *line = NULL;
  gsize length;
  double seconds = -1;

  start = g_get_monotonic_time ();
  if (!g_spawn_async_with_pipes (NULL, (char **) argv, (char **) envp,
                                 G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDERR_TO_DEV_NULL,
                                 NULL, NULL, &pid, NULL, &out_fd, NULL, &error))
    g_error ("Cannot start %s: %s", argv[0], error->message);

  channel = g_io_channel_unix_new (out_fd);
  g_io_channel_set_close_on_unref (channel, TRUE);
  while (g_io_channel_read_line (channel, &line, &length, NULL, NULL) == G_IO_STATUS_NORMAL)
    {
      if (g_str_has_prefix (line, "mapped"))
        {
          end = g_get_monotonic_time ();
          seconds = (end - start) / 1e6;
          break;
        }
      g_clear_pointer (&line, g_free);
    }

  kill (pid, SIGTERM);
  waitpid (pid, NULL, 0);
  g_spawn_close_pid (pid);
  return seconds;
}

/* The machine is shared: the load average goes next to the figures. */
static char *
dup_load (void)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) fields = NULL;

  if (!g_file_get_contents ("/proc/loadavg", &contents, NULL, NULL))
    return g_strdup ("unknown");
  fields = g_strsplit (g_strstrip (contents), " ", 4);
  if (g_strv_length (fields) < 3)
    return g_strdup ("unknown");
  return g_strdup_printf ("%s %s %s", fields[0], fields[1], fields[2]);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *self = NULL;
  g_autofree char *bindir = NULL;
  g_autofree char *dicepad = NULL;
  g_autofree char *cli = NULL;
  g_autofree char *schemas = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *db = NULL;
  g_autofree char *export = NULL;
  g_autofree char *import_out = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) app_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) base_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_auto(GStrv) envp = NULL;
  int status;
  guint runs = 9;
  double app_median, base_median;

  if (argc > 1 && strcmp (argv[1], "--baseline") == 0)
    return run_baseline ();
  if (argc > 1)
    runs = MAX (1, atoi (argv[1]));

  self = g_file_read_link ("/proc/self/exe", NULL);
  bindir = g_path_get_dirname (self != NULL ? self : argv[0]);
  dicepad = g_build_filename (bindir, "..", "src", "ui", "dicepad", NULL);
  cli = g_build_filename (bindir, "..", "src", "cli", "dicepad-cli", NULL);
  schemas = g_build_filename (bindir, "..", "data", NULL);

  dir = g_dir_make_tmp ("dicepad-bench-XXXXXX", &error);
  g_assert_no_error (error);
  db = g_strdup_printf ("%s/bench-startup-%d.db", bindir, N_GAMES);

  if (!g_file_test (db, G_FILE_TEST_EXISTS))
    {
      g_autofree char *partial = g_strconcat (db, ".partial", NULL);
      const char *import_argv[] = { cli, "import", "--database", partial, NULL, NULL };

      export = write_export (dir);
      import_argv[4] = export;
      if (!g_spawn_sync (NULL, (char **) import_argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                         &import_out, NULL, &status, &error) ||
          !g_spawn_check_wait_status (status, &error))
        g_error ("Cannot fill the database: %s", error->message);
      /* The WAL is folded in when the importing process closes the database. */
      if (g_rename (partial, db) != 0)
        g_error ("Cannot rename %s", partial);
      g_print ("database: %s, %s\n", db, g_strstrip (import_out));
    }
  g_print ("database: %s with %d games, %d unfinished\n", db, N_GAMES, N_GAMES / 10 * N_UNFINISHED_PER_10);

  envp = g_get_environ ();
  envp = g_environ_setenv (envp, "GSETTINGS_SCHEMA_DIR", schemas, TRUE);
  envp = g_environ_setenv (envp, "GSETTINGS_BACKEND", "memory", TRUE);
  envp = g_environ_setenv (envp, "DICEPAD_BENCH_REPORT_MAPPED", "1", TRUE);
  envp = g_environ_setenv (envp, "NO_AT_BRIDGE", "1", TRUE);

  {
    g_autofree char *load = dup_load ();
    g_print ("load average before: %s\n", load);
  }

  /* Alternate the two so that a busy moment of the machine hits both alike. */
  for (guint i = 0; i < runs + 1; i++)
    {
      const char *app_argv[] = { dicepad, "--database", db, NULL };
      const char *base_argv[] = { self != NULL ? self : argv[0], "--baseline", NULL };
      double t_app = time_to_map (app_argv, (const char *const *) envp);
      double t_base = time_to_map (base_argv, (const char *const *) envp);

      if (t_app < 0 || t_base < 0)
        g_error ("A window never appeared (is there a display?)");
      /* The first run warms the file cache; it is not counted. */
      if (i == 0)
        continue;
      g_array_append_val (app_times, t_app);
      g_array_append_val (base_times, t_base);
    }

  app_median = bench_median_array (app_times);
  base_median = bench_median_array (base_times);
  {
    g_autofree char *load = dup_load ();
    g_print ("load average after:  %s\n", load);
  }
  g_print ("runs: %u (median)\n", runs);
  g_print ("dicepad, %d games: %7.1f ms\n", N_GAMES, app_median * 1000);
  g_print ("minimal libadwaita:    %7.1f ms\n", base_median * 1000);
  g_print ("ratio:                 %7.2fx (target: at most 1.25x)\n", app_median / base_median);

  if (export != NULL)
    g_unlink (export);
  g_rmdir (dir);
  return 0;
}
