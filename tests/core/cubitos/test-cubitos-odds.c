/* test-cubitos-odds.c — the Cubitos turn assistant's odds of pushing are exact
 *
 * Issue 27 item 1: every figure (bust on this push and after one more, before and after
 * the abilities that ignore a bust; expected coins, steps, credits and swords if no bust;
 * danger, an empty ready area, the board limit, every number of active dice) is compared
 * with a plain enumeration of all face combinations of both rolls (cb_odds_enumerate:
 * 36ⁿ ordered outcomes, played die by die as the rulebook p. 8 says) — on random small
 * boards, on every push-or-pass state of the recorded races and of random legal games
 * (their ready areas cut down to at most 3 dice), and against closed forms.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "cb-test-util.h"
#include "cb-odds.h"

#define EPS 1e-12

static guint n_compared;

static void
assert_close (double a, double b, const char *what, CbOddsPlan plan)
{
  if (fabs (a - b) > EPS)
    g_error ("%s (plan %u): exact %.17g, enumeration %.17g", what, plan, a, b);
}

static void
compare_with_enumeration (const CbOddsInput *input)
{
  CbOddsFigures exact[CB_ODDS_N_PLANS], plain[CB_ODDS_N_PLANS];

  cb_odds_compute_input (input, exact);
  cb_odds_enumerate (input, plain);
  for (guint plan = 0; plan < CB_ODDS_N_PLANS; plan++)
    {
      const CbOddsFigures *e = &exact[plan], *p = &plain[plan];
      double total = e->p_bust;

      assert_close (e->p_bust, p->p_bust, "p_bust", plan);
      assert_close (e->p_bust_raw, p->p_bust_raw, "p_bust_raw", plan);
      for (guint g = 0; g < CB_ODDS_N_GAINS; g++)
        assert_close (e->gain[g], p->gain[g], "gain", plan);
      assert_close (e->p_danger, p->p_danger, "p_danger", plan);
      assert_close (e->p_empty, p->p_empty, "p_empty", plan);
      assert_close (e->p_limit, p->p_limit, "p_limit", plan);
      for (guint a = 0; a <= CB_ODDS_MAX_DICE; a++)
        {
          assert_close (e->p_active[a], p->p_active[a], "p_active", plan);
          total += e->p_active[a];
        }
      /* every outcome either busts or ends with some number of active dice */
      assert_close (total, 1.0, "total probability", plan);
      g_assert_cmpfloat (e->p_bust, <=, e->p_bust_raw + EPS);
      n_compared++;
    }
}

static void
random_input (GRand *rand, CbOddsInput *input, guint max_dice)
{
  guint n = (guint) g_rand_int_range (rand, 1, (gint32) max_dice + 1);
  static const double qs[] = { 0, 0, 1, 0.3, 0.9375 };

  memset (input, 0, sizeof *input);
  for (guint i = 0; i < n; i++)
    input->ready[g_rand_int_range (rand, 0, CB_N_KINDS)]++;
  input->active = (guint) g_rand_int_range (rand, 0, 6);
  /* p. 8: 3 active dice put a player in danger for the rest of the round */
  input->danger = input->active >= CB_DANGER_AT || g_rand_boolean (rand);
  input->safe = g_rand_int_range (rand, 0, 4) == 0;
  input->double_red = g_rand_boolean (rand);
  input->limit = (guint) g_rand_int_range (rand, 1, 12);
  input->p_ignore = qs[g_rand_int_range (rand, 0, G_N_ELEMENTS (qs))];
}

/* Random small boards of every kind of die, in and out of danger, safe or not, with and
 * without a bust-ignoring ability. */
static void
test_small_boards (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (27);
  guint n_boards = g_test_slow () ? 2000 : 300;

  for (guint i = 0; i < n_boards; i++)
    {
      CbOddsInput input;

      random_input (rand, &input, i % 50 == 0 ? 4 : 3);
      compare_with_enumeration (&input);
    }
  /* an empty ready area: nothing to push (p. 8 „musst du passen“) */
  {
    CbOddsInput input = { .active = 4, .danger = TRUE, .limit = 9 };
    CbOddsFigures f[CB_ODDS_N_PLANS];

    compare_with_enumeration (&input);
    cb_odds_compute_input (&input, f);
    g_assert_cmpfloat (f[CB_ODDS_PUSH].p_bust, ==, 0);
    g_assert_cmpfloat (f[CB_ODDS_PUSH].p_empty, ==, 1);
  }
}

/* Closed forms a table can check by hand (p. 8: light grey dice show 1 coin on 1 side). */
static void
test_closed_forms (void)
{
  CbOddsInput input = { .active = 3, .danger = TRUE, .limit = 9 };
  CbOddsFigures f[CB_ODDS_N_PLANS];
  double miss = pow (5.0 / 6.0, 6);

  input.ready[CB_KIND_LIGHT_GREY] = 6;
  cb_odds_compute_input (&input, f);
  /* in danger, six light grey dice bust when all six are blank */
  g_assert_cmpfloat_with_epsilon (f[CB_ODDS_PUSH].p_bust, miss, EPS);
  g_assert_cmpfloat_with_epsilon (f[CB_ODDS_PUSH].p_bust_raw, miss, EPS);
  /* if not: 6 × 1/6 coins on average, given at least one hit */
  g_assert_cmpfloat_with_epsilon (f[CB_ODDS_PUSH].gain[CB_ODDS_COINS], 1.0 / (1 - miss), EPS);
  g_assert_cmpfloat_with_epsilon (f[CB_ODDS_PUSH].gain[CB_ODDS_STEPS], 0, EPS);
  /* twice: each die hits within two rolls with 11/36; a bust is an all-blank roll */
  {
    double p2 = 0;
    /* h dice hit on roll 1 (h ≥ 1), then the 6 − h others must not all be blank */
    for (guint h = 1; h <= 6; h++)
      {
        double c = 1, ph;
        for (guint i = 1; i <= h; i++)
          c = c * (6 - h + i) / i;
        ph = c * pow (1.0 / 6, h) * pow (5.0 / 6, 6 - h);
        p2 += ph * (h == 6 ? 0 : pow (5.0 / 6, 6 - h));
      }
    g_assert_cmpfloat_with_epsilon (f[CB_ODDS_ONE_MORE].p_bust, miss + p2, EPS);
  }

  /* not in danger (2 active dice): a push cannot bust, whatever it shows */
  input.active = 2;
  input.danger = FALSE;
  cb_odds_compute_input (&input, f);
  g_assert_cmpfloat (f[CB_ODDS_PUSH].p_bust, ==, 0);
  /* … and it puts the player in danger with one hit or more */
  g_assert_cmpfloat_with_epsilon (f[CB_ODDS_PUSH].p_danger, 1 - miss, EPS);
  g_assert_cmpfloat_with_epsilon (cb_odds_p_active_at_least (&f[CB_ODDS_PUSH], 3), 1 - miss, EPS);

  /* Piña Cubelada: this roll cannot bust */
  input.active = 3;
  input.danger = TRUE;
  input.safe = TRUE;
  cb_odds_compute_input (&input, f);
  g_assert_cmpfloat (f[CB_ODDS_PUSH].p_bust, ==, 0);
  g_assert_cmpfloat (f[CB_ODDS_PUSH].p_bust_raw, ==, 0);
  g_assert_cmpfloat (f[CB_ODDS_ONE_MORE].p_bust, >, 0);

  /* Cubela Libre: the bust is ignored for certain, but it is still one before abilities */
  input.safe = FALSE;
  input.p_ignore = 1;
  cb_odds_compute_input (&input, f);
  g_assert_cmpfloat (f[CB_ODDS_PUSH].p_bust, ==, 0);
  g_assert_cmpfloat_with_epsilon (f[CB_ODDS_PUSH].p_bust_raw, miss, EPS);

  /* red special symbols counted as 2 swords: a red die brings 1 or 2 swords per hit */
  memset (&input, 0, sizeof input);
  input.limit = 9;
  input.ready[CB_KIND_RED] = 1;
  cb_odds_compute_input (&input, f);
  g_assert_cmpfloat_with_epsilon (f[CB_ODDS_PUSH].gain[CB_ODDS_SWORDS], 2.0 / 6, EPS);
  input.double_red = TRUE;
  cb_odds_compute_input (&input, f);
  g_assert_cmpfloat_with_epsilon (f[CB_ODDS_PUSH].gain[CB_ODDS_SWORDS], 3.0 / 6, EPS);
}

/* Checks the answer for every player deciding in @g, and compares the enumeration with
 * the ready area cut down to at most 3 dice. */
static void
check_state (const CbGame *g, GRand *rand)
{
  for (guint s = 0; s < cb_game_get_n_players (g); s++)
    {
      g_autoptr(CbOdds) odds = cb_odds_compute (g, s);
      CbOddsInput small;
      guint n = 0;

      if (cb_game_get_phase (g, s) != CB_PHASE_DECIDE)
        {
          g_assert_null (odds);
          continue;
        }
      g_assert_nonnull (odds);
      for (guint k = 0; k < CB_N_KINDS; k++)
        {
          g_assert_cmpuint (odds->input.ready[k], ==, cb_game_get_dice (g, s, CB_ZONE_READY, (CbKind) k));
          n += odds->input.ready[k];
        }
      g_assert_cmpuint (odds->input.active, ==, cb_game_count_zone (g, s, CB_ZONE_ACTIVE));
      g_assert_cmpint (odds->input.danger, ==, cb_game_in_danger (g, s));
      g_assert_cmpuint (odds->input.limit, ==, cb_game_get_limit (g, s));
      /* not in danger, no push can bust */
      if (!odds->input.danger)
        g_assert_cmpfloat (odds->plan[CB_ODDS_PUSH].p_bust_raw, ==, 0);

      small = odds->input;
      while (n > 3)
        {
          guint k = (guint) g_rand_int_range (rand, 0, CB_N_KINDS);
          if (small.ready[k] > 0)
            {
              small.ready[k]--;
              n--;
            }
        }
      /* the whole position when it is small enough, else a cut of it (at most 3 dice) */
      compare_with_enumeration (&small);
    }
}

static void
test_recorded_races (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2727);
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "core", "cubitos", "scripts", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint states = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *contents = NULL;
      g_auto(GStrv) lines = NULL;
      g_autoptr(CbGame) g = NULL;

      if (!g_str_has_suffix (name, ".jsonl"))
        continue;
      g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
      lines = g_strsplit (contents, "\n", -1);
      for (guint i = 0; lines[i] != NULL; i++)
        {
          g_autoptr(JsonParser) parser = json_parser_new ();
          g_autoptr(GError) error = NULL;
          JsonObject *o;

          if (*lines[i] == '\0' || *lines[i] == '#')
            continue;
          g_assert_true (json_parser_load_from_data (parser, lines[i], -1, &error));
          o = json_node_get_object (json_parser_get_root (parser));
          if (g == NULL)
            g = cb_game_new_from_json (o, &error);
          else
            g_assert_true (cb_game_apply_json (g, o, &error));
          g_assert_no_error (error);
          check_state (g, rand);
          states++;
        }
    }
  g_test_message ("%u states of the recorded races, %u comparisons", states, n_compared);
}

/* Random legal games (as test-cubitos-random plays them), every state checked. */
static void
test_random_games (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);
  static const char *const setups[] = {
    "{'game':'cubitos','players':['Jürgen','Zoë'],'race':2,'first':'Jürgen'}",
    "{'game':'cubitos','players':['Ina','O\\u0027Brien','Tom'],'race':3,'first':'Tom'}",
    "{'game':'cubitos','players':['Ina','Sami'],'race':6,'first':'Sami'}",
    "{'game':'cubitos','players':['Ina','Sami','Tom','Lu'],'race':4,'first':'Ina'}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (setups); i++)
    {
      g_autoptr(CbGame) g = new_game (setups[i]);

      for (guint step = 0; step < 400 && !cb_game_is_finished (g); step++)
        {
          g_autoptr(GPtrArray) legal = cb_game_legal_actions (g);
          g_autoptr(GError) error = NULL;

          g_assert_cmpuint (legal->len, >, 0);
          g_assert_true (cb_game_apply_text (g, legal->pdata[g_rand_int_range (rand, 0, (gint32) legal->len)], &error));
          g_assert_no_error (error);
          check_state (g, rand);
        }
    }
}

/* The abilities are read from the board: race 2's green card (Piña Cubelada) makes the
 * push safe, race 3's (Cubela Libre) ignores the bust for certain, race 6's
 * (Granatananas) with the chance that the player's grey dice show a hit. */
static CbGame *
green_game (guint race, const char *green_roll)
{
  g_autofree char *setup = g_strdup_printf ("{'game':'cubitos','players':['Ina','Sami'],'race':%u,'first':'Ina'}", race);
  g_autofree char *roll = g_strdup_printf ("{'player':'Ina','roll':%s}", green_roll);
  CbGame *g = new_game (setup);

  ok (g, "{'player':'Ina','refill':{'light_grey':7,'dark_grey':2}}");
  ok (g, "{'player':'Ina','roll':{'light_grey':{'coin':3},'top_dog':{'coin2':1}}}");
  ok (g, "{'player':'Ina','pass':true}");
  ok (g, "{'player':'Sami','refill':{'light_grey':7,'dark_grey':2}}");
  ok (g, "{'player':'Sami','roll':{'light_grey':{'coin':3},'dark_grey':{'coin':1}}}");
  ok (g, "{'player':'Sami','pass':true}");
  ok (g, "{'player':'Ina','collect':true}");
  ok (g, "{'player':'Sami','collect':true}");
  ok (g, "{'player':'Ina','announce':true}");
  ok (g, "{'player':'Sami','announce':true}");
  ok (g, "{'player':'Ina','move':0,'landed':{}}");
  ok (g, "{'player':'Ina','buy':'green','cost':2}");
  ok (g, "{'player':'Ina','rest':true}");
  ok (g, "{'player':'Sami','move':0,'landed':{}}");
  ok (g, "{'player':'Sami','rest':true}");
  ok (g, "{'player':'Ina','refill':{'light_grey':2,'green':1}}");
  ok (g, roll);
  g_assert_cmpint (cb_game_get_phase (g, 0), ==, CB_PHASE_DECIDE);
  return g;
}

static void
test_abilities_from_board (void)
{
  /* green team symbol and two coins: 3 active dice, in danger */
  const char *roll = "{'green':{'team':1},'light_grey':{'coin':2}}";

  {
    g_autoptr(CbGame) g = green_game (2, roll);
    g_autoptr(CbOdds) odds = cb_odds_compute (g, 0);
    g_autofree char *text = NULL;

    g_assert_true (odds->input.danger);
    g_assert_cmpint (odds->safe_card, ==, cb_card_lookup ("pina-cubelada"));
    g_assert_true (odds->input.safe);
    g_assert_cmpfloat (odds->plan[CB_ODDS_PUSH].p_bust, ==, 0);
    text = cb_odds_describe (odds, CB_ODDS_PUSH);
    g_assert_nonnull (strstr (text, cb_card_get_name (odds->safe_card)));
  }
  {
    g_autoptr(CbGame) g = green_game (3, roll);
    g_autoptr(CbOdds) odds = cb_odds_compute (g, 0);

    g_assert_cmpint (odds->ignore_card[0], ==, cb_card_lookup ("keep-on-rollin"));
    g_assert_cmpfloat (odds->input.p_ignore, ==, 1);
    g_assert_false (odds->input.safe);
    g_assert_cmpfloat (odds->plan[CB_ODDS_PUSH].p_bust, ==, 0);
    g_assert_cmpfloat (odds->plan[CB_ODDS_PUSH].p_bust_raw, >, 0);
  }
  {
    g_autoptr(CbGame) g = green_game (6, roll);
    g_autoptr(CbOdds) odds = cb_odds_compute (g, 0);
    guint lg = 0, dg = 0;

    for (guint z = 0; z < CB_N_ZONES; z++)
      {
        lg += cb_game_get_dice (g, 0, (CbZone) z, CB_KIND_LIGHT_GREY);
        dg += cb_game_get_dice (g, 0, (CbZone) z, CB_KIND_DARK_GREY);
      }
    g_assert_cmpint (odds->ignore_card[0], ==, cb_card_lookup ("rolling-stoned"));
    g_assert_cmpfloat_with_epsilon (odds->input.p_ignore,
                                    1 - pow (5.0 / 6, lg) * pow (4.0 / 6, dg), EPS);
    g_assert_cmpfloat_with_epsilon (odds->plan[CB_ODDS_PUSH].p_bust,
                                    odds->plan[CB_ODDS_PUSH].p_bust_raw * (1 - odds->input.p_ignore), EPS);
  }
}

/* Race 1's green card (Einer geht noch: "when you push, before the roll: put this die into
 * your ready area") lets the green die be rolled again: the odds with it put back first
 * are the plain odds of one more green die in the ready area and one active die less. */
static void
test_reroll_from_board (void)
{
  g_autoptr(CbGame) g = green_game (1, "{'green':{'team':1},'light_grey':{'coin':2}}");
  g_autoptr(CbOdds) odds = cb_odds_compute (g, 0);
  g_autofree char *text = NULL;
  CbOddsInput put_back;
  CbOddsFigures expected[CB_ODDS_N_PLANS];

  g_assert_cmpint (odds->reroll_card, ==, cb_card_lookup ("rock-on"));
  g_assert_cmpuint (odds->reroll_dice, ==, 1);
  put_back = odds->input;
  put_back.active--;
  put_back.ready[CB_KIND_GREEN]++;
  cb_odds_compute_input (&put_back, expected);
  g_assert_cmpfloat_with_epsilon (odds->with_reroll[CB_ODDS_PUSH].p_bust, expected[CB_ODDS_PUSH].p_bust, EPS);
  /* one more die rolled, still in danger: a smaller bust chance */
  g_assert_cmpfloat (odds->with_reroll[CB_ODDS_PUSH].p_bust, <, odds->plan[CB_ODDS_PUSH].p_bust);
  text = cb_odds_describe (odds, CB_ODDS_PUSH);
  g_assert_nonnull (strstr (text, cb_card_get_name (odds->reroll_card)));
}

/* The table's sentence (issue 27: "Push: 31 % bust — if not, about +2 coins"). */
static void
test_sentence (void)
{
  CbOdds odds = { 0 };
  g_autofree char *text = NULL;

  odds.safe_card = odds.ignore_card[0] = odds.ignore_card[1] = -1;
  odds.input.ready[CB_KIND_LIGHT_GREY] = 6;
  odds.input.ready[CB_KIND_BROWN] = 3;
  odds.input.active = 3;
  odds.input.danger = TRUE;
  odds.input.limit = 9;
  cb_odds_compute_input (&odds.input, odds.plan);
  text = cb_odds_describe (&odds, CB_ODDS_PUSH);
  /* (5/6)^6 (4/6)^3 = 9.8 %; coins if not: (1 + 3 × 0.5) / 0.902 = 2.8 */
  g_assert_cmpstr (text, ==, "Push: 10\u00a0% bust — if not, about +3 coins");

  /* not in danger (2 active dice): no push can bust, and the sentence says so rather
   * than "0 %" (p. 8: a bust needs danger) */
  g_clear_pointer (&text, g_free);
  odds.input.active = 2;
  odds.input.danger = FALSE;
  cb_odds_compute_input (&odds.input, odds.plan);
  text = cb_odds_describe (&odds, CB_ODDS_PUSH);
  g_assert_cmpstr (text, ==, "Push: no risk of a bust — about +3 coins");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cubitos/odds/small-boards", test_small_boards);
  g_test_add_func ("/cubitos/odds/closed-forms", test_closed_forms);
  g_test_add_func ("/cubitos/odds/recorded-races", test_recorded_races);
  g_test_add_func ("/cubitos/odds/random-games", test_random_games);
  g_test_add_func ("/cubitos/odds/abilities", test_abilities_from_board);
  g_test_add_func ("/cubitos/odds/reroll", test_reroll_from_board);
  g_test_add_func ("/cubitos/odds/sentence", test_sentence);
  return g_test_run ();
}
