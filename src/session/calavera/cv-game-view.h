/* cv-game-view.h — Calavera as every face tells it: its DpGameView
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dp-game-view.h"

G_BEGIN_DECLS

extern const DpGameView cv_game_view;

G_END_DECLS
