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
};
