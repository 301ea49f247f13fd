/* dp-history-format.h — numbers and dates as the user's locale writes them
 *
 * The History and Statistics pages show every number and date through these, so
 * German users read 1.234 and 45,5 and their own date order (GDateTime, strftime).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* An integer with the locale's digit grouping, e.g. "1,234" / "1.234". */
char *dp_format_int (gint64 value);
/* A number with @digits decimals and the locale's separators, e.g. "45.5" / "45,5". */
char *dp_format_double (double value, guint digits);
/* A share 0…1 as a percentage with no decimals, e.g. "50%" / "50 %". */
char *dp_format_percent (double share);
/* The local date of @unix_time in the locale's short form (%x). */
char *dp_format_date (gint64 unix_time);
/* The local date and time of @unix_time in the locale's form. */
char *dp_format_date_time (gint64 unix_time);

G_END_DECLS
