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

/* The drop-down "@prefix land-bonus" (the bonuses in words, after @question, a
 * mnemonic label) and the fields it fills, named "@prefix land-credits", "@prefix land-fans", "@prefix land-take",
 * "@prefix land-max-cost", "@prefix land-cost", "@prefix lose-die-<row>",
 * "@prefix lose-from-<row>", "@prefix lose-count-<row>", the button "@prefix lose-add"
 * and the fan questions; emits ::changed when one changes. */
GtkWidget *cb_bonus_editor_new    (CbControls *controls, const char *prefix, const char *question);
/* Shows the cost question only for a die whose cost nobody told; the fan questions
 * follow the advances. */
void       cb_bonus_editor_update (CbBonusEditor *self);
/* Reads the bonus into @move (credits, fans, take, lose, fan facts). */
void       cb_bonus_editor_read   (CbBonusEditor *self, CbMove *move);

G_END_DECLS
