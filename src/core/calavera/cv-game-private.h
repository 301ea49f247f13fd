/* cv-game-private.h — helpers shared between the Calavera source files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cv-game.h"

G_BEGIN_DECLS

/* Appends the canonical text form of @action (cv_action_to_text()) to @out. */
/* Sorts up to six faces in CvFace order: the canonical order of dice everywhere. */
void _cv_faces_sort (CvFace *faces, guint n);

void _cv_action_append_text (const CvGame *game, const CvAction *action, GString *out);

G_END_DECLS
