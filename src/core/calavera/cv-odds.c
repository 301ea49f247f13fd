/* cv-odds.c — the Calavera turn assistant: exact odds and the best keep
 *
 * The model and every number are explained in docs/assistant.md; keep the two in step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "cv-odds.h"

/* ---- The sheet worth: the first assistant's value model, kept as CV_ODDS_VALUE_HEURISTIC
 * (docs/assistant.md, "The sheet worth"); the points model is cv-model.c ---- */

/* A cross in the start area is worth this much: it brings the row closer to the points
 * zone (five crosses = 3, a little less than the 4 of box 6, so the worth rises
 * monotonically along the row). */
#define START_CROSS_WORTH 0.6

/* An unfrozen row in the points zone may still be pushed into the death zone (by
 * opponents' skulls, or because freezing needs jokers), so its points count only in
 * part: the share at risk by the number of points boxes still free after the last
 * cross (0 = on the last points box, one cross from the death zone). */
static const double points_at_risk[] = { 0.35, 0.25, 0.15, 0.10, 0.05 };

/* A bonus line not reached yet counts half its value, in proportion to the crosses
 * the four rows already have towards it: bringing rows up to a line is progress. */
#define BONUS_PROGRESS_SHARE 0.5

/* Values closer than this are equal (sums of the same terms in another order). */
#define EPSILON 1e-9

#define ILLEGAL_VALUE (-G_MAXDOUBLE)

static double
row_worth (guint    crosses,
           gboolean frozen)
{
  const CvBox *box;
  guint free_points = 0;

  if (crosses == 0)
    return 0.0;

  box = cv_sheet_get_box (MIN (crosses, CV_ROW_LENGTH) - 1);
  if (frozen || box->zone == CV_ZONE_DEATH)
    return box->value;
  if (box->zone == CV_ZONE_START)
    return START_CROSS_WORTH * crosses;

  for (guint i = crosses; i < CV_ROW_LENGTH && cv_sheet_get_box (i)->zone == CV_ZONE_POINTS; i++)
    free_points++;
  free_points = MIN (free_points, G_N_ELEMENTS (points_at_risk) - 1);

  return box->value * (1.0 - points_at_risk[free_points]);
}

static double
bonus_worth (const CvOddsSheet *sheet)
{
  double worth = 0.0;

  for (guint line = 0; line < CV_N_BONUS_LINES; line++)
    {
      const CvBonusLine *bonus = cv_sheet_get_bonus_line (line);
      gboolean reached = TRUE;
      gboolean reachable = TRUE;
      guint towards = 0;
      int available;

      /* A line already won is in the score either way: it changes nothing. */
      if (sheet->bonus[line] == CV_BONUS_OPEN)
        available = bonus->first_value;
      else if (sheet->bonus[line] == CV_BONUS_STRUCK)
        available = bonus->later_value;
      else
        continue;

      for (guint c = 0; c < CV_N_COLORS; c++)
        {
          if (sheet->crosses[c] < bonus->after_box)
            {
              reached = FALSE;
              /* A frozen row never gets another cross: the line is out of reach. */
              if (sheet->frozen[c])
                reachable = FALSE;
            }
          towards += MIN (sheet->crosses[c], bonus->after_box);
        }

      if (reached)
        worth += available;
      else if (reachable)
        worth += BONUS_PROGRESS_SHARE * available * towards / (CV_N_COLORS * bonus->after_box);
    }

  return worth;
}

void
cv_odds_sheet_init (CvOddsSheet *sheet)
{
  g_return_if_fail (sheet != NULL);

  memset (sheet, 0, sizeof *sheet);
  for (guint line = 0; line < CV_N_BONUS_LINES; line++)
    sheet->bonus[line] = CV_BONUS_OPEN;
}

void
cv_odds_sheet_from_game (const CvGame *game,
                         guint         seat,
                         CvOddsSheet  *sheet)
{
  g_return_if_fail (game != NULL);
  g_return_if_fail (sheet != NULL);
  g_return_if_fail (seat < cv_game_get_n_players (game));

  for (guint c = 0; c < CV_N_COLORS; c++)
    {
      sheet->crosses[c] = MIN (cv_game_get_crosses (game, seat, (CvFace) c), CV_ROW_LENGTH);
      sheet->frozen[c] = cv_game_row_is_frozen (game, seat, (CvFace) c);
    }
  for (guint line = 0; line < CV_N_BONUS_LINES; line++)
    sheet->bonus[line] = cv_game_get_bonus_state (game, seat, line);
}

double
cv_odds_sheet_worth (const CvOddsSheet *sheet)
{
  double worth;

  g_return_val_if_fail (sheet != NULL, 0.0);

  worth = bonus_worth (sheet);
  for (guint c = 0; c < CV_N_COLORS; c++)
    worth += row_worth (sheet->crosses[c], sheet->frozen[c]);

  return worth;
}

double
cv_odds_value_take (const CvOddsSheet *sheet,
                    CvFace             color,
                    guint              crosses)
{
  CvOddsSheet after;

  g_return_val_if_fail (sheet != NULL, ILLEGAL_VALUE);
  g_return_val_if_fail (CV_FACE_IS_COLOR (color), ILLEGAL_VALUE);

  if (crosses == 0 || sheet->frozen[color] || sheet->crosses[color] >= CV_ROW_LENGTH)
    return ILLEGAL_VALUE;

  after = *sheet;
  /* More crosses than free boxes: fill to the end, the rest are lost (GAME-DATA.md). */
  after.crosses[color] = MIN (sheet->crosses[color] + crosses, CV_ROW_LENGTH);
  /* Landing in the death zone freezes the row at once. */
  if (cv_sheet_get_box (after.crosses[color] - 1)->zone == CV_ZONE_DEATH)
    after.frozen[color] = TRUE;

  return cv_odds_sheet_worth (&after) - cv_odds_sheet_worth (sheet);
}

static guint
jokers_to_freeze (const CvOddsSheet *sheet,
                  CvFace             color)
{
  if (sheet->frozen[color] || sheet->crosses[color] == 0 || sheet->crosses[color] > CV_ROW_LENGTH)
    return 0;
  return cv_sheet_get_box (sheet->crosses[color] - 1)->jokers_to_freeze;
}

double
cv_odds_value_freeze (const CvOddsSheet *sheet,
                      CvFace             color,
                      guint              jokers)
{
  CvOddsSheet after;
  guint need;

  g_return_val_if_fail (sheet != NULL, ILLEGAL_VALUE);
  g_return_val_if_fail (CV_FACE_IS_COLOR (color), ILLEGAL_VALUE);

  need = jokers_to_freeze (sheet, color);
  if (need == 0 || jokers < need)
    return ILLEGAL_VALUE;

  after = *sheet;
  after.frozen[color] = TRUE;

  return cv_odds_sheet_worth (&after) - cv_odds_sheet_worth (sheet);
}

/* ---- What a final choice is worth, in either model ---- */

typedef struct
{
  CvOddsValueModel  value_model;
  const CvModel    *model;        /* CV_ODDS_VALUE_POINTS */
  /* The roller: own turns still to come after this one (cv_model_points_after_turn());
   * an opponent's duty: own turns left, the next one included (cv_model_expected_points()). */
  guint             turns;
  gboolean          own_turn;
  double            baseline;     /* the points of the sheet as it is */
} ValueCtx;

static double
ctx_points (const ValueCtx    *ctx,
            const CvOddsSheet *sheet)
{
  return ctx->own_turn ? cv_model_points_after_turn (ctx->model, sheet, ctx->turns)
                       : cv_model_expected_points (ctx->model, sheet, ctx->turns);
}

static void
value_ctx_init (ValueCtx           *ctx,
                const CvOddsSheet  *sheet,
                const CvOddsParams *params,
                guint               n_opponents,
                guint               turns,
                gboolean            own_turn)
{
  memset (ctx, 0, sizeof *ctx);
  ctx->value_model = params->value_model;
  ctx->turns = turns;
  ctx->own_turn = own_turn;
  if (ctx->value_model == CV_ODDS_VALUE_POINTS)
    {
      ctx->model = cv_model_get (n_opponents, sheet);
      ctx->baseline = ctx_points (ctx, sheet);
    }
}

static double
ctx_value_take (const ValueCtx    *ctx,
                const CvOddsSheet *sheet,
                CvFace             color,
                guint              crosses)
{
  CvOddsSheet after;

  if (ctx->value_model == CV_ODDS_VALUE_HEURISTIC)
    return cv_odds_value_take (sheet, color, crosses);
  if (crosses == 0 || sheet->frozen[color] || sheet->crosses[color] >= CV_ROW_LENGTH)
    return ILLEGAL_VALUE;
  after = *sheet;
  cv_model_sheet_take (&after, color, crosses);
  return ctx_points (ctx, &after) - ctx->baseline;
}

static guint jokers_to_freeze (const CvOddsSheet *sheet, CvFace color);

static double
ctx_value_freeze (const ValueCtx    *ctx,
                  const CvOddsSheet *sheet,
                  CvFace             color)
{
  CvOddsSheet after;
  guint need = jokers_to_freeze (sheet, color);

  if (ctx->value_model == CV_ODDS_VALUE_HEURISTIC)
    return cv_odds_value_freeze (sheet, color, need);
  if (need == 0)
    return ILLEGAL_VALUE;
  after = *sheet;
  cv_model_sheet_freeze (&after, color);
  return ctx_points (ctx, &after) - ctx->baseline;
}

/* ---- The solver: exact expectation over multisets of faces ---- */

/* Multisets of at most six dice over six faces: C(12, 6). */
#define MAX_SETS 924
/* A multiset's key is Σ count[f] · 7^f: adding keys adds multisets (no count exceeds 6). */
#define KEY_BASE 7
#define N_KEYS (KEY_BASE * KEY_BASE * KEY_BASE * KEY_BASE * KEY_BASE * KEY_BASE)
#define SKULL_KEY (KEY_BASE * KEY_BASE * KEY_BASE * KEY_BASE * KEY_BASE)
#define CURSE_SKULLS 3

/* The figures of a final state, as one vector so that expectations are sums. */
enum
{
  VEC_CURSE,
  VEC_JOKERS,                           /* … VEC_JOKERS + CV_N_DICE */
  VEC_CROSSES = VEC_JOKERS + CV_N_DICE + 1,
  N_VEC = VEC_CROSSES + CV_N_COLORS,
};

typedef struct
{
  double v[N_VEC];
} Vec;

typedef struct
{
  guint    n_sets;
  guint8   count[MAX_SETS][CV_N_FACES];
  guint8   size[MAX_SETS];
  guint    key[MAX_SETS];
  guint16 *index;                         /* key → 1 + set number */

  /* Sets are numbered by size: the sets of k dice are first[k] … first[k + 1] - 1,
   * which are also the outcomes of rolling k dice, each with probability p_roll. */
  guint    first[CV_N_DICE + 2];
  double   p_roll[MAX_SETS];

  CvOddsSheet sheet;
  double   take_value[CV_N_COLORS][CV_N_DICE + 1];
  double   freeze_value[CV_N_COLORS];
  guint    freeze_need[CV_N_COLORS];      /* 0 = this row cannot be frozen now */
  guint    free_boxes[CV_N_COLORS];

  /* Memos by rolls left and set number. v/keep/f: six dice; q/g/h: the kept dice
   * before the others are rolled. keep: set number of the dice kept, -1 = stop. */
  gboolean v_done[CV_MAX_ROLLS][MAX_SETS];
  double   v[CV_MAX_ROLLS][MAX_SETS];
  int      keep[CV_MAX_ROLLS][MAX_SETS];
  gboolean q_done[CV_MAX_ROLLS][MAX_SETS];
  double   q[CV_MAX_ROLLS][MAX_SETS];
  gboolean f_done[CV_MAX_ROLLS][MAX_SETS];
  Vec      f[CV_MAX_ROLLS][MAX_SETS];
  gboolean g_done[CV_MAX_ROLLS][MAX_SETS];
  Vec      g[CV_MAX_ROLLS][MAX_SETS];
  gboolean h_done[CV_MAX_ROLLS + 1][MAX_SETS];
  Vec      h[CV_MAX_ROLLS + 1][MAX_SETS];
} Solver;

static guint
key_of_counts (const guint *counts)
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

static void
solver_add_sets (Solver *s,
                 guint   face,
                 guint   left,
                 guint  *counts)
{
  if (face == CV_N_FACES - 1)
    {
      guint n = s->n_sets++;
      double ways;

      counts[face] = left;
      s->size[n] = 0;
      for (guint f = 0; f < CV_N_FACES; f++)
        {
          s->count[n][f] = counts[f];
          s->size[n] += counts[f];
        }
      /* Multinomial: size! / Π count! orders, each of probability 6^-size. */
      ways = factorial (s->size[n]);
      for (guint f = 0; f < CV_N_FACES; f++)
        ways /= factorial (counts[f]);
      s->p_roll[n] = ways / pow (CV_N_FACES, s->size[n]);
      s->key[n] = key_of_counts (counts);
      s->index[s->key[n]] = n + 1;
      counts[face] = 0;
      return;
    }

  for (guint c = 0; c <= left; c++)
    {
      counts[face] = c;
      solver_add_sets (s, face + 1, left - c, counts);
    }
  counts[face] = 0;
}

static void
solver_prepare_sheet (Solver            *s,
                      const CvOddsSheet *sheet,
                      const ValueCtx    *ctx)
{
  s->sheet = *sheet;
  for (guint c = 0; c < CV_N_COLORS; c++)
    {
      s->take_value[c][0] = ILLEGAL_VALUE;
      for (guint n = 1; n <= CV_N_DICE; n++)
        s->take_value[c][n] = ctx_value_take (ctx, sheet, (CvFace) c, n);
      s->freeze_need[c] = jokers_to_freeze (sheet, (CvFace) c);
      s->freeze_value[c] = s->freeze_need[c] > 0 ? ctx_value_freeze (ctx, sheet, (CvFace) c) : ILLEGAL_VALUE;
      s->free_boxes[c] = sheet->frozen[c] ? 0 : CV_ROW_LENGTH - MIN (sheet->crosses[c], CV_ROW_LENGTH);
    }
}

static void
solver_free (Solver *s)
{
  g_free (s->index);
  g_free (s);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Solver, solver_free)

static Solver *
solver_new (const CvOddsSheet *sheet,
            const ValueCtx    *ctx)
{
  Solver *s = g_new0 (Solver, 1);
  guint counts[CV_N_FACES] = { 0 };

  s->index = g_new0 (guint16, N_KEYS);
  for (guint size = 0; size <= CV_N_DICE; size++)
    {
      s->first[size] = s->n_sets;
      solver_add_sets (s, 0, size, counts);
    }
  s->first[CV_N_DICE + 1] = s->n_sets;
  g_assert (s->n_sets == MAX_SETS);

  solver_prepare_sheet (s, sheet, ctx);
  return s;
}

static inline guint
set_of_key (const Solver *s,
            guint         key)
{
  return s->index[key] - 1;
}

static inline gboolean
set_is_cursed (const Solver *s,
               guint         n)
{
  return s->count[n][CV_FACE_SKULL] >= CURSE_SKULLS;
}

/* The roller's best final choice on six dice: 0 when cursed or nothing can be marked
 * (the sheet does not change), ILLEGAL_VALUE for "nothing can be marked" when
 * @must_choose — a pass is legal only when no re-roll is (cv_game_check()). */
static double
terminal_value (const Solver *s,
                guint         n,
                gboolean      must_choose)
{
  const guint8 *c = s->count[n];
  double best = ILLEGAL_VALUE;

  if (set_is_cursed (s, n))
    return 0.0;

  for (guint col = 0; col < CV_N_COLORS; col++)
    {
      if (c[col] > 0)
        best = MAX (best, s->take_value[col][c[col]]);
      if (c[CV_FACE_JOKER] > 0)
        best = MAX (best, s->take_value[col][c[CV_FACE_JOKER]]);
      if (s->freeze_need[col] > 0 && c[CV_FACE_JOKER] >= s->freeze_need[col])
        best = MAX (best, s->freeze_value[col]);
    }

  return best == ILLEGAL_VALUE && !must_choose ? 0.0 : best;
}

static void
terminal_vec (const Solver *s,
              guint         n,
              Vec          *out)
{
  const guint8 *c = s->count[n];

  memset (out, 0, sizeof *out);
  if (set_is_cursed (s, n))
    {
      out->v[VEC_CURSE] = 1.0;
      return;
    }
  out->v[VEC_JOKERS + c[CV_FACE_JOKER]] = 1.0;
  for (guint col = 0; col < CV_N_COLORS; col++)
    out->v[VEC_CROSSES + col] = MIN (c[col], s->free_boxes[col]);
}

static inline void
vec_add_scaled (Vec       *dst,
                double     p,
                const Vec *src)
{
  for (guint i = 0; i < N_VEC; i++)
    dst->v[i] += p * src->v[i];
}

static double solve_expect (Solver *s, guint r, guint kept);

/* Calls @func for every non-empty pick-up of the non-skull dice of six-set @n, with
 * the set number of the dice kept. */
typedef void (*PickUpFunc) (Solver *s, guint n, const guint *pick_up, guint n_pick_up, guint kept, gpointer data);

static void
foreach_pick_up (Solver     *s,
                 guint       n,
                 PickUpFunc  func,
                 gpointer    data)
{
  guint p[CV_N_FACES] = { 0 };

  for (;;)
    {
      guint f = 0;
      guint size = 0;

      while (f < CV_FACE_SKULL && p[f] == s->count[n][f])
        p[f++] = 0;
      if (f == CV_FACE_SKULL)
        break;
      p[f]++;

      for (guint i = 0; i < CV_FACE_SKULL; i++)
        size += p[i];
      func (s, n, p, size, set_of_key (s, s->key[n] - key_of_counts (p)), data);
    }
}

typedef struct
{
  guint  r;
  double best;
  int    keep;
  guint  keep_size;
} BestKeep;

static void
best_keep_cb (Solver      *s,
              guint        n,
              const guint *pick_up,
              guint        n_pick_up,
              guint        kept,
              gpointer     data)
{
  BestKeep *b = data;
  double value = solve_expect (s, b->r - 1, kept);

  /* Ties: stopping first (no risk for nothing), then fewer dice, then the first found. */
  if (value > b->best + EPSILON ||
      (b->keep >= 0 && value > b->best - EPSILON && n_pick_up < b->keep_size))
    {
      b->best = value;
      b->keep = kept;
      b->keep_size = n_pick_up;
    }
}

/* The value of six-set @n with @r rolls left, playing best. */
static double
solve_value (Solver *s,
             guint   r,
             guint   n)
{
  BestKeep b;

  if (s->v_done[r][n])
    return s->v[r][n];

  b.r = r;
  b.best = terminal_value (s, n, r > 0);
  b.keep = -1;
  b.keep_size = 0;
  if (r > 0 && !set_is_cursed (s, n))
    foreach_pick_up (s, n, best_keep_cb, &b);
  /* At most two skulls leave at least four dice to pick up, so a keep was found. */
  g_assert (b.best != ILLEGAL_VALUE);

  s->v[r][n] = b.best;
  s->keep[r][n] = b.keep;
  s->v_done[r][n] = TRUE;
  return b.best;
}

/* The expected value of keeping set @kept and rolling the other dice, after which
 * @r rolls are left. */
static double
solve_expect (Solver *s,
              guint   r,
              guint   kept)
{
  guint k = CV_N_DICE - s->size[kept];
  double sum = 0.0;

  if (s->q_done[r][kept])
    return s->q[r][kept];

  for (guint o = s->first[k]; o < s->first[k + 1]; o++)
    sum += s->p_roll[o] * solve_value (s, r, set_of_key (s, s->key[kept] + s->key[o]));

  s->q[r][kept] = sum;
  s->q_done[r][kept] = TRUE;
  return sum;
}

static const Vec *expect_stats (Solver *s, guint r, guint kept);

/* The figures when rolling stops, from six-set @n with @r rolls left, playing best. */
static const Vec *
stats_best (Solver *s,
            guint   r,
            guint   n)
{
  if (!s->f_done[r][n])
    {
      if (r > 0 && !set_is_cursed (s, n))
        solve_value (s, r, n);
      if (r == 0 || set_is_cursed (s, n) || s->keep[r][n] < 0)
        terminal_vec (s, n, &s->f[r][n]);
      else
        s->f[r][n] = *expect_stats (s, r - 1, s->keep[r][n]);
      s->f_done[r][n] = TRUE;
    }
  return &s->f[r][n];
}

static const Vec *
expect_stats (Solver *s,
              guint   r,
              guint   kept)
{
  if (!s->g_done[r][kept])
    {
      guint k = CV_N_DICE - s->size[kept];
      Vec sum = { { 0 } };

      for (guint o = s->first[k]; o < s->first[k + 1]; o++)
        vec_add_scaled (&sum, s->p_roll[o], stats_best (s, r, set_of_key (s, s->key[kept] + s->key[o])));
      s->g[r][kept] = sum;
      s->g_done[r][kept] = TRUE;
    }
  return &s->g[r][kept];
}

/* The figures when the dice not in @kept are rolled on each of @r rolls (r ≥ 1);
 * skulls stay, and rolling stops early on the curse or when only skulls came up. */
static const Vec *
repeat_stats (Solver *s,
              guint   r,
              guint   kept)
{
  if (!s->h_done[r][kept])
    {
      guint k = CV_N_DICE - s->size[kept];
      Vec sum = { { 0 } };

      for (guint o = s->first[k]; o < s->first[k + 1]; o++)
        {
          guint n = set_of_key (s, s->key[kept] + s->key[o]);
          guint skulls = s->count[o][CV_FACE_SKULL];

          if (r == 1 || set_is_cursed (s, n) || skulls == k)
            {
              Vec last;

              terminal_vec (s, n, &last);
              vec_add_scaled (&sum, s->p_roll[o], &last);
            }
          else
            {
              guint next = set_of_key (s, s->key[kept] + skulls * SKULL_KEY);

              vec_add_scaled (&sum, s->p_roll[o], repeat_stats (s, r - 1, next));
            }
        }
      s->h[r][kept] = sum;
      s->h_done[r][kept] = TRUE;
    }
  return &s->h[r][kept];
}

static void
vec_to_stats (const Vec   *vec,
              CvOddsStats *stats)
{
  memset (stats, 0, sizeof *stats);
  stats->p_curse = vec->v[VEC_CURSE];
  for (guint j = 0; j <= CV_N_DICE; j++)
    {
      double p = vec->v[VEC_JOKERS + j];

      stats->p_jokers[j] = p;
      stats->expected_jokers += j * p;
      if (j >= 2)
        stats->p_jokers_ge2 += p;
      if (j >= 3)
        stats->p_jokers_ge3 += p;
    }
  for (guint c = 0; c < CV_N_COLORS; c++)
    stats->expected_crosses[c] = vec->v[VEC_CROSSES + c];
}

/* ---- The answer ---- */

struct _CvOdds
{
  CvPhase phase;
  guint   seat;
  guint   rolls_left;
  CvOddsValueModel value_model;
  guint   turns_left;
  gboolean turns_estimated;
  double  baseline;
  guint   dice[CV_N_FACES];
  GArray *options;    /* CvOddsOption, best first */
  GArray *opponents;  /* CvOddsOpponent, by seat */
};

static CvOdds *
odds_new (CvPhase phase,
          guint   seat)
{
  CvOdds *odds = g_new0 (CvOdds, 1);

  odds->phase = phase;
  odds->seat = seat;
  odds->options = g_array_new (FALSE, TRUE, sizeof (CvOddsOption));
  odds->opponents = g_array_new (FALSE, TRUE, sizeof (CvOddsOpponent));
  return odds;
}

void
cv_odds_free (CvOdds *odds)
{
  if (odds == NULL)
    return;
  g_array_unref (odds->options);
  g_array_unref (odds->opponents);
  g_free (odds);
}

static int
compare_options (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  const CvOddsOption *x = a;
  const CvOddsOption *y = b;

  if (x->value > y->value + EPSILON)
    return -1;
  if (y->value > x->value + EPSILON)
    return 1;
  /* Equal worth: stopping before rolling, fewer dice before more; g_array_sort_with_data()
   * is stable, so the enumeration order decides the rest and the answer is repeatable. */
  if (x->kind != y->kind)
    return x->kind == CV_ODDS_OPTION_STOP ? -1 : (y->kind == CV_ODDS_OPTION_STOP ? 1 : 0);
  if (x->n_pick_up != y->n_pick_up)
    return x->n_pick_up < y->n_pick_up ? -1 : 1;
  return 0;
}

static void
add_choice (GArray           *options,
            const Solver     *s,
            CvActionType      type,
            CvFace            color,
            int               player,
            guint             crosses,
            double            value)
{
  CvOddsOption option;

  memset (&option, 0, sizeof option);
  option.kind = CV_ODDS_OPTION_STOP;
  switch (type)
    {
    case CV_ACTION_TAKE:
      cv_action_init_take (&option.action, player, color);
      break;
    case CV_ACTION_TAKE_JOKERS:
      cv_action_init_take_jokers (&option.action, player, color);
      break;
    case CV_ACTION_FREEZE:
      cv_action_init_freeze (&option.action, player, color);
      break;
    case CV_ACTION_PASS:
    case CV_ACTION_ROLL:
    case CV_ACTION_REROLL:
    default:
      cv_action_init_pass (&option.action, player);
      break;
    }
  option.crosses = crosses;
  option.value = value;
  g_array_append_val (options, option);
}

/* Every legal final choice on @dice (counts per face; skulls already excluded or not
 * counted), as the rules allow them: all dice of one colour, all jokers as one colour,
 * or (own turn only, @may_freeze) freezing with enough jokers. */
static void
add_choices (GArray       *options,
             const Solver *s,
             const guint  *dice,
             int           player,
             gboolean      may_freeze,
             gboolean      may_pass)
{
  guint start = options->len;
  guint jokers = dice[CV_FACE_JOKER];

  for (guint c = 0; c < CV_N_COLORS; c++)
    if (dice[c] > 0 && s->take_value[c][dice[c]] != ILLEGAL_VALUE)
      add_choice (options, s, CV_ACTION_TAKE, (CvFace) c, player,
                  MIN (dice[c], s->free_boxes[c]), s->take_value[c][dice[c]]);
  if (jokers > 0)
    for (guint c = 0; c < CV_N_COLORS; c++)
      if (s->take_value[c][jokers] != ILLEGAL_VALUE)
        add_choice (options, s, CV_ACTION_TAKE_JOKERS, (CvFace) c, player,
                    MIN (jokers, s->free_boxes[c]), s->take_value[c][jokers]);
  if (may_freeze)
    for (guint c = 0; c < CV_N_COLORS; c++)
      if (s->freeze_need[c] > 0 && jokers >= s->freeze_need[c])
        add_choice (options, s, CV_ACTION_FREEZE, (CvFace) c, player, 0, s->freeze_value[c]);

  /* "If you … are not able to mark up any other colour, then you don't do anything";
   * the roller passes only when no re-roll is left either. */
  if (options->len == start && may_pass)
    add_choice (options, s, CV_ACTION_PASS, 0, player, 0, 0.0);
}

typedef struct
{
  GArray *options;
  guint   rolls_left;
} AddKeep;

static void
add_keep_cb (Solver      *s,
             guint        n,
             const guint *pick_up,
             guint        n_pick_up,
             guint        kept,
             gpointer     data)
{
  AddKeep *a = data;
  CvOddsOption option;

  memset (&option, 0, sizeof option);
  option.kind = CV_ODDS_OPTION_REROLL;
  option.action.type = CV_ACTION_REROLL;
  option.action.player = -1;
  for (guint f = 0; f < CV_N_FACES; f++)
    option.pick_up[f] = pick_up[f];
  option.n_pick_up = n_pick_up;
  option.value = solve_expect (s, a->rolls_left - 1, kept);
  vec_to_stats (expect_stats (s, 0, kept), &option.stats[CV_ODDS_PLAN_ONCE]);
  vec_to_stats (repeat_stats (s, a->rolls_left, kept), &option.stats[CV_ODDS_PLAN_REPEAT]);
  vec_to_stats (expect_stats (s, a->rolls_left - 1, kept), &option.stats[CV_ODDS_PLAN_BEST]);
  g_array_append_val (a->options, option);
}

/* The own turns counted: the Preferences value, or the estimate. */
static guint
turns_of (const CvOddsParams *params,
          guint               estimate,
          gboolean           *estimated)
{
  *estimated = params->turns_left == 0;
  return CLAMP (params->turns_left == 0 ? estimate : params->turns_left, 1, CV_MODEL_MAX_TURNS);
}

static void
set_expected_points (CvOdds *odds)
{
  for (guint i = 0; i < odds->options->len; i++)
    {
      CvOddsOption *option = &g_array_index (odds->options, CvOddsOption, i);

      option->expected_points = odds->value_model == CV_ODDS_VALUE_POINTS ? odds->baseline + option->value : 0.0;
    }
}

static CvOdds *
compute_turn (const CvOddsSheet  *sheet,
              const guint        *dice,
              guint               rolls_left,
              CvPhase             phase,
              guint               seat,
              int                 player,
              const CvOddsParams *params,
              guint               n_opponents,
              guint               turns_estimate)
{
  g_autoptr(Solver) s = NULL;
  CvOdds *odds = odds_new (phase, seat);
  ValueCtx ctx;
  guint root;

  odds->value_model = params->value_model;
  odds->turns_left = turns_of (params, turns_estimate, &odds->turns_estimated);
  value_ctx_init (&ctx, sheet, params, n_opponents, odds->turns_left - 1, TRUE);
  odds->baseline = ctx.baseline;
  s = solver_new (sheet, &ctx);
  odds->rolls_left = rolls_left;
  memcpy (odds->dice, dice, sizeof odds->dice);

  if (phase == CV_PHASE_ROLL)
    {
      CvOddsOption option;
      guint none = set_of_key (s, 0);

      memset (&option, 0, sizeof option);
      option.kind = CV_ODDS_OPTION_ROLL;
      option.action.type = CV_ACTION_ROLL;
      option.action.player = player;
      option.n_pick_up = CV_N_DICE;
      option.value = solve_expect (s, rolls_left - 1, none);
      vec_to_stats (expect_stats (s, 0, none), &option.stats[CV_ODDS_PLAN_ONCE]);
      vec_to_stats (repeat_stats (s, rolls_left, none), &option.stats[CV_ODDS_PLAN_REPEAT]);
      vec_to_stats (expect_stats (s, rolls_left - 1, none), &option.stats[CV_ODDS_PLAN_BEST]);
      g_array_append_val (odds->options, option);
      set_expected_points (odds);
      return odds;
    }

  root = set_of_key (s, key_of_counts (dice));
  add_choices (odds->options, s, dice, player, TRUE, rolls_left == 0);
  for (guint i = 0; i < odds->options->len; i++)
    {
      CvOddsOption *option = &g_array_index (odds->options, CvOddsOption, i);
      Vec now;

      terminal_vec (s, root, &now);
      for (guint plan = 0; plan < CV_ODDS_N_PLANS; plan++)
        vec_to_stats (&now, &option->stats[plan]);
    }

  if (rolls_left > 0)
    {
      AddKeep a = { odds->options, rolls_left };
      guint first_keep = odds->options->len;

      foreach_pick_up (s, root, add_keep_cb, &a);
      for (guint i = first_keep; i < odds->options->len; i++)
        g_array_index (odds->options, CvOddsOption, i).action.player = player;
    }

  g_array_sort_with_data (odds->options, compare_options, NULL);
  set_expected_points (odds);
  return odds;
}

static gboolean
check_dice (const guint  *dice,
            guint         rolls_left,
            GError      **error)
{
  guint total = 0;

  for (guint f = 0; f < CV_N_FACES; f++)
    total += dice[f];

  if (total == 0 && rolls_left == CV_MAX_ROLLS)
    return TRUE;
  if (total != CV_N_DICE || rolls_left >= CV_MAX_ROLLS)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   /* Translators: the turn assistant was asked about an impossible position */
                   _("The assistant needs the six dice of a roll and at most %u rolls left"),
                   CV_MAX_ROLLS - 1);
      return FALSE;
    }
  if (dice[CV_FACE_SKULL] >= CURSE_SKULLS)
    {
      g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                           _("Three or more skulls end the turn: there is nothing to choose"));
      return FALSE;
    }
  return TRUE;
}

void
cv_odds_params_init (CvOddsParams *params)
{
  g_return_if_fail (params != NULL);

  params->value_model = CV_ODDS_VALUE_POINTS;
  params->turns_left = 0;
  params->n_opponents = -1;
}

CvOdds *
cv_odds_compute_turn_with (const CvOddsSheet   *sheet,
                           const guint          dice[CV_N_FACES],
                           guint                rolls_left,
                           const CvOddsParams  *params,
                           GError             **error)
{
  CvOddsParams defaults;
  guint total = 0;
  guint n_opponents;

  g_return_val_if_fail (sheet != NULL, NULL);
  g_return_val_if_fail (dice != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (params == NULL)
    {
      cv_odds_params_init (&defaults);
      params = &defaults;
    }
  if (!check_dice (dice, rolls_left, error))
    return NULL;
  for (guint f = 0; f < CV_N_FACES; f++)
    total += dice[f];

  n_opponents = params->n_opponents < 0 ? 1 : (guint) params->n_opponents;
  return compute_turn (sheet, dice, rolls_left, total == 0 ? CV_PHASE_ROLL : CV_PHASE_CHOOSE, 0, -1,
                       params, n_opponents, cv_model_estimate_sheet_turns (sheet, n_opponents));
}

CvOdds *
cv_odds_compute_turn (const CvOddsSheet *sheet,
                      const guint        dice[CV_N_FACES],
                      guint              rolls_left,
                      GError           **error)
{
  return cv_odds_compute_turn_with (sheet, dice, rolls_left, NULL, error);
}

static void
add_opponent (CvOdds             *odds,
              const CvGame       *game,
              guint               seat,
              const CvOddsParams *params,
              guint               n_opponents,
              guint               turns)
{
  CvOddsSheet sheet;
  g_autoptr(Solver) s = NULL;
  g_autoptr(GArray) groups = g_array_new (FALSE, TRUE, sizeof (CvOddsOption));
  CvOddsOpponent opponent;
  guint dice[CV_N_FACES] = { 0 };
  ValueCtx ctx;

  cv_odds_sheet_from_game (game, seat, &sheet);
  /* A duty comes before the opponent's own next turn: all their turns left are ahead. */
  value_ctx_init (&ctx, &sheet, params, n_opponents, turns, FALSE);
  s = solver_new (&sheet, &ctx);
  /* The dice the roller left: never skulls, never the dice the roller used. */
  for (guint f = 0; f < CV_FACE_SKULL; f++)
    dice[f] = cv_game_count_faces (game, (CvFace) f, TRUE);

  /* Opponents may not freeze: "only in your own turn" (rules, "Rescue your points"). */
  add_choices (groups, s, dice, (int) seat, FALSE, TRUE);
  g_array_sort_with_data (groups, compare_options, NULL);

  memset (&opponent, 0, sizeof opponent);
  opponent.seat = seat;
  opponent.n_groups = MIN (groups->len, G_N_ELEMENTS (opponent.groups));
  for (guint i = 0; i < opponent.n_groups; i++)
    {
      opponent.groups[i] = g_array_index (groups, CvOddsOption, i);
      if (params->value_model == CV_ODDS_VALUE_POINTS)
        opponent.groups[i].expected_points = ctx.baseline + opponent.groups[i].value;
    }
  g_array_append_val (odds->opponents, opponent);
}

static guint
game_opponents (const CvGame       *game,
                const CvOddsParams *params)
{
  return params->n_opponents >= 0 ? (guint) params->n_opponents : cv_game_get_n_players (game) - 1;
}

CvOdds *
cv_odds_compute (const CvGame  *game,
                 GError       **error)
{
  return cv_odds_compute_with (game, NULL, error);
}

CvOdds *
cv_odds_compute_with (const CvGame        *game,
                      const CvOddsParams  *params,
                      GError             **error)
{
  CvOddsParams defaults;
  CvPhase phase;
  guint roller;
  guint n_opponents;
  guint estimate;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (params == NULL)
    {
      cv_odds_params_init (&defaults);
      params = &defaults;
    }
  phase = cv_game_get_phase (game);
  roller = cv_game_get_roller (game);
  n_opponents = game_opponents (game, params);
  estimate = phase == CV_PHASE_FINISHED ? 1 : cv_model_estimate_turns_left (game, roller);

  switch (phase)
    {
    case CV_PHASE_ROLL:
    case CV_PHASE_CHOOSE:
      {
        CvOddsSheet sheet;
        guint dice[CV_N_FACES] = { 0 };
        guint rolls_left = CV_MAX_ROLLS;

        if (phase == CV_PHASE_CHOOSE)
          {
            for (guint f = 0; f < CV_N_FACES; f++)
              dice[f] = cv_game_count_faces (game, (CvFace) f, FALSE);
            rolls_left = cv_game_can_reroll (game)
                         ? CV_MAX_ROLLS - MIN (cv_game_get_n_rolls (game), CV_MAX_ROLLS)
                         : 0;
            if (!check_dice (dice, rolls_left, error))
              return NULL;
          }
        cv_odds_sheet_from_game (game, roller, &sheet);
        return compute_turn (&sheet, dice, rolls_left, phase, roller, (int) roller,
                             params, n_opponents, estimate);
      }

    case CV_PHASE_OPPONENTS:
      {
        CvOdds *odds = odds_new (phase, roller);

        odds->value_model = params->value_model;
        odds->turns_left = turns_of (params, estimate, &odds->turns_estimated);
        for (guint f = 0; f < CV_N_FACES; f++)
          odds->dice[f] = cv_game_count_faces (game, (CvFace) f, FALSE);
        /* In the order the keys serve them: seat order after the roller (issue 27). */
        for (guint k = 1; k < cv_game_get_n_players (game); k++)
          {
            guint seat = (roller + k) % cv_game_get_n_players (game);

            if (cv_game_must_act (game, seat))
              add_opponent (odds, game, seat, params, n_opponents, odds->turns_left);
          }
        return odds;
      }

    case CV_PHASE_FINISHED:
    default:
      g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                           _("The game is over: there is no turn to advise on"));
      return NULL;
    }
}

CvPhase
cv_odds_get_phase (const CvOdds *odds)
{
  g_return_val_if_fail (odds != NULL, CV_PHASE_FINISHED);
  return odds->phase;
}

guint
cv_odds_get_seat (const CvOdds *odds)
{
  g_return_val_if_fail (odds != NULL, 0);
  return odds->seat;
}

guint
cv_odds_get_rolls_left (const CvOdds *odds)
{
  g_return_val_if_fail (odds != NULL, 0);
  return odds->rolls_left;
}

CvOddsValueModel
cv_odds_get_value_model (const CvOdds *odds)
{
  g_return_val_if_fail (odds != NULL, CV_ODDS_VALUE_POINTS);
  return odds->value_model;
}

guint
cv_odds_get_turns_left (const CvOdds *odds,
                        gboolean     *estimated)
{
  g_return_val_if_fail (odds != NULL, 0);
  if (estimated != NULL)
    *estimated = odds->turns_estimated;
  return odds->turns_left;
}

double
cv_odds_get_baseline (const CvOdds *odds)
{
  g_return_val_if_fail (odds != NULL, 0.0);
  return odds->baseline;
}

/* Calls @func for every sheet whose tables an answer for @game needs. */
static gboolean
foreach_needed_sheet (const CvGame       *game,
                      const CvOddsParams *params,
                      gboolean          (*func) (guint n_opponents, const CvOddsSheet *sheet, gpointer data),
                      gpointer            data)
{
  CvOddsParams defaults;
  guint n;

  if (params == NULL)
    {
      cv_odds_params_init (&defaults);
      params = &defaults;
    }
  if (params->value_model != CV_ODDS_VALUE_POINTS || cv_game_is_finished (game))
    return TRUE;
  n = cv_game_get_n_players (game);
  for (guint seat = 0; seat < n; seat++)
    {
      CvOddsSheet sheet;

      cv_odds_sheet_from_game (game, seat, &sheet);
      if (!func (game_opponents (game, params), &sheet, data))
        return FALSE;
    }
  return TRUE;
}

static gboolean
is_ready_cb (guint              n_opponents,
             const CvOddsSheet *sheet,
             gpointer           data)
{
  return cv_model_is_ready (n_opponents, sheet);
}

gboolean
cv_odds_is_ready (const CvGame       *game,
                  const CvOddsParams *params)
{
  g_return_val_if_fail (game != NULL, FALSE);
  return foreach_needed_sheet (game, params, is_ready_cb, NULL);
}

typedef struct
{
  GPtrArray *sheets;
  GArray    *opponents;
} NeededSheets;

static gboolean
collect_cb (guint              n_opponents,
            const CvOddsSheet *sheet,
            gpointer           data)
{
  NeededSheets *needed = data;

  g_ptr_array_add (needed->sheets, g_memdup2 (sheet, sizeof *sheet));
  g_array_append_val (needed->opponents, n_opponents);
  return TRUE;
}

static void
prepare_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  NeededSheets *needed = task_data;

  for (guint i = 0; i < needed->sheets->len; i++)
    cv_model_get (g_array_index (needed->opponents, guint, i), g_ptr_array_index (needed->sheets, i));
  g_task_return_boolean (task, TRUE);
}

static void
needed_sheets_free (NeededSheets *needed)
{
  g_ptr_array_unref (needed->sheets);
  g_array_unref (needed->opponents);
  g_free (needed);
}

void
cv_odds_prepare_async (const CvGame        *game,
                       const CvOddsParams  *params,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  NeededSheets *needed = g_new0 (NeededSheets, 1);

  g_return_if_fail (game != NULL);

  needed->sheets = g_ptr_array_new_with_free_func (g_free);
  needed->opponents = g_array_new (FALSE, FALSE, sizeof (guint));
  foreach_needed_sheet (game, params, collect_cb, needed);
  g_task_set_source_tag (task, cv_odds_prepare_async);
  g_task_set_task_data (task, needed, (GDestroyNotify) needed_sheets_free);
  g_task_run_in_thread (task, prepare_thread);
}

guint
cv_odds_get_n_options (const CvOdds *odds)
{
  g_return_val_if_fail (odds != NULL, 0);
  return odds->options->len;
}

const CvOddsOption *
cv_odds_get_option (const CvOdds *odds,
                    guint         index)
{
  g_return_val_if_fail (odds != NULL, NULL);
  g_return_val_if_fail (index < odds->options->len, NULL);
  return &g_array_index (odds->options, CvOddsOption, index);
}

const CvOddsOption *
cv_odds_find_pick_up (const CvOdds *odds,
                      const guint   pick_up[CV_N_FACES])
{
  g_return_val_if_fail (odds != NULL, NULL);
  g_return_val_if_fail (pick_up != NULL, NULL);

  for (guint i = 0; i < odds->options->len; i++)
    {
      const CvOddsOption *option = &g_array_index (odds->options, CvOddsOption, i);

      if (option->kind == CV_ODDS_OPTION_REROLL &&
          memcmp (option->pick_up, pick_up, sizeof option->pick_up) == 0)
        return option;
    }
  return NULL;
}

guint
cv_odds_get_n_opponents (const CvOdds *odds)
{
  g_return_val_if_fail (odds != NULL, 0);
  return odds->opponents->len;
}

const CvOddsOpponent *
cv_odds_get_opponent (const CvOdds *odds,
                      guint         index)
{
  g_return_val_if_fail (odds != NULL, NULL);
  g_return_val_if_fail (index < odds->opponents->len, NULL);
  return &g_array_index (odds->opponents, CvOddsOpponent, index);
}

/* ---- JSON (docs/assistant.md, "JSON") ---- */

static const char *
phase_key (CvPhase phase)
{
  switch (phase)
    {
    case CV_PHASE_ROLL:
      return "roll";
    case CV_PHASE_CHOOSE:
      return "choose";
    case CV_PHASE_OPPONENTS:
      return "opponents";
    case CV_PHASE_FINISHED:
    default:
      return "finished";
    }
}

static const char *
option_kind_key (CvOddsOptionKind kind)
{
  switch (kind)
    {
    case CV_ODDS_OPTION_STOP:
      return "stop";
    case CV_ODDS_OPTION_ROLL:
      return "roll";
    case CV_ODDS_OPTION_REROLL:
    default:
      return "reroll";
    }
}

static void
build_stats (JsonBuilder       *b,
             const CvOddsStats *stats)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "p_curse");
  json_builder_add_double_value (b, stats->p_curse);
  json_builder_set_member_name (b, "p_jokers_ge2");
  json_builder_add_double_value (b, stats->p_jokers_ge2);
  json_builder_set_member_name (b, "p_jokers_ge3");
  json_builder_add_double_value (b, stats->p_jokers_ge3);
  json_builder_set_member_name (b, "p_jokers");
  json_builder_begin_array (b);
  for (guint j = 0; j <= CV_N_DICE; j++)
    json_builder_add_double_value (b, stats->p_jokers[j]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "expected_jokers");
  json_builder_add_double_value (b, stats->expected_jokers);
  json_builder_set_member_name (b, "expected_crosses");
  json_builder_begin_object (b);
  for (guint c = 0; c < CV_N_COLORS; c++)
    {
      json_builder_set_member_name (b, cv_face_to_string ((CvFace) c));
      json_builder_add_double_value (b, stats->expected_crosses[c]);
    }
  json_builder_end_object (b);
  json_builder_end_object (b);
}

/* An opponent's group (@is_group) is one choice: no kind, no figures. */
static void
build_option (JsonBuilder        *b,
              const CvOddsOption *option,
              const CvGame       *game,
              gboolean            is_group,
              gboolean            points)
{
  json_builder_begin_object (b);
  if (!is_group)
    {
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, option_kind_key (option->kind));
    }
  json_builder_set_member_name (b, "value");
  json_builder_add_double_value (b, option->value);
  if (points)
    {
      json_builder_set_member_name (b, "expected_points");
      json_builder_add_double_value (b, option->expected_points);
    }

  if (option->kind == CV_ODDS_OPTION_STOP)
    {
      /* cv_action_to_json() gives a reference and json_node_init_object() takes its own */
      g_autoptr(JsonObject) action = cv_action_to_json (game, &option->action);

      json_builder_set_member_name (b, "action");
      json_builder_add_value (b, json_node_init_object (json_node_alloc (), action));
      json_builder_set_member_name (b, "crosses");
      json_builder_add_int_value (b, option->crosses);
      json_builder_end_object (b);
      return;
    }

  json_builder_set_member_name (b, "n_dice");
  json_builder_add_int_value (b, option->n_pick_up);
  if (option->kind == CV_ODDS_OPTION_REROLL)
    {
      json_builder_set_member_name (b, "pick_up");
      json_builder_begin_array (b);
      for (guint f = 0; f < CV_N_FACES; f++)
        for (guint i = 0; i < option->pick_up[f]; i++)
          json_builder_add_string_value (b, cv_face_to_string ((CvFace) f));
      json_builder_end_array (b);
    }
  if (!is_group)
    {
      json_builder_set_member_name (b, "once");
      build_stats (b, &option->stats[CV_ODDS_PLAN_ONCE]);
      json_builder_set_member_name (b, "repeat");
      build_stats (b, &option->stats[CV_ODDS_PLAN_REPEAT]);
      json_builder_set_member_name (b, "best_play");
      build_stats (b, &option->stats[CV_ODDS_PLAN_BEST]);
    }
  json_builder_end_object (b);
}

JsonNode *
cv_odds_to_json (const CvOdds *odds,
                 const CvGame *game)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  gboolean points;

  g_return_val_if_fail (odds != NULL, NULL);
  g_return_val_if_fail (game != NULL, NULL);

  points = odds->value_model == CV_ODDS_VALUE_POINTS;
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "phase");
  json_builder_add_string_value (b, phase_key (odds->phase));
  json_builder_set_member_name (b, "player");
  json_builder_add_string_value (b, cv_game_get_player_name (game, odds->seat));
  json_builder_set_member_name (b, "seat");
  json_builder_add_int_value (b, odds->seat);
  json_builder_set_member_name (b, "rolls_left");
  json_builder_add_int_value (b, odds->rolls_left);
  json_builder_set_member_name (b, "value_model");
  json_builder_add_string_value (b, points ? "points" : "sheet_worth");
  json_builder_set_member_name (b, "turns_left");
  json_builder_add_int_value (b, odds->turns_left);
  json_builder_set_member_name (b, "turns_estimated");
  json_builder_add_boolean_value (b, odds->turns_estimated);
  if (points && odds->phase != CV_PHASE_OPPONENTS)
    {
      json_builder_set_member_name (b, "expected_points_if_nothing");
      json_builder_add_double_value (b, odds->baseline);
    }

  json_builder_set_member_name (b, "dice");
  json_builder_begin_array (b);
  for (guint f = 0; f < CV_N_FACES; f++)
    for (guint i = 0; i < odds->dice[f]; i++)
      json_builder_add_string_value (b, cv_face_to_string ((CvFace) f));
  json_builder_end_array (b);

  json_builder_set_member_name (b, "best");
  if (odds->options->len > 0)
    build_option (b, cv_odds_get_option (odds, 0), game, FALSE, points);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "second_best");
  if (odds->options->len > 1)
    build_option (b, cv_odds_get_option (odds, 1), game, FALSE, points);
  else
    json_builder_add_null_value (b);

  json_builder_set_member_name (b, "options");
  json_builder_begin_array (b);
  for (guint i = 0; i < odds->options->len; i++)
    build_option (b, cv_odds_get_option (odds, i), game, FALSE, points);
  json_builder_end_array (b);

  json_builder_set_member_name (b, "opponents");
  json_builder_begin_array (b);
  for (guint i = 0; i < odds->opponents->len; i++)
    {
      const CvOddsOpponent *opponent = cv_odds_get_opponent (odds, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "player");
      json_builder_add_string_value (b, cv_game_get_player_name (game, opponent->seat));
      json_builder_set_member_name (b, "seat");
      json_builder_add_int_value (b, opponent->seat);
      json_builder_set_member_name (b, "best");
      build_option (b, &opponent->groups[0], game, TRUE, points);
      json_builder_set_member_name (b, "second_best");
      if (opponent->n_groups > 1)
        build_option (b, &opponent->groups[1], game, TRUE, points);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "groups");
      json_builder_begin_array (b);
      for (guint g = 0; g < opponent->n_groups; g++)
        build_option (b, &opponent->groups[g], game, TRUE, points);
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* ---- Plain words ---- */

char *
cv_odds_format_percent (double p)
{
  int percent = (int) floor (p * 100.0 + 0.5);

  /* Never say "0 %" of something that can happen, nor "100 %" of something that can fail.
   * The number keeps its sign and its "<" on its line: no-break spaces (U+00A0), never
   * "3" at the end of one line and "%" at the start of the next (wpolish item 2). */
  if (percent <= 0 && p > 1e-12)
    /* Translators: a probability below one percent; the spaces are no-break spaces
     * (U+00A0): keep them no-break, e.g. a narrow no-break space (U+202F) before the
     * sign in French */
    return g_strdup_printf (_("<\u00a0%d\u00a0%%"), 1);
  if (percent >= 100 && p < 1.0 - 1e-12)
    /* Translators: a probability above 99 percent; no-break spaces as in "< 1 %" */
    return g_strdup_printf (_(">\u00a0%d\u00a0%%"), 99);

  /* Translators: a probability in percent, e.g. "9 %"; the space is a no-break space
   * (U+00A0): keep it no-break (French: U+202F) */
  return g_strdup_printf (C_("probability", "%d\u00a0%%"), CLAMP (percent, 0, 100));
}

/* The worth of a choice in the model's words: "+3.2 points expected" (the points model)
 * or "worth 2.4" (the sheet worth). printf() follows LC_NUMERIC: "3.2" in English,
 * "3,2" in German and French. */
static char *
format_worth (CvOddsValueModel model,
              double           value)
{
  g_autofree char *number = NULL;

  if (model == CV_ODDS_VALUE_HEURISTIC)
    {
      number = g_strdup_printf ("%.1f", value);
      /* Translators: the hand-made worth of a choice (only in the bench) */
      return g_strdup_printf (_("worth %s"), number);
    }

  /* Rounded to 0.0 is said "+0.0", never "−0.0". */
  if (floor (value * 10.0 + 0.5) >= 0.0)
    number = g_strdup_printf ("+%.1f", fabs (value));
  else
    number = g_strdup_printf ("\u2212%.1f", fabs (value));
  /* Translators: the expected gain of a choice in points at the game's end, %s is a
   * signed number such as "+3.2" or "−0.4" */
  return g_strdup_printf (_("%s points expected"), number);
}

/* A short label of an option, to be put into a sentence: "pick up green, pink". */
static char *
option_label (const CvOddsOption *option)
{
  if (option->kind == CV_ODDS_OPTION_ROLL)
    return g_strdup (_("roll the six dice"));

  if (option->kind == CV_ODDS_OPTION_REROLL)
    {
      g_autoptr(GString) faces = g_string_new (NULL);
      guint left = option->n_pick_up;

      for (guint f = 0; f < CV_N_FACES; f++)
        for (guint i = 0; i < option->pick_up[f]; i++, left--)
          {
            if (faces->len > 0 && left == 1)
              /* Translators: before the last die face in "pick up green, pink and black"
               * (a tie then reads "pick up green and pink, or pick up green and joker") */
              g_string_append (faces, C_("die faces", " and "));
            else if (faces->len > 0)
              /* Translators: the separator between die faces in "pick up green, pink and black" */
              g_string_append (faces, _(", "));
            g_string_append (faces, cv_face_get_name ((CvFace) f));
          }
      /* Translators: %s is a list of die faces, e.g. "green, pink and pink" */
      return g_strdup_printf (_("pick up %s"), faces->str);
    }

  switch (option->action.type)
    {
    case CV_ACTION_TAKE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           /* Translators: %s is a colour, %u the crosses */
                                           "take %s (%u cross)", "take %s (%u crosses)",
                                           option->crosses),
                              cv_face_get_name (option->action.color), option->crosses);
    case CV_ACTION_TAKE_JOKERS:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           /* Translators: %s is a colour, %u the crosses */
                                           "take the jokers as %s (%u cross)",
                                           "take the jokers as %s (%u crosses)",
                                           option->crosses),
                              cv_face_get_name (option->action.color), option->crosses);
    case CV_ACTION_FREEZE:
      /* Translators: %s is a colour row */
      return g_strdup_printf (_("freeze %s"), cv_face_get_name (option->action.color));
    case CV_ACTION_PASS:
    case CV_ACTION_ROLL:
    case CV_ACTION_REROLL:
    default:
      return g_strdup (_("mark nothing"));
    }
}

char *
cv_odds_describe_option (const CvOdds       *odds,
                         const CvOddsOption *option,
                         CvOddsPlan          plan)
{
  const CvOddsStats *stats;
  g_autofree char *curse = NULL;
  g_autofree char *jokers = NULL;

  g_return_val_if_fail (odds != NULL, NULL);
  g_return_val_if_fail (option != NULL, NULL);
  g_return_val_if_fail (plan < CV_ODDS_N_PLANS, NULL);

  if (option->kind == CV_ODDS_OPTION_STOP)
    {
      g_autofree char *label = option_label (option);

      /* Translators: %s is a final choice, e.g. "take orange (3 crosses)" */
      return g_strdup_printf (_("Stop now: %s"), label);
    }

  /* With one roll left the three plans are the same roll. */
  if (odds->rolls_left <= 1 && option->kind == CV_ODDS_OPTION_REROLL)
    plan = CV_ODDS_PLAN_ONCE;

  stats = &option->stats[plan];
  curse = cv_odds_format_percent (stats->p_curse);
  jokers = cv_odds_format_percent (stats->p_jokers_ge2);

  if (option->kind == CV_ODDS_OPTION_ROLL)
    switch (plan)
      {
      case CV_ODDS_PLAN_ONCE:
        /* Translators: the odds of the first roll of a turn; %s are percentages */
        return g_strdup_printf (_("First roll: %s curse risk this roll, %s at least 2 jokers"), curse, jokers);
      case CV_ODDS_PLAN_REPEAT:
        /* Translators: the odds of rolling every die that is not a skull on all three rolls */
        return g_strdup_printf (_("Rolling every die again on each roll: %s curse risk, %s at least 2 jokers"),
                                curse, jokers);
      case CV_ODDS_PLAN_BEST:
      case CV_ODDS_N_PLANS:
      default:
        /* Translators: the odds of a whole turn played as the assistant advises */
        return g_strdup_printf (_("This turn, following the advice: %s curse risk this turn, %s at least 2 jokers"),
                                curse, jokers);
      }

  switch (plan)
    {
    case CV_ODDS_PLAN_REPEAT:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           /* Translators: re-rolling the same dice on both rolls
                                            * left; the two %s are percentages */
                                           "Picking up %u die on both rolls left: %s curse risk this turn, %s at least 2 jokers",
                                           "Picking up %u dice on both rolls left: %s curse risk this turn, %s at least 2 jokers",
                                           option->n_pick_up),
                              option->n_pick_up, curse, jokers);
    case CV_ODDS_PLAN_BEST:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           /* Translators: re-rolling now and then doing what the
                                            * assistant advises; the two %s are percentages */
                                           "Picking up %u die, then following the advice: %s curse risk this turn, %s at least 2 jokers",
                                           "Picking up %u dice, then following the advice: %s curse risk this turn, %s at least 2 jokers",
                                           option->n_pick_up),
                              option->n_pick_up, curse, jokers);
    case CV_ODDS_PLAN_ONCE:
    case CV_ODDS_N_PLANS:
    default:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           /* Translators: re-rolling these dice once; the two %s
                                            * are percentages, e.g. "9 %" */
                                           "Picking up %u die: %s curse risk this roll, %s at least 2 jokers",
                                           "Picking up %u dice: %s curse risk this roll, %s at least 2 jokers",
                                           option->n_pick_up),
                              option->n_pick_up, curse, jokers);
    }
}

/* The best "stop now" option, or NULL when the roller cannot stop (must roll). */
static const CvOddsOption *
best_stop (const CvOdds *odds)
{
  for (guint i = 0; i < odds->options->len; i++)
    {
      const CvOddsOption *option = cv_odds_get_option (odds, i);

      if (option->kind == CV_ODDS_OPTION_STOP)
        return option;
    }
  return NULL;
}

/* "Best: A (+x points expected). Next best: B (+y points expected)." — or, when both
 * read the same, "Tie: A and B (+x points expected each)." (issue 27: "2.5 vs 2.5"
 * without saying it is a tie). */
static char *
dup_best_and_second (CvOddsValueModel    model,
                     const char         *name,
                     const CvOddsOption *best,
                     const CvOddsOption *second)
{
  g_autofree char *best_label = option_label (best);
  g_autofree char *best_value = format_worth (model, best->value);
  g_autofree char *second_label = NULL;
  g_autofree char *second_value = NULL;

  if (second == NULL)
    return name != NULL
           /* Translators: advice for an opponent after skulls; %s: the player, the choice,
            * its worth ("+1.4 points expected") */
           ? g_strdup_printf (_("Best for %s: %s (%s)."), name, best_label, best_value)
           /* Translators: the assistant's advice; %s is e.g. "pick up green, pink", then
            * its worth ("+3.2 points expected") */
           : g_strdup_printf (_("Best: %s (%s)."), best_label, best_value);

  second_label = option_label (second);
  second_value = format_worth (model, second->value);
  if (g_strcmp0 (best_value, second_value) == 0)
    return name != NULL
           /* Translators: two choices of an opponent are worth the same (as shown), e.g.
            * "Tie for Sami: take green (1 cross), or take pink (1 cross) (+0.6 points expected each)." */
           ? g_strdup_printf (_("Tie for %s: %s, or %s (%s each)."), name, best_label, second_label, best_value)
           /* Translators: the two best choices are worth the same (as shown), e.g.
            * "Tie: pick up green and pink, or take orange (2 crosses) (+2.5 points expected each)." */
           : g_strdup_printf (_("Tie: %s, or %s (%s each)."), best_label, second_label, best_value);

  return name != NULL
         /* Translators: advice for an opponent after skulls, e.g. "Best for Sami: take
          * green (2 crosses) (+1.4 points expected). Next best: take pink (1 cross) (+0.6 points expected)." */
         ? g_strdup_printf (_("Best for %s: %s (%s). Next best: %s (%s)."),
                            name, best_label, best_value, second_label, second_value)
         /* Translators: the assistant's advice and the runner-up, so players see how close
          * they are; e.g. "Best: pick up green (+2.4 points expected). Next best: take
          * orange (2 crosses) (+2.1 points expected)." */
         : g_strdup_printf (_("Best: %s (%s). Next best: %s (%s)."),
                            best_label, best_value, second_label, second_value);
}

char *
cv_odds_describe_recommendation (const CvOdds *odds)
{
  const CvOddsOption *best;
  const CvOddsOption *second;
  const CvOddsOption *stop;
  g_autofree char *text = NULL;

  g_return_val_if_fail (odds != NULL, NULL);

  if (odds->options->len == 0)
    return NULL;

  best = cv_odds_get_option (odds, 0);
  second = odds->options->len > 1 ? cv_odds_get_option (odds, 1) : NULL;
  text = dup_best_and_second (odds->value_model, NULL, best, second);

  /* Stopping now is always listed with its worth (issue 27), when it is neither of the
   * two already named. */
  stop = best_stop (odds);
  if (stop != NULL && stop != best && stop != second)
    {
      g_autofree char *label = option_label (stop);
      g_autofree char *value = format_worth (odds->value_model, stop->value);

      /* Translators: after the advice: the best way to stop now and its worth, e.g.
       * "… Stop now: take orange (2 crosses) (+1.2 points expected)." */
      return g_strdup_printf (_("%s Stop now: %s (%s)."), text, label, value);
    }
  return g_steal_pointer (&text);
}

char *
cv_odds_describe_pick_up (const CvOdds       *odds,
                          const CvOddsOption *option)
{
  g_autofree char *roll = NULL;
  g_autofree char *turn = NULL;
  g_autofree char *jokers = NULL;

  g_return_val_if_fail (odds != NULL, NULL);
  g_return_val_if_fail (option != NULL, NULL);

  if (option->kind != CV_ODDS_OPTION_REROLL)
    return cv_odds_describe_option (odds, option, CV_ODDS_PLAN_ONCE);

  roll = cv_odds_format_percent (option->stats[CV_ODDS_PLAN_ONCE].p_curse);
  jokers = cv_odds_format_percent (option->stats[CV_ODDS_PLAN_ONCE].p_jokers_ge2);
  if (odds->rolls_left <= 1)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         /* Translators: re-rolling these dice on the turn's
                                          * last roll; the %s are percentages, e.g. "9 %" */
                                         "Picking up %u die: %s curse risk this roll, the last of this turn; %s at least 2 jokers",
                                         "Picking up %u dice: %s curse risk this roll, the last of this turn; %s at least 2 jokers",
                                         option->n_pick_up),
                            option->n_pick_up, roll, jokers);

  turn = cv_odds_format_percent (option->stats[CV_ODDS_PLAN_BEST].p_curse);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: re-rolling these dice; the %s are
                                        * percentages: this roll alone, then the whole turn
                                        * when the advice is followed after this roll */
                                       "Picking up %u die: %s curse risk this roll, %s at least 2 jokers; %s curse risk this turn",
                                       "Picking up %u dice: %s curse risk this roll, %s at least 2 jokers; %s curse risk this turn",
                                       option->n_pick_up),
                          option->n_pick_up, roll, jokers, turn);
}

char *
cv_odds_describe_outlook (const CvOdds *odds)
{
  const CvOddsOption *best;
  g_autofree char *risk = NULL;
  g_autofree char *turn_words = NULL;
  g_autofree char *total = NULL;

  g_return_val_if_fail (odds != NULL, NULL);

  if (odds->phase == CV_PHASE_OPPONENTS || odds->options->len == 0)
    return NULL;

  best = cv_odds_get_option (odds, 0);
  risk = cv_odds_format_percent (best->stats[CV_ODDS_PLAN_BEST].p_curse);
  if (odds->phase == CV_PHASE_ROLL)
    {
      g_autofree char *jokers = cv_odds_format_percent (best->stats[CV_ODDS_PLAN_BEST].p_jokers_ge2);

      /* Translators: the odds of a whole turn played as the assistant advises */
      turn_words = g_strdup_printf (_("This turn, following the advice: %s curse risk this turn, %s at least 2 jokers."),
                                    risk, jokers);
    }
  else
    /* Translators: the curse risk of what is left of this turn, following the advice */
    turn_words = g_strdup_printf (_("Following the advice: %s curse risk this turn."), risk);

  if (odds->value_model != CV_ODDS_VALUE_POINTS)
    return g_steal_pointer (&turn_words);

  total = g_strdup_printf ("%.0f", best->expected_points);
  if (odds->turns_estimated)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         /* Translators: after the turn's curse risk; %s is the
                                          * expected final total in points, %u the own turns
                                          * left (this one included), estimated */
                                         "%s About %s points at the end, with about %u own turn left (estimated).",
                                         "%s About %s points at the end, with about %u own turns left (estimated).",
                                         odds->turns_left),
                            turn_words, total, odds->turns_left);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: as above, the own turns left as set
                                        * in Preferences */
                                       "%s About %s points at the end, with %u own turn left (as set in Preferences).",
                                       "%s About %s points at the end, with %u own turns left (as set in Preferences).",
                                       odds->turns_left),
                          turn_words, total, odds->turns_left);
}

char *
cv_odds_describe_opponent (const CvOdds *odds,
                           guint         index,
                           const CvGame *game)
{
  const CvOddsOpponent *opponent;
  const char *name;

  g_return_val_if_fail (odds != NULL, NULL);
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (index < odds->opponents->len, NULL);

  opponent = cv_odds_get_opponent (odds, index);
  name = cv_game_get_player_name (game, opponent->seat);
  return dup_best_and_second (odds->value_model, name, &opponent->groups[0],
                              opponent->n_groups > 1 ? &opponent->groups[1] : NULL);
}
