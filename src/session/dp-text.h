/* dp-text.h — sentence pieces every game's presenter shares (GTK-free)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Names in a sentence, "Ina, Sami and Tom" (translated joiners). */
char *dp_join_names (const char *const *names, guint n);

G_END_DECLS
