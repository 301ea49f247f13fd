/* dp-result-page.h — the end of a game: the headline, the ranking, the sheets
 *
 * Game-neutral: Place and Player come from the game contract (dp_game_get_rank()); the
 * game's own columns and headline come from its DpGameView (dup_result_columns,
 * dup_headline), its sheets from its DpGameUi (new_sheet_view).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dp-game.h"

G_BEGIN_DECLS

#define DP_TYPE_RESULT_PAGE (dp_result_page_get_type ())
G_DECLARE_FINAL_TYPE (DpResultPage, dp_result_page, DP, RESULT_PAGE, GtkWidget)

GtkWidget  *dp_result_page_new (void);
/* Shows the result of the finished @game (any kind). */
void        dp_result_page_set_game (DpResultPage *self, const DpGame *game);
G_END_DECLS
