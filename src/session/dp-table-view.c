/* dp-table-view.c — what one phone shows: its seat's view of the game, as JSON
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dp-table-view.h"
#include "cb-presenter.h"
#include "cv-presenter.h"
#include "cb-seat-view.h"

/* glibc: bumping it makes gettext drop its cache after LANGUAGE changed. */
extern int _nl_msg_cat_cntr;

static const char *const languages[] = { "de", "fr", "en" };

/* The page's own fixed labels; everything else comes from the presenters. */
static const struct
{
  const char *key;
  const char *label;
} page_labels[] = {
  { "lang", NULL },
  /* Translators: the title of the phone page of the table server */
  { "title", N_("Dicepad at the table") },
  { "pick_seat", N_("Which seat is yours?") },
  { "pick_seat_help", N_("Pick your seat once; this phone keeps it.") },
  { "connecting", N_("Connecting to the table…") },
  { "offline", N_("The table cannot be reached. Trying again…") },
  { "ended", N_("The table is closed. Ask the window to turn phones on again.") },
  { "your_seat", N_("Your seat") },
  { "leave_seat", N_("Pick another seat") },
  { "taken", N_("taken") },
  { "free", N_("free") },
  { "enter_roll", N_("Enter what the dice show") },
  { "enter_reroll", N_("Re-roll: pick up dice, then enter what they show") },
  { "picked", N_("Picked up") },
  { "result", N_("Now shows") },
  { "send", N_("Enter") },
  { "dice_left", N_("Dice left to enter") },
  { "refill", N_("Refill the ready area") },
  { "red_lines", N_("Red lines") },
  { "nothing_to_do", N_("Nothing to do for you now.") },
  { "sheets", N_("Sheets") },
  { "boards", N_("Team boards") },
  { "undo_note", N_("Undo is on the window.") },
};

const char *
dp_table_check_language (const char *lang)
{
  for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
    if (g_strcmp0 (lang, languages[i]) == 0)
      return languages[i];
  return "en";
}

const char *
dp_table_pick_language (const char *accept_language)
{
  g_auto(GStrv) parts = NULL;
  double best_q = -1;
  const char *best = "en";

  if (accept_language == NULL)
    return "en";

  /* "fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7": highest q wins, earlier on ties. */
  parts = g_strsplit (accept_language, ",", 16);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *tag = g_strstrip (g_strdup (parts[i]));
      char *semi = strchr (tag, ';');
      double q = 1.0;

      if (semi != NULL)
        {
          const char *qs = strstr (semi, "q=");
          *semi = '\0';
          if (qs != NULL)
            q = g_ascii_strtod (qs + 2, NULL);
        }
      for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
        if (g_ascii_strncasecmp (tag, languages[l], 2) == 0
            && (tag[2] == '\0' || tag[2] == '-' || tag[2] == '_')
            && q > best_q)
          {
            best_q = q;
            best = languages[l];
          }
    }
  return best;
}

void
dp_table_language_init (void)
{
  DpLanguageSwitch sw;

  dp_table_language_push (&sw, "de");
  (void) _("Dicepad at the table");
  dp_table_language_pop (&sw);
}

void
dp_table_language_push (DpLanguageSwitch *sw,
                        const char       *lang)
{
  const char *now = g_getenv ("LANGUAGE");

  sw->had = now != NULL;
  sw->saved = g_strdup (now);
  if (g_strcmp0 (now, lang) == 0)
    return;
  g_setenv ("LANGUAGE", lang, TRUE);
  ++_nl_msg_cat_cntr;
}

void
dp_table_language_pop (DpLanguageSwitch *sw)
{
  if (g_strcmp0 (g_getenv ("LANGUAGE"), sw->saved) != 0)
    {
      if (sw->had)
        g_setenv ("LANGUAGE", sw->saved, TRUE);
      else
        g_unsetenv ("LANGUAGE");
      ++_nl_msg_cat_cntr;
    }
  g_clear_pointer (&sw->saved, g_free);
}

static void
add_choice (JsonArray  *choices,
            const char *title,
            const char *detail,
            gboolean    enabled,
            const char *action)
{
  JsonObject *choice = json_object_new ();

  json_object_set_string_member (choice, "title", title);
  json_object_set_string_member (choice, "detail", detail != NULL ? detail : "");
  json_object_set_boolean_member (choice, "enabled", enabled);
  json_object_set_string_member (choice, "action", action != NULL ? action : "");
  json_array_add_object_element (choices, choice);
}

static void
add_row (JsonArray  *rows,
         const char *label,
         const char *value,
         const char *css,
         gboolean    frozen)
{
  JsonObject *row = json_object_new ();

  json_object_set_string_member (row, "label", label);
  json_object_set_string_member (row, "value", value);
  json_object_set_string_member (row, "css", css != NULL ? css : "");
  json_object_set_boolean_member (row, "frozen", frozen);
  json_array_add_object_element (rows, row);
}

/* ---- Calavera ---- */

static JsonArray *
calavera_faces (void)
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

static void
calavera_view (JsonObject   *view,
               const CvGame *game,
               int           seat)
{
  JsonArray *players = json_array_new ();
  JsonArray *choices = json_array_new ();
  JsonArray *dice = json_array_new ();
  g_autofree char *title = cv_presenter_dup_round_text (game);
  g_autofree char *turn = cv_presenter_dup_turn_text (game);
  CvPhase phase = cv_game_get_phase (game);

  json_object_set_string_member (view, "title", title);
  json_object_set_string_member (view, "turn", turn);

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

  for (guint s = 0; s < cv_game_get_n_players (game); s++)
    {
      CvSheetModel model = { 0 };
      JsonObject *player = json_object_new ();
      JsonArray *rows = json_array_new ();
      g_autofree char *total = NULL;

      cv_sheet_model_fill (&model, game, s);
      for (CvFace c = CV_FACE_ORANGE; c < CV_N_COLORS; c++)
        {
          g_autofree char *label = cv_face_dup_title (c);
          /* Translators: a row of a Calavera sheet on the phone: crosses of 13, then the
           * points the row scores now */
          g_autofree char *value = g_strdup_printf (_("%u of %u · %d points"),
                                                    model.crosses[c], CV_ROW_LENGTH,
                                                    model.row_points[c]);
          add_row (rows, label, value, cv_face_get_css_class (c), model.frozen[c]);
        }
      {
        g_autofree char *bonus = g_strdup_printf ("%d", model.bonus_points);
        add_row (rows, _("Bonus lines"), bonus, NULL, FALSE);
      }
      total = g_strdup_printf ("%d", model.total);
      json_object_set_string_member (player, "name", model.name);
      json_object_set_string_member (player, "total", total);
      json_object_set_boolean_member (player, "active", model.active);
      json_object_set_boolean_member (player, "must_act", model.must_act);
      json_object_set_boolean_member (player, "winner", model.winner);
      json_object_set_array_member (player, "rows", rows);
      json_array_add_object_element (players, player);
      cv_sheet_model_clear (&model);
    }
  json_object_set_array_member (view, "players", players);

  if (seat >= 0 && (guint) seat == cv_game_get_roller (game) && phase == CV_PHASE_ROLL)
    {
      JsonObject *entry = json_object_new ();

      json_object_set_string_member (entry, "mode", "roll");
      json_object_set_int_member (entry, "count", CV_N_DICE);
      json_object_set_array_member (entry, "faces", calavera_faces ());
      json_object_set_object_member (view, "entry", entry);
    }
  else if (seat >= 0 && (guint) seat == cv_game_get_roller (game) && phase == CV_PHASE_CHOOSE
           && cv_game_get_n_rolls (game) < CV_MAX_ROLLS)
    {
      JsonObject *entry = json_object_new ();
      JsonObject *available = json_object_new ();

      for (CvFace f = CV_FACE_ORANGE; f < CV_FACE_SKULL; f++)
        json_object_set_int_member (available, cv_face_to_string (f),
                                    cv_game_count_faces (game, f, TRUE));
      json_object_set_string_member (entry, "mode", "reroll");
      json_object_set_object_member (entry, "available", available);
      json_object_set_array_member (entry, "faces", calavera_faces ());
      json_object_set_object_member (view, "entry", entry);
    }
  else
    json_object_set_null_member (view, "entry");

  if (seat >= 0)
    {
      g_autoptr(GPtrArray) list = cv_presenter_list_choices (game, seat);

      for (guint i = 0; i < list->len; i++)
        {
          CvChoice *choice = g_ptr_array_index (list, i);
          add_choice (choices, choice->title, choice->detail, choice->enabled,
                      choice->enabled ? choice->text : NULL);
        }
    }
  json_object_set_array_member (view, "choices", choices);
}

JsonObject *
dp_table_view_build (const DpGame *game,
                     int           seat)
{
  JsonObject *view = json_object_new ();
  const CvGame *cv = cv_game_from_dp_const (game);
  const CbGame *cb = cb_game_from_dp_const (game);

  json_object_set_string_member (view, "type", "state");
  json_object_set_int_member (view, "at", dp_game_get_n_actions (game));
  json_object_set_string_member (view, "kind", dp_game_kind_get_id (dp_game_get_kind (game)));
  json_object_set_boolean_member (view, "finished", dp_game_is_finished (game));
  json_object_set_int_member (view, "seat", seat);

  if (cv != NULL)
    calavera_view (view, cv, seat);
  else if (cb != NULL)
    cb_seat_view_build (view, game, cb, seat);
  return view;
}

char *
dp_table_view_render_page (const char *template,
                           const char *lang)
{
  GString *out = g_string_new (NULL);
  DpLanguageSwitch sw;
  const char *p = template;

  dp_table_language_push (&sw, lang);
  while (*p != '\0')
    {
      const char *start = strstr (p, "@@");
      const char *end;
      g_autofree char *key = NULL;
      gboolean found = FALSE;

      if (start == NULL || (end = strstr (start + 2, "@@")) == NULL)
        {
          g_string_append (out, p);
          break;
        }
      g_string_append_len (out, p, start - p);
      key = g_strndup (start + 2, end - start - 2);
      for (guint i = 0; i < G_N_ELEMENTS (page_labels); i++)
        if (g_str_equal (key, page_labels[i].key))
          {
            const char *text = page_labels[i].label != NULL ? _(page_labels[i].label) : lang;
            g_autofree char *escaped = g_markup_escape_text (text, -1);

            g_string_append (out, escaped);
            found = TRUE;
            break;
          }
      if (!found)
        g_string_append_len (out, start, end + 2 - start);
      p = end + 2;
    }
  dp_table_language_pop (&sw);
  return g_string_free (out, FALSE);
}

const char *
dp_table_json_get_string (JsonObject *object,
                          const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

gboolean
dp_table_json_get_int (JsonObject *object,
                       const char *name,
                       gint64     *value)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *value = json_node_get_int (node);
  return TRUE;
}

JsonObject *
dp_table_view_claim_action (const DpGame  *game,
                            guint          seat,
                            JsonNode      *action,
                            GError       **error)
{
  const char *name = dp_game_get_player_name (game, seat);
  JsonObject *object;

  if (action == NULL || !JSON_NODE_HOLDS_OBJECT (action))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("The entry could not be written down"));
      return NULL;
    }
  object = json_node_get_object (action);
  if (json_object_has_member (object, "player")
      && g_strcmp0 (dp_table_json_get_string (object, "player"), name) != 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("This phone can only enter for its own seat, %s"), name);
      return NULL;
    }
  json_object_set_string_member (object, "player", name);
  return json_object_ref (object);
}

char *
dp_table_view_dup_action_text (const DpGame *before,
                               const char   *action_json)
{
  const CvGame *cv = cv_game_from_dp_const (before);
  const CbGame *cb = cb_game_from_dp_const (before);

  if (cv != NULL)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      CvAction action;

      if (json_parser_load_from_data (parser, action_json, -1, NULL)
          && JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser))
          && cv_action_from_json (cv, json_node_get_object (json_parser_get_root (parser)), &action, NULL))
        return cv_presenter_dup_action_text (cv, &action);
    }
  else if (cb != NULL)
    return cb_presenter_dup_action_text (cb, action_json);
  return g_strdup (action_json);
}
