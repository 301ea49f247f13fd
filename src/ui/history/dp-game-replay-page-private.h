/* dp-game-replay-page-private.h — test-only API of the replay page
 *
 * What the window tests read and drive (tests/ui/dp-ui-test-util.h includes it); the
 * application itself does not use it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dp-game-replay-page.h"

G_BEGIN_DECLS

/* The state shown now (owned by the page). */
const DpGame *dp_game_replay_page_get_game (DpGameReplayPage *self);
/* The sheet widgets shown now, in seat order (the game's DpGameUi.new_sheet_view). */
GtkWidget    *dp_game_replay_page_get_sheet (DpGameReplayPage *self, guint seat);
/* The text of the action that led to this step ("" at step 0), and the turn sentence. */
const char   *dp_game_replay_page_get_action_text (DpGameReplayPage *self);
const char   *dp_game_replay_page_get_turn_text (DpGameReplayPage *self);
DpChart      *dp_game_replay_page_get_progression_chart (DpGameReplayPage *self);

G_END_DECLS
