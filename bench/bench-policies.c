/* bench-policies.c — what following the Calavera assistant is worth at the table
 *
 * Issue 27 item 3, in part: two-player Calavera games played through the real engine
 * (rules, duties after skulls, bonus lines, the game's end), seat A by the policy under
 * test, seat B always by the greedy rule; dice rolled at random (fixed seed). Printed:
 * the mean and standard deviation of A's final points per policy, and how long one
 * advice takes (median, worst, CPU time).
 *
 *   (b) advice — today's assistant (cv_odds_compute(): the best option, for the roller
 *       and for an opponent's duty), the value model of docs/assistant.md;
 *   (c) greedy — take the biggest group that does not enter the death zone, never
 *       re-roll; as an opponent, the same.
 *
 * Policy (a) of the issue (the advice worth expected final points, item 2) is not built:
 * it is listed as such. Run: ./_build/bench/bench-policies [GAMES] (default 10000; each
 * advised game takes a few tens of milliseconds).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench-util.h"
#include "cv-odds.h"

#define MAX_TURNS 60   /* a game that has not ended by then is counted as it stands */
#define MAX_TIMES 200000

typedef enum { POLICY_ADVICE, POLICY_GREEDY } Policy;

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

static CvOdds *
timed_odds (const CvGame *game)
{
  gint64 start = bench_cpu_time_us ();
  CvOdds *odds = cv_odds_compute (game, NULL);

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

  odds = timed_odds (game);
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
                const Policy policies[2])
{
  for (guint seat = 0; seat < cv_game_get_n_players (game); seat++)
    {
      CvAction action;

      if (cv_game_get_phase (game) != CV_PHASE_OPPONENTS || !cv_game_must_act (game, seat))
        continue;
      action = greedy_choice (game, seat);
      if (policies[seat] == POLICY_ADVICE)
        {
          g_autoptr(CvOdds) odds = timed_odds (game);

          for (guint i = 0; odds != NULL && i < cv_odds_get_n_opponents (odds); i++)
            if (cv_odds_get_opponent (odds, i)->seat == seat)
              action = cv_odds_get_opponent (odds, i)->groups[0].action;
        }
      apply_or_die (game, &action);
    }
}

static int
play_game (Policy  policy,
           GRand  *rand)
{
  static const char *const names[] = { "A", "B" };
  const Policy policies[2] = { policy, POLICY_GREEDY };
  g_autoptr(CvGame) game = cv_game_new (names, 2, NULL);

  while (!cv_game_is_finished (game) && cv_game_get_turn_number (game) <= MAX_TURNS)
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
  return cv_game_get_total (game, 0);
}

int
main (int   argc,
      char *argv[])
{
  static const char *const labels[] = { "(b) today's advice", "(c) greedy" };
  guint n_games = argc > 1 ? (guint) atoi (argv[1]) : 10000;
  double mean[2] = { 0, 0 };

  printf ("Calavera, 2 players, seat A by the policy, seat B greedy; %u games each\n", n_games);
  printf ("(a) advice worth expected final points (issue 27 item 2): not built\n");
  for (guint p = 0; p < 2; p++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (27);
      double sum = 0, sum2 = 0;

      n_times = 0;
      for (guint g = 0; g < n_games; g++)
        {
          int points = play_game ((Policy) p, rand);

          sum += points;
          sum2 += (double) points * points;
        }
      mean[p] = sum / n_games;
      printf ("%-20s mean %6.2f points, sd %5.2f", labels[p], mean[p],
              sqrt (MAX (0.0, sum2 / n_games - mean[p] * mean[p])));
      if (n_times > 0)
        {
          qsort (times, n_times, sizeof times[0], bench_compare_times);
          printf ("; one advice: median %.2f ms, worst %.2f ms (%u)", times[n_times / 2] / 1000.0,
                  times[n_times - 1] / 1000.0, n_times);
        }
      printf ("\n");
    }
  printf ("margin of (b) over (c): %+.2f points\n", mean[0] - mean[1]);
  return 0;
}
