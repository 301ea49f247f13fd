/* cb-shop.h — phase 7: the race's eight dice with their cost, where it comes from, and
 * what is left
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cb-presenter.h"

G_BEGIN_DECLS

#define CB_TYPE_SHOP (cb_shop_get_type ())
G_DECLARE_FINAL_TYPE (CbShop, cb_shop, CB, SHOP, GtkWidget)

/* Emits ::action (the canonical JSON text of a buy, or of a correct_cost) when a Buy or
 * a Correct button is clicked. */
GtkWidget  *cb_shop_new (void);
/* Shows what @seat may buy in @game now. */
void        cb_shop_update (CbShop *self, const DpGame *game, guint seat);
GtkButton  *cb_shop_get_buy_button (CbShop *self, guint colour);
/* Why the die of @colour cannot be bought ("" when it can). */
const char *cb_shop_get_reason (CbShop *self, guint colour);
/* The question for a cost nobody told yet, or NULL when the cost is known. */
GtkSpinButton *cb_shop_get_cost_field (CbShop *self, guint colour);
/* The row's card line, "Bob · 4 coins · 7 left" (cb_presenter_dup_card_text()). */
const char *cb_shop_get_card_text (CbShop *self, guint colour);
/* Where the row's cost comes from (cb_presenter_get_cost_origin()); "" when untold. */
const char *cb_shop_get_cost_origin (CbShop *self, guint colour);
/* The correction of a remembered cost (in the row's popover), or NULL when the cost
 * cannot be corrected (cb_game_can_correct_cost()). */
GtkSpinButton *cb_shop_get_correct_field (CbShop *self, guint colour);
GtkButton  *cb_shop_get_correct_button (CbShop *self, guint colour);

G_END_DECLS
