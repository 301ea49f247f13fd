/* cb-table-page.h — the Cubitos table: the round, the race's cards and every team board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cb-board-view.h"
#include "cb-run-panel.h"
#include "dp-session.h"
#include "dp-table-page.h"

G_BEGIN_DECLS

#define CB_TYPE_TABLE_PAGE (cb_table_page_get_type ())
G_DECLARE_FINAL_TYPE (CbTablePage, cb_table_page, CB, TABLE_PAGE, GtkWidget)

/* Emits ::entry-stored (toast text) after an entry reached the store and
 * ::entry-failed (message) when it was refused (the DpTablePage signals). */
GtkWidget   *cb_table_page_new (void);
/* Shows @session (a Cubitos game) and follows its changes; NULL shows nothing. */
void         cb_table_page_set_session (CbTablePage *self, DpSession *session);
guint        cb_table_page_get_n_boards (CbTablePage *self);
CbBoardView *cb_table_page_get_board (CbTablePage *self, guint seat);
CbRunPanel  *cb_table_page_get_panel (CbTablePage *self, guint seat);
const char  *cb_table_page_get_status (CbTablePage *self);
/* The line under the status: the last entry in full, with what Dicepad entered by
 * itself after it (the toast says it short), or what an undo took back. */
const char  *cb_table_page_get_entry_text (CbTablePage *self);
const char  *cb_table_page_get_swords (CbTablePage *self);
/* Stores @action_json (what a control chose) through the session, as a click does. */
gboolean     cb_table_page_enter (CbTablePage *self, const char *action_json);
/* Puts the keyboard focus on the first board that has something to do. */
void         cb_table_page_focus_entry (CbTablePage *self);
/* Whether Enter acts for @seat's board now: it made the last entry, or a key or click
 * went to it since (docs/keyboard.md; issue 25, 3.1). */
gboolean     cb_table_page_takes_enter (CbTablePage *self, guint seat);

G_END_DECLS
