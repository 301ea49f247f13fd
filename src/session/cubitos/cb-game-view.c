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

static const DpPhoneLabel phone_labels[] = {
  { "enter_roll", N_("Enter what the dice show") },
  { "refill", N_("Refill the ready area") },
  { "red_lines", N_("Red lines") },
};

const DpGameView cb_game_view = {
  .kind_id = "cubitos",
  .dup_round_text = dup_round_text,
  .dup_turn_text = dup_turn_text,
  .dup_action_text = dup_action_text,

  .sheets_title = N_("Team boards"),
  .phone_fill = phone_fill,
  .phone_script = "/io/github/dicepad/Dicepad/session/cubitos/cb-phone.js",
  .dup_assistant_text = dup_assistant_text,
  .phone_labels = phone_labels,
  .n_phone_labels = G_N_ELEMENTS (phone_labels),
};
