/* dp-preferences-window.h — the preferences
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DP_TYPE_PREFERENCES_WINDOW (dp_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (DpPreferencesWindow, dp_preferences_window, DP, PREFERENCES_WINDOW, AdwPreferencesWindow)

DpPreferencesWindow *dp_preferences_window_new (GSettings *settings);

G_END_DECLS
