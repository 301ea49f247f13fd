/* cv-game-ui.h — Calavera as the shared pages see it (its DpGameUi), and the typed
 * access the Calavera widgets have to a game-neutral session
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cv-game.h"
#include "dp-game-ui.h"
#include "dp-session.h"

G_BEGIN_DECLS

extern const DpGameUi cv_game_ui;

/* The Calavera state of @session, or NULL when it plays another game. */
const CvGame *cv_game_ui_get_game (DpSession *session);
/* Stores @action through @session (its canonical text); on error nothing changed. */
gboolean      cv_game_ui_apply (DpSession *session, const CvAction *action, GError **error);

G_END_DECLS
