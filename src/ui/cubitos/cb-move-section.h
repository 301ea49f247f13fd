/* cb-move-section.h — phase 6 of a board: steps bought, credits redeemed, the runner
 * moved, the landing space's bonus, shortcuts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cb-panel-controls.h"

G_BEGIN_DECLS

#define CB_TYPE_MOVE_SECTION (cb_move_section_get_type ())
G_DECLARE_FINAL_TYPE (CbMoveSection, cb_move_section, CB, MOVE_SECTION, GtkWidget)

/* Buttons "buy-step", "buy-steps-all", "redeem", "redeem-all", "jet", "land", "move",
 * "shortcut" (each with its reason); fields "steps", "beyond", "shortcut-cost", the check
 * "finish", and the landing bonus "land-bonus" with its fields (cb-bonus-editor.h).
 * Built once for phases 5 and 6; each update changes what they show, never where. */
GtkWidget *cb_move_section_new    (CbControls *controls);
void       cb_move_section_update (CbMoveSection *self);

G_END_DECLS
