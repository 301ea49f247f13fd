/* cb-legal.c — the legal actions of a Cubitos position, as canonical texts
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

/* ---- legal actions ---- */

#define MAX_LISTED 512   /* dice entries listed per player and decision, at most */

static void
push_action (GArray         *out,
             const CbGame   *g,
             const CbAction *a)
{
  g_array_append_vals (out, a, 1);
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
list_refill (GArray       *out,
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
  a.type = CB_ACTION_REFILL;
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
    if (cb_counts_for_limit (p, k))
      {
        counted_ready += p->dice[CB_ZONE_READY][k];
        counted_draw += p->dice[CB_ZONE_DRAW][k];
        counted_both += p->dice[CB_ZONE_DRAW][k] + p->dice[CB_ZONE_REST][k];
      }
  need = cb_limit_of (p) > counted_ready ? cb_limit_of (p) - counted_ready : 0;
  reshuffle = counted_draw < need;
  for (guint k = 0; k < CB_N_KINDS; k++)
    if (cb_counts_for_limit (p, k))
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
list_roll (GArray       *out,
           const CbGame *g,
           guint         seat)
{
  const CbPlayer *p = &g->b.p[seat];
  GArray *per_kind[CB_N_KINDS] = { NULL };
  guint idx[CB_N_KINDS] = { 0 };
  gsize product = 1;
  CbAction a;

  cb_action_init (&a);
  a.type = CB_ACTION_ROLL;
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
list_bust (GArray       *out,
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
  a.type = CB_ACTION_BUST;
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
list_redeem (GArray       *out,
             const CbGame *g,
             guint         seat)
{
  CbAction a;

  cb_action_init (&a);
  a.type = CB_ACTION_REDEEM;
  a.player = (int) seat;
  for (a.n = 1; a.n <= g->b.p[seat].credits; a.n++)
    push_action (out, g, &a);
}

static void
list_moves (GArray       *out,
            const CbGame *g,
            guint         seat)
{
  const CbPlayer *p = &g->b.p[seat];
  CbAction a;
  int told[3][N_FAN][2];
  guint n_told = cb_fan_variants (g, seat, told);

  cb_action_init (&a);
  a.player = (int) seat;

  a.type = CB_ACTION_BUY_STEPS;
  for (a.n = 1; a.n <= p->coins / CB_COINS_PER_STEP; a.n++)
    push_action (out, g, &a);
  if (p->steps > 0 && !p->jet_used)
    {
      a.type = CB_ACTION_JET;
      push_action (out, g, &a);
    }
  a.type = CB_ACTION_SHORTCUT;
  for (a.n = 1; a.n <= p->steps; a.n++)
    push_action (out, g, &a);

  a.type = CB_ACTION_MOVE;
  for (guint n = 0; n <= p->steps; n++)
    for (guint fin = 0; fin < 2; fin++)
      {
        gboolean moved = p->moved || n > 0;
        gboolean finished;

        if (fin && (n == 0 || p->finished))
          continue;
        finished = p->finished || (fin && p->laps_done + 1 >= g->laps);
        cb_action_init (&a);
        a.type = CB_ACTION_MOVE;
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
list_shop (GArray       *out,
           const CbGame *g,
           guint         seat)
{
  const CbPlayer *p = &g->b.p[seat];
  gboolean two = p->bought != 0 && (p->bought & (p->bought - 1)) != 0;
  CbAction a;

  cb_action_init (&a);
  a.player = (int) seat;
  a.type = CB_ACTION_BUY;
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
  a.type = CB_ACTION_REST;
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

/* The legal actions of @seat, appended to @out (element type CbAction). */
static void
list_seat (GArray       *out,
           const CbGame *g,
           guint         s)
{
  const CbPlayer *p = &g->b.p[s];
  CbAction a;

  if (!cb_can_act (g, s))
    return;
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
          a.type = CB_ACTION_PUSH;
          push_action (out, g, &a);
        }
      if (cb_cards_check_mandatory (g, s, CB_CHECK_PASS, NULL))
        {
          a.type = CB_ACTION_PASS;
          push_action (out, g, &a);
        }
      break;
    case CB_PHASE_BUST:
      list_bust (out, g, s);
      break;
    case CB_PHASE_SUPPORT:
      if (can_collect (p))
        {
          a.type = CB_ACTION_COLLECT;
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
          a.type = CB_ACTION_ANNOUNCE;
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

GPtrArray *
cb_game_legal_actions (const CbGame *g)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) actions = g_array_new (FALSE, FALSE, sizeof (CbAction));

  g_return_val_if_fail (g != NULL, out);

  for (guint s = 0; s < g->n_players; s++)
    list_seat (actions, g, s);
  for (guint i = 0; i < actions->len; i++)
    g_ptr_array_add (out, cb_action_to_text (g, &g_array_index (actions, CbAction, i)));
  return out;
}

/* Only these are forced when they are a seat's one legal action: the listing of each is
 * complete (no samples of a told fact stand for others). */
static gboolean
is_decision_free (const CbGame   *g,
                  const CbAction *a)
{
  switch (a->type)
    {
    case CB_ACTION_REFILL:
      /* one way to refill, and no red lines to tell (nobody can be ahead, p. 8) */
      return !cb_game_may_count_red_lines (g, (guint) a->player);
    case CB_ACTION_PASS:
    case CB_ACTION_ANNOUNCE:
    case CB_ACTION_REST:
      return TRUE;
    case CB_ACTION_MOVE:
      /* nothing walked this phase, so the space landed on gives no bonus (p. 10) */
      return a->n == 0 && !a->finish && a->l_credits == 0 && a->l_fans == 0 && a->n_lose == 0
             && !a->has_take && a->water == 0;
    case CB_ACTION_ABILITY:
      /* the red card the player with the most swords must use, when it asks nothing:
       * no red die to give back („sofern möglich“, p. 7), no die to give (issue 25,
       * item 5: at 0 swords all round it is the top dog's every round) */
      return a->face == CB_FACE_BLANK && a->mandatory && !a->has_lose && !a->has_give && !a->has_die
             && !a->has_other && !a->has_dice && !a->has_from && !a->has_take && !a->has_landed;
    case CB_ACTION_ROLL:
    case CB_ACTION_PUSH:
    case CB_ACTION_BUST:     /* the dice put to rest are chosen */
    case CB_ACTION_COLLECT:  /* credits may be left */
    case CB_ACTION_REDEEM:
    case CB_ACTION_BUY_STEPS:
    case CB_ACTION_JET:
    case CB_ACTION_SHORTCUT:
    case CB_ACTION_BUY:
    case CB_N_ACTIONS:
    default:
      return FALSE;
    }
}

/* Phase 5 with nothing to choose: collecting what the dice show (no credit face that
 * could be left) and announcing the swords they show, in either order, are all that is
 * possible (p. 9, 5.: the support abilities of the active dice are used, the swords
 * counted). Collect comes first in the listing. */
static gboolean
only_support (GArray *listed)
{
  if (listed->len == 0)
    return FALSE;
  for (guint i = 0; i < listed->len; i++)
    {
      const CbAction *a = &g_array_index (listed, CbAction, i);

      if (a->type != CB_ACTION_ANNOUNCE && (a->type != CB_ACTION_COLLECT || !a->take_credits))
        return FALSE;
    }
  return TRUE;
}

gboolean
cb_game_get_forced_action (const CbGame *game,
                           CbAction     *action)
{
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (cb_game_is_finished (game))
    return FALSE;
  for (guint s = 0; s < game->n_players; s++)
    {
      g_autoptr(GArray) listed = g_array_new (FALSE, FALSE, sizeof (CbAction));

      list_seat (listed, game, s);
      if ((listed->len == 1 && is_decision_free (game, &g_array_index (listed, CbAction, 0)))
          || only_support (listed))
        {
          *action = g_array_index (listed, CbAction, 0);
          return TRUE;
        }
    }
  return FALSE;
}

GArray *
cb_game_legal_actions_for_seat (const CbGame *game,
                                guint         seat)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (CbAction));

  g_return_val_if_fail (game != NULL && seat < game->n_players, out);
  list_seat (out, game, seat);
  return out;
}
