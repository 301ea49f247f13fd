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

G_END_DECLS
