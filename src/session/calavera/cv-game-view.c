/* cv-game-view.c — Calavera as every face tells it: its DpGameView
 *
 * The sentences are the presenter's (cv-presenter.c); the phone shows the sheets, the
 * dice of the turn, the roller's roll and re-roll entry (cv-phone.js) and the window's
 * choice buttons with their previews and reasons.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cv-game-view.h"
#include "cv-presenter.h"
#include "dp-table-view.h"

static char *
dup_round_text (const DpGame *game)
{
  const CvGame *cv = cv_game_from_dp_const (game);

  if (cv_game_is_finished (cv))
    return g_strdup (_("Calavera — game over"));
  return cv_presenter_dup_round_text (cv);
}

static char *
dup_turn_text (const DpGame *game)
{
  return cv_presenter_dup_turn_text (cv_game_from_dp_const (game));
}

static char *
dup_action_text (const DpGame *before,
                 const char   *action_text)
{
  const CvGame *cv = cv_game_from_dp_const (before);
  g_autoptr(JsonNode) node = json_from_string (action_text, NULL);
  CvAction action;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node) ||
      !cv_action_from_json (cv, json_node_get_object (node), &action, NULL))
    return g_strdup (action_text);

  return cv_presenter_dup_action_text (cv, &action);
}

/* ---- Phones ---- */

static JsonArray *
phone_faces (void)
{
  JsonArray *faces = json_array_new ();

  for (CvFace f = CV_FACE_ORANGE; f <= CV_FACE_SKULL; f++)
    {
      JsonObject *face = json_object_new ();
      g_autofree char *title = cv_face_dup_title (f);

      json_object_set_string_member (face, "key", cv_face_to_string (f));
      json_object_set_string_member (face, "symbol", cv_face_get_symbol (f));
      json_object_set_string_member (face, "title", title);
      json_object_set_string_member (face, "css", cv_face_get_css_class (f));
      json_array_add_object_element (faces, face);
    }
  return faces;
}

/* Each player's sheet: the four rows (crosses and points, frozen or not), the bonus
 * lines and the total. */
static JsonArray *
phone_players (const DpGame *dp,
               const CvGame *game)
{
  JsonArray *players = json_array_new ();

  for (guint s = 0; s < cv_game_get_n_players (game); s++)
    {
      CvSheetModel model = { 0 };
      JsonArray *rows = json_array_new ();
      g_autofree char *total = NULL;
      g_autofree char *bonus = NULL;
      JsonObject *player;

      cv_sheet_model_fill (&model, game, s);
      for (CvFace c = CV_FACE_ORANGE; c < CV_N_COLORS; c++)
        {
          g_autofree char *label = cv_face_dup_title (c);
          /* Translators: a row of a Calavera sheet on the phone: crosses of 13, then the
           * points the row scores now */
          g_autofree char *value = g_strdup_printf (_("%u of %u · %d points"),
                                                    model.crosses[c], CV_ROW_LENGTH,
                                                    model.row_points[c]);
          dp_table_view_add_row (rows, label, value, cv_face_get_css_class (c), model.frozen[c]);
        }
      bonus = g_strdup_printf ("%d", model.bonus_points);
      dp_table_view_add_row (rows, _("Bonus lines"), bonus, NULL, FALSE);

      player = dp_table_view_add_player (players, dp, s, rows);
      total = g_strdup_printf ("%d", model.total);
      json_object_set_string_member (player, "name", model.name);
      json_object_set_string_member (player, "total", total);
      json_object_set_boolean_member (player, "active", model.active);
      json_object_set_boolean_member (player, "must_act", model.must_act);
      json_object_set_boolean_member (player, "winner", model.winner);
      cv_sheet_model_clear (&model);
    }
  return players;
}

/* The roller's dice entry: the roll ("roll"), or a re-roll while one is left
 * ("reroll", with how many dice of each colour may be picked up); NULL otherwise. */
static JsonObject *
phone_entry (const CvGame *game,
             int           seat)
{
  CvPhase phase = cv_game_get_phase (game);
  JsonObject *entry;

  if (seat < 0 || (guint) seat != cv_game_get_roller (game))
    return NULL;
  if (phase == CV_PHASE_ROLL)
    {
      entry = json_object_new ();
      json_object_set_string_member (entry, "mode", "roll");
      json_object_set_int_member (entry, "count", CV_N_DICE);
    }
  else if (phase == CV_PHASE_CHOOSE && cv_game_get_n_rolls (game) < CV_MAX_ROLLS)
    {
      JsonObject *available = json_object_new ();

      for (CvFace f = CV_FACE_ORANGE; f < CV_FACE_SKULL; f++)
        json_object_set_int_member (available, cv_face_to_string (f),
                                    cv_game_count_faces (game, f, TRUE));
      entry = json_object_new ();
      json_object_set_string_member (entry, "mode", "reroll");
      json_object_set_object_member (entry, "available", available);
    }
  else
    return NULL;
  json_object_set_array_member (entry, "faces", phone_faces ());
  return entry;
}

static void
phone_fill (JsonObject   *view,
            const DpGame *dp,
            int           seat)
{
  const CvGame *game = cv_game_from_dp_const (dp);
  CvPhase phase = cv_game_get_phase (game);
  JsonArray *dice = json_array_new ();
  JsonArray *choices = json_array_new ();
  JsonObject *entry;
  g_autofree char *title = cv_presenter_dup_round_text (game);

  json_object_set_string_member (view, "title", title);

  if (phase == CV_PHASE_CHOOSE || phase == CV_PHASE_OPPONENTS)
    for (guint i = 0; i < CV_N_DICE; i++)
      {
        CvFace f = cv_game_get_die (game, i);
        JsonObject *die = json_object_new ();

        json_object_set_string_member (die, "symbol", cv_face_get_symbol (f));
        json_object_set_string_member (die, "css", cv_face_get_css_class (f));
        json_object_set_boolean_member (die, "available", cv_game_die_is_available (game, i));
        json_array_add_object_element (dice, die);
      }
  json_object_set_array_member (view, "dice", dice);
  json_object_set_array_member (view, "players", phone_players (dp, game));

  entry = phone_entry (game, seat);
  if (entry != NULL)
    json_object_set_object_member (view, "entry", entry);
  else
    json_object_set_null_member (view, "entry");

  /* The window's buttons: take, freeze, pass, mark …, disabled ones with the reason. */
  if (seat >= 0)
    {
      g_autoptr(GPtrArray) list = cv_presenter_list_choices (game, seat);

      for (guint i = 0; i < list->len; i++)
        {
          CvChoice *choice = g_ptr_array_index (list, i);
          dp_table_view_add_choice (choices, choice->title, choice->detail, choice->enabled,
                                    choice->enabled ? choice->text : NULL);
        }
    }
  json_object_set_array_member (view, "choices", choices);
}

static const DpPhoneLabel phone_labels[] = {
  { "enter_roll", N_("Enter what the dice show") },
  { "enter_reroll", N_("Re-roll: pick up dice, then enter what they show") },
  { "picked", N_("Picked up") },
  { "result", N_("Now shows") },
  { "dice_left", N_("Dice left to enter") },
};

const DpGameView cv_game_view = {
  .kind_id = "calavera",
  .dup_round_text = dup_round_text,
  .dup_turn_text = dup_turn_text,
  .dup_action_text = dup_action_text,

  .sheets_title = N_("Sheets"),
  .phone_fill = phone_fill,
  .phone_script = "/io/github/dicepad/Dicepad/session/calavera/cv-phone.js",
  .phone_style = "/io/github/dicepad/Dicepad/session/calavera/cv-phone.css",
  .phone_labels = phone_labels,
  .n_phone_labels = G_N_ELEMENTS (phone_labels),
};
