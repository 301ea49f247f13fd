/* bench-policies.c — what following the Calavera assistant is worth at the table
 *
 * Issue 27 item 3. Three policies:
 *
 *   (a) points — the assistant (cv_odds_compute_with(), CV_ODDS_VALUE_POINTS): each
 *       choice worth the expected final points of the model in docs/assistant.md;
 *   (b) sheet worth — the first assistant's hand-made value model, kept as
 *       CV_ODDS_VALUE_HEURISTIC;
 *   (c) greedy — take the biggest group that does not enter the death zone, never re-roll.
 *
 * Solitaire (the figure): 10,000 games of one sheet over a fixed number of own
 * turns; between two own turns, each of the other players' turns brings a duty of m dice
 * (m = 1 … 4, uniform faces) with the chances of the model (cv_model_duty_chance()), which
 * the policy marks its own way. Printed: mean and spread of the final points, the margin of
 * (a) over the best other, what the model predicts for (a), and the CPU time of one
 * advice (median, worst; the tables built once before, timed apart).
 *
 * Two players (--two-player N): games through the real engine (rules, duties after skulls,
 * bonus lines, the game's end; at most 60 turns), seat A by the policy, seat B greedy.
 *
 * Calibration (--calibrate N [PLAYERS]): N games through the engine (2 players unless
 * said), every seat by policy (b); prints the chance of a duty of m dice per turn of the other player and the
 * mean number of own turns per game (docs/assistant.md, where the model's numbers come from).
 *
 * Run: ./_build/bench/bench-policies [GAMES [TURNS [OPPONENTS]]] (10000, 12, 1)
 *      ./_build/bench/bench-policies --two-player 1000
 *      ./_build/bench/bench-policies --calibrate 3000 [PLAYERS]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-util.h"
#include "cv-odds.h"

#define MAX_TURNS 60   /* a game that has not ended by then is counted as it stands */
#define MAX_TIMES 200000

typedef enum { POLICY_POINTS, POLICY_HEURISTIC, POLICY_GREEDY, N_POLICIES } Policy;

static const char *const policy_labels[N_POLICIES] = {
  "(a) points advice", "(b) sheet worth", "(c) greedy",
};

static gint64 times[MAX_TIMES];
static guint n_times;

static CvFace
random_face (GRand *rand)
{
  return (CvFace) g_rand_int_range (rand, 0, CV_N_FACES);
}

static void
apply_or_die (CvGame         *game,
              const CvAction *action)
{
  g_autoptr(GError) error = NULL;

  if (!cv_game_apply (game, action, &error))
    {
      fprintf (stderr, "bench-policies: %s\n", error->message);
      exit (1);
    }
}

/* The biggest group of @seat that does not enter the death zone (a death-zone group only
 * when nothing else is legal); PASS when nothing can be marked. */
static CvAction
greedy_choice (const CvGame *game,
               guint         seat)
{
  g_autoptr(GArray) legal = cv_game_legal_choices (game);
  CvAction best = { 0, };
  double best_score = -G_MAXDOUBLE;

  for (guint i = 0; i < legal->len; i++)
    {
      const CvAction *a = &g_array_index (legal, CvAction, i);
      CvPreview preview;
      double score;

      if (a->player != (int) seat)
        continue;
      if (a->type == CV_ACTION_PASS)
        score = -1000;
      else if (a->type == CV_ACTION_FREEZE)
        score = -500;   /* greedy takes; it freezes only when nothing else is legal */
      else if (!cv_game_preview (game, a, &preview, NULL))
        continue;
      else
        score = (double) (preview.crosses_after - preview.crosses_before) -
                (preview.reaches_death_zone ? 100 : 0);
      if (score > best_score)
        {
          best_score = score;
          best = *a;
        }
    }
  if (best_score == -G_MAXDOUBLE)
    {
      fprintf (stderr, "bench-policies: no choice for seat %u (phase %d, %u legal:", seat,
               cv_game_get_phase (game), legal->len);
      for (guint i = 0; i < legal->len; i++)
        fprintf (stderr, " %d/%d", g_array_index (legal, CvAction, i).type, g_array_index (legal, CvAction, i).player);
      fprintf (stderr, ")\n");
      exit (1);
    }
  return best;
}

static void
params_for (Policy        policy,
            CvOddsParams *params)
{
  cv_odds_params_init (params);
  params->value_model = policy == POLICY_HEURISTIC ? CV_ODDS_VALUE_HEURISTIC : CV_ODDS_VALUE_POINTS;
}

static CvOdds *
timed_odds (const CvGame *game,
            Policy        policy)
{
  CvOddsParams params;
  gint64 start;
  CvOdds *odds;

  params_for (policy, &params);
  /* the tables are built once per process: not part of one advice */
  if (!cv_odds_is_ready (game, &params))
    {
      g_autoptr(CvOdds) warm = cv_odds_compute_with (game, &params, NULL);
    }
  start = bench_cpu_time_us ();
  odds = cv_odds_compute_with (game, &params, NULL);

  if (n_times < MAX_TIMES)
    times[n_times++] = bench_cpu_time_us () - start;
  return odds;
}

/* Nothing can be marked yet but a roll is left: the rules make the roller roll on; every
 * die that is not a skull is picked up. */
static gboolean
must_roll_on (CvGame *game,
              GRand  *rand)
{
  g_autoptr(GArray) legal = cv_game_legal_choices (game);
  CvFace picked[CV_N_DICE], result[CV_N_DICE];
  CvAction action;
  guint n = 0;

  if (legal->len > 0 || !cv_game_can_reroll (game))
    return FALSE;
  for (guint i = 0; i < CV_N_DICE; i++)
    if (cv_game_die_is_available (game, i) && cv_game_get_die (game, i) != CV_FACE_SKULL)
      {
        picked[n] = cv_game_get_die (game, i);
        result[n] = random_face (rand);
        n++;
      }
  cv_action_init_reroll (&action, (int) cv_game_get_roller (game), n, picked, result);
  apply_or_die (game, &action);
  return TRUE;
}

static void
roller_moves (CvGame *game,
              Policy  policy,
              GRand  *rand)
{
  guint seat = cv_game_get_roller (game);
  g_autoptr(CvOdds) odds = NULL;
  const CvOddsOption *best;
  CvAction action;

  if (must_roll_on (game, rand))
    return;
  if (policy == POLICY_GREEDY)
    {
      action = greedy_choice (game, seat);
      apply_or_die (game, &action);
      return;
    }

  odds = timed_odds (game, policy);
  if (odds == NULL || cv_odds_get_n_options (odds) == 0)
    {
      action = greedy_choice (game, seat);
      apply_or_die (game, &action);
      return;
    }
  best = cv_odds_get_option (odds, 0);
  if (best->kind == CV_ODDS_OPTION_REROLL)
    {
      CvFace picked[CV_N_DICE], result[CV_N_DICE];
      guint n = 0;

      for (guint f = 0; f < CV_N_FACES; f++)
        for (guint i = 0; i < best->pick_up[f]; i++)
          {
            picked[n] = (CvFace) f;
            result[n] = random_face (rand);
            n++;
          }
      cv_action_init_reroll (&action, (int) seat, n, picked, result);
    }
  else
    action = best->action;
  apply_or_die (game, &action);
}

/* After skulls, every opponent who must mark, by their own policy. */
static void
opponents_mark (CvGame      *game,
                const Policy policies[CV_MAX_PLAYERS])
{
  for (guint seat = 0; seat < cv_game_get_n_players (game); seat++)
    {
      CvAction action;

      if (cv_game_get_phase (game) != CV_PHASE_OPPONENTS || !cv_game_must_act (game, seat))
        continue;
      action = greedy_choice (game, seat);
      if (policies[seat] != POLICY_GREEDY)
        {
          g_autoptr(CvOdds) odds = timed_odds (game, policies[seat]);

          for (guint i = 0; odds != NULL && i < cv_odds_get_n_opponents (odds); i++)
            if (cv_odds_get_opponent (odds, i)->seat == seat)
              action = cv_odds_get_opponent (odds, i)->groups[0].action;
        }
      apply_or_die (game, &action);
    }
}

typedef struct
{
  guint64 other_turns;                            /* turns of seat B */
  guint64 duties[CV_MODEL_MAX_DUTY_DICE + 2];     /* … with m dice left to A (last: more) */
  guint64 own_turns;                              /* turns of seat A */
  guint64 games;
} Calibration;

static int
play_game (Policy       policy_a,
           Policy       policy_b,
           guint        n_players,
           GRand       *rand,
           Calibration *cal)
{
  static const char *const names[] = { "A", "B", "C", "D" };
  const Policy policies[CV_MAX_PLAYERS] = { policy_a, policy_b, policy_b, policy_b };
  g_autoptr(CvGame) game = cv_game_new (names, n_players, NULL);
  guint last_turn = 0;

  while (!cv_game_is_finished (game) && cv_game_get_turn_number (game) <= MAX_TURNS)
    {
      if (cal != NULL && cv_game_get_turn_number (game) != last_turn)
        {
          last_turn = cv_game_get_turn_number (game);
          if (cv_game_get_roller (game) == 0)
            cal->own_turns++;
          else
            cal->other_turns++;
        }
      if (cal != NULL && cv_game_get_phase (game) == CV_PHASE_OPPONENTS && cv_game_get_roller (game) != 0 &&
          cv_game_must_act (game, 0))
        {
          guint m = 0;

          for (guint f = 0; f < CV_FACE_SKULL; f++)
            m += cv_game_count_faces (game, (CvFace) f, TRUE);
          cal->duties[MIN (m, CV_MODEL_MAX_DUTY_DICE + 1)]++;
        }
    switch (cv_game_get_phase (game))
      {
      case CV_PHASE_ROLL:
        {
          CvFace faces[CV_N_DICE];
          CvAction roll;

          for (guint i = 0; i < CV_N_DICE; i++)
            faces[i] = random_face (rand);
          cv_action_init_roll (&roll, -1, faces);
          apply_or_die (game, &roll);
        }
        break;
      case CV_PHASE_CHOOSE:
        roller_moves (game, policies[cv_game_get_roller (game)], rand);
        break;
      case CV_PHASE_OPPONENTS:
        opponents_mark (game, policies);
        break;
      case CV_PHASE_FINISHED:
      default:
        break;
      }
    }
  if (cal != NULL)
    cal->games++;
  return cv_game_get_total (game, 0);
}

/* ---- Solitaire: one sheet, a fixed number of own turns, duties as in the model ---- */

typedef struct
{
  guint counts[CV_N_FACES];
} Dice;

static void
roll_dice (GRand *rand,
           guint  n,
           guint *counts)
{
  for (guint i = 0; i < n; i++)
    counts[random_face (rand)]++;
}

/* Takes @n crosses in @color on @sheet if legal. */
static gboolean
can_take (const CvOddsSheet *sheet,
          guint              color,
          guint              n)
{
  return n > 0 && !sheet->frozen[color] && sheet->crosses[color] < CV_ROW_LENGTH;
}

/* The greedy group among @counts (colours 0 … 3, jokers at CV_FACE_JOKER): the most
 * crosses that do not reach the death zone, else the fewest that do; -1 when nothing.
 * Sets *color and *n. */
static gboolean
greedy_group (const CvOddsSheet *sheet,
              const guint       *counts,
              guint             *color,
              guint             *n)
{
  double best = -G_MAXDOUBLE;

  for (guint c = 0; c < CV_N_COLORS; c++)
    for (guint g = 0; g < 2; g++)
      {
        guint k = g == 0 ? counts[c] : counts[CV_FACE_JOKER];
        guint after;
        double score;

        if (!can_take (sheet, c, k))
          continue;
        after = MIN (sheet->crosses[c] + k, CV_ROW_LENGTH);
        score = (double) (after - sheet->crosses[c]) -
                (cv_sheet_get_box (after - 1)->zone == CV_ZONE_DEATH ? 100 : 0);
        if (score > best)
          {
            best = score;
            *color = c;
            *n = k;
          }
      }
  return best != -G_MAXDOUBLE;
}

/* A duty of the dice in @counts: the policy's group (the rules: a colour's dice or the
 * jokers as one colour, never a freeze), or nothing when nothing can be marked. */
static void
solitaire_duty (Policy             policy,
                CvOddsSheet       *sheet,
                const guint       *counts,
                const CvModel     *model,
                guint              turns_left)
{
  double best = -G_MAXDOUBLE;
  guint color = 0, n = 0;

  if (policy == POLICY_GREEDY)
    {
      if (greedy_group (sheet, counts, &color, &n))
        cv_model_sheet_take (sheet, color, n);
      return;
    }
  for (guint c = 0; c < CV_N_COLORS; c++)
    for (guint g = 0; g < 2; g++)
      {
        guint k = g == 0 ? counts[c] : counts[CV_FACE_JOKER];
        double value;

        if (!can_take (sheet, c, k))
          continue;
        if (policy == POLICY_HEURISTIC)
          value = cv_odds_value_take (sheet, c, k);
        else
          {
            CvOddsSheet after = *sheet;

            cv_model_sheet_take (&after, c, k);
            value = cv_model_expected_points (model, &after, turns_left);
          }
        if (value > best)
          {
            best = value;
            color = c;
            n = k;
          }
      }
  if (best != -G_MAXDOUBLE)
    cv_model_sheet_take (sheet, color, n);
}

/* One own turn of @policy on @sheet with @turns_left own turns (this one included). */
static void
solitaire_turn (Policy       policy,
                CvOddsSheet *sheet,
                guint        turns_left,
                guint        n_opponents,
                GRand       *rand)
{
  guint dice[CV_N_FACES] = { 0 };
  guint rolls_left = CV_MAX_ROLLS - 1;

  roll_dice (rand, CV_N_DICE, dice);
  for (;;)
    {
      if (dice[CV_FACE_SKULL] >= 3)
        return;   /* the curse: nothing marked */

      if (policy == POLICY_GREEDY)
        {
          guint color = 0, n = 0;

          if (greedy_group (sheet, dice, &color, &n))
            {
              cv_model_sheet_take (sheet, color, n);
              return;
            }
          if (rolls_left == 0)
            return;
          /* nothing to mark: the rules make the roller roll on (every die but skulls) */
          {
            guint keep = dice[CV_FACE_SKULL];

            memset (dice, 0, sizeof dice);
            dice[CV_FACE_SKULL] = keep;
            roll_dice (rand, CV_N_DICE - keep, dice);
            rolls_left--;
            continue;
          }
        }

      {
        CvOddsParams params;
        g_autoptr(CvOdds) odds = NULL;
        const CvOddsOption *best;
        gint64 start;

        params_for (policy, &params);
        params.turns_left = turns_left;
        params.n_opponents = (int) n_opponents;
        start = bench_cpu_time_us ();
        odds = cv_odds_compute_turn_with (sheet, dice, rolls_left, &params, NULL);
        if (policy == POLICY_POINTS && n_times < MAX_TIMES)
          times[n_times++] = bench_cpu_time_us () - start;
        if (odds == NULL || cv_odds_get_n_options (odds) == 0)
          return;
        best = cv_odds_get_option (odds, 0);
        if (best->kind == CV_ODDS_OPTION_STOP)
          {
            if (best->action.type == CV_ACTION_FREEZE)
              cv_model_sheet_freeze (sheet, best->action.color);
            else if (best->action.type == CV_ACTION_TAKE)
              cv_model_sheet_take (sheet, best->action.color, dice[best->action.color]);
            else if (best->action.type == CV_ACTION_TAKE_JOKERS)
              cv_model_sheet_take (sheet, best->action.color, dice[CV_FACE_JOKER]);
            return;
          }
        for (guint f = 0; f < CV_FACE_SKULL; f++)
          dice[f] -= best->pick_up[f];
        roll_dice (rand, best->n_pick_up, dice);
        rolls_left--;
      }
    }
}

static int
solitaire_game (Policy  policy,
                guint   turns,
                guint   n_opponents,
                GRand  *rand)
{
  CvOddsSheet sheet;
  const CvModel *model;

  cv_odds_sheet_init (&sheet);
  model = cv_model_get (n_opponents, &sheet);
  for (guint t = turns; t >= 1; t--)
    {
      gboolean all_frozen = TRUE;

      for (guint c = 0; c < CV_N_COLORS; c++)
        all_frozen = all_frozen && sheet.frozen[c];
      if (all_frozen)
        break;   /* the fourth frozen row ends the game */
      solitaire_turn (policy, &sheet, t, n_opponents, rand);
      if (t == 1)
        break;
      for (guint o = 0; o < n_opponents; o++)
        {
          double r = g_rand_double (rand);
          guint m = 0;

          for (guint k = 1; k <= CV_MODEL_MAX_DUTY_DICE && m == 0; k++)
            {
              if (r < cv_model_duty_chance (k))
                m = k;
              r -= cv_model_duty_chance (k);
            }
          if (m > 0)
            {
              guint counts[CV_N_FACES] = { 0 };

              /* m faces drawn from the four colours and the joker */
              for (guint i = 0; i < m; i++)
                counts[g_rand_int_range (rand, 0, CV_N_COLORS + 1)]++;
              solitaire_duty (policy, &sheet, counts, model, t - 1);
            }
        }
    }
  return cv_model_final_points (&sheet);
}

static void
print_times (void)
{
  if (n_times == 0)
    return;
  qsort (times, n_times, sizeof times[0], bench_compare_times);
  printf ("; one advice: median %.2f ms, worst %.2f ms (%u)", times[n_times / 2] / 1000.0,
          times[n_times - 1] / 1000.0, n_times);
}

static void
run_solitaire (guint n_games,
               guint turns,
               guint n_opponents)
{
  double mean[N_POLICIES];
  CvOddsSheet empty;
  gint64 start;
  double predicted;

  cv_odds_sheet_init (&empty);
  start = bench_cpu_time_us ();
  predicted = cv_model_expected_points (cv_model_get (n_opponents, &empty), &empty, turns);
  printf ("Calavera solitaire: %u games each, %u own turns, %u other player(s) bringing duties\n",
          n_games, turns, n_opponents);
  printf ("model tables built in %.2f s CPU (once per process)\n", (bench_cpu_time_us () - start) / 1e6);

  for (guint p = 0; p < N_POLICIES; p++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (27);
      double sum = 0, sum2 = 0, sd;

      n_times = 0;
      for (guint g = 0; g < n_games; g++)
        {
          int points = solitaire_game ((Policy) p, turns, n_opponents, rand);

          sum += points;
          sum2 += (double) points * points;
        }
      mean[p] = sum / n_games;
      sd = sqrt (MAX (0.0, sum2 / n_games - mean[p] * mean[p]));
      printf ("%-20s mean %6.2f points, sd %5.2f (± %.2f)", policy_labels[p], mean[p], sd, sd / sqrt (n_games));
      if (p == POLICY_POINTS)
        print_times ();
      printf ("\n");
    }
  printf ("the model predicts %.2f points for (a)\n", predicted);
  printf ("margin of (a) over the best other: %+.2f points\n",
          mean[POLICY_POINTS] - MAX (mean[POLICY_HEURISTIC], mean[POLICY_GREEDY]));
}

static void
run_two_player (guint n_games)
{
  double mean[N_POLICIES];

  printf ("Calavera, 2 players through the engine, seat A by the policy, seat B greedy; %u games each\n", n_games);
  for (guint p = 0; p < N_POLICIES; p++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (27);
      double sum = 0, sum2 = 0;
      Calibration cal = { 0, };
      double duty = 0;

      n_times = 0;
      for (guint g = 0; g < n_games; g++)
        {
          int points = play_game ((Policy) p, POLICY_GREEDY, 2, rand, &cal);

          sum += points;
          sum2 += (double) points * points;
        }
      mean[p] = sum / n_games;
      for (guint m = 1; m <= CV_MODEL_MAX_DUTY_DICE + 1; m++)
        duty += (double) cal.duties[m] / cal.other_turns;
      printf ("%-20s mean %6.2f points, sd %5.2f; %.1f own turns a game, a duty on %.0f %% of B's turns",
              policy_labels[p], mean[p], sqrt (MAX (0.0, sum2 / n_games - mean[p] * mean[p])),
              (double) cal.own_turns / cal.games, 100.0 * duty);
      print_times ();
      printf ("\n");
    }
  printf ("margin of (a) over the best other: %+.2f points\n",
          mean[POLICY_POINTS] - MAX (mean[POLICY_HEURISTIC], mean[POLICY_GREEDY]));
}

static void
run_calibration (guint n_games,
                 guint n_players)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (27);
  Calibration cal = { 0, };

  for (guint g = 0; g < n_games; g++)
    play_game (POLICY_HEURISTIC, POLICY_HEURISTIC, n_players, rand, &cal);
  printf ("calibration: %" G_GUINT64_FORMAT " games of %u players, every seat by (b)\n", cal.games, n_players);
  printf ("own turns of seat A per game: %.2f\n", (double) cal.own_turns / cal.games);
  for (guint m = 1; m <= CV_MODEL_MAX_DUTY_DICE + 1; m++)
    printf ("duty of %u%s dice per turn of another seat: %.4f\n", m, m > CV_MODEL_MAX_DUTY_DICE ? "+" : "",
            (double) cal.duties[m] / cal.other_turns);
}

int
main (int   argc,
      char *argv[])
{
  if (argc > 2 && g_strcmp0 (argv[1], "--calibrate") == 0)
    run_calibration ((guint) atoi (argv[2]), argc > 3 ? CLAMP ((guint) atoi (argv[3]), 2, CV_MAX_PLAYERS) : 2);
  else if (argc > 2 && g_strcmp0 (argv[1], "--two-player") == 0)
    run_two_player ((guint) atoi (argv[2]));
  else
    run_solitaire (argc > 1 ? (guint) atoi (argv[1]) : 10000,
                   argc > 2 ? (guint) atoi (argv[2]) : 12,
                   argc > 3 ? (guint) atoi (argv[3]) : 1);
  return 0;
}
