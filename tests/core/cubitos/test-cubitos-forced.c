/* test-cubitos-forced.c — the actions Dicepad enters by itself
 *
 * Issue 15 item 3: "no input that the engine could have inferred". When a player has
 * nothing to decide and no fact to tell, the window enters the action itself
 * (cb_game_get_forced_action(), docs/cubitos-notes.md "Forced actions"); the action log
 * still records it. Checked along the golden two-player race (every forced action is
 * legal and of a kind that needs no decision) and at the positions where the rulebook
 * leaves one thing to do.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cb-action.h"
#include "cb-test-util.h"

/* The forced action's text at @g, or NULL. */
static char *
forced (const CbGame *g)
{
  CbAction a;

  return cb_game_get_forced_action (g, &a) ? cb_action_to_text (g, &a) : NULL;
}

static CbGame *
race1 (void)
{
  return new_game ("{'game':'cubitos','version':1,'players':['Ina','Sami'],'race':1,"
                   "'track':'nothing-goes-right','laps':1,'first':'Ina'}");
}

/* Along the golden race: a forced action is always legal and one of the kinds that
 * need no decision. */
static void
test_golden_race (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "core", "cubitos", "scripts",
                                                 "race1-two-players.jsonl", NULL);
  g_autofree char *script = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(CbGame) g = NULL;
  guint n_forced = 0;

  g_assert_true (g_file_get_contents (path, &script, NULL, NULL));
  lines = g_strsplit (script, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      CbAction a;

      if (lines[i][0] != '{')
        continue;
      if (g == NULL)
        {
          g = race1 ();
          g_autofree char *first = forced (g);

          /* round 1: the draw area holds the 9 starting dice, all of them are drawn
           * (p. 8), and nobody can be ahead to tell red lines of */
          g_assert_cmpstr (first, ==, "{\"player\":\"Ina\",\"refill\":{\"light_grey\":7,\"dark_grey\":2}}");
          continue;
        }
      g_assert_true (cb_game_apply_text (g, lines[i], &error));
      g_assert_no_error (error);
      if (!cb_game_get_forced_action (g, &a))
        continue;
      n_forced++;
      g_assert_true (cb_game_check (g, &a, &error));
      g_assert_no_error (error);
      g_assert_true (a.type == CB_ACTION_REFILL || a.type == CB_ACTION_PASS || a.type == CB_ACTION_COLLECT
                     || a.type == CB_ACTION_ANNOUNCE || a.type == CB_ACTION_MOVE || a.type == CB_ACTION_REST);
      if (a.type == CB_ACTION_MOVE)
        g_assert_cmpuint (a.n, ==, 0);
      if (a.type == CB_ACTION_COLLECT)
        g_assert_true (a.take_credits);
      /* a refill is forced only where red lines cannot count */
      if (a.type == CB_ACTION_REFILL)
        g_assert_false (cb_game_may_count_red_lines (g, (guint) a.player));
    }
  g_assert_cmpuint (n_forced, >, 0);
}

/* Round 1 of the golden race, position by position. */
static void
test_positions (void)
{
  g_autoptr(CbGame) g = race1 ();
  g_autofree char *f = NULL;

  ok (g, "{'player':'Ina','refill':{'light_grey':7,'dark_grey':2}}");
  ok (g, "{'player':'Ina','roll':{'light_grey':{'coin':2},'dark_grey':{'step':1},'top_dog':{'coin2':1}}}");
  /* Ina is in danger with ready dice: push or pass is hers to decide; Sami's first
   * refill (all his 9 starting dice) is forced */
  f = forced (g);
  g_assert_cmpstr (f, ==, "{\"player\":\"Sami\",\"refill\":{\"light_grey\":7,\"dark_grey\":2}}");
  ok (g, "{'player':'Ina','pass':true}");
  ok (g, "{'player':'Sami','refill':{'light_grey':7,'dark_grey':2}}");
  ok (g, "{'player':'Sami','roll':{'light_grey':{'coin':1}}}");
  ok (g, "{'player':'Sami','push':true}");
  ok (g, "{'player':'Sami','roll':{'dark_grey':{'coin':1,'step':1}}}");
  ok (g, "{'player':'Sami','push':true}");
  ok (g, "{'player':'Sami','roll':{}}");
  /* a bust chooses which ready dice go to rest: not forced */
  g_assert_null (forced (g));
  ok (g, "{'player':'Sami','bust':{'light_grey':2},'fan':[{'space':1,'credits':1,'supply':0}]}");

  /* p. 9, 5.: Ina's active dice show no credit, no card offers anything: collecting and
   * announcing are all she can do, first seat first */
  g_clear_pointer (&f, g_free);
  f = forced (g);
  g_assert_cmpstr (f, ==, "{\"player\":\"Ina\",\"collect\":true}");
  ok (g, "{'player':'Ina','collect':true}");
  g_clear_pointer (&f, g_free);
  f = forced (g);
  g_assert_cmpstr (f, ==, "{\"player\":\"Ina\",\"announce\":true}");
  ok (g, "{'player':'Sami','collect':true}");
  ok (g, "{'player':'Ina','announce':true}");
  ok (g, "{'player':'Sami','announce':true}");

  /* phase 6: Ina has 4 coins (a step to buy), Sami a credit (to redeem): choices */
  g_assert_null (forced (g));
  ok (g, "{'player':'Ina','buy_steps':1}");
  ok (g, "{'player':'Ina','move':2,'landed':{}}");
  /* Ina has no coin and no credit left: resting is all she can do (phase 8) */
  g_clear_pointer (&f, g_free);
  f = forced (g);
  g_assert_cmpstr (f, ==, "{\"player\":\"Ina\",\"rest\":true}");
  ok (g, "{'player':'Ina','rest':true}");
  g_assert_null (forced (g));
  ok (g, "{'player':'Sami','redeem':1}");
  /* no step, 1 coin (no step to buy), no credit: Sami moves 0 spaces; not having moved,
   * the space gives no bonus (p. 10) */
  g_clear_pointer (&f, g_free);
  f = forced (g);
  g_assert_cmpstr (f, ==, "{\"player\":\"Sami\",\"move\":0,\"landed\":{}}");
  ok (g, "{'player':'Sami','move':0,'landed':{}}");
  /* 1 coin may buy a die whose cost nobody told yet: Sami decides */
  g_assert_null (forced (g));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cubitos/forced/golden-race", test_golden_race);
  g_test_add_func ("/cubitos/forced/positions", test_positions);
  return g_test_run ();
}
