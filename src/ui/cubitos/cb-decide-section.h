/* cb-decide-section.h — phase 3 of a board: push or pass
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cb-panel-controls.h"

G_BEGIN_DECLS

#define CB_TYPE_DECIDE_SECTION (cb_decide_section_get_type ())
G_DECLARE_FINAL_TYPE (CbDecideSection, cb_decide_section, CB, DECIDE_SECTION, GtkWidget)

/* The buttons "push" and "pass" (and their reason). */
GtkWidget *cb_decide_section_new    (CbControls *controls);
void       cb_decide_section_update (CbDecideSection *self);
/* The control ("push" or "pass") whose underlined letter is @c in this language, or
 * NULL: typed right after a roll, the letter enters the roll and then the choice
 * (docs/keyboard.md). */
const char *cb_decide_section_choice_of_key (gunichar c);
/* The key of "push" or "pass" in this language (lower case). */
gunichar    cb_decide_section_key           (const char *choice);

G_END_DECLS
