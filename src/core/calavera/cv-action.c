/* cv-action.c — Calavera actions and their text form (docs/game-script.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dp-game-private.h"
#include "cv-game-private.h"

/* Every key an action may carry; exactly one of the first five says what it is. */
static const char *const action_keys[] = { "roll", "reroll", "take", "freeze", "pass", NULL };
static const char *const allowed_keys[] = {
  "roll", "reroll", "take", "freeze", "pass", "result", "as", "count", "player", NULL
};

void
_cv_faces_sort (CvFace *faces,
                guint   n)
{
  /* Insertion sort: at most six elements. */
  for (guint i = 1; i < n; i++)
    {
      CvFace f = faces[i];
      guint j = i;

      while (j > 0 && faces[j - 1] > f)
        {
          faces[j] = faces[j - 1];
          j--;
        }
      faces[j] = f;
    }
}

void
cv_faces_sort (CvFace *faces,
               guint   n)
{
  _cv_faces_sort (faces, n);
}

/* Every action starts empty: no dice, no colour, then its type and who acts. */
static void
init_action (CvAction     *action,
             CvActionType  type,
             int           player)
{
  memset (action, 0, sizeof *action);
  action->type = type;
  action->player = player;
}

void
cv_action_init_take (CvAction *action,
                     int       player,
                     CvFace    color)
{
  init_action (action, CV_ACTION_TAKE, player);
  action->color = color;
}

void
cv_action_init_take_jokers (CvAction *action,
                            int       player,
                            CvFace    as_color)
{
  init_action (action, CV_ACTION_TAKE_JOKERS, player);
  action->color = as_color;
}

void
cv_action_init_freeze (CvAction *action,
                       int       player,
                       CvFace    color)
{
  init_action (action, CV_ACTION_FREEZE, player);
  action->color = color;
}

void
cv_action_init_pass (CvAction *action,
                     int       player)
{
  init_action (action, CV_ACTION_PASS, player);
}

void
cv_action_init_roll (CvAction     *action,
                     int           player,
                     const CvFace *faces)
{
  init_action (action, CV_ACTION_ROLL, player);
  action->n_dice = CV_N_DICE;
  memcpy (action->dice, faces, sizeof action->dice);
}

void
cv_action_init_reroll (CvAction     *action,
                       int           player,
                       guint         n,
                       const CvFace *picked,
                       const CvFace *result)
{
  init_action (action, CV_ACTION_REROLL, player);
  action->n_dice = MIN (n, CV_N_DICE);
  memcpy (action->dice, picked, action->n_dice * sizeof (CvFace));
  memcpy (action->result, result, action->n_dice * sizeof (CvFace));
}

static gboolean
same_multiset (const CvFace *a,
               const CvFace *b,
               guint         n)
{
  CvFace sa[CV_N_DICE], sb[CV_N_DICE];

  memcpy (sa, a, n * sizeof (CvFace));
  memcpy (sb, b, n * sizeof (CvFace));
  _cv_faces_sort (sa, n);
  _cv_faces_sort (sb, n);
  return memcmp (sa, sb, n * sizeof (CvFace)) == 0;
}

gboolean
cv_action_equal (const CvAction *a,
                 const CvAction *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a->type != b->type || a->player != b->player)
    return FALSE;

  switch (a->type)
    {
    case CV_ACTION_ROLL:
    case CV_ACTION_REROLL:
      if (a->n_dice != b->n_dice || a->n_dice > CV_N_DICE)
        return FALSE;
      return same_multiset (a->dice, b->dice, a->n_dice) &&
             (a->type == CV_ACTION_ROLL || same_multiset (a->result, b->result, a->n_dice));
    case CV_ACTION_TAKE:
    case CV_ACTION_TAKE_JOKERS:
      return a->color == b->color && a->n_dice == b->n_dice;
    case CV_ACTION_FREEZE:
      return a->color == b->color;
    case CV_ACTION_PASS:
    default:
      return TRUE;
    }
}

/* Reads an array of face names; MALFORMED unless it holds @min_len…@max_len known faces. */
static gboolean
read_faces (JsonObject  *object,
            const char  *key,
            guint        min_len,
            guint        max_len,
            CvFace      *faces,
            guint       *n_faces,
            GError     **error)
{
  JsonNode *node = json_object_get_member (object, key);
  JsonArray *array;
  guint len;

  if (node == NULL)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("The key “%s” is missing"), key);
      return FALSE;
    }
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("The value of “%s” must be a list of die faces"), key);
      return FALSE;
    }

  array = json_node_get_array (node);
  len = json_array_get_length (array);
  if (len < min_len || len > max_len)
    {
      if (min_len == max_len)
        g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                     g_dngettext (GETTEXT_PACKAGE,
                                  /* Translators: %s is a key of the text form ("roll") */
                                  "“%s” must list exactly %u die face, not %u",
                                  "“%s” must list exactly %u die faces, not %u", min_len),
                     key, min_len, len);
      else
        g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                     /* Translators: %s is a key of the text form ("reroll") */
                     _("“%s” must list between %u and %u die faces, not %u"),
                     key, min_len, max_len, len);
      return FALSE;
    }

  for (guint i = 0; i < len; i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (!JSON_NODE_HOLDS_VALUE (element) ||
          json_node_get_value_type (element) != G_TYPE_STRING)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("The value of “%s” must be a list of die faces"), key);
          return FALSE;
        }
      if (!cv_face_from_string (json_node_get_string (element), &faces[i]))
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("Unknown die face “%s”; the faces are orange, green, pink, black, joker and skull"),
                       json_node_get_string (element));
          return FALSE;
        }
    }

  *n_faces = len;
  return TRUE;
}

static gboolean
read_face (JsonObject  *object,
           const char  *key,
           gboolean     color_only,
           CvFace      *face,
           GError     **error)
{
  const char *str;

  if (!_dp_json_get_string (object, key, TRUE, &str, error))
    return FALSE;

  if (!cv_face_from_string (str, face))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("Unknown die face “%s”; the faces are orange, green, pink, black, joker and skull"),
                   str);
      return FALSE;
    }

  if (color_only && !CV_FACE_IS_COLOR (*face))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   /* Translators: %s is a key of the text form ("freeze", "as") */
                   _("“%s” must name a colour row: orange, green, pink or black"), key);
      return FALSE;
    }

  return TRUE;
}

static gboolean
refuse_key (JsonObject  *object,
            const char  *key,
            const char  *action_key,
            GError     **error)
{
  if (json_object_has_member (object, key))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   /* Translators: both %s are keys of the text form */
                   _("The key “%s” does not belong to a “%s” action"), key, action_key);
      return FALSE;
    }
  return TRUE;
}

gboolean
cv_action_from_json (const CvGame  *game,
                     JsonObject    *object,
                     CvAction      *action,
                     GError       **error)
{
  const char *action_key = NULL;
  CvAction parsed = { 0, };
  int seat;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (object == NULL)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("The action is empty"));
      return FALSE;
    }

  if (!_dp_json_check_keys (object, allowed_keys, error))
    return FALSE;

  for (guint i = 0; action_keys[i] != NULL; i++)
    if (json_object_has_member (object, action_keys[i]))
      {
        if (action_key != NULL)
          {
            g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                         /* Translators: both %s are keys of the text form */
                         _("An action is either “%s” or “%s”, not both"),
                         action_key, action_keys[i]);
            return FALSE;
          }
        action_key = action_keys[i];
      }

  if (action_key == NULL)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("The action says nothing to do: it needs one of “roll”, “reroll”, “take”, “freeze” or “pass”"));
      return FALSE;
    }

  if (strcmp (action_key, "reroll") != 0 && !refuse_key (object, "result", action_key, error))
    return FALSE;
  if (strcmp (action_key, "take") != 0 &&
      (!refuse_key (object, "as", action_key, error) ||
       !refuse_key (object, "count", action_key, error)))
    return FALSE;

  if (strcmp (action_key, "roll") == 0)
    {
      parsed.type = CV_ACTION_ROLL;
      if (!read_faces (object, "roll", CV_N_DICE, CV_N_DICE, parsed.dice, &parsed.n_dice, error))
        return FALSE;
      _cv_faces_sort (parsed.dice, parsed.n_dice);
    }
  else if (strcmp (action_key, "reroll") == 0)
    {
      guint n_result;

      parsed.type = CV_ACTION_REROLL;
      if (!read_faces (object, "reroll", 1, CV_N_DICE, parsed.dice, &parsed.n_dice, error))
        return FALSE;
      if (!read_faces (object, "result", 1, CV_N_DICE, parsed.result, &n_result, error))
        return FALSE;
      if (n_result != parsed.n_dice)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "“reroll” picks up %u die but “result” lists %u",
                                    "“reroll” picks up %u dice but “result” lists %u",
                                    parsed.n_dice),
                       parsed.n_dice, n_result);
          return FALSE;
        }
      _cv_faces_sort (parsed.dice, parsed.n_dice);
      _cv_faces_sort (parsed.result, parsed.n_dice);
    }
  else if (strcmp (action_key, "take") == 0)
    {
      CvFace face;
      gint64 count;
      gboolean has_count;

      if (!read_face (object, "take", FALSE, &face, error))
        return FALSE;
      if (face == CV_FACE_JOKER)
        {
          parsed.type = CV_ACTION_TAKE_JOKERS;
          if (!json_object_has_member (object, "as"))
            {
              g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                           _("Taking the jokers needs “as”: the colour they count as"));
              return FALSE;
            }
          if (!read_face (object, "as", TRUE, &parsed.color, error))
            return FALSE;
        }
      else
        {
          parsed.type = CV_ACTION_TAKE;
          parsed.color = face;
          if (json_object_has_member (object, "as"))
            {
              g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                           _("Only jokers count “as” a colour"));
              return FALSE;
            }
        }

      if (!_dp_json_get_int (object, "count", &count, &has_count, error))
        return FALSE;
      if (has_count && (count < 1 || count > CV_N_DICE))
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("“count” must be between 1 and %d"), CV_N_DICE);
          return FALSE;
        }
      parsed.n_dice = has_count ? (guint) count : 0;
    }
  else if (strcmp (action_key, "freeze") == 0)
    {
      parsed.type = CV_ACTION_FREEZE;
      if (!read_face (object, "freeze", TRUE, &parsed.color, error))
        return FALSE;
    }
  else /* pass */
    {
      JsonNode *node = json_object_get_member (object, "pass");

      parsed.type = CV_ACTION_PASS;
      if (!JSON_NODE_HOLDS_VALUE (node) ||
          json_node_get_value_type (node) != G_TYPE_BOOLEAN ||
          !json_node_get_boolean (node))
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("“pass” must be true"));
          return FALSE;
        }
    }

  if (!_dp_json_get_player (object, &cv_game_kind, game, &seat, error))
    return FALSE;
  parsed.player = seat;

  *action = parsed;
  return TRUE;
}

static void
append_faces (GString      *out,
              const CvFace *faces,
              guint         n)
{
  CvFace sorted[CV_N_DICE];

  n = MIN (n, CV_N_DICE);
  memcpy (sorted, faces, n * sizeof (CvFace));
  _cv_faces_sort (sorted, n);

  g_string_append_c (out, '[');
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, '"');
      g_string_append (out, (guint) sorted[i] < CV_N_FACES ? cv_face_to_string (sorted[i]) : "?");
      g_string_append_c (out, '"');
    }
  g_string_append_c (out, ']');
}

static const char *
face_key (CvFace face)
{
  return (guint) face < CV_N_FACES ? cv_face_to_string (face) : "?";
}

/* Shared with legal_actions, which writes thousands of them. */
void
_cv_action_append_text (const CvGame   *game,
                        const CvAction *action,
                        GString        *out)
{
  switch (action->type)
    {
    case CV_ACTION_ROLL:
      g_string_append (out, "{\"roll\":");
      append_faces (out, action->dice, action->n_dice);
      break;
    case CV_ACTION_REROLL:
      g_string_append (out, "{\"reroll\":");
      append_faces (out, action->dice, action->n_dice);
      g_string_append (out, ",\"result\":");
      append_faces (out, action->result, action->n_dice);
      break;
    case CV_ACTION_TAKE:
      g_string_append (out, "{\"take\":\"");
      g_string_append (out, face_key (action->color));
      g_string_append_c (out, '"');
      if (action->n_dice > 0)
        g_string_append_printf (out, ",\"count\":%u", action->n_dice);
      break;
    case CV_ACTION_TAKE_JOKERS:
      g_string_append (out, "{\"take\":\"joker\",\"as\":\"");
      g_string_append (out, face_key (action->color));
      g_string_append_c (out, '"');
      if (action->n_dice > 0)
        g_string_append_printf (out, ",\"count\":%u", action->n_dice);
      break;
    case CV_ACTION_FREEZE:
      g_string_append (out, "{\"freeze\":\"");
      g_string_append (out, face_key (action->color));
      g_string_append_c (out, '"');
      break;
    case CV_ACTION_PASS:
    default:
      g_string_append (out, "{\"pass\":true");
      break;
    }

  if (action->player >= 0 && (guint) action->player < cv_game_get_n_players (game))
    {
      g_string_append (out, ",\"player\":");
      _dp_json_append_string (out, cv_game_get_player_name (game, action->player));
    }
  g_string_append_c (out, '}');
}

char *
cv_action_to_text (const CvGame   *game,
                   const CvAction *action)
{
  GString *out;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (action != NULL, NULL);

  out = g_string_sized_new (64);
  _cv_action_append_text (game, action, out);
  return g_string_free (out, FALSE);
}

JsonObject *
cv_action_to_json (const CvGame   *game,
                   const CvAction *action)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (action != NULL, NULL);

  /* One writer for the text form, so the object and the text never disagree. */
  text = cv_action_to_text (game, action);
  return _dp_json_parse_object (text, "action", NULL);
}
