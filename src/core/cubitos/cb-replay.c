/* cb-replay.c — the Cubitos part of the replay JSON (keys: docs/game-script.md)
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

void
cb_replay_add_json (const CbGame *g,
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

void
cb_replay_add_player_json (const CbGame *g,
                           guint         seat,
                           JsonObject   *o)
{
  const CbPlayer *p = &g->b.p[seat];
  JsonObject *dice = json_object_new ();
  JsonObject *faces = json_object_new ();

  for (guint z = 0; z < CB_N_ZONES; z++)
    add_counts_member (dice, cb_zone_to_string ((CbZone) z), p->dice[z]);
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
  json_object_set_string_member (o, "phase", cb_phase_to_string (p->phase));
  json_object_set_int_member (o, "phase_number", cb_phase_number (p->phase));
  json_object_set_int_member (o, "coins", p->coins);
  json_object_set_int_member (o, "steps", p->steps);
  json_object_set_int_member (o, "credits", p->credits);
  json_object_set_int_member (o, "fans", p->fans);
  json_object_set_int_member (o, "supply_tokens", p->supply_tokens);
  json_object_set_int_member (o, "limit", cb_limit_of (p));
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

JsonObject *
cb_replay_seat_stats (const CbGame *g,
                      guint         seat)
{
  const CbPlayer *p = &g->b.p[seat];
  JsonObject *o = json_object_new ();
  /* the value, not the key, changed: the top dog is not owned (p. 12), and a tie-break
   * round sat out is not played (replay JSON keys are a contract) */
  guint owned = cb_game_get_dice_owned (g, seat);

  json_object_set_int_member (o, "rounds", p->rounds_played);
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

/* ---- facts for later races ---- */

#define COST_PREFIX "cost/"
#define FAN_PREFIX  "fan/"

GHashTable *
cb_game_dup_facts (const CbGame *g)
{
  GHashTable *facts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  g_return_val_if_fail (g != NULL, facts);

  for (guint c = 0; c < CB_N_COLOURS; c++)
    if (g->b.cost[c] >= 0)
      g_hash_table_insert (facts, g_strconcat (COST_PREFIX, cb_card (g->cards[c])->key, NULL),
                           g_strdup_printf ("%d", g->b.cost[c]));
  for (guint s = 1; s < N_FAN; s++)
    if (g->b.fan_reward[s][0] >= 0)
      g_hash_table_insert (facts, g_strdup_printf (FAN_PREFIX "%u", s),
                           g_strdup_printf ("{\"credits\":%d,\"supply\":%d}",
                                            g->b.fan_reward[s][0], g->b.fan_reward[s][1]));
  return facts;
}

/* A whole number 0..CB_MAX_COUNT written as the facts write it, or -1. */
static int
read_fact_number (const char *text)
{
  guint64 n;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, CB_MAX_COUNT, &n, NULL))
    return -1;
  return (int) n;
}

/* Reads {"credits": n, "supply": n}; FALSE for anything else. */
static gboolean
read_fan_fact (const char *text,
               gint64      out[2])
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  const char *const keys[] = { "credits", "supply" };
  JsonObject *o;

  if (!dp_json_check_text (text, -1, TRUE, NULL, NULL) ||
      !json_parser_load_from_data (parser, text, -1, NULL) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return FALSE;
  o = json_node_get_object (json_parser_get_root (parser));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      JsonNode *v = json_object_get_member (o, keys[i]);

      if (v == NULL || !JSON_NODE_HOLDS_VALUE (v) || json_node_get_value_type (v) != G_TYPE_INT64)
        return FALSE;
      out[i] = json_node_get_int (v);
      if (out[i] < 0 || out[i] > CB_MAX_COUNT)
        return FALSE;
    }
  return TRUE;
}

JsonObject *
cb_facts_to_setup_json (GHashTable *facts)
{
  JsonObject *o = json_object_new ();
  JsonObject *costs = json_object_new ();
  JsonObject *fan = json_object_new ();
  GHashTableIter iter;
  gpointer key, value;

  json_object_set_object_member (o, "costs", costs);
  json_object_set_object_member (o, "fan_track", fan);
  if (facts == NULL)
    return o;

  g_hash_table_iter_init (&iter, facts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      if (g_str_has_prefix (key, COST_PREFIX))
        {
          const char *card = (const char *) key + strlen (COST_PREFIX);
          int cost = read_fact_number (value);

          if (cb_card_lookup (card) >= 0 && cost > 0)
            json_object_set_int_member (costs, card, cost);
        }
      else if (g_str_has_prefix (key, FAN_PREFIX))
        {
          int n = read_fact_number ((const char *) key + strlen (FAN_PREFIX));
          gint64 reward[2];

          if (n >= 1 && n <= CB_FAN_LAST_SPACE && read_fan_fact (value, reward))
            {
              JsonObject *e = json_object_new ();
              char member[8];

              g_snprintf (member, sizeof member, "%d", n);
              json_object_set_int_member (e, "credits", reward[0]);
              json_object_set_int_member (e, "supply", reward[1]);
              json_object_set_object_member (fan, member, e);
            }
        }
    }
  return o;
}
