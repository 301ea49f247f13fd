/* test-calavera-rules.c — every example, exception and timing rule of the Calavera rulebook
 *
 * Citations: DE = shared/rules/calavera-rules-de.txt, EN = calavera-rules-en-a.txt,
 * GD = shared/design/GAME-DATA.md, RN = docs/rules-notes.md (our decisions).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cv-test-util.h"
#include "dp-game-private.h"

#define O CV_FACE_ORANGE
#define G CV_FACE_GREEN
#define P CV_FACE_PINK
#define B CV_FACE_BLACK
#define J CV_FACE_JOKER

/* Values of the points zone (GD: "values 4, 5, 6, 8, 10", certainty high). */
#define POINTS_AT_6_CROSSES 4
#define POINTS_AT_7_CROSSES 5

/* A turn that changes little: one die of pink or black, whichever row is shorter. */
static void
idle_turn (CvGame *game)
{
  guint seat = cv_game_get_roller (game);
  CvFace color = cv_game_get_crosses (game, seat, P) <= cv_game_get_crosses (game, seat, B) ? P : B;

  g_assert_cmpint (cv_game_get_phase (game), ==, CV_PHASE_ROLL);
  roll (game, "OGPBOG");
  take (game, NULL, color);
}

/* EN "Color": "Sami's dice result shows after the third roll are: 3x orange, 2x green
 * and 1x pink. He chooses the color orange. For each of the three orange dice, make a
 * cross …" and "You must use all dice of a color." */
static void
test_example_sami_three_orange (void)
{
  g_autoptr(CvGame) game = new_game ("Sami Ina");
  CvAction action;

  roll (game, "OOGBBJ");
  reroll (game, "BBJ", "GPB");
  reroll (game, "B", "O");
  g_assert_cmpuint (cv_game_get_n_rolls (game), ==, 3);
  g_assert_cmpuint (cv_game_count_faces (game, O, FALSE), ==, 3);

  cv_action_init_take (&action, -1, O);
  action.n_dice = 2;
  assert_refused (game, &action, "All 3 orange dice must be used");

  take (game, "Sami", O);
  g_assert_cmpuint (crosses (game, "Sami", O), ==, 3);
  g_assert_cmpuint (crosses (game, "Sami", G), ==, 0);
  g_assert_cmpuint (crosses (game, "Sami", P), ==, 0);
  /* "Then your turn is over and your left neighbor is given the dice." */
  g_assert_cmpint (cv_game_get_phase (game), ==, CV_PHASE_ROLL);
  g_assert_cmpuint (cv_game_get_roller (game), ==, 1);
  g_assert_true (cv_game_must_act (game, 1));
  g_assert_false (cv_game_must_act (game, 0));
}

/* EN "Joker": "Ina's dice result shows 3 jokers, 2x orange and 1x pink after the third
 * roll. She decides to take the 3 jokers and chooses the color orange … The two orange
 * dice must not be used by Ina." and "you cannot combine the jokers with a color". */
static void
test_example_ina_three_jokers (void)
{
  g_autoptr(CvGame) game = new_game ("Ina Sami");
  CvAction action;

  roll (game, "JJJOOP");

  cv_action_init_take (&action, -1, O);
  action.n_dice = 5;
  assert_refused (game, &action,
                  "Jokers cannot be combined with orange dice: take either the orange dice or the jokers");
  cv_action_init_take_jokers (&action, -1, O);
  action.n_dice = 5;
  assert_refused (game, &action,
                  "Jokers cannot be combined with orange dice: take either the orange dice or the jokers");
  cv_action_init_take_jokers (&action, -1, O);
  action.n_dice = 2;
  assert_refused (game, &action, "All 3 jokers must be used");

  take_jokers (game, "Ina", O);
  g_assert_cmpuint (crosses (game, "Ina", O), ==, 3);
  g_assert_cmpuint (crosses (game, "Ina", P), ==, 0);
  g_assert_cmpuint (cv_game_get_roller (game), ==, 1);
}

/* EN "Skull": "Sami rolls 2x skulls and 4x orange. He enters 4 crosses in the orange
 * color series. The other players are blank because they are not allowed to enter
 * Sami's color." */
static void
test_example_sami_two_skulls (void)
{
  g_autoptr(CvGame) game = new_game ("Sami Ina Tom");

  roll (game, "OOOOSS");
  g_assert_true (cv_game_die_is_locked (game, 4));
  g_assert_true (cv_game_die_is_locked (game, 5));
  take (game, NULL, O);

  g_assert_cmpuint (crosses (game, "Sami", O), ==, 4);
  g_assert_cmpuint (crosses (game, "Ina", O), ==, 0);
  g_assert_cmpuint (crosses (game, "Tom", O), ==, 0);
  /* Nobody is asked: Ina rolls next. */
  g_assert_cmpint (cv_game_get_phase (game), ==, CV_PHASE_ROLL);
  g_assert_cmpuint (cv_game_get_roller (game), ==, 1);
}

/* DE "Calavera": "Allerdings suchst du dir als Erster von den noch übrig gebliebenen
 * Würfeln die Farbe (oder Joker) aus … Nun sind deine Mitspieler dran: Sie müssen sich
 * eine der verbleibenden Farben (oder verbleibende Joker) aussuchen … Wollen mehrere
 * Spieler dieselbe Farbe verwenden? Kein Problem … Sie dürfen nur nicht die Würfel
 * verwenden, die du bereits eingetragen hast." */
static void
test_skull_opponents_choose_from_rest (void)
{
  g_autoptr(CvGame) game = new_game ("Sami Ina Tom");
  CvAction action;

  roll (game, "OOGJPS");
  take (game, NULL, O);

  g_assert_cmpint (cv_game_get_phase (game), ==, CV_PHASE_OPPONENTS);
  g_assert_false (cv_game_must_act (game, 0));
  g_assert_true (cv_game_must_act (game, 1));
  g_assert_true (cv_game_must_act (game, 2));
  g_assert_false (cv_game_die_is_available (game, 0)); /* the orange dice Sami used */
  g_assert_cmpuint (cv_game_count_faces (game, O, TRUE), ==, 0);

  assert_take_refused (game, "Ina", O, "Ina must choose from the dice Sami did not take");
  /* Opponents say who marks (docs/game-script.md). */
  assert_take_refused (game, NULL, G, "Say which player marks: Ina, Tom must mark from the dice Sami did not take");
  /* Freezing and passing belong to the roller. */
  cv_action_init_freeze (&action, 1, G);
  assert_refused (game, &action, "Only the roller can freeze, in their own turn");
  cv_action_init_pass (&action, 1);
  assert_refused (game, &action, "Ina cannot pass: after skulls, every player who can mark must mark");
  assert_take_refused (game, "Sami", G, "Sami's roll is over; waiting for Ina, Tom to mark");

  take (game, "Ina", G);
  g_assert_false (cv_game_must_act (game, 1));
  assert_take_refused (game, "Ina", P, "Ina does not have to act now; waiting for Tom");
  /* The same colour as Ina: allowed. */
  take (game, "Tom", G);

  g_assert_cmpuint (crosses (game, "Ina", G), ==, 1);
  g_assert_cmpuint (crosses (game, "Tom", G), ==, 1);
  g_assert_cmpuint (crosses (game, "Sami", O), ==, 2);
  g_assert_cmpint (cv_game_get_phase (game), ==, CV_PHASE_ROLL);
  g_assert_cmpuint (cv_game_get_roller (game), ==, 1);
}

/* DE "Calavera": the jokers the roller leaves are there for the others too ("oder
 * verbleibende Joker"), all of them as one colour. */
static void
test_skull_opponent_takes_left_jokers (void)
{
  g_autoptr(CvGame) game = new_game ("Sami Ina");

  roll (game, "OOGJJS");
  take (game, NULL, O);
  take_jokers (game, "Ina", B);
  g_assert_cmpuint (crosses (game, "Ina", B), ==, 2);
}

/* DE: "Dann musst du bei jedem Wurf alle Würfel, die den Totenkopf zeigen, zur Seite
 * legen. Du darfst sie in deinem Zug nicht nochmal werfen." */
static void
test_skulls_cannot_be_rerolled (void)
{
  g_autoptr(CvGame) game = new_game ("Sami Ina");
  CvFace picked[2] = { CV_FACE_SKULL, O }, result[2] = { O, O };
  CvAction action;

  roll (game, "OGPBJS");
  cv_action_init_reroll (&action, -1, 2, picked, result);
  assert_refused (game, &action, "Skulls cannot be re-rolled");

  /* Picking up dice that are not there */
  picked[0] = G; picked[1] = G;
  cv_action_init_reroll (&action, -1, 2, picked, result);
  assert_refused (game, &action, "Only 1 die shows green");

  reroll (game, "OGPBJ", "OOOOO");
  /* The skull is still there after the re-roll. */
  g_assert_cmpuint (cv_game_count_faces (game, CV_FACE_SKULL, FALSE), ==, 1);
  g_assert_cmpuint (cv_game_count_faces (game, O, FALSE), ==, 5);
}

/* DE: "Du darfst sie bis zu zweimal neu würfeln … Spätestens nach dem dritten Wurf ist
 * aber Schluss." */
static void
test_no_fourth_roll (void)
{
  g_autoptr(CvGame) game = new_game ("Sami Ina");
  CvFace picked[1] = { O }, result[1] = { G };
  CvAction action;

  roll (game, "OOOOOO");
  g_assert_true (cv_game_can_reroll (game));
  reroll (game, "O", "G");
  reroll (game, "O", "G");
  g_assert_false (cv_game_can_reroll (game));
  cv_action_init_reroll (&action, -1, 1, picked, result);
  assert_refused (game, &action, "No more re-rolls: Sami has already rolled three times");

  /* Rolling afresh is no way round it either. */
  cv_action_init_roll (&action, -1, (CvFace[]) { O, O, O, O, O, O });
  assert_refused (game, &action, "Sami has already rolled; to roll again, pick up dice for a re-roll");
}

/* DE "Der Fluch des Totenschädels": "Hast du drei oder mehr Totenköpfe gewürfelt? …
 * Dein Zug endet sofort und deine Mitspieler müssen dein Würfelergebnis verwenden." —
 * even when re-rolls remain (RN). */
static void
test_three_skulls_end_turn (void)
{
  g_autoptr(CvGame) game = new_game ("Sami Ina Tom");

  roll (game, "OGPBJS");
  reroll (game, "OG", "SS");

  g_assert_cmpint (cv_game_get_phase (game), ==, CV_PHASE_OPPONENTS);
  g_assert_false (cv_game_must_act (game, 0));
  assert_take_refused (game, "Sami", P, "Sami's roll is over; waiting for Ina, Tom to mark");

  /* The others must use the result: all non-skull dice are theirs. */
  take_jokers (game, "Ina", O);
  take (game, "Tom", P);
  g_assert_cmpuint (crosses (game, "Sami", P), ==, 0);
  g_assert_cmpuint (crosses (game, "Ina", O), ==, 1);
  g_assert_cmpuint (crosses (game, "Tom", P), ==, 1);
  g_assert_cmpuint (cv_game_get_roller (game), ==, 1);
}

/* DE "Sonderfall": "Manchmal passiert es, dass du 3 Totenköpfe und mindestens zwei Joker
 * würfelst. Da du 3 Totenköpfe gewürfelt hast, nutzen dir die Joker nichts und du darfst
 * nichts einfrieren." */
static void
test_three_skulls_two_jokers_cannot_freeze (void)
{
  g_autoptr(CvGame) game = new_game ("Sami Ina");
  CvAction action;

  turn_take (game, "OOOOOO", O);   /* Sami: orange in the points zone */
  turn_take (game, "GGGGGG", G);   /* Ina */
  roll (game, "SSSJJO");

  cv_action_init_freeze (&action, -1, O);
  assert_refused (game, &action, "Say which player marks: Ina must mark from the dice Sami did not take");
  cv_action_init_freeze (&action, 0, O);
  assert_refused (game, &action, "Sami's roll is over; waiting for Ina to mark");
  g_assert_false (cv_game_row_is_frozen (game, 0, O));

  /* Ina must use the jokers or the orange die. */
  take_jokers (game, "Ina", B);
  g_assert_cmpuint (crosses (game, "Ina", B), ==, 2);
  g_assert_false (cv_game_row_is_frozen (game, 0, O));
}

/* DE "Ausnahme": "Wenn ihr eine Farbreihe bereits ausgefüllt oder eingefroren habt und
 * keine andere Farbe eintragen könnt, müsst ihr nichts machen." and EN "This color row
 * only you have frozen. Your opponents may continue to enter crosses in this color row." */
static void
test_cannot_mark_skipped_and_frozen_per_player (void)
{
  g_autoptr(CvGame) game = new_game ("Sami Ina Tom");

  idle_turn (game);                     /* Sami */
  idle_turn (game);                     /* Ina */
  turn_take (game, "GGGGGG", G);        /* Tom: green 6, points zone */
  idle_turn (game);
  idle_turn (game);
  roll (game, "JJOPBB");                /* Tom freezes green at 4 */
  freeze (game, G);
  g_assert_true (cv_game_row_is_frozen (game, 2, G));
  g_assert_cmpint (cv_game_get_row_points (game, 2, G), ==, POINTS_AT_6_CROSSES);

  /* Sami: skull, takes orange; only green dice are left. Tom cannot mark green, so
   * he is never asked; Ina must mark. */
  roll (game, "OGGGGS");
  take (game, NULL, O);
  g_assert_true (cv_game_must_act (game, 1));
  g_assert_false (cv_game_must_act (game, 2));
  assert_take_refused (game, "Tom", G, "Tom does not have to act now; waiting for Ina");

  /* Tom's frozen green does not stop Ina. */
  take (game, "Ina", G);
  g_assert_cmpuint (crosses (game, "Ina", G), ==, 4);
  g_assert_cmpuint (crosses (game, "Tom", G), ==, 6);
  g_assert_cmpuint (cv_game_get_roller (game), ==, 1);

  /* And Tom himself cannot mark his frozen row. */
  idle_turn (game);                     /* Ina */
  roll (game, "GGOPBB");
  assert_take_refused (game, "Tom", G, "Tom's green row is frozen");
}

/* DE "Rettet eure Punkte": "Für die Punkte 4, 5 und 6 brauchst du mindestens 2 Joker. Für
 * die Punkte 8 und 10 brauchst du mindestens 3 Joker … Dafür wählst du alle deine
 * gewürfelten Joker und umkreist das letzte Kreuz … darfst du keine Kreuze … machen." */
static void
test_freeze_rules (void)
{
  g_autoptr(CvGame) game = new_game ("Ina Sami");
  CvAction action;

  turn_take (game, "OOOOOO", O);        /* Ina orange 6 */
  idle_turn (game);
  turn_take (game, "OOOGGB", O);        /* Ina orange 9: box 9, 8 points */
  idle_turn (game);
  turn_take (game, "PPPOGB", P);        /* Ina pink 3: before the points zone */
  idle_turn (game);

  roll (game, "JJGGBS");
  cv_action_init_freeze (&action, -1, O);
  assert_refused (game, &action, "Freezing at 8 points needs 3 jokers; you have 2");
  cv_action_init_freeze (&action, -1, P);
  assert_refused (game, &action,
                  "Only a row whose last cross stands in the points zone can be frozen; Ina's pink row has 3 crosses");
  cv_action_init_freeze (&action, -1, B);
  assert_refused (game, &action,
                  "Only a row whose last cross stands in the points zone can be frozen; Ina's black row has 0 crosses");
  cv_action_init_freeze (&action, 1, O);
  assert_refused (game, &action, "It is Ina's turn, not Sami's");

  reroll (game, "G", "J");
  freeze (game, O);
  g_assert_true (cv_game_row_is_frozen (game, 0, O));
  g_assert_cmpuint (crosses (game, "Ina", O), ==, 9);   /* no crosses that turn */
  g_assert_cmpint (cv_game_get_row_points (game, 0, O), ==, cv_sheet_get_box (8)->value);

  /* The jokers are used; with a skull showing Sami marks from the rest. */
  g_assert_cmpint (cv_game_get_phase (game), ==, CV_PHASE_OPPONENTS);
  cv_action_init_take_jokers (&action, 1, O);
  assert_refused (game, &action, "Sami must choose from the dice Ina did not take");
  take (game, "Sami", G);

  /* Frozen is final: no more crosses, no second freeze. */
  idle_turn (game);                     /* Sami */
  roll (game, "JJJOOS");
  cv_action_init_freeze (&action, -1, O);
  assert_refused (game, &action, "Ina's orange row is already frozen");
  assert_take_refused (game, NULL, O, "Ina's orange row is frozen");
}

/* DE "Ups, du bist in der Todeszone gelandet?": "Dann frierst du sie jetzt sofort ein.
 * Kreise das letzte Kreuz … ein." and "Musst du mehr Kreuze machen, als es freie Felder
 * gibt? Dann kreuze einfach so viele Felder an wie möglich … die restlichen Würfel
 * verfallen." */
static void
test_death_zone_and_overflow (void)
{
  g_autoptr(CvGame) game = new_game ("Ina Sami");
  CvAction action;
  CvPreview preview;
  g_autoptr(GError) error = NULL;

  turn_take (game, "OOOOOO", O);        /* Ina orange 6 */
  turn_take (game, "GGGGGG", G);        /* Sami green 6 */
  turn_take (game, "OOOOGB", O);        /* Ina orange 10 */
  turn_take (game, "GGGGGB", G);        /* Sami green 11: death zone */

  g_assert_true (cv_game_row_is_frozen (game, 1, G));
  g_assert_cmpint (cv_game_get_row_points (game, 1, G), ==, cv_sheet_get_box (10)->value);

  roll (game, "OOOOOG");
  cv_action_init_take (&action, -1, O);
  g_assert_true (cv_game_preview (game, &action, &preview, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (preview.crosses_before, ==, 10);
  g_assert_cmpuint (preview.crosses_after, ==, CV_ROW_LENGTH);
  g_assert_cmpuint (preview.crosses_lost, ==, 2);
  g_assert_true (preview.freezes);
  g_assert_true (preview.reaches_death_zone);
  g_assert_cmpint (preview.row_points_after, ==, cv_sheet_get_box (CV_ROW_LENGTH - 1)->value);

  take (game, NULL, O);
  g_assert_cmpuint (crosses (game, "Ina", O), ==, CV_ROW_LENGTH);
  g_assert_true (cv_game_row_is_frozen (game, 0, O));
  g_assert_cmpint (cv_game_get_row_points (game, 0, O), ==, cv_sheet_get_box (CV_ROW_LENGTH - 1)->value);
}

/* Builds the four rows of every seat in four rounds: in round r each roller takes
 * @rows[seat][r] dice of colour r (1–6). Must start at seat 0's roll. */
static void
build_rows (CvGame      *game,
            const guint  rows[][CV_N_COLORS])
{
  guint n_players = cv_game_get_n_players (game);

  for (guint r = 0; r < CV_N_COLORS; r++)
    for (guint s = 0; s < n_players; s++)
      {
        char letters[CV_N_DICE + 1] = "";
        const char *color_letters = "OGPB";

        g_assert_cmpuint (cv_game_get_roller (game), ==, s);
        for (guint i = 0; i < CV_N_DICE; i++)
          letters[i] = i < rows[s][r] ? color_letters[r] : color_letters[(r + 1) % CV_N_COLORS];
        turn_take (game, letters, r);
      }
}

/* DE "Die Bonus-Jagd": "Hast du als Erster alle vier Farbreihen bis zur Bonuslinie
 * gefüllt? … Deine Mitspieler streichen diesen Bonuspunkt durch … Sobald sie alle vier
 * Farbreihen bis zur Bonuslinie gefüllt haben, erhalten sie … die kleinen Bonuspunkte."
 * "Dabei ist es nicht schlimm, wenn ihr … bereits Kreuze über die Bonuslinie gemacht habt." */
static void
test_bonus_first_and_later (void)
{
  g_autoptr(CvGame) game = new_game ("Ina Sami");
  const guint rows[][CV_N_COLORS] = { { 3, 4, 3, 5 }, { 3, 3, 3, 2 } };
  const CvBonusLine *line = cv_sheet_get_bonus_line (0);

  build_rows (game, rows);
  g_assert_cmpint (cv_game_get_bonus_state (game, 0, 0), ==, CV_BONUS_WON_FIRST);
  g_assert_cmpint (cv_game_get_bonus_state (game, 1, 0), ==, CV_BONUS_STRUCK);
  g_assert_cmpint (cv_game_get_bonus_points (game, 0), ==, line->first_value);
  g_assert_cmpint (cv_game_get_bonus_points (game, 1), ==, 0);
  g_assert_cmpint (cv_game_get_bonus_state (game, 0, 1), ==, CV_BONUS_OPEN);

  idle_turn (game);                             /* Ina */
  turn_take (game, "BOOOOO", B);                /* Sami black 3 */
  g_assert_cmpint (cv_game_get_bonus_state (game, 1, 0), ==, CV_BONUS_WON_LATER);
  g_assert_cmpint (cv_game_get_bonus_points (game, 1), ==, line->later_value);
  /* GD: 4/5/6 for the first, 2/3/4 later. */
  g_assert_cmpint (line->first_value, ==, 4);
  g_assert_cmpint (line->later_value, ==, 2);
  g_assert_cmpint (cv_game_get_total (game, 0), ==, 4);
  g_assert_cmpint (cv_game_get_total (game, 1), ==, 2);
}

/* DE "Hinweis": "Bekommst du die Bonuspunkte in deinem eigenen Zug, können deine
 * Mitspieler nur noch die kleinen Bonuspunkte erhalten. Selbst dann, wenn sie durch den
 * Totenkopf jetzt direkt passend ankreuzen können!" */
static void
test_bonus_roller_first_in_own_turn (void)
{
  g_autoptr(CvGame) game = new_game ("Ina Sami");
  const guint rows[][CV_N_COLORS] = { { 3, 3, 3, 2 }, { 3, 3, 3, 2 } };
  CvAction action;
  CvPreview preview;

  build_rows (game, rows);
  g_assert_cmpint (cv_game_get_bonus_state (game, 0, 0), ==, CV_BONUS_OPEN);

  roll (game, "BJSOGP");
  cv_action_init_take (&action, -1, B);
  g_assert_true (cv_game_preview (game, &action, &preview, NULL));
  g_assert_cmpuint (preview.bonus_lines_reached, ==, 1);
  g_assert_cmpint (preview.bonus_points_gained, ==, cv_sheet_get_bonus_line (0)->first_value);

  take (game, NULL, B);
  g_assert_cmpint (cv_game_get_bonus_state (game, 0, 0), ==, CV_BONUS_WON_FIRST);
  take_jokers (game, "Sami", B);
  g_assert_cmpuint (crosses (game, "Sami", B), ==, 3);
  g_assert_cmpint (cv_game_get_bonus_state (game, 1, 0), ==, CV_BONUS_WON_LATER);
  g_assert_cmpint (cv_game_get_bonus_points (game, 1), ==, cv_sheet_get_bonus_line (0)->later_value);
}

/* DE "Hinweis": "Bekommen mehrere Mitspieler in einem fremden Spielzug gleichzeitig als
 * Erste Bonuspunkte, erhalten sie alle die vollen Punkte." */
static void
test_bonus_several_opponents_first (void)
{
  g_autoptr(CvGame) game = new_game ("Ina Sami Tom");
  const guint rows[][CV_N_COLORS] = { { 1, 1, 1, 1 }, { 3, 3, 3, 2 }, { 3, 3, 3, 1 } };

  build_rows (game, rows);
  roll (game, "SSSBBB");                /* Ina: the curse */
  take (game, "Tom", B);
  g_assert_cmpint (cv_game_get_bonus_state (game, 2, 0), ==, CV_BONUS_WON_FIRST);
  g_assert_cmpint (cv_game_get_bonus_state (game, 1, 0), ==, CV_BONUS_STRUCK);
  take (game, "Sami", B);
  g_assert_cmpint (cv_game_get_bonus_state (game, 1, 0), ==, CV_BONUS_WON_FIRST);
  g_assert_cmpint (cv_game_get_bonus_state (game, 0, 0), ==, CV_BONUS_STRUCK);
  g_assert_cmpint (cv_game_get_bonus_points (game, 1), ==, cv_sheet_get_bonus_line (0)->first_value);
  g_assert_cmpint (cv_game_get_bonus_points (game, 2), ==, cv_sheet_get_bonus_line (0)->first_value);
}

/* DE "Spielende": "Das Spiel endet sofort, sobald einer von euch in allen vier
 * Farbreihen Punkte eingefroren hat. Beendest du das Spiel in deinem Zug, dürfen deine
 * Mitspieler nichts mehr ankreuzen." "Jeder von euch, der in einer Farbreihe sein letztes
 * Kreuz in der Punktezone stehen hat, darf die … Punkte noch werten." "Bei Gleichstand
 * gibt es mehrere Gewinner." Also the exception "müsst ihr nichts machen" (Ina, all of
 * whose matching rows are frozen, is skipped after Sami's curses). */
static void
test_end_in_own_turn_and_tie (void)
{
  g_autoptr(CvGame) game = new_game ("Ina Sami");
  const char *freeze_rolls[] = { "JJSOGP", "JJSGOP", "JJSPOG", "JJSBOG" };
  CvAction action;
  int expected;

  turn_take (game, "OOOOOO", O);
  turn_take (game, "OOOOOO", O);
  turn_take (game, "GGGGGG", G);
  turn_take (game, "GGGGGG", G);
  turn_take (game, "PPPPPP", P);
  turn_take (game, "PPPPPP", P);
  turn_take (game, "BBBBBB", B);   /* Ina reaches lines 1 and 2 first */
  turn_take (game, "BBBBBB", B);   /* Sami later */
  g_assert_cmpint (cv_game_get_bonus_state (game, 0, 1), ==, CV_BONUS_WON_FIRST);
  g_assert_cmpint (cv_game_get_bonus_state (game, 1, 1), ==, CV_BONUS_WON_LATER);

  for (guint c = 0; c < CV_N_COLORS; c++)
    {
      roll (game, freeze_rolls[c]);
      freeze (game, c);
      if (c < 3)
        {
          /* Sami marks one die of the same colour from the rest. */
          take (game, "Sami", c);
          g_assert_cmpuint (crosses (game, "Sami", c), ==, 7);
          /* Sami's own turn: a curse with colours Ina has frozen — Ina is skipped —
           * or, last time round, one black die. */
          if (c < 2)
            roll (game, c == 0 ? "SSSOOO" : "SSSOGG");
          else
            turn_take (game, "BGGGGG", B);
          g_assert_cmpuint (cv_game_get_roller (game), ==, 0);
          g_assert_cmpint (cv_game_get_phase (game), ==, CV_PHASE_ROLL);
        }
    }

  /* Ina froze her fourth row in her own turn with a skull showing: over at once. */
  g_assert_true (cv_game_is_finished (game));
  g_assert_false (cv_game_must_act (game, 0));
  g_assert_false (cv_game_must_act (game, 1));
  g_assert_cmpuint (crosses (game, "Sami", B), ==, 7);

  /* Ina: four frozen rows at 4, bonus lines 1 and 2 first (4 + 5).
   * Sami: four unfrozen rows with the last cross on box 7 (5 each), lines 1 and 2 later
   * (2 + 3). */
  expected = 4 * POINTS_AT_6_CROSSES + 4 + 5;
  g_assert_cmpint (cv_game_get_total (game, 0), ==, expected);
  for (guint c = 0; c < CV_N_COLORS; c++)
    g_assert_cmpint (cv_game_get_row_points (game, 1, c), ==, POINTS_AT_7_CROSSES);
  g_assert_cmpint (cv_game_get_total (game, 1), ==, 4 * POINTS_AT_7_CROSSES + 2 + 3);
  g_assert_cmpint (cv_game_get_total (game, 1), ==, expected);
  g_assert_true (cv_game_is_winner (game, 0));
  g_assert_true (cv_game_is_winner (game, 1));
  g_assert_cmpuint (cv_game_get_rank (game, 0), ==, 1);
  g_assert_cmpuint (cv_game_get_rank (game, 1), ==, 1);

  cv_action_init_roll (&action, -1, (CvFace[]) { O, O, O, O, O, O });
  assert_refused (game, &action, "The game is over");
  g_assert_cmpuint (legal_len (game), ==, 0);
}

/* Plays Sami (seat 1 of Ina, Sami, Tom) to three rows frozen by the death zone (green,
 * pink, black at 12 crosses) and orange at 10, while Ina and Tom idle. Ends at Ina's roll. */
static CvGame *
game_with_sami_near_the_end (void)
{
  CvGame *game = new_game ("Ina Sami Tom");
  const char *sami_rolls[] = { "GGGGGG", "GGGGGG", "PPPPPP", "PPPPPP",
                               "BBBBBB", "BBBBBB", "OOOOOO", "OOOOGP" };
  const CvFace sami_takes[] = { G, G, P, P, B, B, O, O };

  for (guint i = 0; i < G_N_ELEMENTS (sami_rolls); i++)
    {
      idle_turn (game);
      turn_take (game, sami_rolls[i], sami_takes[i]);
      idle_turn (game);
    }

  g_assert_cmpuint (cv_game_get_n_frozen_rows (game, 1), ==, 3);
  g_assert_cmpuint (crosses (game, "Sami", O), ==, 10);
  g_assert_cmpuint (cv_game_get_roller (game), ==, 0);
  return game;
}

/* DE "Spielende": "Frieren mehrere Mitspieler in deinem Spielzug ihre letzte Farbreihe
 * ein, endet das Spiel, sobald alle Mitspieler ihre Kreuze gemacht haben." (RN: also when
 * only one of them freezes, the others still mark.) */
static void
test_end_by_opponent_after_all_marked (void)
{
  g_autoptr(CvGame) game = game_with_sami_near_the_end ();

  roll (game, "SSSOOO");                /* Ina's curse */
  take (game, "Sami", O);
  g_assert_true (cv_game_row_is_frozen (game, 1, O));
  g_assert_cmpuint (cv_game_get_n_frozen_rows (game, 1), ==, 4);
  /* Not over yet: Tom still marks. */
  g_assert_false (cv_game_is_finished (game));
  g_assert_true (cv_game_must_act (game, 2));
  take (game, "Tom", O);
  g_assert_cmpuint (crosses (game, "Tom", O), ==, 3);
  g_assert_true (cv_game_is_finished (game));
  g_assert_false (cv_game_must_act (game, 0));
}

/* DE "Spielende": "Beendest du das Spiel in deinem Zug, dürfen deine Mitspieler nichts
 * mehr ankreuzen." — here by landing in the death zone, with a skull showing. Final
 * scoring: "Zählt nun alle eure Punkte in den Punktefeldern zusammen. Zählt die
 * Bonus-Punkte dazu"; a row before the points zone scores nothing. */
static void
test_end_by_roller_death_zone (void)
{
  g_autoptr(CvGame) game = game_with_sami_near_the_end ();
  g_autoptr(JsonObject) stats = NULL;
  g_autoptr(JsonObject) ina_stats = NULL;
  int sami_rows = 0;

  idle_turn (game);                     /* Ina */
  roll (game, "OOOPGS");                /* Sami */
  take (game, NULL, O);
  g_assert_true (cv_game_is_finished (game));
  for (guint s = 0; s < 3; s++)
    g_assert_false (cv_game_must_act (game, s));
  g_assert_cmpuint (crosses (game, "Ina", P) + crosses (game, "Ina", B), ==, 9);

  /* Sami: four rows frozen in the death zone; the values come from the sheet table. */
  g_assert_cmpint (cv_game_get_row_points (game, 1, G), ==, cv_sheet_get_box (11)->value);
  g_assert_cmpint (cv_game_get_row_points (game, 1, O), ==, cv_sheet_get_box (12)->value);
  for (guint c = 0; c < CV_N_COLORS; c++)
    sami_rows += cv_game_get_row_points (game, 1, c);
  g_assert_cmpint (cv_game_get_total (game, 1), ==, sami_rows + cv_game_get_bonus_points (game, 1));

  /* Statistics keys (History and statistics issue: "how often each bonus line was won
   * first, freezes vs death-zone finishes"): Sami's four rows all ended in the death
   * zone, and nobody else ever had all four rows up to a bonus line, so Sami was first
   * at each of the three lines. */
  stats = cv_game_kind.seat_stats (game, 1);
  g_assert_cmpint (json_object_get_int_member (stats, "frozen_rows"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (stats, "death_rows"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (stats, "bonus1_first"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (stats, "bonus2_first"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (stats, "bonus3_first"), ==, 1);
  ina_stats = cv_game_kind.seat_stats (game, 0);
  g_assert_cmpint (json_object_get_int_member (ina_stats, "death_rows"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (ina_stats, "bonus1_first"), ==, 0);

  /* Ina: pink 5 and black 4, both before the points zone: 0 points, no bonus. */
  g_assert_cmpint (cv_game_get_total (game, 0), ==, 0);
  g_assert_cmpuint (cv_game_get_rank (game, 0), ==, cv_game_get_total (game, 1) > 0 ? 2 : 1);
  g_assert_cmpint (cv_game_is_winner (game, 1), ==, cv_game_get_total (game, 1) >= 0);
}

/* RN "Pass": the roller may pass only when nothing else is legal — no re-roll left and
 * no colour, joker or freeze possible (DE "Ausnahme": "… und keine andere Farbe eintragen
 * könnt, müsst ihr nichts machen"). With a skull showing the opponents still mark. */
static void
test_pass_only_when_nothing_else (void)
{
  g_autoptr(CvGame) game = game_with_sami_near_the_end ();
  CvAction action;
  g_autoptr(GArray) legal = NULL;

  idle_turn (game);                     /* Ina */
  roll (game, "GGPPBS");                /* Sami: only frozen colours */
  cv_action_init_pass (&action, -1);
  assert_refused (game, &action, "Sami cannot pass: a re-roll is still possible");
  reroll (game, "G", "P");
  reroll (game, "P", "B");

  legal = cv_game_legal_actions (game);
  g_assert_cmpuint (legal->len, ==, 1);
  g_assert_cmpint (g_array_index (legal, CvAction, 0).type, ==, CV_ACTION_PASS);
  apply_ok (game, &action);

  /* The skull still makes Tom and Ina mark from all the dice. */
  g_assert_cmpint (cv_game_get_phase (game), ==, CV_PHASE_OPPONENTS);
  g_assert_true (cv_game_must_act (game, 0));
  g_assert_true (cv_game_must_act (game, 2));
  take (game, "Ina", G);
  take (game, "Tom", B);
  g_assert_cmpuint (cv_game_get_roller (game), ==, 2);

  /* Passing with a legal choice at the third roll is refused. */
  roll (game, "OGPBJJ");
  reroll (game, "O", "O");
  reroll (game, "O", "O");
  assert_refused (game, &action, "Tom cannot pass: a colour, the jokers or a freeze can still be chosen");
}

/* EN "Game Play": turns go "in a clockwise direction"; acting out of turn, unknown
 * seats and entering a choice before the roll are refused. */
static void
test_out_of_turn (void)
{
  g_autoptr(CvGame) game = new_game ("Ina Sami");
  CvAction action;

  cv_action_init_roll (&action, 1, (CvFace[]) { O, O, O, O, O, O });
  assert_refused (game, &action, "It is Ina's turn, not Sami's");
  action.player = 7;
  assert_refused (game, &action, "There is no player number 7 in this game");
  assert_take_refused (game, NULL, O, "Ina must roll the dice first");
  cv_action_init_pass (&action, -1);
  assert_refused (game, &action, "Ina must roll the dice first");

  roll (game, "OOGGPS");
  assert_take_refused (game, NULL, B, "No die shows black");
  cv_action_init_take (&action, -1, CV_FACE_SKULL);
  assert_refused (game, &action, "Skulls cannot be marked");
  cv_action_init_take_jokers (&action, -1, O);
  assert_refused (game, &action, "No die shows a joker");

  /* Garbage in a typed action is refused, never a crash. */
  action.type = 42;
  assert_refused (game, &action, "Unknown action");
  cv_action_init_take (&action, -1, 99);
  assert_refused (game, &action, NULL);
  cv_action_init_reroll (&action, -1, 1, (CvFace[]) { O }, (CvFace[]) { 77 });
  assert_refused (game, &action, "Unknown die face");
  action.n_dice = 9;
  assert_refused (game, &action, NULL);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/calavera/rules/example-sami-three-orange", test_example_sami_three_orange);
  g_test_add_func ("/calavera/rules/example-ina-three-jokers", test_example_ina_three_jokers);
  g_test_add_func ("/calavera/rules/example-sami-two-skulls", test_example_sami_two_skulls);
  g_test_add_func ("/calavera/rules/skull-opponents-choose-from-rest", test_skull_opponents_choose_from_rest);
  g_test_add_func ("/calavera/rules/skull-opponent-takes-left-jokers", test_skull_opponent_takes_left_jokers);
  g_test_add_func ("/calavera/rules/skulls-cannot-be-rerolled", test_skulls_cannot_be_rerolled);
  g_test_add_func ("/calavera/rules/no-fourth-roll", test_no_fourth_roll);
  g_test_add_func ("/calavera/rules/three-skulls-end-turn", test_three_skulls_end_turn);
  g_test_add_func ("/calavera/rules/three-skulls-two-jokers-cannot-freeze", test_three_skulls_two_jokers_cannot_freeze);
  g_test_add_func ("/calavera/rules/cannot-mark-skipped-frozen-per-player", test_cannot_mark_skipped_and_frozen_per_player);
  g_test_add_func ("/calavera/rules/freeze", test_freeze_rules);
  g_test_add_func ("/calavera/rules/death-zone-overflow", test_death_zone_and_overflow);
  g_test_add_func ("/calavera/rules/bonus-first-later", test_bonus_first_and_later);
  g_test_add_func ("/calavera/rules/bonus-roller-first-in-own-turn", test_bonus_roller_first_in_own_turn);
  g_test_add_func ("/calavera/rules/bonus-several-opponents-first", test_bonus_several_opponents_first);
  g_test_add_func ("/calavera/rules/end-in-own-turn-tie", test_end_in_own_turn_and_tie);
  g_test_add_func ("/calavera/rules/end-by-opponent-after-all-marked", test_end_by_opponent_after_all_marked);
  g_test_add_func ("/calavera/rules/end-by-roller-death-zone", test_end_by_roller_death_zone);
  g_test_add_func ("/calavera/rules/pass-only-when-nothing-else", test_pass_only_when_nothing_else);
  g_test_add_func ("/calavera/rules/out-of-turn", test_out_of_turn);

  return g_test_run ();
}
