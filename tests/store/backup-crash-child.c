/* backup-crash-child.c — makes a backup slowly until it is killed (test-backup)
 *
 * Usage: backup-crash-child DATABASE FOLDER
 * Copies DATABASE into FOLDER one page at a time, printing "copying N" (N pages still
 * to copy), flushed, after each page and resting a little, so the parent can kill it
 * in the middle of the copy. Prints "done PATH" if it ever finishes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>

#include "dp-backup-private.h"

static void
step_cb (int      remaining,
         gpointer user_data)
{
  printf ("copying %d\n", remaining);
  fflush (stdout);
  g_usleep (20000);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  if (argc != 3)
    {
      g_printerr ("Usage: %s DATABASE FOLDER\n", argv[0]);
      return 2;
    }

  path = _dp_backup_create_stepwise (argv[1], argv[2], DP_BACKUP_DAILY, NULL, 1, step_cb, NULL, &error);
  if (path == NULL)
    {
      g_printerr ("backup: %s\n", error->message);
      return 1;
    }
  printf ("done %s\n", path);
  return 0;
}
