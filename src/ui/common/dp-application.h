/* dp-application.h — the application: command line, app actions, the store
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dp-store.h"

G_BEGIN_DECLS

#define DP_TYPE_APPLICATION (dp_application_get_type ())
G_DECLARE_FINAL_TYPE (DpApplication, dp_application, DP, APPLICATION, AdwApplication)

DpApplication *dp_application_new (void);
/* The database path chosen by --database, $DICEPAD_DATABASE or the default. */
const char    *dp_application_get_database_path (DpApplication *self);
/* The store, opened on first use; NULL with @error set when it cannot be opened. */
DpStore       *dp_application_get_store (DpApplication *self, GError **error);
/* Opens the store on a worker when opening it takes long (a database in an older format
 * is migrated first: a backup copy, then possibly every game; issue 26: nothing that
 * grows with the stored games runs on the window's thread). Returns TRUE while that
 * runs: dp_application_get_store() then says so (DP_STORE_ERROR_BUSY), and
 * ::store-opened is emitted once it is done. FALSE: get the store as usual. */
gboolean       dp_application_open_store_in_background (DpApplication *self);
gboolean       dp_application_is_opening_store (DpApplication *self);
GSettings     *dp_application_get_settings (DpApplication *self);
/* The store of the application that @widget's window belongs to. Returns NULL without
 * an error while @widget is not in a Dicepad window yet, and NULL with @error set when
 * the database cannot be opened. */
DpStore       *dp_application_get_store_for_widget (GtkWidget *widget, GError **error);
/* The settings of the application that @widget's window belongs to; NULL while @widget is
 * in no Dicepad window. */
GSettings     *dp_application_get_settings_for_widget (GtkWidget *widget);
/* The same for a page that reads the store: sets *@store (NULL while @widget is in no
 * Dicepad window yet). Returns FALSE when the database cannot be opened; @page then says
 * so under @title, with the reason. */
gboolean       dp_application_find_store (GtkWidget      *widget,
                                          AdwStatusPage  *page,
                                          const char     *title,
                                          DpStore       **store);

G_END_DECLS
