/* dp-history-format.c — numbers and dates as the user's locale writes them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dp-history-format.h"

char *
dp_format_int (gint64 value)
{
  /* The ' flag asks the C library for LC_NUMERIC's thousands grouping. */
  return g_strdup_printf ("%'" G_GINT64_FORMAT, value);
}

char *
dp_format_double (double value,
                  guint  digits)
{
  if (!isfinite (value))
    return g_strdup ("–");

  /* Avoid "-0.0" for tiny negative averages. */
  if (fabs (value) < 0.5 * pow (10.0, -(double) digits))
    value = 0.0;

  return g_strdup_printf ("%'.*f", (int) digits, value);
}

char *
dp_format_percent (double share)
{
  g_autofree char *number = dp_format_double (share * 100.0, 0);

  /* Translators: a percentage; %s is the number. German and French put a space
   * before the sign: make it a no-break space (German U+00A0, French U+202F), so that
   * the number and its sign stay on one line (wpolish item 2) */
  return g_strdup_printf (_("%s%%"), number);
}

char *
dp_format_date (gint64 unix_time)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (unix_time);
  g_autoptr(GDateTime) local = NULL;

  if (utc == NULL)
    return g_strdup ("–");
  local = g_date_time_to_local (utc);

  return g_date_time_format (local, "%x");
}

char *
dp_format_date_time (gint64 unix_time)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (unix_time);
  g_autoptr(GDateTime) local = NULL;

  if (utc == NULL)
    return g_strdup ("–");
  local = g_date_time_to_local (utc);

  /* Translators: date and time of a game in the history list, a
   * g_date_time_format() string; %x is the locale's date, %R hours:minutes */
  return g_date_time_format (local, _("%x %R"));
}
