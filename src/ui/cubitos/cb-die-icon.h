/* cb-die-icon.h — one Cubitos die drawn as on the table: its colour, a letter or the
 * face it shows, and how many of them lie there
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cb-data.h"

G_BEGIN_DECLS

#define CB_TYPE_DIE_ICON (cb_die_icon_get_type ())
G_DECLARE_FINAL_TYPE (CbDieIcon, cb_die_icon, CB, DIE_ICON, GtkWidget)

/* @face CB_FACE_BLANK shows the colour's letter; @count 0 or 1 shows no count. @size in
 * pixels (the side of the die). The accessible label says colour, face and count. */
GtkWidget *cb_die_icon_new (CbKind kind, CbFace face, guint count, int size);
void       cb_die_icon_set (CbDieIcon *self, CbKind kind, CbFace face, guint count);
CbKind     cb_die_icon_get_kind (CbDieIcon *self);
guint      cb_die_icon_get_count (CbDieIcon *self);

G_END_DECLS
