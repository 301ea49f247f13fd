/* dp-window-private.h — test-only API of the main window
 *
 * What the window tests read and drive (tests/ui/dp-ui-test-util.h includes it); the
 * application itself does not use it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dp-window.h"

G_BEGIN_DECLS

/* The page widget of that name in the page stack (for tests and new pages); a page
 * that is built lazily (History, Statistics) is built by asking for it. */
GtkWidget  *dp_window_get_page (DpWindow *self, const char *name);
/* TRUE once the page of that name exists (lazy pages: after their first showing). */
gboolean    dp_window_has_page (DpWindow *self, const char *name);
/* The title shown in the header bar's subtitle, the game's round text (DpGameUi.dup_round_text). */
const char *dp_window_get_subtitle (DpWindow *self);

G_END_DECLS
