/* test-cubitos-panel.c — a board's controls keep their places, say why they are
 * disabled, and answer Enter where a player expects it
 *
 * Issue 15, item 2: "each board's controls keep their place while a phase lasts (hide by
 * making insensitive, not by removing)"; "Buttons move under the pointer after Redeem,
 * Collect, an ability or a bonus dropdown". Issue 15, QA: "Enter does nothing in the
 * refill-count field"; "reasons for disabled buttons are only in tooltips (a touch
 * screen never shows them)".
 *
 * A run panel is shown in a window of its own on a position set up with the engine's
 * generic effects (as the core card tests do); each action the panel emits is applied
 * to the game and the panel updated, as the table page does.
 *
 * Runs with LANGUAGE=en.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cb-new-game.h"
#include "cb-run-panel.h"
#include "cb-table-page.h"
#include "dp-new-game-page.h"
#include "dp-window.h"
#include "dp-ui-test-util.h"
#include "cb-ui-test-names.h"
#include "cb-ui-test-panel.h"

enum { INA, SAMI };

typedef struct
{
  DpGame     *game;
  GtkWidget  *window;
  CbRunPanel *panel;
  guint       seat;
  guint       entered;
  char       *last;       /* the last action entered */
} Table;

/* Every button a board shows in its race section (cb-run-panel.h). */
static const char *const race_buttons[] = {
  "collect", "announce", "buy-step", "buy-steps-all", "redeem", "redeem-all", "jet", "land", "move",
  "shortcut", "rest", NULL
};

static void
action_cb (CbRunPanel *panel,
           const char *action,
           Table      *t)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (dp_game_apply_text (t->game, action, &error));
  g_assert_no_error (error);
  t->entered++;
  g_free (t->last);
  t->last = g_strdup (action);
  cb_run_panel_update (t->panel, t->game, t->seat);
}

static void
apply (Table      *t,
       const char *action)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (dp_game_apply_text (t->game, nm (action), &error));
  g_assert_no_error (error);
}

static void
table_init (Table *t,
            guint  seat)
{
  g_autoptr(GError) error = NULL;

  t->game = dp_game_replay (nm ("{\"game\":\"cubitos\",\"players\":[\"Ina\",\"Sami\"],\"race\":1,\"first\":\"Ina\"}"),
                            NULL, 0, NULL, &error);
  g_assert_no_error (error);
  t->seat = seat;
  t->entered = 0;
  t->last = NULL;
  t->panel = CB_RUN_PANEL (cb_run_panel_new ());
  g_signal_connect (t->panel, "action", G_CALLBACK (action_cb), t);
  t->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (t->window), 560, 900);
  gtk_window_set_child (GTK_WINDOW (t->window), GTK_WIDGET (t->panel));
  cb_run_panel_update (t->panel, t->game, seat);
  gtk_window_present (GTK_WINDOW (t->window));
  dp_ui_wait_mapped (t->window);
}

static void
table_clear (Table *t)
{
  gtk_window_destroy (GTK_WINDOW (t->window));
  dp_ui_iterate_until_idle ();
  g_clear_pointer (&t->game, dp_game_free);
  g_clear_pointer (&t->last, g_free);
}

/* Where each race button is, in the window. */
static GHashTable *
bounds_of_buttons (Table *t)
{
  GHashTable *bounds = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);

  dp_ui_wait_for_layout (t->window);
  for (guint i = 0; race_buttons[i] != NULL; i++)
    {
      GtkWidget *button = cb_run_panel_get_control (t->panel, race_buttons[i]);
      graphene_rect_t *rect = g_new0 (graphene_rect_t, 1);

      if (button != NULL)
        g_assert_true (gtk_widget_compute_bounds (button, t->window, rect));
      g_hash_table_insert (bounds, (gpointer) race_buttons[i], rect);
    }
  return bounds;
}

static void
assert_same_bounds (GHashTable *before,
                    GHashTable *after,
                    const char *pressed)
{
  for (guint i = 0; race_buttons[i] != NULL; i++)
    {
      const graphene_rect_t *a = g_hash_table_lookup (before, race_buttons[i]);
      const graphene_rect_t *b = g_hash_table_lookup (after, race_buttons[i]);

      /* A label may change its own width ("All: 8 Coins → 2 Steps"); where each button
       * starts and how high it is must not change. */
      if (a->origin.x != b->origin.x || a->origin.y != b->origin.y || a->size.height != b->size.height)
        g_error ("after “%s”, “%s” moved from %g,%g %gx%g to %g,%g %gx%g", pressed, race_buttons[i],
                 a->origin.x, a->origin.y, a->size.width, a->size.height,
                 b->origin.x, b->origin.y, b->size.width, b->size.height);
    }
}

/* Presses @name and checks that no race button moved. */
static void
press_in_place (Table      *t,
                const char *name)
{
  g_autoptr(GHashTable) before = bounds_of_buttons (t);
  g_autoptr(GHashTable) after = NULL;
  guint entered = t->entered;

  cb_test_press (t->panel, name);
  g_assert_cmpuint (t->entered, >, entered);
  after = bounds_of_buttons (t);
  assert_same_bounds (before, after, name);
}

/* Both boards through their roll sections, Sami's swords announced: Ina's active dice
 * show 3 coins and a step. */
static void
to_race_section (Table *t)
{
  apply (t, "{\"player\":\"Ina\",\"refill\":{\"light_grey\":7,\"dark_grey\":2}}");
  apply (t, "{\"player\":\"Ina\",\"roll\":{\"light_grey\":{\"coin\":3},\"dark_grey\":{\"step\":1}}}");
  apply (t, "{\"player\":\"Ina\",\"pass\":true}");
  apply (t, "{\"player\":\"Sami\",\"refill\":{\"light_grey\":7,\"dark_grey\":2}}");
  apply (t, "{\"player\":\"Sami\",\"roll\":{\"dark_grey\":{\"step\":1}}}");
  apply (t, "{\"player\":\"Sami\",\"pass\":true}");
  apply (t, "{\"player\":\"Sami\",\"collect\":true}");
  apply (t, "{\"player\":\"Sami\",\"announce\":true}");
  g_assert_cmpint (cb_game_get_phase (cb_game_from_dp_const (t->game), INA), ==, CB_PHASE_SUPPORT);
  cb_run_panel_update (t->panel, t->game, t->seat);
}

/* Issue 15, item 2: "no button moves under the pointer within a phase" — Redeem,
 * Collect, Announce, "4 Coins → 1 Step" (known to shift the buttons by 8 px), all the
 * credits, all the coins and a walk of one space leave every button where it was. */
static void
test_buttons_keep_place (void)
{
  Table t;
  CbGame *g;

  table_init (&t, INA);
  to_race_section (&t);
  g = cb_game_from_dp (t.game);
  /* 3 credit tokens and 9 coins from earlier rounds (p. 9: credits stay). */
  cb_game_gain (g, INA, 9, 0, 3);
  cb_run_panel_update (t.panel, t.game, INA);

  press_in_place (&t, "redeem");
  press_in_place (&t, "collect");
  press_in_place (&t, "announce");
  press_in_place (&t, "buy-step");
  press_in_place (&t, "redeem-all");
  press_in_place (&t, "buy-steps-all");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (cb_test_control (t.panel, "steps")), 1);
  press_in_place (&t, "move");
  table_clear (&t);
}

/* Issue 25, item 3.7: "an optional support ability (e.g. Smelly Cat) not yet used
 * vanishes without a word at the first walk, and its button sits below the default Walk
 * button". In phase 5 the card abilities stand above the move controls, under a heading
 * that says walking ends them; a walk that ends one unused says so (the toast's text). */
static void
test_support_ability_before_walk (void)
{
  Table t;
  CbGame *g;
  GtkWidget *ability, *land, *heading;
  graphene_rect_t ability_at, land_at;
  g_autoptr(DpGame) before = NULL;
  g_autofree char *unused = NULL;

  table_init (&t, INA);
  to_race_section (&t);
  g = cb_game_from_dp (t.game);
  /* a white die showing its team symbol: Smelly Cat, race 1's white card (p. 6) */
  g_assert_true (cb_game_take_die (g, INA, CB_KIND_WHITE, CB_ZONE_ACTIVE, CB_FACE_TEAM, -1, -1, NULL));
  cb_run_panel_update (t.panel, t.game, INA);
  cb_test_press (t.panel, "collect");
  cb_test_press (t.panel, "announce");
  g_assert_cmpint (cb_game_get_phase (cb_game_from_dp_const (t.game), INA), ==, CB_PHASE_SUPPORT);

  ability = cb_test_control (t.panel, "ability-0");
  land = cb_test_control (t.panel, "land");
  g_assert_true (gtk_widget_get_sensitive (land));
  g_assert_null (cb_run_panel_get_mandatory (t.panel));
  dp_ui_wait_for_layout (t.window);
  g_assert_true (gtk_widget_compute_bounds (ability, t.window, &ability_at));
  g_assert_true (gtk_widget_compute_bounds (land, t.window, &land_at));
  /* above Walk, the safe default */
  g_assert_cmpfloat (ability_at.origin.y + ability_at.size.height, <=, land_at.origin.y);
  heading = gtk_widget_get_first_child (gtk_widget_get_parent (ability));
  g_assert_true (GTK_IS_LABEL (heading));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (heading)), "walking ends phase 5"));

  /* Walking ends phase 5: the unused ability is named */
  before = dp_game_copy (t.game);
  cb_test_press (t.panel, "land");
  g_assert_cmpint (cb_game_get_phase (cb_game_from_dp_const (t.game), INA), !=, CB_PHASE_SUPPORT);
  unused = cb_presenter_dup_unused_text (cb_game_from_dp_const (before), cb_game_from_dp_const (t.game), INA);
  g_assert_cmpstr (unused, ==, "Smelly Cat was not used (its time is over)");
  table_clear (&t);
}

/* Issue 15, QA: "Enter does nothing in the refill-count field (it must take the
 * refill)". Enter in a count field takes the count typed and the refill with it. */
static void
test_refill_enter (void)
{
  Table t;
  GtkWidget *field;
  GtkWidget *text;
  gint64 give_up;

  table_init (&t, INA);
  field = cb_test_control (t.panel, "refill-light_grey");
  text = GTK_WIDGET (gtk_editable_get_delegate (GTK_EDITABLE (field)));
  /* 5 of 7 light grey dice: too few for the limit of 9, Refill is refused. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (field), 5);
  g_assert_false (gtk_widget_get_sensitive (cb_test_control (t.panel, "refill")));
  /* The player types 7 and presses Enter. */
  gtk_widget_grab_focus (field);
  gtk_editable_set_text (GTK_EDITABLE (field), "7");
  g_signal_emit_by_name (text, "activate");
  /* The button clicks once its pressed look has been shown. */
  give_up = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (t.entered == 0 && g_get_monotonic_time () < give_up)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (t.entered, ==, 1);
  /* p. 8: the 7 light grey dice typed and the 2 dark grey ones fill the limit of 9. */
  g_assert_cmpuint (cb_game_get_dice (cb_game_from_dp_const (t.game), INA, CB_ZONE_READY, CB_KIND_LIGHT_GREY), ==, 7);
  g_assert_cmpint (cb_game_get_phase (cb_game_from_dp_const (t.game), INA), ==, CB_PHASE_ROLL);
  table_clear (&t);
}

/* Issue 15: "reasons for disabled buttons are only in tooltips (a touch screen never
 * shows them)". In every phase of a round, each disabled button's reason is written
 * in the caption under its row. And (QA, N5: a greyed "Collect" kept its blue look after
 * Dicepad collected by itself) a disabled button never looks like the default. */
static void
assert_reasons_shown (Table      *t,
                      const char *when)
{
  static const char *const buttons[] = {
    "refill", "roll", "push", "pass", "bust", "collect", "announce", "buy-step", "buy-steps-all", "redeem",
    "redeem-all", "jet", "land", "move", "shortcut", "rest", NULL
  };

  dp_ui_iterate_until_idle ();
  for (guint i = 0; buttons[i] != NULL; i++)
    {
      GtkWidget *button = cb_run_panel_get_control (t->panel, buttons[i]);
      g_autofree char *name = g_strdup_printf ("%s-reason", buttons[i]);
      GtkWidget *caption = cb_run_panel_get_control (t->panel, name);
      const char *tooltip;

      if (button == NULL || gtk_widget_get_sensitive (button))
        continue;
      if (gtk_widget_has_css_class (button, "suggested-action"))
        g_error ("%s: “%s” is disabled but styled as the suggested default", when, buttons[i]);
      tooltip = gtk_widget_get_tooltip_text (button);
      if (caption == NULL || tooltip == NULL || tooltip[0] == '\0'
          || !gtk_widget_get_visible (caption) || !gtk_widget_get_child_visible (caption)
          || strstr (gtk_label_get_text (GTK_LABEL (caption)), tooltip) == NULL)
        g_error ("%s: “%s” is disabled without its reason in words (tooltip “%s”, caption “%s”)", when,
                 buttons[i], tooltip, caption != NULL ? gtk_label_get_text (GTK_LABEL (caption)) : "none");
    }
}

static void
test_reasons_in_words (void)
{
  Table t;

  table_init (&t, INA);
  assert_reasons_shown (&t, "refill");
  apply (&t, "{\"player\":\"Ina\",\"refill\":{\"light_grey\":7,\"dark_grey\":2}}");
  cb_run_panel_update (t.panel, t.game, INA);
  assert_reasons_shown (&t, "roll");
  apply (&t, "{\"player\":\"Ina\",\"roll\":{\"light_grey\":{\"coin\":3},\"dark_grey\":{\"step\":1}}}");
  cb_run_panel_update (t.panel, t.game, INA);
  assert_reasons_shown (&t, "push or pass");
  apply (&t, "{\"player\":\"Ina\",\"pass\":true}");
  apply (&t, "{\"player\":\"Sami\",\"refill\":{\"light_grey\":7,\"dark_grey\":2}}");
  apply (&t, "{\"player\":\"Sami\",\"roll\":{\"dark_grey\":{\"step\":1}}}");
  apply (&t, "{\"player\":\"Sami\",\"pass\":true}");
  apply (&t, "{\"player\":\"Sami\",\"collect\":true}");
  apply (&t, "{\"player\":\"Sami\",\"announce\":true}");
  cb_run_panel_update (t.panel, t.game, INA);
  assert_reasons_shown (&t, "support");
  cb_test_press (t.panel, "collect");
  assert_reasons_shown (&t, "collected");
  cb_test_press (t.panel, "announce");
  assert_reasons_shown (&t, "move");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (cb_test_control (t.panel, "steps")), 1);
  cb_test_press (t.panel, "land");
  assert_reasons_shown (&t, "shop");
  table_clear (&t);
}

/* Issue 15, QA: "'move your runner (0 steps)' shown while the move controls are
 * disabled". Ina has announced her swords, Sami not yet: the prompt says whom the move
 * waits for, and the move buttons say why they are disabled. */
static void
test_prompt_while_waiting (void)
{
  Table t;
  g_autofree char *expected = NULL;

  table_init (&t, INA);
  apply (&t, "{\"player\":\"Ina\",\"refill\":{\"light_grey\":7,\"dark_grey\":2}}");
  apply (&t, "{\"player\":\"Ina\",\"roll\":{\"light_grey\":{\"coin\":3},\"dark_grey\":{\"step\":1}}}");
  apply (&t, "{\"player\":\"Ina\",\"pass\":true}");
  apply (&t, "{\"player\":\"Sami\",\"refill\":{\"light_grey\":7,\"dark_grey\":2}}");
  apply (&t, "{\"player\":\"Sami\",\"roll\":{\"dark_grey\":{\"step\":1}}}");
  apply (&t, "{\"player\":\"Sami\",\"pass\":true}");
  cb_run_panel_update (t.panel, t.game, INA);
  cb_test_press (t.panel, "collect");
  cb_test_press (t.panel, "announce");
  g_assert_false (gtk_widget_get_sensitive (cb_test_control (t.panel, "land")));
  g_assert_false (gtk_widget_get_sensitive (cb_test_control (t.panel, "move")));
  expected = g_strdup_printf ("%s: your swords are announced; waiting for %s to announce theirs.", nm ("Ina"), nm ("Sami"));
  g_assert_cmpstr (cb_run_panel_get_prompt (t.panel), ==, expected);
  table_clear (&t);
}

/* Issue 15, QA: "Enter after a Pass lands on 'Collect and Announce Swords' (Enter must
 * never act on a control of a later phase: the focus goes to the next acting board's
 * safe default)". In the window: Sami passes last, everyone enters phase 5; the
 * keyboard goes to Ina's board. */
static const DpUiFixtureConfig ui_config = { "dicepad-cubitos-panel-XXXXXX", "CubitosPanel" };

static void
test_enter_after_pass (DpUiFixture   *f,
                       gconstpointer  data)
{
  DpNewGamePage *page;
  CbNewGame *options;
  CbTablePage *table;
  GtkWidget *pass;
  GtkWidget *focus;

  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), "win.new-game",
                                                     g_variant_new_string ("cubitos")));
  page = DP_NEW_GAME_PAGE (dp_window_get_page (f->window, "new-game"));
  dp_new_game_page_set_name (page, 0, nm ("Ina"));
  dp_new_game_page_set_name (page, 1, nm ("Sami"));
  options = CB_NEW_GAME (dp_ui_find_descendant (GTK_WIDGET (page), CB_TYPE_NEW_GAME));
  cb_new_game_set_race (options, 1);
  cb_new_game_set_first (options, INA);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), "win.start-game", NULL));
  table = CB_TABLE_PAGE (dp_window_get_page (f->window, "cubitos-table"));
  dp_ui_wait_mapped (GTK_WIDGET (table));

  /* Dicepad enters the first refills by itself (all 9 starting dice: no choice). */
  g_assert_true (cb_table_page_enter (table, nm ("{\"player\":\"Ina\",\"roll\":{\"light_grey\":{\"coin\":3},\"dark_grey\":{\"step\":1}}}")));
  g_assert_true (cb_table_page_enter (table, nm ("{\"player\":\"Ina\",\"pass\":true}")));
  g_assert_true (cb_table_page_enter (table, nm ("{\"player\":\"Sami\",\"roll\":{\"dark_grey\":{\"step\":1}}}")));
  pass = cb_run_panel_get_control (cb_table_page_get_panel (table, SAMI), "pass");
  gtk_widget_grab_focus (pass);
  /* Enter on Pass: Sami's roll section ends, and with it everyone's. */
  g_signal_emit_by_name (pass, "clicked");
  focus = gtk_root_get_focus (GTK_ROOT (f->window));
  g_assert_nonnull (focus);
  /* Not on Sami's board, where a second Enter would act in phase 5 … */
  g_assert_false (gtk_widget_is_ancestor (focus, GTK_WIDGET (cb_table_page_get_panel (table, SAMI))));
  /* … but on the next board, Ina's. */
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (cb_table_page_get_panel (table, INA))));
}

static guint
choice_position (GtkWidget  *dropdown,
                 const char *text)
{
  GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (dropdown));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), text) == 0)
      return i;
  g_error ("no choice “%s”", text);
  return 0;
}

/* Issue 15: "a landing bonus takes up to 7 widgets" — now one drop-down of the bonuses
 * in words, "No bonus" first; a choice shows only the fields it needs. */
static void
test_landing_bonus_one_control (void)
{
  Table t;
  GtkWidget *bonus;
  const char *const details[] = { "land-credits", "land-fans", "land-take", "land-max-cost", "land-cost",
                                  "lose-die-0", "lose-add", NULL };

  table_init (&t, INA);
  to_race_section (&t);
  cb_test_press (t.panel, "collect");
  cb_test_press (t.panel, "announce");
  dp_ui_iterate_until_idle ();
  bonus = cb_test_control (t.panel, "land-bonus");
  g_assert_true (gtk_widget_is_visible (bonus));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (bonus)), ==, choice_position (bonus, "No bonus"));
  for (guint i = 0; details[i] != NULL; i++)
    g_assert_false (gtk_widget_is_visible (cb_test_control (t.panel, details[i])));
  /* docs/keyboard.md: its underlined letter, B, takes the keyboard to the list (it took
   * L from Walk and Land before) */
  g_assert_true (cb_run_panel_handle_key (t.panel, GDK_KEY_b));
  g_assert_nonnull (gtk_widget_get_root (bonus));
  g_assert_nonnull (gtk_root_get_focus (gtk_widget_get_root (bonus)));
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (bonus)) == bonus
                 || gtk_widget_is_ancestor (gtk_root_get_focus (gtk_widget_get_root (bonus)), bonus));

  /* A die taken whose card's cost nobody told: the cost question, and only it. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (bonus), choice_position (bonus, "Take a blue die for free"));
  g_assert_true (gtk_widget_is_visible (cb_test_control (t.panel, "land-cost")));
  g_assert_false (gtk_widget_is_visible (cb_test_control (t.panel, "land-credits")));
  g_assert_false (gtk_widget_is_visible (cb_test_control (t.panel, "lose-die-0")));

  /* Two credits: one choice, then Walk and Land. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (bonus), choice_position (bonus, "2 credits"));
  g_assert_false (gtk_widget_is_visible (cb_test_control (t.panel, "land-cost")));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (cb_test_control (t.panel, "steps")), 1);
  cb_test_press (t.panel, "land");
  g_assert_cmpstr (t.last, ==, nm ("{\"player\":\"Ina\",\"move\":1,\"landed\":{\"credits\":2}}"));
  table_clear (&t);
}

/* Issue 27 item 1: the turn assistant beside Push and Pass — off by default, on with the
 * same switch as Calavera's (`show-assistant`), in a table's words. Ina rolled 3 light grey
 * coins and the top dog's 2 coins: 4 active dice, in danger (p. 8); 4 light grey and
 * 2 dark grey dice are left, so a push busts with (5/6)^4 (4/6)^2 = 21 %. */
static void
test_push_odds (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *expected = NULL;
  GtkWidget *odds;
  Table t;

  g_settings_reset (settings, "show-assistant");
  table_init (&t, INA);
  apply (&t, "{\"player\":\"Ina\",\"refill\":{\"light_grey\":7,\"dark_grey\":2}}");
  apply (&t, "{\"player\":\"Ina\",\"roll\":{\"light_grey\":{\"coin\":3},\"top_dog\":{\"coin2\":1}}}");
  cb_run_panel_update (t.panel, t.game, INA);
  odds = cb_test_control (t.panel, "push-odds");
  /* off by default: nothing is said */
  g_assert_false (gtk_widget_get_visible (odds));

  g_settings_set_boolean (settings, "show-assistant", TRUE);
  dp_ui_iterate_until_idle ();
  g_assert_true (gtk_widget_get_visible (odds));
  g_assert_true (gtk_widget_is_drawable (odds));
  expected = cb_presenter_dup_push_odds (cb_game_from_dp_const (t.game), INA);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (odds)), ==, expected);
  g_assert_true (g_str_has_prefix (expected, "Push: 21\u00a0% bust — if not, about +1 coin\n"
                                             "Push twice: "));

  g_settings_set_boolean (settings, "show-assistant", FALSE);
  dp_ui_iterate_until_idle ();
  g_assert_false (gtk_widget_get_visible (odds));
  g_settings_reset (settings, "show-assistant");
  table_clear (&t);
}

int
main (int   argc,
      char *argv[])
{
  dp_ui_test_init (&argc, &argv, DP_UI_TEST_GTK | DP_UI_TEST_ISOLATE_DIRS);

  g_test_add_func ("/cubitos-ui/panel/buttons-keep-place", test_buttons_keep_place);
  g_test_add_func ("/cubitos-ui/panel/refill-enter", test_refill_enter);
  g_test_add_func ("/cubitos-ui/panel/support-ability-before-walk", test_support_ability_before_walk);
  g_test_add_func ("/cubitos-ui/panel/reasons-in-words", test_reasons_in_words);
  g_test_add_func ("/cubitos-ui/panel/landing-bonus-one-control", test_landing_bonus_one_control);
  g_test_add_func ("/cubitos-ui/panel/prompt-while-waiting", test_prompt_while_waiting);
  g_test_add_func ("/cubitos-ui/panel/push-odds", test_push_odds);
  g_test_add ("/cubitos-ui/panel/enter-after-pass", DpUiFixture, &ui_config, dp_ui_fixture_setup,
              test_enter_after_pass, dp_ui_fixture_teardown);
  return g_test_run ();
}
