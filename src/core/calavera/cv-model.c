/* cv-model.c — what a Calavera sheet is expected to end with, in points
 *
 * docs/assistant.md ("The worth of a choice in points") states the model and every
 * number in it; keep the two in step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "cv-model.h"

/* ---- The model's numbers (docs/assistant.md) ---- */

/* The chance that one turn of another player leaves this player a duty of m dice
 * (m = 1 … 5): 1–2 skulls with dice left after the roller's choice, or the curse with its
 * dice. Measured by `bench-policies --calibrate 3000` (3,000 two-player games through the
 * engine, both players by the first assistant's advice: 41,000 turns, 2026-11-26); the
 * dice of a duty are taken as m faces drawn uniformly from the four colours and the joker. */
static const double duty_chance[CV_MODEL_MAX_DUTY_DICE + 1] = {
  0.0, 0.1656, 0.3509, 0.2547, 0.0265, 0.0011,
};

/* The turn estimate: the crosses the rows still need up to ESTIMATE_TARGET, at
 * ESTIMATE_OWN_RATE a turn from the player's own turns and ESTIMATE_DUTY_RATE for each
 * other player (their skulls), and ESTIMATE_FREEZE_TURNS for each row still to be frozen.
 * Fitted to `bench-policies --calibrate 1000 N` (every seat by the first assistant,
 * 2026-11-26): an empty sheet then gives the mean number of own turns per game, 13.8 /
 * 10.1 / 8.1 with 2 / 3 / 4 players (the estimate: 13.8 / 10.1 / 8.1 before rounding). */
#define ESTIMATE_TARGET 7.0
#define ESTIMATE_OWN_RATE 1.27
#define ESTIMATE_DUTY_RATE 1.10
#define ESTIMATE_FREEZE_TURNS 0.5

#define ILLEGAL (-G_MAXDOUBLE)
#define CURSE_SKULLS 3

double
cv_model_duty_chance (guint m)
{
  g_return_val_if_fail (m <= CV_MODEL_MAX_DUTY_DICE, 0.0);
  return duty_chance[m];
}

/* ---- Sheets on their own ---- */

static int
bonus_line_value (CvBonusState state,
                  guint        line)
{
  const CvBonusLine *bonus = cv_sheet_get_bonus_line (line);

  switch (state)
    {
    case CV_BONUS_WON_FIRST:
      return bonus->first_value;
    case CV_BONUS_WON_LATER:
      return bonus->later_value;
    case CV_BONUS_OPEN:
    case CV_BONUS_STRUCK:
    default:
      return 0;
    }
}

int
cv_model_final_points (const CvOddsSheet *sheet)
{
  int points = 0;

  g_return_val_if_fail (sheet != NULL, 0);

  for (guint c = 0; c < CV_N_COLORS; c++)
    if (sheet->crosses[c] > 0)
      {
        const CvBox *box = cv_sheet_get_box (MIN (sheet->crosses[c], CV_ROW_LENGTH) - 1);

        /* "Anyone who has their last cross in the points zone … is allowed to score" */
        if (sheet->frozen[c] || box->zone != CV_ZONE_START)
          points += box->value;
      }
  for (guint line = 0; line < CV_N_BONUS_LINES; line++)
    points += bonus_line_value (sheet->bonus[line], line);
  return points;
}

void
cv_model_sheet_take (CvOddsSheet *sheet,
                     CvFace       color,
                     guint        crosses)
{
  g_return_if_fail (sheet != NULL);
  g_return_if_fail (CV_FACE_IS_COLOR (color));

  if (sheet->frozen[color] || crosses == 0)
    return;
  /* More crosses than free boxes: fill to the end, the rest are lost (GAME-DATA.md). */
  sheet->crosses[color] = MIN (sheet->crosses[color] + crosses, CV_ROW_LENGTH);
  /* Landing in the death zone freezes the row at once. */
  if (cv_sheet_get_box (sheet->crosses[color] - 1)->zone == CV_ZONE_DEATH)
    sheet->frozen[color] = TRUE;

  for (guint line = 0; line < CV_N_BONUS_LINES; line++)
    {
      gboolean reached = TRUE;

      if (sheet->bonus[line] != CV_BONUS_OPEN && sheet->bonus[line] != CV_BONUS_STRUCK)
        continue;
      for (guint c = 0; c < CV_N_COLORS; c++)
        reached = reached && sheet->crosses[c] >= cv_sheet_get_bonus_line (line)->after_box;
      if (reached)
        sheet->bonus[line] = sheet->bonus[line] == CV_BONUS_OPEN ? CV_BONUS_WON_FIRST : CV_BONUS_WON_LATER;
    }
}

void
cv_model_sheet_freeze (CvOddsSheet *sheet,
                       CvFace       color)
{
  g_return_if_fail (sheet != NULL);
  g_return_if_fail (CV_FACE_IS_COLOR (color));
  sheet->frozen[color] = TRUE;
}

guint
cv_model_estimate_sheet_turns (const CvOddsSheet *sheet,
                               guint              n_opponents)
{
  double needed = 0.0;
  double freezes = 0.0;

  g_return_val_if_fail (sheet != NULL, 1);

  for (guint c = 0; c < CV_N_COLORS; c++)
    if (!sheet->frozen[c])
      {
        needed += MAX (0.0, ESTIMATE_TARGET - sheet->crosses[c]);
        freezes += ESTIMATE_FREEZE_TURNS;
      }
  return CLAMP ((guint) floor (needed / (ESTIMATE_OWN_RATE + ESTIMATE_DUTY_RATE * n_opponents) + freezes + 0.5),
                1, CV_MODEL_MAX_TURNS);
}

guint
cv_model_estimate_turns_left (const CvGame *game,
                              guint         seat)
{
  guint best = CV_MODEL_MAX_TURNS;

  g_return_val_if_fail (game != NULL, 1);
  g_return_val_if_fail (seat < cv_game_get_n_players (game), 1);

  /* The game ends when the sheet nearest to its fourth frozen row gets there; every
   * player has about as many own turns until then. */
  for (guint p = 0; p < cv_game_get_n_players (game); p++)
    {
      CvOddsSheet sheet;

      if (p == seat && cv_game_get_n_players (game) > 1)
        continue;

      for (guint c = 0; c < CV_N_COLORS; c++)
        {
          sheet.crosses[c] = MIN (cv_game_get_crosses (game, p, (CvFace) c), CV_ROW_LENGTH);
          sheet.frozen[c] = cv_game_row_is_frozen (game, p, (CvFace) c);
        }
      best = MIN (best, cv_model_estimate_sheet_turns (&sheet, cv_game_get_n_players (game) - 1));
    }
  return best;
}

/* ---- Sheets with sorted rows ----
 *
 * A row is one of 13 classes: 0 … 10 crosses and not frozen, FROZEN_LOW (frozen on box
 * 6, 7 or 8: bonus lines 1 and 2 reached, line 3 never) or FROZEN_HIGH (frozen on box 9
 * or later, the death zone included: every line reached). A frozen row's points are
 * known, so they are counted outside the tables; what is left for the future depends
 * only on these classes, and not on which colour is which. */
#define N_CLASSES 13
#define FROZEN_LOW 11
#define FROZEN_HIGH 12
#define N_STATES 1820   /* multisets of 4 rows from 13 classes: C(16, 4) */
#define N_SIX 462       /* multisets of 6 dice over 6 faces */
#define N_KEPT 462      /* multisets of 0 … 5 dice */

typedef struct
{
  guint8  code[N_STATES][CV_N_COLORS];
  gint16  index[N_CLASSES * N_CLASSES * N_CLASSES * N_CLASSES];
  /* Taking n crosses (1 … 6) on the row in place i: the state after it, -1 if illegal,
   * and the points it brings at once (death zone, bonus lines reached). */
  gint16  take_next[N_STATES][CV_N_COLORS][CV_N_DICE + 1];
  double  take_gain[N_STATES][CV_N_COLORS][CV_N_DICE + 1];
  gint16  freeze_next[N_STATES][CV_N_COLORS];
  guint8  freeze_need[N_STATES][CV_N_COLORS];
  double  freeze_gain[N_STATES][CV_N_COLORS];
  double  final[N_STATES];
} States;

/* Multisets of dice and the rolls between them. */
typedef struct
{
  guint8  six[N_SIX][CV_N_FACES];
  double  p_six[N_SIX];
  /* Kept set k: outcomes out_first[k] … out_first[k + 1] - 1, each with its chance and
   * the six dice it gives. */
  guint   out_first[N_KEPT + 1];
  double *out_p;
  guint16 *out_six;
  /* Six dice n (not cursed): the sets they may keep, keep_first[n] … keep_first[n + 1] - 1. */
  guint   keep_first[N_SIX + 1];
  guint16 *keep;
  /* Duties: multisets of m dice over the four colours and the joker. */
  guint   n_duty;
  guint8  duty[512][CV_N_COLORS + 1];
  double  p_duty[512];    /* duty_chance[m] times the multinomial chance */
} Rolls;

struct _CvModel
{
  guint  n_opponents;
  double available[CV_N_BONUS_LINES];
  /* w[t]: at the start of an own turn with t own turns left; b[t]: just after an own
   * turn with t own turns still to come. w[0] = b[0] = the final points. */
  double w[CV_MODEL_MAX_TURNS + 1][N_STATES];
  double b[CV_MODEL_MAX_TURNS + 1][N_STATES];
  States *states;
};

static guint
class_of (guint    crosses,
          gboolean frozen)
{
  if (!frozen)
    return MIN (crosses, 10);
  return crosses <= 8 ? FROZEN_LOW : FROZEN_HIGH;
}

static gboolean
class_reaches (guint code,
               guint after_box)
{
  if (code == FROZEN_HIGH)
    return TRUE;
  if (code == FROZEN_LOW)
    return after_box <= 6;
  return code >= after_box;
}

static guint
code_key (const guint8 *code)
{
  return ((code[0] * N_CLASSES + code[1]) * N_CLASSES + code[2]) * N_CLASSES + code[3];
}

static int
compare_codes_desc (const void *a,
                    const void *b)
{
  return (int) *(const guint8 *) b - (int) *(const guint8 *) a;
}

static int
state_of_codes (const States *st,
                const guint8 *codes)
{
  guint8 sorted[CV_N_COLORS];

  memcpy (sorted, codes, sizeof sorted);
  qsort (sorted, CV_N_COLORS, 1, compare_codes_desc);
  return st->index[code_key (sorted)];
}

static double
lines_gain (const double *available,
            const guint8 *before,
            const guint8 *after)
{
  double gain = 0.0;

  for (guint line = 0; line < CV_N_BONUS_LINES; line++)
    {
      guint box = cv_sheet_get_bonus_line (line)->after_box;
      gboolean was = TRUE, is = TRUE;

      for (guint c = 0; c < CV_N_COLORS; c++)
        {
          was = was && class_reaches (before[c], box);
          is = is && class_reaches (after[c], box);
        }
      if (is && !was)
        gain += available[line];
    }
  return gain;
}

static States *
states_new (const double *available)
{
  States *st = g_new0 (States, 1);
  guint n = 0;

  memset (st->index, 0xff, sizeof st->index);
  for (guint a = 0; a < N_CLASSES; a++)
    for (guint b = 0; b <= a; b++)
      for (guint c = 0; c <= b; c++)
        for (guint d = 0; d <= c; d++)
          {
            guint8 *code = st->code[n];

            code[0] = a, code[1] = b, code[2] = c, code[3] = d;
            st->index[code_key (code)] = n++;
          }
  g_assert (n == N_STATES);

  for (guint s = 0; s < N_STATES; s++)
    {
      const guint8 *code = st->code[s];

      st->final[s] = 0.0;
      for (guint i = 0; i < CV_N_COLORS; i++)
        {
          guint8 after[CV_N_COLORS];

          if (code[i] >= 6 && code[i] <= 10)
            st->final[s] += cv_sheet_get_box (code[i] - 1)->value;

          st->take_next[s][i][0] = -1;
          for (guint m = 1; m <= CV_N_DICE; m++)
            {
              guint crosses = code[i] + m;

              st->take_next[s][i][m] = -1;
              if (code[i] > 10)
                continue;
              memcpy (after, code, sizeof after);
              st->take_gain[s][i][m] = 0.0;
              if (cv_sheet_get_box (MIN (crosses, CV_ROW_LENGTH) - 1)->zone == CV_ZONE_DEATH)
                {
                  st->take_gain[s][i][m] = cv_sheet_get_box (MIN (crosses, CV_ROW_LENGTH) - 1)->value;
                  after[i] = FROZEN_HIGH;
                }
              else
                after[i] = crosses;
              st->take_gain[s][i][m] += lines_gain (available, code, after);
              st->take_next[s][i][m] = state_of_codes (st, after);
            }

          st->freeze_next[s][i] = -1;
          st->freeze_need[s][i] = 0;
          if (code[i] >= 1 && code[i] <= 10 && cv_sheet_get_box (code[i] - 1)->jokers_to_freeze > 0)
            {
              memcpy (after, code, sizeof after);
              after[i] = class_of (code[i], TRUE);
              st->freeze_need[s][i] = cv_sheet_get_box (code[i] - 1)->jokers_to_freeze;
              st->freeze_gain[s][i] = cv_sheet_get_box (code[i] - 1)->value;
              st->freeze_next[s][i] = state_of_codes (st, after);
            }
        }
    }
  return st;
}

/* ---- The dice ---- */

#define KEY_BASE 7
#define N_KEYS (KEY_BASE * KEY_BASE * KEY_BASE * KEY_BASE * KEY_BASE * KEY_BASE)

static guint
dice_key (const guint8 *counts)
{
  guint key = 0;

  for (int f = CV_N_FACES - 1; f >= 0; f--)
    key = key * KEY_BASE + counts[f];
  return key;
}

static double
factorial (guint n)
{
  double r = 1.0;

  for (guint i = 2; i <= n; i++)
    r *= i;
  return r;
}

static double
multinomial (const guint8 *counts,
             guint         n_faces)
{
  guint size = 0;
  double ways;

  for (guint f = 0; f < n_faces; f++)
    size += counts[f];
  ways = factorial (size);
  for (guint f = 0; f < n_faces; f++)
    ways /= factorial (counts[f]);
  return ways / pow (n_faces, size);
}

/* Calls @func for every multiset of @size dice over @n_faces faces. */
typedef void (*SetFunc) (const guint8 *counts, gpointer data);

static void
foreach_set (guint8   *counts,
             guint     face,
             guint     n_faces,
             guint     left,
             SetFunc   func,
             gpointer  data)
{
  if (face == n_faces - 1)
    {
      counts[face] = left;
      func (counts, data);
      counts[face] = 0;
      return;
    }
  for (guint c = 0; c <= left; c++)
    {
      counts[face] = c;
      foreach_set (counts, face + 1, n_faces, left - c, func, data);
    }
  counts[face] = 0;
}

typedef struct
{
  Rolls   *r;
  guint    n;
  gint16  *six_of_key;
  gint16  *kept_of_key;
  guint8 (*kept)[CV_N_FACES];
  guint    m;
} RollsBuild;

static void
add_six_cb (const guint8 *counts,
            gpointer      data)
{
  RollsBuild *rb = data;

  memcpy (rb->r->six[rb->n], counts, CV_N_FACES);
  rb->r->p_six[rb->n] = multinomial (counts, CV_N_FACES);
  rb->six_of_key[dice_key (counts)] = rb->n++;
}

static void
add_kept_cb (const guint8 *counts,
             gpointer      data)
{
  RollsBuild *rb = data;

  memcpy (rb->kept[rb->n], counts, CV_N_FACES);
  rb->kept_of_key[dice_key (counts)] = rb->n++;
}

static void
add_duty_cb (const guint8 *counts,
             gpointer      data)
{
  RollsBuild *rb = data;
  Rolls *r = rb->r;

  memcpy (r->duty[r->n_duty], counts, CV_N_COLORS + 1);
  r->p_duty[r->n_duty] = duty_chance[rb->m] * multinomial (counts, CV_N_COLORS + 1);
  r->n_duty++;
}

typedef struct
{
  GArray *p;
  GArray *six;
  RollsBuild *rb;
  guint8 kept[CV_N_FACES];
} OutcomeBuild;

static void
add_outcome_cb (const guint8 *counts,
                gpointer      data)
{
  OutcomeBuild *ob = data;
  guint8 sum[CV_N_FACES];
  double p = multinomial (counts, CV_N_FACES);
  guint16 six;

  for (guint f = 0; f < CV_N_FACES; f++)
    sum[f] = ob->kept[f] + counts[f];
  six = ob->rb->six_of_key[dice_key (sum)];
  g_array_append_val (ob->p, p);
  g_array_append_val (ob->six, six);
}

static void
rolls_free (Rolls *r)
{
  g_free (r->out_p);
  g_free (r->out_six);
  g_free (r->keep);
  g_free (r);
}

static Rolls *
rolls_new (void)
{
  Rolls *r = g_new0 (Rolls, 1);
  g_autofree gint16 *six_of_key = g_new (gint16, N_KEYS);
  g_autofree gint16 *kept_of_key = g_new (gint16, N_KEYS);
  guint8 (*kept)[CV_N_FACES] = g_malloc0 (sizeof (guint8[CV_N_FACES]) * N_KEPT);
  RollsBuild rb = { r, 0, six_of_key, kept_of_key, kept, 0 };
  g_autoptr(GArray) out_p = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) out_six = g_array_new (FALSE, FALSE, sizeof (guint16));
  g_autoptr(GArray) keeps = g_array_new (FALSE, FALSE, sizeof (guint16));
  guint8 counts[CV_N_FACES] = { 0 };

  foreach_set (counts, 0, CV_N_FACES, CV_N_DICE, add_six_cb, &rb);
  g_assert (rb.n == N_SIX);
  rb.n = 0;
  for (guint size = 0; size < CV_N_DICE; size++)
    foreach_set (counts, 0, CV_N_FACES, size, add_kept_cb, &rb);
  g_assert (rb.n == N_KEPT);

  for (guint k = 0; k < N_KEPT; k++)
    {
      OutcomeBuild ob = { out_p, out_six, &rb, { 0 } };
      guint size = 0;

      memcpy (ob.kept, kept[k], CV_N_FACES);
      for (guint f = 0; f < CV_N_FACES; f++)
        size += kept[k][f];
      r->out_first[k] = out_p->len;
      foreach_set (counts, 0, CV_N_FACES, CV_N_DICE - size, add_outcome_cb, &ob);
    }
  r->out_first[N_KEPT] = out_p->len;

  /* The keeps of six dice: pick up any non-empty set of dice that are not skulls. */
  for (guint n = 0; n < N_SIX; n++)
    {
      const guint8 *six = r->six[n];
      guint8 p[CV_N_FACES] = { 0 };

      r->keep_first[n] = keeps->len;
      if (six[CV_FACE_SKULL] >= CURSE_SKULLS)
        continue;
      for (;;)
        {
          guint8 left[CV_N_FACES];
          guint f = 0;
          guint16 k;

          while (f < CV_FACE_SKULL && p[f] == six[f])
            p[f++] = 0;
          if (f == CV_FACE_SKULL)
            break;
          p[f]++;
          for (guint i = 0; i < CV_N_FACES; i++)
            left[i] = six[i] - p[i];
          k = kept_of_key[dice_key (left)];
          g_array_append_val (keeps, k);
        }
    }
  r->keep_first[N_SIX] = keeps->len;

  for (rb.m = 1; rb.m <= CV_MODEL_MAX_DUTY_DICE; rb.m++)
    foreach_set (counts, 0, CV_N_COLORS + 1, rb.m, add_duty_cb, &rb);

  r->out_p = g_memdup2 (out_p->data, out_p->len * sizeof (double));
  r->out_six = g_memdup2 (out_six->data, out_six->len * sizeof (guint16));
  r->keep = g_memdup2 (keeps->data, keeps->len * sizeof (guint16));
  g_free (kept);
  return r;
}

/* ---- One own turn, on sorted rows ---- */

/* The best final choice on six dice @c in state @s (colours are the rows in their
 * sorted places), as points after the turn; ILLEGAL when nothing can be marked. */
static double
best_choice (const States *st,
             guint         s,
             const guint8 *c,
             const double *after)
{
  double best = ILLEGAL;
  guint jokers = c[CV_FACE_JOKER];

  for (guint i = 0; i < CV_N_COLORS; i++)
    {
      int next;

      if (c[i] > 0 && (next = st->take_next[s][i][c[i]]) >= 0)
        best = MAX (best, st->take_gain[s][i][c[i]] + after[next]);
      if (jokers > 0 && (next = st->take_next[s][i][jokers]) >= 0)
        best = MAX (best, st->take_gain[s][i][jokers] + after[next]);
      if (st->freeze_need[s][i] > 0 && jokers >= st->freeze_need[s][i])
        best = MAX (best, st->freeze_gain[s][i] + after[st->freeze_next[s][i]]);
    }
  return best;
}

/* The expected points after one own turn from state @s played best, with @after the
 * points just after the turn by state. */
static double
turn_value (const States *st,
            const Rolls  *r,
            guint         s,
            const double *after)
{
  double v[N_SIX], q[N_KEPT];
  double term[N_SIX];
  double first = 0.0;

  for (guint n = 0; n < N_SIX; n++)
    term[n] = r->six[n][CV_FACE_SKULL] >= CURSE_SKULLS ? after[s] : best_choice (st, s, r->six[n], after);

  /* No roll left: nothing to mark leaves the sheet as it is. */
  for (guint n = 0; n < N_SIX; n++)
    v[n] = term[n] == ILLEGAL ? after[s] : term[n];

  for (guint rolls = 1; rolls < CV_MAX_ROLLS; rolls++)
    {
      for (guint k = 0; k < N_KEPT; k++)
        {
          double sum = 0.0;

          for (guint o = r->out_first[k]; o < r->out_first[k + 1]; o++)
            sum += r->out_p[o] * v[r->out_six[o]];
          q[k] = sum;
        }
      for (guint n = 0; n < N_SIX; n++)
        {
          double best = term[n];

          if (r->six[n][CV_FACE_SKULL] >= CURSE_SKULLS)
            continue;
          for (guint i = r->keep_first[n]; i < r->keep_first[n + 1]; i++)
            best = MAX (best, q[r->keep[i]]);
          v[n] = best;
        }
    }

  for (guint n = 0; n < N_SIX; n++)
    first += r->p_six[n] * v[n];
  return first;
}

/* One other player's turn: with the chances of duty_chance[], this player must mark a
 * group of the dice left (the best for them: a colour's dice or the jokers as one
 * colour, no freeze), or nothing. */
static void
apply_duty (const States *st,
            const Rolls  *r,
            const double *before,
            double       *out)
{
  double p_none = 1.0;

  for (guint m = 1; m <= CV_MODEL_MAX_DUTY_DICE; m++)
    p_none -= duty_chance[m];

  for (guint s = 0; s < N_STATES; s++)
    {
      double sum = p_none * before[s];

      for (guint d = 0; d < r->n_duty; d++)
        {
          const guint8 *c = r->duty[d];
          double best = ILLEGAL;

          for (guint i = 0; i < CV_N_COLORS; i++)
            {
              int next;

              if (c[i] > 0 && (next = st->take_next[s][i][c[i]]) >= 0)
                best = MAX (best, st->take_gain[s][i][c[i]] + before[next]);
              if (c[CV_N_COLORS] > 0 && (next = st->take_next[s][i][c[CV_N_COLORS]]) >= 0)
                best = MAX (best, st->take_gain[s][i][c[CV_N_COLORS]] + before[next]);
            }
          sum += r->p_duty[d] * (best == ILLEGAL ? before[s] : best);
        }
      out[s] = sum;
    }
}

static CvModel *
model_build (guint         n_opponents,
             const double *available)
{
  CvModel *model = g_new0 (CvModel, 1);
  Rolls *r = rolls_new ();
  g_autofree double *tmp = g_new (double, N_STATES);

  model->n_opponents = n_opponents;
  memcpy (model->available, available, sizeof model->available);
  model->states = states_new (available);

  memcpy (model->w[0], model->states->final, sizeof model->w[0]);
  memcpy (model->b[0], model->states->final, sizeof model->b[0]);
  for (guint t = 1; t <= CV_MODEL_MAX_TURNS; t++)
    {
      for (guint s = 0; s < N_STATES; s++)
        model->w[t][s] = turn_value (model->states, r, s, model->b[t - 1]);
      memcpy (model->b[t], model->w[t], sizeof model->b[t]);
      for (guint o = 0; o < n_opponents; o++)
        {
          apply_duty (model->states, r, model->b[t], tmp);
          memcpy (model->b[t], tmp, sizeof model->b[t]);
        }
    }

  rolls_free (r);
  return model;
}

/* ---- The tables of the process ----
 *
 * Built once for each number of opponents and bonus lines still open, on first use,
 * and never changed afterwards: the lock guards only their creation. */
#define N_KEYS_BONUS (1 << CV_N_BONUS_LINES)

static GMutex models_lock;
static CvModel *models[CV_MAX_PLAYERS][N_KEYS_BONUS];

static guint
bonus_key (const CvOddsSheet *sheet,
           double            *available)
{
  guint key = 0;

  for (guint line = 0; line < CV_N_BONUS_LINES; line++)
    {
      const CvBonusLine *bonus = cv_sheet_get_bonus_line (line);

      /* A line won is reached on every sheet that follows: its value does not matter. */
      if (sheet->bonus[line] == CV_BONUS_STRUCK)
        {
          key |= 1 << line;
          available[line] = bonus->later_value;
        }
      else
        available[line] = bonus->first_value;
    }
  return key;
}

const CvModel *
cv_model_get (guint              n_opponents,
              const CvOddsSheet *sheet)
{
  double available[CV_N_BONUS_LINES];
  guint key;
  CvModel *model;

  g_return_val_if_fail (sheet != NULL, NULL);

  n_opponents = MIN (n_opponents, CV_MAX_PLAYERS - 1);
  key = bonus_key (sheet, available);
  g_mutex_lock (&models_lock);
  if (models[n_opponents][key] == NULL)
    models[n_opponents][key] = model_build (n_opponents, available);
  model = models[n_opponents][key];
  g_mutex_unlock (&models_lock);
  return model;
}

gboolean
cv_model_is_ready (guint              n_opponents,
                   const CvOddsSheet *sheet)
{
  double available[CV_N_BONUS_LINES];
  gboolean ready;
  guint key;

  g_return_val_if_fail (sheet != NULL, FALSE);

  key = bonus_key (sheet, available);
  /* A model being built holds the lock: not ready. */
  if (!g_mutex_trylock (&models_lock))
    return FALSE;
  ready = models[MIN (n_opponents, CV_MAX_PLAYERS - 1)][key] != NULL;
  g_mutex_unlock (&models_lock);
  return ready;
}

/* ---- Values of a real sheet ---- */

/* The points a sheet already holds for sure: frozen rows and bonus lines won. */
static double
secured_points (const CvOddsSheet *sheet)
{
  double points = 0.0;

  for (guint c = 0; c < CV_N_COLORS; c++)
    if (sheet->frozen[c] && sheet->crosses[c] > 0)
      points += cv_sheet_get_box (MIN (sheet->crosses[c], CV_ROW_LENGTH) - 1)->value;
  for (guint line = 0; line < CV_N_BONUS_LINES; line++)
    points += bonus_line_value (sheet->bonus[line], line);
  return points;
}

static guint
state_of_sheet (const CvModel     *model,
                const CvOddsSheet *sheet)
{
  guint8 codes[CV_N_COLORS];

  for (guint c = 0; c < CV_N_COLORS; c++)
    codes[c] = class_of (MIN (sheet->crosses[c], CV_ROW_LENGTH), sheet->frozen[c]);
  return state_of_codes (model->states, codes);
}

double
cv_model_expected_points (const CvModel     *model,
                          const CvOddsSheet *sheet,
                          guint              turns_left)
{
  g_return_val_if_fail (model != NULL, 0.0);
  g_return_val_if_fail (sheet != NULL, 0.0);

  turns_left = MIN (turns_left, CV_MODEL_MAX_TURNS);
  return secured_points (sheet) + model->w[turns_left][state_of_sheet (model, sheet)];
}

double
cv_model_points_after_turn (const CvModel     *model,
                            const CvOddsSheet *sheet,
                            guint              turns_after)
{
  g_return_val_if_fail (model != NULL, 0.0);
  g_return_val_if_fail (sheet != NULL, 0.0);

  turns_after = MIN (turns_after, CV_MODEL_MAX_TURNS);
  return secured_points (sheet) + model->b[turns_after][state_of_sheet (model, sheet)];
}
