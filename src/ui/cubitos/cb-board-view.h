/* cb-board-view.h — one player's Cubitos team board, drawn like the physical one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cb-game.h"

G_BEGIN_DECLS

#define CB_TYPE_BOARD_VIEW (cb_board_view_get_type ())
G_DECLARE_FINAL_TYPE (CbBoardView, cb_board_view, CB, BOARD_VIEW, GtkWidget)

GtkWidget  *cb_board_view_new (void);
/* Shows seat @seat of @game. */
void        cb_board_view_update (CbBoardView *self, const CbGame *game, guint seat);
guint       cb_board_view_get_seat (CbBoardView *self);
/* The text shown for @what: "name", "phase", "coins", "steps", "credits", "fans",
 * "supply", "limit", "position", "danger" ("" when not in danger), "bust". */
const char *cb_board_view_get_text (CbBoardView *self, const char *what);
/* The count shown on the die icon of @kind in @zone (0 when no icon is shown); in the
 * active area the counts of every face are added. */
guint       cb_board_view_get_shown_dice (CbBoardView *self, CbZone zone, CbKind kind);

/* Installs the Cubitos styles on @widget's display (once per display). */
void        cb_board_view_ensure_style (GtkWidget *widget);

G_END_DECLS
