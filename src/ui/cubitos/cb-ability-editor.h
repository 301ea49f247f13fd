/* cb-ability-editor.h — the form of one card ability with choices
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cb-panel-controls.h"

G_BEGIN_DECLS

#define CB_TYPE_ABILITY_EDITOR (cb_ability_editor_get_type ())
G_DECLARE_FINAL_TYPE (CbAbilityEditor, cb_ability_editor, CB, ABILITY_EDITOR, GtkWidget)

/* The fields "ability-…", the buttons "ability-use" and "ability-cancel" and the label
 * "ability-reason" (cb-run-panel.h) for @form, which the caller keeps while the editor
 * lives; emits ::rebuild when a choice changes the fields, ::cancel on Cancel. */
GtkWidget *cb_ability_editor_new (CbControls *controls, CbAbilityForm *form);

G_END_DECLS
