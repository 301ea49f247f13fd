/* cb-game.c — Cubitos: team boards, the 8 phases of a round, the race
 *
 * Page numbers refer to the German rulebook (shared/rules/cubitos-rules-de.txt); the
 * dice, card, race and track tables are in cb-data.c. A game is its setup plus the log
 * of actions; every action is checked and applied on a scratch copy of the board
 * (CbBoard is plain data), which replaces the real one only when all went well, so a
 * refused action never changes anything.
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

const char *const cb_act_keys[N_ACTS] = {
  "refill", "roll", "push", "pass", "bust", "collect", "announce", "redeem",
  "buy_steps", "move", "jet", "shortcut", "buy", "rest", "ability",
};

/* ---- names ---- */

static const char *const zone_keys[CB_N_ZONES] = { "draw", "ready", "active", "rest" };

const char *
cb_zone_to_string (CbZone zone)
{
  g_return_val_if_fail ((guint) zone < CB_N_ZONES, NULL);
  return zone_keys[zone];
}

gboolean
cb_zone_from_string (const char *str,
                     CbZone     *zone)
{
  for (guint z = 0; z < CB_N_ZONES; z++)
    if (g_strcmp0 (str, zone_keys[z]) == 0)
      {
        *zone = (CbZone) z;
        return TRUE;
      }
  return FALSE;
}

const char *
cb_zone_name (CbZone zone)
{
  switch (zone)
    {
    /* Translators: the areas of a Cubitos team board (German rulebook: Nachschub,
     * Bereitschaft, Aktionsbereich, Ruhezone) */
    case CB_ZONE_DRAW:   return _("draw area");
    case CB_ZONE_READY:  return _("ready area");
    case CB_ZONE_ACTIVE: return _("active area");
    case CB_ZONE_REST:   return _("rest zone");
    case CB_N_ZONES:
    default:             return "";
    }
}

static const char *const phase_keys[] = {
  [CB_PHASE_REFILL]    = "refill",
  [CB_PHASE_ROLL]      = "roll",
  [CB_PHASE_DECIDE]    = "push-or-pass",
  [CB_PHASE_BUST]      = "bust",
  [CB_PHASE_ROLL_DONE] = "roll-done",
  [CB_PHASE_SUPPORT]   = "support",
  [CB_PHASE_MOVE]      = "move",
  [CB_PHASE_SHOP]      = "shop",
  [CB_PHASE_RESTED]    = "rested",
  [CB_PHASE_OUT]       = "out",
};

const char *
cb_phase_to_string (CbPhase phase)
{
  g_return_val_if_fail ((guint) phase <= CB_PHASE_OUT, NULL);
  return phase_keys[phase];
}

guint
cb_phase_number (CbPhase phase)
{
  static const guint numbers[] = {
    [CB_PHASE_REFILL] = 1, [CB_PHASE_ROLL] = 2, [CB_PHASE_DECIDE] = 3,
    [CB_PHASE_BUST] = 2, [CB_PHASE_ROLL_DONE] = 4, [CB_PHASE_SUPPORT] = 5,
    [CB_PHASE_MOVE] = 6, [CB_PHASE_SHOP] = 7, [CB_PHASE_RESTED] = 8, [CB_PHASE_OUT] = 0,
  };
  g_return_val_if_fail ((guint) phase <= CB_PHASE_OUT, 0);
  return numbers[phase];
}

/* ---- board helpers ---- */

guint
cb_zone_total (const CbPlayer *p,
            CbZone          zone)
{
  guint n = 0;
  for (guint k = 0; k < CB_N_KINDS; k++)
    n += p->dice[zone][k];
  return n;
}

gboolean
cb_is_participant (const CbBoard *b,
                guint          seat)
{
  return (b->participants & (1u << seat)) != 0;
}

/* Puts one die into the active area showing @face; it is fresh (its „Sofort“ abilities
 * may be used now) and has used none of its abilities. */
void
cb_add_active (CbPlayer *p,
               CbKind    kind,
               CbFace    face)
{
  g_return_if_fail (p->n_act < CB_MAX_ACTIVE);
  p->act[p->n_act].kind = (guint8) kind;
  p->act[p->n_act].face = (guint8) face;
  p->act[p->n_act].used = 0;
  p->act[p->n_act].flags = CB_DIE_FRESH;
  p->n_act++;
  p->dice[CB_ZONE_ACTIVE][kind]++;
  p->active_face[kind][face]++;
  /* p. 8 „In Gefahr“: 3 or more active dice at any time: danger for the rest of the round */
  if (cb_zone_total (p, CB_ZONE_ACTIVE) >= CB_DANGER_AT)
    p->danger = TRUE;
}

void
cb_remove_active_at (CbPlayer *p,
                     guint     index)
{
  CbDie d;

  g_return_if_fail (index < p->n_act);
  d = p->act[index];
  memmove (&p->act[index], &p->act[index + 1], (p->n_act - index - 1) * sizeof (CbDie));
  p->n_act--;
  p->active_face[d.kind][d.face]--;
  p->dice[CB_ZONE_ACTIVE][d.kind]--;
}

/* When the player does not say which of several equal dice leaves the active area, the
 * one that used the most abilities goes (docs/cubitos-notes.md, "Which die"). */
int
cb_find_active (const CbPlayer *p,
                CbKind          kind,
                int             face)
{
  int best = -1, best_used = -1;

  for (guint i = 0; i < p->n_act; i++)
    if (p->act[i].kind == kind && (face < 0 || p->act[i].face == face))
      {
        int used = 0;
        for (guint b = 0; b < 8; b++)
          used += (p->act[i].used >> b) & 1;
        if (used > best_used)
          {
            best = (int) i;
            best_used = used;
          }
      }
  return best;
}

/* Removes one active die of @kind; prefers @face, else any face. */
static void
remove_active (CbPlayer *p,
               CbKind    kind,
               int       face)
{
  int i = cb_find_active (p, kind, face);

  if (i < 0)
    i = cb_find_active (p, kind, -1);
  g_return_if_fail (i >= 0);
  cb_remove_active_at (p, (guint) i);
}

static void
move_all (CbPlayer *p,
          CbZone    from,
          CbZone    to)
{
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      p->dice[to][k] += p->dice[from][k];
      p->dice[from][k] = 0;
    }
  if (from == CB_ZONE_ACTIVE)
    {
      memset (p->active_face, 0, sizeof p->active_face);
      p->n_act = 0;
    }
}

/* The next participating seat clockwise from @seat (seat order is clockwise). */
static guint
next_participant (const CbGame *g,
                  guint         seat)
{
  for (guint i = 1; i <= g->n_players; i++)
    {
      guint s = (seat + i) % g->n_players;
      if (cb_is_participant (&g->b, s))
        return s;
    }
  return seat;
}

static gboolean
can_act (const CbGame *g,
         guint         seat)
{
  const CbPlayer *p = &g->b.p[seat];

  if (g->b.finished || !cb_is_participant (&g->b, seat))
    return FALSE;
  switch (p->phase)
    {
    case CB_PHASE_REFILL:
    case CB_PHASE_ROLL:
    case CB_PHASE_DECIDE:
    case CB_PHASE_BUST:
    case CB_PHASE_SUPPORT:
    case CB_PHASE_MOVE:
    case CB_PHASE_SHOP:
      return TRUE;
    case CB_PHASE_ROLL_DONE:
    case CB_PHASE_RESTED:
    case CB_PHASE_OUT:
    default:
      return FALSE;
    }
}

static guint
card_of (const CbGame *g,
         CbKind        kind)
{
  return g->cards[CB_COLOUR_OF (kind)];
}

const char *
cb_card_name (guint card)
{
  return g_dpgettext2 (GETTEXT_PACKAGE, "Cubitos card", cb_card (card)->name_en);
}

/* The cost of a die as far as abilities are concerned: starting dice cost 0 (p. 12,
 * „Start-Würfel“); -1 when the card's cost is not known yet. */
int
cb_die_cost (const CbBoard *b,
          CbKind         kind)
{
  if (CB_KIND_IS_GREY (kind))
    return 0;
  if (!CB_KIND_IS_COLOUR (kind))
    return -1;
  return b->cost[CB_COLOUR_OF (kind)];
}

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

static JsonArray *
read_array (JsonNode    *node,
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

gboolean
cb_check_keys (JsonObject         *o,
            const char *const  *allowed,
            GError            **error)
{
  JsonObjectIter iter;
  const char *member;
  JsonNode *value;

  json_object_iter_init (&iter, o);
  while (json_object_iter_next (&iter, &member, &value))
    if (!g_strv_contains (allowed, member))
      {
        g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                     _("Unknown key “%s”."), member);
        return FALSE;
      }
  return TRUE;
}

/* [{"space": 3, "credits": 1, "supply": 0}, …] or {"3": {"credits": 1, "supply": 0}} */
static gboolean
read_fan_entry (JsonObject  *e,
                guint        space,
                int          fan[N_FAN][2],
                GError     **error)
{
  static const char *const keys[] = { "space", "credits", "supply", NULL };
  guint credits = 0, supply = 0;

  if (!cb_check_keys (e, keys, error))
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

/* ---- setup ---- */

static void
board_init (CbGame *g)
{
  CbBoard *b = &g->b;

  memset (b, 0, sizeof *b);
  /* p. 3–4 „Spielvorbereitung“: 10 dice of every colour in its box; the grey dice
   * left after everyone took 7 light and 2 dark grey are the grey supply. */
  for (guint k = 0; k < CB_N_KINDS; k++)
    b->supply[k] = cb_die_info ((CbKind) k)->in_box;
  b->supply[CB_KIND_LIGHT_GREY] -= CB_START_LIGHT_GREY * g->n_players;
  b->supply[CB_KIND_DARK_GREY] -= CB_START_DARK_GREY * g->n_players;
  b->supply[CB_KIND_TOP_DOG] = 0;   /* never in the supply (p. 12) */
  memcpy (b->cost, g->setup_cost, sizeof b->cost);
  memcpy (b->fan_reward, g->setup_fan, sizeof b->fan_reward);
  b->round = 1;
  b->participants = (1u << g->n_players) - 1;
  b->top_dog = g->first;
  b->red_winner = -1;
  for (guint s = 0; s < g->n_players; s++)
    {
      CbPlayer *p = &b->p[s];
      p->dice[CB_ZONE_DRAW][CB_KIND_LIGHT_GREY] = CB_START_LIGHT_GREY;
      p->dice[CB_ZONE_DRAW][CB_KIND_DARK_GREY] = CB_START_DARK_GREY;
      p->phase = CB_PHASE_REFILL;
      p->beyond = -1;
    }
  /* p. 5 step 13: whoever has „die Nase vorn“ puts that die in the ready area */
  b->p[g->first].dice[CB_ZONE_READY][CB_KIND_TOP_DOG] = 1;
}

CbGame *
cb_game_new_from_json (JsonObject  *setup,
                       GError     **error)
{
  static const char *const keys[] = {
    "game", "version", "players", "race", "cards", "track", "laps", "first", "costs",
    "fan_track", NULL
  };
  g_autoptr(CbGame) g = NULL;
  JsonArray *players;
  JsonNode *node;
  const CbRace *race = NULL;
  guint n;

  g_return_val_if_fail (setup != NULL, NULL);

  if (!cb_check_keys (setup, keys, error))
    return NULL;
  if (json_object_has_member (setup, "version"))
    {
      guint v;
      if (!cb_read_uint (json_object_get_member (setup, "version"), "version", 1000, &v, error))
        return NULL;
      if (v != DP_GAME_FORMAT_VERSION)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("Game script version %u is not supported; this version of Dicepad reads version %d"),
                       v, DP_GAME_FORMAT_VERSION);
          return NULL;
        }
    }
  players = read_array (json_object_get_member (setup, "players"), "players", error);
  if (players == NULL)
    return NULL;
  n = json_array_get_length (players);
  if (n < CB_MIN_PLAYERS || n > CB_MAX_PLAYERS)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                   _("Cubitos is played by %u to %u players."), CB_MIN_PLAYERS, CB_MAX_PLAYERS);
      return NULL;
    }

  g = g_new0 (CbGame, 1);
  g->n_players = n;
  for (guint s = 0; s < n; s++)
    {
      const char *name = cb_read_string (json_array_get_element (players, s), "players", error);
      if (name == NULL)
        return NULL;
      if (*name == '\0' || !g_utf8_validate (name, -1, NULL))
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                       _("Every player needs a name."));
          return NULL;
        }
      for (guint t = 0; t < s; t++)
        if (g_strcmp0 (g->names[t], name) == 0)
          {
            g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                         _("Two players are called “%s”."), name);
            return NULL;
          }
      g->names[s] = g_strdup (name);
    }

  /* The race: one of the ten of p. 6, or a free choice of one card per colour. */
  node = json_object_get_member (setup, "race");
  if (node != NULL && JSON_NODE_HOLDS_VALUE (node)
      && json_node_get_value_type (node) == G_TYPE_STRING
      && g_strcmp0 (json_node_get_string (node), "free") == 0)
    {
      JsonArray *cards = read_array (json_object_get_member (setup, "cards"), "cards", error);
      guint seen = 0;

      if (cards == NULL)
        return NULL;
      if (json_array_get_length (cards) != CB_N_COLOURS)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                       _("A free race uses exactly one card of each of the 8 colours."));
          return NULL;
        }
      for (guint i = 0; i < CB_N_COLOURS; i++)
        {
          const char *key = cb_read_string (json_array_get_element (cards, i), "cards", error);
          int c;
          if (key == NULL)
            return NULL;
          c = cb_card_lookup (key);
          if (c < 0)
            {
              g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                           _("Unknown card “%s”."), key);
              return NULL;
            }
          if (seen & (1u << cb_card (c)->colour))
            {
              g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                           _("A free race uses exactly one card of each of the 8 colours."));
              return NULL;
            }
          seen |= 1u << cb_card (c)->colour;
          g->cards[cb_card (c)->colour] = (guint) c;
        }
      g->race = 0;
      if (!json_object_has_member (setup, "track"))
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                       _("A free race needs a track."));
          return NULL;
        }
      g->laps = 1;
    }
  else
    {
      guint number;
      if (!cb_read_uint (node, "race", CB_N_RACES, &number, error))
        return NULL;
      race = cb_race (number);
      if (race == NULL)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                       _("There are races 1 to %u, or “free”."), CB_N_RACES);
          return NULL;
        }
      if (json_object_has_member (setup, "cards"))
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                       _("Only a free race chooses its cards."));
          return NULL;
        }
      g->race = number;
      for (guint c = 0; c < CB_N_COLOURS; c++)
        g->cards[c] = cb_card_index (c, race->card_race[c]);
      g->track = race->track;
      g->laps = race->laps;
    }

  /* p. 4 step 5: the suggested track, or any track the group chooses */
  if (json_object_has_member (setup, "track"))
    {
      const char *key = cb_read_string (json_object_get_member (setup, "track"), "track", error);
      int t;
      if (key == NULL)
        return NULL;
      t = cb_track_lookup (key);
      if (t < 0)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                       _("Unknown track “%s”."), key);
          return NULL;
        }
      g->track = (guint) t;
    }
  if (json_object_has_member (setup, "laps"))
    {
      if (!cb_read_uint (json_object_get_member (setup, "laps"), "laps", 9, &g->laps, error))
        return NULL;
      if (g->laps == 0)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                       _("A race has at least 1 lap."));
          return NULL;
        }
    }

  g->first = 0;
  if (json_object_has_member (setup, "first"))
    {
      const char *name = cb_read_string (json_object_get_member (setup, "first"), "first", error);
      int seat;
      if (name == NULL)
        return NULL;
      seat = cb_game_find_player (g, name);
      if (seat < 0)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                       _("“%s” does not play in this game."), name);
          return NULL;
        }
      g->first = (guint) seat;
    }

  /* Facts the group told in earlier games: card costs and fan-space rewards. */
  for (guint c = 0; c < CB_N_COLOURS; c++)
    g->setup_cost[c] = -1;
  cb_fan_unknown (g->setup_fan);
  if (json_object_has_member (setup, "costs"))
    {
      JsonObject *o = cb_read_object (json_object_get_member (setup, "costs"), "costs", error);
      JsonObjectIter iter;
      const char *member;
      JsonNode *value;

      if (o == NULL)
        return NULL;
      json_object_iter_init (&iter, o);
      while (json_object_iter_next (&iter, &member, &value))
        {
          int c = cb_card_lookup (member);
          guint cost;
          if (c < 0)
            {
              g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                           _("Unknown card “%s”."), member);
              return NULL;
            }
          if (!cb_read_uint (value, member, MAX_COUNT, &cost, error))
            return NULL;
          if (cost == 0)
            {
              g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                           _("A card costs at least 1 coin."));
              return NULL;
            }
          /* costs of cards this race does not use are remembered elsewhere, not here */
          if (g->cards[cb_card (c)->colour] == (guint) c)
            g->setup_cost[cb_card (c)->colour] = (int) cost;
        }
    }
  if (json_object_has_member (setup, "fan_track"))
    {
      JsonObject *o = cb_read_object (json_object_get_member (setup, "fan_track"), "fan_track", error);
      JsonObjectIter iter;
      const char *member;
      JsonNode *value;

      if (o == NULL)
        return NULL;
      json_object_iter_init (&iter, o);
      while (json_object_iter_next (&iter, &member, &value))
        {
          guint64 space = 0;
          JsonObject *e = cb_read_object (value, member, error);
          if (e == NULL)
            return NULL;
          if (!g_ascii_string_to_unsigned (member, 10, 1, CB_FAN_LAST_SPACE, &space, NULL)
              || json_object_has_member (e, "space"))
            {
              g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                           _("Fan-track spaces are numbered 1 to %u."), CB_FAN_LAST_SPACE);
              return NULL;
            }
          if (!read_fan_entry (e, (guint) space, g->setup_fan, error))
            return NULL;
        }
    }

  board_init (g);
  return g_steal_pointer (&g);
}

CbGame *
cb_game_copy (const CbGame *game)
{
  CbGame *g;

  g_return_val_if_fail (game != NULL, NULL);
  g = g_memdup2 (game, sizeof *game);
  for (guint s = 0; s < game->n_players; s++)
    g->names[s] = g_strdup (game->names[s]);
  return g;
}

void
cb_game_free (CbGame *game)
{
  if (game == NULL)
    return;
  for (guint s = 0; s < CB_MAX_PLAYERS; s++)
    g_free (game->names[s]);
  g_free (game);
}

static char *
node_to_text (JsonNode *node)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();

  json_generator_set_root (gen, node);
  return json_generator_to_data (gen, NULL);
}

static void
add_fan_facts (JsonBuilder *bld,
               const int    fan[N_FAN][2])
{
  json_builder_begin_object (bld);
  for (guint s = 1; s < N_FAN; s++)
    if (fan[s][0] >= 0)
      {
        char key[8];
        g_snprintf (key, sizeof key, "%u", s);
        json_builder_set_member_name (bld, key);
        json_builder_begin_object (bld);
        json_builder_set_member_name (bld, "credits");
        json_builder_add_int_value (bld, fan[s][0]);
        json_builder_set_member_name (bld, "supply");
        json_builder_add_int_value (bld, fan[s][1]);
        json_builder_end_object (bld);
      }
  json_builder_end_object (bld);
}

gboolean
cb_any_fan_fact (const int fan[N_FAN][2])
{
  for (guint s = 1; s < N_FAN; s++)
    if (fan[s][0] >= 0)
      return TRUE;
  return FALSE;
}

static void
add_costs (JsonBuilder  *bld,
           const CbGame *g,
           const int     cost[CB_N_COLOURS])
{
  json_builder_begin_object (bld);
  for (guint c = 0; c < CB_N_COLOURS; c++)
    if (cost[c] >= 0)
      {
        json_builder_set_member_name (bld, cb_card (g->cards[c])->key);
        json_builder_add_int_value (bld, cost[c]);
      }
  json_builder_end_object (bld);
}

char *
cb_game_dup_setup_text (const CbGame *g)
{
  g_autoptr(JsonBuilder) bld = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  gboolean any_cost = FALSE;

  g_return_val_if_fail (g != NULL, NULL);

  json_builder_begin_object (bld);
  json_builder_set_member_name (bld, "game");
  json_builder_add_string_value (bld, "cubitos");
  json_builder_set_member_name (bld, "version");
  json_builder_add_int_value (bld, DP_GAME_FORMAT_VERSION);
  json_builder_set_member_name (bld, "players");
  json_builder_begin_array (bld);
  for (guint s = 0; s < g->n_players; s++)
    json_builder_add_string_value (bld, g->names[s]);
  json_builder_end_array (bld);
  json_builder_set_member_name (bld, "race");
  if (g->race == 0)
    {
      json_builder_add_string_value (bld, "free");
      json_builder_set_member_name (bld, "cards");
      json_builder_begin_array (bld);
      for (guint c = 0; c < CB_N_COLOURS; c++)
        json_builder_add_string_value (bld, cb_card (g->cards[c])->key);
      json_builder_end_array (bld);
    }
  else
    json_builder_add_int_value (bld, g->race);
  json_builder_set_member_name (bld, "track");
  json_builder_add_string_value (bld, cb_track (g->track)->key);
  json_builder_set_member_name (bld, "laps");
  json_builder_add_int_value (bld, g->laps);
  json_builder_set_member_name (bld, "first");
  json_builder_add_string_value (bld, g->names[g->first]);
  for (guint c = 0; c < CB_N_COLOURS; c++)
    any_cost |= g->setup_cost[c] >= 0;
  if (any_cost)
    {
      json_builder_set_member_name (bld, "costs");
      add_costs (bld, g, g->setup_cost);
    }
  if (cb_any_fan_fact (g->setup_fan))
    {
      json_builder_set_member_name (bld, "fan_track");
      add_fan_facts (bld, g->setup_fan);
    }
  json_builder_end_object (bld);
  root = json_builder_get_root (bld);
  return node_to_text (root);
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

  if (o == NULL || !cb_check_keys (o, keys, error))
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
      JsonArray *arr = read_array (json_object_get_member (o, "lose"), "lose", error);
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
          if (e == NULL || !cb_check_keys (e, lose_keys, error)
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
  JsonArray *arr = read_array (node, "fan", error);

  if (arr == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (arr); i++)
    {
      JsonObject *e = cb_read_object (json_array_get_element (arr, i), "fan", error);
      guint space;
      if (e == NULL
          || !cb_read_uint (json_object_get_member (e, "space"), "space", CB_FAN_LAST_SPACE, &space, error)
          || !read_fan_entry (e, space, a->fan, error))
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
static gboolean
parse_action (const CbGame  *g,
              JsonObject    *o,
              CbAction      *a,
              GError       **error)
{
  static const char *const extras[N_ACTS][20] = {
    [ACT_REFILL]    = { "red_lines", "from_rest" },
    [ACT_BUST]      = { "fan" },
    [ACT_COLLECT]   = { "credits" },
    [ACT_MOVE]      = { "finish", "water", "landed", "beyond", "cost", "fan" },
    [ACT_BUY]       = { "cost" },
    [ACT_ABILITY]   = { "number", "face", "mandatory", "lose", "give", "die", "set", "other",
                        "dice", "from", "rolled", "rolled2", "take", "bonus", "cost", "fan",
                        "red_lines", "finish" },
  };
  const char *allowed[24];
  guint n_allowed = 0, n_verbs = 0;
  JsonNode *v;

  cb_action_init (a);
  for (guint t = 0; t < N_ACTS; t++)
    if (json_object_has_member (o, cb_act_keys[t]))
      {
        a->type = (ActType) t;
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
  if (!cb_check_keys (o, allowed, error))
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
        if (can_act (g, s))
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
    case ACT_REFILL:
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

    case ACT_ROLL:
      return cb_read_faces (v, "roll", a->faces, a->blank_given, error);

    case ACT_ABILITY:
      return cb_cards_parse (g, o, v, a, error);

    case ACT_PUSH:
    case ACT_PASS:
    case ACT_ANNOUNCE:
    case ACT_JET:
    case ACT_REST:
      return cb_read_true (v, cb_act_keys[a->type], error);

    case ACT_BUST:
      if (!cb_read_counts (v, "bust", a->counts, error))
        return FALSE;
      return !json_object_has_member (o, "fan")
             || cb_read_fan_told (json_object_get_member (o, "fan"), a, error);

    case ACT_COLLECT:
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

    case ACT_REDEEM:
    case ACT_BUY_STEPS:
    case ACT_SHORTCUT:
      if (!cb_read_uint (v, cb_act_keys[a->type], MAX_COUNT, &a->n, error))
        return FALSE;
      if (a->n == 0)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("“%s” must be at least 1."), cb_act_keys[a->type]);
          return FALSE;
        }
      return TRUE;

    case ACT_MOVE:
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

    case ACT_BUY:
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

    case N_ACTS:
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
    case ACT_REFILL:
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

    case ACT_ROLL:
      cb_build_faces (bld, a->faces);
      break;

    case ACT_ABILITY:
      cb_cards_build (g, a, bld);
      break;

    case ACT_PUSH:
    case ACT_PASS:
    case ACT_ANNOUNCE:
    case ACT_JET:
    case ACT_REST:
      json_builder_add_boolean_value (bld, TRUE);
      break;

    case ACT_BUST:
      cb_build_counts (bld, a->counts);
      if (cb_any_fan_fact (a->fan))
        cb_build_fan_told (bld, a->fan);
      break;

    case ACT_COLLECT:
      json_builder_add_boolean_value (bld, TRUE);
      if (!a->take_credits)
        {
          json_builder_set_member_name (bld, "credits");
          json_builder_add_boolean_value (bld, FALSE);
        }
      break;

    case ACT_REDEEM:
    case ACT_BUY_STEPS:
    case ACT_SHORTCUT:
      json_builder_add_int_value (bld, a->n);
      break;

    case ACT_MOVE:
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

    case ACT_BUY:
      json_builder_add_string_value (bld, cb_kind_to_string (a->kind));
      if (a->cost >= 0)
        {
          json_builder_set_member_name (bld, "cost");
          json_builder_add_int_value (bld, a->cost);
        }
      break;

    case N_ACTS:
    default:
      g_assert_not_reached ();
    }
  json_builder_end_object (bld);
  root = json_builder_get_root (bld);
  return node_to_text (root);
}

/* ---- applying actions ---- */

static const char *
phase_name (CbPhase phase)
{
  switch (phase)
    {
    /* Translators: the phases of a Cubitos round, as on the round overview */
    case CB_PHASE_REFILL:    return _("refill");
    case CB_PHASE_ROLL:      return _("roll");
    case CB_PHASE_DECIDE:    return _("push or pass");
    case CB_PHASE_BUST:      return _("bust");
    case CB_PHASE_ROLL_DONE: return _("end of the roll section");
    case CB_PHASE_SUPPORT:   return _("support");
    case CB_PHASE_MOVE:      return _("move");
    case CB_PHASE_SHOP:      return _("shop");
    case CB_PHASE_RESTED:    return _("rest");
    case CB_PHASE_OUT:       return _("sitting out the tie-break");
    default:                 return "";
    }
}

static gboolean
wrong_phase (const CbGame  *g,
             guint          seat,
             ActType        type,
             GError       **error)
{
  const char *when;
  CbPhase phase = g->b.p[seat].phase;

  switch (type)
    {
    case ACT_REFILL:    when = _("The ready area is refilled in phase 1."); break;
    case ACT_ROLL:      when = _("Dice are rolled in phase 2."); break;
    case ACT_PUSH:
    case ACT_PASS:      when = _("You push or pass in phase 3, after a roll."); break;
    case ACT_BUST:      when = _("A bust is resolved right after the roll that busted."); break;
    case ACT_COLLECT:   when = _("Dice faces are collected in phase 5 (support)."); break;
    case ACT_ANNOUNCE:  when = _("Swords are announced in phase 5 (support)."); break;
    case ACT_REDEEM:    when = _("Credits become coins only in the race section, phases 5 to 7."); break;
    case ACT_BUY_STEPS:
    case ACT_MOVE:
    case ACT_JET:
    case ACT_SHORTCUT:  when = _("Runners move in phase 6."); break;
    case ACT_BUY:       when = _("Dice are bought in phase 7 (shop)."); break;
    case ACT_REST:      when = _("You rest in phase 8, after shopping."); break;
    case N_ACTS:
    default:            when = ""; break;
    }
  if (g->b.finished)
    g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL, _("The race is over."));
  else
    g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                 /* Translators: "<rule> Now <player> is in phase <n> (<phase name>)." */
                 _("%s Now %s is in phase %u (%s)."),
                 when, g->names[seat], cb_phase_number (phase), phase_name (phase));
  return FALSE;
}

static gboolean
learn_cost (CbGame  *g,
            guint    colour,
            int      told,
            GError **error)
{
  int known = g->b.cost[colour];

  if (told < 0)
    return TRUE;
  if (told == 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("A card costs at least 1 coin."));
      return FALSE;
    }
  if (known >= 0 && known != told)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("%s costs %d coins, as told before."), cb_card_name (g->cards[colour]), known);
      return FALSE;
    }
  g->b.cost[colour] = told;
  return TRUE;
}

/* Fankurve (p. 11): each advance enters the next space and takes its credits and supply
 * tokens; on space 13 each further advance gives CB_FAN_PAST_LAST_CREDITS credits. */
gboolean
cb_advance_fans (CbGame     *g,
              guint       seat,
              guint       n,
              gboolean    take_credits,
              const int (*told)[2],
              guint      *entered,
              GError    **error)
{
  CbPlayer *p = &g->b.p[seat];

  for (guint i = 0; i < n; i++)
    {
      guint s;
      int *known;

      if (p->fans >= CB_FAN_LAST_SPACE)
        {
          if (take_credits)
            {
              p->credits += CB_FAN_PAST_LAST_CREDITS;
              p->took_credit = TRUE;
            }
          continue;
        }
      s = p->fans + 1;
      known = g->b.fan_reward[s];
      if (told != NULL && told[s][0] >= 0)
        {
          if (known[0] >= 0 && (known[0] != told[s][0] || known[1] != told[s][1]))
            {
              g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                           _("Fan-track space %u shows %d credits and %d supply tokens, as told before."),
                           s, known[0], known[1]);
              return FALSE;
            }
          known[0] = told[s][0];
          known[1] = told[s][1];
        }
      if (known[0] < 0)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       _("Say what fan-track space %u shows: how many credits and supply tokens."), s);
          return FALSE;
        }
      p->fans = s;
      if (entered != NULL)
        *entered |= 1u << s;
      if (take_credits && known[0] > 0)
        {
          p->credits += (guint) known[0];
          p->took_credit = TRUE;
        }
      p->supply_tokens += (guint) known[1];
    }
  return TRUE;
}

gboolean
cb_check_told_entered (const int   told[N_FAN][2],
                    guint       entered,
                    GError    **error)
{
  for (guint s = 1; s < N_FAN; s++)
    if (told[s][0] >= 0 && !(entered & (1u << s)))
      {
        g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                     _("This does not bring the runner onto fan-track space %u."), s);
        return FALSE;
      }
  return TRUE;
}

/* „Würfel abgeben“ (p. 11): back into the supply, from the area chosen. */
gboolean
cb_lose_die (CbGame  *g,
          guint    seat,
          CbZone   zone,
          CbKind   kind,
          GError **error)
{
  CbPlayer *p = &g->b.p[seat];

  if (kind == CB_KIND_TOP_DOG)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("The top dog die can never be given back."));
      return FALSE;
    }
  if (p->dice[zone][kind] == 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   /* Translators: "No light grey die is in your rest zone." */
                   _("No %s die is in your %s."), cb_kind_get_name (kind), cb_zone_name (zone));
      return FALSE;
    }
  if (zone == CB_ZONE_ACTIVE)
    remove_active (p, kind, -1);
  else
    p->dice[zone][kind]--;
  g->b.supply[kind]++;
  p->lost_die = TRUE;
  /* a die taken for this round only (Draftodon, Mungojerrie) is the one that goes back
   * first: it has to go back anyway („egal wo er sich dann befindet“) */
  if (p->to_return[kind] > 0)
    p->to_return[kind]--;
  return TRUE;
}

gboolean
cb_take_die (CbGame  *g,
          guint    seat,
          CbKind   kind,
          CbZone   zone,
          CbFace   face,
          int      max_cost,
          int      cost,
          GError **error)
{
  CbPlayer *p = &g->b.p[seat];

  if (kind == CB_KIND_TOP_DOG)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("The top dog die cannot be bought or taken."));
      return FALSE;
    }
  if (g->b.supply[kind] == 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("No %s dice are left in the supply."), cb_kind_get_name (kind));
      return FALSE;
    }
  if (CB_KIND_IS_COLOUR (kind) && !learn_cost (g, CB_COLOUR_OF (kind), cost, error))
    return FALSE;
  if (CB_KIND_IS_GREY (kind) && cost > 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("Starting dice count as costing 0."));
      return FALSE;
    }
  if (max_cost >= 0)
    {
      int c = cb_die_cost (&g->b, kind);
      if (c < 0)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       _("Say what %s costs (“cost”)."), cb_card_name (card_of (g, kind)));
          return FALSE;
        }
      if (c > max_cost)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       _("A %s die costs %d, more than %d."), cb_kind_get_name (kind), c, max_cost);
          return FALSE;
        }
    }
  if (zone == CB_ZONE_ACTIVE && cb_kind_count_face (kind, face) == 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("A %s die has no “%s” face."), cb_kind_get_name (kind), cb_face_get_name (face));
      return FALSE;
    }
  g->b.supply[kind]--;
  if (zone == CB_ZONE_ACTIVE)
    cb_add_active (p, kind, face);
  else
    p->dice[zone][kind]++;
  return TRUE;
}

/* Dice that count toward the limit (p. 8): not the top dog, not the kinds ignored. */
static gboolean
counts_for_limit (const CbPlayer *p,
                  guint           k)
{
  return k != CB_KIND_TOP_DOG && !(p->ignore_mask & (1u << k));
}

static guint
limit_of (const CbPlayer *p)
{
  return CB_BASE_LIMIT + p->supply_tokens + p->red_lines;
}

/* Phase 1 (p. 8): fill the ready area up to the limit with dice of the player's choice
 * from the draw area; when the draw area runs short, take all of it, put the whole rest
 * zone into the draw area and go on. Dice already above the limit stay. */
static gboolean
apply_refill (CbGame         *g,
              const CbAction *a,
              GError        **error)
{
  CbPlayer *p = &g->b.p[a->player];
  guint counted_ready = 0, counted_draw = 0, counted_both = 0, chosen = 0, need;
  gboolean reshuffle;

  p->red_lines = a->n;
  if (p->no_limit)
    {
      /* Uppercut-Uwe: any dice from any areas, no limit */
      for (guint k = 0; k < CB_N_KINDS; k++)
        if (a->counts[k] > p->dice[CB_ZONE_DRAW][k]
            || a->from_rest[k] > p->dice[CB_ZONE_REST][k])
          {
            g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                         _("You do not have that many %s dice there."), cb_kind_get_name ((CbKind) k));
            return FALSE;
          }
      for (guint k = 0; k < CB_N_KINDS; k++)
        {
          p->dice[CB_ZONE_DRAW][k] -= a->counts[k];
          p->dice[CB_ZONE_REST][k] -= a->from_rest[k];
          p->dice[CB_ZONE_READY][k] += a->counts[k] + a->from_rest[k];
        }
      p->phase = CB_PHASE_ROLL;
      return TRUE;
    }
  if (a->has_from_rest)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("Dice come from the rest zone only when the refill has no limit."));
      return FALSE;
    }

  for (guint k = 0; k < CB_N_KINDS; k++)
    if (counts_for_limit (p, k))
      {
        counted_ready += p->dice[CB_ZONE_READY][k];
        counted_draw += p->dice[CB_ZONE_DRAW][k];
        counted_both += p->dice[CB_ZONE_DRAW][k] + p->dice[CB_ZONE_REST][k];
        chosen += a->counts[k];
      }
  need = limit_of (p) > counted_ready ? limit_of (p) - counted_ready : 0;
  reshuffle = counted_draw < need;

  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      guint avail = p->dice[CB_ZONE_DRAW][k] + (reshuffle ? p->dice[CB_ZONE_REST][k] : 0);
      if (a->counts[k] > avail)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       reshuffle ? _("You do not have that many %s dice in your draw area and rest zone.")
                                 : _("You do not have that many %s dice in your draw area."),
                       cb_kind_get_name ((CbKind) k));
          return FALSE;
        }
      if (reshuffle && counts_for_limit (p, k) && a->counts[k] < p->dice[CB_ZONE_DRAW][k])
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       _("Your draw area runs short: take all of it first, then choose from the rest zone."));
          return FALSE;
        }
    }
  if (chosen != MIN (need, counted_both))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   g_dngettext (GETTEXT_PACKAGE,
                                "Refill exactly %u die that counts toward your limit.",
                                "Refill exactly %u dice that count toward your limit.",
                                MIN (need, counted_both)),
                   MIN (need, counted_both));
      return FALSE;
    }
  if (reshuffle)
    move_all (p, CB_ZONE_REST, CB_ZONE_DRAW);
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      p->dice[CB_ZONE_DRAW][k] -= a->counts[k];
      p->dice[CB_ZONE_READY][k] += a->counts[k];
    }
  p->phase = CB_PHASE_ROLL;
  return TRUE;
}

/* Checks a roll entry against the dice and fills in the implied blanks. */
gboolean
cb_check_roll (const guint     available[CB_N_KINDS],
               const guint     in_faces[CB_N_KINDS][CB_N_FACES],
               const gboolean  blank_given[CB_N_KINDS],
               guint           faces[CB_N_KINDS][CB_N_FACES],
               guint          *n_hits,
               GError        **error)
{
  *n_hits = 0;
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      guint hits = 0;
      for (guint f = 1; f < CB_N_FACES; f++)
        {
          if (in_faces[k][f] > 0 && cb_kind_count_face ((CbKind) k, (CbFace) f) == 0)
            {
              g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                           _("A %s die has no “%s” face."),
                           cb_kind_get_name ((CbKind) k), cb_face_get_name ((CbFace) f));
              return FALSE;
            }
          hits += in_faces[k][f];
        }
      if (hits + (blank_given[k] ? in_faces[k][CB_FACE_BLANK] : 0) > available[k])
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "Only %u %s die was rolled.",
                                    "Only %u %s dice were rolled.", available[k]),
                       available[k], cb_kind_get_name ((CbKind) k));
          return FALSE;
        }
      if (blank_given[k] && hits + in_faces[k][CB_FACE_BLANK] != available[k])
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "%u %s die was rolled: the faces must add up to that.",
                                    "%u %s dice were rolled: the faces must add up to that.",
                                    available[k]),
                       available[k], cb_kind_get_name ((CbKind) k));
          return FALSE;
        }
      for (guint f = 1; f < CB_N_FACES; f++)
        faces[k][f] = in_faces[k][f];
      faces[k][CB_FACE_BLANK] = available[k] - hits;
      *n_hits += hits;
    }
  return TRUE;
}

/* Phase 2 (p. 8): all ready dice are rolled; no hit while in danger is a bust;
 * otherwise phase 3 puts the hits into the active area. */
static gboolean
apply_roll (CbGame         *g,
            const CbAction *a,
            GError        **error)
{
  CbPlayer *p = &g->b.p[a->player];
  guint faces[CB_N_KINDS][CB_N_FACES];
  guint hits;
  gboolean was_push = p->pushed;

  if (!cb_check_roll (p->dice[CB_ZONE_READY], a->faces, a->blank_given, faces, &hits, error))
    return FALSE;
  if (was_push && !cb_cards_check_mandatory (g, a->player, CB_CHECK_ROLL, error))
    return FALSE;
  p->pushed = FALSE;
  if (hits == 0 && p->danger && !p->safe_roll)
    {
      p->phase = CB_PHASE_BUST;
      p->safe_roll = FALSE;
      cb_cards_after_roll (g, a->player, was_push, TRUE);
      return TRUE;
    }
  p->safe_roll = FALSE;
  for (guint k = 0; k < CB_N_KINDS; k++)
    for (guint f = 1; f < CB_N_FACES; f++)
      for (guint i = 0; i < faces[k][f]; i++)
        {
          p->dice[CB_ZONE_READY][k]--;
          cb_add_active (p, (CbKind) k, (CbFace) f);
        }
  p->phase = CB_PHASE_DECIDE;
  cb_cards_after_roll (g, a->player, was_push, FALSE);
  return TRUE;
}

static void
start_race_section_if_ready (CbGame *g)
{
  for (guint s = 0; s < g->n_players; s++)
    if (cb_is_participant (&g->b, s) && g->b.p[s].phase != CB_PHASE_ROLL_DONE)
      return;
  /* p. 9, 4: everyone has turned the round overview to red */
  for (guint s = 0; s < g->n_players; s++)
    if (cb_is_participant (&g->b, s))
      g->b.p[s].phase = CB_PHASE_SUPPORT;
  g->b.red_done = FALSE;
  g->b.red_winner = -1;
}

/* p. 11 „vergleichen“: once every player has announced, the red card is evaluated once.
 * Nobody has "most" swords when the most is 0 (our reading; docs/cubitos-notes.md). */
static void
evaluate_red_card (CbGame *g)
{
  const CbCard *card = cb_card (g->cards[0]);
  guint most = 0, n_most = 0;

  g->b.red_done = TRUE;
  g->b.red_winner = -1;
  if (card->tie == CB_TIE_EVERYONE)
    return;
  for (guint s = 0; s < g->n_players; s++)
    if (cb_is_participant (&g->b, s))
      most = MAX (most, g->b.p[s].swords);
  if (most == 0)
    return;
  for (guint s = 0; s < g->n_players; s++)
    if (cb_is_participant (&g->b, s) && g->b.p[s].swords == most)
      {
        n_most++;
        g->b.red_winner = (int) s;
      }
  if (n_most == 1)
    return;
  g->b.red_winner = -1;
  if (card->tie == CB_TIE_TOP_DOG)
    /* „wer … die Nase vorn hat oder im Uhrzeigersinn näher an der Person sitzt“ */
    for (guint i = 0; i < g->n_players; i++)
      {
        guint s = (g->b.top_dog + i) % g->n_players;
        if (cb_is_participant (&g->b, s) && g->b.p[s].swords == most)
          {
            g->b.red_winner = (int) s;
            return;
          }
      }
}

static gboolean
enter_move_phase (CbGame  *g,
                  guint    seat,
                  ActType  type,
                  GError **error)
{
  CbPlayer *p = &g->b.p[seat];

  if (p->phase == CB_PHASE_MOVE)
    return TRUE;
  if (p->phase != CB_PHASE_SUPPORT)
    return wrong_phase (g, seat, type, error);
  if (!p->announced)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("Announce your swords before you move on to phase 6."));
      return FALSE;
    }
  if (!g->b.red_done)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("Wait until everyone has announced their swords: the red card comes first."));
      return FALSE;
    }
  /* p. 9, 5: „Verpflichtende Fähigkeiten musst du ausführen“ */
  if (!cb_cards_check_mandatory (g, seat, CB_CHECK_MOVE, error))
    return FALSE;
  p->phase = CB_PHASE_MOVE;
  p->moved = FALSE;
  return TRUE;
}

static void
start_round (CbGame *g)
{
  CbBoard *b = &g->b;

  b->round++;
  b->red_done = FALSE;
  b->red_winner = -1;
  for (guint s = 0; s < g->n_players; s++)
    {
      CbPlayer *p = &b->p[s];
      p->phase = cb_is_participant (b, s) ? CB_PHASE_REFILL : CB_PHASE_OUT;
      p->danger = p->busted = p->collected = p->announced = p->safe_roll = FALSE;
      p->swords = p->coins = p->steps = p->red_lines = p->bought = 0;
      p->moved = p->took_credit = p->lost_die = FALSE;
      p->pushed = p->must_push = p->keep_on_bust = p->red_used = p->shop_started = p->pre_shop = FALSE;
      p->water = 0;
      p->ignore_mask = p->ignore_mask_next;
      p->no_limit = p->no_limit_next;
      p->ignore_mask_next = 0;
      p->no_limit_next = FALSE;
    }
}

/* End of round (p. 9, 8 and p. 10 „Spielende“). */
static void
end_round_if_ready (CbGame *g)
{
  CbBoard *b = &g->b;
  guint finishers = 0, n_fin = 0, best = 0, n_best = 0, best_mask = 0;
  guint holder, next;

  for (guint s = 0; s < g->n_players; s++)
    if (cb_is_participant (b, s) && b->p[s].phase != CB_PHASE_RESTED)
      return;

  for (guint s = 0; s < g->n_players; s++)
    if (cb_is_participant (b, s) && b->p[s].finished)
      {
        finishers |= 1u << s;
        n_fin++;
      }
  if (n_fin == 1)
    {
      b->finished = TRUE;
      b->winners = finishers;
      return;
    }
  if (n_fin > 1)
    {
      /* several finishers: farthest beyond the start wins; still tied: another round */
      for (guint s = 0; s < g->n_players; s++)
        if (finishers & (1u << s))
          best = MAX (best, (guint) MAX (b->p[s].beyond, 0));
      for (guint s = 0; s < g->n_players; s++)
        if ((finishers & (1u << s)) && (guint) MAX (b->p[s].beyond, 0) == best)
          {
            best_mask |= 1u << s;
            n_best++;
          }
      if (n_best == 1)
        {
          b->finished = TRUE;
          b->winners = best_mask;
          return;
        }
      b->tiebreak = TRUE;
      b->participants = best_mask;
    }

  /* p. 9, 8: the top dog passes clockwise and goes into the new holder's ready area */
  holder = b->top_dog;
  next = next_participant (g, holder);
  for (guint z = 0; z < CB_N_ZONES; z++)
    if (b->p[holder].dice[z][CB_KIND_TOP_DOG] > 0)
      {
        if (z == CB_ZONE_ACTIVE)
          remove_active (&b->p[holder], CB_KIND_TOP_DOG, -1);
        else
          b->p[holder].dice[z][CB_KIND_TOP_DOG]--;
      }
  b->p[next].dice[CB_ZONE_READY][CB_KIND_TOP_DOG] = 1;
  b->top_dog = next;
  start_round (g);
}

static gboolean
apply_move (CbGame         *g,
            const CbAction *a,
            GError        **error)
{
  CbPlayer *p = &g->b.p[a->player];

  if (!enter_move_phase (g, a->player, ACT_MOVE, error))
    return FALSE;
  if (a->n > p->steps)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   g_dngettext (GETTEXT_PACKAGE, "You have only %u step.",
                                "You have only %u steps.", p->steps),
                   p->steps);
      return FALSE;
    }
  if (a->finish)
    {
      if (a->n == 0)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       _("A runner reaches the finish by moving."));
          return FALSE;
        }
      if (p->finished)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       _("Your runner has already finished the race."));
          return FALSE;
        }
    }
  /* p. 11 „Übers Wasser gehen“: only with an ability (Jesus Huanako, Dalai) */
  if (a->water > a->n)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("A move enters at most as many water spaces as it has steps."));
      return FALSE;
    }
  if (a->water > p->water)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   g_dngettext (GETTEXT_PACKAGE,
                                "Your runner may enter only %u water space this round.",
                                "Your runner may enter only %u water spaces this round.", p->water),
                   p->water);
      return FALSE;
    }
  p->water -= a->water;
  p->steps -= a->n;
  p->spaces += a->n;
  if (a->n > 0)
    p->moved = TRUE;
  if (a->finish && ++p->laps_done >= g->laps)
    p->finished = TRUE;
  if (!a->has_landed)
    return TRUE;

  /* End of phase 6 (p. 9–10): the bonuses of the space the runner stands on, only when
   * that is another space than at the start of the phase. */
  if (!p->moved && (a->l_credits || a->l_fans || a->n_lose || a->has_take))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("Your runner did not move this phase, so it gets no bonus."));
      return FALSE;
    }
  if (p->finished)
    {
      if (a->beyond < 0)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       _("Your runner has finished: say how many spaces beyond the start it stands (“beyond”)."));
          return FALSE;
        }
      p->beyond = a->beyond;
    }
  else if (a->beyond >= 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("Only a runner that has finished tells how far beyond the start it went."));
      return FALSE;
    }
  if (!cb_apply_bonus (g, a->player, a, error))
    return FALSE;
  p->phase = CB_PHASE_SHOP;
  p->shop_started = p->pre_shop = FALSE;
  return TRUE;
}

/* p. 10 „Boni der Felder“, in the order of the rulebook: credits, fans, dice given
 * back, a die taken. Also Bob's bonus. */
gboolean
cb_apply_bonus (CbGame         *g,
                guint           seat,
                const CbAction *a,
                GError        **error)
{
  CbPlayer *p = &g->b.p[seat];
  guint entered = 0;

  if (a->cost >= 0 && !a->has_take)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("A cost is told only for a die taken."));
      return FALSE;
    }
  if (a->l_credits > 0)
    {
      p->credits += a->l_credits;
      p->took_credit = TRUE;
    }
  if (!cb_advance_fans (g, seat, a->l_fans, TRUE, a->fan, &entered, error)
      || !cb_check_told_entered (a->fan, entered, error))
    return FALSE;
  for (guint i = 0; i < a->n_lose; i++)
    if (!cb_lose_die (g, seat, a->lose_zone[i], a->lose_kind[i], error))
      return FALSE;
  if (a->has_take
      && !cb_take_die (g, seat, a->take, CB_ZONE_REST, CB_FACE_BLANK, a->max_cost, a->cost, error))
    return FALSE;
  return TRUE;
}

static gboolean
apply_buy (CbGame         *g,
           const CbAction *a,
           GError        **error)
{
  CbPlayer *p = &g->b.p[a->player];
  guint colour;
  int cost;

  if (!CB_KIND_IS_COLOUR (a->kind))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("Only ability dice are bought: %s dice have no card."),
                   cb_kind_get_name (a->kind));
      return FALSE;
    }
  colour = CB_COLOUR_OF (a->kind);
  /* p. 9, 7: up to 2 different new dice */
  if (p->bought & (1u << colour))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("You already bought a %s die this round: the dice you buy must differ."),
                   cb_kind_get_name (a->kind));
      return FALSE;
    }
  if (p->bought != 0 && (p->bought & (p->bought - 1)) != 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("You may buy at most 2 dice a round."));
      return FALSE;
    }
  if (g->b.supply[a->kind] == 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("No %s dice are left in the supply."), cb_kind_get_name (a->kind));
      return FALSE;
    }
  if (!learn_cost (g, colour, a->cost, error))
    return FALSE;
  cost = g->b.cost[colour];
  if (cost < 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("Say what %s costs (“cost”): it is printed on the card."),
                   cb_card_name (g->cards[colour]));
      return FALSE;
    }
  if ((guint) cost > p->coins)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   g_dngettext (GETTEXT_PACKAGE,
                                "A %s die costs %d coins; you have %u coin.",
                                "A %s die costs %d coins; you have %u coins.", p->coins),
                   cb_kind_get_name (a->kind), cost, p->coins);
      return FALSE;
    }
  p->coins -= (guint) cost;
  g->b.supply[a->kind]--;
  p->dice[CB_ZONE_REST][a->kind]++;
  p->bought |= 1u << colour;
  p->n_bought++;
  return TRUE;
}

/* Phase 8 (p. 9): active dice to the rest zone, unspent coins are lost. */
static void
apply_rest (CbGame *g,
            guint   seat)
{
  CbPlayer *p = &g->b.p[seat];

  move_all (p, CB_ZONE_ACTIVE, CB_ZONE_REST);
  p->coins = 0;
  p->steps = 0;
  /* dice taken for this round only go back, wherever they are */
  for (guint k = 0; k < CB_N_KINDS; k++)
    for (; p->to_return[k] > 0; p->to_return[k]--)
      {
        static const CbZone order[] = { CB_ZONE_REST, CB_ZONE_READY, CB_ZONE_DRAW };
        for (guint i = 0; i < G_N_ELEMENTS (order); i++)
          if (p->dice[order[i]][k] > 0)
            {
              p->dice[order[i]][k]--;
              g->b.supply[k]++;
              break;
            }
      }
  p->phase = CB_PHASE_RESTED;
}

/* Applies @a to @g; on error @g may be half-changed: callers work on a scratch copy. */
static gboolean
apply_action (CbGame         *g,
              const CbAction *a,
              GError        **error)
{
  CbPlayer *p = &g->b.p[a->player];
  CbPhase phase = p->phase;

  if (g->b.finished)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL, _("The race is over."));
      return FALSE;
    }
  if (!cb_is_participant (&g->b, a->player))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("%s sits out the tie-break round."), g->names[a->player]);
      return FALSE;
    }
  /* p. 7 „Sofort … nicht später“: once the player does anything else, the dice that just
   * entered are no longer fresh, and the event they could answer is over. */
  if (a->type != ACT_ABILITY)
    for (guint i = 0; i < p->n_act; i++)
      p->act[i].flags &= (guint8) ~(CB_DIE_FRESH | CB_DIE_EVENT);

  switch (a->type)
    {
    case ACT_REFILL:
      if (phase != CB_PHASE_REFILL)
        return wrong_phase (g, a->player, a->type, error);
      return apply_refill (g, a, error);

    case ACT_ROLL:
      if (phase != CB_PHASE_ROLL)
        return wrong_phase (g, a->player, a->type, error);
      return apply_roll (g, a, error);

    case ACT_PUSH:
      if (phase != CB_PHASE_DECIDE)
        return wrong_phase (g, a->player, a->type, error);
      /* p. 9, 3: with no dice left in the ready area you must pass */
      if (cb_zone_total (p, CB_ZONE_READY) == 0)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       _("Your ready area is empty: you must pass."));
          return FALSE;
        }
      p->phase = CB_PHASE_ROLL;
      p->pushed = TRUE;
      p->must_push = FALSE;
      return TRUE;

    case ACT_PASS:
      if (phase != CB_PHASE_DECIDE)
        return wrong_phase (g, a->player, a->type, error);
      if (!cb_cards_check_mandatory (g, a->player, CB_CHECK_PASS, error))
        return FALSE;
      p->phase = CB_PHASE_ROLL_DONE;
      start_race_section_if_ready (g);
      return TRUE;

    case ACT_BUST:
      {
        guint entered = 0;
        if (phase != CB_PHASE_BUST)
          return wrong_phase (g, a->player, a->type, error);
        for (guint k = 0; k < CB_N_KINDS; k++)
          if (a->counts[k] > p->dice[CB_ZONE_READY][k])
            {
              g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                           _("You do not have that many %s dice in your ready area."),
                           cb_kind_get_name ((CbKind) k));
              return FALSE;
            }
        /* p. 8 „Fehlwurf“: active → rest; any ready dice → rest; 1 fan with its reward */
        if (p->keep_on_bust)
          {
            /* Punk Grapefruit: green and grey dice stay active (p. 13) */
            for (guint i = p->n_act; i-- > 0;)
              {
                CbKind k = (CbKind) p->act[i].kind;
                if (k != CB_KIND_GREEN && !CB_KIND_IS_GREY (k))
                  {
                    cb_remove_active_at (p, i);
                    p->dice[CB_ZONE_REST][k]++;
                  }
              }
          }
        else
          move_all (p, CB_ZONE_ACTIVE, CB_ZONE_REST);
        for (guint k = 0; k < CB_N_KINDS; k++)
          {
            p->dice[CB_ZONE_READY][k] -= a->counts[k];
            p->dice[CB_ZONE_REST][k] += a->counts[k];
          }
        if (!cb_advance_fans (g, a->player, 1, TRUE, a->fan, &entered, error)
            || !cb_check_told_entered (a->fan, entered, error))
          return FALSE;
        p->busted = TRUE;
        p->n_busts++;
        p->phase = CB_PHASE_ROLL_DONE;
        start_race_section_if_ready (g);
        return TRUE;
      }

    case ACT_COLLECT:
      if (phase != CB_PHASE_SUPPORT)
        return wrong_phase (g, a->player, a->type, error);
      {
        gboolean any = !p->collected;
        for (guint i = 0; i < p->n_act; i++)
          if (!(p->act[i].flags & CB_DIE_COLLECTED))
            any = TRUE;
        if (!any)
          {
            g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                         _("You have already collected what your dice show this round."));
            return FALSE;
          }
      }
      /* p. 7 „Unterstützung“: coin, step and credit faces are support abilities; dice
       * that become active later in phase 5 are collected by another "collect" */
      for (guint i = 0; i < p->n_act; i++)
        {
          CbFace f = (CbFace) p->act[i].face;
          if (p->act[i].flags & CB_DIE_COLLECTED)
            continue;
          p->act[i].flags |= CB_DIE_COLLECTED;
          p->coins += cb_face_coins (f);
          p->steps += cb_face_steps (f);
          if (a->take_credits && cb_face_credits (f) > 0)
            {
              p->credits += cb_face_credits (f);
              p->took_credit = TRUE;
            }
        }
      p->collected = TRUE;
      return TRUE;

    case ACT_ANNOUNCE:
      if (phase != CB_PHASE_SUPPORT)
        return wrong_phase (g, a->player, a->type, error);
      if (p->announced)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       _("You have already announced your swords; the number cannot change."));
          return FALSE;
        }
      /* p. 11: only swords on active dice count; some red cards count a special as 2 */
      p->swords = p->active_face[CB_KIND_RED][CB_FACE_TEAM]
                  + p->active_face[CB_KIND_RED][CB_FACE_SPECIAL]
                    * (cb_card (g->cards[0])->double_swords ? 2 : 1);
      p->announced = TRUE;
      {
        gboolean all = TRUE;
        for (guint s = 0; s < g->n_players; s++)
          if (cb_is_participant (&g->b, s) && !g->b.p[s].announced)
            all = FALSE;
        if (all)
          evaluate_red_card (g);
      }
      return TRUE;

    case ACT_REDEEM:
      if (phase != CB_PHASE_SUPPORT && phase != CB_PHASE_MOVE && phase != CB_PHASE_SHOP)
        return wrong_phase (g, a->player, a->type, error);
      if (a->n > p->credits)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       g_dngettext (GETTEXT_PACKAGE, "You have only %u credit.",
                                    "You have only %u credits.", p->credits),
                       p->credits);
          return FALSE;
        }
      p->credits -= a->n;
      p->coins += a->n;
      return TRUE;

    case ACT_BUY_STEPS:
      if (!enter_move_phase (g, a->player, a->type, error))
        return FALSE;
      /* p. 9, 6: 4 coins buy 1 step, as often as you like */
      if (a->n * CB_COINS_PER_STEP > p->coins)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "%u step costs %u coins; you have %u.",
                                    "%u steps cost %u coins; you have %u.", a->n),
                       a->n, a->n * CB_COINS_PER_STEP, p->coins);
          return FALSE;
        }
      p->coins -= a->n * CB_COINS_PER_STEP;
      p->steps += a->n;
      return TRUE;

    case ACT_MOVE:
      return apply_move (g, a, error);

    case ACT_JET:
      if (!enter_move_phase (g, a->player, a->type, error))
        return FALSE;
      /* p. 10 „Düsenantrieb“: doubles the steps left, and the water spaces they may
       * enter (p. 14, Jesus Huanako, Dalai) */
      p->steps *= 2;
      p->water *= 2;
      return TRUE;

    case ACT_SHORTCUT:
      if (!enter_move_phase (g, a->player, a->type, error))
        return FALSE;
      /* p. 10 „Abkürzung“: paid in steps (the example: 10 steps, pay 7, walk 3 more) */
      if (a->n > p->steps)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       g_dngettext (GETTEXT_PACKAGE, "You have only %u step.",
                                    "You have only %u steps.", p->steps),
                       p->steps);
          return FALSE;
        }
      p->steps -= a->n;
      p->moved = TRUE;
      return TRUE;

    case ACT_BUY:
      if (phase != CB_PHASE_SHOP)
        {
          if (phase == CB_PHASE_MOVE || phase == CB_PHASE_SUPPORT)
            {
              g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                           _("Finish phase 6 first: say where your runner landed."));
              return FALSE;
            }
          return wrong_phase (g, a->player, a->type, error);
        }
      if (!cb_cards_check_mandatory (g, a->player, CB_CHECK_SHOP, error))
        return FALSE;
      p->shop_started = TRUE;
      return apply_buy (g, a, error);

    case ACT_REST:
      if (phase != CB_PHASE_SHOP)
        return wrong_phase (g, a->player, a->type, error);
      if (!cb_cards_check_mandatory (g, a->player, CB_CHECK_SHOP, error))
        return FALSE;
      p->shop_started = TRUE;
      apply_rest (g, a->player);
      end_round_if_ready (g);
      return TRUE;

    case ACT_ABILITY:
      if (!cb_cards_apply (g, a, error))
        return FALSE;
      p->n_abilities++;
      return TRUE;

    case N_ACTS:
    default:
      g_assert_not_reached ();
    }
}

/* Runs @fn on a scratch copy and keeps the result only when it succeeded. */
static gboolean
commit_action (CbGame         *game,
               const CbAction *a,
               GError        **error)
{
  CbGame scratch = *game;   /* names are shared, never freed through scratch */

  if (!apply_action (&scratch, a, error))
    return FALSE;
  game->b = scratch.b;
  return TRUE;
}

gboolean
cb_game_apply_json (CbGame      *game,
                    JsonObject  *action,
                    GError     **error)
{
  CbAction a;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (!parse_action (game, action, &a, error))
    return FALSE;
  return commit_action (game, &a, error);
}

static JsonObject *
parse_text (const char  *text,
            GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) local = NULL;
  JsonNode *root;

  /* json-glib overflows the stack on deep nesting and ignores a second object */
  if (!dp_json_check_text (text, -1, TRUE, NULL, error))
    return NULL;
  if (!json_parser_load_from_data (parser, text, -1, &local))
    {
      g_autofree char *message = g_utf8_make_valid (local->message, -1);   /* "\ud800" */
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("Not valid JSON: %s"), message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("An action is one JSON object."));
      return NULL;
    }
  return json_object_ref (json_node_get_object (root));
}

gboolean
cb_game_apply_text (CbGame      *game,
                    const char  *action_json,
                    GError     **error)
{
  g_autoptr(JsonObject) o = NULL;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (action_json != NULL, FALSE);

  o = parse_text (action_json, error);
  return o != NULL && cb_game_apply_json (game, o, error);
}

char *
cb_game_normalize_action (const CbGame  *game,
                          JsonObject    *action,
                          GError       **error)
{
  CbAction a;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (action != NULL, NULL);

  if (!parse_action (game, action, &a, error))
    return NULL;
  return cb_action_to_text (game, &a);
}

/* ---- legal actions ---- */

#define MAX_LISTED 512   /* dice entries listed per player and decision, at most */

static void
push_action (GPtrArray      *out,
             const CbGame   *g,
             const CbAction *a)
{
  g_ptr_array_add (out, cb_action_to_text (g, a));
}

/* All count vectors (c_1..c_m) with lo_i <= c_i <= hi_i and sum == total (total < 0: any
 * sum), at most @cap of them, by depth-first search. */
static void
enum_counts (const guint  lo[CB_N_KINDS],
             const guint  hi[CB_N_KINDS],
             int          total,
             guint        k,
             guint        cur[CB_N_KINDS],
             GArray      *out,
             guint        cap)
{
  if (out->len >= cap)
    return;
  if (k == CB_N_KINDS)
    {
      guint sum = 0;
      for (guint i = 0; i < CB_N_KINDS; i++)
        sum += cur[i];
      if (total < 0 || sum == (guint) total)
        g_array_append_vals (out, cur, 1);
      return;
    }
  for (guint c = lo[k]; c <= hi[k]; c++)
    {
      guint sum = 0;
      for (guint i = 0; i < k; i++)
        sum += cur[i];
      if (total >= 0 && sum + c > (guint) total)
        break;
      cur[k] = c;
      enum_counts (lo, hi, total, k + 1, cur, out, cap);
    }
  cur[k] = 0;
}

static void
list_refill (GPtrArray    *out,
             const CbGame *g,
             guint         seat)
{
  const CbPlayer *p = &g->b.p[seat];
  guint lo[CB_N_KINDS] = { 0 }, hi[CB_N_KINDS] = { 0 }, cur[CB_N_KINDS] = { 0 };
  guint counted_ready = 0, counted_draw = 0, counted_both = 0, need;
  gboolean reshuffle;
  g_autoptr(GArray) sets = g_array_new (FALSE, TRUE, sizeof (guint) * CB_N_KINDS);
  CbAction a;

  cb_action_init (&a);
  a.type = ACT_REFILL;
  a.player = (int) seat;
  if (p->no_limit)
    {
      push_action (out, g, &a);
      memcpy (a.counts, p->dice[CB_ZONE_DRAW], sizeof a.counts);
      a.has_from_rest = TRUE;
      memcpy (a.from_rest, p->dice[CB_ZONE_REST], sizeof a.from_rest);
      push_action (out, g, &a);
      return;
    }
  for (guint k = 0; k < CB_N_KINDS; k++)
    if (counts_for_limit (p, k))
      {
        counted_ready += p->dice[CB_ZONE_READY][k];
        counted_draw += p->dice[CB_ZONE_DRAW][k];
        counted_both += p->dice[CB_ZONE_DRAW][k] + p->dice[CB_ZONE_REST][k];
      }
  need = limit_of (p) > counted_ready ? limit_of (p) - counted_ready : 0;
  reshuffle = counted_draw < need;
  for (guint k = 0; k < CB_N_KINDS; k++)
    if (counts_for_limit (p, k))
      {
        lo[k] = reshuffle ? p->dice[CB_ZONE_DRAW][k] : 0;
        hi[k] = p->dice[CB_ZONE_DRAW][k] + (reshuffle ? p->dice[CB_ZONE_REST][k] : 0);
      }
  enum_counts (lo, hi, (int) MIN (need, counted_both), 0, cur, sets, 64);
  for (guint i = 0; i < sets->len; i++)
    {
      memcpy (a.counts, &g_array_index (sets, guint, i * CB_N_KINDS), sizeof a.counts);
      push_action (out, g, &a);
    }
}

/* Outcomes of rolling @n dice of @kind: counts per hit face, sum <= n. */
static GArray *
kind_outcomes (CbKind kind,
               guint  n)
{
  GArray *res = g_array_new (FALSE, TRUE, sizeof (guint) * CB_N_FACES);
  guint faces[CB_N_FACES], n_faces = 0;
  guint cur[CB_N_FACES] = { 0 };

  for (guint f = 1; f < CB_N_FACES; f++)
    if (cb_kind_count_face (kind, (CbFace) f) > 0)
      faces[n_faces++] = f;
  /* odometer over the hit faces */
  while (TRUE)
    {
      guint sum = 0, i;
      for (i = 0; i < n_faces; i++)
        sum += cur[faces[i]];
      if (sum <= n)
        g_array_append_vals (res, cur, 1);
      for (i = 0; i < n_faces; i++)
        {
          if (++cur[faces[i]] <= n)
            break;
          cur[faces[i]] = 0;
        }
      if (i == n_faces)
        break;
    }
  return res;
}

static void
list_roll (GPtrArray    *out,
           const CbGame *g,
           guint         seat)
{
  const CbPlayer *p = &g->b.p[seat];
  GArray *per_kind[CB_N_KINDS] = { NULL };
  guint idx[CB_N_KINDS] = { 0 };
  gsize product = 1;
  CbAction a;

  cb_action_init (&a);
  a.type = ACT_ROLL;
  a.player = (int) seat;
  for (guint k = 0; k < CB_N_KINDS; k++)
    if (p->dice[CB_ZONE_READY][k] > 0)
      {
        per_kind[k] = kind_outcomes ((CbKind) k, p->dice[CB_ZONE_READY][k]);
        product *= per_kind[k]->len;
        if (product > MAX_LISTED)
          product = MAX_LISTED + 1;
      }

  if (product <= MAX_LISTED)
    {
      /* every outcome */
      while (TRUE)
        {
          guint k;
          memset (a.faces, 0, sizeof a.faces);
          for (k = 0; k < CB_N_KINDS; k++)
            if (per_kind[k] != NULL)
              memcpy (a.faces[k], &g_array_index (per_kind[k], guint, idx[k] * CB_N_FACES),
                      sizeof a.faces[k]);
          push_action (out, g, &a);
          for (k = 0; k < CB_N_KINDS; k++)
            {
              if (per_kind[k] == NULL)
                continue;
              if (++idx[k] < per_kind[k]->len)
                break;
              idx[k] = 0;
            }
          if (k == CB_N_KINDS)
            break;
        }
    }
  else
    {
      /* all blank, then each kind's outcomes with every other kind blank */
      memset (a.faces, 0, sizeof a.faces);
      push_action (out, g, &a);
      for (guint k = 0; k < CB_N_KINDS; k++)
        if (per_kind[k] != NULL)
          for (guint i = 1; i < MIN (per_kind[k]->len, 64u); i++)
            {
              memset (a.faces, 0, sizeof a.faces);
              memcpy (a.faces[k], &g_array_index (per_kind[k], guint, i * CB_N_FACES),
                      sizeof a.faces[k]);
              push_action (out, g, &a);
            }
    }
  for (guint k = 0; k < CB_N_KINDS; k++)
    if (per_kind[k] != NULL)
      g_array_unref (per_kind[k]);
}

void
cb_sample_rolls (const guint  dice[CB_N_KINDS],
                 GArray      *out,
                 guint        cap)
{
  guint faces[CB_N_KINDS][CB_N_FACES];

  /* all blank, then each kind's outcomes with every other kind blank */
  memset (faces, 0, sizeof faces);
  g_array_append_vals (out, faces, 1);
  for (guint k = 0; k < CB_N_KINDS && out->len < cap; k++)
    if (dice[k] > 0)
      {
        g_autoptr(GArray) per = kind_outcomes ((CbKind) k, dice[k]);
        for (guint i = 1; i < per->len && out->len < cap; i++)
          {
            memset (faces, 0, sizeof faces);
            memcpy (faces[k], &g_array_index (per, guint, i * CB_N_FACES), sizeof faces[k]);
            g_array_append_vals (out, faces, 1);
          }
      }
}

/* Sample fan-space rewards for the next space when nobody has told it yet. */
guint
cb_fan_variants (const CbGame *g,
              guint         seat,
              int           told[3][N_FAN][2])
{
  guint s = g->b.p[seat].fans + 1;
  static const int samples[3][2] = { { 0, 0 }, { 1, 0 }, { 0, 1 } };

  for (guint i = 0; i < 3; i++)
    cb_fan_unknown (told[i]);
  if (s > CB_FAN_LAST_SPACE || g->b.fan_reward[s][0] >= 0)
    return 1;
  for (guint i = 0; i < 3; i++)
    {
      told[i][s][0] = samples[i][0];
      told[i][s][1] = samples[i][1];
    }
  return 3;
}

static void
list_bust (GPtrArray    *out,
           const CbGame *g,
           guint         seat)
{
  const CbPlayer *p = &g->b.p[seat];
  guint lo[CB_N_KINDS] = { 0 }, cur[CB_N_KINDS] = { 0 };
  g_autoptr(GArray) sets = g_array_new (FALSE, TRUE, sizeof (guint) * CB_N_KINDS);
  int told[3][N_FAN][2];
  guint n_told = cb_fan_variants (g, seat, told);
  CbAction a;

  cb_action_init (&a);
  a.type = ACT_BUST;
  a.player = (int) seat;
  enum_counts (lo, p->dice[CB_ZONE_READY], -1, 0, cur, sets, 32);
  for (guint i = 0; i < sets->len; i++)
    for (guint t = 0; t < n_told; t++)
      {
        memcpy (a.counts, &g_array_index (sets, guint, i * CB_N_KINDS), sizeof a.counts);
        memcpy (a.fan, told[t], sizeof a.fan);
        push_action (out, g, &a);
      }
}

static void
list_redeem (GPtrArray    *out,
             const CbGame *g,
             guint         seat)
{
  CbAction a;

  cb_action_init (&a);
  a.type = ACT_REDEEM;
  a.player = (int) seat;
  for (a.n = 1; a.n <= g->b.p[seat].credits; a.n++)
    push_action (out, g, &a);
}

static void
list_moves (GPtrArray    *out,
            const CbGame *g,
            guint         seat)
{
  const CbPlayer *p = &g->b.p[seat];
  CbAction a;
  int told[3][N_FAN][2];
  guint n_told = cb_fan_variants (g, seat, told);

  cb_action_init (&a);
  a.player = (int) seat;

  a.type = ACT_BUY_STEPS;
  for (a.n = 1; a.n <= p->coins / CB_COINS_PER_STEP; a.n++)
    push_action (out, g, &a);
  if (p->steps > 0)
    {
      a.type = ACT_JET;
      push_action (out, g, &a);
    }
  a.type = ACT_SHORTCUT;
  for (a.n = 1; a.n <= p->steps; a.n++)
    push_action (out, g, &a);

  a.type = ACT_MOVE;
  for (guint n = 0; n <= p->steps; n++)
    for (guint fin = 0; fin < 2; fin++)
      {
        gboolean moved = p->moved || n > 0;
        gboolean finished;

        if (fin && (n == 0 || p->finished))
          continue;
        finished = p->finished || (fin && p->laps_done + 1 >= g->laps);
        cb_action_init (&a);
        a.type = ACT_MOVE;
        a.player = (int) seat;
        a.n = n;
        a.finish = fin;
        if (n > 0)
          push_action (out, g, &a);      /* keep moving */
        if (n > 0 && p->water > 0)
          {
            a.water = 1;                 /* through 1 water space */
            push_action (out, g, &a);
            a.water = 0;
          }
        a.has_landed = TRUE;
        for (guint beyond = 0; beyond < (finished ? 2u : 1u); beyond++)
          {
            a.beyond = finished ? (int) beyond : -1;
            a.l_credits = a.l_fans = a.n_lose = 0;
            a.has_take = FALSE;
            cb_fan_unknown (a.fan);
            push_action (out, g, &a);    /* landed on a space without bonus */
            if (!moved || n != p->steps)
              continue;
            a.l_credits = 1;
            push_action (out, g, &a);
            a.l_credits = 0;
            a.l_fans = 1;
            for (guint t = 0; t < n_told; t++)
              {
                memcpy (a.fan, told[t], sizeof a.fan);
                push_action (out, g, &a);
              }
            a.l_fans = 0;
            cb_fan_unknown (a.fan);
            a.n_lose = 1;
            for (guint z = 0; z < CB_N_ZONES; z++)
              for (guint k = 0; k < CB_N_KINDS; k++)
                if (k != CB_KIND_TOP_DOG && p->dice[z][k] > 0)
                  {
                    a.lose_zone[0] = (CbZone) z;
                    a.lose_kind[0] = (CbKind) k;
                    push_action (out, g, &a);
                  }
            a.n_lose = 0;
            a.has_take = TRUE;
            for (guint k = 0; k < CB_N_KINDS; k++)
              if (k != CB_KIND_TOP_DOG && g->b.supply[k] > 0)
                {
                  a.take = (CbKind) k;
                  push_action (out, g, &a);
                }
            a.has_take = FALSE;
          }
      }
}

static void
list_shop (GPtrArray    *out,
           const CbGame *g,
           guint         seat)
{
  const CbPlayer *p = &g->b.p[seat];
  gboolean two = p->bought != 0 && (p->bought & (p->bought - 1)) != 0;
  CbAction a;

  cb_action_init (&a);
  a.player = (int) seat;
  a.type = ACT_BUY;
  for (guint c = 0; c < CB_N_COLOURS && !two; c++)
    {
      CbKind k = CB_KIND_OF (c);
      if ((p->bought & (1u << c)) || g->b.supply[k] == 0)
        continue;
      a.kind = k;
      if (g->b.cost[c] >= 0)
        {
          a.cost = -1;
          if ((guint) g->b.cost[c] <= p->coins)
            push_action (out, g, &a);
        }
      else
        for (guint cost = 1; cost <= MIN (p->coins, 9u); cost++)
          {
            a.cost = (int) cost;
            push_action (out, g, &a);
          }
    }
  list_redeem (out, g, seat);
  cb_action_init (&a);
  a.player = (int) seat;
  a.type = ACT_REST;
  push_action (out, g, &a);
}

static gboolean
can_collect (const CbPlayer *p)
{
  if (!p->collected)
    return TRUE;
  for (guint i = 0; i < p->n_act; i++)
    if (!(p->act[i].flags & CB_DIE_COLLECTED))
      return TRUE;
  return FALSE;
}

GPtrArray *
cb_game_legal_actions (const CbGame *g)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (g != NULL, out);

  for (guint s = 0; s < g->n_players; s++)
    {
      const CbPlayer *p = &g->b.p[s];
      CbAction a;

      if (!can_act (g, s))
        continue;
      cb_action_init (&a);
      a.player = (int) s;
      switch (p->phase)
        {
        case CB_PHASE_REFILL:
          list_refill (out, g, s);
          break;
        case CB_PHASE_ROLL:
          if (!p->pushed || cb_cards_check_mandatory (g, s, CB_CHECK_ROLL, NULL))
            list_roll (out, g, s);
          break;
        case CB_PHASE_DECIDE:
          if (cb_zone_total (p, CB_ZONE_READY) > 0)
            {
              a.type = ACT_PUSH;
              push_action (out, g, &a);
            }
          if (cb_cards_check_mandatory (g, s, CB_CHECK_PASS, NULL))
            {
              a.type = ACT_PASS;
              push_action (out, g, &a);
            }
          break;
        case CB_PHASE_BUST:
          list_bust (out, g, s);
          break;
        case CB_PHASE_SUPPORT:
          if (can_collect (p))
            {
              a.type = ACT_COLLECT;
              push_action (out, g, &a);
              for (guint k = 0; k < CB_N_KINDS; k++)
                if (p->active_face[k][CB_FACE_CREDIT] > 0)
                  {
                    a.take_credits = FALSE;
                    push_action (out, g, &a);
                    break;
                  }
            }
          if (!p->announced)
            {
              cb_action_init (&a);
              a.player = (int) s;
              a.type = ACT_ANNOUNCE;
              push_action (out, g, &a);
            }
          list_redeem (out, g, s);
          if (p->announced && g->b.red_done && cb_cards_check_mandatory (g, s, CB_CHECK_MOVE, NULL))
            list_moves (out, g, s);
          break;
        case CB_PHASE_MOVE:
          list_redeem (out, g, s);
          list_moves (out, g, s);
          break;
        case CB_PHASE_SHOP:
          if (cb_cards_check_mandatory (g, s, CB_CHECK_SHOP, NULL))
            list_shop (out, g, s);
          else
            list_redeem (out, g, s);
          break;
        case CB_PHASE_ROLL_DONE:
        case CB_PHASE_RESTED:
        case CB_PHASE_OUT:
        default:
          break;
        }
      cb_cards_list (out, g, s);
    }
  return out;
}

/* ---- accessors ---- */

#define SEAT_OK(g, seat, val) \
  g_return_val_if_fail ((g) != NULL && (seat) < (g)->n_players, (val))

guint cb_game_get_n_players (const CbGame *g) { g_return_val_if_fail (g != NULL, 0); return g->n_players; }

const char *
cb_game_get_player_name (const CbGame *g,
                         guint         seat)
{
  SEAT_OK (g, seat, NULL);
  return g->names[seat];
}

int
cb_game_find_player (const CbGame *g,
                     const char   *name)
{
  g_return_val_if_fail (g != NULL, -1);
  for (guint s = 0; s < g->n_players; s++)
    if (g_strcmp0 (g->names[s], name) == 0)
      return (int) s;
  return -1;
}

guint cb_game_get_race (const CbGame *g) { g_return_val_if_fail (g != NULL, 0); return g->race; }
guint cb_game_get_track (const CbGame *g) { g_return_val_if_fail (g != NULL, 0); return g->track; }
guint cb_game_get_laps (const CbGame *g) { g_return_val_if_fail (g != NULL, 0); return g->laps; }
guint cb_game_get_round (const CbGame *g) { g_return_val_if_fail (g != NULL, 0); return g->b.round; }
gboolean cb_game_is_tiebreak (const CbGame *g) { g_return_val_if_fail (g != NULL, FALSE); return g->b.tiebreak; }
guint cb_game_get_top_dog (const CbGame *g) { g_return_val_if_fail (g != NULL, 0); return g->b.top_dog; }
gboolean cb_game_is_finished (const CbGame *g) { g_return_val_if_fail (g != NULL, FALSE); return g->b.finished; }
int cb_game_get_red_winner (const CbGame *g) { g_return_val_if_fail (g != NULL, -1); return g->b.red_winner; }

guint
cb_game_get_card (const CbGame *g,
                  guint         colour)
{
  g_return_val_if_fail (g != NULL && colour < CB_N_COLOURS, 0);
  return g->cards[colour];
}

int
cb_game_get_cost (const CbGame *g,
                  guint         colour)
{
  g_return_val_if_fail (g != NULL && colour < CB_N_COLOURS, -1);
  return g->b.cost[colour];
}

guint
cb_game_get_supply (const CbGame *g,
                    CbKind        kind)
{
  g_return_val_if_fail (g != NULL && (guint) kind < CB_N_KINDS, 0);
  return g->b.supply[kind];
}

CbPhase cb_game_get_phase (const CbGame *g, guint seat) { SEAT_OK (g, seat, CB_PHASE_OUT); return g->b.p[seat].phase; }

guint
cb_game_get_dice (const CbGame *g,
                  guint         seat,
                  CbZone        zone,
                  CbKind        kind)
{
  SEAT_OK (g, seat, 0);
  g_return_val_if_fail ((guint) zone < CB_N_ZONES && (guint) kind < CB_N_KINDS, 0);
  return g->b.p[seat].dice[zone][kind];
}

guint
cb_game_count_zone (const CbGame *g,
                    guint         seat,
                    CbZone        zone)
{
  SEAT_OK (g, seat, 0);
  g_return_val_if_fail ((guint) zone < CB_N_ZONES, 0);
  return cb_zone_total (&g->b.p[seat], zone);
}

guint
cb_game_get_active_faces (const CbGame *g,
                          guint         seat,
                          CbKind        kind,
                          CbFace        face)
{
  SEAT_OK (g, seat, 0);
  g_return_val_if_fail ((guint) kind < CB_N_KINDS && (guint) face < CB_N_FACES, 0);
  return g->b.p[seat].active_face[kind][face];
}

gboolean cb_game_in_danger (const CbGame *g, guint seat) { SEAT_OK (g, seat, FALSE); return g->b.p[seat].danger; }
gboolean cb_game_has_busted (const CbGame *g, guint seat) { SEAT_OK (g, seat, FALSE); return g->b.p[seat].busted; }
guint cb_game_get_coins (const CbGame *g, guint seat) { SEAT_OK (g, seat, 0); return g->b.p[seat].coins; }
guint cb_game_get_steps (const CbGame *g, guint seat) { SEAT_OK (g, seat, 0); return g->b.p[seat].steps; }
guint cb_game_get_credits (const CbGame *g, guint seat) { SEAT_OK (g, seat, 0); return g->b.p[seat].credits; }
guint cb_game_get_fans (const CbGame *g, guint seat) { SEAT_OK (g, seat, 0); return g->b.p[seat].fans; }
guint cb_game_get_supply_tokens (const CbGame *g, guint seat) { SEAT_OK (g, seat, 0); return g->b.p[seat].supply_tokens; }
guint cb_game_get_base_limit (const CbGame *g, guint seat) { SEAT_OK (g, seat, 0); return CB_BASE_LIMIT + g->b.p[seat].supply_tokens; }
guint cb_game_get_spaces_moved (const CbGame *g, guint seat) { SEAT_OK (g, seat, 0); return g->b.p[seat].spaces; }
guint cb_game_get_laps_done (const CbGame *g, guint seat) { SEAT_OK (g, seat, 0); return g->b.p[seat].laps_done; }
gboolean cb_game_has_finished_race (const CbGame *g, guint seat) { SEAT_OK (g, seat, FALSE); return g->b.p[seat].finished; }
int cb_game_get_beyond (const CbGame *g, guint seat) { SEAT_OK (g, seat, -1); return g->b.p[seat].beyond; }

int
cb_game_get_swords (const CbGame *g,
                    guint         seat)
{
  SEAT_OK (g, seat, -1);
  return g->b.p[seat].announced ? (int) g->b.p[seat].swords : -1;
}

gboolean
cb_game_must_act (const CbGame *g,
                  guint         seat)
{
  const CbPlayer *p;

  SEAT_OK (g, seat, FALSE);
  p = &g->b.p[seat];
  if (!can_act (g, seat))
    return FALSE;
  /* announced and waiting for the others' swords: nothing is required of this player now */
  if (p->phase == CB_PHASE_SUPPORT && p->announced && !g->b.red_done)
    return FALSE;
  return TRUE;
}

gboolean
cb_game_is_winner (const CbGame *g,
                   guint         seat)
{
  SEAT_OK (g, seat, FALSE);
  return g->b.finished && (g->b.winners & (1u << seat));
}

/* Ordering key for the rank: winner, then finished (farther beyond first), laps, spaces. */
static gint64
rank_key (const CbGame *g,
          guint         seat)
{
  const CbPlayer *p = &g->b.p[seat];
  gint64 key = 0;

  if (cb_game_is_winner (g, seat))
    key += G_GINT64_CONSTANT (1) << 40;
  if (p->finished)
    key += (G_GINT64_CONSTANT (1) << 32) + ((gint64) MAX (p->beyond, 0) << 20);
  key += ((gint64) p->laps_done << 16) + p->spaces;
  return key;
}

guint
cb_game_get_rank (const CbGame *g,
                  guint         seat)
{
  guint rank = 1;

  SEAT_OK (g, seat, 0);
  for (guint s = 0; s < g->n_players; s++)
    if (rank_key (g, s) > rank_key (g, seat))
      rank++;
  return rank;
}

/* ---- the replay JSON ---- */

static void
add_counts_member (JsonObject  *o,
                   const char  *key,
                   const guint  counts[CB_N_KINDS])
{
  JsonObject *c = json_object_new ();

  for (guint k = 0; k < CB_N_KINDS; k++)
    if (counts[k] > 0)
      json_object_set_int_member (c, cb_kind_to_string ((CbKind) k), counts[k]);
  json_object_set_object_member (o, key, c);
}

static void
cb_game_add_json (const CbGame *g,
                  JsonObject   *o)
{
  JsonObject *costs = json_object_new ();
  JsonObject *fan = json_object_new ();
  JsonObject *red = json_object_new ();
  JsonArray *cards = json_array_new ();
  gboolean race_section = FALSE;

  for (guint s = 0; s < g->n_players; s++)
    if (cb_is_participant (&g->b, s) && g->b.p[s].phase >= CB_PHASE_SUPPORT
        && g->b.p[s].phase <= CB_PHASE_RESTED)
      race_section = TRUE;
  json_object_set_string_member (o, "phase",
                                 g->b.finished ? "finished" : race_section ? "race" : "roll");
  json_object_set_int_member (o, "round", g->b.round);
  json_object_set_boolean_member (o, "tiebreak", g->b.tiebreak);
  if (g->race > 0)
    json_object_set_int_member (o, "race", g->race);
  else
    json_object_set_string_member (o, "race", "free");
  for (guint c = 0; c < CB_N_COLOURS; c++)
    json_array_add_string_element (cards, cb_card (g->cards[c])->key);
  json_object_set_array_member (o, "cards", cards);
  json_object_set_string_member (o, "track", cb_track (g->track)->key);
  json_object_set_int_member (o, "laps", g->laps);
  json_object_set_string_member (o, "top_dog", g->names[g->b.top_dog]);
  add_counts_member (o, "supply", g->b.supply);
  for (guint c = 0; c < CB_N_COLOURS; c++)
    if (g->b.cost[c] >= 0)
      json_object_set_int_member (costs, cb_card (g->cards[c])->key, g->b.cost[c]);
  json_object_set_object_member (o, "costs", costs);
  for (guint s = 1; s < N_FAN; s++)
    if (g->b.fan_reward[s][0] >= 0)
      {
        JsonObject *e = json_object_new ();
        char key[8];
        g_snprintf (key, sizeof key, "%u", s);
        json_object_set_int_member (e, "credits", g->b.fan_reward[s][0]);
        json_object_set_int_member (e, "supply", g->b.fan_reward[s][1]);
        json_object_set_object_member (fan, key, e);
      }
  json_object_set_object_member (o, "fan_track", fan);
  json_object_set_string_member (red, "card", cb_card (g->cards[0])->key);
  json_object_set_boolean_member (red, "evaluated", g->b.red_done);
  if (g->b.red_winner >= 0)
    json_object_set_string_member (red, "winner", g->names[g->b.red_winner]);
  else
    json_object_set_null_member (red, "winner");
  json_object_set_object_member (o, "red_card", red);
}

static void
cb_game_add_player_json (const CbGame *g,
                         guint         seat,
                         JsonObject   *o)
{
  const CbPlayer *p = &g->b.p[seat];
  JsonObject *dice = json_object_new ();
  JsonObject *faces = json_object_new ();

  for (guint z = 0; z < CB_N_ZONES; z++)
    add_counts_member (dice, zone_keys[z], p->dice[z]);
  json_object_set_object_member (o, "dice", dice);
  for (guint k = 0; k < CB_N_KINDS; k++)
    if (p->dice[CB_ZONE_ACTIVE][k] > 0)
      {
        JsonObject *f = json_object_new ();
        for (guint i = 0; i < CB_N_FACES; i++)
          if (p->active_face[k][i] > 0)
            json_object_set_int_member (f, cb_face_to_string ((CbFace) i), p->active_face[k][i]);
        json_object_set_object_member (faces, cb_kind_to_string ((CbKind) k), f);
      }
  json_object_set_object_member (o, "active_faces", faces);
  json_object_set_string_member (o, "phase", phase_keys[p->phase]);
  json_object_set_int_member (o, "phase_number", cb_phase_number (p->phase));
  json_object_set_int_member (o, "coins", p->coins);
  json_object_set_int_member (o, "steps", p->steps);
  json_object_set_int_member (o, "credits", p->credits);
  json_object_set_int_member (o, "fans", p->fans);
  json_object_set_int_member (o, "supply_tokens", p->supply_tokens);
  json_object_set_int_member (o, "limit", limit_of (p));
  json_object_set_boolean_member (o, "danger", p->danger);
  json_object_set_boolean_member (o, "busted", p->busted);
  json_object_set_boolean_member (o, "top_dog", g->b.top_dog == seat);
  if (p->announced)
    json_object_set_int_member (o, "swords", p->swords);
  else
    json_object_set_null_member (o, "swords");
  json_object_set_int_member (o, "position", p->spaces);
  json_object_set_int_member (o, "laps", p->laps_done);
  json_object_set_boolean_member (o, "finished_race", p->finished);
  if (p->beyond >= 0)
    json_object_set_int_member (o, "beyond", p->beyond);
  else
    json_object_set_null_member (o, "beyond");
  /* card abilities: what the player may use now, and what holds them back */
  json_object_set_int_member (o, "water", p->water);
  json_object_set_boolean_member (o, "must_push", p->must_push);
  {
    g_autoptr(GArray) uses = cb_game_list_abilities (g, seat);
    JsonArray *arr = json_array_new ();
    int held;

    for (guint i = 0; i < uses->len; i++)
      {
        const CbAbilityUse *u = &g_array_index (uses, CbAbilityUse, i);
        JsonObject *e = json_object_new ();
        json_object_set_string_member (e, "card", cb_card (u->card)->key);
        json_object_set_int_member (e, "number", u->number);
        if (u->face != CB_FACE_BLANK)
          json_object_set_string_member (e, "face", cb_face_to_string (u->face));
        json_object_set_boolean_member (e, "mandatory", u->mandatory);
        json_array_add_object_element (arr, e);
      }
    json_object_set_array_member (o, "abilities", arr);
    /* the card whose mandatory ability must be used before the player goes on */
    held = cb_cards_holding_card (g, seat);
    if (held >= 0)
      json_object_set_string_member (o, "held_by", cb_card ((guint) held)->key);
    else
      json_object_set_null_member (o, "held_by");
  }
}

static JsonObject *
cb_game_seat_stats (const CbGame *g,
                    guint         seat)
{
  const CbPlayer *p = &g->b.p[seat];
  JsonObject *o = json_object_new ();
  guint owned = 0;

  for (guint z = 0; z < CB_N_ZONES; z++)
    owned += cb_zone_total (p, z);
  json_object_set_int_member (o, "rounds", g->b.round);
  json_object_set_int_member (o, "spaces_moved", p->spaces);
  json_object_set_int_member (o, "busts", p->n_busts);
  json_object_set_int_member (o, "dice_bought", p->n_bought);
  json_object_set_int_member (o, "dice_owned", owned);
  json_object_set_int_member (o, "fans", p->fans);
  json_object_set_int_member (o, "credits", p->credits);
  json_object_set_int_member (o, "supply_tokens", p->supply_tokens);
  json_object_set_int_member (o, "finished", p->finished);
  json_object_set_int_member (o, "abilities", p->n_abilities);
  return o;
}

/* ---- the DpGameKind vtable ---- */

static gpointer
vt_new_state (JsonObject *setup, GError **error)
{
  return cb_game_new_from_json (setup, error);
}

static gpointer vt_copy (gconstpointer s) { return cb_game_copy (s); }
static void vt_free (gpointer s) { cb_game_free (s); }
static char *vt_setup_text (gconstpointer s) { return cb_game_dup_setup_text (s); }
static guint vt_n_players (gconstpointer s) { return cb_game_get_n_players (s); }
static const char *vt_player_name (gconstpointer s, guint seat) { return cb_game_get_player_name (s, seat); }
static char *vt_normalize (gconstpointer s, JsonObject *a, GError **e) { return cb_game_normalize_action (s, a, e); }
static gboolean vt_apply (gpointer s, JsonObject *a, GError **e) { return cb_game_apply_json (s, a, e); }
static GPtrArray *vt_legal (gconstpointer s) { return cb_game_legal_actions (s); }
static gboolean vt_finished (gconstpointer s) { return cb_game_is_finished (s); }
static gboolean vt_must_act (gconstpointer s, guint seat) { return cb_game_must_act (s, seat); }
static int vt_total (gconstpointer s, guint seat) { return (int) cb_game_get_spaces_moved (s, seat); }
static guint vt_rank (gconstpointer s, guint seat) { return cb_game_get_rank (s, seat); }
static void vt_add_json (gconstpointer s, JsonObject *o) { cb_game_add_json (s, o); }
static void vt_add_player_json (gconstpointer s, guint seat, JsonObject *o) { cb_game_add_player_json (s, seat, o); }
static JsonObject *vt_seat_stats (gconstpointer s, guint seat) { return cb_game_seat_stats (s, seat); }

const DpGameKind cb_game_kind = {
  .id               = "cubitos",
  .name             = N_("Cubitos"),
  .new_state        = vt_new_state,
  .copy_state       = vt_copy,
  .free_state       = vt_free,
  .setup_text       = vt_setup_text,
  .n_players        = vt_n_players,
  .player_name      = vt_player_name,
  .normalize_action = vt_normalize,
  .apply            = vt_apply,
  .legal_actions    = vt_legal,
  .is_finished      = vt_finished,
  .must_act         = vt_must_act,
  .total            = vt_total,
  .rank             = vt_rank,
  .add_json         = vt_add_json,
  .add_player_json  = vt_add_player_json,
  .seat_stats       = vt_seat_stats,
};

CbGame *
cb_game_from_dp (DpGame *game)
{
  /* DpGame is plain data (dp-game-private.h); no need to go through dp-game.c */
  if (game == NULL || game->kind != &cb_game_kind)
    return NULL;
  return game->state;
}

const CbGame *
cb_game_from_dp_const (const DpGame *game)
{
  if (game == NULL || game->kind != &cb_game_kind)
    return NULL;
  return game->state;
}

/* ---- generic effects for the cards ---- */

void
cb_game_gain (CbGame *g,
              guint   seat,
              guint   coins,
              guint   steps,
              guint   credits)
{
  CbPlayer *p;

  g_return_if_fail (g != NULL && seat < g->n_players);
  p = &g->b.p[seat];
  p->coins += coins;
  p->steps += steps;
  p->credits += credits;
  if (credits > 0)
    p->took_credit = TRUE;
}

gboolean
cb_game_advance_fans (CbGame     *game,
                      guint       seat,
                      guint       n,
                      gboolean    take_credits,
                      const int (*told)[2],
                      GError    **error)
{
  CbGame scratch;

  g_return_val_if_fail (game != NULL && seat < game->n_players, FALSE);
  scratch = *game;
  if (!cb_advance_fans (&scratch, seat, n, take_credits, told, NULL, error))
    return FALSE;
  game->b = scratch.b;
  return TRUE;
}

gboolean
cb_game_lose_die (CbGame  *game,
                  guint    seat,
                  CbZone   zone,
                  CbKind   kind,
                  GError **error)
{
  CbGame scratch;

  g_return_val_if_fail (game != NULL && seat < game->n_players, FALSE);
  g_return_val_if_fail ((guint) zone < CB_N_ZONES && (guint) kind < CB_N_KINDS, FALSE);
  scratch = *game;
  if (!cb_lose_die (&scratch, seat, zone, kind, error))
    return FALSE;
  game->b = scratch.b;
  return TRUE;
}

gboolean
cb_game_take_die (CbGame  *game,
                  guint    seat,
                  CbKind   kind,
                  CbZone   zone,
                  CbFace   face,
                  int      max_cost,
                  int      cost,
                  GError **error)
{
  CbGame scratch;

  g_return_val_if_fail (game != NULL && seat < game->n_players, FALSE);
  g_return_val_if_fail ((guint) zone < CB_N_ZONES && (guint) kind < CB_N_KINDS, FALSE);
  g_return_val_if_fail ((guint) face < CB_N_FACES, FALSE);
  scratch = *game;
  if (!cb_take_die (&scratch, seat, kind, zone, face, max_cost, cost, error))
    return FALSE;
  game->b = scratch.b;
  return TRUE;
}

gboolean
cb_roll_taken (CbGame         *g,
               guint           seat,
               const guint     taken[CB_N_KINDS],
               const guint     in_faces[CB_N_KINDS][CB_N_FACES],
               const gboolean  blank_given[CB_N_KINDS],
               guint          *n_hits,
               GError        **error)
{
  CbPlayer *p = &g->b.p[seat];
  guint got[CB_N_KINDS][CB_N_FACES], hits;

  if (!cb_check_roll (taken, in_faces, blank_given, got, &hits, error))
    return FALSE;
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      /* no hit: the die goes to the ready area; this roll cannot bust */
      p->dice[CB_ZONE_READY][k] += got[k][CB_FACE_BLANK];
      for (guint f = 1; f < CB_N_FACES; f++)
        for (guint i = 0; i < got[k][f]; i++)
          cb_add_active (p, (CbKind) k, (CbFace) f);
    }
  if (n_hits != NULL)
    *n_hits = hits;
  return TRUE;
}

gboolean
cb_add_to_roll_internal (CbGame         *g,
                         guint           seat,
                         const guint     chosen[CB_N_KINDS],
                         const guint     faces[CB_N_KINDS][CB_N_FACES],
                         const gboolean  blank_given[CB_N_KINDS],
                         GError        **error)
{
  CbPlayer *p = &g->b.p[seat];
  guint want = 0, draw = 0;

  /* p. 11: take the dice from the draw area; when it runs short, all of it first, then
   * the rest zone goes into the draw area */
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      want += chosen[k];
      draw += p->dice[CB_ZONE_DRAW][k];
    }
  if (want > draw)
    {
      for (guint k = 0; k < CB_N_KINDS; k++)
        if (chosen[k] < p->dice[CB_ZONE_DRAW][k])
          {
            g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                         _("Your draw area runs short: take all of it first, then choose from the rest zone."));
            return FALSE;
          }
      move_all (p, CB_ZONE_REST, CB_ZONE_DRAW);
    }
  for (guint k = 0; k < CB_N_KINDS; k++)
    if (chosen[k] > p->dice[CB_ZONE_DRAW][k])
      {
        g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                     _("You do not have that many %s dice in your draw area and rest zone."),
                     cb_kind_get_name ((CbKind) k));
        return FALSE;
      }
  for (guint k = 0; k < CB_N_KINDS; k++)
    p->dice[CB_ZONE_DRAW][k] -= chosen[k];
  return cb_roll_taken (g, seat, chosen, faces, blank_given, NULL, error);
}

gboolean
cb_game_add_to_roll (CbGame      *game,
                     guint        seat,
                     const guint  chosen[CB_N_KINDS],
                     const guint  faces[CB_N_KINDS][CB_N_FACES],
                     GError     **error)
{
  CbGame scratch;
  gboolean blank_given[CB_N_KINDS];

  g_return_val_if_fail (game != NULL && seat < game->n_players, FALSE);
  scratch = *game;
  for (guint k = 0; k < CB_N_KINDS; k++)
    blank_given[k] = faces[k][CB_FACE_BLANK] > 0;
  if (!cb_add_to_roll_internal (&scratch, seat, chosen, faces, blank_given, error))
    return FALSE;
  game->b = scratch.b;
  return TRUE;
}

gboolean
cb_game_move_die (CbGame  *game,
                  guint    seat,
                  CbKind   kind,
                  CbFace   face_if_active,
                  CbZone   from,
                  CbZone   to,
                  CbFace   to_face,
                  GError **error)
{
  CbPlayer *p;

  g_return_val_if_fail (game != NULL && seat < game->n_players, FALSE);
  g_return_val_if_fail ((guint) from < CB_N_ZONES && (guint) to < CB_N_ZONES, FALSE);
  g_return_val_if_fail ((guint) kind < CB_N_KINDS && (guint) to_face < CB_N_FACES, FALSE);
  g_return_val_if_fail ((guint) face_if_active < CB_N_FACES, FALSE);
  p = &game->b.p[seat];
  if (from == CB_ZONE_ACTIVE ? p->active_face[kind][face_if_active] == 0 : p->dice[from][kind] == 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("No %s die is in your %s."), cb_kind_get_name (kind), cb_zone_name (from));
      return FALSE;
    }
  if (to == CB_ZONE_ACTIVE && cb_kind_count_face (kind, to_face) == 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("A %s die has no “%s” face."), cb_kind_get_name (kind), cb_face_get_name (to_face));
      return FALSE;
    }
  if (from == CB_ZONE_ACTIVE && to == CB_ZONE_ACTIVE)
    {
      /* turning a die keeps what it already did this round */
      int i = cb_find_active (p, kind, (int) face_if_active);
      p->act[i].face = (guint8) to_face;
      p->active_face[kind][face_if_active]--;
      p->active_face[kind][to_face]++;
      return TRUE;
    }
  if (from == CB_ZONE_ACTIVE)
    remove_active (p, kind, (int) face_if_active);
  else
    p->dice[from][kind]--;
  if (to == CB_ZONE_ACTIVE)
    cb_add_active (p, kind, to_face);
  else
    p->dice[to][kind]++;
  return TRUE;
}

gboolean
cb_game_set_face (CbGame  *game,
                  guint    seat,
                  CbKind   kind,
                  CbFace   from,
                  CbFace   to,
                  GError **error)
{
  return cb_game_move_die (game, seat, kind, from, CB_ZONE_ACTIVE, CB_ZONE_ACTIVE, to, error);
}

gboolean
cb_game_ignore_bust (CbGame  *game,
                     guint    seat,
                     GError **error)
{
  CbPlayer *p;

  g_return_val_if_fail (game != NULL && seat < game->n_players, FALSE);
  p = &game->b.p[seat];
  if (p->phase != CB_PHASE_BUST)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("There is no bust to ignore."));
      return FALSE;
    }
  /* „so als wärst du nicht in Gefahr“: the roll had no hits, so phase 3 moves nothing */
  p->phase = CB_PHASE_DECIDE;
  return TRUE;
}

void
cb_game_skip_limit_next_round (CbGame   *game,
                               guint     seat,
                               guint     ignore_mask,
                               gboolean  no_limit)
{
  g_return_if_fail (game != NULL && seat < game->n_players);
  game->b.p[seat].ignore_mask_next |= ignore_mask;
  game->b.p[seat].no_limit_next |= no_limit;
}

guint
cb_game_count_active (const CbGame *g,
                      guint         seat,
                      CbKind        kind)
{
  SEAT_OK (g, seat, 0);
  g_return_val_if_fail ((guint) kind < CB_N_KINDS, 0);
  return g->b.p[seat].dice[CB_ZONE_ACTIVE][kind];
}

guint
cb_game_count_active_colours (const CbGame *g,
                              guint         seat)
{
  const CbPlayer *p;
  guint n = 0;

  SEAT_OK (g, seat, 0);
  p = &g->b.p[seat];
  /* all starting dice are one colour, grey (p. 12); the top dog counts as black */
  if (p->dice[CB_ZONE_ACTIVE][CB_KIND_LIGHT_GREY] + p->dice[CB_ZONE_ACTIVE][CB_KIND_DARK_GREY] > 0)
    n++;
  for (guint k = CB_KIND_TOP_DOG; k < CB_N_KINDS; k++)
    if (p->dice[CB_ZONE_ACTIVE][k] > 0)
      n++;
  return n;
}
