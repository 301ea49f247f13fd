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
/* For the game's DpGameView.dup_result_columns: adds a column after the ones there are and returns its
 * index. @heading is shown, @description (or NULL) is its tooltip and accessible name,
 * @css_class (or NULL) styles the heading. */
guint       dp_result_page_add_column (DpResultPage *self,
                                       const char   *heading,
                                       const char   *description,
                                       const char   *css_class);
/* Sets the cell of @seat in @column (from dp_result_page_add_column()); @strong draws
 * it bold (a total). */
void        dp_result_page_set_cell (DpResultPage *self,
                                     guint         column,
                                     guint         seat,
                                     const char   *text,
                                     gboolean      strong);

G_END_DECLS
