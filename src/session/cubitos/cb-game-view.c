/* cb-game-view.c — Cubitos as every face tells it: its DpGameView
 *
 * The sentences are the presenter's (cb-presenter.c). On a phone (cb-seat-view.c): every
 * team board, the shop, the seat's dice entry of the moment (refill, roll; the page draws
 * it with cb-phone.js) and a form for every other action of the seat (app.js draws forms).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-game-view.h"
#include "cb-presenter.h"
#include "dp-history-format.h"
#include "dp-table-view.h"
#include "cb-seat-view.h"

static char *
dup_round_text (const DpGame *game)
{
  return cb_presenter_dup_round_text (cb_game_from_dp_const (game));
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

static char *
dup_entry_toast (const DpGame      *before,
                 const char *const *actions,
                 guint              n_actions)
{
  return cb_presenter_dup_entries_toast (cb_game_from_dp_const (before), actions, n_actions);
}

/* ---- Result, history, statistics ---- */

/* Rulebook p. 10 „Spielende“: a lone finisher wins; several: the farthest beyond the
 * start. The others are ranked by what Dicepad knows (cb_game_get_rank). */
static char *
dup_headline (const DpGame *game)
{
  return cb_presenter_dup_headline (cb_game_from_dp_const (game));
}

static GPtrArray *
dup_result_columns (const DpGame *game)
{
  const CbGame *cb = cb_game_from_dp_const (game);
  static const char *const headers[] = {
    /* Translators: columns of the Cubitos result table */
    NC_("result table", "Spaces"), NC_("result table", "Laps"), NC_("result table", "Beyond start"),
    NC_("result table", "Fans"), NC_("result table", "Credits"), NC_("result table", "Supply"),
    NC_("result table", "Dice"),
  };
  GPtrArray *columns = g_ptr_array_new_with_free_func ((GDestroyNotify) dp_result_column_free);

  for (guint c = 0; c < G_N_ELEMENTS (headers); c++)
    g_ptr_array_add (columns, dp_result_column_new (g_dpgettext2 (GETTEXT_PACKAGE, "result table", headers[c]),
                                                    NULL, NULL, c == 0));

  for (guint seat = 0; seat < cb_game_get_n_players (cb); seat++)
    {
      int beyond = cb_game_get_beyond (cb, seat);
      guint values[] = {
        cb_game_get_spaces_moved (cb, seat), cb_game_get_laps_done (cb, seat), 0,
        cb_game_get_fans (cb, seat), cb_game_get_credits (cb, seat), cb_game_get_supply_tokens (cb, seat),
        /* p. 12: the top dog is passed on, never owned */
        cb_game_get_dice_owned (cb, seat),
      };

      for (guint c = 0; c < G_N_ELEMENTS (values); c++)
        {
          DpResultColumn *column = g_ptr_array_index (columns, c);

          if (c == 2)
            g_ptr_array_add (column->cells, beyond >= 0 ? g_strdup_printf ("%d", beyond) : g_strdup ("–"));
          else
            g_ptr_array_add (column->cells, g_strdup_printf ("%u", values[c]));
        }
    }
  return columns;
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

/* The same race again; costs and fan rewards told so far are carried over. */
static char *
dup_setup_again (const DpGame *game,
                 DpStore      *store)
{
  g_autoptr(JsonObject) facts = cb_presenter_dup_known_facts (store);

  return cb_presenter_dup_setup_again (cb_game_from_dp_const (game), facts);
}

/* ---- Phones ---- */

/* The whole turn of @seat on the phone: boards, the shop, the entries and the forms of
 * every other action (cb-seat-view.c, issue 23). */
static void
phone_fill (JsonObject   *view,
            const DpGame *dp,
            int           seat)
{
  cb_seat_view_build (view, dp, cb_game_from_dp_const (dp), seat);
}

static char *
dup_assistant_text (const DpGame *dp,
                    guint         seat)
{
  const CbGame *game = cb_game_from_dp_const (dp);

  return game != NULL ? cb_presenter_dup_push_odds (game, seat) : NULL;
}

/* "Undone: Ina rolled 3 hits", never a bare "Entry undone" (issue 25, item 3.11). */
static char *
dup_undo_text (const DpGame *before,
               const DpGame *after,
               gboolean      redo)
{
  return cb_presenter_dup_undo_text (cb_game_from_dp_const (before), cb_game_from_dp_const (after), redo);
}

static const DpPhoneLabel phone_labels[] = {
  { "enter_roll", N_("Enter what the dice show") },
  { "refill", N_("Refill the ready area") },
  { "red_lines", N_("Red lines") },
  { "send_pass", N_("Enter and pass") },
  { "send_push", N_("Enter and push") },
};

const DpGameView cb_game_view = {
  .kind_id = "cubitos",
  .dup_round_text = dup_round_text,
  .dup_turn_text = dup_turn_text,
  .dup_action_text = dup_action_text,
  .dup_entry_toast = dup_entry_toast,
  .dup_undo_text = dup_undo_text,
  .turn_number = NULL,   /* the score progression has a point after every action */

  .dup_headline = dup_headline,
  .dup_result_columns = dup_result_columns,

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
  .dup_setup_again = dup_setup_again,

  .sheets_title = N_("Team boards"),
  .phone_fill = phone_fill,
  .phone_script = "/io/github/dicepad/Dicepad/session/cubitos/cb-phone.js",
  .phone_style = "/io/github/dicepad/Dicepad/session/cubitos/cb-phone.css",
  .dup_assistant_text = dup_assistant_text,
  .phone_labels = phone_labels,
  .n_phone_labels = G_N_ELEMENTS (phone_labels),
};
