/* cb-apply.c — applying one Cubitos action to the board (the 8 phases, p. 7–10)
 *
 * Every action is applied on a scratch copy of the board, which replaces the real one only
 * when all went well, so a refused action never changes anything.
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

gboolean
cb_wrong_phase (const CbGame  *g,
                guint          seat,
                CbActionType        type,
                GError       **error)
{
  const char *when;
  CbPhase phase = g->b.p[seat].phase;

  switch (type)
    {
    case CB_ACTION_REFILL:    when = _("The ready area is refilled in phase 1."); break;
    case CB_ACTION_ROLL:      when = _("Dice are rolled in phase 2."); break;
    case CB_ACTION_PUSH:
    case CB_ACTION_PASS:      when = _("You push or pass in phase 3, after a roll."); break;
    case CB_ACTION_BUST:      when = _("A bust is resolved right after the roll that busted."); break;
    case CB_ACTION_COLLECT:   when = _("Dice faces are collected in phase 5 (support)."); break;
    case CB_ACTION_ANNOUNCE:  when = _("Swords are announced in phase 5 (support)."); break;
    case CB_ACTION_REDEEM:    when = _("Credits become coins only in the race section, phases 5 to 7."); break;
    case CB_ACTION_BUY_STEPS:
    case CB_ACTION_MOVE:
    case CB_ACTION_JET:
    case CB_ACTION_SHORTCUT:  when = _("Runners move in phase 6."); break;
    case CB_ACTION_BUY:       when = _("Dice are bought in phase 7 (shop)."); break;
    case CB_ACTION_REST:      when = _("You rest in phase 8, after shopping."); break;
    case CB_ACTION_CORRECT_COST:
    case CB_N_ACTIONS:
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

  /* From now on the cost is part of this game: a buy or take paid it, or it was told. */
  g->b.cost_fixed |= 1u << colour;
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

/* A cost remembered from an earlier game (the setup's "costs") was wrong: the printed
 * card is the truth. Correctable until the cost is used in this game (a die of that
 * colour bought or taken, which paid or compared it) — after that the game's own
 * history depends on it, and only undo can take it back. */
static gboolean
apply_correct_cost (CbGame         *g,
                    const CbAction *a,
                    GError        **error)
{
  guint colour;

  if (!CB_KIND_IS_COLOUR (a->kind))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("Only ability dice have a card with a cost: %s dice have none."),
                   cb_kind_get_name (a->kind));
      return FALSE;
    }
  colour = CB_COLOUR_OF (a->kind);
  if (a->cost < 1)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("A card costs at least 1 coin."));
      return FALSE;
    }
  if (g->setup_cost[colour] < 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("The cost of %s was not remembered from an earlier race: it is told when a die is bought."),
                   cb_card_name (g->cards[colour]));
      return FALSE;
    }
  if (g->b.cost_fixed & (1u << colour))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s was already paid for in this race at %d coin; undo that first.",
                                "%s was already paid for in this race at %d coins; undo that first.",
                                (gulong) MAX (g->b.cost[colour], 0)),
                   cb_card_name (g->cards[colour]), g->b.cost[colour]);
      return FALSE;
    }
  if (g->b.cost[colour] == a->cost)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   g_dngettext (GETTEXT_PACKAGE, "%s costs %d coin already.",
                                "%s costs %d coins already.", (gulong) a->cost),
                   cb_card_name (g->cards[colour]), a->cost);
      return FALSE;
    }
  g->b.cost[colour] = a->cost;
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
    cb_remove_active (p, kind, -1);
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
                       _("Say what %s costs (“cost”)."), cb_card_name (cb_card_of (g, kind)));
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

  /* p. 8 „Rote Linien“: „für jede rote Linie … zwischen deiner Spielfigur und der am
   * weitesten vor dir befindlichen Spielfigur“: with no runner ahead there are none. */
  if (a->n > 0 && !cb_someone_may_be_ahead (g, a->player))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("No runner is ahead of yours, so no red lines count for your limit."));
      return FALSE;
    }
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
    if (cb_counts_for_limit (p, k))
      {
        counted_ready += p->dice[CB_ZONE_READY][k];
        counted_draw += p->dice[CB_ZONE_DRAW][k];
        counted_both += p->dice[CB_ZONE_DRAW][k] + p->dice[CB_ZONE_REST][k];
        chosen += a->counts[k];
      }
  need = cb_limit_of (p) > counted_ready ? cb_limit_of (p) - counted_ready : 0;
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
      if (reshuffle && cb_counts_for_limit (p, k) && a->counts[k] < p->dice[CB_ZONE_DRAW][k])
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
    cb_move_all (p, CB_ZONE_REST, CB_ZONE_DRAW);
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

static gboolean
apply_move (CbGame         *g,
            const CbAction *a,
            GError        **error)
{
  CbPlayer *p = &g->b.p[a->player];

  if (!cb_enter_move_phase (g, a->player, CB_ACTION_MOVE, error))
    return FALSE;
  if (a->n > p->steps)
    {
      /* qa2: "You have no …", never "You have only 0 …" (read under a greyed-out button) */
      if (p->steps == 0)
        g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL, _("You have no steps."));
      else
        g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                     g_dngettext (GETTEXT_PACKAGE, "You have only %u step.", "You have only %u steps.", p->steps), p->steps);
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

  cb_move_all (p, CB_ZONE_ACTIVE, CB_ZONE_REST);
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
  /* Anyone at the table may read the printed card, in any phase; it is no move in the
   * game, so fresh dice stay fresh. */
  if (a->type == CB_ACTION_CORRECT_COST)
    return apply_correct_cost (g, a, error);
  if (!cb_is_participant (&g->b, a->player))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("%s sits out the tie-break round."), g->names[a->player]);
      return FALSE;
    }
  /* p. 7 „Sofort … nicht später“: once the player does anything else, the dice that just
   * entered are no longer fresh, and the event they could answer is over. */
  if (a->type != CB_ACTION_ABILITY)
    for (guint i = 0; i < p->n_act; i++)
      p->act[i].flags &= (guint8) ~(CB_DIE_FRESH | CB_DIE_EVENT);

  switch (a->type)
    {
    case CB_ACTION_REFILL:
      if (phase != CB_PHASE_REFILL)
        return cb_wrong_phase (g, a->player, a->type, error);
      return apply_refill (g, a, error);

    case CB_ACTION_ROLL:
      if (phase != CB_PHASE_ROLL)
        return cb_wrong_phase (g, a->player, a->type, error);
      return apply_roll (g, a, error);

    case CB_ACTION_PUSH:
      if (phase != CB_PHASE_DECIDE)
        return cb_wrong_phase (g, a->player, a->type, error);
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

    case CB_ACTION_PASS:
      if (phase != CB_PHASE_DECIDE)
        return cb_wrong_phase (g, a->player, a->type, error);
      if (!cb_cards_check_mandatory (g, a->player, CB_CHECK_PASS, error))
        return FALSE;
      p->phase = CB_PHASE_ROLL_DONE;
      cb_start_race_section_if_ready (g);
      return TRUE;

    case CB_ACTION_BUST:
      {
        guint entered = 0;
        if (phase != CB_PHASE_BUST)
          return cb_wrong_phase (g, a->player, a->type, error);
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
          cb_move_all (p, CB_ZONE_ACTIVE, CB_ZONE_REST);
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
        cb_start_race_section_if_ready (g);
        return TRUE;
      }

    case CB_ACTION_COLLECT:
      if (phase != CB_PHASE_SUPPORT)
        return cb_wrong_phase (g, a->player, a->type, error);
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

    case CB_ACTION_ANNOUNCE:
      if (phase != CB_PHASE_SUPPORT)
        return cb_wrong_phase (g, a->player, a->type, error);
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
          cb_evaluate_red_card (g);
      }
      return TRUE;

    case CB_ACTION_REDEEM:
      if (phase != CB_PHASE_SUPPORT && phase != CB_PHASE_MOVE && phase != CB_PHASE_SHOP)
        return cb_wrong_phase (g, a->player, a->type, error);
      if (a->n > p->credits)
        {
          /* qa2: "You have no …", never "You have only 0 …" (read under a greyed-out button) */
          if (p->credits == 0)
            g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL, _("You have no credits."));
          else
            g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                         g_dngettext (GETTEXT_PACKAGE, "You have only %u credit.", "You have only %u credits.", p->credits), p->credits);
          return FALSE;
        }
      p->credits -= a->n;
      p->coins += a->n;
      return TRUE;

    case CB_ACTION_BUY_STEPS:
      if (!cb_enter_move_phase (g, a->player, a->type, error))
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

    case CB_ACTION_MOVE:
      return apply_move (g, a, error);

    case CB_ACTION_JET:
      if (!cb_enter_move_phase (g, a->player, a->type, error))
        return FALSE;
      /* p. 10 „Sonderaktionen“: „Die Sonderaktion wird für jede Spielfigur nur einmal
       * pro Runde aktiviert.“ */
      if (p->jet_used)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       _("The jet boost works once per round for each runner: your steps were already doubled."));
          return FALSE;
        }
      p->jet_used = TRUE;
      /* p. 10 „Düsenantrieb“: doubles the steps left, and the water spaces they may
       * enter (p. 14, Jesus Huanako, Dalai) */
      p->steps *= 2;
      p->water *= 2;
      return TRUE;

    case CB_ACTION_SHORTCUT:
      if (!cb_enter_move_phase (g, a->player, a->type, error))
        return FALSE;
      /* p. 10 „Abkürzung“: paid in steps (the example: 10 steps, pay 7, walk 3 more) */
      if (a->n > p->steps)
        {
          /* qa2: "You have no …", never "You have only 0 …" (read under a greyed-out button) */
          if (p->steps == 0)
            g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL, _("You have no steps."));
          else
            g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                         g_dngettext (GETTEXT_PACKAGE, "You have only %u step.", "You have only %u steps.", p->steps), p->steps);
          return FALSE;
        }
      p->steps -= a->n;
      p->moved = TRUE;
      p->shortcuts++;
      return TRUE;

    case CB_ACTION_BUY:
      if (phase != CB_PHASE_SHOP)
        {
          if (phase == CB_PHASE_MOVE || phase == CB_PHASE_SUPPORT)
            {
              g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                           _("Finish phase 6 first: say where your runner landed."));
              return FALSE;
            }
          return cb_wrong_phase (g, a->player, a->type, error);
        }
      if (!cb_cards_check_mandatory (g, a->player, CB_CHECK_SHOP, error))
        return FALSE;
      p->shop_started = TRUE;
      return apply_buy (g, a, error);

    case CB_ACTION_REST:
      if (phase != CB_PHASE_SHOP)
        return cb_wrong_phase (g, a->player, a->type, error);
      if (!cb_cards_check_mandatory (g, a->player, CB_CHECK_SHOP, error))
        return FALSE;
      p->shop_started = TRUE;
      apply_rest (g, a->player);
      cb_end_round_if_ready (g);
      return TRUE;

    case CB_ACTION_ABILITY:
      if (!cb_cards_apply (g, a, error))
        return FALSE;
      p->n_abilities++;
      return TRUE;

    case CB_N_ACTIONS:
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
  game->log = cb_log_push (game->log, a);
  return TRUE;
}

gboolean
cb_game_apply (CbGame          *game,
               const CbAction  *action,
               GError         **error)
{
  g_autofree char *text = NULL;
  CbAction read;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (action->player < 0 || (guint) action->player >= game->n_players || action->type >= CB_N_ACTIONS)
    {
      g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                           _("This is not a Cubitos action."));
      return FALSE;
    }
  /* Through the text form, so that a typed action is checked exactly as the stored
   * text will be read back (the text is what the log keeps). */
  text = cb_action_to_text (game, action);
  return cb_action_from_text (game, text, &read, error) && commit_action (game, &read, error);
}

gboolean
cb_game_check (const CbGame    *game,
               const CbAction  *action,
               GError         **error)
{
  CbGame scratch;
  gboolean ok;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  scratch = *game;   /* names are shared, never freed through scratch */
  ok = cb_game_apply (&scratch, action, error);
  /* The entry logged on the scratch copy goes with it: it points at @game's log
   * without a reference of its own (cb_log_push). */
  if (scratch.log != game->log)
    g_free (scratch.log);
  return ok;
}

gboolean
cb_game_apply_json (CbGame      *game,
                    JsonObject  *action,
                    GError     **error)
{
  CbAction a;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (!cb_parse_action (game, action, &a, error))
    return FALSE;
  return commit_action (game, &a, error);
}

gboolean
cb_game_apply_text (CbGame      *game,
                    const char  *action_json,
                    GError     **error)
{
  g_autoptr(JsonObject) o = NULL;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (action_json != NULL, FALSE);

  o = _dp_json_parse_object (action_json, "action", error);
  return o != NULL && cb_game_apply_json (game, o, error);
}
