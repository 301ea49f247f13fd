/* cv-sheet-view.h — one player's Calavera score sheet, drawn like the paper pad
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cv-presenter.h"

G_BEGIN_DECLS

#define CV_TYPE_SHEET_VIEW (cv_sheet_view_get_type ())
G_DECLARE_FINAL_TYPE (CvSheetView, cv_sheet_view, CV, SHEET_VIEW, GtkWidget)

GtkWidget          *cv_sheet_view_new (void);
/* Copies what @seat's sheet shows in @game (the view keeps no pointer to @game). */
void                cv_sheet_view_update (CvSheetView *self, const CvGame *game, guint seat);
/* What the sheet shows now, for tests. */
const CvSheetModel *cv_sheet_view_get_model (CvSheetView *self);

G_END_DECLS
