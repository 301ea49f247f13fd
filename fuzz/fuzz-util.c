/* fuzz-util.c — what the libFuzzer targets share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>

#include "fuzz-util.h"

static char *scratch;

static void
remove_scratch (void)
{
  g_autoptr(GDir) dir = scratch != NULL ? g_dir_open (scratch, 0, NULL) : NULL;
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (scratch, name, NULL);

      g_unlink (path);
    }
  if (scratch != NULL)
    g_rmdir (scratch);
}

const char *
fuzz_scratch_dir (void)
{
  if (scratch == NULL)
    {
      scratch = g_dir_make_tmp ("dicepad-fuzz-XXXXXX", NULL);
      if (scratch == NULL)
        abort ();
      atexit (remove_scratch);
    }
  return scratch;
}
