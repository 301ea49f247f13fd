/* cv-game-ui.c — Calavera as the shared pages see it: its DpGameUi
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cv-game-ui.h"
#include "cv-presenter.h"
#include "cv-sheet-view.h"
#include "cv-table-page.h"
#include "dp-history-format.h"
#include "dp-result-page.h"

const CvGame *
cv_game_ui_get_game (DpSession *session)
{
  g_return_val_if_fail (DP_IS_SESSION (session), NULL);
  return cv_game_from_dp_const (dp_session_get_game (session));
}

gboolean
cv_game_ui_apply (DpSession       *session,
                  const CvAction  *action,
                  GError         **error)
{
  const CvGame *game;
  g_autoptr(JsonObject) object = NULL;

  g_return_val_if_fail (DP_IS_SESSION (session), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  game = cv_game_ui_get_game (session);
  if (game == NULL)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("This game is not a game of Calavera"));
      return FALSE;
    }

  object = cv_action_to_json (game, action);
  if (object == NULL)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("The entry could not be written down"));
      return FALSE;
    }

  return dp_session_apply (session, object, error);
}

static void
update_sheet_view (GtkWidget    *view,
                   const DpGame *game,
                   guint         seat)
{
  cv_sheet_view_update (CV_SHEET_VIEW (view), cv_game_from_dp_const (game), seat);
}

static char *
dup_undo_text (const DpGame *before,
               const DpGame *after,
               gboolean      redo)
{
  const CvGame *a = cv_game_from_dp_const (before);
  const CvGame *b = cv_game_from_dp_const (after);

  return redo ? cv_presenter_dup_redo_text (a, b) : cv_presenter_dup_undo_text (a, b);
}

static guint
turn_number (const DpGame *game)
{
  return cv_game_get_turn_number (cv_game_from_dp_const (game));
}

/* Rules, "End of the Game": "The player with the most points wins. In case of a tie,
 * it is a shared victory." */
static char *
dup_headline (const DpGame *game)
{
  const CvGame *cv = cv_game_from_dp_const (game);
  const char *winners[CV_MAX_PLAYERS];
  guint n_winners = 0;
  g_autofree char *joined = NULL;
  int best = 0;

  for (guint seat = 0; seat < cv_game_get_n_players (cv); seat++)
    if (cv_game_is_winner (cv, seat))
      {
        winners[n_winners++] = cv_game_get_player_name (cv, seat);
        best = cv_game_get_total (cv, seat);
      }
  joined = cv_presenter_join_names (winners, n_winners);
  if (n_winners == 1)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         /* Translators: "Ina wins with 31 points" */
                                         "%s wins with %d point",
                                         "%s wins with %d points", ABS (best)),
                            joined, best);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: "Shared win: Ina and Sami with 31 points" */
                                       "Shared win: %s with %d point",
                                       "Shared win: %s with %d points", ABS (best)),
                          joined, best);
}

/* The four rows, the bonus lines and the total of each player. */
static void
fill_result (DpResultPage *page,
             const DpGame *game)
{
  const CvGame *cv = cv_game_from_dp_const (game);
  guint rows[CV_N_COLORS];
  guint bonus, total;

  for (guint c = 0; c < CV_N_COLORS; c++)
    {
      char header[32];
      char letter[8] = { 0, };
      g_autofree char *classes = g_strdup_printf ("%s row-header", cv_face_get_css_class ((CvFace) c));

      g_unichar_to_utf8 (cv_face_get_letter ((CvFace) c), letter);
      g_snprintf (header, sizeof header, "%s %s", cv_face_get_symbol ((CvFace) c), letter);
      rows[c] = dp_result_page_add_column (page, header, cv_face_get_name ((CvFace) c), classes);
    }
  bonus = dp_result_page_add_column (page, C_("result table", "Bonus"), NULL, NULL);
  total = dp_result_page_add_column (page, C_("result table", "Total"), NULL, NULL);

  for (guint seat = 0; seat < cv_game_get_n_players (cv); seat++)
    {
      g_autofree char *bonus_text = g_strdup_printf ("%d", cv_game_get_bonus_points (cv, seat));
      g_autofree char *total_text = g_strdup_printf ("%d", cv_game_get_total (cv, seat));

      for (guint c = 0; c < CV_N_COLORS; c++)
        {
          g_autofree char *points = g_strdup_printf ("%d", cv_game_get_row_points (cv, seat, (CvFace) c));
          dp_result_page_set_cell (page, rows[c], seat, points, FALSE);
        }
      dp_result_page_set_cell (page, bonus, seat, bonus_text, FALSE);
      dp_result_page_set_cell (page, total, seat, total_text, TRUE);
    }
}

static char *
dup_total_text (double total)
{
  g_autofree char *number = dp_format_int ((gint64) total);

  /* Translators: a Calavera total in the statistics: "26 points" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s point", "%s points", (gulong) ABS ((gint64) total)), number);
}

/* A round is one turn of every player (cv-game.h). */
static guint
round_number (const DpGame *game)
{
  guint players = MAX (dp_game_get_n_players (game), 1);

  return (turn_number (game) - 1) / players + 1;
}

/* The per-seat statistics keys of cv-game.c (cv_game_seat_stats). */
static const DpStatDescriptor stats[] = {
  { "points_orange", N_("Orange row"), N_("points"), DP_STAT_FORMAT_AMOUNT, DP_STAT_GROUP_SCORE },
  { "points_green", N_("Green row"), N_("points"), DP_STAT_FORMAT_AMOUNT, DP_STAT_GROUP_SCORE },
  { "points_pink", N_("Pink row"), N_("points"), DP_STAT_FORMAT_AMOUNT, DP_STAT_GROUP_SCORE },
  { "points_black", N_("Black row"), N_("points"), DP_STAT_FORMAT_AMOUNT, DP_STAT_GROUP_SCORE },
  { "bonus", N_("Bonus lines"), N_("points"), DP_STAT_FORMAT_AMOUNT, DP_STAT_GROUP_SCORE },
  { "bonus1_first", N_("Bonus line 1 won first"), NULL, DP_STAT_FORMAT_SHARE, DP_STAT_GROUP_PLAY },
  { "bonus2_first", N_("Bonus line 2 won first"), NULL, DP_STAT_FORMAT_SHARE, DP_STAT_GROUP_PLAY },
  { "bonus3_first", N_("Bonus line 3 won first"), NULL, DP_STAT_FORMAT_SHARE, DP_STAT_GROUP_PLAY },
  { "bonus_first", N_("Bonus lines won first, per game"), N_("bonus lines"), DP_STAT_FORMAT_COUNT, DP_STAT_GROUP_PLAY },
  { "bonus_later", N_("Bonus lines won later, per game"), N_("bonus lines"), DP_STAT_FORMAT_COUNT, DP_STAT_GROUP_PLAY },
  { "frozen_rows", N_("Frozen rows, per game"), N_("rows"), DP_STAT_FORMAT_COUNT, DP_STAT_GROUP_PLAY },
  { "death_rows", N_("Rows ended in the death zone, per game"), N_("rows"), DP_STAT_FORMAT_COUNT, DP_STAT_GROUP_PLAY },
  { "crosses", N_("Crosses, per game"), N_("crosses"), DP_STAT_FORMAT_COUNT, DP_STAT_GROUP_PLAY },
  /* Freezes vs death-zone finishes: the rows a player froze with jokers are the frozen
   * rows that did not reach the death zone (reaching it freezes too). */
  { "joker_freezes", N_("Rows frozen with jokers, per game"), N_("rows"), DP_STAT_FORMAT_COUNT, DP_STAT_GROUP_PLAY,
    "frozen_rows", "death_rows" },
};

const DpGameUi cv_game_ui = {
  .kind_id = "calavera",

  .start_label = N_("Play _Calavera"),
  .summary = N_("2–4 players, six dice, one score sheet each"),
  .seating = N_("In seat order: the first seat starts (the rules say the youngest player)."),
  .min_players = CV_MIN_PLAYERS,
  .max_players = CV_MAX_PLAYERS,
  .first_seat_starts = TRUE,

  .table_page_name = "table",
  .table_title = N_("Table"),
  .table_page_type = cv_table_page_get_type,

  .new_sheet_view = cv_sheet_view_new,
  .update_sheet_view = update_sheet_view,

  .dup_undo_text = dup_undo_text,
  .turn_number = turn_number,

  .dup_headline = dup_headline,
  .fill_result = fill_result,

  .stats = stats,
  .n_stats = G_N_ELEMENTS (stats),
  .ranks_by_place = FALSE,
  .total_heading = N_("Average Points"),
  .dup_total_text = dup_total_text,
  /* Translators: Calavera statistics, the heading above the points per row */
  .score_group_title = N_("Average Points per Row"),
  /* Translators: Calavera statistics, the heading above the bonus lines and freezes */
  .play_group_title = N_("Bonus Lines and Freezes"),
  .round_number = round_number,
};
