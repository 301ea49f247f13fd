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
/* The key that counts a die showing @face (docs/keyboard.md, in this language's
 * letters, upper case): one for all coin faces; 0 for blank. */
gunichar   cb_roll_entry_get_face_key (CbFace face);
/* A face key typed: one more die showing that face, in the first field from the one
 * with the keyboard on (then from the first) that has the face and can still take a
 * die; the keyboard goes to that field. FALSE when @keyval is no face key of this
 * roll's colours. */
gboolean   cb_roll_entry_handle_key (CbRollEntry *self, guint keyval);
/* Space in a field (docs/keyboard.md): the keyboard goes to the first field of the next
 * colour rolled (after the last, the first), so that the next face key counts a die of
 * that colour. FALSE when the keyboard is not in a field of this entry. */
gboolean   cb_roll_entry_next_colour (CbRollEntry *self);

G_END_DECLS
