/* cb-ability-list.h — the card abilities a board may use now, and the open one's form
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cb-panel-controls.h"

G_BEGIN_DECLS

#define CB_TYPE_ABILITY_LIST (cb_ability_list_get_type ())
G_DECLARE_FINAL_TYPE (CbAbilityList, cb_ability_list, CB, ABILITY_LIST, GtkWidget)

/* Buttons "ability-N"; in the open form the fields "ability-…", the buttons
 * "ability-use", "ability-cancel" and the label "ability-reason" (cb-run-panel.h). */
GtkWidget *cb_ability_list_new          (void);
/* The panel's controls, which outlive the list; nothing is shown before this. */
void       cb_ability_list_set_controls (CbAbilityList *self, CbControls *controls);
/* Lists the abilities allowed now; the open form stays open unless @board_changed. */
void       cb_ability_list_update       (CbAbilityList *self, gboolean board_changed);

G_END_DECLS
