/* test-cubitos-script.c — golden race scripts replayed through the Cubitos engine
 *
 * Each script is in canonical text form (every line reads back to itself), replays
 * without error, and ends in the state worked out by hand in its comments.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cb-test-util.h"

static CbGame *
replay_file (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "core", "cubitos", "scripts", name, NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  CbGame *g = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autofree char *norm = NULL;
      const char *line = lines[i];

      if (*line == '\0' || *line == '#')
        continue;
      g_assert_true (json_parser_load_from_data (parser, line, -1, &error));
      if (g == NULL)
        {
          g = cb_game_new_from_json (json_node_get_object (json_parser_get_root (parser)), &error);
          g_assert_no_error (error);
          norm = cb_game_dup_setup_text (g);
          g_assert_cmpstr (norm, ==, line);
          continue;
        }
      norm = cb_game_normalize_action (g, json_node_get_object (json_parser_get_root (parser)), &error);
      g_assert_no_error (error);
      g_assert_cmpstr (norm, ==, line);
      if (!cb_game_apply_json (g, json_node_get_object (json_parser_get_root (parser)), &error))
        g_error ("%s:%u: %s", name, i + 1, error->message);
    }
  g_assert_nonnull (g);
  return g;
}

/* Race 1, two players: the outcome worked out by hand in the script's comments. */
static void
test_race1_two_players (void)
{
  g_autoptr(CbGame) g = replay_file ("race1-two-players.jsonl");
  g_autoptr(GPtrArray) legal = cb_game_legal_actions (g);

  /* p. 10 „Spielende“: Ina finished alone in round 4 */
  g_assert_true (cb_game_is_finished (g));
  g_assert_cmpuint (cb_game_get_round (g), ==, 4);
  g_assert_true (cb_game_is_winner (g, 0));
  g_assert_false (cb_game_is_winner (g, 1));
  g_assert_cmpuint (cb_game_get_rank (g, 0), ==, 1);
  g_assert_cmpuint (cb_game_get_rank (g, 1), ==, 2);
  g_assert_cmpuint (legal->len, ==, 0);
  g_assert_cmpint (cb_game_get_beyond (g, 0), ==, 1);
  g_assert_cmpuint (cb_game_get_spaces_moved (g, 0), ==, 2 + 1 + 2 + 2);
  g_assert_cmpuint (cb_game_get_spaces_moved (g, 1), ==, 0 + 2 + 0 + 4);
  /* two busts (spaces 1 and 3) and one fan bonus (space 2) for Sami */
  g_assert_cmpuint (cb_game_get_fans (g, 1), ==, 3);
  g_assert_cmpuint (cb_game_get_supply_tokens (g, 1), ==, 1);
  g_assert_cmpuint (cb_game_get_credits (g, 1), ==, 0);    /* 1 + 2, both spent */
  g_assert_cmpuint (cb_game_get_fans (g, 0), ==, 0);
  g_assert_cmpuint (cb_game_get_credits (g, 0), ==, 0);    /* 2 + 1, both spent */
  /* shop: Ina 1 blue; Sami 1 purple + 1 white bought, 1 white taken; Ina lost 1 light grey */
  g_assert_cmpuint (cb_game_get_supply (g, CB_KIND_BLUE), ==, 9);
  g_assert_cmpuint (cb_game_get_supply (g, CB_KIND_PURPLE), ==, 9);
  g_assert_cmpuint (cb_game_get_supply (g, CB_KIND_WHITE), ==, 8);
  g_assert_cmpuint (cb_game_get_supply (g, LG), ==, 28 - 14 + 1);
  g_assert_cmpint (cb_game_get_cost (g, CB_COLOUR_OF (CB_KIND_BLUE)), ==, 2);
  g_assert_cmpint (cb_game_get_cost (g, CB_COLOUR_OF (CB_KIND_WHITE)), ==, 2);
  g_assert_cmpint (cb_game_get_cost (g, CB_COLOUR_OF (CB_KIND_ORANGE)), ==, -1);
  /* the top dog went Ina → Sami → Ina → Sami */
  g_assert_cmpuint (cb_game_get_top_dog (g), ==, 1);
  /* Ina: 9 starting dice, 1 light grey lost, 1 blue bought; Sami also holds the top dog */
  {
    guint ina = 0, sami = 0;
    for (guint z = 0; z < CB_N_ZONES; z++)
      {
        ina += cb_game_count_zone (g, 0, (CbZone) z);
        sami += cb_game_count_zone (g, 1, (CbZone) z);
      }
    g_assert_cmpuint (ina, ==, 9 - 1 + 1);
    g_assert_cmpuint (sami, ==, 9 + 3 + 1);   /* + the top dog */
  }
}

/* The replay JSON of dp-game.h ("dicepad-cli replay"): the shared keys come from the
 * Cubitos hooks (winner by race, to_act), plus the Cubitos keys of docs/cubitos-notes.md. */
static void
test_replay_json (void)
{
  g_autoptr(CbGame) g = replay_file ("race1-two-players.jsonl");
  DpGame wrapper = { &cb_game_kind, g, 0 };
  g_autoptr(JsonNode) node = dp_game_to_json (&wrapper);
  JsonObject *o = json_node_get_object (node);
  JsonArray *players = json_object_get_array_member (o, "players");
  JsonObject *sami = json_array_get_object_element (players, 1);
  JsonObject *dice = json_object_get_object_member (sami, "dice");

  g_assert_true (json_object_get_boolean_member (o, "finished"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "winners")), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (o, "winners"), 0), ==, "Ina");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "to_act")), ==, 0);
  g_assert_cmpstr (json_object_get_string_member (o, "phase"), ==, "finished");
  g_assert_cmpint (json_object_get_int_member (o, "round"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (o, "costs"), "bob"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (o, "supply"), "white"), ==, 8);
  g_assert_cmpint (json_object_get_int_member (sami, "fans"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (sami, "supply_tokens"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (sami, "limit"), ==, 10);
  g_assert_cmpint (json_object_get_int_member (sami, "position"), ==, 6);
  g_assert_true (json_object_get_boolean_member (sami, "top_dog"));
  g_assert_true (json_object_has_member (dice, "draw"));
  g_assert_true (json_object_has_member (dice, "rest"));
  /* after round 4 Sami's active dice (5) went to rest: 2 light grey were left in the draw */
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (dice, "draw"), "light_grey"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (players, 0), "rank"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (sami, "rank"), ==, 2);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cubitos/script/race1-two-players", test_race1_two_players);
  g_test_add_func ("/cubitos/script/replay-json", test_replay_json);
  return g_test_run ();
}
