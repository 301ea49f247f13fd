/* cb-action.c — the text form of Cubitos actions: the only reader and writer
 * (docs/cubitos-notes.md, "Cubitos actions")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dp-game-private.h"
#include "cb-game-private.h"

#define MAX_COUNT   CB_MAX_COUNT
#define MAX_LOSE    CB_MAX_LOSE
#define N_FAN       CB_N_FAN

/* ---- reading JSON ---- */

gboolean
cb_read_uint (JsonNode    *node,
              const char  *key,
              guint        max,
              guint       *out,
              GError     **error)
{
  gint64 v;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_INT64)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   /* Translators: %s is a key of the game's text form, e.g. "move" */
                   _("“%s” must be a whole number."), key);
      return FALSE;
    }
  v = json_node_get_int (node);
  if (v < 0 || v > (gint64) max)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("“%s” must be between 0 and %u."), key, max);
      return FALSE;
    }
  *out = (guint) v;
  return TRUE;
}

gboolean
cb_read_true (JsonNode    *node,
              const char  *key,
              GError     **error)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_BOOLEAN || !json_node_get_boolean (node))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("“%s” must be true."), key);
      return FALSE;
    }
  return TRUE;
}

const char *
cb_read_string (JsonNode    *node,
                const char  *key,
                GError     **error)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("“%s” must be a text."), key);
      return NULL;
    }
  return json_node_get_string (node);
}

JsonObject *
cb_read_object (JsonNode    *node,
                const char  *key,
                GError     **error)
{
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("“%s” must be an object."), key);
      return NULL;
    }
  return json_node_get_object (node);
}

JsonArray *
cb_read_array (JsonNode    *node,
               const char  *key,
               GError     **error)
{
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("“%s” must be a list."), key);
      return NULL;
    }
  return json_node_get_array (node);
}

gboolean
cb_read_kind (JsonNode    *node,
              const char  *key,
              CbKind      *kind,
              GError     **error)
{
  const char *s = cb_read_string (node, key, error);

  if (s == NULL)
    return FALSE;
  if (!cb_kind_from_string (s, kind))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("Unknown die colour “%s”."), s);
      return FALSE;
    }
  return TRUE;
}

/* {"light_grey": 2, "red": 1}: dice counts per kind. */
gboolean
cb_read_counts (JsonNode    *node,
                const char  *key,
                guint        counts[CB_N_KINDS],
                GError     **error)
{
  JsonObject *o = cb_read_object (node, key, error);
  JsonObjectIter iter;
  const char *member;
  JsonNode *value;

  if (o == NULL)
    return FALSE;
  memset (counts, 0, sizeof (guint) * CB_N_KINDS);
  json_object_iter_init (&iter, o);
  while (json_object_iter_next (&iter, &member, &value))
    {
      CbKind k;
      if (!cb_kind_from_string (member, &k))
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("Unknown die colour “%s”."), member);
          return FALSE;
        }
      if (!cb_read_uint (value, member, MAX_COUNT, &counts[k], error))
        return FALSE;
    }
  return TRUE;
}

/* [{"space": 3, "credits": 1, "supply": 0}, …] or {"3": {"credits": 1, "supply": 0}} */
gboolean
cb_read_fan_entry (JsonObject  *e,
                   guint        space,
                   int          fan[N_FAN][2],
                   GError     **error)
{
  static const char *const keys[] = { "space", "credits", "supply", NULL };
  guint credits = 0, supply = 0;

  if (!_dp_json_check_keys (e, keys, error))
    return FALSE;
  if (space < 1 || space > CB_FAN_LAST_SPACE)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("Fan-track spaces are numbered 1 to %u."), CB_FAN_LAST_SPACE);
      return FALSE;
    }
  if (fan[space][0] >= 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("Fan-track space %u is told twice."), space);
      return FALSE;
    }
  if (json_object_has_member (e, "credits")
      && !cb_read_uint (json_object_get_member (e, "credits"), "credits", MAX_COUNT, &credits, error))
    return FALSE;
  if (json_object_has_member (e, "supply")
      && !cb_read_uint (json_object_get_member (e, "supply"), "supply", MAX_COUNT, &supply, error))
    return FALSE;
  fan[space][0] = (int) credits;
  fan[space][1] = (int) supply;
  return TRUE;
}

void
cb_fan_unknown (int fan[N_FAN][2])
{
  for (guint s = 0; s < N_FAN; s++)
    fan[s][0] = fan[s][1] = -1;
}

/* ---- the text form of actions (docs/cubitos-notes.md, "Cubitos actions") ---- */

void
cb_action_init (CbAction *a)
{
  memset (a, 0, sizeof *a);
  a->player = -1;
  a->take_credits = TRUE;
  a->max_cost = -1;
  a->beyond = -1;
  a->cost = -1;
  cb_fan_unknown (a->fan);
}

gboolean
cb_read_landed (JsonNode    *node,
                const char  *key,
                CbAction    *a,
                GError     **error)
{
  static const char *const keys[] = { "credits", "fans", "lose", "take", "max_cost", NULL };
  JsonObject *o = cb_read_object (node, key, error);

  if (o == NULL || !_dp_json_check_keys (o, keys, error))
    return FALSE;
  a->has_landed = TRUE;
  if (json_object_has_member (o, "credits")
      && !cb_read_uint (json_object_get_member (o, "credits"), "credits", MAX_COUNT, &a->l_credits, error))
    return FALSE;
  if (json_object_has_member (o, "fans")
      && !cb_read_uint (json_object_get_member (o, "fans"), "fans", MAX_COUNT, &a->l_fans, error))
    return FALSE;
  if (json_object_has_member (o, "lose"))
    {
      static const char *const lose_keys[] = { "die", "from", NULL };
      JsonArray *arr = cb_read_array (json_object_get_member (o, "lose"), "lose", error);
      if (arr == NULL)
        return FALSE;
      if (json_array_get_length (arr) > MAX_LOSE)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("“%s” must be between 0 and %u."), "lose", MAX_LOSE);
          return FALSE;
        }
      for (guint i = 0; i < json_array_get_length (arr); i++)
        {
          JsonObject *e = cb_read_object (json_array_get_element (arr, i), "lose", error);
          const char *zone;
          if (e == NULL || !_dp_json_check_keys (e, lose_keys, error)
              || !cb_read_kind (json_object_get_member (e, "die"), "die", &a->lose_kind[i], error))
            return FALSE;
          zone = cb_read_string (json_object_get_member (e, "from"), "from", error);
          if (zone == NULL)
            return FALSE;
          if (!cb_zone_from_string (zone, &a->lose_zone[i]))
            {
              g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                           _("Unknown area “%s”."), zone);
              return FALSE;
            }
        }
      a->n_lose = json_array_get_length (arr);
    }
  if (json_object_has_member (o, "take"))
    {
      if (!cb_read_kind (json_object_get_member (o, "take"), "take", &a->take, error))
        return FALSE;
      a->has_take = TRUE;
    }
  if (json_object_has_member (o, "max_cost"))
    {
      guint v;
      if (!a->has_take)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("“max_cost” belongs to a “take”."));
          return FALSE;
        }
      if (!cb_read_uint (json_object_get_member (o, "max_cost"), "max_cost", MAX_COUNT, &v, error))
        return FALSE;
      a->max_cost = (int) v;
    }
  return TRUE;
}

gboolean
cb_read_fan_told (JsonNode  *node,
                  CbAction  *a,
                  GError   **error)
{
  JsonArray *arr = cb_read_array (node, "fan", error);

  if (arr == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      JsonObject *e = cb_read_object (json_array_get_element (arr, i), "fan", error);
      guint space;
      if (e == NULL
          || !cb_read_uint (json_object_get_member (e, "space"), "space", CB_FAN_LAST_SPACE, &space, error)
          || !cb_read_fan_entry (e, space, a->fan, error))
        return FALSE;
    }
  return TRUE;
}

/* {"light_grey": {"coin": 2}, "blue": {"team": 1, "blank": 1}}: faces per kind. */
gboolean
cb_read_faces (JsonNode    *node,
               const char  *key,
               guint        faces[CB_N_KINDS][CB_N_FACES],
               gboolean     blank_given[CB_N_KINDS],
               GError     **error)
{
  JsonObject *r = cb_read_object (node, key, error);
  JsonObjectIter iter;
  const char *member;
  JsonNode *value;

  if (r == NULL)
    return FALSE;
  memset (faces, 0, sizeof (guint) * CB_N_KINDS * CB_N_FACES);
  memset (blank_given, 0, sizeof (gboolean) * CB_N_KINDS);
  json_object_iter_init (&iter, r);
  while (json_object_iter_next (&iter, &member, &value))
    {
      CbKind k;
      JsonObject *fo;
      JsonObjectIter fiter;
      const char *fmember;
      JsonNode *fvalue;

      if (!cb_kind_from_string (member, &k))
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("Unknown die colour “%s”."), member);
          return FALSE;
        }
      fo = cb_read_object (value, member, error);
      if (fo == NULL)
        return FALSE;
      json_object_iter_init (&fiter, fo);
      while (json_object_iter_next (&fiter, &fmember, &fvalue))
        {
          CbFace f;
          if (!cb_face_from_string (fmember, &f))
            {
              g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                           _("Unknown die face “%s”."), fmember);
              return FALSE;
            }
          if (!cb_read_uint (fvalue, fmember, MAX_COUNT, &faces[k][f], error))
            return FALSE;
          if (f == CB_FACE_BLANK)
            blank_given[k] = TRUE;
        }
    }
  return TRUE;
}

gboolean
cb_read_zone (JsonNode    *node,
              const char  *key,
              CbZone      *zone,
              GError     **error)
{
  const char *s = cb_read_string (node, key, error);

  if (s == NULL)
    return FALSE;
  if (!cb_zone_from_string (s, zone))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("Unknown area “%s”."), s);
      return FALSE;
    }
  return TRUE;
}

/* Reads @o into @a; resolves the player (named, or the only one who can act now). */
gboolean
cb_parse_action (const CbGame  *g,
                 JsonObject    *o,
                 CbAction      *a,
                 GError       **error)
{
  static const char *const extras[CB_N_ACTIONS][20] = {
    [CB_ACTION_REFILL]    = { "red_lines", "from_rest" },
    [CB_ACTION_BUST]      = { "fan" },
    [CB_ACTION_COLLECT]   = { "credits" },
    [CB_ACTION_MOVE]      = { "finish", "water", "landed", "beyond", "cost", "fan" },
    [CB_ACTION_BUY]       = { "cost" },
    [CB_ACTION_CORRECT_COST] = { "cost" },
    [CB_ACTION_ABILITY]   = { "number", "face", "mandatory", "lose", "give", "die", "set", "other",
                        "dice", "from", "rolled", "rolled2", "take", "bonus", "cost", "fan",
                        "red_lines", "finish" },
  };
  const char *allowed[24];
  guint n_allowed = 0, n_verbs = 0;
  JsonNode *v;

  cb_action_init (a);
  for (guint t = 0; t < CB_N_ACTIONS; t++)
    if (json_object_has_member (o, cb_act_keys[t]))
      {
        a->type = (CbActionType) t;
        n_verbs++;
      }
  if (n_verbs != 1)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   n_verbs == 0 ? _("This is not a Cubitos action.")
                                : _("An action does exactly one thing."));
      return FALSE;
    }
  allowed[n_allowed++] = "player";
  allowed[n_allowed++] = cb_act_keys[a->type];
  for (guint i = 0; i < G_N_ELEMENTS (extras[a->type]) && extras[a->type][i] != NULL; i++)
    allowed[n_allowed++] = extras[a->type][i];
  allowed[n_allowed] = NULL;
  if (!_dp_json_check_keys (o, allowed, error))
    return FALSE;

  if (json_object_has_member (o, "player"))
    {
      const char *name = cb_read_string (json_object_get_member (o, "player"), "player", error);
      if (name == NULL)
        return FALSE;
      a->player = cb_game_find_player (g, name);
      if (a->player < 0)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("“%s” does not play in this game."), name);
          return FALSE;
        }
    }
  else
    {
      guint n = 0;
      for (guint s = 0; s < g->n_players; s++)
        if (cb_can_act (g, s))
          {
            a->player = (int) s;
            n++;
          }
      if (n > 1)
        {
          a->player = -1;
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("Several players can act now: say who with “player”."));
          return FALSE;
        }
      if (n == 0)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       g->b.finished ? _("The race is over.") : _("Nobody can act now."));
          return FALSE;
        }
    }

  v = json_object_get_member (o, cb_act_keys[a->type]);
  switch (a->type)
    {
    case CB_ACTION_REFILL:
      if (!cb_read_counts (v, "refill", a->counts, error))
        return FALSE;
      if (json_object_has_member (o, "red_lines")
          && !cb_read_uint (json_object_get_member (o, "red_lines"), "red_lines", MAX_COUNT, &a->n, error))
        return FALSE;
      if (json_object_has_member (o, "from_rest"))
        {
          if (!cb_read_counts (json_object_get_member (o, "from_rest"), "from_rest", a->from_rest, error))
            return FALSE;
          a->has_from_rest = TRUE;
        }
      return TRUE;

    case CB_ACTION_ROLL:
      return cb_read_faces (v, "roll", a->faces, a->blank_given, error);

    case CB_ACTION_ABILITY:
      return cb_cards_parse (g, o, v, a, error);

    case CB_ACTION_PUSH:
    case CB_ACTION_PASS:
    case CB_ACTION_ANNOUNCE:
    case CB_ACTION_JET:
    case CB_ACTION_REST:
      return cb_read_true (v, cb_act_keys[a->type], error);

    case CB_ACTION_BUST:
      if (!cb_read_counts (v, "bust", a->counts, error))
        return FALSE;
      return !json_object_has_member (o, "fan")
             || cb_read_fan_told (json_object_get_member (o, "fan"), a, error);

    case CB_ACTION_COLLECT:
      if (!cb_read_true (v, "collect", error))
        return FALSE;
      if (json_object_has_member (o, "credits"))
        {
          JsonNode *c = json_object_get_member (o, "credits");
          if (!JSON_NODE_HOLDS_VALUE (c) || json_node_get_value_type (c) != G_TYPE_BOOLEAN)
            {
              g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                           _("“%s” must be true or false."), "credits");
              return FALSE;
            }
          a->take_credits = json_node_get_boolean (c);
        }
      return TRUE;

    case CB_ACTION_REDEEM:
    case CB_ACTION_BUY_STEPS:
    case CB_ACTION_SHORTCUT:
      if (!cb_read_uint (v, cb_act_keys[a->type], MAX_COUNT, &a->n, error))
        return FALSE;
      if (a->n == 0)
        {
          /* qa2: read under a greyed-out button at the table, so it names no JSON key */
          g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                               a->type == CB_ACTION_REDEEM ? _("Redeem at least one credit.")
                               : a->type == CB_ACTION_BUY_STEPS ? _("Buy at least one step.")
                               : _("Say what the shortcut costs: at least one step."));
          return FALSE;
        }
      return TRUE;

    case CB_ACTION_MOVE:
      if (!cb_read_uint (v, "move", MAX_COUNT, &a->n, error))
        return FALSE;
      if (json_object_has_member (o, "finish"))
        {
          if (!cb_read_true (json_object_get_member (o, "finish"), "finish", error))
            return FALSE;
          a->finish = TRUE;
        }
      if (json_object_has_member (o, "water")
          && !cb_read_uint (json_object_get_member (o, "water"), "water", MAX_COUNT, &a->water, error))
        return FALSE;
      if (json_object_has_member (o, "landed")
          && !cb_read_landed (json_object_get_member (o, "landed"), "landed", a, error))
        return FALSE;
      if (json_object_has_member (o, "beyond"))
        {
          guint b;
          if (!cb_read_uint (json_object_get_member (o, "beyond"), "beyond", MAX_COUNT, &b, error))
            return FALSE;
          a->beyond = (int) b;
        }
      if (json_object_has_member (o, "cost"))
        {
          guint c;
          if (!cb_read_uint (json_object_get_member (o, "cost"), "cost", MAX_COUNT, &c, error))
            return FALSE;
          a->cost = (int) c;
        }
      if ((a->beyond >= 0 || a->cost >= 0 || json_object_has_member (o, "fan")) && !a->has_landed)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("“beyond”, “cost” and “fan” belong to the move that says where the runner “landed”."));
          return FALSE;
        }
      return !json_object_has_member (o, "fan")
             || cb_read_fan_told (json_object_get_member (o, "fan"), a, error);

    case CB_ACTION_CORRECT_COST:
      {
        guint c;

        if (!cb_read_kind (v, "correct_cost", &a->kind, error))
          return FALSE;
        if (!json_object_has_member (o, "cost"))
          {
            g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                         _("Say what the card costs (“cost”)."));
            return FALSE;
          }
        if (!cb_read_uint (json_object_get_member (o, "cost"), "cost", MAX_COUNT, &c, error))
          return FALSE;
        a->cost = (int) c;
        return TRUE;
      }

    case CB_ACTION_BUY:
      if (!cb_read_kind (v, "buy", &a->kind, error))
        return FALSE;
      if (json_object_has_member (o, "cost"))
        {
          guint c;
          if (!cb_read_uint (json_object_get_member (o, "cost"), "cost", MAX_COUNT, &c, error))
            return FALSE;
          a->cost = (int) c;
        }
      return TRUE;

    case CB_N_ACTIONS:
    default:
      g_assert_not_reached ();
    }
}

void
cb_build_counts (JsonBuilder *bld,
                 const guint  counts[CB_N_KINDS])
{
  json_builder_begin_object (bld);
  for (guint k = 0; k < CB_N_KINDS; k++)
    if (counts[k] > 0)
      {
        json_builder_set_member_name (bld, cb_kind_to_string ((CbKind) k));
        json_builder_add_int_value (bld, counts[k]);
      }
  json_builder_end_object (bld);
}

void
cb_build_fan_told (JsonBuilder *bld,
                   const int    fan[N_FAN][2])
{
  json_builder_set_member_name (bld, "fan");
  json_builder_begin_array (bld);
  for (guint s = 1; s < N_FAN; s++)
    if (fan[s][0] >= 0)
      {
        json_builder_begin_object (bld);
        json_builder_set_member_name (bld, "space");
        json_builder_add_int_value (bld, s);
        json_builder_set_member_name (bld, "credits");
        json_builder_add_int_value (bld, fan[s][0]);
        json_builder_set_member_name (bld, "supply");
        json_builder_add_int_value (bld, fan[s][1]);
        json_builder_end_object (bld);
      }
  json_builder_end_array (bld);
}

void
cb_build_faces (JsonBuilder *bld,
                const guint  faces[CB_N_KINDS][CB_N_FACES])
{
  json_builder_begin_object (bld);
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      gboolean any = FALSE;
      for (guint f = 1; f < CB_N_FACES; f++)
        any |= faces[k][f] > 0;
      if (!any)
        continue;
      json_builder_set_member_name (bld, cb_kind_to_string ((CbKind) k));
      json_builder_begin_object (bld);
      for (guint f = 1; f < CB_N_FACES; f++)
        if (faces[k][f] > 0)
          {
            json_builder_set_member_name (bld, cb_face_to_string ((CbFace) f));
            json_builder_add_int_value (bld, faces[k][f]);
          }
      json_builder_end_object (bld);
    }
  json_builder_end_object (bld);
}

/* The bonuses of a space as an object (move "landed", Bob's "bonus"). */
void
cb_build_landed (JsonBuilder    *bld,
                 const CbAction *a)
{
  json_builder_begin_object (bld);
  if (a->l_credits > 0)
    {
      json_builder_set_member_name (bld, "credits");
      json_builder_add_int_value (bld, a->l_credits);
    }
  if (a->l_fans > 0)
    {
      json_builder_set_member_name (bld, "fans");
      json_builder_add_int_value (bld, a->l_fans);
    }
  if (a->n_lose > 0)
    {
      json_builder_set_member_name (bld, "lose");
      json_builder_begin_array (bld);
      for (guint i = 0; i < a->n_lose; i++)
        {
          json_builder_begin_object (bld);
          json_builder_set_member_name (bld, "die");
          json_builder_add_string_value (bld, cb_kind_to_string (a->lose_kind[i]));
          json_builder_set_member_name (bld, "from");
          json_builder_add_string_value (bld, cb_zone_to_string (a->lose_zone[i]));
          json_builder_end_object (bld);
        }
      json_builder_end_array (bld);
    }
  if (a->has_take)
    {
      json_builder_set_member_name (bld, "take");
      json_builder_add_string_value (bld, cb_kind_to_string (a->take));
      if (a->max_cost >= 0)
        {
          json_builder_set_member_name (bld, "max_cost");
          json_builder_add_int_value (bld, a->max_cost);
        }
    }
  json_builder_end_object (bld);
}

/* The canonical text: "player" first, then the verb, then its extras in a fixed order;
 * counts in kind order, zero counts and blank faces left out. */
char *
cb_action_to_text (const CbGame   *g,
                   const CbAction *a)
{
  g_autoptr(JsonBuilder) bld = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (bld);
  json_builder_set_member_name (bld, "player");
  json_builder_add_string_value (bld, g->names[a->player]);
  json_builder_set_member_name (bld, cb_act_keys[a->type]);
  switch (a->type)
    {
    case CB_ACTION_REFILL:
      cb_build_counts (bld, a->counts);
      if (a->n > 0)
        {
          json_builder_set_member_name (bld, "red_lines");
          json_builder_add_int_value (bld, a->n);
        }
      if (a->has_from_rest)
        {
          json_builder_set_member_name (bld, "from_rest");
          cb_build_counts (bld, a->from_rest);
        }
      break;

    case CB_ACTION_ROLL:
      cb_build_faces (bld, a->faces);
      break;

    case CB_ACTION_ABILITY:
      cb_cards_build (g, a, bld);
      break;

    case CB_ACTION_PUSH:
    case CB_ACTION_PASS:
    case CB_ACTION_ANNOUNCE:
    case CB_ACTION_JET:
    case CB_ACTION_REST:
      json_builder_add_boolean_value (bld, TRUE);
      break;

    case CB_ACTION_BUST:
      cb_build_counts (bld, a->counts);
      if (cb_any_fan_fact (a->fan))
        cb_build_fan_told (bld, a->fan);
      break;

    case CB_ACTION_COLLECT:
      json_builder_add_boolean_value (bld, TRUE);
      if (!a->take_credits)
        {
          json_builder_set_member_name (bld, "credits");
          json_builder_add_boolean_value (bld, FALSE);
        }
      break;

    case CB_ACTION_REDEEM:
    case CB_ACTION_BUY_STEPS:
    case CB_ACTION_SHORTCUT:
      json_builder_add_int_value (bld, a->n);
      break;

    case CB_ACTION_MOVE:
      json_builder_add_int_value (bld, a->n);
      if (a->finish)
        {
          json_builder_set_member_name (bld, "finish");
          json_builder_add_boolean_value (bld, TRUE);
        }
      if (a->water > 0)
        {
          json_builder_set_member_name (bld, "water");
          json_builder_add_int_value (bld, a->water);
        }
      if (a->has_landed)
        {
          json_builder_set_member_name (bld, "landed");
          cb_build_landed (bld, a);
          if (a->beyond >= 0)
            {
              json_builder_set_member_name (bld, "beyond");
              json_builder_add_int_value (bld, a->beyond);
            }
          if (a->cost >= 0)
            {
              json_builder_set_member_name (bld, "cost");
              json_builder_add_int_value (bld, a->cost);
            }
          if (cb_any_fan_fact (a->fan))
            cb_build_fan_told (bld, a->fan);
        }
      break;

    case CB_ACTION_CORRECT_COST:
      json_builder_add_string_value (bld, cb_kind_to_string (a->kind));
      json_builder_set_member_name (bld, "cost");
      json_builder_add_int_value (bld, MAX (a->cost, 0));
      break;

    case CB_ACTION_BUY:
      json_builder_add_string_value (bld, cb_kind_to_string (a->kind));
      if (a->cost >= 0)
        {
          json_builder_set_member_name (bld, "cost");
          json_builder_add_int_value (bld, a->cost);
        }
      break;

    case CB_N_ACTIONS:
    default:
      g_assert_not_reached ();
    }
  json_builder_end_object (bld);
  root = json_builder_get_root (bld);
  return cb_node_to_text (root);
}

char *
cb_game_normalize_action (const CbGame  *game,
                          JsonObject    *action,
                          GError       **error)
{
  CbAction a;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (action != NULL, NULL);

  if (!cb_parse_action (game, action, &a, error))
    return NULL;
  return cb_action_to_text (game, &a);
}

gboolean
cb_action_from_text (const CbGame  *game,
                     const char    *text,
                     CbAction      *action,
                     GError       **error)
{
  g_autoptr(JsonObject) o = NULL;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  cb_action_init (action);
  o = _dp_json_parse_object (text, "action", error);
  return o != NULL && cb_parse_action (game, o, action, error);
}

/* ---- the typed API (cb-action.h) ---- */

static void
init_for (CbAction     *a,
          guint         seat,
          CbActionType  type)
{
  cb_action_init (a);
  a->player = (int) seat;
  a->type = type;
}

void
cb_action_init_simple (CbAction     *action,
                       guint         seat,
                       CbActionType  type)
{
  g_return_if_fail (action != NULL);
  g_return_if_fail (type == CB_ACTION_PUSH || type == CB_ACTION_PASS || type == CB_ACTION_ANNOUNCE
                    || type == CB_ACTION_JET || type == CB_ACTION_REST);
  init_for (action, seat, type);
}

void
cb_action_init_number (CbAction     *action,
                       guint         seat,
                       CbActionType  type,
                       guint         n)
{
  g_return_if_fail (action != NULL);
  g_return_if_fail (type == CB_ACTION_REDEEM || type == CB_ACTION_BUY_STEPS || type == CB_ACTION_SHORTCUT);
  init_for (action, seat, type);
  action->n = n;
}

void
cb_action_init_collect (CbAction *action,
                        guint     seat,
                        gboolean  take_credits)
{
  g_return_if_fail (action != NULL);
  init_for (action, seat, CB_ACTION_COLLECT);
  action->take_credits = take_credits;
}

void
cb_action_init_refill (CbAction    *action,
                       guint        seat,
                       const guint  counts[CB_N_KINDS],
                       guint        red_lines)
{
  g_return_if_fail (action != NULL && counts != NULL);
  init_for (action, seat, CB_ACTION_REFILL);
  memcpy (action->counts, counts, sizeof action->counts);
  action->n = red_lines;
}

void
cb_action_init_roll (CbAction    *action,
                     guint        seat,
                     const guint  faces[CB_N_KINDS][CB_N_FACES])
{
  g_return_if_fail (action != NULL && faces != NULL);
  init_for (action, seat, CB_ACTION_ROLL);
  memcpy (action->faces, faces, sizeof action->faces);
  for (guint k = 0; k < CB_N_KINDS; k++)
    action->faces[k][CB_FACE_BLANK] = 0;
}

void
cb_action_init_bust (CbAction    *action,
                     guint        seat,
                     const guint  to_rest[CB_N_KINDS])
{
  g_return_if_fail (action != NULL);
  init_for (action, seat, CB_ACTION_BUST);
  if (to_rest != NULL)
    memcpy (action->counts, to_rest, sizeof action->counts);
}

void
cb_action_init_move (CbAction *action,
                     guint     seat,
                     guint     steps,
                     gboolean  finish)
{
  g_return_if_fail (action != NULL);
  init_for (action, seat, CB_ACTION_MOVE);
  action->n = steps;
  action->finish = finish;
}

void
cb_action_init_buy (CbAction *action,
                    guint     seat,
                    CbKind    kind,
                    int       cost)
{
  g_return_if_fail (action != NULL);
  init_for (action, seat, CB_ACTION_BUY);
  action->kind = kind;
  action->cost = cost;
}

void
cb_action_init_correct_cost (CbAction *action,
                             guint     seat,
                             CbKind    kind,
                             guint     cost)
{
  g_return_if_fail (action != NULL);
  init_for (action, seat, CB_ACTION_CORRECT_COST);
  action->kind = kind;
  action->cost = (int) MIN (cost, (guint) G_MAXINT);
}

void
cb_action_init_ability (CbAction *action,
                        guint     seat,
                        guint     card,
                        guint     number,
                        CbFace    face)
{
  g_return_if_fail (action != NULL && card < CB_N_CARDS);
  init_for (action, seat, CB_ACTION_ABILITY);
  action->card = card;
  action->number = number;
  action->face = face;
}

void
cb_action_set_fan_told (CbAction *action,
                        guint     space,
                        guint     credits,
                        guint     supply)
{
  g_return_if_fail (action != NULL && space >= 1 && space <= CB_FAN_LAST_SPACE);
  action->fan[space][0] = (int) credits;
  action->fan[space][1] = (int) supply;
}

void
cb_action_set_landed (CbAction *action,
                      guint     credits,
                      guint     fans)
{
  g_return_if_fail (action != NULL);
  action->has_landed = TRUE;
  action->l_credits = credits;
  action->l_fans = fans;
}

gboolean
cb_action_add_landed_lose (CbAction *action,
                           CbKind    kind,
                           CbZone    zone)
{
  g_return_val_if_fail (action != NULL, FALSE);
  if (action->n_lose >= CB_MAX_LOSE)
    return FALSE;
  action->has_landed = TRUE;
  action->lose_kind[action->n_lose] = kind;
  action->lose_zone[action->n_lose] = zone;
  action->n_lose++;
  return TRUE;
}

void
cb_action_set_take (CbAction *action,
                    CbKind    kind,
                    int       max_cost,
                    int       cost)
{
  g_return_if_fail (action != NULL);
  action->has_take = TRUE;
  action->take = kind;
  action->max_cost = max_cost;
  action->cost = cost;
}

void
cb_action_set_beyond (CbAction *action,
                      guint     beyond)
{
  g_return_if_fail (action != NULL);
  action->beyond = (int) beyond;
}

CbActionType
cb_action_get_type (const CbAction *action)
{
  g_return_val_if_fail (action != NULL, CB_N_ACTIONS);
  return action->type;
}

int
cb_action_get_seat (const CbAction *action)
{
  g_return_val_if_fail (action != NULL, -1);
  return action->player;
}

guint
cb_action_get_number (const CbAction *action)
{
  g_return_val_if_fail (action != NULL, 0);
  return action->n;
}

guint
cb_action_get_card (const CbAction *action)
{
  g_return_val_if_fail (action != NULL, 0);
  return action->card;
}

CbKind
cb_action_get_kind (const CbAction *action)
{
  g_return_val_if_fail (action != NULL, CB_KIND_LIGHT_GREY);
  return action->kind;
}

int
cb_action_get_cost (const CbAction *action)
{
  g_return_val_if_fail (action != NULL, -1);
  return action->cost;
}

guint
cb_action_count_dice (const CbAction *action)
{
  guint n = 0;

  g_return_val_if_fail (action != NULL, 0);
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      if (action->type == CB_ACTION_ROLL)
        for (guint f = CB_FACE_BLANK + 1; f < CB_N_FACES; f++)
          n += action->faces[k][f];
      else
        n += action->counts[k] + action->from_rest[k];
    }
  return n;
}

gboolean
cb_action_has_landed (const CbAction *action)
{
  g_return_val_if_fail (action != NULL, FALSE);
  return action->has_landed;
}

gboolean
cb_action_is_mandatory (const CbAction *action)
{
  g_return_val_if_fail (action != NULL, FALSE);
  return action->mandatory;
}

const char *
cb_action_type_to_string (CbActionType type)
{
  g_return_val_if_fail ((guint) type < CB_N_ACTIONS, "");
  return cb_act_keys[type];
}
