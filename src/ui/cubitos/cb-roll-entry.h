/* cb-roll-entry.h — entering a Cubitos roll fast: per colour, how many dice show each face
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cb-presenter.h"

G_BEGIN_DECLS

#define CB_TYPE_ROLL_ENTRY (cb_roll_entry_get_type ())
G_DECLARE_FINAL_TYPE (CbRollEntry, cb_roll_entry, CB, ROLL_ENTRY, GtkWidget)

/* Edits @roll (not owned; must outlive the widget's use), one row per colour rolled.
 * Emits ::changed after every accepted change and ::activate on Enter in a field. */
GtkWidget *cb_roll_entry_new (CbRoll *roll);
/* Sets a count as the user would; FALSE (nothing changes) when it is impossible. */
gboolean   cb_roll_entry_set_count (CbRollEntry *self, CbKind kind, CbFace face, guint n);
/* The field for @kind and @face, or NULL when that colour has no such face. */
GtkSpinButton *cb_roll_entry_get_field (CbRollEntry *self, CbKind kind, CbFace face);
/* The blank count shown for @kind. */
guint      cb_roll_entry_get_blank (CbRollEntry *self, CbKind kind);
void       cb_roll_entry_focus_first (CbRollEntry *self);
/* Why the last typed count was refused, shown under the fields; "" when none was. */
const char *cb_roll_entry_get_message (CbRollEntry *self);

G_END_DECLS
