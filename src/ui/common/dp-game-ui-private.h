/* dp-game-ui-private.h — test-only API of the per-game UI registry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dp-game-ui.h"

G_BEGIN_DECLS

/* Adds @ui after the built-in games' descriptions. For test programs that register a
 * test-only game (with _dp_game_kind_register()), in main() before the first window;
 * a description stays registered for the life of the process. */
void _dp_game_ui_register (const DpGameUi *ui);

G_END_DECLS
