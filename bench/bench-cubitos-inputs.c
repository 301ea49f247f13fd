/* bench-cubitos-inputs.c — inputs per player-round of a whole 3-player Cubitos race
 *
 * Issue 15, "Done when": "bench/ prints inputs per player-round for that race … before
 * (today's flow) and after". Plays the race of tests/ui/cubitos/test-cubitos-keyboard.c
 * by keyboard alone (tests/ui/cubitos/cb-keyboard-race.h) and prints what it cost: every
 * Tab, Shift+Tab, typed digit, Space and Enter is one input. "Before" counts the same
 * decisions in the flow before issue 15 (Enter on Push in danger, one click per step,
 * Collect and Announce apart, a Tab to every roll field, an Enter for what Dicepad now
 * enters by itself). The first recorded race (one dice generator for the table) cost
 * 15.60 before issue 15 and 13.93 with the first changes; since Dicepad enters forced
 * actions itself the boards are played in another order, so the dice come from one
 * generator per player (the race is the same in every flow): 14.71 before issue 15,
 * 13.17 with the flow of 8fb9222, and the figure printed now.
 * Needs a display and the build's schemas:
 *   GSETTINGS_SCHEMA_DIR=_build/data GSETTINGS_BACKEND=memory xvfb-run -a ./_build/bench/bench-cubitos-inputs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dp-ui-test-util.h"
#include "cb-ui-test-names.h"
#include "cb-keyboard-race.h"

static const DpUiFixtureConfig ui_config = { "dicepad-bench-inputs-XXXXXX", "CubitosInputsBench" };

static void
run (void)
{
  DpUiFixture f = { 0, };
  CbKeyboardRace race;

  dp_ui_fixture_setup (&f, &ui_config);
  kr_play (&f, &race);
  g_print ("Cubitos race 1, 3 players, by keyboard alone: %u entries (%u entered by Dicepad itself), "
           "%u rounds, %u player-rounds\n", race.actions, race.forced, race.rounds, race.player_rounds);
  for (guint p = 0; p <= CB_PHASE_OUT; p++)
    if (race.by_phase[p] > 0)
      g_print ("  %-14s %5.2f inputs per player-round\n", cb_phase_to_string (p),
               (double) race.by_phase[p] / race.player_rounds);
  g_print ("inputs per player-round: before issue 15 %.2f, now %.2f (goal <= 10)\n",
           (double) race.inputs_before / race.player_rounds, (double) race.inputs / race.player_rounds);
  dp_ui_fixture_teardown (&f, &ui_config);
}

int
main (int   argc,
      char *argv[])
{
  dp_ui_test_init (&argc, &argv, DP_UI_TEST_GTK | DP_UI_TEST_ISOLATE_DIRS);
  g_test_add_func ("/bench/cubitos-inputs", run);
  return g_test_run ();
}
