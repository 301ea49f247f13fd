/* dp-game-replay-page.h — one stored game: its sheets, its result and a replay
 *
 * Shows the game's sheets as they were after any action (a slider, previous/next
 * buttons, the arrow keys, Home and End), what happened in that action, the turn
 * sentence of that moment, and the score progression turn by turn. From here an
 * unfinished game can be resumed (action win.resume, the game id), and a game
 * can be exported or deleted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dp-chart.h"
#include "dp-store.h"

G_BEGIN_DECLS

#define DP_TYPE_GAME_REPLAY_PAGE (dp_game_replay_page_get_type ())
G_DECLARE_FINAL_TYPE (DpGameReplayPage, dp_game_replay_page, DP, GAME_REPLAY_PAGE, GtkWidget)

GtkWidget    *dp_game_replay_page_new (void);
/* Loads the game @game_id from @store and shows its final state. */
gboolean      dp_game_replay_page_load (DpGameReplayPage *self, DpStore *store, const char *game_id, GError **error);
const char   *dp_game_replay_page_get_game_id (DpGameReplayPage *self);
/* Number of actions of the game (the slider goes from 0 to this). */
guint         dp_game_replay_page_get_n_steps (DpGameReplayPage *self);
guint         dp_game_replay_page_get_step (DpGameReplayPage *self);
/* Shows the state after the first @step actions. */
void          dp_game_replay_page_set_step (DpGameReplayPage *self, guint step);

/* Score progression of one game: the totals after each finished turn, x = turn number
 * (turn 0 = before the first roll). @totals gets one GArray of double per seat; @turns
 * the x values. Works for any game kind: a turn is what DpGameView.turn_number counts
 * (without one: each action). */
gboolean      dp_game_compute_progression (const char         *setup_text,
                                           GPtrArray          *actions,
                                           GArray            **turns,
                                           GPtrArray         **totals,
                                           GError            **error);

G_END_DECLS
