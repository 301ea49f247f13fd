/* test-cubitos-keyboard.c — a whole 3-player race by keyboard alone
 *
 * Issue 15, "Done when": "A window test plays a whole 3-player race by keyboard alone
 * and checks the stored game against its script." The race (race 1, Ina, Sami and Tom)
 * is played by cb-keyboard-race.h, which only acts on the focused widget; the stored
 * entries must be exactly tests/ui/cubitos/keyboard-race.jsonl, line by line, and the
 * inputs are counted (bench/bench-cubitos-inputs prints them).
 *
 * To write the script again after a deliberate change of the flow, run the test with
 * DICEPAD_WRITE_KEYBOARD_RACE=<path>.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dp-ui-test-util.h"
#include "cb-ui-test-names.h"
#include "cb-keyboard-race.h"

static const DpUiFixtureConfig ui_config = { "dicepad-cb-keys-XXXXXX", "CubitosKeys" };

static void
setup (DpUiFixture   *f,
       gconstpointer  data)
{
  dp_ui_fixture_setup (f, &ui_config);
}

static void
teardown (DpUiFixture   *f,
          gconstpointer  data)
{
  dp_ui_fixture_teardown (f, &ui_config);
}

static void
test_keyboard_race (DpUiFixture   *f,
                    gconstpointer  data)
{
  CbKeyboardRace race;
  g_autoptr(GError) error = NULL;
  g_autofree char *setup_text = NULL;
  g_autoptr(GPtrArray) stored = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  const char *write_to = g_getenv ("DICEPAD_WRITE_KEYBOARD_RACE");

  kr_play (f, &race);
  for (guint p = 0; p <= CB_PHASE_OUT; p++)
    if (race.by_phase[p] > 0)
      g_test_message ("phase %s: %u inputs", cb_phase_to_string (p), race.by_phase[p]);
  g_test_message ("%u actions, %u rounds, %u player-rounds; inputs %u (%.1f per player-round), "
                  "before issue 15 %u (%.1f)", race.actions, race.rounds, race.player_rounds,
                  race.inputs, (double) race.inputs / race.player_rounds,
                  race.inputs_before, (double) race.inputs_before / race.player_rounds);
  stored = dp_store_get_actions (dp_application_get_store (f->app, NULL),
                                 dp_session_get_id (dp_window_get_session (f->window)), &setup_text, &error);
  g_assert_no_error (error);
  g_string_append_printf (text, "%s\n", setup_text);
  for (guint i = 0; i < stored->len; i++)
    g_string_append_printf (text, "%s\n", (const char *) g_ptr_array_index (stored, i));

  if (write_to != NULL)
    g_assert_true (g_file_set_contents (write_to, text->str, -1, NULL));
  else
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "ui", "cubitos", "keyboard-race.jsonl", NULL);
      g_autofree char *script = NULL;

      g_auto(GStrv) lines = NULL;
      g_autoptr(GString) expected = g_string_new (NULL);

      g_assert_true (g_file_get_contents (path, &script, NULL, NULL));
      lines = g_strsplit (script, "\n", -1);
      for (guint i = 0; lines[i] != NULL; i++)
        if (lines[i][0] == '{')
          g_string_append_printf (expected, "%s\n", lines[i]);
      /* the names of this run (cb-ui-test-names.h) in place of Ina, Sami and Tom */
      g_assert_cmpstr (text->str, ==, nm (expected->str));
    }

  g_assert_cmpuint (race.player_rounds, >=, 9);
  /* Issue 15 item 3 asks for at most 10 inputs per player and round on average; this
   * flow does not reach it yet (bench/bench-cubitos-inputs prints the figures). What the
   * test holds: the changes so far never cost an input more than the flow before. */
  g_assert_cmpuint (race.inputs, <, race.inputs_before);
}

int
main (int   argc,
      char *argv[])
{
  dp_ui_test_init (&argc, &argv, DP_UI_TEST_GTK | DP_UI_TEST_ISOLATE_DIRS);

  g_test_add ("/cubitos-ui/keyboard-race", DpUiFixture, NULL, setup, test_keyboard_race, teardown);

  return g_test_run ();
}
