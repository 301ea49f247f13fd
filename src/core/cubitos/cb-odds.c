/* cb-odds.c — the Cubitos turn assistant: the exact odds of pushing
 *
 * The model and every number: docs/assistant.md, "Cubitos: the odds of pushing". Keep
 * the two in step.
 *
 * A push rolls every ready die (p. 8, phase 2). Each die shows one of its six faces
 * (cb-data.c) with probability 1/6; a hit is any face that is not blank; in danger, a
 * roll without a hit busts. Dice of one kind are alike, so per kind only how many hit on
 * the first roll (x) and how many of the rest hit on the second (y) matter: a trinomial.
 * What a hit brings is linear in x and y, so a small table over (hits on roll 1, hits on
 * roll 2) that carries the probability and the expected gains of both rolls gives every
 * figure exactly.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "cb-odds.h"
#include "cb-game-private.h"
#include "cv-odds.h"

/* ---- What one die brings ---- */

static double
face_gain (CbKind             kind,
           CbFace             face,
           CbOddsGain         gain,
           const CbOddsInput *input)
{
  switch (gain)
    {
    case CB_ODDS_COINS:   return cb_face_coins (face);
    case CB_ODDS_STEPS:   return cb_face_steps (face);
    case CB_ODDS_CREDITS: return cb_face_credits (face);
    case CB_ODDS_SWORDS:
      /* p. 11: swords are the red dice's team symbols; some red cards count a special as 2 */
      if (kind != CB_KIND_RED)
        return 0;
      if (face == CB_FACE_TEAM)
        return 1;
      if (face == CB_FACE_SPECIAL)
        return input->double_red ? 2 : 1;
      return 0;
    case CB_ODDS_N_GAINS:
    default:
      return 0;
    }
}

/* Chance that a die of @kind shows no hit. */
static double
p_blank (CbKind kind)
{
  return cb_kind_count_face (kind, CB_FACE_BLANK) / (double) CB_DIE_SIDES;
}

/* Expected gains of one die of @kind, given that it hit. */
static void
hit_gain (CbKind             kind,
          const CbOddsInput *input,
          double             e[CB_ODDS_N_GAINS])
{
  const CbDieInfo *info = cb_die_info (kind);
  guint hits = CB_DIE_SIDES - cb_kind_count_face (kind, CB_FACE_BLANK);

  for (guint g = 0; g < CB_ODDS_N_GAINS; g++)
    {
      e[g] = 0;
      for (guint i = 0; i < CB_DIE_SIDES; i++)
        if (CB_FACE_IS_HIT (info->sides[i]))
          e[g] += face_gain (kind, info->sides[i], (CbOddsGain) g, input);
      e[g] = hits > 0 ? e[g] / hits : 0;
    }
}

/* ---- The table over (hits on roll 1, hits on roll 2) ---- */

typedef struct
{
  double m;                           /* probability */
  double s1[CB_ODDS_N_GAINS];         /* E[gains of roll 1; this cell] */
  double s2[CB_ODDS_N_GAINS];         /* E[gains of roll 2; this cell] */
} Cell;

typedef struct
{
  guint n;       /* dice rolled */
  Cell *cells;   /* (n + 1) × (n + 1), [h1 * (n + 1) + h2] */
} Table;

static double
binomial (guint n,
          guint k)
{
  double r = 1;

  for (guint i = 1; i <= k; i++)
    r = r * (n - k + i) / i;
  return r;
}

static void
table_build (const CbOddsInput *input,
             Table             *t)
{
  guint n = 0, w;
  g_autofree Cell *next = NULL;

  for (guint k = 0; k < CB_N_KINDS; k++)
    n += input->ready[k];
  t->n = n;
  w = n + 1;
  t->cells = g_new0 (Cell, w * w);
  next = g_new0 (Cell, w * w);
  t->cells[0].m = 1;

  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      guint nk = input->ready[k];
      double pb = p_blank ((CbKind) k), ph = 1 - pb;
      double e[CB_ODDS_N_GAINS];

      if (nk == 0)
        continue;
      hit_gain ((CbKind) k, input, e);
      memset (next, 0, sizeof (Cell) * w * w);
      for (guint h1 = 0; h1 < w; h1++)
        for (guint h2 = 0; h1 + h2 < w; h2++)
          {
            const Cell *c = &t->cells[h1 * w + h2];

            if (c->m == 0)
              continue;
            for (guint x = 0; x <= nk; x++)
              for (guint y = 0; x + y <= nk; y++)
                {
                  /* x of the nk dice hit, the other nk − x roll again and y of them hit */
                  double p = binomial (nk, x) * pow (ph, x) * pow (pb, nk - x)
                             * binomial (nk - x, y) * pow (ph, y) * pow (pb, nk - x - y);
                  Cell *d;

                  if (p == 0 || h1 + x + h2 + y >= w)
                    continue;
                  d = &next[(h1 + x) * w + h2 + y];
                  d->m += c->m * p;
                  for (guint g = 0; g < CB_ODDS_N_GAINS; g++)
                    {
                      d->s1[g] += c->s1[g] * p + c->m * p * x * e[g];
                      d->s2[g] += c->s2[g] * p + c->m * p * y * e[g];
                    }
                }
          }
      memcpy (t->cells, next, sizeof (Cell) * w * w);
    }
}

/* ---- Outcomes ---- */

/* Adds an outcome that ends without a bust to @f, with probability @m and the gain sums @s
 * (NULL: nothing gained). */
static void
add_outcome (CbOddsFigures     *f,
             const CbOddsInput *input,
             double             m,
             const double      *s,
             guint              active,
             gboolean           danger,
             gboolean           empty)
{
  if (m == 0)
    return;
  for (guint g = 0; s != NULL && g < CB_ODDS_N_GAINS; g++)
    f->gain[g] += s[g];
  f->p_active[MIN (active, CB_ODDS_MAX_DICE)] += m;
  if (danger || active >= CB_DANGER_AT)
    f->p_danger += m;
  if (empty)
    f->p_empty += m;
  if (active >= input->limit)
    f->p_limit += m;
}

/* The figures of both plans from the table, with @q the chance that one bust is ignored. */
static void
evaluate (const CbOddsInput *input,
          const Table       *t,
          double             q,
          CbOddsFigures      out[CB_ODDS_N_PLANS])
{
  guint n = t->n, w = n + 1, a0 = input->active;
  double p_ok[CB_ODDS_N_PLANS] = { 0, 0 };

  memset (out, 0, sizeof (CbOddsFigures) * CB_ODDS_N_PLANS);
  if (n == 0)
    {
      /* Nothing to roll: the player must pass (p. 8). */
      for (guint plan = 0; plan < CB_ODDS_N_PLANS; plan++)
        add_outcome (&out[plan], input, 1, NULL, a0, input->danger, TRUE);
      return;
    }

  for (guint h1 = 0; h1 < w; h1++)
    {
      gboolean bust1 = h1 == 0 && input->danger && !input->safe;
      gboolean danger1 = input->danger || a0 + h1 >= CB_DANGER_AT;
      double m1 = 0, s1[CB_ODDS_N_GAINS] = { 0 };

      for (guint h2 = 0; h1 + h2 < w; h2++)
        {
          const Cell *c = &t->cells[h1 * w + h2];
          double s12[CB_ODDS_N_GAINS], sq[CB_ODDS_N_GAINS];

          m1 += c->m;
          for (guint g = 0; g < CB_ODDS_N_GAINS; g++)
            s1[g] += c->s1[g];
          if (c->m == 0)
            continue;

          /* This push, then one more. */
          if (bust1)
            {
              /* The bust (raw); ignored („so als wärst du nicht in Gefahr“), the same dice
               * roll again, still in danger, with no second rescue. */
              out[CB_ODDS_ONE_MORE].p_bust_raw += c->m;
              out[CB_ODDS_ONE_MORE].p_bust += c->m * (1 - q);
              if (h2 == 0)
                out[CB_ODDS_ONE_MORE].p_bust += c->m * q;
              else
                {
                  for (guint g = 0; g < CB_ODDS_N_GAINS; g++)
                    sq[g] = c->s2[g] * q;
                  add_outcome (&out[CB_ODDS_ONE_MORE], input, c->m * q, sq, a0 + h2, TRUE, h2 == n);
                  p_ok[CB_ODDS_ONE_MORE] += c->m * q;
                }
            }
          else if (h1 == n)
            {
              /* Every die hit: nothing left to push. */
              add_outcome (&out[CB_ODDS_ONE_MORE], input, c->m, c->s1, a0 + n, danger1, TRUE);
              p_ok[CB_ODDS_ONE_MORE] += c->m;
            }
          else if (danger1 && h2 == 0)
            {
              out[CB_ODDS_ONE_MORE].p_bust_raw += c->m;
              out[CB_ODDS_ONE_MORE].p_bust += c->m * (1 - q);
              for (guint g = 0; g < CB_ODDS_N_GAINS; g++)
                sq[g] = c->s1[g] * q;
              add_outcome (&out[CB_ODDS_ONE_MORE], input, c->m * q, sq, a0 + h1, TRUE, FALSE);
              p_ok[CB_ODDS_ONE_MORE] += c->m * q;
            }
          else
            {
              for (guint g = 0; g < CB_ODDS_N_GAINS; g++)
                s12[g] = c->s1[g] + c->s2[g];
              add_outcome (&out[CB_ODDS_ONE_MORE], input, c->m, s12, a0 + h1 + h2, danger1,
                           h1 + h2 == n);
              p_ok[CB_ODDS_ONE_MORE] += c->m;
            }
        }

      /* This push alone. */
      if (bust1)
        {
          out[CB_ODDS_PUSH].p_bust_raw += m1;
          out[CB_ODDS_PUSH].p_bust += m1 * (1 - q);
          add_outcome (&out[CB_ODDS_PUSH], input, m1 * q, NULL, a0, TRUE, FALSE);
          p_ok[CB_ODDS_PUSH] += m1 * q;
        }
      else
        {
          add_outcome (&out[CB_ODDS_PUSH], input, m1, s1, a0 + h1, danger1, h1 == n);
          p_ok[CB_ODDS_PUSH] += m1;
        }
    }

  for (guint plan = 0; plan < CB_ODDS_N_PLANS; plan++)
    for (guint g = 0; g < CB_ODDS_N_GAINS; g++)
      out[plan].gain[g] = p_ok[plan] > 0 ? out[plan].gain[g] / p_ok[plan] : 0;
}

void
cb_odds_compute_input (const CbOddsInput *input,
                       CbOddsFigures      out[CB_ODDS_N_PLANS])
{
  Table t = { 0, NULL };
  CbOddsFigures raw[CB_ODDS_N_PLANS];

  g_return_if_fail (input != NULL && out != NULL);

  table_build (input, &t);
  evaluate (input, &t, CLAMP (input->p_ignore, 0.0, 1.0), out);
  /* "Before abilities": the same pushes with nobody ignoring a bust. */
  evaluate (input, &t, 0, raw);
  for (guint plan = 0; plan < CB_ODDS_N_PLANS; plan++)
    out[plan].p_bust_raw = raw[plan].p_bust;
  g_free (t.cells);
}

double
cb_odds_p_active_at_least (const CbOddsFigures *figures,
                           guint                n)
{
  double p = 0;

  for (guint a = MIN (n, CB_ODDS_MAX_DICE); a <= CB_ODDS_MAX_DICE; a++)
    p += figures->p_active[a];
  return p;
}

/* ---- The plain enumeration (tests) ---- */

/* One ordered outcome of both rolls, weight @w, played as the rules say. */
static void
play_outcome (const CbOddsInput *input,
              const CbKind      *kinds,
              const guint       *face1,
              const guint       *face2,
              guint              n,
              double             w,
              double             q,
              CbOddsFigures      out[CB_ODDS_N_PLANS],
              double             p_ok[CB_ODDS_N_PLANS])
{
  double g1[CB_ODDS_N_GAINS] = { 0 }, g2[CB_ODDS_N_GAINS] = { 0 }, g12[CB_ODDS_N_GAINS];
  guint hits1 = 0, hits2 = 0, again = 0;
  gboolean danger = input->danger, bust1;

  /* Roll 1: every ready die. */
  for (guint i = 0; i < n; i++)
    {
      CbFace f = cb_die_info (kinds[i])->sides[face1[i]];

      if (!CB_FACE_IS_HIT (f))
        continue;
      hits1++;
      for (guint g = 0; g < CB_ODDS_N_GAINS; g++)
        g1[g] += face_gain (kinds[i], f, (CbOddsGain) g, input);
    }
  bust1 = hits1 == 0 && danger && !input->safe;
  if (input->active + hits1 >= CB_DANGER_AT)
    danger = TRUE;

  if (bust1)
    {
      out[CB_ODDS_PUSH].p_bust += w * (1 - q);
      add_outcome (&out[CB_ODDS_PUSH], input, w * q, NULL, input->active, TRUE, FALSE);
      p_ok[CB_ODDS_PUSH] += w * q;
    }
  else
    {
      for (guint g = 0; g < CB_ODDS_N_GAINS; g++)
        g12[g] = g1[g] * w;
      add_outcome (&out[CB_ODDS_PUSH], input, w, g12, input->active + hits1, danger, hits1 == n);
      p_ok[CB_ODDS_PUSH] += w;
    }

  /* Roll 2: the dice still in the ready area (all of them after an ignored bust). */
  for (guint i = 0; i < n; i++)
    {
      CbFace f;

      if (!bust1 && CB_FACE_IS_HIT (cb_die_info (kinds[i])->sides[face1[i]]))
        continue;
      again++;
      f = cb_die_info (kinds[i])->sides[face2[i]];
      if (!CB_FACE_IS_HIT (f))
        continue;
      hits2++;
      for (guint g = 0; g < CB_ODDS_N_GAINS; g++)
        g2[g] += face_gain (kinds[i], f, (CbOddsGain) g, input);
    }

  if (bust1)
    {
      /* ignored with chance q; a second bust is not */
      out[CB_ODDS_ONE_MORE].p_bust += w * (1 - q);
      if (hits2 == 0)
        out[CB_ODDS_ONE_MORE].p_bust += w * q;
      else
        {
          for (guint g = 0; g < CB_ODDS_N_GAINS; g++)
            g12[g] = g2[g] * w * q;
          add_outcome (&out[CB_ODDS_ONE_MORE], input, w * q, g12, input->active + hits2, TRUE,
                       hits2 == n);
          p_ok[CB_ODDS_ONE_MORE] += w * q;
        }
    }
  else if (again == 0)
    {
      for (guint g = 0; g < CB_ODDS_N_GAINS; g++)
        g12[g] = g1[g] * w;
      add_outcome (&out[CB_ODDS_ONE_MORE], input, w, g12, input->active + hits1, danger, TRUE);
      p_ok[CB_ODDS_ONE_MORE] += w;
    }
  else if (hits2 == 0 && danger)
    {
      out[CB_ODDS_ONE_MORE].p_bust += w * (1 - q);
      for (guint g = 0; g < CB_ODDS_N_GAINS; g++)
        g12[g] = g1[g] * w * q;
      add_outcome (&out[CB_ODDS_ONE_MORE], input, w * q, g12, input->active + hits1, TRUE, FALSE);
      p_ok[CB_ODDS_ONE_MORE] += w * q;
    }
  else
    {
      guint active = input->active + hits1 + hits2;

      for (guint g = 0; g < CB_ODDS_N_GAINS; g++)
        g12[g] = (g1[g] + g2[g]) * w;
      add_outcome (&out[CB_ODDS_ONE_MORE], input, w, g12, active, danger, hits1 + hits2 == n);
      p_ok[CB_ODDS_ONE_MORE] += w;
    }
}

/* Sums over every ordered outcome, each counted 1 (exact in a double: at most 36⁵), with
 * a bust ignored never (@q = 0) or always (@q = 1). */
static void
enumerate_sums (const CbOddsInput *input,
                double             q,
                CbOddsFigures      out[CB_ODDS_N_PLANS],
                double             p_ok[CB_ODDS_N_PLANS],
                double            *total)
{
  CbKind kinds[5];
  guint face1[5] = { 0 }, face2[5] = { 0 }, n = 0;
  gboolean more = TRUE;

  memset (out, 0, sizeof (CbOddsFigures) * CB_ODDS_N_PLANS);
  p_ok[0] = p_ok[1] = 0;
  *total = 0;
  for (guint k = 0; k < CB_N_KINDS; k++)
    for (guint i = 0; i < input->ready[k]; i++)
      {
        g_return_if_fail (n < G_N_ELEMENTS (kinds));
        kinds[n++] = (CbKind) k;
      }
  if (n == 0)
    {
      for (guint plan = 0; plan < CB_ODDS_N_PLANS; plan++)
        {
          add_outcome (&out[plan], input, 1, NULL, input->active, input->danger, TRUE);
          p_ok[plan] = 1;
        }
      *total = 1;
      return;
    }

  while (more)
    {
      play_outcome (input, kinds, face1, face2, n, 1, q, out, p_ok);
      *total += 1;
      /* next ordered outcome: an odometer over (face1, face2) of every die */
      more = FALSE;
      for (guint i = 0; i < n && !more; i++)
        {
          if (++face2[i] < CB_DIE_SIDES)
            more = TRUE;
          else
            {
              face2[i] = 0;
              if (++face1[i] < CB_DIE_SIDES)
                more = TRUE;
              else
                face1[i] = 0;
            }
        }
    }
}

/* CbOddsFigures holds doubles only: combined member by member. */
#define N_FIELDS (sizeof (CbOddsFigures) / sizeof (double))
G_STATIC_ASSERT (N_FIELDS * sizeof (double) == sizeof (CbOddsFigures));

void
cb_odds_enumerate (const CbOddsInput *input,
                   CbOddsFigures      out[CB_ODDS_N_PLANS])
{
  CbOddsFigures never[CB_ODDS_N_PLANS], always[CB_ODDS_N_PLANS];
  double ok_never[CB_ODDS_N_PLANS], ok_always[CB_ODDS_N_PLANS], total;
  double q = CLAMP (input->p_ignore, 0.0, 1.0);

  /* Every sum is linear in q (one bust at most is ignored), so two exact integer
   * enumerations give it for any q. */
  enumerate_sums (input, 0, never, ok_never, &total);
  enumerate_sums (input, 1, always, ok_always, &total);
  for (guint plan = 0; plan < CB_ODDS_N_PLANS; plan++)
    {
      double *o = (double *) &out[plan];
      const double *a = (const double *) &never[plan], *b = (const double *) &always[plan];
      double ok = (1 - q) * ok_never[plan] + q * ok_always[plan];

      for (guint i = 0; i < N_FIELDS; i++)
        o[i] = ((1 - q) * a[i] + q * b[i]) / total;
      for (guint g = 0; g < CB_ODDS_N_GAINS; g++)
        out[plan].gain[g] = ok > 0 ? ((1 - q) * never[plan].gain[g] + q * always[plan].gain[g]) / ok : 0;
      out[plan].p_bust_raw = never[plan].p_bust / total;
    }
}

/* ---- From the game ---- */

/* Active dice of @kind whose card is @key and whose ability @number is unused, with the
 * team symbol (a special brings the normal ability along, p. 7); @card is set when any. */
static guint
count_unused_ability (const CbGame   *game,
                      const CbPlayer *p,
                      CbKind          kind,
                      const char     *key,
                      guint           number,
                      int            *card)
{
  int wanted = cb_card_lookup (key);
  guint n = 0;

  if (wanted < 0 || cb_card_of (game, kind) != (guint) wanted)
    return 0;
  for (guint i = 0; i < p->n_act; i++)
    if (p->act[i].kind == kind
        && (p->act[i].face == CB_FACE_TEAM || p->act[i].face == CB_FACE_SPECIAL)
        && !(p->act[i].used & (1u << (number - 1))))
      n++;
  if (n > 0)
    *card = wanted;
  return n;
}

gboolean
cb_odds_input_from_game (const CbGame *game,
                         guint         seat,
                         CbOddsInput  *input,
                         int          *safe_card,
                         int           ignore_card[2])
{
  const CbPlayer *p;
  double miss = 1;
  int card;

  g_return_val_if_fail (game != NULL && input != NULL, FALSE);
  memset (input, 0, sizeof *input);
  *safe_card = ignore_card[0] = ignore_card[1] = -1;
  if (seat >= game->n_players || game->b.p[seat].phase != CB_PHASE_DECIDE)
    return FALSE;
  p = &game->b.p[seat];

  for (guint k = 0; k < CB_N_KINDS; k++)
    input->ready[k] = p->dice[CB_ZONE_READY][k];
  input->active = cb_zone_total (p, CB_ZONE_ACTIVE);
  input->limit = cb_limit_of (p);
  input->danger = p->danger;
  input->double_red = cb_card (game->cards[0])->double_swords;

  /* Piña Cubelada („wenn du riskierst, aber bevor du erneut wirfst“): this roll cannot
   * bust. It costs nothing, so the odds assume it is used on this push. */
  input->safe = p->safe_roll;
  if (!input->safe && count_unused_ability (game, p, CB_KIND_GREEN, "pina-cubelada", 1, &card) > 0)
    {
      input->safe = TRUE;
      *safe_card = card;
    }

  /* Cubela Libre: give this die back to ignore the bust — certain. */
  if (count_unused_ability (game, p, CB_KIND_GREEN, "keep-on-rollin", 1, &card) > 0)
    {
      miss = 0;
      ignore_card[0] = card;
    }
  /* Granatananas: roll your grey dice from any areas; a hit ignores the bust. All of them
   * are rolled (the best chance); they are the grey dice the player owns now. */
  if (count_unused_ability (game, p, CB_KIND_GREEN, "rolling-stoned", 1, &card) > 0)
    {
      for (guint z = 0; z < CB_N_ZONES; z++)
        miss *= pow (p_blank (CB_KIND_LIGHT_GREY), p->dice[z][CB_KIND_LIGHT_GREY])
                * pow (p_blank (CB_KIND_DARK_GREY), p->dice[z][CB_KIND_DARK_GREY]);
      ignore_card[ignore_card[0] < 0 ? 0 : 1] = card;
    }
  input->p_ignore = 1 - miss;
  return TRUE;
}

/* The green cards whose first ability puts the die back into the ready area on a push. */
static const char *const reroll_cards[] = { "rock-on", "pineapple-rocks", "up-to-11" };

CbOdds *
cb_odds_compute (const CbGame *game,
                 guint         seat)
{
  g_autoptr(CbOdds) odds = g_new0 (CbOdds, 1);

  g_return_val_if_fail (game != NULL, NULL);
  odds->seat = seat;
  if (!cb_odds_input_from_game (game, seat, &odds->input, &odds->safe_card, odds->ignore_card))
    return NULL;
  cb_odds_compute_input (&odds->input, odds->plan);

  /* Einer geht noch, Bar Bar, Bertha Trocken („wenn du riskierst, aber bevor du erneut
   * wirfst: Lege diesen Würfel in deine Bereitschaft“): each such green die may be rolled
   * again with the push. The same figures with all of them put back first. */
  odds->reroll_card = -1;
  for (guint i = 0; i < G_N_ELEMENTS (reroll_cards) && odds->reroll_dice == 0; i++)
    odds->reroll_dice = count_unused_ability (game, &game->b.p[seat], CB_KIND_GREEN, reroll_cards[i], 1,
                                              &odds->reroll_card);
  if (odds->reroll_dice > 0)
    {
      CbOddsInput put_back = odds->input;

      put_back.active -= MIN (odds->reroll_dice, put_back.active);
      put_back.ready[CB_KIND_GREEN] += odds->reroll_dice;
      cb_odds_compute_input (&put_back, odds->with_reroll);
    }
  return g_steal_pointer (&odds);
}

void
cb_odds_free (CbOdds *odds)
{
  g_free (odds);
}

/* ---- JSON ---- */

static const char *const gain_keys[CB_ODDS_N_GAINS] = { "coins", "steps", "credits", "swords" };

static void
figures_to_json (JsonBuilder         *b,
                 const CbOddsFigures *f,
                 guint                limit)
{
  guint top = 0;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "p_bust");
  json_builder_add_double_value (b, f->p_bust);
  json_builder_set_member_name (b, "p_bust_before_abilities");
  json_builder_add_double_value (b, f->p_bust_raw);
  json_builder_set_member_name (b, "if_no_bust");
  json_builder_begin_object (b);
  for (guint g = 0; g < CB_ODDS_N_GAINS; g++)
    {
      json_builder_set_member_name (b, gain_keys[g]);
      json_builder_add_double_value (b, f->gain[g]);
    }
  json_builder_end_object (b);
  json_builder_set_member_name (b, "p_danger");
  json_builder_add_double_value (b, f->p_danger);
  json_builder_set_member_name (b, "p_ready_empty");
  json_builder_add_double_value (b, f->p_empty);
  json_builder_set_member_name (b, "p_limit");
  json_builder_add_double_value (b, f->p_limit);
  json_builder_set_member_name (b, "limit");
  json_builder_add_int_value (b, limit);
  /* [n] = P(no bust and at least n active dice), up to the most that can be reached */
  for (guint a = 0; a <= CB_ODDS_MAX_DICE; a++)
    if (f->p_active[a] > 0)
      top = a;
  json_builder_set_member_name (b, "p_active_at_least");
  json_builder_begin_array (b);
  for (guint a = 0; a <= top; a++)
    json_builder_add_double_value (b, cb_odds_p_active_at_least (f, a));
  json_builder_end_array (b);
  json_builder_end_object (b);
}

JsonNode *
cb_odds_game_to_json (const CbGame *game)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "game");
  json_builder_add_string_value (b, "cubitos");
  json_builder_set_member_name (b, "deciding");
  json_builder_begin_array (b);
  for (guint s = 0; s < cb_game_get_n_players (game); s++)
    {
      g_autoptr(CbOdds) odds = cb_odds_compute (game, s);

      if (odds == NULL)
        continue;
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "player");
      json_builder_add_string_value (b, cb_game_get_player_name (game, s));
      json_builder_set_member_name (b, "ready");
      json_builder_begin_object (b);
      for (guint k = 0; k < CB_N_KINDS; k++)
        if (odds->input.ready[k] > 0)
          {
            json_builder_set_member_name (b, cb_kind_to_string ((CbKind) k));
            json_builder_add_int_value (b, odds->input.ready[k]);
          }
      json_builder_end_object (b);
      json_builder_set_member_name (b, "active");
      json_builder_add_int_value (b, odds->input.active);
      json_builder_set_member_name (b, "danger");
      json_builder_add_boolean_value (b, odds->input.danger);
      json_builder_set_member_name (b, "safe");
      json_builder_add_boolean_value (b, odds->input.safe);
      json_builder_set_member_name (b, "safe_card");
      if (odds->safe_card >= 0)
        json_builder_add_string_value (b, cb_card (odds->safe_card)->key);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "ignore_bust_cards");
      json_builder_begin_array (b);
      for (guint i = 0; i < 2; i++)
        if (odds->ignore_card[i] >= 0)
          json_builder_add_string_value (b, cb_card (odds->ignore_card[i])->key);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "p_ignore_bust");
      json_builder_add_double_value (b, odds->input.p_ignore);
      json_builder_set_member_name (b, "double_red");
      json_builder_add_boolean_value (b, odds->input.double_red);
      json_builder_set_member_name (b, "reroll_card");
      if (odds->reroll_card >= 0)
        json_builder_add_string_value (b, cb_card (odds->reroll_card)->key);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "reroll_dice");
      json_builder_add_int_value (b, odds->reroll_dice);
      json_builder_set_member_name (b, "push");
      figures_to_json (b, &odds->plan[CB_ODDS_PUSH], odds->input.limit);
      if (odds->reroll_dice > 0)
        {
          json_builder_set_member_name (b, "push_after_reroll");
          figures_to_json (b, &odds->with_reroll[CB_ODDS_PUSH], odds->input.limit);
        }
      json_builder_set_member_name (b, "one_more");
      figures_to_json (b, &odds->plan[CB_ODDS_ONE_MORE], odds->input.limit);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* ---- The table's sentence ---- */

/* "+2 coins, +1 step" from the expected gains, each rounded; gains that round to 0 are
 * left out. NULL when nothing is left. */
static char *
dup_gains_text (const CbOddsFigures *f)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint g = 0; g < CB_ODDS_N_GAINS; g++)
    {
      guint n = (guint) floor (f->gain[g] + 0.5);
      g_autofree char *part = NULL;

      if (n == 0)
        continue;
      switch (g)
        {
        case CB_ODDS_COINS:
          /* Translators: an expected gain of a Cubitos push, "+2 coins" */
          part = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "+%u coin", "+%u coins", n), n);
          break;
        case CB_ODDS_STEPS:
          part = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "+%u step", "+%u steps", n), n);
          break;
        case CB_ODDS_CREDITS:
          part = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "+%u credit", "+%u credits", n), n);
          break;
        case CB_ODDS_SWORDS:
        default:
          part = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "+%u sword", "+%u swords", n), n);
          break;
        }
      if (s->len > 0)
        /* Translators: separates the gains of a push, "+2 coins, +1 step" */
        g_string_append (s, _(", "));
      g_string_append (s, part);
    }
  return s->len > 0 ? g_string_free (g_steal_pointer (&s), FALSE) : NULL;
}

char *
cb_odds_describe (const CbOdds *odds,
                  CbOddsPlan    plan)
{
  const CbOddsFigures *f;
  g_autofree char *bust = NULL;
  g_autofree char *gains = NULL;
  g_autofree char *head = NULL;
  guint n = 0;

  g_return_val_if_fail (odds != NULL && plan < CB_ODDS_N_PLANS, NULL);
  for (guint k = 0; k < CB_N_KINDS; k++)
    n += odds->input.ready[k];
  if (n == 0)
    return NULL;

  f = &odds->plan[plan];
  bust = cv_odds_format_percent (f->p_bust);
  gains = dup_gains_text (f);

  if (f->p_bust_raw == 0 && gains == NULL)
    head = plan == CB_ODDS_PUSH
           /* Translators: the Cubitos assistant when a push cannot bust (not in danger, or
            * a safe roll) and brings less than one of anything on average */
           ? g_strdup (_("Push: no risk of a bust — little to gain"))
           : g_strdup (_("Push twice: no risk of a bust — little to gain"));
  else if (f->p_bust_raw == 0)
    head = plan == CB_ODDS_PUSH
           /* Translators: the Cubitos assistant when a push cannot bust, e.g. "Push: no
            * risk of a bust — about +1 coin"; %s is the gains */
           ? g_strdup_printf (_("Push: no risk of a bust — about %s"), gains)
           : g_strdup_printf (_("Push twice: no risk of a bust — about %s"), gains);
  else if (gains == NULL)
    head = plan == CB_ODDS_PUSH
           /* Translators: the Cubitos assistant when a push brings less than one of
            * anything on average; %s is a percentage */
           ? g_strdup_printf (_("Push: %s bust — if not, little to gain"), bust)
           : g_strdup_printf (_("Push twice: %s bust — if not, little to gain"), bust);
  else if (plan == CB_ODDS_PUSH)
    /* Translators: the Cubitos assistant, e.g. "Push: 31 % bust — if not, about +2 coins";
     * the first %s is a percentage, the second the gains */
    head = g_strdup_printf (_("Push: %s bust — if not, about %s"), bust, gains);
  else
    /* Translators: the same for pushing twice in a row */
    head = g_strdup_printf (_("Push twice: %s bust — if not, about %s"), bust, gains);

  if (f->p_bust_raw > f->p_bust + 1e-12)
    {
      g_autofree char *raw = cv_odds_format_percent (f->p_bust_raw);
      /* Translators: after the odds of a push: the bust chance before a card can ignore
       * it, e.g. "… (31 % before Keep On Rollin’)" */
      return g_strdup_printf (_("%s (%s before %s)"), head, raw,
                              cb_card_get_name (odds->ignore_card[0]));
    }
  if (plan == CB_ODDS_PUSH && odds->reroll_dice > 0 &&
      odds->with_reroll[CB_ODDS_PUSH].p_bust < f->p_bust - 1e-12)
    {
      g_autofree char *after = cv_odds_format_percent (odds->with_reroll[CB_ODDS_PUSH].p_bust);
      /* Translators: after the odds of a push: the bust chance if the green die is first
       * put back into the ready area by its card, e.g. "…; with Rock On first: 22 % bust" */
      return g_strdup_printf (_("%s; with %s first: %s bust"), head, cb_card_get_name (odds->reroll_card), after);
    }
  if (plan == CB_ODDS_PUSH && odds->safe_card >= 0)
    /* Translators: after the odds of a push: the card that makes it safe */
    return g_strdup_printf (_("%s (safe with %s)"), head, cb_card_get_name (odds->safe_card));
  return g_steal_pointer (&head);
}
