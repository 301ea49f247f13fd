/* main.c — start Dicepad
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "dp-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(DpApplication) app = NULL;

  setlocale (LC_ALL, "");
  /* DICEPAD_LOCALEDIR: run an uninstalled build in another language (screenshots). */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("DICEPAD_LOCALEDIR") != NULL ? g_getenv ("DICEPAD_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = dp_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
