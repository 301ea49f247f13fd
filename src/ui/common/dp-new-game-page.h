/* dp-new-game-page.h — choose the game and the players, in seat order
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dp-store.h"

G_BEGIN_DECLS

#define DP_TYPE_NEW_GAME_PAGE (dp_new_game_page_get_type ())
G_DECLARE_FINAL_TYPE (DpNewGamePage, dp_new_game_page, DP, NEW_GAME_PAGE, GtkWidget)

GtkWidget  *dp_new_game_page_new (void);
/* Starts over for a game of @kind with @names in seat order (too few: empty seats up to
 * the game's minimum) and @known_names offered for completion (most recent first).
 * The game's options (DpGameUi.new_options) are shown and prepared with @store. */
void        dp_new_game_page_reset (DpNewGamePage      *self,
                                    const char         *kind,
                                    const char *const  *names,
                                    const char *const  *known_names,
                                    DpStore            *store);
const char *dp_new_game_page_get_kind (DpNewGamePage *self);
guint       dp_new_game_page_get_n_players (DpNewGamePage *self);
/* The names as typed (trimmed), in seat order; free with g_strfreev(). */
GStrv       dp_new_game_page_dup_names (DpNewGamePage *self);
/* TRUE when the game can start: as many players as the game allows, every name fine. */
gboolean    dp_new_game_page_is_valid (DpNewGamePage *self);
/* Moves the player at @from to seat @to. */
void        dp_new_game_page_move (DpNewGamePage *self, guint from, guint to);
void        dp_new_game_page_add_player (DpNewGamePage *self);
void        dp_new_game_page_remove_player (DpNewGamePage *self, guint seat);
void        dp_new_game_page_focus_first (DpNewGamePage *self);
/* The setup text of the game to start: kind, names and the options chosen. The page
 * emits ::names-changed whenever a name or the seat order changes. */
char       *dp_new_game_page_dup_setup (DpNewGamePage *self);

G_END_DECLS
