/* cb-support-section.h — phase 5 of a board: collect the coins, steps and credits
 * shown, announce the swords
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cb-panel-controls.h"

G_BEGIN_DECLS

#define CB_TYPE_SUPPORT_SECTION (cb_support_section_get_type ())
G_DECLARE_FINAL_TYPE (CbSupportSection, cb_support_section, CB, SUPPORT_SECTION, GtkWidget)

/* The buttons "collect" and "announce" (and their reason), the check "take-credits"
 * when credit faces are shown. They keep their place through phases 5 and 6. */
GtkWidget *cb_support_section_new    (CbControls *controls);
void       cb_support_section_update (CbSupportSection *self);

G_END_DECLS
