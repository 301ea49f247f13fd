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
/* The biggest box size (pixels) the sheet grows to; 0: as wide as it is given. */
void                cv_sheet_view_set_max_unit (CvSheetView *self, double unit);
/* The sheet's size in boxes (it keeps these proportions, like paper). */
double              cv_sheet_view_get_width_units (void);
double              cv_sheet_view_get_height_units (void);
/* TRUE once the game shown is over: every row value is drawn as final. */
gboolean            cv_sheet_view_get_finished (CvSheetView *self);

G_END_DECLS
