/* test-cubitos-action.c — the typed action API is the only writer and reader of the text
 *
 * Issue 15 item 1: "One owner of the Cubitos action format: a typed cb-action API …
 * the only writer and reader of the text … The canonical text stays byte-identical
 * (golden race scripts prove it). … players named "Jürgen", "Zoë" and "O'Brien"."
 *
 * Every line of every golden race script is read into a CbAction and written back
 * byte for byte; at every position of those races, the legal actions listed per seat
 * are exactly the ones of the whole table, and each one survives the round trip.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cb-test-util.h"
#include "cb-action.h"

/* Legal actions per seat, as texts, concatenated in seat order, equal the table's. */
static void
check_legal_by_seat (const CbGame *g)
{
  g_autoptr(GPtrArray) all = cb_game_legal_actions (g);
  guint i = 0;

  for (guint s = 0; s < cb_game_get_n_players (g); s++)
    {
      g_autoptr(GArray) mine = cb_game_legal_actions_for_seat (g, s);

      for (guint j = 0; j < mine->len; j++, i++)
        {
          const CbAction *a = &g_array_index (mine, CbAction, j);
          g_autofree char *text = cb_action_to_text (g, a);
          g_autofree char *again = NULL;
          g_autoptr(GError) error = NULL;
          CbAction back;

          g_assert_cmpint (cb_action_get_seat (a), ==, (int) s);
          g_assert_cmpuint (i, <, all->len);
          g_assert_cmpstr (text, ==, g_ptr_array_index (all, i));
          g_assert_true (cb_action_from_text (g, text, &back, &error));
          g_assert_no_error (error);
          again = cb_action_to_text (g, &back);
          g_assert_cmpstr (again, ==, text);
          /* every listed action is accepted (cb-game.h: "every listed action is legal") */
          g_assert_true (cb_game_check (g, a, &error));
          g_assert_no_error (error);
        }
    }
  g_assert_cmpuint (i, ==, all->len);
}

static void
replay_script (const char *path,
               gboolean    check_legal)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CbGame) g = NULL;
  guint n_actions = 0;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *text = NULL;
      CbAction a;

      if (*lines[i] == '\0' || *lines[i] == '#')
        continue;
      if (g == NULL)
        {
          g_autoptr(JsonParser) parser = json_parser_new ();
          g_assert_true (json_parser_load_from_data (parser, lines[i], -1, &error));
          g = cb_game_new_from_json (json_node_get_object (json_parser_get_root (parser)), &error);
          g_assert_no_error (error);
          continue;
        }
      if (check_legal)
        check_legal_by_seat (g);
      /* read, written back byte-identical, applied as typed data */
      if (!cb_action_from_text (g, lines[i], &a, &error))
        g_error ("%s:%u: %s", path, i + 1, error->message);
      text = cb_action_to_text (g, &a);
      g_assert_cmpstr (text, ==, lines[i]);
      if (!cb_game_apply (g, &a, &error))
        g_error ("%s:%u: %s", path, i + 1, error->message);
      n_actions++;
    }
  g_assert_nonnull (g);
  g_assert_true (cb_game_is_finished (g));
  g_assert_cmpuint (n_actions, >, 10);
}

static void
test_golden_scripts (void)
{
  g_autofree char *whole = g_test_build_filename (G_TEST_DIST, "scripts", "cubitos-race1.jsonl", NULL);

  replay_script (whole, TRUE);
  for (guint race = 1; race <= 10; race++)
    {
      g_autofree char *name = g_strdup_printf ("race%u-cards.jsonl", race);
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "core", "cubitos", "scripts", name, NULL);

      replay_script (path, race <= 3);
    }
}

/* The init functions write the canonical text of docs/cubitos-notes.md by themselves,
 * with names that are not ASCII and one with a quote. */
static void
test_init_and_names (void)
{
  g_autoptr(CbGame) g = new_game ("{'game':'cubitos','players':['Jürgen','Zoë','O\\u0027Brien'],'race':1,'first':'Zoë'}");
  guint counts[CB_N_KINDS] = { 0, };
  guint faces[CB_N_KINDS][CB_N_FACES] = { { 0, } };
  g_autoptr(GError) error = NULL;
  g_autofree char *refill = NULL, *roll = NULL, *pass = NULL;
  CbAction a;

  g_assert_cmpstr (cb_game_get_player_name (g, 2), ==, "O'Brien");

  counts[LG] = 7;
  counts[DG] = 2;
  cb_action_init_refill (&a, 0, counts, 0);
  refill = cb_action_to_text (g, &a);
  g_assert_cmpstr (refill, ==, "{\"player\":\"Jürgen\",\"refill\":{\"light_grey\":7,\"dark_grey\":2}}");
  g_assert_true (cb_game_apply (g, &a, &error));
  g_assert_no_error (error);

  faces[LG][CB_FACE_COIN] = 2;
  cb_action_init_roll (&a, 0, faces);
  roll = cb_action_to_text (g, &a);
  g_assert_cmpstr (roll, ==, "{\"player\":\"Jürgen\",\"roll\":{\"light_grey\":{\"coin\":2}}}");
  g_assert_cmpuint (cb_action_count_dice (&a), ==, 2);
  g_assert_true (cb_game_apply (g, &a, &error));

  /* Jürgen's legal actions are his own: push and pass, found by seat, not by name text */
  {
    g_autoptr(GArray) mine = cb_game_legal_actions_for_seat (g, 0);
    g_autoptr(GArray) obrien = cb_game_legal_actions_for_seat (g, 2);
    gboolean has_pass = FALSE;

    for (guint i = 0; i < mine->len; i++)
      has_pass |= cb_action_get_type (&g_array_index (mine, CbAction, i)) == CB_ACTION_PASS;
    g_assert_true (has_pass);
    /* O'Brien refills: every listed action is his */
    g_assert_cmpuint (obrien->len, >, 0);
    for (guint i = 0; i < obrien->len; i++)
      {
        g_autofree char *text = cb_action_to_text (g, &g_array_index (obrien, CbAction, i));
        g_assert_cmpint (cb_action_get_type (&g_array_index (obrien, CbAction, i)), ==, CB_ACTION_REFILL);
        g_assert_true (g_str_has_prefix (text, "{\"player\":\"O'Brien\""));
      }
  }

  cb_action_init_simple (&a, 0, CB_ACTION_PASS);
  pass = cb_action_to_text (g, &a);
  g_assert_cmpstr (pass, ==, "{\"player\":\"Jürgen\",\"pass\":true}");
  g_assert_true (cb_game_check (g, &a, &error));
  g_assert_no_error (error);

  /* a typed action is checked like its text: "redeem" 0 is refused as the text is */
  cb_action_init_number (&a, 0, CB_ACTION_REDEEM, 0);
  g_assert_false (cb_game_check (g, &a, &error));
  g_assert_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cubitos/action/golden-scripts", test_golden_scripts);
  g_test_add_func ("/cubitos/action/init-and-names", test_init_and_names);
  return g_test_run ();
}
