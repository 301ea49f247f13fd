/* cv-table-page.h — the Calavera table: every sheet and the turn panel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cv-sheet-view.h"
#include "cv-turn-panel.h"
#include "dp-session.h"
#include "dp-table-page.h"

G_BEGIN_DECLS

#define CV_TYPE_TABLE_PAGE (cv_table_page_get_type ())
/* A DpTablePage: emits ::entry-stored and ::entry-failed. */
G_DECLARE_FINAL_TYPE (CvTablePage, cv_table_page, CV, TABLE_PAGE, GtkWidget)

GtkWidget   *cv_table_page_new (void);
/* Shows @session (a Calavera game) and follows its changes; NULL shows nothing. */
void         cv_table_page_set_session (CvTablePage *self, DpSession *session);
CvTurnPanel *cv_table_page_get_turn_panel (CvTablePage *self);
guint        cv_table_page_get_n_sheets (CvTablePage *self);
CvSheetView *cv_table_page_get_sheet (CvTablePage *self, guint seat);
/* Puts the keyboard focus where the next entry is made. */
void         cv_table_page_focus_entry (CvTablePage *self);
/* The two scrolled windows (sheets; turn panel), for tests that check what is in view. */
GtkWidget   *cv_table_page_get_sheets_scroller (CvTablePage *self);
GtkWidget   *cv_table_page_get_panel_scroller (CvTablePage *self);

G_END_DECLS
