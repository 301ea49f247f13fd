/* dp-new-game-page.h — choose the game and the players, in seat order
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DP_TYPE_NEW_GAME_PAGE (dp_new_game_page_get_type ())
G_DECLARE_FINAL_TYPE (DpNewGamePage, dp_new_game_page, DP, NEW_GAME_PAGE, GtkWidget)

GtkWidget  *dp_new_game_page_new (void);
/* Starts over with @names in seat order (NULL or fewer than two: empty seats up to two)
 * and @known_names offered for completion (most recent first). */
void        dp_new_game_page_reset (DpNewGamePage      *self,
                                    const char         *kind,
                                    const char *const  *names,
                                    const char *const  *known_names);
const char *dp_new_game_page_get_kind (DpNewGamePage *self);
guint       dp_new_game_page_get_n_players (DpNewGamePage *self);
/* The names as typed (trimmed), in seat order; free with g_strfreev(). */
GStrv       dp_new_game_page_dup_names (DpNewGamePage *self);
void        dp_new_game_page_set_name (DpNewGamePage *self, guint seat, const char *name);
/* Why seat @seat's name is refused, or NULL when it is fine. */
const char *dp_new_game_page_get_error (DpNewGamePage *self, guint seat);
/* TRUE when the game can start: 2–4 players, every name fine. */
gboolean    dp_new_game_page_is_valid (DpNewGamePage *self);
/* Moves the player at @from to seat @to. */
void        dp_new_game_page_move (DpNewGamePage *self, guint from, guint to);
void        dp_new_game_page_add_player (DpNewGamePage *self);
void        dp_new_game_page_remove_player (DpNewGamePage *self, guint seat);
void        dp_new_game_page_focus_first (DpNewGamePage *self);
/* Game-specific options shown under the players (NULL: none), e.g. the Cubitos race.
 * The page emits ::names-changed whenever a name or the seat order changes. */
void        dp_new_game_page_set_options (DpNewGamePage *self, GtkWidget *options);

G_END_DECLS
