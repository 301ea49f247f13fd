/* dp-game-view-private.h — test-only API of the per-game view registry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dp-game-view.h"

G_BEGIN_DECLS

/* Adds @view after the built-in games' views. For test programs that register a
 * test-only game (with _dp_game_kind_register()), in main() before the first window or
 * server; a view stays registered for the life of the process. */
void _dp_game_view_register (const DpGameView *view);

G_END_DECLS
