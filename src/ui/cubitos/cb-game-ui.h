/* cb-game-ui.h — Cubitos as the shared pages see it: its DpGameUi
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cb-game.h"
#include "dp-game-ui.h"

G_BEGIN_DECLS

extern const DpGameUi cb_game_ui;

G_END_DECLS
