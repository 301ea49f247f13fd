/* test-cubitos-forms.c — the Cubitos questions that take several values: card ability
 * forms, the landing bonus with several dice given back, collecting without credits and
 * the free race on the new-game page
 *
 * The window tests press the controls a player uses and check what the store keeps and
 * what the boards show. The ability forms are also checked on a run panel of its own,
 * with positions the core's generic effects set up (as the core card tests do), so that
 * a choice the engine's legal_actions only samples can be entered.
 *
 * Runs with LANGUAGE=en: sentences are compared word for word.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "dp-application.h"
#include "dp-window.h"
#include "dp-new-game-page.h"
#include "cb-new-game.h"
#include "cb-table-page.h"
#include "cb-run-panel.h"
#include "cb-roll-entry.h"
#include "dp-ui-test-util.h"
#include "cb-ui-test-names.h"
#include "cb-panel-controls.h"
#include "cb-ui-test-panel.h"

enum { INA, SAMI };

/* The fixture's folders and application ids (dp-ui-test-util.h). */
typedef DpUiFixture Fixture;
static const DpUiFixtureConfig ui_config = { "dicepad-cubitos-forms-XXXXXX", "CubitosForms" };

static CbTablePage *
table (Fixture *f)
{
  return CB_TABLE_PAGE (dp_window_get_page (f->window, "cubitos-table"));
}

static CbRunPanel *
panel (Fixture *f,
       guint    seat)
{
  return cb_table_page_get_panel (table (f), seat);
}

static const char *
number (Fixture    *f,
        guint       seat,
        const char *what)
{
  return cb_board_view_get_text (cb_table_page_get_board (table (f), seat), what);
}

static void
set_spin (CbRunPanel *p,
          const char *name,
          int         value)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (cb_test_control (p, name)), value);
}

static void
set_dropdown (CbRunPanel *p,
              const char *name,
              guint       position)
{
  gtk_drop_down_set_selected (GTK_DROP_DOWN (cb_test_control (p, name)), position);
}

/* The ability button of @p whose label names @card. */
static const char *
ability_button (CbRunPanel *p,
                guint       card)
{
  static char name[24];
  const char *card_name = cb_presenter_card_name (card);

  for (guint i = 0; i < 32; i++)
    {
      GtkWidget *w;

      g_snprintf (name, sizeof name, "ability-%u", i);
      w = cb_run_panel_get_control (p, name);
      /* the label without its key's underscore (issue 25: one key per card ability) */
      if (w != NULL)
        {
          g_autofree char *plain = cb_controls_dup_plain (gtk_button_get_label (GTK_BUTTON (w)));

          if (strstr (plain, card_name) != NULL)
            return name;
        }
    }
  g_error ("no button for %s", card_name);
  return NULL;
}

static DpStore *
store (Fixture *f)
{
  return dp_application_get_store (f->app, NULL);
}

static GPtrArray *
stored_actions (Fixture *f,
                char   **setup)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *stored = dp_store_get_actions (store (f), dp_session_get_id (dp_window_get_session (f->window)),
                                            setup, &error);

  g_assert_no_error (error);
  return stored;
}

/* The last entry a player made: the entries Dicepad made by itself after it (a player's
 * only possible action, dp_session_get_forced()) are left out. */
static const char *
last_stored (Fixture *f)
{
  static char *last;
  g_autoptr(GPtrArray) stored = stored_actions (f, NULL);
  guint forced = dp_session_get_forced (dp_window_get_session (f->window))->len;

  g_assert_cmpuint (stored->len, >, forced);
  g_free (last);
  last = g_strdup (g_ptr_array_index (stored, stored->len - 1 - forced));
  return last;
}

static CbNewGame *
new_game_page (Fixture *f)
{
  DpNewGamePage *page;
  CbNewGame *options;

  /* These races were recorded with nobody winning the red card at 0 swords (the table's
   * "nobody" reading in Preferences, issue 25 item 5). */
  g_settings_set_boolean (dp_application_get_settings (DP_APPLICATION (f->app)), "cubitos-zero-swords-tie", FALSE);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), "win.new-game",
                                                     g_variant_new_string ("cubitos")));
  page = DP_NEW_GAME_PAGE (dp_window_get_page (f->window, "new-game"));
  dp_new_game_page_set_name (page, 0, nm ("Ina"));
  dp_new_game_page_set_name (page, 1, nm ("Sami"));
  options = CB_NEW_GAME (dp_ui_find_descendant (GTK_WIDGET (page), CB_TYPE_NEW_GAME));
  g_assert_nonnull (options);
  cb_new_game_set_first (options, INA);
  return options;
}

static void
start (Fixture *f)
{
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), "win.start-game", NULL));
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "cubitos-table");
}

static void enter_script_line (Fixture *f, GPtrArray *done, const char *line);

/* Enters @action (single quotes for double ones) as the buttons do, unless Dicepad
 * already entered it by itself (enter_script_line()). */
static void
enter (Fixture    *f,
       const char *action)
{
  g_autofree char *json = g_strdup (action);
  GPtrArray *done = g_object_get_data (G_OBJECT (dp_window_get_session (f->window)), "test-entered");

  if (done == NULL)
    {
      done = g_ptr_array_new ();
      g_object_set_data_full (G_OBJECT (dp_window_get_session (f->window)), "test-entered", done,
                              (GDestroyNotify) g_ptr_array_unref);
    }
  for (char *c = json; *c; c++)
    if (*c == '\'')
      *c = '"';
  enter_script_line (f, done, g_intern_string (nm (json)));
}

/* A script line through the table's entry point, unless Dicepad already entered it by
 * itself (a player's only possible action, docs/cubitos-notes.md "Forced actions"): it
 * is stored more often than among @done, the script lines entered before it. */
static void
enter_script_line (Fixture    *f,
                   GPtrArray  *done,
                   const char *line)
{
  g_autoptr(GPtrArray) stored = stored_actions (f, NULL);
  guint in_script = 1, in_store = 0;

  for (guint j = 0; j < done->len; j++)
    in_script += g_strcmp0 (g_ptr_array_index (done, j), line) == 0;
  for (guint j = 0; j < stored->len; j++)
    in_store += g_strcmp0 (g_ptr_array_index (stored, j), line) == 0;
  g_ptr_array_add (done, (gpointer) line);
  if (in_store < in_script)
    g_assert_true (cb_table_page_enter (table (f), line));
}

/* ---- Item: card abilities with choices, through the form ---- */

/* Pronto Bronto (glossary p. 15): „Du erhältst 2 Schritte für je 3 rote Linien zwischen
 * deinem Läufer und dem Ziel“. Only the physical track shows the red lines, so the player
 * says how many; the engine's legal actions list 0, 3 and 14 as samples. The form takes
 * any number: 7 red lines are 2 × 2 = 4 steps, and the entry is stored as entered. */
static void
test_ability_red_lines (Fixture       *f,
                        gconstpointer  data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "core", "cubitos", "scripts",
                                                 "race7-cards.jsonl", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  CbNewGame *options = new_game_page (f);
  guint json = 0;
  int pronto = cb_card_lookup ("pronto-bronto");
  g_autoptr(GPtrArray) done = g_ptr_array_new ();
  g_autofree char *steps_before = NULL;

  cb_new_game_set_race (options, 7);
  start (f);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  /* The race up to Ina's support phase with an active purple team symbol. */
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (lines[i][0] != '{' || json++ == 0)
        continue;
      if (strstr (lines[i], "pronto-bronto") != NULL)
        break;
      enter_script_line (f, done, nm (lines[i]));
    }
  steps_before = g_strdup (number (f, INA, "steps"));

  cb_test_press (panel (f, INA), ability_button (panel (f, INA), (guint) pronto));
  /* The form asks for the red lines; nothing else. */
  g_assert_nonnull (cb_run_panel_get_control (panel (f, INA), "ability-red-lines"));
  g_assert_null (cb_run_panel_get_control (panel (f, INA), "ability-lose"));
  set_spin (panel (f, INA), "ability-red-lines", 7);
  cb_test_press (panel (f, INA), "ability-use");

  g_assert_cmpstr (last_stored (f), ==, nm ("{\"player\":\"Ina\",\"ability\":\"pronto-bronto\",\"face\":\"team\",\"red_lines\":7}"));
  g_assert_cmpint (atoi (number (f, INA, "steps")), ==, atoi (steps_before) + 4);
  /* Used: the form is gone, and so is the button. */
  g_assert_null (cb_run_panel_get_control (panel (f, INA), "ability-use"));
}

static void
action_cb (CbRunPanel  *p,
           const char  *text,
           char       **out)
{
  g_free (*out);
  *out = g_strdup (text);
}

static gboolean
legal_lists (const CbGame *g,
             const char   *text)
{
  g_autoptr(GPtrArray) legal = cb_game_legal_actions (g);

  for (guint i = 0; i < legal->len; i++)
    if (g_strcmp0 (g_ptr_array_index (legal, i), text) == 0)
      return TRUE;
  return FALSE;
}

/* Lasse Liefern / Dugout (glossary p. 12, p. 11 „Würfel zum Wurf hinzufügen“): 3 dice
 * of the draw area are rolled, and the player chooses which. legal_actions lists only
 * "the first ones of the draw area"; the form lets Ina take 2 dark grey dice and her
 * blue die instead, and enter what they show. */
static void
test_ability_dice_choice (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) game = dp_game_replay (nm ("{\"game\":\"cubitos\",\"players\":[\"Ina\",\"Sami\"],\"race\":1,\"first\":\"Sami\"}"),
                                           NULL, 0, NULL, &error);
  CbGame *g;
  CbRunPanel *p = CB_RUN_PANEL (g_object_ref_sink (cb_run_panel_new ()));
  g_autofree char *entered = NULL;
  CbRollEntry *rolled;
  const char *expected =
    nm ("{\"player\":\"Ina\",\"ability\":\"dugout\",\"face\":\"team\",\"dice\":{\"dark_grey\":2,\"blue\":1},"
    "\"rolled\":{\"dark_grey\":{\"step\":1}}}");

  g_assert_no_error (error);
  g = cb_game_from_dp (game);
  /* The position, set up with the generic effects: an orange die ready, 2 more dark grey
   * dice and a blue one in the draw area. */
  g_assert_true (cb_game_take_die (g, INA, CB_KIND_ORANGE, CB_ZONE_READY, CB_FACE_BLANK, -1, -1, NULL));
  g_assert_true (cb_game_take_die (g, INA, CB_KIND_DARK_GREY, CB_ZONE_DRAW, CB_FACE_BLANK, -1, -1, NULL));
  g_assert_true (cb_game_take_die (g, INA, CB_KIND_DARK_GREY, CB_ZONE_DRAW, CB_FACE_BLANK, -1, -1, NULL));
  g_assert_true (cb_game_take_die (g, INA, CB_KIND_BLUE, CB_ZONE_DRAW, CB_FACE_BLANK, -1, -1, NULL));
  g_assert_true (dp_game_apply_text (game, nm ("{\"player\":\"Ina\",\"refill\":{\"light_grey\":7,\"dark_grey\":1}}"), NULL));
  g_assert_true (dp_game_apply_text (game, nm ("{\"player\":\"Ina\",\"roll\":{\"orange\":{\"team\":1}}}"), NULL));
  g_assert_cmpuint (cb_game_get_dice (g, INA, CB_ZONE_DRAW, CB_KIND_DARK_GREY), ==, 3);

  g_signal_connect (p, "action", G_CALLBACK (action_cb), &entered);
  cb_run_panel_update (p, game, INA);
  cb_test_press (p, ability_button (p, cb_game_get_card (g, CB_COLOUR_OF (CB_KIND_ORANGE))));
  /* Every die the draw area holds can be chosen, the blue one too. */
  g_assert_nonnull (cb_run_panel_get_control (p, "ability-dice-blue"));
  set_spin (p, "ability-dice-dark_grey", 2);
  /* 2 dice chosen of 3: the engine refuses, and the form says why. */
  g_assert_false (gtk_widget_get_sensitive (cb_test_control (p, "ability-use")));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (cb_test_control (p, "ability-reason"))), ==, "Add exactly 3 dice to the roll.");
  set_spin (p, "ability-dice-blue", 1);
  /* The roll entry follows the dice chosen: a row for dark grey and one for blue. */
  rolled = CB_ROLL_ENTRY (cb_test_control (p, "ability-rolled"));
  g_assert_nonnull (cb_roll_entry_get_field (rolled, CB_KIND_BLUE, CB_FACE_TEAM));
  g_assert_null (cb_roll_entry_get_field (rolled, CB_KIND_LIGHT_GREY, CB_FACE_COIN));
  gtk_spin_button_set_value (cb_roll_entry_get_field (rolled, CB_KIND_DARK_GREY, CB_FACE_STEP), 1);
  cb_test_press (p, "ability-use");

  g_assert_cmpstr (entered, ==, expected);
  g_assert_false (legal_lists (g, expected));
  g_assert_true (dp_game_apply_text (game, entered, &error));
  g_assert_no_error (error);
  /* p. 11: hits go to the active area, the others to the ready area. */
  g_assert_cmpuint (cb_game_get_active_faces (g, INA, CB_KIND_DARK_GREY, CB_FACE_STEP), ==, 1);
  g_assert_cmpuint (cb_game_get_dice (g, INA, CB_ZONE_READY, CB_KIND_BLUE), ==, 1);
  g_assert_cmpuint (cb_game_get_dice (g, INA, CB_ZONE_DRAW, CB_KIND_DARK_GREY), ==, 1);
  g_object_unref (p);
}

/* Edward (glossary p. 12): „Gib zuerst 1 roten Würfel ab. Nimm danach 1 Würfel … und lege
 * ihn in die Ruhezone der Person, die … am wenigsten hat.“ With three players and a tie
 * for the fewest swords, Ina chooses who gets which die and gives back a red die from
 * the area she likes; the form offers every player with the fewest swords. */
static void
test_ability_give_choice (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) game = dp_game_replay (nm ("{\"game\":\"cubitos\",\"players\":[\"Ina\",\"Sami\",\"Tom\"],\"race\":6}"),
                                           NULL, 0, NULL, &error);
  const char *names[] = { nm ("Ina"), nm ("Sami"), nm ("Tom") };
  CbGame *g;
  CbRunPanel *p = CB_RUN_PANEL (g_object_ref_sink (cb_run_panel_new ()));
  g_autofree char *entered = NULL;
  GtkDropDown *to;

  g_assert_no_error (error);
  g = cb_game_from_dp (game);
  for (guint s = 0; s < 3; s++)
    {
      g_autofree char *refill = g_strdup_printf ("{\"player\":\"%s\",\"refill\":{\"light_grey\":7,\"dark_grey\":2}}", names[s]);
      g_autofree char *roll = g_strdup_printf ("{\"player\":\"%s\",\"roll\":{}}", names[s]);
      g_autofree char *pass = g_strdup_printf ("{\"player\":\"%s\",\"pass\":true}", names[s]);

      g_assert_true (dp_game_apply_text (game, refill, NULL));
      g_assert_true (dp_game_apply_text (game, roll, NULL));
      g_assert_true (dp_game_apply_text (game, pass, NULL));
    }
  g_assert_true (cb_game_take_die (g, INA, CB_KIND_RED, CB_ZONE_ACTIVE, CB_FACE_SPECIAL, -1, -1, NULL));
  g_assert_true (cb_game_take_die (g, INA, CB_KIND_RED, CB_ZONE_REST, CB_FACE_BLANK, -1, -1, NULL));
  for (guint s = 0; s < 3; s++)
    {
      g_autofree char *announce = g_strdup_printf ("{\"player\":\"%s\",\"announce\":true}", names[s]);
      g_assert_true (dp_game_apply_text (game, announce, NULL));
    }
  g_assert_cmpint (cb_game_get_red_winner (g), ==, INA);

  g_signal_connect (p, "action", G_CALLBACK (action_cb), &entered);
  cb_run_panel_update (p, game, INA);
  cb_test_press (p, ability_button (p, cb_game_get_card (g, 0)));
  /* Sami and Tom both have the fewest swords (0). */
  to = GTK_DROP_DOWN (cb_test_control (p, "ability-give-to"));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (to)), ==, 2);
  g_assert_cmpstr (gtk_string_object_get_string (GTK_STRING_OBJECT (g_list_model_get_item (gtk_drop_down_get_model (to), 1))), ==, nm ("Tom"));
  g_object_unref (g_list_model_get_item (gtk_drop_down_get_model (to), 1));
  gtk_drop_down_set_selected (to, 1);
  /* The red die given back: the one in the rest zone (the options list Ina's dice by
   * area: draw, ready, active, rest; the red dice are 1 active and 1 at rest). */
  set_dropdown (p, "ability-lose", 1);
  /* The die given to Tom: a dark grey die from the ready area. */
  {
    GtkDropDown *give = GTK_DROP_DOWN (cb_test_control (p, "ability-give"));
    GListModel *model = gtk_drop_down_get_model (give);
    guint found = GTK_INVALID_LIST_POSITION;

    for (guint i = 0; i < g_list_model_get_n_items (model); i++)
      {
        g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);
        if (g_str_has_prefix (gtk_string_object_get_string (item), "Dark grey · ready area"))
          found = i;
      }
    g_assert_cmpuint (found, !=, GTK_INVALID_LIST_POSITION);
    gtk_drop_down_set_selected (give, found);
  }
  cb_test_press (p, "ability-use");
  /* The engine's canonical text (issue 15 item 1: one writer), which marks the
   * mandatory ability as such. */
  g_assert_cmpstr (entered, ==,
                   nm ("{\"player\":\"Ina\",\"ability\":\"crabby\",\"number\":2,\"mandatory\":true,\"lose\":{\"die\":\"red\",\"from\":\"rest\"},"
                   "\"give\":{\"die\":\"dark_grey\",\"from\":\"ready\",\"to\":\"Tom\"}}"));
  g_assert_true (dp_game_apply_text (game, entered, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (cb_game_get_dice (g, 2, CB_ZONE_REST, CB_KIND_DARK_GREY), ==, 1);
  g_assert_cmpuint (cb_game_get_dice (g, SAMI, CB_ZONE_REST, CB_KIND_DARK_GREY), ==, 0);
  g_assert_cmpuint (cb_game_get_dice (g, INA, CB_ZONE_REST, CB_KIND_RED), ==, 0);
  g_assert_cmpuint (cb_game_count_active (g, INA, CB_KIND_RED), ==, 1);
  g_object_unref (p);
}

/* ---- Items: collect without credits; a landing that gives back several colours ---- */

/* Rulebook p. 7: the coins, steps and credits the dice show are support abilities, and
 * abilities are optional; credits matter for Schlägertyp (p. 13), so the player may
 * leave the credit faces ("credits": false). p. 10: a space may show several „Würfel
 * abgeben“ symbols, each a die of the player's choice from any area. */
static void
test_collect_and_landing (Fixture       *f,
                          gconstpointer  data)
{
  CbNewGame *options = new_game_page (f);
  g_autoptr(GPtrArray) stored = NULL;
  const CbGame *g;
  guint supply_lg, supply_dg;

  cb_new_game_set_race (options, 1);
  start (f);
  enter (f, "{'player':'Ina','refill':{'light_grey':7,'dark_grey':2}}");
  /* The top dog shows its credit face (p. 12). */
  enter (f, "{'player':'Ina','roll':{'light_grey':{'coin':2},'dark_grey':{'step':1},'top_dog':{'credit':1}}}");
  enter (f, "{'player':'Ina','pass':true}");
  enter (f, "{'player':'Sami','refill':{'light_grey':7,'dark_grey':2}}");
  enter (f, "{'player':'Sami','roll':{}}");
  enter (f, "{'player':'Sami','pass':true}");

  /* "Take the credits shown" is on unless the player says otherwise. */
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (cb_test_control (panel (f, INA), "take-credits"))));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (cb_test_control (panel (f, INA), "take-credits")), FALSE);
  cb_test_press (panel (f, INA), "collect");
  g_assert_cmpstr (last_stored (f), ==, nm ("{\"player\":\"Ina\",\"collect\":true,\"credits\":false}"));
  g_assert_cmpstr (number (f, INA, "credits"), ==, "0");
  g_assert_cmpstr (number (f, INA, "coins"), ==, "2");
  g_assert_cmpstr (number (f, INA, "steps"), ==, "1");
  /* Sami's dice show no credit: nothing to leave, no question. */
  g_assert_null (cb_run_panel_get_control (panel (f, SAMI), "take-credits"));

  enter (f, "{'player':'Sami','collect':true}");
  enter (f, "{'player':'Ina','announce':true}");
  enter (f, "{'player':'Sami','announce':true}");

  g = cb_game_from_dp_const (dp_session_get_game (dp_window_get_session (f->window)));
  supply_lg = cb_game_get_supply (g, CB_KIND_LIGHT_GREY);
  supply_dg = cb_game_get_supply (g, CB_KIND_DARK_GREY);
  g_assert_cmpuint (cb_game_get_dice (g, INA, CB_ZONE_READY, CB_KIND_LIGHT_GREY), ==, 5);
  g_assert_cmpuint (cb_game_get_dice (g, INA, CB_ZONE_READY, CB_KIND_DARK_GREY), ==, 1);

  /* Ina walks her step and lands on a space that takes 3 dice: 2 light grey from her
   * ready area and 1 dark grey from her active area. */
  set_spin (panel (f, INA), "steps", 1);
  /* Issue 15: "the card-cost field comes pre-filled with 3". Had the space given a blue
   * die (nobody has told Bob's cost yet), the field starts empty: no guessed cost is
   * entered, and a free die without a cost limit needs none (p. 10). */
  set_dropdown (panel (f, INA), "land-take", 7);          /* blue (after "no die", the greys, R, O, Y, G) */
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (cb_test_control (panel (f, INA), "land-cost"))), ==, 0);
  g_assert_true (gtk_widget_get_sensitive (cb_test_control (panel (f, INA), "land")));
  set_dropdown (panel (f, INA), "land-take", 0);
  /* "Give back dice …" in the landing bonus's one drop-down shows the rows. */
  set_dropdown (panel (f, INA), "land-bonus", 16);
  g_assert_true (gtk_widget_is_visible (cb_test_control (panel (f, INA), "lose-die-0")));
  set_dropdown (panel (f, INA), "lose-die-0", 1);      /* light grey */
  set_dropdown (panel (f, INA), "lose-from-0", CB_ZONE_READY);
  set_spin (panel (f, INA), "lose-count-0", 2);
  cb_test_press (panel (f, INA), "lose-add");
  set_dropdown (panel (f, INA), "lose-die-1", 2);      /* dark grey */
  set_dropdown (panel (f, INA), "lose-from-1", CB_ZONE_ACTIVE);
  cb_test_press (panel (f, INA), "land");
  g_assert_cmpstr (last_stored (f), ==,
                   nm ("{\"player\":\"Ina\",\"move\":1,\"landed\":{\"lose\":[{\"die\":\"light_grey\",\"from\":\"ready\"},"
                   "{\"die\":\"light_grey\",\"from\":\"ready\"},{\"die\":\"dark_grey\",\"from\":\"active\"}]}}"));
  g = cb_game_from_dp_const (dp_session_get_game (dp_window_get_session (f->window)));
  g_assert_cmpuint (cb_game_get_dice (g, INA, CB_ZONE_READY, CB_KIND_LIGHT_GREY), ==, 3);
  g_assert_cmpuint (cb_game_get_dice (g, INA, CB_ZONE_ACTIVE, CB_KIND_DARK_GREY), ==, 0);
  /* Given back dice go to the supply (p. 11 „Würfel abgeben“). */
  g_assert_cmpuint (cb_game_get_supply (g, CB_KIND_LIGHT_GREY), ==, supply_lg + 2);
  g_assert_cmpuint (cb_game_get_supply (g, CB_KIND_DARK_GREY), ==, supply_dg + 1);
  stored = stored_actions (f, NULL);
  /* the 11 above, and Sami's move of 0 spaces and rest: nothing to decide with no step,
   * no coin and no credit, so Dicepad entered them */
  g_assert_cmpuint (stored->len, ==, 13);
  g_assert_true (g_ptr_array_find_with_equal_func (stored, nm ("{\"player\":\"Sami\",\"rest\":true}"), g_str_equal, NULL));
}

/* ---- Item: the free race (rulebook p. 6: a race of one card per colour) ---- */

static void
test_free_race (Fixture       *f,
                gconstpointer  data)
{
  CbNewGame *options = new_game_page (f);
  g_autofree char *setup = NULL;
  g_autoptr(GPtrArray) stored = NULL;
  const CbGame *g;
  guint chosen[CB_N_COLOURS];

  cb_new_game_set_race (options, 0);
  g_assert_cmpuint (cb_new_game_get_race (options), ==, 0);
  /* One drop-down per colour with that colour's 7 cards; the player picks, per colour,
   * the card of a different blue race. */
  for (guint c = 0; c < CB_N_COLOURS; c++)
    {
      AdwComboRow *row = cb_new_game_get_free_card_row (options, c);
      guint pick = (c * 3 + 2) % 7;

      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (row)));
      g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (row)), ==, 7);
      adw_combo_row_set_selected (row, pick);
      chosen[c] = cb_card_index (c, pick + 1);
      g_assert_cmpstr (cb_new_game_get_card_text (options, c), ==, cb_presenter_card_name (chosen[c]));
    }
  /* The Grand Finale has two finishes (p. 6): the laps follow the track. */
  adw_combo_row_set_selected (cb_new_game_get_free_track_row (options), CB_TRACK_GRAND_FINALE);
  g_assert_cmpuint (cb_new_game_get_laps (options), ==, 2);
  adw_combo_row_set_selected (cb_new_game_get_free_track_row (options), 2);
  g_assert_cmpuint (cb_new_game_get_laps (options), ==, 1);
  start (f);

  g = cb_game_from_dp_const (dp_session_get_game (dp_window_get_session (f->window)));
  g_assert_cmpuint (cb_game_get_race (g), ==, 0);
  g_assert_cmpuint (cb_game_get_track (g), ==, 2);
  for (guint c = 0; c < CB_N_COLOURS; c++)
    g_assert_cmpuint (cb_game_get_card (g, c), ==, chosen[c]);
  stored = stored_actions (f, &setup);
  /* only the first refills, all the starting dice, which Dicepad made by itself */
  g_assert_cmpuint (stored->len, ==, 2);
  g_assert_nonnull (strstr (g_ptr_array_index (stored, 0), "\"refill\""));
  g_assert_nonnull (strstr (setup, "\"race\":\"free\""));
  g_assert_nonnull (strstr (setup, cb_card (chosen[4])->key));

  /* "Play again" keeps the cards of a free race. */
  {
    g_autofree char *again = cb_presenter_dup_setup_again (g, NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(DpGame) next = dp_game_replay (again, NULL, 0, NULL, &error);

    g_assert_no_error (error);
    for (guint c = 0; c < CB_N_COLOURS; c++)
      g_assert_cmpuint (cb_game_get_card (cb_game_from_dp_const (next), c), ==, chosen[c]);
  }
}


/* ---- Every legal value can be entered in a form ---- */

static JsonObject *
parse (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();

  g_assert_true (json_parser_load_from_data (parser, text, -1, NULL));
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static CbKind
kind_of (const char *key)
{
  CbKind kind;

  g_assert_true (cb_kind_from_string (key, &kind));
  return kind;
}

static CbZone
zone_of (const char *key)
{
  CbZone zone;

  g_assert_true (cb_zone_from_string (key, &zone));
  return zone;
}

static CbFace
face_of (const char *key)
{
  CbFace face;

  g_assert_true (cb_face_from_string (key, &face));
  return face;
}

/* Enters the faces of @faces into @roll as the form's roll entry does; each must be one
 * the entry accepts (a face that colour has, no more dice than are rolled). */
static void
enter_faces (CbRoll     *roll,
             JsonObject *faces)
{
  g_autoptr(GList) kinds = json_object_get_members (faces);

  for (GList *k = kinds; k != NULL; k = k->next)
    {
      JsonObject *per_face = json_object_get_object_member (faces, k->data);
      g_autoptr(GList) names = json_object_get_members (per_face);

      for (GList *f = names; f != NULL; f = f->next)
        {
          CbFace face = face_of (f->data);
          g_autoptr(GError) error = NULL;

          if (face == CB_FACE_BLANK)
            continue;
          g_assert_true (cb_roll_set (roll, kind_of (k->data), face,
                                      (guint) json_object_get_int_member (per_face, f->data), &error));
          g_assert_no_error (error);
        }
    }
}

static void
read_fan (JsonObject *o,
          guint      *n,
          guint       spaces[CB_FAN_LAST_SPACE],
          int         told[CB_FAN_LAST_SPACE][2])
{
  JsonArray *fan = json_object_has_member (o, "fan") ? json_object_get_array_member (o, "fan") : NULL;

  *n = 0;
  for (guint i = 0; fan != NULL && i < json_array_get_length (fan); i++)
    {
      JsonObject *e = json_array_get_object_element (fan, i);

      spaces[*n] = (guint) json_object_get_int_member (e, "space");
      told[*n][0] = (int) json_object_get_int_member (e, "credits");
      told[*n][1] = (int) json_object_get_int_member (e, "supply");
      (*n)++;
    }
}

/* The legal action @text of a card ability is entered through a form: every value must
 * lie in the domain the form offers (the choosers' options, the fields' ranges), and
 * the form must build the same action. */
static void
assert_form_enters (const DpGame *game,
                    const char   *text)
{
  const CbGame *g = cb_game_from_dp_const (game);
  g_autoptr(JsonObject) o = parse (text);
  CbAbilityForm form;
  CbAbilityUse use = { 0, };
  const CbAbilityParams *info = &form.info;
  int seat = cb_game_find_player (g, json_object_get_string_member (o, "player"));
  g_autofree char *built = NULL;
  g_autofree char *normal = NULL;
  g_autoptr(JsonObject) built_o = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (seat, >=, 0);
  use.card = (guint) cb_card_lookup (json_object_get_string_member (o, "ability"));
  use.number = json_object_has_member (o, "number") ? (guint) json_object_get_int_member (o, "number") : 0;
  for (guint n = 1; use.number == 0; n++)
    if (cb_card_ability (use.card, n)->when != CB_WHEN_PASSIVE)
      use.number = n;
  use.face = json_object_has_member (o, "face") ? face_of (json_object_get_string_member (o, "face")) : CB_FACE_BLANK;
  if (!cb_ability_form_init (&form, g, (guint) seat, &use))
    g_error ("no form for %s", text);
  /* The button lists it. */
  {
    g_autoptr(GArray) uses = cb_game_list_abilities (g, (guint) seat);
    gboolean listed = FALSE;

    for (guint i = 0; i < uses->len; i++)
      {
        const CbAbilityUse *u = &g_array_index (uses, CbAbilityUse, i);
        listed |= u->card == use.card && u->number == use.number && u->face == use.face;
      }
    g_assert_true (listed);
  }

  form.lose_kind = form.lose_zone = -1;
  form.give_kind = form.give_zone = form.give_to = -1;
  form.die_kind = form.die_face = -1;
  form.other_kind = form.other_face = -1;
  form.take = -1;
  memset (form.dice, 0, sizeof form.dice);
  if (json_object_has_member (o, "lose"))
    {
      JsonObject *l = json_object_get_object_member (o, "lose");
      form.lose_kind = kind_of (json_object_get_string_member (l, "die"));
      form.lose_zone = zone_of (json_object_get_string_member (l, "from"));
      g_assert_true (info->lose_kinds & (1u << form.lose_kind));
      g_assert_true (info->lose_zones & (1u << form.lose_zone));
      g_assert_cmpuint (cb_game_get_dice (g, seat, form.lose_zone, form.lose_kind), >, 0);
    }
  if (json_object_has_member (o, "give"))
    {
      JsonObject *l = json_object_get_object_member (o, "give");
      form.give_kind = kind_of (json_object_get_string_member (l, "die"));
      form.give_zone = zone_of (json_object_get_string_member (l, "from"));
      form.give_to = cb_game_find_player (g, json_object_get_string_member (l, "to"));
      g_assert_true (info->give_kinds & (1u << form.give_kind));
      g_assert_true (info->give_zones & (1u << form.give_zone));
      g_assert_true (info->give_to & (1u << form.give_to));
      g_assert_cmpuint (cb_game_get_dice (g, seat, form.give_zone, form.give_kind), >, 0);
    }
  if (json_object_has_member (o, "die"))
    {
      form.die_kind = kind_of (json_object_get_string_member (o, "die"));
      form.die_face = face_of (json_object_get_string_member (o, "set"));
      g_assert_true (info->die_kinds & (1u << form.die_kind));
      g_assert_cmpuint (cb_kind_count_face (form.die_kind, form.die_face), >, 0);
    }
  if (json_object_has_member (o, "other"))
    {
      JsonObject *l = json_object_get_object_member (o, "other");
      form.other_kind = kind_of (json_object_get_string_member (l, "die"));
      form.other_face = face_of (json_object_get_string_member (l, "face"));
      g_assert_cmpuint (cb_game_get_active_faces (g, seat, form.other_kind, form.other_face), >, 0);
    }
  if (json_object_has_member (o, "dice"))
    {
      JsonObject *d = json_object_get_object_member (o, "dice");
      g_autoptr(GList) keys = json_object_get_members (d);
      guint total = 0;

      for (GList *k = keys; k != NULL; k = k->next)
        form.dice[kind_of (k->data)] = (guint) json_object_get_int_member (d, k->data);
      for (guint k = 0; k < CB_N_KINDS; k++)
        {
          g_assert_cmpuint (form.dice[k], >=, info->dice_min[k]);
          g_assert_cmpuint (form.dice[k], <=, info->dice_max[k]);
          total += form.dice[k];
        }
      g_assert_cmpuint (total, ==, info->dice_count);
    }
  if (json_object_has_member (o, "from"))
    {
      JsonObject *d = json_object_get_object_member (o, "from");
      g_autoptr(GList) zones = json_object_get_members (d);
      guint total = 0;

      for (GList *z = zones; z != NULL; z = z->next)
        {
          CbZone zone = zone_of (z->data);
          JsonObject *per = json_object_get_object_member (d, z->data);
          g_autoptr(GList) kinds = json_object_get_members (per);

          g_assert_true (info->from_zones & (1u << zone));
          for (GList *k = kinds; k != NULL; k = k->next)
            {
              CbKind kind = kind_of (k->data);

              g_assert_true (info->from_kinds & (1u << kind));
              if (zone != CB_ZONE_ACTIVE)
                {
                  form.from[zone][kind] = (guint) json_object_get_int_member (per, k->data);
                  g_assert_cmpuint (form.from[zone][kind], <=, cb_game_get_dice (g, seat, zone, kind));
                  total += form.from[zone][kind];
                  continue;
                }
              {
                JsonObject *faces = json_object_get_object_member (per, k->data);
                g_autoptr(GList) names = json_object_get_members (faces);

                for (GList *f = names; f != NULL; f = f->next)
                  {
                    CbFace face = face_of (f->data);
                    form.from_active[kind][face] = (guint) json_object_get_int_member (faces, f->data);
                    g_assert_cmpuint (form.from_active[kind][face], <=, cb_game_get_active_faces (g, seat, kind, face));
                    total += form.from_active[kind][face];
                  }
              }
            }
        }
      g_assert_cmpuint (total, <=, info->from_max);
    }
  cb_ability_form_sync_rolls (&form);
  if (json_object_has_member (o, "rolled"))
    enter_faces (&form.rolled, json_object_get_object_member (o, "rolled"));
  cb_ability_form_sync_rolls (&form);
  if (json_object_has_member (o, "rolled2"))
    enter_faces (&form.rolled2, json_object_get_object_member (o, "rolled2"));
  if (json_object_has_member (o, "take"))
    {
      form.take = kind_of (json_object_get_string_member (o, "take"));
      g_assert_true (info->take_kinds & (1u << form.take));
    }
  if (json_object_has_member (o, "bonus"))
    {
      JsonObject *b = json_object_get_object_member (o, "bonus");

      form.bonus.credits = (guint) json_object_get_int_member_with_default (b, "credits", 0);
      form.bonus.fans = (guint) json_object_get_int_member_with_default (b, "fans", 0);
      if (json_object_has_member (b, "take"))
        form.bonus.take = kind_of (json_object_get_string_member (b, "take"));
      form.bonus.max_cost = (int) json_object_get_int_member_with_default (b, "max_cost", -1);
      if (json_object_has_member (b, "lose"))
        {
          JsonArray *lose = json_object_get_array_member (b, "lose");
          for (guint i = 0; i < json_array_get_length (lose); i++)
            {
              JsonObject *e = json_array_get_object_element (lose, i);
              form.bonus.lose[kind_of (json_object_get_string_member (e, "die"))]
                             [zone_of (json_object_get_string_member (e, "from"))]++;
            }
        }
      form.bonus.take_cost = (int) json_object_get_int_member_with_default (o, "cost", -1);
      read_fan (o, &form.bonus.n_fan_told, form.bonus.fan_spaces, form.bonus.fan_told);
    }
  else
    {
      form.take_cost = (int) json_object_get_int_member_with_default (o, "cost", -1);
      read_fan (o, &form.n_fan_told, form.fan_spaces, form.fan_told);
      /* The fan questions the form asks are the spaces its advances enter untold. */
      if (form.n_fan_told > 0)
        {
          guint spaces[CB_FAN_LAST_SPACE];
          guint n = cb_presenter_get_untold_fan_spaces (game, seat, info->fan_advances, spaces);

          g_assert_cmpuint (n, ==, form.n_fan_told);
          g_assert_cmpmem (spaces, n * sizeof (guint), form.fan_spaces, n * sizeof (guint));
        }
    }
  form.red_lines = (guint) json_object_get_int_member_with_default (o, "red_lines", 0);
  form.finish = json_object_get_boolean_member_with_default (o, "finish", FALSE);

  built = cb_ability_form_dup_action (&form, g, (guint) seat);
  built_o = parse (built);
  normal = dp_game_normalize_action (game, built_o, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (normal, ==, text);
}

/* Random legal play over the ten races (as the core's random test plays): whenever the
 * engine lists a card ability, each listed variant is entered through its form. */
static void
test_forms_enter_every_listed_value (void)
{
  guint checked = 0, cards_seen = 0;
  guint64 seen = 0;

  for (guint game_no = 0; game_no < 30; game_no++)
    {
      g_autofree char *raw = g_strdup_printf ("{\"game\":\"cubitos\",\"players\":[\"Ina\",\"Sami\",\"Tom\"],\"race\":%u}",
                                              game_no % CB_N_RACES + 1);
      g_autofree char *setup = g_strdup (nm (raw));
      g_autoptr(GError) error = NULL;
      g_autoptr(DpGame) game = dp_game_replay (setup, NULL, 0, NULL, &error);
      const CbGame *g;

      g_assert_no_error (error);
      g = cb_game_from_dp_const (game);
      for (guint step = 0; step < 500 && !cb_game_is_finished (g); step++)
        {
          g_autoptr(GPtrArray) legal = cb_game_legal_actions (g);

          if (legal->len == 0)
            break;
          for (guint i = 0; i < legal->len; i++)
            if (strstr (g_ptr_array_index (legal, i), "\"ability\"") != NULL)
              {
                g_autoptr(JsonObject) o = parse (g_ptr_array_index (legal, i));
                int card = cb_card_lookup (json_object_get_string_member (o, "ability"));

                assert_form_enters (game, g_ptr_array_index (legal, i));
                checked++;
                if (!(seen & (G_GUINT64_CONSTANT (1) << card)))
                  cards_seen++;
                seen |= G_GUINT64_CONSTANT (1) << card;
              }
          /* Half of the time an ability when there is one, so that the positions after
           * abilities (dice added, taken, given) come up too. */
          {
            guint pick = (guint) g_test_rand_int_range (0, (gint) legal->len);

            /* Races told to end at once are short: the finish waits some rounds. */
            for (guint tries = 0; tries < 20 && step < 300
                 && strstr (g_ptr_array_index (legal, pick), "\"finish\":true") != NULL; tries++)
              pick = (guint) g_test_rand_int_range (0, (gint) legal->len);

            if (g_test_rand_bit ())
              for (guint i = 0; i < legal->len; i++)
                if (strstr (g_ptr_array_index (legal, (pick + i) % legal->len), "\"ability\"") != NULL)
                  {
                    pick = (pick + i) % legal->len;
                    break;
                  }
            g_assert_true (dp_game_apply_text (game, g_ptr_array_index (legal, pick), NULL));
          }
        }
    }
  g_test_message ("%u listed ability actions entered through forms, %u cards", checked, cards_seen);
  /* Not vacuous: abilities of many cards were met. */
  g_assert_cmpuint (checked, >, 50);
  g_assert_cmpuint (cards_seen, >, 10);
}

int
main (int   argc,
      char *argv[])
{
  dp_ui_test_init (&argc, &argv, DP_UI_TEST_GTK | DP_UI_TEST_ISOLATE_DIRS);

  g_test_add ("/cubitos-ui/forms/ability-red-lines", Fixture, &ui_config, dp_ui_fixture_setup, test_ability_red_lines, dp_ui_fixture_teardown);
  g_test_add_func ("/cubitos-ui/forms/ability-dice-choice", test_ability_dice_choice);
  g_test_add_func ("/cubitos-ui/forms/ability-give-choice", test_ability_give_choice);
  g_test_add_func ("/cubitos-ui/forms/every-listed-value", test_forms_enter_every_listed_value);
  g_test_add ("/cubitos-ui/forms/collect-and-landing", Fixture, &ui_config, dp_ui_fixture_setup, test_collect_and_landing, dp_ui_fixture_teardown);
  g_test_add ("/cubitos-ui/forms/free-race", Fixture, &ui_config, dp_ui_fixture_setup, test_free_race, dp_ui_fixture_teardown);

  return g_test_run ();
}
