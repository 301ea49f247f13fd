/* cb-game.c — Cubitos: the setup, the board helpers and the accessors
 *
 * Page numbers refer to the German rulebook (shared/rules/cubitos-rules-de.txt); the
 * dice, card, race and track tables are in cb-data.c. A game is its setup plus the log
 * of actions. The other jobs live beside this file: the text form of actions
 * (cb-action.c), applying one action on a scratch copy (cb-apply.c), the round's own
 * steps (cb-round.c), the legal actions (cb-legal.c), the replay JSON (cb-replay.c) and
 * the card abilities (cb-cards.c).
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

const char *const cb_act_keys[CB_N_ACTIONS] = {
  "refill", "roll", "push", "pass", "bust", "collect", "announce", "redeem",
  "buy_steps", "move", "jet", "shortcut", "buy", "rest", "ability", "correct_cost",
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
    if (g_strcmp0 (str, cb_zone_to_string ((CbZone) z)) == 0)
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
void
cb_remove_active (CbPlayer *p,
                  CbKind    kind,
                  int       face)
{
  int i = cb_find_active (p, kind, face);

  if (i < 0)
    i = cb_find_active (p, kind, -1);
  g_return_if_fail (i >= 0);
  cb_remove_active_at (p, (guint) i);
}

void
cb_move_all (CbPlayer *p,
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
guint
cb_next_participant (const CbGame *g,
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

gboolean
cb_can_act (const CbGame *g,
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

guint
cb_card_of (const CbGame *g,
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

/* Dice that count toward the limit (p. 8): not the top dog, not the kinds ignored. */
gboolean
cb_counts_for_limit (const CbPlayer *p,
                     guint           k)
{
  return k != CB_KIND_TOP_DOG && !(p->ignore_mask & (1u << k));
}

guint
cb_limit_of (const CbPlayer *p)
{
  return CB_BASE_LIMIT + p->supply_tokens + p->red_lines;
}

/* Whether another runner may stand ahead of @seat's: one that walked farther, or took
 * a shortcut (the track is physical: a shortcut's length is not known). */
gboolean
cb_someone_may_be_ahead (const CbGame *g,
                         guint         seat)
{
  for (guint s = 0; s < g->n_players; s++)
    if (s != seat && (g->b.p[s].spaces > g->b.p[seat].spaces || g->b.p[s].shortcuts > 0))
      return TRUE;
  return FALSE;
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
      p->rounds_played = 1;
    }
  /* p. 5 step 13: whoever has „die Nase vorn“ puts that die in the ready area */
  b->p[g->first].dice[CB_ZONE_READY][CB_KIND_TOP_DOG] = 1;
}

/* ---- the facts a setup carries from earlier races ---- */

typedef gboolean (*SetupFactFunc) (CbGame      *g,
                                   const char  *member,
                                   JsonNode    *value,
                                   GError     **error);

/* One entry of the setup's "costs": card key → coins. */
static gboolean
read_setup_cost (CbGame      *g,
                 const char  *member,
                 JsonNode    *value,
                 GError     **error)
{
  int c = cb_card_lookup (member);
  guint cost;

  if (c < 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                   _("Unknown card “%s”."), member);
      return FALSE;
    }
  if (!cb_read_uint (value, member, MAX_COUNT, &cost, error))
    return FALSE;
  if (cost == 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                   _("A card costs at least 1 coin."));
      return FALSE;
    }
  /* costs of cards this race does not use are remembered elsewhere, not here */
  if (g->cards[cb_card (c)->colour] == (guint) c)
    g->setup_cost[cb_card (c)->colour] = (int) cost;
  return TRUE;
}

/* One entry of the setup's "fan_track": space → {"credits", "supply"}. */
static gboolean
read_setup_fan (CbGame      *g,
                const char  *member,
                JsonNode    *value,
                GError     **error)
{
  guint64 space = 0;
  JsonObject *e = cb_read_object (value, member, error);

  if (e == NULL)
    return FALSE;
  if (!g_ascii_string_to_unsigned (member, 10, 1, CB_FAN_LAST_SPACE, &space, NULL)
      || json_object_has_member (e, "space"))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                   _("Fan-track spaces are numbered 1 to %u."), CB_FAN_LAST_SPACE);
      return FALSE;
    }
  return cb_read_fan_entry (e, (guint) space, g->setup_fan, error);
}

/* Walks the setup's object @key (absent: nothing to read), one @read per member. */
static gboolean
read_setup_facts (CbGame         *g,
                  JsonObject     *setup,
                  const char     *key,
                  SetupFactFunc   read,
                  GError        **error)
{
  JsonObject *o;
  JsonObjectIter iter;
  const char *member;
  JsonNode *value;

  if (!json_object_has_member (setup, key))
    return TRUE;
  o = cb_read_object (json_object_get_member (setup, key), key, error);
  if (o == NULL)
    return FALSE;
  json_object_iter_init (&iter, o);
  while (json_object_iter_next (&iter, &member, &value))
    if (!read (g, member, value, error))
      return FALSE;
  return TRUE;
}

CbGame *
cb_game_new_from_json (JsonObject  *setup,
                       GError     **error)
{
  static const char *const keys[] = {
    "game", "version", "players", "race", "cards", "track", "laps", "first", "costs",
    "fan_track", "zero_swords", NULL
  };
  g_autoptr(CbGame) g = NULL;
  JsonArray *players;
  JsonNode *node;
  const CbRace *race = NULL;
  guint n;

  g_return_val_if_fail (setup != NULL, NULL);

  if (!_dp_json_check_keys (setup, keys, error))
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
  players = cb_read_array (json_object_get_member (setup, "players"), "players", error);
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
      JsonArray *cards = cb_read_array (json_object_get_member (setup, "cards"), "cards", error);
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

  if (json_object_has_member (setup, "zero_swords"))
    {
      const char *rule = cb_read_string (json_object_get_member (setup, "zero_swords"), "zero_swords", error);

      if (rule == NULL)
        return NULL;
      if (g_str_equal (rule, "tie"))
        g->zero_swords = CB_ZERO_SWORDS_TIE;
      else if (g_str_equal (rule, "nobody"))
        g->zero_swords = CB_ZERO_SWORDS_NOBODY;
      else
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                       /* Translators: do not translate the quoted words, they are the file's */
                       _("“zero_swords” is “tie” or “nobody”, not “%s”."), rule);
          return NULL;
        }
    }

  /* Facts the group told in earlier games: card costs and fan-space rewards. */
  for (guint c = 0; c < CB_N_COLOURS; c++)
    g->setup_cost[c] = -1;
  cb_fan_unknown (g->setup_fan);
  if (!read_setup_facts (g, setup, "costs", read_setup_cost, error) ||
      !read_setup_facts (g, setup, "fan_track", read_setup_fan, error))
    return NULL;

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
  if (g->log != NULL)
    g->log->ref_count++;
  return g;
}

void
cb_game_free (CbGame *game)
{
  if (game == NULL)
    return;
  for (guint s = 0; s < CB_MAX_PLAYERS; s++)
    g_free (game->names[s]);
  cb_log_unref (game->log);
  g_free (game);
}

CbLogEntry *
cb_log_push (CbLogEntry     *log,
             const CbAction *action)
{
  CbLogEntry *entry = g_new (CbLogEntry, 1);

  entry->ref_count = 1;
  entry->depth = log != NULL ? log->depth + 1 : 1;
  entry->prev = log;   /* takes over the caller's reference */
  entry->action = *action;
  return entry;
}

void
cb_log_unref (CbLogEntry *log)
{
  /* A loop, not recursion: a race has hundreds of entries. */
  while (log != NULL && --log->ref_count == 0)
    {
      CbLogEntry *prev = log->prev;

      g_free (log);
      log = prev;
    }
}

guint
cb_game_get_n_logged (const CbGame *game)
{
  g_return_val_if_fail (game != NULL, 0);
  return game->log != NULL ? game->log->depth : 0;
}

const CbAction *
cb_game_get_logged (const CbGame *game,
                    guint         index)
{
  const CbLogEntry *entry;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (index < cb_game_get_n_logged (game), NULL);

  for (entry = game->log; entry->depth > index + 1; entry = entry->prev)
    ;
  return &entry->action;
}

char *
cb_node_to_text (JsonNode *node)
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
  if (g->zero_swords != CB_ZERO_SWORDS_UNSET)
    {
      json_builder_set_member_name (bld, "zero_swords");
      json_builder_add_string_value (bld, g->zero_swords == CB_ZERO_SWORDS_TIE ? "tie" : "nobody");
    }
  json_builder_end_object (bld);
  root = json_builder_get_root (bld);
  return cb_node_to_text (root);
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
CbZeroSwords cb_game_get_zero_swords (const CbGame *g) { g_return_val_if_fail (g != NULL, 0); return g->zero_swords; }
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

CbCostOrigin
cb_game_get_cost_origin (const CbGame *g,
                         guint         colour)
{
  g_return_val_if_fail (g != NULL && colour < CB_N_COLOURS, CB_COST_UNKNOWN);
  if (g->b.cost[colour] < 0)
    return CB_COST_UNKNOWN;
  if (g->setup_cost[colour] == g->b.cost[colour])
    return CB_COST_REMEMBERED;
  return CB_COST_TOLD;
}

gboolean
cb_game_can_correct_cost (const CbGame *g,
                          guint         colour)
{
  g_return_val_if_fail (g != NULL && colour < CB_N_COLOURS, FALSE);
  return !g->b.finished && g->setup_cost[colour] >= 0 && !(g->b.cost_fixed & (1u << colour));
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
guint cb_game_get_limit (const CbGame *g, guint seat) { SEAT_OK (g, seat, 0); return cb_limit_of (&g->b.p[seat]); }
gboolean cb_game_may_count_red_lines (const CbGame *g, guint seat) { SEAT_OK (g, seat, FALSE); return cb_someone_may_be_ahead (g, seat); }
gboolean cb_game_jet_used (const CbGame *g, guint seat) { SEAT_OK (g, seat, FALSE); return g->b.p[seat].jet_used; }
guint cb_game_get_rounds_played (const CbGame *g, guint seat) { SEAT_OK (g, seat, 0); return g->b.p[seat].rounds_played; }

guint
cb_game_get_dice_owned (const CbGame *g,
                        guint         seat)
{
  guint n = 0;

  SEAT_OK (g, seat, 0);
  /* p. 12: the top dog „kann nicht gekauft oder erhalten werden“; it is passed on */
  for (guint z = 0; z < CB_N_ZONES; z++)
    for (guint k = 0; k < CB_N_KINDS; k++)
      if (k != CB_KIND_TOP_DOG)
        n += g->b.p[seat].dice[z][k];
  return n;
}
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
  if (!cb_can_act (g, seat))
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

static char *
vt_forced (gconstpointer s)
{
  CbAction action;

  return cb_game_get_forced_action (s, &action) ? cb_action_to_text (s, &action) : NULL;
}

static gboolean vt_must_act (gconstpointer s, guint seat) { return cb_game_must_act (s, seat); }
static int vt_total (gconstpointer s, guint seat) { return (int) cb_game_get_spaces_moved (s, seat); }
static guint vt_rank (gconstpointer s, guint seat) { return cb_game_get_rank (s, seat); }
static void vt_add_json (gconstpointer s, JsonObject *o) { cb_replay_add_json (s, o); }
static void vt_add_player_json (gconstpointer s, guint seat, JsonObject *o) { cb_replay_add_player_json (s, seat, o); }
static JsonObject *vt_seat_stats (gconstpointer s, guint seat) { return cb_replay_seat_stats (s, seat); }
static GHashTable *vt_facts (gconstpointer s) { return cb_game_dup_facts (s); }

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
  .dup_forced_action = vt_forced,
  .is_finished      = vt_finished,
  .must_act         = vt_must_act,
  .total            = vt_total,
  .rank             = vt_rank,
  .add_json         = vt_add_json,
  .add_player_json  = vt_add_player_json,
  .seat_stats       = vt_seat_stats,
  .facts            = vt_facts,
  /* cubitos-rules-de.txt, the cover: "Ein Rennspiel für 2–4 flotte Sportskanonen ab 10 Jahren
   * von John D Clair". A race is won at the finish line, not by the spaces walked
   * (docs/cubitos-notes.md), so the winners are Dicepad's own. BoardGameGeek lists Cubitos
   * as boardgame 298069 (its page address, cited in docs/storage.md). */
  .box = { .box_name = "Cubitos", .bgg_id = 298069, .min_players = CB_MIN_PLAYERS,
           .max_players = CB_MAX_PLAYERS, .min_age = 10, .designers = "John D. Clair",
           .highest_total_wins = FALSE },
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
      cb_move_all (p, CB_ZONE_REST, CB_ZONE_DRAW);
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
    cb_remove_active (p, kind, (int) face_if_active);
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
