/* cb-roll-section.h — phase 2 of a board: what the rolled dice show
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cb-panel-controls.h"
#include "cb-roll-entry.h"

G_BEGIN_DECLS

#define CB_TYPE_ROLL_SECTION (cb_roll_section_get_type ())
G_DECLARE_FINAL_TYPE (CbRollSection, cb_roll_section, CB, ROLL_SECTION, GtkWidget)

/* The roll entry and the button "roll" (and its reason); the entry starts from the
 * board in @controls. */
GtkWidget   *cb_roll_section_new       (CbControls *controls);
void         cb_roll_section_update    (CbRollSection *self);
CbRollEntry *cb_roll_section_get_entry (CbRollSection *self);

G_END_DECLS
