/* cb-shop.h — phase 7: the race's eight dice with their cost and what is left
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cb-presenter.h"

G_BEGIN_DECLS

#define CB_TYPE_SHOP (cb_shop_get_type ())
G_DECLARE_FINAL_TYPE (CbShop, cb_shop, CB, SHOP, GtkWidget)

/* Emits ::action (the canonical JSON text of a buy) when a Buy button is clicked. */
GtkWidget  *cb_shop_new (void);
/* Shows what @seat may buy in @game now. */
void        cb_shop_update (CbShop *self, const DpGame *game, guint seat);
GtkButton  *cb_shop_get_buy_button (CbShop *self, guint colour);
/* Why the die of @colour cannot be bought ("" when it can). */
const char *cb_shop_get_reason (CbShop *self, guint colour);
/* The question for a cost nobody told yet, or NULL when the cost is known. */
GtkSpinButton *cb_shop_get_cost_field (CbShop *self, guint colour);

G_END_DECLS
