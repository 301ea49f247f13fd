/* test-odds.c — the Calavera turn assistant: exact odds and the best keep
 *
 * Probabilities are checked against closed formulas and a brute-force enumeration of
 * ordered rolls written here, independently of the solver (which works on multisets);
 * recommendations on hand-made positions where the best move is obvious.
 *
 * Rules: shared/rules/calavera-rules-en-b.txt; the value model: docs/assistant.md.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cv-odds.h"
#include "../cv-test-util.h"

#define TOLERANCE 1e-12

/* ---- Independent arithmetic ---- */

static double
choose (guint n,
        guint k)
{
  double r = 1.0;

  if (k > n)
    return 0.0;
  for (guint i = 1; i <= k; i++)
    r = r * (n - k + i) / i;
  return r;
}

/* P(X >= m) for X ~ Binomial(n, p). */
static double
binomial_at_least (guint  n,
                   double p,
                   guint  m)
{
  double sum = 0.0;

  for (guint x = m; x <= n; x++)
    sum += choose (n, x) * pow (p, x) * pow (1.0 - p, n - x);
  return sum;
}

/* Each of @n dice ends as a skull with p_skull, a joker with p_joker, otherwise
 * something else, independently. Returns P(skulls + @skulls < 3 and jokers + @jokers
 * >= @min_jokers): the turn is not cursed and has enough jokers to freeze. */
static double
trinomial_jokers (guint  n,
                  double p_skull,
                  double p_joker,
                  guint  skulls,
                  guint  jokers,
                  guint  min_jokers)
{
  double sum = 0.0;

  for (guint s = 0; s <= n; s++)
    for (guint j = 0; s + j <= n; j++)
      if (skulls + s < 3 && jokers + j >= min_jokers)
        sum += choose (n, s) * choose (n - s, j) * pow (p_skull, s) * pow (p_joker, j)
               * pow (1.0 - p_skull - p_joker, n - s - j);
  return sum;
}

static void
counts_of (const char *letters,
           guint      *counts)
{
  memset (counts, 0, sizeof (guint) * CV_N_FACES);
  for (const char *l = letters; *l != '\0'; l++)
    counts[face_of_letter (*l)]++;
}

static CvOdds *
odds_for (const CvOddsSheet *sheet,
          const char        *dice,
          guint              rolls_left)
{
  g_autoptr(GError) error = NULL;
  guint counts[CV_N_FACES];
  CvOdds *odds;

  counts_of (dice, counts);
  odds = cv_odds_compute_turn (sheet, counts, rolls_left, &error);
  g_assert_no_error (error);
  g_assert_nonnull (odds);
  return odds;
}

static void
assert_stats_sane (const CvOddsStats *stats)
{
  double sum = stats->p_curse;

  g_assert_cmpfloat (stats->p_curse, >=, 0.0);
  for (guint j = 0; j <= CV_N_DICE; j++)
    {
      g_assert_cmpfloat (stats->p_jokers[j], >=, 0.0);
      sum += stats->p_jokers[j];
    }
  /* Every way rolling can stop is cursed or not cursed with some number of jokers. */
  g_assert_cmpfloat_with_epsilon (sum, 1.0, TOLERANCE);
  g_assert_cmpfloat (stats->p_jokers_ge3, <=, stats->p_jokers_ge2 + TOLERANCE);
  g_assert_cmpfloat (stats->p_jokers_ge2, <=, 1.0 - stats->p_curse + TOLERANCE);
  for (guint c = 0; c < CV_N_COLORS; c++)
    {
      g_assert_cmpfloat (stats->expected_crosses[c], >=, 0.0);
      g_assert_cmpfloat (stats->expected_crosses[c], <=, CV_N_DICE);
    }
}

/* ---- Probabilities against closed formulas ---- */

/* "Then roll all six dice": the first roll of a turn. Each die shows each of its six
 * faces (four colours, joker, skull) with probability 1/6 (GAME-DATA.md, "dice"). */
static void
test_first_roll (void)
{
  CvOddsSheet sheet;
  g_autoptr(CvOdds) odds = NULL;
  const CvOddsOption *roll_all;
  const CvOddsStats *once;
  double p_crosses = 0.0;

  cv_odds_sheet_init (&sheet);
  odds = odds_for (&sheet, "", CV_MAX_ROLLS);
  g_assert_cmpint (cv_odds_get_phase (odds), ==, CV_PHASE_ROLL);
  g_assert_cmpuint (cv_odds_get_n_options (odds), ==, 1);
  roll_all = cv_odds_get_option (odds, 0);
  g_assert_cmpint (roll_all->kind, ==, CV_ODDS_OPTION_ROLL);
  once = &roll_all->stats[CV_ODDS_PLAN_ONCE];

  /* "Have you rolled three or more skulls? … you may not mark anything". */
  g_assert_cmpfloat_with_epsilon (once->p_curse, binomial_at_least (6, 1.0 / 6, 3), TOLERANCE);
  g_assert_cmpfloat_with_epsilon (once->p_jokers_ge2,
                                  trinomial_jokers (6, 1.0 / 6, 1.0 / 6, 0, 0, 2), TOLERANCE);
  g_assert_cmpfloat_with_epsilon (once->p_jokers_ge3,
                                  trinomial_jokers (6, 1.0 / 6, 1.0 / 6, 0, 0, 3), TOLERANCE);

  /* Taking orange gives a cross "for every die showing this colour": given s skulls
   * (s < 3), the other 6 - s dice show orange with probability 1/5 each. */
  for (guint s = 0; s < 3; s++)
    p_crosses += choose (6, s) * pow (1.0 / 6, s) * pow (5.0 / 6, 6 - s) * (6 - s) / 5.0;
  for (guint c = 0; c < CV_N_COLORS; c++)
    g_assert_cmpfloat_with_epsilon (once->expected_crosses[c], p_crosses, TOLERANCE);

  /* Rolling every non-skull die on all three rolls: a die ends a skull with
   * probability 1 - (5/6)^3, since skulls are set aside and never rolled again. */
  g_assert_cmpfloat_with_epsilon (roll_all->stats[CV_ODDS_PLAN_REPEAT].p_curse,
                                  binomial_at_least (6, 1.0 - pow (5.0 / 6, 3), 3), TOLERANCE);

  for (guint plan = 0; plan < CV_ODDS_N_PLANS; plan++)
    assert_stats_sane (&roll_all->stats[plan]);
  /* Playing well cannot make the curse likelier than always rolling everything. */
  g_assert_cmpfloat (roll_all->stats[CV_ODDS_PLAN_BEST].p_curse, <=,
                     roll_all->stats[CV_ODDS_PLAN_REPEAT].p_curse + TOLERANCE);
}

/* "Each time you roll the dice, you must put all dice showing a skull to one side.
 * You may not roll these again": picking up k of the dice with s skulls locked. Once:
 * curse = P(Bin(k, 1/6) >= 3 - s). Twice (the dice that did not show a skull picked
 * up again): each die ends a skull with probability 1 - (5/6)^2, a joker with
 * (5/6)(1/6). */
static void
test_pick_up_with_skulls (void)
{
  static const char *const positions[] = { "OGPBJJ", "OGPBJS", "OOJJSS", "GGGJSS", "JJJOOS" };
  CvOddsSheet sheet;

  cv_odds_sheet_init (&sheet);
  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    for (guint rolls_left = 1; rolls_left <= 2; rolls_left++)
      {
        g_autoptr(CvOdds) odds = odds_for (&sheet, positions[i], rolls_left);
        guint dice[CV_N_FACES];
        guint n_keeps = 0;
        guint expected_keeps = 1;

        counts_of (positions[i], dice);
        for (guint f = 0; f < CV_FACE_SKULL; f++)
          expected_keeps *= dice[f] + 1;

        for (guint o = 0; o < cv_odds_get_n_options (odds); o++)
          {
            const CvOddsOption *option = cv_odds_get_option (odds, o);
            const CvOddsStats *once = &option->stats[CV_ODDS_PLAN_ONCE];
            const CvOddsStats *repeat = &option->stats[CV_ODDS_PLAN_REPEAT];
            guint k = option->n_pick_up;
            guint s = dice[CV_FACE_SKULL];
            guint kept_jokers;

            for (guint plan = 0; plan < CV_ODDS_N_PLANS; plan++)
              assert_stats_sane (&option->stats[plan]);
            if (option->kind != CV_ODDS_OPTION_REROLL)
              continue;

            n_keeps++;
            /* Skulls are never picked up; nothing else is picked up that is not there. */
            g_assert_cmpuint (option->pick_up[CV_FACE_SKULL], ==, 0);
            for (guint f = 0; f < CV_N_FACES; f++)
              g_assert_cmpuint (option->pick_up[f], <=, dice[f]);
            kept_jokers = dice[CV_FACE_JOKER] - option->pick_up[CV_FACE_JOKER];

            g_assert_cmpfloat_with_epsilon (once->p_curse, binomial_at_least (k, 1.0 / 6, 3 - s),
                                            TOLERANCE);
            g_assert_cmpfloat_with_epsilon (once->p_jokers_ge2,
                                            trinomial_jokers (k, 1.0 / 6, 1.0 / 6, s, kept_jokers, 2),
                                            TOLERANCE);
            g_assert_cmpfloat_with_epsilon (once->p_jokers_ge3,
                                            trinomial_jokers (k, 1.0 / 6, 1.0 / 6, s, kept_jokers, 3),
                                            TOLERANCE);
            if (rolls_left == 2)
              {
                g_assert_cmpfloat_with_epsilon (repeat->p_curse,
                                                binomial_at_least (k, 11.0 / 36, 3 - s), TOLERANCE);
                g_assert_cmpfloat_with_epsilon (repeat->p_jokers_ge2,
                                                trinomial_jokers (k, 11.0 / 36, 5.0 / 36, s, kept_jokers, 2),
                                                TOLERANCE);
              }
            else
              {
                /* With one roll left there is only that roll. */
                g_assert_cmpfloat_with_epsilon (repeat->p_curse, once->p_curse, TOLERANCE);
                g_assert_cmpfloat_with_epsilon (option->stats[CV_ODDS_PLAN_BEST].p_curse,
                                                once->p_curse, TOLERANCE);
              }
          }
        /* "You may roll again using the dice already put to one side": every
         * non-empty choice of non-skull dice is a keep. */
        g_assert_cmpuint (n_keeps, ==, expected_keeps - 1);
      }
}

/* ---- The best keep against brute force over ordered rolls ---- */

typedef struct
{
  double take[CV_N_COLORS][CV_N_DICE + 1];
  double freeze[CV_N_COLORS];
  guint  freeze_need[CV_N_COLORS];
} Choices;

/* The worth of each final choice in the points model (docs/assistant.md): the expected
 * points after the turn, less those of a turn that marks nothing; a bare position
 * counts 1 opponent and the turns cv_model_estimate_sheet_turns() gives. */
static void
choices_init (Choices           *ch,
              const CvOddsSheet *sheet)
{
  const CvModel *model = cv_model_get (1, sheet);
  guint after_turns = cv_model_estimate_sheet_turns (sheet, 1) - 1;
  double base = cv_model_points_after_turn (model, sheet, after_turns);

  for (guint c = 0; c < CV_N_COLORS; c++)
    {
      guint crosses = sheet->crosses[c];

      ch->freeze_need[c] = 0;
      ch->freeze[c] = -G_MAXDOUBLE;
      for (guint n = 0; n <= CV_N_DICE; n++)
        {
          CvOddsSheet after = *sheet;

          ch->take[c][n] = -G_MAXDOUBLE;
          if (n == 0 || sheet->frozen[c] || crosses >= CV_ROW_LENGTH)
            continue;
          cv_model_sheet_take (&after, c, n);
          ch->take[c][n] = cv_model_points_after_turn (model, &after, after_turns) - base;
        }
      /* The rules: ≥ 2 jokers on a 4/5/6 box, ≥ 3 on an 8/10 box. */
      if (!sheet->frozen[c] && crosses >= 6 && crosses <= 10)
        {
          CvOddsSheet after = *sheet;

          after.frozen[c] = TRUE;
          ch->freeze_need[c] = crosses <= 8 ? 2 : 3;
          ch->freeze[c] = cv_model_points_after_turn (model, &after, after_turns) - base;
        }
    }
}

/* The roller's final choice, written from the rules: all dice of one colour, or all
 * jokers as one colour, or freeze; nothing at all with three skulls. -G_MAXDOUBLE when
 * nothing can be marked: then the roller passes (0) only if no re-roll is left. */
static double
final_value (const Choices *ch,
             const guint   *d)
{
  double best = -G_MAXDOUBLE;

  if (d[CV_FACE_SKULL] >= 3)
    return 0.0;
  for (guint c = 0; c < CV_N_COLORS; c++)
    {
      if (d[c] > 0)
        best = MAX (best, ch->take[c][d[c]]);
      if (d[CV_FACE_JOKER] > 0)
        best = MAX (best, ch->take[c][d[CV_FACE_JOKER]]);
      if (ch->freeze_need[c] > 0 && d[CV_FACE_JOKER] >= ch->freeze_need[c])
        best = MAX (best, ch->freeze[c]);
    }
  return best;
}

static double brute_best (const Choices *ch, const guint *d, guint rolls_left);

/* Picks up @pick (counts) from @d and rolls them: every one of the 6^k ordered
 * outcomes in turn, each with probability 6^-k. */
static double
brute_roll (const Choices *ch,
            const guint   *d,
            const guint   *pick,
            guint          rolls_left)
{
  guint k = 0, n_outcomes = 1;
  double sum = 0.0;

  for (guint f = 0; f < CV_N_FACES; f++)
    k += pick[f];
  for (guint i = 0; i < k; i++)
    n_outcomes *= CV_N_FACES;

  for (guint outcome = 0; outcome < n_outcomes; outcome++)
    {
      guint after[CV_N_FACES];
      guint code = outcome;

      for (guint f = 0; f < CV_N_FACES; f++)
        after[f] = d[f] - pick[f];
      for (guint i = 0; i < k; i++, code /= CV_N_FACES)
        after[code % CV_N_FACES]++;
      sum += brute_best (ch, after, rolls_left - 1);
    }
  return sum / n_outcomes;
}

static double
brute_best (const Choices *ch,
            const guint   *d,
            guint          rolls_left)
{
  double best = final_value (ch, d);
  guint pick[CV_N_FACES] = { 0 };

  if (rolls_left == 0 || d[CV_FACE_SKULL] >= 3)
    return best == -G_MAXDOUBLE ? 0.0 : best;

  /* Every pick-up of non-skull dice, as nested counts. */
  for (;;)
    {
      guint f = 0;

      while (f < CV_FACE_SKULL && pick[f] == d[f])
        pick[f++] = 0;
      if (f == CV_FACE_SKULL)
        break;
      pick[f]++;
      best = MAX (best, brute_roll (ch, d, pick, rolls_left));
    }
  return best;
}

static void
sheet_set (CvOddsSheet *sheet,
           guint        orange,
           guint        green,
           guint        pink,
           guint        black)
{
  cv_odds_sheet_init (sheet);
  sheet->crosses[CV_FACE_ORANGE] = orange;
  sheet->crosses[CV_FACE_GREEN] = green;
  sheet->crosses[CV_FACE_PINK] = pink;
  sheet->crosses[CV_FACE_BLACK] = black;
  for (guint line = 0; line < CV_N_BONUS_LINES; line++)
    if (MIN (MIN (orange, green), MIN (pink, black)) >= cv_sheet_get_bonus_line (line)->after_box)
      sheet->bonus[line] = CV_BONUS_WON_FIRST;
}

/* The recommendation is the exact expectation over all outcomes: the solver (over
 * multisets) must agree with a plain enumeration of ordered rolls, keep by keep. */
static void
test_keep_values_brute_force (void)
{
  static const struct
  {
    guint       crosses[CV_N_COLORS];
    const char *dice;
  } cases[] = {
    { { 0, 0, 0, 0 }, "OOGPJS" },
    { { 10, 2, 5, 7 }, "OOOGJS" },
    { { 9, 9, 3, 0 }, "JJOGSS" },
    { { 6, 8, 10, 4 }, "JJJPBB" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CvOddsSheet sheet;
      Choices ch;
      g_autoptr(CvOdds) odds = NULL;
      guint d[CV_N_FACES];
      double best = -G_MAXDOUBLE;

      sheet_set (&sheet, cases[i].crosses[0], cases[i].crosses[1],
                 cases[i].crosses[2], cases[i].crosses[3]);
      choices_init (&ch, &sheet);
      counts_of (cases[i].dice, d);
      odds = odds_for (&sheet, cases[i].dice, 1);

      for (guint o = 0; o < cv_odds_get_n_options (odds); o++)
        {
          const CvOddsOption *option = cv_odds_get_option (odds, o);

          /* Best first. */
          if (o > 0)
            g_assert_cmpfloat (option->value, <=, cv_odds_get_option (odds, o - 1)->value + 1e-9);
          if (option->kind == CV_ODDS_OPTION_REROLL)
            g_assert_cmpfloat_with_epsilon (option->value, brute_roll (&ch, d, option->pick_up, 1), 1e-9);
          best = MAX (best, option->value);
        }
      g_assert_cmpfloat_with_epsilon (cv_odds_get_option (odds, 0)->value, brute_best (&ch, d, 1), 1e-9);
      g_assert_cmpfloat_with_epsilon (best, cv_odds_get_option (odds, 0)->value, 1e-12);
    }

  /* Two rolls left: keeps of up to two dice, so the enumeration stays small. */
  {
    CvOddsSheet sheet;
    Choices ch;
    g_autoptr(CvOdds) odds = NULL;
    guint d[CV_N_FACES];
    guint checked = 0;

    sheet_set (&sheet, 4, 10, 2, 7);
    choices_init (&ch, &sheet);
    counts_of ("GGOPJS", d);
    odds = odds_for (&sheet, "GGOPJS", 2);
    for (guint o = 0; o < cv_odds_get_n_options (odds); o++)
      {
        const CvOddsOption *option = cv_odds_get_option (odds, o);

        if (option->kind == CV_ODDS_OPTION_REROLL && option->n_pick_up <= 2)
          {
            g_assert_cmpfloat_with_epsilon (option->value, brute_roll (&ch, d, option->pick_up, 2), 1e-9);
            checked++;
          }
      }
    g_assert_cmpuint (checked, >, 5);
  }
}

/* ---- The value model and obvious positions ---- */

/* docs/assistant.md: more crosses are worth more until the death zone; "Oops, have
 * you landed in the death zone? … plus points, no points or even minus points". */
static void
test_value_model (void)
{
  CvOddsSheet sheet;

  for (guint start = 0; start < 10; start++)
    {
      sheet_set (&sheet, start, 0, 0, 0);
      for (guint n = 1; start + n + 1 <= 10 && n < CV_N_DICE; n++)
        g_assert_cmpfloat (cv_odds_value_take (&sheet, CV_FACE_ORANGE, n + 1), >,
                           cv_odds_value_take (&sheet, CV_FACE_ORANGE, n));
      if (start < 10)
        g_assert_cmpfloat (cv_odds_value_take (&sheet, CV_FACE_ORANGE, 1), >, 0.0);
    }

  /* One cross before the death zone: one more cross loses the row's 10 points. */
  sheet_set (&sheet, 10, 3, 3, 3);
  g_assert_cmpfloat (cv_odds_value_take (&sheet, CV_FACE_ORANGE, 1), <, 0.0);
  /* Freezing secures points ("Rescue your points"): worth more the closer the row is
   * to the death zone. */
  g_assert_cmpfloat (cv_odds_value_freeze (&sheet, CV_FACE_ORANGE, 3), >, 0.0);
  {
    CvOddsSheet nearer = sheet;
    double at_10 = cv_odds_value_freeze (&sheet, CV_FACE_ORANGE, 3);

    nearer.crosses[CV_FACE_ORANGE] = 6;
    g_assert_cmpfloat (cv_odds_value_freeze (&nearer, CV_FACE_ORANGE, 2), <, at_10);
  }
  /* "For 8 and 10 points you need at least 3 Jokers." */
  g_assert_cmpfloat (cv_odds_value_freeze (&sheet, CV_FACE_ORANGE, 2), ==, -G_MAXDOUBLE);
  /* No freezing before the points zone; no crosses in a frozen row. */
  g_assert_cmpfloat (cv_odds_value_freeze (&sheet, CV_FACE_GREEN, 6), ==, -G_MAXDOUBLE);
  sheet.frozen[CV_FACE_GREEN] = TRUE;
  g_assert_cmpfloat (cv_odds_value_take (&sheet, CV_FACE_GREEN, 1), ==, -G_MAXDOUBLE);
}

/* A row one cross before the death zone: do not take that colour. */
static void
test_do_not_enter_death_zone (void)
{
  CvOddsSheet sheet;
  static const char *const rolls[] = { "OGPBSS", "OOOOGS", "OOOOOP" };

  sheet_set (&sheet, 10, 3, 2, 4);
  for (guint i = 0; i < G_N_ELEMENTS (rolls); i++)
    for (guint rolls_left = 0; rolls_left <= 2; rolls_left++)
      {
        g_autoptr(CvOdds) odds = odds_for (&sheet, rolls[i], rolls_left);
        const CvOddsOption *best = cv_odds_get_option (odds, 0);

        g_assert_false (best->kind == CV_ODDS_OPTION_STOP &&
                        best->action.type == CV_ACTION_TAKE &&
                        best->action.color == CV_FACE_ORANGE);
        g_assert_nonnull (cv_odds_get_option (odds, 1));
      }
}

/* Three jokers and a row on its 10: freeze it ("For 8 and 10 points you need at least
 * 3 Jokers … you can immediately freeze the points") while the game goes on. On the
 * last own turn the row scores its 10 anyway ("Anyone who has their last cross in the
 * points zone … is allowed to score"): then one more green cross (8 → 10) is worth more. */
static CvOdds *odds_with (const CvOddsSheet *sheet, const char *dice, guint rolls_left,
                          guint turns_left, int n_opponents);

static void
test_freeze_the_ten (void)
{
  CvOddsSheet sheet;
  g_autoptr(CvOdds) odds = NULL;
  g_autoptr(CvOdds) last = NULL;
  const CvOddsOption *best;
  g_autofree char *words = NULL;

  sheet_set (&sheet, 10, 9, 9, 9);
  odds = odds_with (&sheet, "JJJGSS", 0, 5, 1);
  best = cv_odds_get_option (odds, 0);
  g_assert_cmpint (best->kind, ==, CV_ODDS_OPTION_STOP);
  g_assert_cmpint (best->action.type, ==, CV_ACTION_FREEZE);
  g_assert_cmpint (best->action.color, ==, CV_FACE_ORANGE);
  words = cv_odds_describe_option (odds, best, CV_ODDS_PLAN_BEST);
  g_assert_cmpstr (words, ==, "Stop now: freeze orange");

  last = odds_with (&sheet, "JJJGSS", 0, 1, 1);
  best = cv_odds_get_option (last, 0);
  g_assert_cmpint (best->action.type, ==, CV_ACTION_TAKE);
  g_assert_cmpint (best->action.color, ==, CV_FACE_GREEN);
  /* exactly the 2 points of box 10 over box 9 */
  g_assert_cmpfloat_with_epsilon (best->value, 2.0, 1e-12);
}

/* Six dice of one colour on a fresh sheet and no roll left: take them. And with rolls
 * left, nothing beats keeping six of a kind. */
static void
test_take_the_obvious (void)
{
  CvOddsSheet sheet;

  cv_odds_sheet_init (&sheet);
  for (guint rolls_left = 0; rolls_left <= 2; rolls_left++)
    {
      g_autoptr(CvOdds) odds = odds_for (&sheet, "GGGGGG", rolls_left);
      const CvOddsOption *best = cv_odds_get_option (odds, 0);

      g_assert_cmpint (best->kind, ==, CV_ODDS_OPTION_STOP);
      g_assert_true (best->action.type == CV_ACTION_TAKE);
      g_assert_cmpint (best->action.color, ==, CV_FACE_GREEN);
      g_assert_cmpuint (best->crosses, ==, 6);
      if (rolls_left > 0)
        g_assert_cmpfloat (best->value, >, cv_odds_get_option (odds, 1)->value);
    }
}

/* 1 or 2 skulls: re-rolling more dice raises the curse risk, so with a good roll in
 * hand and two skulls the assistant stops. */
static void
test_stop_with_two_skulls (void)
{
  CvOddsSheet sheet;
  g_autoptr(CvOdds) odds = NULL;
  const CvOddsOption *best;

  cv_odds_sheet_init (&sheet);
  odds = odds_for (&sheet, "PPPPSS", 2);
  best = cv_odds_get_option (odds, 0);
  g_assert_cmpint (best->kind, ==, CV_ODDS_OPTION_STOP);
  g_assert_cmpint (best->action.color, ==, CV_FACE_PINK);
}

/* "If you have already … frozen a colour row and are not able to mark up any other
 * colour, then you don't do anything" — once no re-roll is left; before that the
 * roller rolls on (a pass is legal only when nothing else is, cv_game_check()). */
static void
test_nothing_to_mark (void)
{
  CvOddsSheet sheet;

  sheet_set (&sheet, 8, 9, 7, 2);
  sheet.frozen[CV_FACE_ORANGE] = sheet.frozen[CV_FACE_GREEN] = sheet.frozen[CV_FACE_PINK] = TRUE;
  for (guint rolls_left = 0; rolls_left <= 2; rolls_left++)
    {
      g_autoptr(CvOdds) odds = odds_for (&sheet, "OOGGPS", rolls_left);
      const CvOddsOption *best = cv_odds_get_option (odds, 0);

      if (rolls_left == 0)
        {
          g_assert_cmpuint (cv_odds_get_n_options (odds), ==, 1);
          g_assert_cmpint (best->action.type, ==, CV_ACTION_PASS);
          g_assert_cmpfloat (best->value, ==, 0.0);
        }
      else
        for (guint i = 0; i < cv_odds_get_n_options (odds); i++)
          g_assert_cmpint (cv_odds_get_option (odds, i)->kind, ==, CV_ODDS_OPTION_REROLL);
    }
}

static void
test_refused_positions (void)
{
  CvOddsSheet sheet;
  guint dice[CV_N_FACES];
  g_autoptr(GError) error = NULL;

  cv_odds_sheet_init (&sheet);
  /* "Have you rolled three or more skulls? … your turn ends": nothing to choose. */
  counts_of ("OGPSSS", dice);
  g_assert_null (cv_odds_compute_turn (&sheet, dice, 1, &error));
  g_assert_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL);
  g_clear_error (&error);
  /* Five dice are not a roll; a turn has at most two re-rolls. */
  counts_of ("OGPSS", dice);
  g_assert_null (cv_odds_compute_turn (&sheet, dice, 1, &error));
  g_assert_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL);
  g_clear_error (&error);
  counts_of ("OGPBSS", dice);
  g_assert_null (cv_odds_compute_turn (&sheet, dice, 3, &error));
  g_assert_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL);
}

/* ---- Plain words ---- */

static void
test_percent_words (void)
{
  static const struct { double p; const char *words; } cases[] = {
    { 0.0, "0\u00a0%" }, { 1.0, "100\u00a0%" }, { 0.094, "9\u00a0%" }, { 0.415, "42\u00a0%" },
    /* Never "0 %" of what can happen, never "100 %" of what can fail. */
    { 0.001, "<\u00a01\u00a0%" }, { 0.999, ">\u00a099\u00a0%" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *words = cv_odds_format_percent (cases[i].p);

      g_assert_cmpstr (words, ==, cases[i].words);
    }
}

/* Issue 27: "best and next best often show the same worth ('2.5 vs 2.5') without saying
 * it is a tie; the worth of stopping now is never shown". The advice names the best two,
 * says "Tie" when their worths read the same, and always names the best way to stop. */
static void
assert_best_or_tie (const CvOdds *odds,
                    const char   *advice)
{
  const CvOddsOption *best = cv_odds_get_option (odds, 0);
  const CvOddsOption *second = cv_odds_get_n_options (odds) > 1 ? cv_odds_get_option (odds, 1) : NULL;
  g_autofree char *a = g_strdup_printf ("%.1f", best->value);
  g_autofree char *b = second != NULL ? g_strdup_printf ("%.1f", second->value) : NULL;

  /* the walkthrough of 26 Nov read "Tie: pick up green, pink and pick up green, joker":
   * the two choices are told apart by ", or", the dice of one by "and" */
  if (best->kind == CV_ODDS_OPTION_REROLL && best->n_pick_up >= 2)
    g_assert_nonnull (strstr (advice, " and "));
  if (b != NULL && g_strcmp0 (a, b) == 0)
    {
      g_assert_true (g_str_has_prefix (advice, "Tie: "));
      g_assert_nonnull (strstr (advice, ", or "));
    }
  else
    {
      g_assert_true (g_str_has_prefix (advice, "Best: "));
      if (second != NULL)
        g_assert_nonnull (strstr (advice, "Next best: "));
    }
  for (guint i = 0; i < cv_odds_get_n_options (odds); i++)
    {
      const CvOddsOption *option = cv_odds_get_option (odds, i);

      if (option->kind == CV_ODDS_OPTION_STOP)
        {
          g_autofree char *stop = cv_odds_describe_option (odds, option, CV_ODDS_PLAN_ONCE);

          /* "Stop now: take orange (1 cross)" — its label is in the advice */
          g_assert_true (g_str_has_prefix (stop, "Stop now: "));
          g_assert_nonnull (strstr (advice, stop + strlen ("Stop now: ")));
          break;
        }
    }
}

static void
test_advice_ties_and_stop (void)
{
  CvOddsSheet sheet;
  static const char *const rolls[] = { "OGPBSS", "OGPBJS", "OOGGPP", "JJJOGS", "OOOOOO" };

  cv_odds_sheet_init (&sheet);
  /* no roll left, one die of each colour: four takes worth the same — a tie */
  {
    g_autoptr(CvOdds) odds = odds_for (&sheet, "OGPBSS", 0);
    g_autofree char *advice = cv_odds_describe_recommendation (odds);

    g_assert_true (g_str_has_prefix (advice, "Tie: "));
    assert_best_or_tie (odds, advice);
  }
  for (guint i = 0; i < G_N_ELEMENTS (rolls); i++)
    for (guint left = 0; left <= 2; left++)
      {
        g_autoptr(CvOdds) odds = odds_for (&sheet, rolls[i], left);
        g_autofree char *advice = cv_odds_describe_recommendation (odds);

        if (advice != NULL)
          assert_best_or_tie (odds, advice);
      }
}

static void
test_describe_keep (void)
{
  CvOddsSheet sheet;
  g_autoptr(CvOdds) odds = NULL;
  guint pick_up[CV_N_FACES] = { 0 };
  const CvOddsOption *option;
  g_autofree char *words = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *curse = NULL;
  g_autofree char *jokers = NULL;
  g_autofree char *advice = NULL;

  cv_odds_sheet_init (&sheet);
  /* One skull locked, a joker kept; pick up green, pink, black. */
  odds = odds_for (&sheet, "OGPBJS", 2);
  pick_up[CV_FACE_GREEN] = pick_up[CV_FACE_PINK] = pick_up[CV_FACE_BLACK] = 1;
  option = cv_odds_find_pick_up (odds, pick_up);
  g_assert_nonnull (option);
  g_assert_cmpuint (option->n_pick_up, ==, 3);

  words = cv_odds_describe_option (odds, option, CV_ODDS_PLAN_ONCE);
  curse = cv_odds_format_percent (binomial_at_least (3, 1.0 / 6, 2));
  jokers = cv_odds_format_percent (trinomial_jokers (3, 1.0 / 6, 1.0 / 6, 1, 1, 2));
  expected = g_strdup_printf ("Picking up 3 dice: %s curse risk this roll, %s at least 2 jokers", curse, jokers);
  g_assert_cmpstr (words, ==, expected);

  /* Issue 27 item 2: the whole turn's curse risk at every pick-up, said as "this turn"
   * next to "this roll" (two rolls left: the advice after this roll may roll again). */
  {
    g_autofree char *both = cv_odds_describe_pick_up (odds, option);
    g_autofree char *turn = cv_odds_format_percent (option->stats[CV_ODDS_PLAN_BEST].p_curse);
    g_autofree char *want = g_strdup_printf ("Picking up 3 dice: %s curse risk this roll, %s at least 2 jokers; "
                                             "%s curse risk this turn",
                                             curse, jokers, turn);

    g_assert_cmpstr (both, ==, want);
    g_assert_cmpfloat (option->stats[CV_ODDS_PLAN_BEST].p_curse, >=, option->stats[CV_ODDS_PLAN_ONCE].p_curse - TOLERANCE);
  }
  /* One roll left: this roll is the turn's last. */
  {
    g_autoptr(CvOdds) last = odds_for (&sheet, "OGPBJS", 1);
    const CvOddsOption *same = cv_odds_find_pick_up (last, pick_up);
    g_autofree char *both = cv_odds_describe_pick_up (last, same);
    g_autofree char *want = g_strdup_printf ("Picking up 3 dice: %s curse risk this roll, the last of this turn; "
                                             "%s at least 2 jokers", curse, jokers);

    g_assert_cmpstr (both, ==, want);
  }
  /* Before the first roll and while choosing, the outlook names this turn's risk. */
  {
    guint none[CV_N_FACES] = { 0 };
    g_autoptr(CvOdds) first = cv_odds_compute_turn (&sheet, none, CV_MAX_ROLLS, NULL);
    g_autofree char *outlook = cv_odds_describe_outlook (first);
    g_autofree char *choosing = cv_odds_describe_outlook (odds);

    g_assert_true (g_str_has_prefix (outlook, "This turn, following the advice: "));
    g_assert_nonnull (strstr (outlook, " curse risk this turn, "));
    g_assert_nonnull (strstr (outlook, "own turns left (estimated)."));
    g_assert_true (g_str_has_prefix (choosing, "Following the advice: "));
    g_assert_nonnull (strstr (choosing, " curse risk this turn."));
  }

  advice = cv_odds_describe_recommendation (odds);
  assert_best_or_tie (odds, advice);
}

/* ---- Through the game (cv-game.h) ---- */

/* The assistant offers exactly the final choices the rules allow now. */
static void
test_game_choices_match_rules (void)
{
  g_autoptr(CvGame) game = new_game ("Ina Sami");
  g_autoptr(CvOdds) odds = NULL;
  g_autoptr(GArray) legal = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) json = NULL;
  JsonObject *root;
  guint n_stops = 0;

  odds = cv_odds_compute (game, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cv_odds_get_phase (odds), ==, CV_PHASE_ROLL);
  g_clear_pointer (&odds, cv_odds_free);

  roll (game, "OOGPJS");
  odds = cv_odds_compute (game, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cv_odds_get_phase (odds), ==, CV_PHASE_CHOOSE);
  g_assert_cmpuint (cv_odds_get_seat (odds), ==, 0);
  g_assert_cmpuint (cv_odds_get_rolls_left (odds), ==, 2);

  legal = cv_game_legal_choices (game);
  for (guint i = 0; i < cv_odds_get_n_options (odds); i++)
    {
      const CvOddsOption *option = cv_odds_get_option (odds, i);
      gboolean found = FALSE;

      if (option->kind != CV_ODDS_OPTION_STOP)
        continue;
      n_stops++;
      for (guint l = 0; l < legal->len; l++)
        if (cv_action_equal (&g_array_index (legal, CvAction, l), &option->action))
          found = TRUE;
      g_assert_true (found);
      g_assert_true (cv_game_check (game, &option->action, NULL));
    }
  g_assert_cmpuint (n_stops, ==, legal->len);

  json = cv_odds_to_json (odds, game);
  root = json_node_get_object (json);
  g_assert_cmpstr (json_object_get_string_member (root, "phase"), ==, "choose");
  g_assert_cmpstr (json_object_get_string_member (root, "player"), ==, "Ina");
  g_assert_cmpint (json_object_get_int_member (root, "rolls_left"), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "options")), ==,
                    cv_odds_get_n_options (odds));
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (json_object_get_object_member (root, "best"), "value"),
                                  cv_odds_get_option (odds, 0)->value, 1e-12);
}

/* "They must choose one of the remaining colours (or remaining Jokers) … they may not
 * use the dice you used": Sami's row one cross before the death zone makes green
 * the wrong group for him. */
static void
test_game_opponents (void)
{
  g_autoptr(CvGame) game = new_game ("Ina Sami");
  g_autoptr(CvOdds) odds = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) json = NULL;
  const CvOddsOpponent *sami;
  g_autofree char *words = NULL;

  /* Sami: green to 10 (6 + 4). */
  turn_take (game, "OOOOPB", CV_FACE_ORANGE);
  turn_take (game, "GGGGGG", CV_FACE_GREEN);
  turn_take (game, "OPPPBB", CV_FACE_PINK);
  turn_take (game, "GGGGPB", CV_FACE_GREEN);
  g_assert_cmpuint (crosses (game, "Sami", CV_FACE_GREEN), ==, 10);

  /* Ina: two skulls; she takes black, Sami must take green or orange. */
  roll (game, "OGBBSS");
  take (game, NULL, CV_FACE_BLACK);
  g_assert_cmpint (cv_game_get_phase (game), ==, CV_PHASE_OPPONENTS);

  odds = cv_odds_compute (game, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cv_odds_get_n_options (odds), ==, 0);
  g_assert_cmpuint (cv_odds_get_n_opponents (odds), ==, 1);
  sami = cv_odds_get_opponent (odds, 0);
  g_assert_cmpuint (sami->seat, ==, 1);
  g_assert_cmpuint (sami->n_groups, ==, 2);
  g_assert_cmpint (sami->groups[0].action.type, ==, CV_ACTION_TAKE);
  g_assert_cmpint (sami->groups[0].action.color, ==, CV_FACE_ORANGE);
  g_assert_cmpint (sami->groups[1].action.color, ==, CV_FACE_GREEN);
  for (guint g = 0; g < sami->n_groups; g++)
    g_assert_true (cv_game_check (game, &sami->groups[g].action, NULL));

  words = cv_odds_describe_opponent (odds, 0, game);
  g_assert_true (g_str_has_prefix (words, "Best for Sami: take orange (1 cross)"));

  json = cv_odds_to_json (odds, game);
  {
    JsonObject *first = json_array_get_object_element (
      json_object_get_array_member (json_node_get_object (json), "opponents"), 0);
    JsonObject *action = json_object_get_object_member (
      json_object_get_object_member (first, "best"), "action");

    g_assert_cmpstr (json_object_get_string_member (first, "player"), ==, "Sami");
    g_assert_cmpstr (json_object_get_string_member (action, "take"), ==, "orange");
  }
}

/* Random legal games: whatever the position, the assistant's final choices are exactly
 * the ones the rules engine accepts, for the roller and for every opponent after
 * skulls, and its figures add up. */
static void
test_game_random_positions (void)
{
  GRand *rand = g_rand_new_with_seed (20240501);
  guint n_advised = 0;

  for (guint game_no = 0; game_no < 12; game_no++)
    {
      g_autoptr(CvGame) game = new_game (game_no % 2 ? "Ina Sami Tom" : "Ina Sami");

      for (guint step = 0; step < 400 && !cv_game_is_finished (game); step++)
        {
          g_autoptr(GArray) legal = cv_game_legal_actions (game);
          g_autoptr(GArray) choices = cv_game_legal_choices (game);
          g_autoptr(CvOdds) odds = NULL;
          g_autoptr(GError) error = NULL;
          g_autoptr(JsonNode) json = NULL;
          CvPhase phase = cv_game_get_phase (game);

          /* The legality checked here does not depend on the value model: the points
           * model's tables (a second or so for each number of players and bonus lines
           * struck) only in the first games. */
          {
            CvOddsParams params;

            cv_odds_params_init (&params);
            if (game_no >= 4)
              params.value_model = CV_ODDS_VALUE_HEURISTIC;
            odds = cv_odds_compute_with (game, &params, &error);
          }
          g_assert_no_error (error);
          json = cv_odds_to_json (odds, game);
          g_assert_nonnull (json);

          if (phase == CV_PHASE_CHOOSE)
            {
              guint n_stops = 0;

              for (guint i = 0; i < cv_odds_get_n_options (odds); i++)
                {
                  const CvOddsOption *option = cv_odds_get_option (odds, i);

                  for (guint plan = 0; plan < CV_ODDS_N_PLANS; plan++)
                    assert_stats_sane (&option->stats[plan]);
                  if (option->kind != CV_ODDS_OPTION_STOP)
                    continue;
                  n_stops++;
                  if (!cv_game_check (game, &option->action, &error))
                    {
                      g_autofree char *text = cv_action_to_text (game, &option->action);
                      guint roller = cv_game_get_roller (game);

                      g_test_message ("refused %s: %s (rows %u %u %u %u, frozen %d %d %d %d)",
                                      text, error->message,
                                      cv_game_get_crosses (game, roller, 0), cv_game_get_crosses (game, roller, 1),
                                      cv_game_get_crosses (game, roller, 2), cv_game_get_crosses (game, roller, 3),
                                      cv_game_row_is_frozen (game, roller, 0), cv_game_row_is_frozen (game, roller, 1),
                                      cv_game_row_is_frozen (game, roller, 2), cv_game_row_is_frozen (game, roller, 3));
                    }
                  g_assert_no_error (error);
                }
              g_assert_cmpuint (n_stops, ==, choices->len);
              n_advised++;
            }
          else if (phase == CV_PHASE_OPPONENTS)
            {
              guint n_groups = 0;

              for (guint i = 0; i < cv_odds_get_n_opponents (odds); i++)
                {
                  const CvOddsOpponent *opponent = cv_odds_get_opponent (odds, i);

                  g_assert_true (cv_game_must_act (game, opponent->seat));
                  for (guint g = 0; g < opponent->n_groups; g++)
                    g_assert_true (cv_game_check (game, &opponent->groups[g].action, NULL));
                  n_groups += opponent->n_groups;
                }
              g_assert_cmpuint (n_groups, ==, choices->len);
              n_advised++;
            }

          g_assert_cmpuint (legal->len, >, 0);
          apply_ok (game, &g_array_index (legal, CvAction,
                                          g_rand_int_range (rand, 0, legal->len)));
        }
    }
  g_assert_cmpuint (n_advised, >, 100);
  g_rand_free (rand);
}


/* ---- The points model (issue 27 item 2, docs/assistant.md) ---- */

static CvOdds *
odds_with (const CvOddsSheet *sheet,
           const char        *dice,
           guint              rolls_left,
           guint              turns_left,
           int                n_opponents)
{
  CvOddsParams params;
  guint counts[CV_N_FACES] = { 0 };
  CvOdds *odds;

  cv_odds_params_init (&params);
  params.turns_left = turns_left;
  params.n_opponents = n_opponents;
  if (dice != NULL)
    counts_of (dice, counts);
  odds = cv_odds_compute_turn_with (sheet, counts, rolls_left, &params, NULL);
  g_assert_nonnull (odds);
  return odds;
}

/* The model's tables (cv-model.c, its own turn programme over sorted rows) against the
 * assistant's solver (cv-odds.c, over the real colours, itself checked by enumeration
 * above): the expected final total of a whole turn must be the same number. */
static void
test_model_turn_matches_solver (void)
{
  static const guint sheets[][CV_N_COLORS] = {
    { 0, 0, 0, 0 }, { 5, 2, 0, 7 }, { 10, 9, 3, 6 }, { 3, 3, 3, 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sheets); i++)
    for (int opponents = 0; opponents <= 2; opponents += 2)
      for (guint turns = 1; turns <= 3; turns++)
        {
          CvOddsSheet sheet;
          const CvModel *model;
          g_autoptr(CvOdds) odds = NULL;
          const CvOddsOption *roll;

          sheet_set (&sheet, sheets[i][0], sheets[i][1], sheets[i][2], sheets[i][3]);
          model = cv_model_get (opponents, &sheet);
          odds = odds_with (&sheet, NULL, CV_MAX_ROLLS, turns, opponents);
          roll = cv_odds_get_option (odds, 0);
          g_assert_cmpint (roll->kind, ==, CV_ODDS_OPTION_ROLL);
          g_assert_cmpfloat_with_epsilon (cv_odds_get_baseline (odds),
                                          cv_model_points_after_turn (model, &sheet, turns - 1), 1e-9);
          g_assert_cmpfloat_with_epsilon (roll->expected_points,
                                          cv_model_expected_points (model, &sheet, turns), 1e-9);
        }
}

/* The duties: "They now have to make crosses on their score sheet - whether they like it
 * or not" (rules en-a). After an own turn, each other player's turn forces a group of
 * the dice left, m dice with the model's chances: checked by plain enumeration of the
 * 5^m ordered duties, against the start of the next own turn. */
static void
test_model_duty_enumeration (void)
{
  static const guint sheets[][CV_N_COLORS] = { { 0, 0, 0, 0 }, { 10, 4, 9, 2 }, { 8, 8, 8, 8 } };

  for (guint i = 0; i < G_N_ELEMENTS (sheets); i++)
    {
      CvOddsSheet sheet;
      const CvModel *model;
      double p_none = 1.0, sum = 0.0;

      sheet_set (&sheet, sheets[i][0], sheets[i][1], sheets[i][2], sheets[i][3]);
      model = cv_model_get (1, &sheet);
      for (guint m = 1; m <= CV_MODEL_MAX_DUTY_DICE; m++)
        {
          guint n_orders = 1;
          double each;

          p_none -= cv_model_duty_chance (m);
          for (guint k = 0; k < m; k++)
            n_orders *= 5;
          each = cv_model_duty_chance (m) / n_orders;
          for (guint order = 0; order < n_orders; order++)
            {
              guint counts[5] = { 0 };
              double best = -G_MAXDOUBLE;

              for (guint k = 0, code = order; k < m; k++, code /= 5)
                counts[code % 5]++;
              /* a colour's dice, or the jokers as one colour; never a freeze */
              for (guint c = 0; c < CV_N_COLORS; c++)
                for (guint g = 0; g < 2; g++)
                  {
                    guint n = g == 0 ? counts[c] : counts[4];
                    CvOddsSheet after = sheet;

                    if (n == 0 || sheet.frozen[c] || sheet.crosses[c] >= CV_ROW_LENGTH)
                      continue;
                    cv_model_sheet_take (&after, c, n);
                    best = MAX (best, cv_model_expected_points (model, &after, 2));
                  }
              sum += each * (best == -G_MAXDOUBLE ? cv_model_expected_points (model, &sheet, 2) : best);
            }
        }
      sum += p_none * cv_model_expected_points (model, &sheet, 2);
      g_assert_cmpfloat_with_epsilon (cv_model_points_after_turn (model, &sheet, 2), sum, 1e-9);
    }
}

/* With no turn left the sheet scores as it stands ("Anyone who has their last cross in
 * the points zone … is allowed to score"); more own turns never lower the expectation
 * when nobody forces crosses; and the worth is in points: the final total of a sheet
 * one turn from the end, choosing by the table, is at least what it holds. */
static void
test_model_properties (void)
{
  CvOddsSheet sheet;
  const CvModel *model;

  sheet_set (&sheet, 7, 10, 2, 0);
  sheet.frozen[CV_FACE_ORANGE] = TRUE;
  model = cv_model_get (0, &sheet);
  /* frozen 5 + points zone 10 + start area 0 */
  g_assert_cmpint (cv_model_final_points (&sheet), ==, 15);
  g_assert_cmpfloat_with_epsilon (cv_model_expected_points (model, &sheet, 0), 15.0, 1e-12);
  /* A turn whose last roll must be marked can cost a little once the sheet is nearly
   * done ("you must use all dice of a colour"), never more than a twentieth of a point
   * (docs/assistant.md, "What the model leaves out"). */
  for (guint t = 1; t <= CV_MODEL_MAX_TURNS; t++)
    g_assert_cmpfloat (cv_model_expected_points (model, &sheet, t), >=,
                       cv_model_expected_points (model, &sheet, t - 1) - 0.05);

  /* An empty sheet, long game: the expectation grows with the turns, then levels off
   * once every row can be finished. */
  cv_odds_sheet_init (&sheet);
  model = cv_model_get (0, &sheet);
  for (guint t = 1; t <= CV_MODEL_MAX_TURNS; t++)
    g_assert_cmpfloat (cv_model_expected_points (model, &sheet, t), >=,
                       cv_model_expected_points (model, &sheet, t - 1) - 0.05);
  g_assert_cmpfloat (cv_model_expected_points (model, &sheet, CV_MODEL_MAX_TURNS), >, 30.0);

  /* Taking more crosses in a row of the start area is worth more, with turns to come. */
  {
    g_autoptr(CvOdds) odds = NULL;
    double last = -G_MAXDOUBLE;

    for (guint n = 1; n <= 5; n++)
      {
        char dice[7] = "";
        const CvOddsOption *take;

        for (guint k = 0; k < CV_N_DICE; k++)
          dice[k] = k < n ? 'O' : 'S';
        if (CV_N_DICE - n >= 3)
          for (guint k = n; k < CV_N_DICE; k++)
            dice[k] = k < n + 3 ? 'G' : 'S';
        g_clear_pointer (&odds, cv_odds_free);
        odds = odds_with (&sheet, dice, 0, 10, 1);
        for (guint o = 0; o < cv_odds_get_n_options (odds); o++)
          {
            take = cv_odds_get_option (odds, o);
            if (take->action.type == CV_ACTION_TAKE && take->action.color == CV_FACE_ORANGE)
              {
                g_assert_cmpfloat (take->value, >, last);
                last = take->value;
              }
          }
      }
  }
}

/* The Preferences value (the own turns left) reaches the advice: the answer counts the
 * turns set, says so, and with one turn left a row on its 10 with three jokers is
 * frozen rather than pushed on (the game ends: 10 points now or never). */
static void
test_turns_setting_reaches_advice (void)
{
  CvOddsSheet sheet;
  gboolean estimated = TRUE;

  sheet_set (&sheet, 10, 2, 2, 2);
  {
    g_autoptr(CvOdds) odds = odds_with (&sheet, "JJJGGS", 0, 5, -1);
    g_autofree char *outlook = cv_odds_describe_outlook (odds);

    g_assert_cmpuint (cv_odds_get_turns_left (odds, &estimated), ==, 5);
    g_assert_false (estimated);
    g_assert_nonnull (strstr (outlook, "with 5 own turns left (as set in Preferences)."));
  }
  {
    g_autoptr(CvOdds) odds = odds_with (&sheet, "JJJGGS", 0, 0, -1);

    g_assert_cmpuint (cv_odds_get_turns_left (odds, &estimated), ==, cv_model_estimate_sheet_turns (&sheet, 1));
    g_assert_true (estimated);
  }
  /* The estimate: an empty sheet is far from its end, a sheet with three rows frozen near it. */
  {
    CvOddsSheet done;

    cv_odds_sheet_init (&done);
    g_assert_cmpuint (cv_model_estimate_sheet_turns (&done, 1), >, 8);
    /* more players, more duties: the game ends sooner (docs/assistant.md) */
    g_assert_cmpuint (cv_model_estimate_sheet_turns (&done, 3), <, cv_model_estimate_sheet_turns (&done, 1));
    sheet_set (&done, 8, 9, 10, 6);
    done.frozen[0] = done.frozen[1] = done.frozen[2] = TRUE;
    g_assert_cmpuint (cv_model_estimate_sheet_turns (&done, 1), ==, 1);
  }
}

/* The words: "+3.2 points expected", a tie said as a tie with its points. */
static void
test_points_words (void)
{
  CvOddsSheet sheet;
  g_autoptr(CvOdds) odds = NULL;
  g_autofree char *advice = NULL;
  g_autofree char *worth = NULL;

  cv_odds_sheet_init (&sheet);
  odds = odds_for (&sheet, "OGPBSS", 0);
  advice = cv_odds_describe_recommendation (odds);
  worth = g_strdup_printf ("+%.1f points expected each).", cv_odds_get_option (odds, 0)->value);
  g_assert_true (g_str_has_prefix (advice, "Tie: take "));
  g_assert_true (g_str_has_suffix (advice, worth));
  g_assert_cmpfloat (cv_odds_get_option (odds, 0)->value, >, 0.0);
  g_assert_cmpfloat_with_epsilon (cv_odds_get_option (odds, 0)->expected_points,
                                  cv_odds_get_baseline (odds) + cv_odds_get_option (odds, 0)->value, 1e-12);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/calavera/odds/first-roll", test_first_roll);
  g_test_add_func ("/calavera/odds/pick-up-with-skulls", test_pick_up_with_skulls);
  g_test_add_func ("/calavera/odds/keep-values-brute-force", test_keep_values_brute_force);
  g_test_add_func ("/calavera/odds/value-model", test_value_model);
  g_test_add_func ("/calavera/odds/do-not-enter-death-zone", test_do_not_enter_death_zone);
  g_test_add_func ("/calavera/odds/freeze-the-ten", test_freeze_the_ten);
  g_test_add_func ("/calavera/odds/take-the-obvious", test_take_the_obvious);
  g_test_add_func ("/calavera/odds/stop-with-two-skulls", test_stop_with_two_skulls);
  g_test_add_func ("/calavera/odds/nothing-to-mark", test_nothing_to_mark);
  g_test_add_func ("/calavera/odds/refused-positions", test_refused_positions);
  g_test_add_func ("/calavera/odds/percent-words", test_percent_words);
  g_test_add_func ("/calavera/odds/describe-keep", test_describe_keep);
  g_test_add_func ("/calavera/odds/game-choices-match-rules", test_game_choices_match_rules);
  g_test_add_func ("/calavera/odds/game-opponents", test_game_opponents);
  g_test_add_func ("/calavera/odds/game-random-positions", test_game_random_positions);
  g_test_add_func ("/calavera/odds/advice-ties-and-stop", test_advice_ties_and_stop);
  g_test_add_func ("/calavera/odds/model-turn-matches-solver", test_model_turn_matches_solver);
  g_test_add_func ("/calavera/odds/model-duty-enumeration", test_model_duty_enumeration);
  g_test_add_func ("/calavera/odds/model-properties", test_model_properties);
  g_test_add_func ("/calavera/odds/turns-setting-reaches-advice", test_turns_setting_reaches_advice);
  g_test_add_func ("/calavera/odds/points-words", test_points_words);

  return g_test_run ();
}
