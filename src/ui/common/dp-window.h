/* dp-window.h — the main window: start page, the table, history, statistics
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dp-application.h"
#include "dp-session.h"

G_BEGIN_DECLS

/* Height in pixels of the strip kept free at the bottom of a table page for toasts
 * (a toast with its button and libadwaita's 24 px margin below it). */
#define DP_WINDOW_TOAST_STRIP 76

#define DP_TYPE_WINDOW (dp_window_get_type ())
G_DECLARE_FINAL_TYPE (DpWindow, dp_window, DP, WINDOW, AdwApplicationWindow)

DpWindow   *dp_window_new (DpApplication *application);
/* The name of the visible page: "start", "new-game", "table", "result", "error", … */
const char *dp_window_get_visible_page (DpWindow *self);
/* Shows a short message with an optional action button (e.g. Undo). */
void        dp_window_add_toast (DpWindow *self, AdwToast *toast);
/* The game on the table, or NULL. */
DpSession  *dp_window_get_session (DpWindow *self);

G_END_DECLS
