/* dp-preferences-window.h — the preferences: each game's settings, and the backups
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dp-store.h"

G_BEGIN_DECLS

#define DP_TYPE_PREFERENCES_WINDOW (dp_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (DpPreferencesWindow, dp_preferences_window, DP, PREFERENCES_WINDOW, AdwPreferencesWindow)

/* @store (optional) is the database whose backups the Backups page shows. */
DpPreferencesWindow *dp_preferences_window_new (GSettings *settings, DpStore *store);
/* Where the backups are (shown on the Backups page), or NULL without a store. */
const char          *dp_preferences_window_get_backup_dir (DpPreferencesWindow *self);
/* How many copies the Backups page lists. */
guint                dp_preferences_window_get_n_copies (DpPreferencesWindow *self);
/* What a copy's Restore… button does: asks first; returns the dialog (responses
 * "cancel" and "restore"). */
GtkWindow           *dp_preferences_window_ask_restore (DpPreferencesWindow *self, const char *backup_path);
/* The restore itself (dp_backup_restore(): the current games are copied first). */
gboolean             dp_preferences_window_restore_now (DpPreferencesWindow *self, const char *backup_path,
                                                        GError **error);

G_END_DECLS
