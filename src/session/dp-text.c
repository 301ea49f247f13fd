/* dp-text.c — sentence pieces every game's presenter shares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dp-text.h"

char *
dp_join_names (const char *const *names,
               guint              n)
{
  g_autofree char *joined = NULL;

  if (n == 0)
    return g_strdup ("");
  if (n == 1)
    return g_strdup (names[0]);

  joined = g_strdup (names[0]);
  for (guint i = 1; i + 1 < n; i++)
    {
      char *next = g_strdup_printf (
        /* Translators: joining names in a list: "Ina, Sami" (more follow) */
        _("%s, %s"), joined, names[i]);
      g_free (joined);
      joined = next;
    }

  /* Translators: joining the last two names of a list: "Ina, Sami and Tom" */
  return g_strdup_printf (_("%s and %s"), joined, names[n - 1]);
}
