/* cb-refill-section.h — phase 1 of a board: red lines and the dice taken from the draw
 * area
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cb-panel-controls.h"

G_BEGIN_DECLS

#define CB_TYPE_REFILL_SECTION (cb_refill_section_get_type ())
G_DECLARE_FINAL_TYPE (CbRefillSection, cb_refill_section, CB, REFILL_SECTION, GtkWidget)

/* Controls "red-lines", "refill-<colour>", "refill" (and its reason). The counts start
 * from the board in @controls when the section is made. */
GtkWidget *cb_refill_section_new    (CbControls *controls);
/* The game changed but not this board: the entries stay, the button is checked again. */
void       cb_refill_section_update (CbRefillSection *self);

G_END_DECLS
