/* cb-game-view.c — Cubitos as every face tells it: its DpGameView
 *
 * The sentences are the presenter's (cb-presenter.c). On a phone: every team board,
 * the seat's entry form of the moment (phone_entry(): refill, roll; the page draws it
 * with cb-phone.js) and every other legal action of the seat as a button.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-game-view.h"
#include "cb-presenter.h"
#include "dp-history-format.h"
#include "dp-table-view.h"

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

static JsonObject *
phone_kind (CbKind kind)
{
  JsonObject *object = json_object_new ();
  g_autofree char *title = cb_presenter_dup_kind_title (kind);

  json_object_set_string_member (object, "key", cb_kind_to_string (kind));
  json_object_set_string_member (object, "title", title);
  json_object_set_string_member (object, "letter", cb_presenter_kind_letter (kind));
  json_object_set_string_member (object, "fill", cb_presenter_kind_fill (kind));
  json_object_set_string_member (object, "ink", cb_presenter_kind_ink (kind));
  return object;
}

/* Each team board: spaces walked as the total, then coins, steps, credits, fans, laps
 * and the dice in each area. */
static JsonArray *
phone_players (const DpGame *dp,
               const CbGame *game)
{
  JsonArray *players = json_array_new ();
  static const struct { const char *label; guint (*get) (const CbGame *, guint); } counts[] = {
    { N_("Coins"), cb_game_get_coins },
    { N_("Steps"), cb_game_get_steps },
    { N_("Credits"), cb_game_get_credits },
    { N_("Fans"), cb_game_get_fans },
    { N_("Laps"), cb_game_get_laps_done },
  };

  for (guint s = 0; s < cb_game_get_n_players (game); s++)
    {
      JsonArray *rows = json_array_new ();
      g_autofree char *total = g_strdup_printf ("%u", cb_game_get_spaces_moved (game, s));
      JsonObject *player;

      for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
        {
          g_autofree char *value = g_strdup_printf ("%u", counts[i].get (game, s));
          dp_table_view_add_row (rows, _(counts[i].label), value, NULL, FALSE);
        }
      for (CbZone z = CB_ZONE_DRAW; z < CB_N_ZONES; z++)
        {
          g_autofree char *value = g_strdup_printf ("%u", cb_game_count_zone (game, s, z));
          g_autofree char *label = g_strdup (cb_presenter_zone_name (z));

          if (label[0] != '\0')
            label[0] = g_ascii_toupper (label[0]);
          dp_table_view_add_row (rows, label, value, NULL, FALSE);
        }
      player = dp_table_view_add_player (players, dp, s, rows);
      json_object_set_string_member (player, "total", total);
    }
  return players;
}

/* "refill": the window's proposal of dice to draw, adjustable within what the rules
 * force and allow. */
static JsonObject *
phone_refill_entry (const CbGame *game,
                    guint         seat)
{
  JsonObject *entry = json_object_new ();
  JsonArray *kinds = json_array_new ();
  CbRefill refill;

  cb_refill_init (&refill, game, seat, 0);
  for (CbKind k = 0; k < CB_N_KINDS; k++)
    {
      JsonObject *kind;

      if (refill.available[k] == 0)
        continue;
      kind = phone_kind (k);
      json_object_set_int_member (kind, "available", refill.available[k]);
      json_object_set_int_member (kind, "forced", refill.forced[k]);
      json_object_set_int_member (kind, "take", refill.take[k]);
      json_array_add_object_element (kinds, kind);
    }
  json_object_set_string_member (entry, "mode", "refill");
  json_object_set_int_member (entry, "needed", refill.needed);
  json_object_set_array_member (entry, "kinds", kinds);
  return entry;
}

/* "cubitos-roll": the faces each kind of die in the ready area can show. */
static JsonObject *
phone_roll_entry (const CbGame *game,
                  guint         seat)
{
  JsonObject *entry = json_object_new ();
  JsonArray *kinds = json_array_new ();
  CbRoll roll;

  cb_roll_init (&roll, game, seat);
  for (CbKind k = 0; k < CB_N_KINDS; k++)
    {
      JsonObject *kind;
      JsonArray *faces;

      if (roll.ready[k] == 0)
        continue;
      kind = phone_kind (k);
      faces = json_array_new ();
      for (CbFace f = 0; f < CB_N_FACES; f++)
        {
          JsonObject *face;

          if (f == CB_FACE_BLANK || cb_kind_count_face (k, f) == 0)
            continue;
          face = json_object_new ();
          json_object_set_string_member (face, "key", cb_face_to_string (f));
          json_object_set_string_member (face, "symbol", cb_presenter_face_symbol (k, f));
          json_object_set_string_member (face, "title", cb_face_get_name (f));
          json_array_add_object_element (faces, face);
        }
      json_object_set_int_member (kind, "ready", roll.ready[k]);
      json_object_set_array_member (kind, "faces", faces);
      json_array_add_object_element (kinds, kind);
    }
  json_object_set_string_member (entry, "mode", "cubitos-roll");
  json_object_set_array_member (entry, "kinds", kinds);
  return entry;
}

/* The form @seat fills in now, or NULL (then its legal actions are buttons). */
static JsonObject *
phone_entry (const CbGame *game,
             guint         seat)
{
  switch ((int) cb_game_get_phase (game, seat))
    {
    case CB_PHASE_REFILL:
      return phone_refill_entry (game, seat);
    case CB_PHASE_ROLL:
      return phone_roll_entry (game, seat);
    default:
      return NULL;
    }
}

/* A button's title: an ability by its card, anything else by the window's toast. */
static char *
choice_title (const DpGame *dp,
              const char   *action_text)
{
  const CbGame *game = cb_game_from_dp_const (dp);
  g_autoptr(JsonNode) node = json_from_string (action_text, NULL);

  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node)
      && json_object_has_member (json_node_get_object (node), "ability"))
    return cb_presenter_dup_other_action_title (game, action_text);
  return cb_presenter_dup_action_text (game, action_text);
}

static void
phone_fill (JsonObject   *view,
            const DpGame *dp,
            int           seat)
{
  const CbGame *game = cb_game_from_dp_const (dp);
  JsonArray *choices = json_array_new ();
  g_autofree char *status = cb_presenter_dup_status (game);
  JsonObject *entry = NULL;

  if (seat >= 0)
    {
      g_autofree char *prompt = cb_presenter_dup_prompt (game, seat);
      g_autofree char *both = g_strdup_printf ("%s %s", prompt, status);
      json_object_set_string_member (view, "turn", both);
    }
  else
    json_object_set_string_member (view, "turn", status);

  json_object_set_array_member (view, "players", phone_players (dp, game));

  if (seat >= 0)
    {
      /* The forms enter refill and roll; listing sampled outcomes would mislead. */
      static const char *const entered[] = { "refill", "roll", NULL };

      entry = phone_entry (game, seat);
      dp_table_view_add_legal_choices (choices, dp, seat, entered, choice_title);
    }
  if (entry != NULL)
    json_object_set_object_member (view, "entry", entry);
  else
    json_object_set_null_member (view, "entry");
  json_object_set_array_member (view, "choices", choices);
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
};

const DpGameView cb_game_view = {
  .kind_id = "cubitos",
  .dup_round_text = dup_round_text,
  .dup_turn_text = dup_turn_text,
  .dup_action_text = dup_action_text,
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
  .dup_assistant_text = dup_assistant_text,
  .phone_labels = phone_labels,
  .n_phone_labels = G_N_ELEMENTS (phone_labels),
};
