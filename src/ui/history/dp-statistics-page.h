/* dp-statistics-page.h — who wins most, who freezes best: numbers and charts
 *
 * All numbers come from the store's statistics queries (dp_store_player_stats,
 * dp_store_head_to_head) over finished games; the charts read pages of summaries
 * (a player's last games) and replay one game (the score progression).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dp-chart.h"
#include "dp-store.h"

G_BEGIN_DECLS

/* How many of a player's most recent games the "totals over time" chart shows. */
#define DP_STATISTICS_TOTALS_LIMIT 100

typedef enum
{
  DP_STATISTICS_COLUMN_PLAYER,
  DP_STATISTICS_COLUMN_GAMES,
  DP_STATISTICS_COLUMN_WINS,
  DP_STATISTICS_COLUMN_WIN_RATE,
  DP_STATISTICS_COLUMN_PLACE,     /* every game; the columns below only for a game that compares totals */
  DP_STATISTICS_COLUMN_AVERAGE,
  DP_STATISTICS_COLUMN_BEST,
  DP_STATISTICS_COLUMN_WORST,
  DP_STATISTICS_N_COLUMNS
} DpStatisticsColumn;

#define DP_TYPE_STATISTICS_PAGE (dp_statistics_page_get_type ())
G_DECLARE_FINAL_TYPE (DpStatisticsPage, dp_statistics_page, DP, STATISTICS_PAGE, GtkWidget)

GtkWidget  *dp_statistics_page_new (void);
/* The store to show. Without one, the page takes the application's store when shown. */
void        dp_statistics_page_set_store (DpStatisticsPage *self, DpStore *store);
/* Reads the statistics again (the page also does this each time it is shown). */
void        dp_statistics_page_reload (DpStatisticsPage *self);
/* NULL = every game kind. */
void        dp_statistics_page_set_kind (DpStatisticsPage *self, const char *kind);
/* The player whose cards, rows and totals chart are shown. */
void        dp_statistics_page_set_player (DpStatisticsPage *self, const char *player);
const char *dp_statistics_page_get_player (DpStatisticsPage *self);
void        dp_statistics_page_set_head_to_head (DpStatisticsPage *self, const char *a, const char *b);

/* What is shown, for tests: the players table (row 0 = first player, in the store's
 * order; NULL for a column the chosen game does not show), a figure of the chosen
 * player by key (a stat key such as "points_orange", or "games", "wins", "win_rate",
 * "average_place", "average_total", "best_total", "worst_total"; the number without
 * its unit), the head-to-head sentence. */
guint       dp_statistics_page_get_n_players (DpStatisticsPage *self);
const char *dp_statistics_page_get_cell (DpStatisticsPage *self, guint row, DpStatisticsColumn column);
const char *dp_statistics_page_get_detail (DpStatisticsPage *self, const char *key);
const char *dp_statistics_page_get_head_to_head_text (DpStatisticsPage *self);
DpChart    *dp_statistics_page_get_totals_chart (DpStatisticsPage *self);
DpChart    *dp_statistics_page_get_wins_chart (DpStatisticsPage *self);
DpChart    *dp_statistics_page_get_progression_chart (DpStatisticsPage *self);

G_END_DECLS
