/* test-cubitos-presenter.c — what the Cubitos table shows and enters, without a window
 *
 * The positions come from the golden race tests/core/cubitos/scripts/race1-two-players.jsonl
 * (worked out by hand), replayed through the core. Runs with LANGUAGE=en.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "cb-presenter.h"
#include "dp-ui-test-util.h"
#include "cb-ui-test-names.h"

typedef struct
{
  char      *setup;
  GPtrArray *actions;   /* char* */
} Script;

static Script *
read_script (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "core", "cubitos", "scripts",
                                                 "race1-two-players.jsonl", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  Script *script = g_new0 (Script, 1);

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  script->actions = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (lines[i][0] != '{')
        continue;
      if (script->setup == NULL)
        script->setup = g_strdup (nm (lines[i]));
      else
        g_ptr_array_add (script->actions, g_strdup (nm (lines[i])));
    }
  return script;
}

static void
script_free (Script *script)
{
  g_free (script->setup);
  g_ptr_array_unref (script->actions);
  g_free (script);
}

/* The game after the first @n actions of the golden race. */
static DpGame *
game_after (guint n)
{
  Script *script = read_script ();
  g_autoptr(GError) error = NULL;
  DpGame *game;

  g_assert_cmpuint (n, <=, script->actions->len);
  game = dp_game_replay (script->setup, (const char *const *) script->actions->pdata, n, NULL, &error);
  g_assert_no_error (error);
  script_free (script);
  return game;
}

static const char *
script_line (guint i)
{
  static char line[512];
  Script *script = read_script ();

  g_strlcpy (line, g_ptr_array_index (script->actions, i), sizeof line);
  script_free (script);
  return line;
}

/* Rulebook p. 8, 2. Werfen, and p. 12: each colour has its own faces. */
static void
test_roll (void)
{
  g_autoptr(DpGame) game = game_after (1);   /* Ina refilled 7 light grey, 2 dark grey */
  const CbGame *cb = cb_game_from_dp_const (game);
  g_autoptr(GError) error = NULL;
  g_autofree char *action = NULL;
  CbRoll roll;

  cb_roll_init (&roll, cb, 0);
  g_assert_cmpuint (cb_roll_get_blank (&roll, CB_KIND_LIGHT_GREY), ==, 7);

  /* A light grey die has no step face: refused, nothing changes. */
  g_assert_false (cb_roll_set (&roll, CB_KIND_LIGHT_GREY, CB_FACE_STEP, 1, &error));
  g_assert_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_cmpuint (cb_roll_get_max (&roll, CB_KIND_LIGHT_GREY, CB_FACE_STEP), ==, 0);
  /* More dice than were rolled: refused. */
  g_assert_false (cb_roll_set (&roll, CB_KIND_LIGHT_GREY, CB_FACE_COIN, 8, &error));
  g_clear_error (&error);
  /* Blank is never entered: it is what is left. */
  g_assert_false (cb_roll_set (&roll, CB_KIND_LIGHT_GREY, CB_FACE_BLANK, 1, &error));
  g_clear_error (&error);

  g_assert_true (cb_roll_set (&roll, CB_KIND_LIGHT_GREY, CB_FACE_COIN, 2, NULL));
  g_assert_true (cb_roll_set (&roll, CB_KIND_DARK_GREY, CB_FACE_STEP, 1, NULL));
  g_assert_cmpuint (cb_roll_get_max (&roll, CB_KIND_DARK_GREY, CB_FACE_COIN), ==, 1);
  g_assert_true (cb_roll_set (&roll, CB_KIND_TOP_DOG, CB_FACE_COIN2, 1, NULL));
  g_assert_cmpuint (cb_roll_get_blank (&roll, CB_KIND_LIGHT_GREY), ==, 5);
  g_assert_cmpuint (cb_roll_count_hits (&roll), ==, 4);

  /* What the entry builds is the script's own line once stored (canonical form). */
  action = cb_roll_dup_action (&roll, cb, 0);
  g_assert_true (cb_presenter_check (game, action, NULL));
  {
    g_autoptr(JsonParser) parser = json_parser_new ();
    g_autofree char *canonical = NULL;

    g_assert_true (json_parser_load_from_data (parser, action, -1, NULL));
    canonical = dp_game_normalize_action (game, json_node_get_object (json_parser_get_root (parser)), NULL);
    g_assert_cmpstr (canonical, ==, script_line (1));
  }
}

/* p. 8, 1. Nachfüllen: up to the limit (9 + supply tokens + red lines), the top dog not
 * counted; when the draw area runs short, all of it first, then the rest zone. */
static void
test_refill (void)
{
  g_autoptr(DpGame) start = game_after (0);
  g_autoptr(DpGame) round2 = game_after (20);
  CbRefill refill;
  g_autofree char *action = NULL;

  cb_refill_init (&refill, cb_game_from_dp_const (start), 0, 0);
  g_assert_cmpuint (refill.needed, ==, 9);
  g_assert_false (refill.reshuffle);
  g_assert_cmpuint (refill.take[CB_KIND_LIGHT_GREY], ==, 7);
  g_assert_cmpuint (refill.take[CB_KIND_DARK_GREY], ==, 2);
  /* Two red lines raise the limit, but there are only 9 dice to take. */
  cb_refill_init (&refill, cb_game_from_dp_const (start), 0, 2);
  g_assert_cmpuint (refill.needed, ==, 9);

  /* Round 2: 6 dice stayed ready, the draw area is empty, 3 dice lie in the rest zone. */
  cb_refill_init (&refill, cb_game_from_dp_const (round2), 0, 0);
  g_assert_cmpuint (refill.needed, ==, 3);
  g_assert_true (refill.reshuffle);
  g_assert_cmpuint (refill.available[CB_KIND_LIGHT_GREY], ==, 2);
  g_assert_false (cb_refill_set (&refill, CB_KIND_LIGHT_GREY, 3, NULL));
  g_assert_cmpuint (cb_refill_count (&refill), ==, 3);
  action = cb_refill_dup_action (&refill, cb_game_from_dp_const (round2), 0);
  g_assert_true (cb_presenter_check (round2, action, NULL));
}

/* p. 9, 7. Einkaufen: different colours, at the card's cost, while coins last. */
static void
test_shop (void)
{
  /* Round 2, Ina has redeemed 2 credits: 2 coins, and nobody told Bob's cost yet. */
  g_autoptr(DpGame) before_buy = game_after (35);
  g_autoptr(DpGame) after_buy = game_after (36);
  g_autofree char *blue = NULL;
  g_autofree char *blue_again = NULL;
  g_autofree char *card = NULL;

  g_assert_cmpstr (script_line (35), ==, nm ("{\"player\":\"Ina\",\"buy\":\"blue\",\"cost\":2}"));
  blue = cb_presenter_dup_buy_reason (before_buy, 0, CB_COLOUR_OF (CB_KIND_BLUE));
  g_assert_null (blue);
  card = cb_presenter_dup_card_text (cb_game_from_dp_const (before_buy), CB_COLOUR_OF (CB_KIND_BLUE));
  g_assert_cmpstr (card, ==, "Bob · cost ? · 10 left");

  /* After the buy: the same colour is refused with the rule as reason, the cost is known. */
  blue_again = cb_presenter_dup_buy_reason (after_buy, 0, CB_COLOUR_OF (CB_KIND_BLUE));
  g_assert_nonnull (blue_again);
  g_assert_nonnull (strstr (blue_again, "differ"));
  g_clear_pointer (&card, g_free);
  card = cb_presenter_dup_card_text (cb_game_from_dp_const (after_buy), CB_COLOUR_OF (CB_KIND_BLUE));
  g_assert_cmpstr (card, ==, "Bob · 2 coins · 9 left");

  /* Issue 15: "The shop states a price it does not know ("A red die costs 1 coins"
   * while the card shows "cost ?")". Before Ina redeems her credits she has no coins:
   * the reason says so and names no price. */
  {
    g_autoptr(DpGame) before_redeem = game_after (34);
    g_autofree char *reason = NULL;

    g_assert_cmpstr (script_line (34), ==, nm ("{\"player\":\"Ina\",\"redeem\":2}"));
    g_assert_cmpuint (cb_game_get_coins (cb_game_from_dp_const (before_redeem), 0), ==, 0);
    reason = cb_presenter_dup_buy_reason (before_redeem, 0, CB_COLOUR_OF (CB_KIND_BLUE));
    g_assert_cmpstr (reason, ==, "No coins: redeem credits first.");
  }
}

static void
test_sentences (void)
{
  g_autoptr(DpGame) start = game_after (0);
  g_autoptr(DpGame) race = game_after (12);
  const CbGame *cb = cb_game_from_dp_const (start);
  g_autofree char *prompt = cb_presenter_dup_prompt (cb, 1);
  g_autofree char *status = cb_presenter_dup_status (cb);
  g_autofree char *round = cb_presenter_dup_round_text (cb);
  g_autofree char *swords = cb_presenter_dup_swords_text (cb_game_from_dp_const (race));
  g_autofree char *toast = cb_presenter_dup_action_text (cb, script_line (0));
  g_autofree char *dice = cb_presenter_dup_dice_text (CB_KIND_LIGHT_GREY, 1);

  g_assert_cmpstr (prompt, ==, nm ("Sami: refill your ready area from your draw area."));
  g_assert_cmpstr (status, ==, nm ("Top dog: Ina · roll section (phases 1–4), all at once: Ina and Sami still to act"));
  g_assert_cmpstr (round, ==, "Cubitos — round 1");
  /* After the collects, before any announcement. */
  g_assert_cmpstr (swords, ==, nm ("⚔ Swords: Ina ?, Sami ? — Mr. Soldier waits for everyone"));
  g_assert_cmpstr (toast, ==, nm ("Ina refilled 9 dice"));
  g_assert_cmpstr (dice, ==, "1 light grey die");

  /* Issue 23, played on phones: the phone's header took 4–5 lines at 360 px with the
   * status sentence in it. Its two short lines say the round, the section and who is to
   * act; the top dog stays in the status shown below them. */
  {
    g_autofree char *head = cb_presenter_dup_short_round (cb);
    g_autofree char *to_act = cb_presenter_dup_to_act (cb);
    g_autofree char *race_head = cb_presenter_dup_short_round (cb_game_from_dp_const (race));

    g_assert_cmpstr (head, ==, "Round 1 · roll section");
    g_assert_cmpstr (to_act, ==, nm ("To act: Ina and Sami"));
    g_assert_cmpstr (race_head, ==, "Round 1 · race section");
  }

  /* Issue 15: "Labels contradict the prompt ("phase 5 · support" while it says "move
   * your runner")". After both announced, the board names phase 6 as the prompt does. */
  {
    g_autoptr(DpGame) announced = game_after (14);
    const CbGame *g = cb_game_from_dp_const (announced);
    g_autofree char *ina = cb_presenter_dup_prompt (g, 0);

    g_assert_cmpstr (script_line (13), ==, nm ("{\"player\":\"Sami\",\"announce\":true}"));
    g_assert_cmpint (cb_game_get_phase (g, 0), ==, CB_PHASE_SUPPORT);
    g_assert_nonnull (strstr (ina, "move your runner"));
    g_assert_cmpint (cb_presenter_get_shown_phase (g, 0), ==, CB_PHASE_MOVE);
  }
}

/* Facts only the physical boards show are asked once and remembered for later races. */
static void
test_known_facts (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dicepad-cb-presenter-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "games.db", NULL);
  g_autoptr(DpStore) store = dp_store_open (path, NULL);
  g_autoptr(DpGame) game = game_after (0);
  g_autoptr(JsonObject) facts = NULL;
  g_autofree char *id = NULL;
  g_autofree char *setup = NULL;
  g_autoptr(DpGame) next = NULL;
  const char *names[] = { nm ("Ina"), nm ("Sami"), NULL };
  guint spaces[CB_FAN_LAST_SPACE];
  Script *script = read_script ();

  g_assert_nonnull (store);
  id = dp_store_create_game (store, game, NULL);
  g_assert_nonnull (id);
  /* Round 2 tells fan space 2 and Bob's cost. */
  for (guint i = 0; i < 41; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) error = NULL;

      g_assert_true (json_parser_load_from_data (parser, g_ptr_array_index (script->actions, i), -1, NULL));
      dp_store_append_action (store, id, game, json_node_get_object (json_parser_get_root (parser)), &error);
      g_assert_no_error (error);
    }
  script_free (script);

  facts = cb_presenter_dup_known_facts (store);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (facts, "costs"), "bob"), ==, 2);
  setup = cb_presenter_dup_setup (names, 2, 1, -1, 0, 1, facts);
  next = dp_game_new_from_text (setup, NULL);
  g_assert_nonnull (next);
  /* Space 1 was told in round 1 of the first race: only space 3 is still unknown. */
  g_assert_cmpuint (cb_presenter_get_untold_fan_spaces (next, 0, 3, spaces), ==, 1);
  g_assert_cmpuint (spaces[0], ==, 3);
  g_assert_cmpint (cb_game_get_cost (cb_game_from_dp_const (next), CB_COLOUR_OF (CB_KIND_BLUE)), ==, 2);
  /* The top dog starts with the seat chosen. */
  g_assert_cmpuint (cb_game_get_top_dog (cb_game_from_dp_const (next)), ==, 1);

  /* Issue 17 item 2: a store query, not a replay of the last 50 games. A fact told 60
   * races ago, in no later game, is still known (replaying 50 games forgot it). */
  for (guint i = 0; i < 60; i++)
    {
      g_autoptr(DpGame) later = game_after (0);
      g_autofree char *later_id = dp_store_create_game (store, later, NULL);

      g_assert_nonnull (later_id);
    }
  g_clear_pointer (&facts, json_object_unref);
  facts = cb_presenter_dup_known_facts (store);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (facts, "costs"), "bob"), ==, 2);
  g_assert_true (json_object_has_member (json_object_get_object_member (facts, "fan_track"), "2"));

  g_clear_object (&store);
  {
    g_autofree char *wal = g_strconcat (path, "-wal", NULL);
    g_autofree char *shm = g_strconcat (path, "-shm", NULL);
    g_unlink (path);
    g_unlink (wal);
    g_unlink (shm);
    g_rmdir (dir);
  }
}

/* Card abilities (issue "Cubitos cards") come from the engine's legal actions: the board
 * offers each one the player may use now, as a button that enters exactly that action. */
static void
test_abilities (void)
{
  /* Round 3 of the golden race up to Sami's roll with a purple team symbol. */
  g_autoptr(DpGame) game = game_after (47);
  g_autoptr(DpGame) rolling = game_after (45);
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) others = NULL;

  g_assert_cmpstr (script_line (46), ==,
                   nm ("{\"player\":\"Sami\",\"roll\":{\"light_grey\":{\"coin\":2},\"purple\":{\"team\":1},\"white\":{\"step\":1}}}"));
  /* Before the roll there is nothing but the board's own controls. */
  before = cb_presenter_dup_other_actions (cb_game_from_dp_const (rolling), 1);
  g_assert_cmpuint (before->len, ==, 0);

  g_assert_true (dp_game_apply_text (game, nm ("{\"player\":\"Sami\",\"pass\":true}"), NULL));
  others = cb_presenter_dup_other_actions (cb_game_from_dp_const (game), 1);
  /* Race 1's purple card (Rollosaurus) has a support ability: it is offered in phase 5. */
  g_assert_cmpuint (others->len, >, 0);
  /* Whatever the cards allow Sami now (a purple team symbol is active), every offered
   * action is one the engine accepts, is not one of the board's own verbs, and has a title. */
  for (guint i = 0; i < others->len; i++)
    {
      const char *text = g_ptr_array_index (others, i);
      g_autofree char *title = cb_presenter_dup_other_action_title (cb_game_from_dp_const (game), text);

      g_assert_true (cb_presenter_check (game, text, NULL));
      g_assert_null (strstr (text, "\"collect\""));
      g_assert_null (strstr (text, "\"announce\""));
      g_assert_cmpstr (title, !=, "");
    }
  g_assert_false (cb_presenter_is_mandatory (cb_game_from_dp_const (game), nm ("{\"player\":\"Sami\",\"collect\":true}")));
  g_assert_true (cb_presenter_is_mandatory (cb_game_from_dp_const (game), nm ("{\"player\":\"Sami\",\"ability\":\"bob\",\"mandatory\":true}")));
}

/* Issue 15, "Text": „"1 steps", "1 credits → 1 coins" … (use ngettext everywhere),
 * "a orange die"“. The toasts say one thing in the singular and name a die with its
 * own article. */
static void
test_toast_words (void)
{
  g_autoptr(DpGame) game = game_after (0);
  const CbGame *g = cb_game_from_dp_const (game);
  g_autofree char *buy = cb_presenter_dup_action_text (g, nm ("{\"player\":\"Ina\",\"buy\":\"orange\"}"));
  g_autofree char *redeem = cb_presenter_dup_action_text (g, nm ("{\"player\":\"Ina\",\"redeem\":1}"));
  g_autofree char *steps = cb_presenter_dup_action_text (g, nm ("{\"player\":\"Ina\",\"buy_steps\":1}"));
  g_autofree char *walked = cb_presenter_dup_action_text (g, nm ("{\"player\":\"Ina\",\"move\":1}"));

  g_assert_cmpstr (buy, ==, nm ("Ina bought an orange die"));
  g_assert_cmpstr (redeem, ==, nm ("Ina: 1 credit → 1 coin"));
  g_assert_cmpstr (steps, ==, nm ("Ina: 4 coins → 1 step"));
  g_assert_cmpstr (walked, ==, nm ("Ina moved 1 space"));

  /* qa2 play-through: after a bust Dicepad collected for the player by itself, and the
   * toast read "Jürgen collected 0 coins, 0 steps and 0 credits": nothing is "nothing". */
  {
    g_autofree char *nothing = cb_presenter_dup_action_text (g, nm ("{\"player\":\"Ina\",\"collect\":true}"));

    g_assert_cmpstr (nothing, ==, nm ("Ina collected nothing"));
  }

  /* Issue 15 item 3: a corrected cost reads as what the card prints, in the toast and
   * on the replay page; counted with ngettext. */
  {
    g_autofree char *one = cb_presenter_dup_action_text (g, nm ("{\"player\":\"Sami\",\"correct_cost\":\"blue\",\"cost\":1}"));
    g_autofree char *four = cb_presenter_dup_action_text (g, nm ("{\"player\":\"Sami\",\"correct_cost\":\"blue\",\"cost\":4}"));

    g_assert_cmpstr (one, ==, nm ("Sami: Bob costs 1 coin (as printed)"));
    g_assert_cmpstr (four, ==, nm ("Sami: Bob costs 4 coins (as printed)"));
  }
}

int
main (int   argc,
      char *argv[])
{
  dp_ui_test_init (&argc, &argv, DP_UI_TEST_ISOLATE_DIRS);

  g_test_add_func ("/cubitos-ui/presenter/roll", test_roll);
  g_test_add_func ("/cubitos-ui/presenter/refill", test_refill);
  g_test_add_func ("/cubitos-ui/presenter/shop", test_shop);
  g_test_add_func ("/cubitos-ui/presenter/sentences", test_sentences);
  g_test_add_func ("/cubitos-ui/presenter/known-facts", test_known_facts);
  g_test_add_func ("/cubitos-ui/presenter/abilities", test_abilities);
  g_test_add_func ("/cubitos-ui/presenter/toast-words", test_toast_words);

  return g_test_run ();
}
