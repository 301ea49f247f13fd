/* bench-cubitos-inputs.c — inputs per player-round of whole 3-player Cubitos races, as
 * a person counts them
 *
 * Issue 25 item 2: "bench-cubitos-inputs counts a Tab for every field passed, a click
 * (plus a scroll when the target is outside the visible area at the window size)
 * wherever the keyboard is not already on the target; runs at 1280×800 and 360×720, on
 * the golden race and on a second race with a bust, a told cost in every round and three
 * card abilities; prints per-phase and total figures. Target ≤ 10 per player-round at
 * 1280×800, ≤ 12 at 360×720."
 *
 * Plays the races of tests/ui/cubitos/test-cubitos-keyboard.c by the keyboard contract
 * (docs/keyboard.md, tests/ui/cubitos/cb-keyboard-race.h): every key is one input (face
 * letters and digits of a roll, a choice's underlined letter, Enter, each Tab), a click
 * where the keyboard is not on the board that must act, a scroll where the focused
 * widget is out of view. Issue 25 measured 16.3 inputs per player-round for a new user
 * and 9.8 by the old count (Tabs to zero fields, clicks and scrolls not counted).
 * Players Jürgen, Zoë and O'Brien (DICEPAD_TEST_NAMES, cb-ui-test-names.h, unless set).
 * Measured 26 Nov 2026: golden race 7.67 at both sizes (was 9.42); busy race (1 bust,
 * 8 costs told in 9 rounds, 3 cards' abilities) 9.96 at both sizes, also in German at
 * 360×720 (docs/keyboard.md has the phases). Before: the busy race aborted at step 37
 * (the red card's form was never used) and measured 19.1 earlier.
 * Needs a display and the build's schemas:
 *   GSETTINGS_SCHEMA_DIR=_build/data GSETTINGS_BACKEND=memory GSK_RENDERER=cairo \
 *     xvfb-run -a -s "-screen 0 1400x1024x24" ./_build/bench/bench-cubitos-inputs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dp-ui-test-util.h"
#include "dp-application.h"
#include "cb-ui-test-names.h"
#include "cb-keyboard-race.h"

static const DpUiFixtureConfig ui_config = { "dicepad-bench-inputs-XXXXXX", "CubitosInputsBench" };

typedef struct
{
  const char *name;
  int         width, height;
  KrPolicy    policy;
  guint       seed;
  double      target;
} Run;

/* The seeds of test-cubitos-keyboard.c. */
static const Run runs[] = {
  { "golden race", 1280, 800, KR_GOLDEN, 15, 10 },
  { "golden race", 360, 720, KR_GOLDEN, 15, 12 },
  { "busy race", 1280, 800, KR_BUSY, KR_BUSY_SEED, 10 },
  { "busy race", 360, 720, KR_BUSY, KR_BUSY_SEED, 12 },
};

static void
run (gconstpointer data)
{
  const Run *r = data;
  DpUiFixture f = { 0, };
  KrConfig config = { r->policy, r->seed, FALSE };
  CbKeyboardRace race;
  double per;

  dp_ui_fixture_setup (&f, &ui_config);
  dp_ui_fixture_reopen_window_at (&f, r->width, r->height);
  kr_play_race (&f, &config, &race);
  per = (double) race.inputs / race.player_rounds;
  g_print ("Cubitos %s at %d×%d, 3 players, by the keyboard contract: %u entries (%u by Dicepad itself), "
           "%u rounds, %u player-rounds, %u busts, %u costs told, %u card abilities of %u cards\n",
           r->name, r->width, r->height, race.actions, race.forced, race.rounds, race.player_rounds,
           race.busts, race.told_costs, race.abilities, race.cards_used);
  for (guint p = 0; p <= CB_PHASE_OUT; p++)
    if (race.by_phase[p] > 0)
      g_print ("  %-14s %5.2f inputs per player-round\n", cb_phase_to_string (p),
               (double) race.by_phase[p] / race.player_rounds);
  g_print ("  total          %5.2f inputs per player-round (%u Tabs, %u clicks, %u scrolls; target <= %.0f)%s\n",
           per, race.tabs, race.clicks, race.scrolls, r->target, per <= r->target ? "" : "  OVER TARGET");
  dp_ui_fixture_reset_window_size (&f);
  dp_ui_fixture_teardown (&f, &ui_config);
}

int
main (int   argc,
      char *argv[])
{
  /* issue 25: the races are played by Jürgen, Zoë and O'Brien */
  if (g_getenv ("DICEPAD_TEST_NAMES") == NULL)
    g_setenv ("DICEPAD_TEST_NAMES", "Jürgen,Zoë,O'Brien", TRUE);
  dp_ui_test_init (&argc, &argv, DP_UI_TEST_GTK | DP_UI_TEST_ISOLATE_DIRS);
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_autofree char *path = g_strdup_printf ("/bench/cubitos-inputs/%s-%d", runs[i].policy == KR_GOLDEN ? "golden" : "busy",
                                               runs[i].width);

      g_test_add_data_func (path, &runs[i], run);
    }
  return g_test_run ();
}
