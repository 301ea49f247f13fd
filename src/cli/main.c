/* main.c — dicepad-cli: locale and standard streams, then dp_cli_run()
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <gio/gunixoutputstream.h>
#include <locale.h>
#include <unistd.h>

#include "dp-cli.h"
#include "dp-cli-serve.h"
#include "dp-table-view.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOutputStream) raw_out = NULL;
  g_autoptr(GOutputStream) out = NULL;
  g_autoptr(GOutputStream) err = NULL;
  int status;

  setlocale (LC_ALL, "");
  /* DICEPAD_LOCALEDIR: the catalogues of a build tree (tests, screenshots), as the window. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("DICEPAD_LOCALEDIR") != NULL ? g_getenv ("DICEPAD_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  /* Before GLib's first own translation: each phone gets its language (dp-table-view.h). */
  if (argc > 1 && g_str_equal (argv[1], "serve"))
    {
      /* gettext ignores LANGUAGE in the plain C locale; C.UTF-8 formats the same. */
      const char *messages = setlocale (LC_MESSAGES, NULL);
      if (g_strcmp0 (messages, "C") == 0 || g_strcmp0 (messages, "POSIX") == 0)
        setlocale (LC_ALL, "C.UTF-8");
      /* Without catalogues (a build tree's binary looks in the install prefix) every
       * phone would get English without a word: say where they were looked for. */
      if (!dp_table_language_init ())
        g_printerr (_("dicepad-cli serve: no translations in %s: phones get English "
                      "(DICEPAD_LOCALEDIR names the catalogues of a build tree, e.g. _build/po)\n"),
                    g_getenv ("DICEPAD_LOCALEDIR") != NULL ? g_getenv ("DICEPAD_LOCALEDIR") : LOCALEDIR);
    }
  g_set_prgname ("dicepad-cli");

  /* Buffered: an export of thousands of games should not be one write per row. Errors
   * go out unbuffered, in order. */
  raw_out = g_unix_output_stream_new (STDOUT_FILENO, FALSE);
  out = g_buffered_output_stream_new (raw_out);
  err = g_unix_output_stream_new (STDERR_FILENO, FALSE);

  if (argc > 1 && g_str_equal (argv[1], "serve"))
    status = dp_cli_serve (argc, argv, out, err);
  else if (argc == 3 && g_str_equal (argv[1], "help") && g_str_equal (argv[2], "serve"))
    {
      char *help[] = { argv[0], (char *) "serve", (char *) "--help", NULL };
      status = dp_cli_serve (3, help, out, err);
    }
  else
    status = dp_cli_run (argc, argv, out, err);

  g_output_stream_close (out, NULL, NULL);
  return status;
}
