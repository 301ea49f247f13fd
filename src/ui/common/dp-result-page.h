/* dp-result-page.h — the end of a game: ranks, totals, rows and bonus, the sheets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "cv-game.h"
#include "cb-game.h"

G_BEGIN_DECLS

#define DP_TYPE_RESULT_PAGE (dp_result_page_get_type ())
G_DECLARE_FINAL_TYPE (DpResultPage, dp_result_page, DP, RESULT_PAGE, GtkWidget)

GtkWidget  *dp_result_page_new (void);
/* Shows the result of the finished @game. */
void        dp_result_page_set_game (DpResultPage *self, const CvGame *game);
/* Shows the result of the finished Cubitos race @game: winner, each player's totals
 * and their team boards as the race ended. */
void        dp_result_page_set_cubitos (DpResultPage *self, const CbGame *game);
/* The headline, e.g. "Ina wins with 31 points" or "Shared win: Ina and Sami". */
const char *dp_result_page_get_headline (DpResultPage *self);
/* The seats in the order the table lists them (by rank, then seat). */
guint       dp_result_page_get_n_rows (DpResultPage *self);
guint       dp_result_page_get_row_seat (DpResultPage *self, guint row);
/* The rank text shown for that row, e.g. "1." — tied players show the same rank. */
const char *dp_result_page_get_row_rank_text (DpResultPage *self, guint row);

G_END_DECLS
