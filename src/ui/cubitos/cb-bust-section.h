/* cb-bust-section.h — a board that busts: ready dice put to rest too, the fan advance
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cb-panel-controls.h"

G_BEGIN_DECLS

#define CB_TYPE_BUST_SECTION (cb_bust_section_get_type ())
G_DECLARE_FINAL_TYPE (CbBustSection, cb_bust_section, CB, BUST_SECTION, GtkWidget)

/* Fields "bust-<colour>", the fan questions, the button "bust" (and its reason). */
GtkWidget *cb_bust_section_new    (CbControls *controls);
void       cb_bust_section_update (CbBustSection *self);

G_END_DECLS
