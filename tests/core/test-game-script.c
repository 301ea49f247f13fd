/* test-game-script.c — the text form of games (docs/game-script.md) through dp-game.h:
 * setups, actions, error kinds, canonical form, legal actions, replay and undo.
 *
 * The command-line tool maps MALFORMED and INVALID_SETUP to exit code 2 and ILLEGAL to
 * exit code 1, so the error kind of every input is part of the contract.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dp-game.h"
#include "dp-game-private.h"
#include "cv-game.h"

#define SETUP3 "{\"game\": \"calavera\", \"players\": [\"Ina\", \"Sami\", \"Tom\"]}"

static DpGame *
game_from (const char *setup,
           const char *const *actions)
{
  g_autoptr(GError) error = NULL;
  DpGame *game = dp_game_new_from_text (setup, &error);

  g_assert_no_error (error);
  for (guint i = 0; actions != NULL && actions[i] != NULL; i++)
    {
      dp_game_apply_text (game, actions[i], &error);
      g_assert_no_error (error);
    }
  return game;
}

static char *
state_text (const DpGame *game)
{
  g_autoptr(JsonNode) node = dp_game_to_json (game);

  return json_to_string (node, FALSE);
}

/* docs/game-script.md "Setup": 2–4 unique non-empty names; "version" 1 or absent. */
static void
test_setup (void)
{
  static const struct
  {
    const char *text;
    int         code;  /* -1: accepted */
  } cases[] = {
    { SETUP3, -1 },
    { "{\"game\": \"calavera\", \"version\": 1, \"players\": [\"Ina\", \"Sami\"]}", -1 },
    { "{\"players\": [\"A\", \"B\", \"C\", \"D\"], \"game\": \"calavera\"}", -1 },
    { "{\"game\": \"calavera\", \"version\": 2, \"players\": [\"Ina\", \"Sami\"]}", DP_GAME_ERROR_MALFORMED },
    { "{\"game\": \"calavera\", \"version\": \"1\", \"players\": [\"Ina\", \"Sami\"]}", DP_GAME_ERROR_MALFORMED },
    { "{\"game\": \"calavera\", \"players\": [\"Ina\"]}", DP_GAME_ERROR_INVALID_SETUP },
    { "{\"game\": \"calavera\", \"players\": []}", DP_GAME_ERROR_INVALID_SETUP },
    { "{\"game\": \"calavera\", \"players\": [\"A\", \"B\", \"C\", \"D\", \"E\"]}", DP_GAME_ERROR_INVALID_SETUP },
    { "{\"game\": \"calavera\", \"players\": [\"Ina\", \"Ina\"]}", DP_GAME_ERROR_INVALID_SETUP },
    { "{\"game\": \"calavera\", \"players\": [\"Ina\", \"\"]}", DP_GAME_ERROR_INVALID_SETUP },
    { "{\"game\": \"calavera\", \"players\": [\"Ina\", \"  \"]}", DP_GAME_ERROR_INVALID_SETUP },
    { "{\"game\": \"calavera\", \"players\": \"Ina, Sami\"}", DP_GAME_ERROR_MALFORMED },
    { "{\"game\": \"calavera\", \"players\": [\"Ina\", 2]}", DP_GAME_ERROR_MALFORMED },
    { "{\"game\": \"calavera\"}", DP_GAME_ERROR_MALFORMED },
    { "{\"game\": \"calavera\", \"players\": [\"Ina\", \"Sami\"], \"rounds\": 3}", DP_GAME_ERROR_MALFORMED },
    { "{\"players\": [\"Ina\", \"Sami\"]}", DP_GAME_ERROR_MALFORMED },
    { "{\"game\": 1, \"players\": [\"Ina\", \"Sami\"]}", DP_GAME_ERROR_MALFORMED },
    { "{\"game\": \"chess\", \"players\": [\"Ina\", \"Sami\"]}", DP_GAME_ERROR_INVALID_SETUP },
    { "[\"calavera\"]", DP_GAME_ERROR_MALFORMED },
    { "{\"game\": \"calavera\", ", DP_GAME_ERROR_MALFORMED },
    { "", DP_GAME_ERROR_MALFORMED },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DpGame) game = dp_game_new_from_text (cases[i].text, &error);

      if (cases[i].code == -1)
        {
          g_assert_no_error (error);
          g_assert_nonnull (game);
        }
      else
        {
          g_assert_null (game);
          g_assert_error (error, DP_GAME_ERROR, cases[i].code);
        }
    }
}

/* docs/game-script.md "Errors": which inputs are unreadable (MALFORMED) and which are
 * readable but against the rules (ILLEGAL), in the state before the first roll. */
static void
test_action_errors (void)
{
  static const struct
  {
    const char *text;
    int         code;
    const char *message;
  } cases[] = {
    { "{\"roll\": [\"orange\", \"orange\", \"green\", \"joker\", \"pink\"]}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"roll\": [\"orange\", \"orange\", \"green\", \"joker\", \"pink\", \"purple\"]}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"roll\": [\"orange\", \"orange\", \"green\", \"joker\", \"pink\", 3]}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"roll\": \"orange\"}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"roll\": [\"orange\", \"orange\", \"green\", \"joker\", \"pink\", \"skull\"], \"take\": \"orange\"}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"roll\": [\"orange\", \"orange\", \"green\", \"joker\", \"pink\", \"skull\"], \"result\": [\"orange\"]}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"reroll\": [\"green\"], \"result\": [\"orange\", \"skull\"]}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"reroll\": [\"green\"]}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"reroll\": [], \"result\": []}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"take\": \"orange\", \"colour\": 1}", DP_GAME_ERROR_MALFORMED, "Unknown key “colour”" },
    { "{\"take\": \"joker\"}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"take\": \"orange\", \"as\": \"green\"}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"take\": \"joker\", \"as\": \"skull\"}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"take\": \"orange\", \"count\": 0}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"take\": \"orange\", \"count\": \"2\"}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"freeze\": \"joker\"}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"freeze\": [\"pink\"]}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"pass\": false}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"pass\": 1}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{}", DP_GAME_ERROR_MALFORMED, NULL },
    { "[]", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"roll\": [", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"pass\": true, \"player\": 2}", DP_GAME_ERROR_MALFORMED, NULL },
    { "{\"roll\": [\"orange\", \"orange\", \"green\", \"joker\", \"pink\", \"skull\"], \"player\": \"Bob\"}",
      DP_GAME_ERROR_ILLEGAL, "There is no player “Bob” in this game" },
    { "{\"roll\": [\"orange\", \"orange\", \"green\", \"joker\", \"pink\", \"skull\"], \"player\": \"Sami\"}",
      DP_GAME_ERROR_ILLEGAL, "It is Ina's turn, not Sami's" },
    { "{\"take\": \"orange\"}", DP_GAME_ERROR_ILLEGAL, "Ina must roll the dice first" },
    { "{\"take\": \"skull\"}", DP_GAME_ERROR_ILLEGAL, NULL },
    { "{\"reroll\": [\"green\"], \"result\": [\"orange\"]}", DP_GAME_ERROR_ILLEGAL, "Ina must roll the dice first" },
    { "{\"pass\": true}", DP_GAME_ERROR_ILLEGAL, "Ina must roll the dice first" },
  };
  g_autoptr(DpGame) game = game_from (SETUP3, NULL);
  g_autofree char *before = state_text (game);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *after = NULL;

      g_assert_false (dp_game_apply_text (game, cases[i].text, &error));
      if (!g_error_matches (error, DP_GAME_ERROR, cases[i].code))
        g_error ("%s: expected code %d, got %s", cases[i].text, cases[i].code,
                 error != NULL ? error->message : "no error");
      if (cases[i].message != NULL)
        g_assert_cmpstr (error->message, ==, cases[i].message);

      after = state_text (game);
      g_assert_cmpstr (after, ==, before);
      g_assert_cmpuint (dp_game_get_n_actions (game), ==, 0);
    }
}

/* docs/game-script.md "player": opponents' marks after skulls must name the player. */
static void
test_opponents_must_name_player (void)
{
  const char *actions[] = {
    "{\"roll\": [\"orange\",\"orange\",\"green\",\"joker\",\"skull\",\"pink\"]}",
    "{\"take\": \"orange\", \"player\": \"Ina\"}",
    NULL
  };
  g_autoptr(DpGame) game = game_from (SETUP3, actions);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;
  JsonArray *to_act;

  node = dp_game_to_json (game);
  to_act = json_object_get_array_member (json_node_get_object (node), "to_act");
  g_assert_cmpuint (json_array_get_length (to_act), ==, 2);
  g_assert_cmpstr (json_array_get_string_element (to_act, 0), ==, "Sami");
  g_assert_cmpstr (json_array_get_string_element (to_act, 1), ==, "Tom");

  g_assert_false (dp_game_apply_text (game, "{\"take\": \"green\"}", &error));
  g_assert_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL);
  g_assert_cmpstr (error->message, ==, "Say which player marks: Sami, Tom must mark from the dice Ina did not take");
  g_clear_error (&error);

  g_assert_true (dp_game_apply_text (game, "{\"take\": \"joker\", \"as\": \"black\", \"player\": \"Tom\"}", &error));
  g_assert_no_error (error);
  g_assert_true (dp_game_must_act (game, 1));
  g_assert_false (dp_game_must_act (game, 2));
}

/* docs/game-script.md "Canonical form": what the store keeps. */
static void
test_canonical_form (void)
{
  static const struct
  {
    const char *text;
    const char *canonical;
  } cases[] = {
    { "{\"player\": \"Ina\", \"roll\": [\"skull\", \"pink\", \"orange\", \"joker\", \"green\", \"orange\"]}",
      "{\"roll\":[\"orange\",\"orange\",\"green\",\"pink\",\"joker\",\"skull\"],\"player\":\"Ina\"}" },
    /* The roller is filled in when not named. */
    { "{\"roll\": [\"skull\", \"pink\", \"orange\", \"joker\", \"green\", \"orange\"]}",
      "{\"roll\":[\"orange\",\"orange\",\"green\",\"pink\",\"joker\",\"skull\"],\"player\":\"Ina\"}" },
    { "{\"result\": [\"skull\", \"orange\"], \"reroll\": [\"pink\", \"green\"]}",
      "{\"reroll\":[\"green\",\"pink\"],\"result\":[\"orange\",\"skull\"],\"player\":\"Ina\"}" },
    { "{\"as\": \"green\", \"take\": \"joker\"}", "{\"take\":\"joker\",\"as\":\"green\",\"player\":\"Ina\"}" },
    { "{\"take\": \"orange\", \"count\": 2}", "{\"take\":\"orange\",\"count\":2,\"player\":\"Ina\"}" },
    { "{\"freeze\": \"pink\"}", "{\"freeze\":\"pink\",\"player\":\"Ina\"}" },
    { "{\"pass\": true, \"player\": \"Zoë \\\"Z\\\"\"}", "{\"pass\":true,\"player\":\"Zoë \\\"Z\\\"\"}" },
  };
  g_autoptr(DpGame) game = game_from ("{\"game\": \"calavera\", \"players\": [\"Ina\", \"Zoë \\\"Z\\\"\"]}", NULL);
  g_autofree char *setup = dp_game_dup_setup_text (game);
  g_autoptr(DpGame) again = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (setup, ==, "{\"game\":\"calavera\",\"version\":1,\"players\":[\"Ina\",\"Zoë \\\"Z\\\"\"]}");
  again = dp_game_new_from_text (setup, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dp_game_get_player_name (again, 1), ==, "Zoë \"Z\"");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autofree char *canonical = NULL;
      g_autofree char *twice = NULL;

      g_assert_true (json_parser_load_from_data (parser, cases[i].text, -1, NULL));
      canonical = dp_game_normalize_action (game, json_node_get_object (json_parser_get_root (parser)), &error);
      g_assert_no_error (error);
      g_assert_cmpstr (canonical, ==, cases[i].canonical);

      /* Canonical text is a fixed point. */
      g_assert_true (json_parser_load_from_data (parser, canonical, -1, NULL));
      twice = dp_game_normalize_action (game, json_node_get_object (json_parser_get_root (parser)), &error);
      g_assert_no_error (error);
      g_assert_cmpstr (twice, ==, canonical);
    }
}

/* dp-game.h: "Every legal action for whoever has to act now, in canonical text form."
 * Each one applies; ROLL lists all 462 multisets of six faces. */
static void
test_legal_texts_apply (void)
{
  const char *actions[] = {
    "{\"roll\": [\"orange\",\"orange\",\"green\",\"joker\",\"skull\",\"pink\"]}",
    NULL
  };
  g_autoptr(DpGame) fresh = game_from (SETUP3, NULL);
  g_autoptr(DpGame) rolled = game_from (SETUP3, actions);
  DpGame *states[] = { fresh, rolled };

  for (guint s = 0; s < G_N_ELEMENTS (states); s++)
    {
      g_autoptr(GPtrArray) legal = dp_game_legal_actions (states[s]);
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GArray) typed = cv_game_legal_actions (cv_game_from_dp_const (states[s]));

      g_assert_cmpuint (legal->len, ==, typed->len);
      if (s == 0)
        g_assert_cmpuint (legal->len, ==, 462);

      for (guint i = 0; i < legal->len; i++)
        {
          g_autoptr(DpGame) copy = dp_game_copy (states[s]);
          g_autoptr(GError) error = NULL;

          /* No duplicates */
          g_assert_true (g_hash_table_add (seen, legal->pdata[i]));
          dp_game_apply_text (copy, legal->pdata[i], &error);
          g_assert_no_error (error);
          g_assert_cmpuint (dp_game_get_n_actions (copy), ==, dp_game_get_n_actions (states[s]) + 1);
        }
    }
}

/* docs/game-script.md "Replay output": the contract keys of `dicepad-cli replay`. */
static void
test_to_json (void)
{
  const char *actions[] = {
    "{\"roll\": [\"orange\",\"orange\",\"orange\",\"green\",\"green\",\"pink\"]}",
    "{\"take\": \"orange\"}",
    NULL
  };
  g_autoptr(DpGame) game = game_from (SETUP3, actions);
  g_autoptr(JsonNode) node = dp_game_to_json (game);
  JsonObject *root = json_node_get_object (node);
  JsonArray *players;
  JsonObject *ina, *rows;
  const char *colors[] = { "orange", "green", "pink", "black" };

  g_assert_cmpstr (json_object_get_string_member (root, "game"), ==, "calavera");
  g_assert_false (json_object_get_boolean_member (root, "finished"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "winners")), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "to_act")), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (root, "to_act"), 0), ==, "Sami");

  players = json_object_get_array_member (root, "players");
  g_assert_cmpuint (json_array_get_length (players), ==, 3);
  ina = json_array_get_object_element (players, 0);
  g_assert_cmpstr (json_object_get_string_member (ina, "name"), ==, "Ina");
  g_assert_cmpint (json_object_get_int_member (ina, "total"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (ina, "bonus"), ==, 0);
  rows = json_object_get_object_member (ina, "rows");
  for (guint c = 0; c < G_N_ELEMENTS (colors); c++)
    {
      JsonObject *row = json_object_get_object_member (rows, colors[c]);

      g_assert_nonnull (row);
      g_assert_true (json_object_has_member (row, "crosses"));
      g_assert_true (json_object_has_member (row, "frozen"));
      g_assert_true (json_object_has_member (row, "points"));
    }
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (rows, "orange"), "crosses"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (rows, "green"), "crosses"), ==, 0);
}

/* ARCHITECTURE.md "One game = one log of actions": the state is the fold of its log;
 * undo = replay without the last action. */
static void
test_replay_and_undo (void)
{
  const char *actions[] = {
    "{\"roll\": [\"orange\",\"orange\",\"green\",\"joker\",\"skull\",\"pink\"]}",
    "{\"reroll\": [\"pink\"], \"result\": [\"orange\"]}",
    "{\"take\": \"orange\"}",
    "{\"take\": \"green\", \"player\": \"Sami\"}",
    "{\"take\": \"joker\", \"as\": \"pink\", \"player\": \"Tom\"}",
    "{\"roll\": [\"black\",\"black\",\"green\",\"joker\",\"pink\",\"pink\"], \"player\": \"Sami\"}",
    "{\"take\": \"pink\"}",
  };
  g_autoptr(GError) error = NULL;
  int failed = 42;

  for (guint n = 0; n <= G_N_ELEMENTS (actions); n++)
    {
      g_autoptr(DpGame) replayed = dp_game_replay (SETUP3, actions, n, &failed, &error);
      g_autoptr(DpGame) stepped = dp_game_new_from_text (SETUP3, NULL);
      g_autofree char *a = NULL, *b = NULL;

      g_assert_no_error (error);
      g_assert_cmpint (failed, ==, -1);
      for (guint i = 0; i < n; i++)
        g_assert_true (dp_game_apply_text (stepped, actions[i], NULL));
      a = state_text (replayed);
      b = state_text (stepped);
      g_assert_cmpstr (a, ==, b);
      g_assert_cmpuint (dp_game_get_n_actions (replayed), ==, n);
    }

  /* A bad action: its index, and no game. */
  {
    const char *bad[] = { actions[0], "{\"reroll\": [\"skull\"], \"result\": [\"orange\"]}" };

    g_assert_null (dp_game_replay (SETUP3, bad, 2, &failed, &error));
    g_assert_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL);
    g_assert_cmpstr (error->message, ==, "Skulls cannot be re-rolled");
    g_assert_cmpint (failed, ==, 1);
    g_clear_error (&error);

    g_assert_null (dp_game_replay ("{\"game\": \"calavera\"}", bad, 2, &failed, &error));
    g_assert_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED);
    g_assert_cmpint (failed, ==, -1);
  }
}

/* The example scripts in tests/scripts/ replay (comments and blank lines skipped, as
 * docs/game-script.md says); the full games end. */
static void
test_example_scripts (void)
{
  const char *scripts[] = { "rulebook-examples.jsonl", "two-player-game.jsonl", "four-player-game.jsonl",
                            "skulls-bonus-and-end.jsonl" };

  for (guint i = 0; i < G_N_ELEMENTS (scripts); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "scripts", scripts[i], NULL);
      g_autofree char *data = NULL;
      g_auto(GStrv) lines = NULL;
      g_autoptr(DpGame) game = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_true (g_file_get_contents (path, &data, NULL, &error));
      g_assert_no_error (error);
      lines = g_strsplit (data, "\n", -1);
      for (guint l = 0; lines[l] != NULL; l++)
        {
          const char *line = g_strstrip (lines[l]);

          if (*line == '\0' || *line == '#')
            continue;
          if (game == NULL)
            game = dp_game_new_from_text (line, &error);
          else
            dp_game_apply_text (game, line, &error);
          if (error != NULL)
            g_error ("%s line %u: %s", scripts[i], l + 1, error->message);
        }
      g_assert_nonnull (game);
      if (i > 0)
        g_assert_true (dp_game_is_finished (game));
    }
}

/* dp-game.h: the registry lists Calavera; the kind knows its name. */
static void
test_registry (void)
{
  guint n_kinds;
  const DpGameKind *const *kinds = dp_game_kinds_list (&n_kinds);
  const DpGameKind *kind = dp_game_kind_lookup ("calavera");
  g_autoptr(DpGame) game = game_from (SETUP3, NULL);
  g_autoptr(JsonObject) stats = NULL;
  gboolean listed = FALSE;

  g_assert_nonnull (kind);
  for (guint i = 0; i < n_kinds; i++)
    listed = listed || kinds[i] == kind;
  g_assert_true (listed);
  g_assert_null (dp_game_kind_lookup ("chess"));
  g_assert_cmpstr (dp_game_kind_get_id (kind), ==, "calavera");
  g_assert_cmpstr (dp_game_kind_get_name (kind), ==, "Calavera");
  g_assert_true (dp_game_get_kind (game) == kind);
  g_assert_nonnull (cv_game_from_dp (game));

  stats = dp_game_dup_seat_stats (game, 0);
  g_assert_true (json_object_has_member (stats, "row_orange"));
  g_assert_true (json_object_has_member (stats, "frozen_rows"));
  g_assert_true (json_object_has_member (stats, "total"));
}

/* dp-game.h: "Never asserts on any input." Mutated action lines are either applied or
 * refused with a DP_GAME_ERROR, never a crash; and the core's own quick reader of plain
 * lines agrees with json-glib on every one of them (same result, same error). */
static void
test_mutated_lines (void)
{
  const char *seeds[] = {
    "{\"roll\": [\"orange\",\"orange\",\"green\",\"joker\",\"skull\",\"pink\"]}",
    "{\"reroll\": [\"green\",\"pink\"], \"result\": [\"orange\",\"skull\"]}",
    "{\"take\": \"joker\", \"as\": \"green\", \"player\": \"Sami\", \"count\": 2}",
    "{\"freeze\": \"pink\"}",
    "{\"pass\": true}",
  };
  const char *prefix[] = {
    "{\"roll\": [\"orange\",\"orange\",\"green\",\"joker\",\"skull\",\"pink\"]}",
    NULL
  };
  const char alphabet[] = "{}[]\":, \\abcdefghijklmnopqrstuvwxyz0123456789-.eE\xc3\xa9";
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_test_rand_int ());
  g_autoptr(DpGame) fresh = game_from (SETUP3, NULL);
  g_autoptr(DpGame) rolled = game_from (SETUP3, prefix);

  for (guint i = 0; i < 20000; i++)
    {
      g_autoptr(GString) text = g_string_new (seeds[g_rand_int_range (rand, 0, G_N_ELEMENTS (seeds))]);
      guint n_edits = g_rand_int_range (rand, 1, 4);
      DpGame *base = g_rand_boolean (rand) ? fresh : rolled;
      g_autoptr(DpGame) a = dp_game_copy (base);
      g_autoptr(DpGame) b = dp_game_copy (base);
      g_autoptr(GError) error_a = NULL;
      g_autoptr(GError) error_b = NULL;
      g_autoptr(JsonParser) parser = json_parser_new ();
      gboolean ok_a, ok_b;

      for (guint e = 0; e < n_edits; e++)
        {
          guint pos = g_rand_int_range (rand, 0, text->len + 1);
          char c = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];

          switch (g_rand_int_range (rand, 0, 3))
            {
            case 0:
              g_string_insert_c (text, pos, c);
              break;
            case 1:
              if (pos < text->len)
                g_string_erase (text, pos, 1);
              break;
            default:
              if (pos < text->len)
                text->str[pos] = c;
              break;
            }
        }

      ok_a = dp_game_apply_text (a, text->str, &error_a);
      if (!ok_a)
        g_assert_true (error_a != NULL && error_a->domain == DP_GAME_ERROR);

      /* The same line read by json-glib only; what json-glib 1.6 misreads (a second
       * value after the object, deep nesting) the core refuses before it reads */
      if (dp_json_check_text (text->str, -1, TRUE, NULL, NULL) &&
          json_parser_load_from_data (parser, text->str, -1, NULL) &&
          JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
        {
          ok_b = dp_game_apply (b, json_node_get_object (json_parser_get_root (parser)), &error_b);
          g_assert_cmpint (ok_a, ==, ok_b);
          if (!ok_a)
            {
              g_assert_cmpint (error_a->code, ==, error_b->code);
              g_assert_cmpstr (error_a->message, ==, error_b->message);
            }
          else
            {
              g_autofree char *sa = state_text (a);
              g_autofree char *sb = state_text (b);

              g_assert_cmpstr (sa, ==, sb);
            }
        }
      else
        {
          g_assert_false (ok_a);
          g_assert_error (error_a, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED);
        }
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/script/setup", test_setup);
  g_test_add_func ("/game/script/action-errors", test_action_errors);
  g_test_add_func ("/game/script/opponents-must-name-player", test_opponents_must_name_player);
  g_test_add_func ("/game/script/canonical-form", test_canonical_form);
  g_test_add_func ("/game/script/legal-texts-apply", test_legal_texts_apply);
  g_test_add_func ("/game/script/to-json", test_to_json);
  g_test_add_func ("/game/script/replay-and-undo", test_replay_and_undo);
  g_test_add_func ("/game/script/example-scripts", test_example_scripts);
  g_test_add_func ("/game/script/registry", test_registry);
  g_test_add_func ("/game/script/mutated-lines", test_mutated_lines);

  return g_test_run ();
}
