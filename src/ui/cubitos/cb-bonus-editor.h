/* cb-bonus-editor.h — the bonuses of a track space, told by the players: at the landing
 * (phase 6) and for Bob's ability
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cb-panel-controls.h"

G_BEGIN_DECLS

#define CB_TYPE_BONUS_EDITOR (cb_bonus_editor_get_type ())
G_DECLARE_FINAL_TYPE (CbBonusEditor, cb_bonus_editor, CB, BONUS_EDITOR, GtkWidget)

/* Fields named "@prefix land-credits", "@prefix land-fans", "@prefix land-take",
 * "@prefix land-max-cost", "@prefix land-cost", "@prefix lose-die-<row>",
 * "@prefix lose-from-<row>", "@prefix lose-count-<row>", the button "@prefix lose-add"
 * and the fan questions; emits ::changed when one changes. */
GtkWidget *cb_bonus_editor_new    (CbControls *controls, const char *prefix);
/* Shows the cost question only for a die whose cost nobody told; the fan questions
 * follow the advances. */
void       cb_bonus_editor_update (CbBonusEditor *self);
/* Reads the bonus into @move (credits, fans, take, lose, fan facts). */
void       cb_bonus_editor_read   (CbBonusEditor *self, CbMove *move);
/* "none" or the bonuses told, in words ("2 credits, take an orange die"). */
char      *cb_bonus_editor_dup_summary (const CbMove *move);

G_END_DECLS
