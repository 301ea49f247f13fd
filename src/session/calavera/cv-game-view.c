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
#include "dp-history-format.h"
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

/* @action_text read against @before; FALSE when it is no action there. */
static gboolean
read_action (const CvGame *before,
             const char   *action_text,
             CvAction     *action)
{
  g_autoptr(JsonNode) node = json_from_string (action_text, NULL);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) &&
         cv_action_from_json (before, json_node_get_object (node), action, NULL);
}

static char *
dup_action_text (const DpGame *before,
                 const char   *action_text)
{
  const CvGame *cv = cv_game_from_dp_const (before);
  CvAction action;

  if (!read_action (cv, action_text, &action))
    return g_strdup (action_text);
  return cv_presenter_dup_action_text (cv, &action);
}

/* Calavera enters nothing by itself (a player who cannot mark is skipped by the rules
 * engine): the toast is the entry's. */
static char *
dup_entry_toast (const DpGame      *before,
                 const char *const *actions,
                 guint              n_actions)
{
  const CvGame *cv = cv_game_from_dp_const (before);
  CvAction action;

  if (!read_action (cv, actions[0], &action))
    return g_strdup (actions[0]);
  return cv_presenter_dup_action_toast (cv, &action);
}

/* ---- Result, history, statistics ---- */

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
static GPtrArray *
dup_result_columns (const DpGame *game)
{
  const CvGame *cv = cv_game_from_dp_const (game);
  GPtrArray *columns = g_ptr_array_new_with_free_func ((GDestroyNotify) dp_result_column_free);
  DpResultColumn *bonus, *total;

  for (guint c = 0; c < CV_N_COLORS; c++)
    {
      char header[32];
      char letter[8] = { 0, };
      g_autofree char *classes = g_strdup_printf ("%s row-header", cv_face_get_css_class ((CvFace) c));
      DpResultColumn *row;

      g_unichar_to_utf8 (cv_face_get_letter ((CvFace) c), letter);
      g_snprintf (header, sizeof header, "%s %s", cv_face_get_symbol ((CvFace) c), letter);
      row = dp_result_column_new (header, cv_face_get_name ((CvFace) c), classes, FALSE);
      for (guint seat = 0; seat < cv_game_get_n_players (cv); seat++)
        g_ptr_array_add (row->cells, g_strdup_printf ("%d", cv_game_get_row_points (cv, seat, (CvFace) c)));
      g_ptr_array_add (columns, row);
    }
  bonus = dp_result_column_new (C_("result table", "Bonus"), NULL, NULL, FALSE);
  total = dp_result_column_new (C_("result table", "Total"), NULL, NULL, TRUE);
  for (guint seat = 0; seat < cv_game_get_n_players (cv); seat++)
    {
      g_ptr_array_add (bonus->cells, g_strdup_printf ("%d", cv_game_get_bonus_points (cv, seat)));
      g_ptr_array_add (total->cells, g_strdup_printf ("%d", cv_game_get_total (cv, seat)));
    }
  g_ptr_array_add (columns, bonus);
  g_ptr_array_add (columns, total);
  return columns;
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

/* The Preferences value "assistant-turns" when the schema is installed, else 0. */
static guint
assistant_turns (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema == NULL || !g_settings_schema_has_key (schema, "assistant-turns"))
    return 0;
  settings = g_settings_new_full (schema, NULL, NULL);
  return g_settings_get_uint (settings, "assistant-turns");
}

static char *
dup_assistant_text (const DpGame *dp,
                    guint         seat)
{
  const CvGame *game = cv_game_from_dp_const (dp);

  return game != NULL ? cv_presenter_dup_assistant_text (game, seat, assistant_turns ()) : NULL;
}

const DpGameView cv_game_view = {
  .kind_id = "calavera",
  .dup_round_text = dup_round_text,
  .dup_turn_text = dup_turn_text,
  .dup_action_text = dup_action_text,
  .dup_entry_toast = dup_entry_toast,
  .dup_undo_text = dup_undo_text,
  .turn_number = turn_number,

  .dup_headline = dup_headline,
  .dup_result_columns = dup_result_columns,

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

  .sheets_title = N_("Sheets"),
  .phone_fill = phone_fill,
  .dup_assistant_text = dup_assistant_text,
  .phone_script = "/io/github/dicepad/Dicepad/session/calavera/cv-phone.js",
  .phone_style = "/io/github/dicepad/Dicepad/session/calavera/cv-phone.css",
  .phone_labels = phone_labels,
  .n_phone_labels = G_N_ELEMENTS (phone_labels),
};
