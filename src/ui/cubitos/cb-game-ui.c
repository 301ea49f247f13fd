/* cb-game-ui.c — Cubitos as the shared pages see it: its DpGameUi
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-board-view.h"
#include "cb-data.h"
#include "cb-game-ui.h"
#include "cb-new-game.h"
#include "cb-presenter.h"
#include "cb-table-page.h"
#include "dp-history-format.h"
#include "dp-result-page.h"

static GtkWidget *
new_options (void)
{
  return cb_new_game_new ();
}

/* Costs and fan-track rewards told in earlier races are never asked again. */
static void
options_prepare (GtkWidget         *options,
                 DpStore           *store,
                 const char *const *names)
{
  g_autoptr(JsonObject) facts = cb_presenter_dup_known_facts (store);

  cb_new_game_set_facts (CB_NEW_GAME (options), facts);
  cb_new_game_set_names (CB_NEW_GAME (options), names);
}

static void
options_set_names (GtkWidget         *options,
                   const char *const *names)
{
  cb_new_game_set_names (CB_NEW_GAME (options), names);
}

/* The setup carries the race, the track, the top dog and the facts told before. */
static char *
options_dup_setup (GtkWidget         *options,
                   const char *const *names)
{
  return cb_new_game_dup_setup (CB_NEW_GAME (options), names);
}

/* The same race again; costs and fan rewards told so far are carried over. */
static char *
dup_setup_again (const DpGame *game,
                 DpStore      *store)
{
  g_autoptr(JsonObject) known = cb_presenter_dup_known_facts (store);
  g_autoptr(JsonObject) facts = cb_new_game_dup_table_facts (known);

  return cb_presenter_dup_setup_again (cb_game_from_dp_const (game), facts);
}

static char *
dup_round_text (const DpGame *game)
{
  return cb_presenter_dup_round_text (cb_game_from_dp_const (game));
}

static void
update_sheet_view (GtkWidget    *view,
                   const DpGame *game,
                   guint         seat)
{
  cb_board_view_update (CB_BOARD_VIEW (view), cb_game_from_dp_const (game), seat);
}

static char *
dup_turn_text (const DpGame *game)
{
  return cb_presenter_dup_status (cb_game_from_dp_const (game));
}

static char *
dup_action_text (const DpGame *before,
                 const char   *action_text)
{
  return cb_presenter_dup_action_text (cb_game_from_dp_const (before), action_text);
}

/* "Undone: Ina rolled 3 hits", never a bare "Entry undone" (issue 25, item 3.11). */
static char *
dup_undo_text (const DpGame *before,
               const DpGame *after,
               gboolean      redo)
{
  return cb_presenter_dup_undo_text (cb_game_from_dp_const (before), cb_game_from_dp_const (after), redo);
}

/* Rulebook p. 10 „Spielende“: a lone finisher wins; several: the farthest beyond the
 * start. The others are ranked by what Dicepad knows (cb_game_get_rank). */
static char *
dup_headline (const DpGame *game)
{
  return cb_presenter_dup_headline (cb_game_from_dp_const (game));
}

static void
fill_result (DpResultPage *page,
             const DpGame *game)
{
  const CbGame *cb = cb_game_from_dp_const (game);
  static const char *const headers[] = {
    /* Translators: columns of the Cubitos result table */
    NC_("result table", "Spaces"), NC_("result table", "Laps"), NC_("result table", "Beyond start"),
    NC_("result table", "Fans"), NC_("result table", "Credits"), NC_("result table", "Supply"),
    NC_("result table", "Dice"),
  };
  guint columns[G_N_ELEMENTS (headers)];

  for (guint c = 0; c < G_N_ELEMENTS (headers); c++)
    columns[c] = dp_result_page_add_column (page, g_dpgettext2 (GETTEXT_PACKAGE, "result table", headers[c]),
                                            NULL, NULL);

  for (guint seat = 0; seat < cb_game_get_n_players (cb); seat++)
    {
      guint dice = 0;
      int beyond = cb_game_get_beyond (cb, seat);
      guint values[] = {
        cb_game_get_spaces_moved (cb, seat), cb_game_get_laps_done (cb, seat), 0,
        cb_game_get_fans (cb, seat), cb_game_get_credits (cb, seat), cb_game_get_supply_tokens (cb, seat), 0,
      };

      /* p. 12: the top dog is passed on, never owned */
      dice = cb_game_get_dice_owned (cb, seat);
      values[6] = dice;

      for (guint c = 0; c < G_N_ELEMENTS (values); c++)
        {
          g_autofree char *text = NULL;

          if (c == 2)
            text = beyond >= 0 ? g_strdup_printf ("%d", beyond) : g_strdup ("–");
          else
            text = g_strdup_printf ("%u", values[c]);
          dp_result_page_set_cell (page, columns[c], seat, text, c == 0);
        }
    }
}

static char *
dup_total_text (double total)
{
  g_autofree char *number = dp_format_int ((gint64) total);

  /* Translators: how far a Cubitos runner went, in the statistics: "26 spaces" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s space", "%s spaces", (gulong) ABS ((gint64) total)), number);
}

static guint
round_number (const DpGame *game)
{
  return cb_game_get_round (cb_game_from_dp_const (game));
}

/* The per-seat statistics keys of cb-game.c (cb_game_seat_stats). */
static const DpStatDescriptor stats[] = {
  { "spaces_moved", N_("Spaces walked, per race"), N_("spaces"), DP_STAT_FORMAT_AMOUNT, DP_STAT_GROUP_SCORE },
  { "finished", N_("Races in which the runner reached the finish"), NULL, DP_STAT_FORMAT_SHARE, DP_STAT_GROUP_PLAY },
  { "busts", N_("Busts, per race"), N_("busts"), DP_STAT_FORMAT_COUNT, DP_STAT_GROUP_PLAY },
  { "dice_bought", N_("Dice bought, per race"), N_("dice"), DP_STAT_FORMAT_COUNT, DP_STAT_GROUP_PLAY },
  { "fans", N_("Fans at the end, per race"), N_("fans"), DP_STAT_FORMAT_COUNT, DP_STAT_GROUP_PLAY },
};

const DpGameUi cb_game_ui = {
  .kind_id = "cubitos",

  .start_label = N_("Play _Cubitos"),
  .start_tooltip = N_("The dice-building race: every team board on screen"),
  .summary = N_("2–4 players, a dice-building race, one team board each"),
  .seating = N_("In seat order, clockwise: the top dog passes to the next seat each round."),
  .min_players = CB_MIN_PLAYERS,
  .max_players = CB_MAX_PLAYERS,
  /* Everyone plays at once; who holds the top dog is chosen in the options. */
  .first_seat_starts = FALSE,
  .new_options = new_options,
  .options_prepare = options_prepare,
  .options_set_names = options_set_names,
  .options_dup_setup = options_dup_setup,
  .dup_setup_again = dup_setup_again,

  .table_page_name = "cubitos-table",
  .table_title = N_("Cubitos Table"),
  .table_page_type = cb_table_page_get_type,
  .dup_round_text = dup_round_text,

  .new_sheet_view = cb_board_view_new,
  .update_sheet_view = update_sheet_view,

  .dup_turn_text = dup_turn_text,
  .dup_action_text = dup_action_text,
  .dup_undo_text = dup_undo_text,
  .turn_number = NULL,   /* the score progression has a point after every action */

  .dup_headline = dup_headline,
  .fill_result = fill_result,

  .stats = stats,
  .n_stats = G_N_ELEMENTS (stats),
  .ranks_by_place = TRUE,
  .total_heading = NULL,   /* a race is won by place, not by a total */
  .dup_total_text = dup_total_text,
  /* Translators: Cubitos statistics, the heading above the spaces walked */
  .score_group_title = N_("The Race"),
  /* Translators: Cubitos statistics, the heading above busts, dice bought and fans */
  .play_group_title = N_("Dice and Busts"),
  .round_number = round_number,
};
