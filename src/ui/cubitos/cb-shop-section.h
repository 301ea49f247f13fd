/* cb-shop-section.h — phases 7 and 8 of a board: the shop, credits redeemed, rest
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cb-panel-controls.h"
#include "cb-shop.h"

G_BEGIN_DECLS

#define CB_TYPE_SHOP_SECTION (cb_shop_section_get_type ())
G_DECLARE_FINAL_TYPE (CbShopSection, cb_shop_section, CB, SHOP_SECTION, GtkWidget)

/* The shop (its buys are emitted as the panel's actions), the buttons "redeem",
 * "redeem-all" and "rest" (and their reason). */
GtkWidget *cb_shop_section_new      (CbControls *controls);
void       cb_shop_section_update   (CbShopSection *self);
CbShop    *cb_shop_section_get_shop (CbShopSection *self);

G_END_DECLS
