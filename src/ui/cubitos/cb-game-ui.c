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

static void
update_sheet_view (GtkWidget    *view,
                   const DpGame *game,
                   guint         seat)
{
  cb_board_view_update (CB_BOARD_VIEW (view), cb_game_from_dp_const (game), seat);
}

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

  .table_page_name = "cubitos-table",
  .table_title = N_("Cubitos Table"),
  .table_page_type = cb_table_page_get_type,

  .new_sheet_view = cb_board_view_new,
  .update_sheet_view = update_sheet_view,
};
