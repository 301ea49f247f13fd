/* test-table.c — a game of Calavera played through the window's own actions
 *
 * Issue "Calavera at the table", Tests: "play a short scripted game through the UI's
 * actions and check the sheets' model and the turn text; a disabled option has its
 * reason; undo restores the previous sheet; resume after closing the window restores
 * the game." Every step goes through what a player uses: the win.* actions, the dice
 * entry's dice.* actions (the same code the keys and clicks run) and the choice buttons.
 *
 * Runs with LANGUAGE=en (the turn sentences are compared word for word).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <sqlite3.h>

#include "dp-application.h"
#include "dp-store-private.h"
#include "dp-window.h"
#include "dp-new-game-page.h"
#include "dp-result-page.h"
#include "dp-history-page.h"
#include "dp-statistics-page.h"
#include "cv-table-page.h"
#include "cv-presenter.h"
#include "dp-ui-test-util.h"

enum { INA, SAMI };

/* The fixture's folders and application ids (dp-ui-test-util.h). */
typedef DpUiFixture Fixture;
static const DpUiFixtureConfig ui_config = { "dicepad-ui-XXXXXX", "Test" };

static CvTablePage *
table (Fixture *f)
{
  return CV_TABLE_PAGE (dp_window_get_page (f->window, "table"));
}

static CvTurnPanel *
panel (Fixture *f)
{
  return cv_table_page_get_turn_panel (table (f));
}

static const CvSheetModel *
sheet (Fixture *f,
       guint    seat)
{
  return cv_sheet_view_get_model (cv_table_page_get_sheet (table (f), seat));
}

static void
activate (Fixture    *f,
          const char *action,
          GVariant   *target)
{
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), action, target));
}

static void
start_game (Fixture    *f,
            const char *first,
            const char *second)
{
  DpNewGamePage *page;

  activate (f, "win.new-game", g_variant_new_string ("calavera"));
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "new-game");
  page = DP_NEW_GAME_PAGE (dp_window_get_page (f->window, "new-game"));
  dp_new_game_page_set_name (page, 0, first);
  dp_new_game_page_set_name (page, 1, second);
  g_assert_true (dp_new_game_page_is_valid (page));
  activate (f, "win.start-game", NULL);
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "table");
}

/* Types a roll like a player: one face key after the other, then Enter. */
static void
enter_dice (Fixture    *f,
            const char *letters)
{
  CvDiceEntry *entry = cv_turn_panel_get_dice_entry (panel (f));

  /* Dice picked up by click: confirm the pick-up, then say what they show now. */
  if (cv_dice_entry_get_reroll_stage (entry) == CV_REROLL_PICK)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (entry), "dice.confirm", NULL));
  for (const char *p = letters; *p != '\0'; p++)
    {
      CvFace face;

      g_assert_true (cv_face_from_letter ((gunichar) *p, &face));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (entry), "dice.face", "i", (gint32) face));
    }
  g_assert_true (cv_dice_entry_is_complete (entry));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (entry), "dice.confirm", NULL));
}

/* A player's group of choices: a box that starts with the heading ("Sami must mark"). */
/* The choice button titled @title in the group headed @heading. */
static GtkWidget *
choice_button (Fixture    *f,
               const char *heading,
               const char *title)
{
  GtkWidget *group = dp_ui_find_group (GTK_WIDGET (panel (f)), heading);
  GtkWidget *found;

  g_assert_nonnull (group);
  found = dp_ui_find_titled_button (group, title);
  g_assert_nonnull (found);
  return found;
}

static void
choose (Fixture    *f,
        const char *heading,
        const char *title)
{
  GtkWidget *button = choice_button (f, heading, title);

  g_assert_true (gtk_widget_is_sensitive (button));
  /* What a click does (gtk_widget_activate() would only click after an animation). */
  g_signal_emit_by_name (button, "clicked");
}

static const char *
turn_text (Fixture *f)
{
  return cv_turn_panel_get_turn_text (panel (f));
}

/* Rules (en-a): "Sami's dice ... 3x orange, 2x green and 1x pink. He chooses the color
 * orange. For each of the three orange dice, make a cross"; skulls: "you are the first
 * to choose ... Now it's their turn: They must choose one of the remaining colors". */
static void
test_scripted_turns (Fixture       *f,
                     gconstpointer  data)
{
  GtkWidget *button;
  const char *tooltip;

  start_game (f, "Ina", "Sami");
  g_assert_cmpuint (cv_table_page_get_n_sheets (table (f)), ==, 2);
  g_assert_cmpstr (sheet (f, INA)->name, ==, "Ina");
  g_assert_true (sheet (f, INA)->active);
  g_assert_false (sheet (f, SAMI)->active);
  g_assert_cmpstr (turn_text (f), ==, "Ina's turn — roll 1 of 3: enter the six dice");
  g_assert_cmpstr (dp_window_get_subtitle (f->window), ==, "Calavera — round 1");

  /* A roll with one skull: the skull is set aside, the others may be re-rolled. */
  enter_dice (f, "OOOGJS");
  g_assert_cmpint (cv_dice_entry_get_mode (cv_turn_panel_get_dice_entry (panel (f))), ==, CV_DICE_ENTRY_REROLL);
  g_assert_true (cv_dice_entry_get_locked (cv_turn_panel_get_dice_entry (panel (f)), 5));
  g_assert_cmpint (cv_dice_entry_get_face (cv_turn_panel_get_dice_entry (panel (f)), 5), ==, CV_FACE_SKULL);
  g_assert_cmpstr (turn_text (f), ==,
                   "Ina's turn — roll 1 of 3: choose first or re-roll; skulls: the others mark after you");

  /* Issue 14: only what is legal is a button; why the rest is not possible is one
   * expander. No die shows pink. */
  g_assert_null (dp_ui_find_titled_button (dp_ui_find_group (GTK_WIDGET (panel (f)), "Ina chooses"), "Take Pink"));
  tooltip = cv_turn_panel_get_reasons (panel (f));
  g_assert_nonnull (strstr (tooltip, "Take Pink: "));
  /* An enabled one previews what it does. */
  button = choice_button (f, "Ina chooses", "Take Orange");
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "3 crosses in orange");

  choose (f, "Ina chooses", "Take Orange");
  g_assert_cmpuint (sheet (f, INA)->crosses[CV_FACE_ORANGE], ==, 3);
  g_assert_cmpuint (sheet (f, SAMI)->crosses[CV_FACE_ORANGE], ==, 0);

  /* Skulls: Sami must mark from what Ina left (not her orange). */
  g_assert_cmpstr (turn_text (f), ==, "Skulls: Sami must mark one of: 1× green, 1× joker");
  g_assert_true (sheet (f, SAMI)->must_act);
  g_assert_null (dp_ui_find_titled_button (dp_ui_find_group (GTK_WIDGET (panel (f)), "Sami must mark"), "Take Orange"));
  g_assert_nonnull (strstr (cv_turn_panel_get_reasons (panel (f)), "Sami — Take Orange: "));
  g_assert_null (dp_ui_find_titled_button (dp_ui_find_group (GTK_WIDGET (panel (f)), "Sami must mark"), "Pass"));

  /* The jokers as pink: a compact button "✿ pink" with its key. */
  choose (f, "Sami must mark", "✿ pink");
  g_assert_cmpuint (sheet (f, SAMI)->crosses[CV_FACE_PINK], ==, 1);
  g_assert_true (sheet (f, SAMI)->active);
  g_assert_cmpstr (turn_text (f), ==, "Sami's turn — roll 1 of 3: enter the six dice");

  /* Undo restores the previous sheet and the duty; redo brings the entry back. */
  activate (f, "win.undo", NULL);
  g_assert_cmpuint (sheet (f, SAMI)->crosses[CV_FACE_PINK], ==, 0);
  g_assert_cmpstr (turn_text (f), ==, "Skulls: Sami must mark one of: 1× green, 1× joker");
  activate (f, "win.redo", NULL);
  g_assert_cmpuint (sheet (f, SAMI)->crosses[CV_FACE_PINK], ==, 1);

  /* Undo all the way back to before the first roll. */
  for (guint i = 0; i < 3; i++)
    activate (f, "win.undo", NULL);
  g_assert_cmpuint (sheet (f, INA)->crosses[CV_FACE_ORANGE], ==, 0);
  g_assert_cmpstr (turn_text (f), ==, "Ina's turn — roll 1 of 3: enter the six dice");
  g_assert_false (dp_session_can_undo (dp_window_get_session (f->window)));
}

/* Rules (en-a): "After the third roll, you have to keep the dice rolled." */
static void
test_third_roll_ends_rolling (Fixture       *f,
                              gconstpointer  data)
{
  CvDiceEntry *entry;

  start_game (f, "Ina", "Sami");
  entry = cv_turn_panel_get_dice_entry (panel (f));
  enter_dice (f, "OOGGPB");

  /* Re-roll: pick up dice 1 and 2 (the number keys' action), say what they show now. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (entry), "dice.toggle", "i", 0));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (entry), "dice.toggle", "i", 1));
  g_assert_true (cv_dice_entry_get_picked (entry, 0));
  g_assert_false (cv_dice_entry_is_complete (entry));
  enter_dice (f, "PP");
  g_assert_cmpstr (turn_text (f), ==, "Ina's turn — roll 2 of 3: choose what to mark, or re-roll");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (entry), "dice.toggle", "i", 0));
  enter_dice (f, "B");
  g_assert_cmpstr (turn_text (f), ==, "Ina's turn — roll 3 of 3: choose what to mark");
  g_assert_cmpint (cv_dice_entry_get_mode (entry), ==, CV_DICE_ENTRY_SHOW);
}

/* Rules (en-a), "The Curse of the Dead Skull": "Did you roll three or more skulls? ...
 * you are not allowed to enter anything ... The other players must use your dice". */
static void
test_three_skulls (Fixture       *f,
                   gconstpointer  data)
{
  GtkWidget *button;

  start_game (f, "Ina", "Sami");
  enter_dice (f, "OOGSSS");
  g_assert_cmpstr (turn_text (f), ==,
                   "Ina rolled three skulls and marks nothing. Skulls: Sami must mark one of: 2× orange, 1× green");
  g_assert_cmpint (cv_dice_entry_get_mode (cv_turn_panel_get_dice_entry (panel (f))), ==, CV_DICE_ENTRY_SHOW);
  /* Sami may not freeze: that is only in one's own turn; he gets no freeze button at all. */
  button = choice_button (f, "Sami must mark", "Take Orange");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "2 crosses in orange");
  choose (f, "Sami must mark", "Take Orange");
  g_assert_cmpuint (sheet (f, SAMI)->crosses[CV_FACE_ORANGE], ==, 2);
  g_assert_cmpuint (sheet (f, INA)->crosses[CV_FACE_ORANGE], ==, 0);
  g_assert_cmpstr (turn_text (f), ==, "Sami's turn — roll 1 of 3: enter the six dice");
}

/* Issue: "Start-up offers to resume an unfinished game; closing the window mid-game
 * loses nothing." */
static void
test_resume_after_close (Fixture       *f,
                         gconstpointer  data)
{
  g_autofree char *id = NULL;

  start_game (f, "Ina", "Sami");
  enter_dice (f, "GGGPBS");
  choose (f, "Ina chooses", "Take Green");
  id = g_strdup (dp_session_get_id (dp_window_get_session (f->window)));
  dp_ui_fixture_close_window (f);

  dp_ui_fixture_open_window (f);
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "start");
  activate (f, "win.resume", g_variant_new_string (id));
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "table");
  g_assert_cmpuint (sheet (f, INA)->crosses[CV_FACE_GREEN], ==, 3);
  g_assert_cmpstr (turn_text (f), ==, "Skulls: Sami must mark one of: 1× pink, 1× black");

  /* Undo reaches back past the restart, to the first roll. */
  activate (f, "win.undo", NULL);
  activate (f, "win.undo", NULL);
  g_assert_cmpuint (sheet (f, INA)->crosses[CV_FACE_GREEN], ==, 0);
  g_assert_cmpstr (turn_text (f), ==, "Ina's turn — roll 1 of 3: enter the six dice");
}

/* Issue 27 item 4: "after a crash the start page needs Tab×6 to reach Resume (Resume
 * should have the focus)". The window goes without a close request (as in a crash), a
 * new one opens on the start page: the keyboard is on the newest game's Resume, so
 * Enter resumes it. */
static void
test_resume_has_focus_after_crash (Fixture       *f,
                                   gconstpointer  data)
{
  g_autofree char *id = NULL;
  GtkWidget *focus;

  start_game (f, "Ina", "Sami");
  enter_dice (f, "GGGPBS");
  id = g_strdup (dp_session_get_id (dp_window_get_session (f->window)));
  gtk_window_destroy (GTK_WINDOW (f->window));
  dp_ui_iterate_until_idle ();
  f->window = NULL;

  dp_ui_fixture_open_window (f);
  dp_ui_wait_mapped (GTK_WIDGET (f->window));
  dp_ui_iterate_until_idle ();
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "start");
  focus = gtk_root_get_focus (GTK_ROOT (f->window));
  g_assert_nonnull (focus);
  g_assert_true (GTK_IS_BUTTON (focus));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (focus)), ==, "win.resume");
  g_assert_cmpstr (g_variant_get_string (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (focus)), NULL), ==, id);
}

static const char letters[] = "OGPB";

/* One of Ina's rows X to frozen, with Sami's turns in between (rules: 3 skulls make
 * the others mark; freezing with 3 jokers at 8 points: "8 and 10 need 3 jokers"). */
static void
play_row (Fixture *f,
          guint    row,
          gboolean last)
{
  char six[7], three[7], jokers[7], sami[7];
  static const char *const titles[] = { "Take Orange", "Take Green", "Take Pink", "Take Black" };
  static const char *const freezes[] = { "❄ orange", "❄ green", "❄ pink", "❄ black" };
  char other = letters[(row + 1) % 4];

  memset (six, letters[row], 6); six[6] = '\0';
  g_snprintf (three, sizeof three, "%c%c%cSSS", letters[row], letters[row], letters[row]);
  g_snprintf (jokers, sizeof jokers, "JJJ%c%c%c", other, other, other);
  memset (sami, letters[(row + 2) % 4], 6); sami[6] = '\0';

  enter_dice (f, six);
  choose (f, "Ina chooses", titles[row]);
  enter_dice (f, three);
  choose (f, "Ina must mark", titles[row]);
  g_assert_cmpuint (sheet (f, INA)->crosses[row], ==, 9);
  enter_dice (f, jokers);
  choose (f, "Ina chooses", freezes[row]);
  g_assert_true (sheet (f, INA)->frozen[row]);
  g_assert_cmpint (sheet (f, INA)->row_points[row], ==, 8);
  if (!last)
    {
      enter_dice (f, sami);
      choose (f, "Sami chooses", titles[(row + 2) % 4]);
    }
}

/* Rules (en-a), "End of the Game": "The game ends as soon as one of the players has
 * frozen points in all four color rows ... The player with the most points wins." */
static void
test_full_game (Fixture       *f,
                gconstpointer  data)
{
  DpResultPage *result;

  start_game (f, "Ina", "Sami");
  for (guint row = 0; row < 4; row++)
    play_row (f, row, row == 3);

  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "result");
  result = DP_RESULT_PAGE (dp_window_get_page (f->window, "result"));
  g_assert_cmpuint (dp_result_page_get_n_rows (result), ==, 2);
  g_assert_cmpuint (dp_result_page_get_row_seat (result, 0), ==, INA);
  g_assert_cmpstr (dp_result_page_get_row_rank_text (result, 0), ==, "1.");
  g_assert_cmpstr (dp_result_page_get_row_rank_text (result, 1), ==, "2.");
  g_assert_true (g_str_has_prefix (dp_result_page_get_headline (result), "Ina wins with "));

  /* The game is stored as finished: nothing left to resume. */
  activate (f, "win.show-start", NULL);
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "start");

  /* Play again with the same players, same seats. */
  activate (f, "win.play-again", NULL);
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "table");
  g_assert_cmpstr (sheet (f, INA)->name, ==, "Ina");
  g_assert_cmpstr (sheet (f, SAMI)->name, ==, "Sami");
  g_assert_cmpint (sheet (f, INA)->total, ==, 0);
}

/* ---- The turn assistant (issue 8): "optional ... off by default; a toggle in the turn
 * panel and in Preferences" ---- */

/* Every label the assistant shows now, visible ones only, joined by newlines. */
static char *
assistant_shown_text (Fixture *f)
{
  GtkWidget *box = GTK_WIDGET (cv_turn_panel_get_assistant_box (panel (f)));
  GString *out = g_string_new (NULL);
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  if (!gtk_widget_is_visible (box))
    return g_string_free (out, FALSE);

  /* Depth first, in order. */
  g_ptr_array_add (stack, box);
  while (stack->len > 0)
    {
      GtkWidget *widget = g_ptr_array_steal_index (stack, stack->len - 1);
      g_autoptr(GPtrArray) children = g_ptr_array_new ();

      if (!gtk_widget_get_visible (widget))
        continue;
      if (GTK_IS_LABEL (widget) && gtk_label_get_text (GTK_LABEL (widget))[0] != '\0')
        {
          if (out->len > 0)
            g_string_append_c (out, '\n');
          g_string_append (out, gtk_label_get_text (GTK_LABEL (widget)));
        }
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        g_ptr_array_add (children, child);
      for (guint i = children->len; i > 0; i--)
        g_ptr_array_add (stack, g_ptr_array_index (children, i - 1));
    }
  return g_string_free (out, FALSE);
}

/* The line of the assistant that starts with @prefix, or NULL. */
static char *
assistant_line (Fixture    *f,
                const char *prefix)
{
  g_autofree char *shown = assistant_shown_text (f);
  g_auto(GStrv) lines = g_strsplit (shown, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return g_strdup (lines[i]);
  return NULL;
}

static gboolean
has_assistant_line (Fixture    *f,
                    const char *prefix)
{
  g_autofree char *line = assistant_line (f, prefix);

  return line != NULL;
}

/* The first advice of a game builds the points model's tables in a worker thread
 * (docs/assistant.md): the panel shows its placeholder until they are there. Runs the
 * main loop until the advice is shown. */
static void
wait_for_advice (Fixture *f)
{
  for (guint i = 0; i < 100000 && cv_turn_panel_get_assistant_text (panel (f)) == NULL; i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (cv_turn_panel_get_assistant_text (panel (f)));
}

/* The die showing @face that is not picked up yet. */
static guint
die_showing (CvDiceEntry *entry,
             CvFace       face)
{
  for (guint i = 0; i < CV_N_DICE; i++)
    if (cv_dice_entry_get_face (entry, i) == (int) face && !cv_dice_entry_get_picked (entry, i))
      return i;
  g_assert_not_reached ();
}

/* Rolling @k dice once with one skull set aside and one joker kept (docs/assistant.md:
 * every face 1/6): P(3+ skulls) and P(not cursed, 2+ jokers), as binomial and trinomial
 * sums written out here. */
static void
closed_odds (guint   k,
             double *curse,
             double *jokers)
{
  static const double fact[] = { 1, 1, 2, 6, 24, 120, 720 };

  *curse = *jokers = 0;
  for (guint j = 0; j <= k; j++)
    for (guint s = 0; j + s <= k; s++)
      {
        double p = fact[k] / (fact[j] * fact[s] * fact[k - j - s]) *
                   pow (1 / 6.0, j + s) * pow (4 / 6.0, k - j - s);

        if (1 + s >= 3)
          *curse += p;
        else if (1 + j >= 2)
          *jokers += p;
      }
}

static char *
percent_text (double p)
{
  int percent = (int) floor (p * 100 + 0.5);

  if (percent <= 0 && p > 1e-12)
    return g_strdup ("<\u00a01\u00a0%");
  return g_strdup_printf ("%d\u00a0%%", percent);
}

/* Issue 8: "an optional assistant (off by default ...)": nothing is shown and nothing
 * is computed until it is switched on. */
static void
test_assistant_off_by_default (Fixture       *f,
                               gconstpointer  data)
{
  GSettings *settings = dp_application_get_settings (f->app);
  GtkWidget *toggle;
  g_autofree char *shown = NULL;

  g_settings_reset (settings, "show-assistant");
  start_game (f, "Ina", "Sami");
  enter_dice (f, "OOGJPS");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (cv_turn_panel_get_dice_entry (panel (f))),
                                             "dice.toggle", "i", 0));

  toggle = dp_ui_find_descendant (GTK_WIDGET (panel (f)), GTK_TYPE_SWITCH);
  g_assert_nonnull (toggle);
  g_assert_true (gtk_widget_get_visible (toggle));
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (toggle)));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (cv_turn_panel_get_assistant_box (panel (f)))));
  g_assert_null (cv_turn_panel_get_assistant_text (panel (f)));
  shown = assistant_shown_text (f);
  g_assert_cmpstr (shown, ==, "");
}

/* Issue 8: "shown in the turn panel in plain words ("Picking up 3 dice: 9 % curse risk,
 * 41 % at least 2 jokers")", for the dice the player picks up, as they pick them up. */
static void
test_assistant_live_selection (Fixture       *f,
                               gconstpointer  data)
{
  GSettings *settings = dp_application_get_settings (f->app);
  CvDiceEntry *entry;
  GtkWidget *toggle;
  g_autofree char *best = NULL;
  g_autofree char *hint = NULL;
  static const CvFace picks[] = { CV_FACE_ORANGE, CV_FACE_ORANGE, CV_FACE_GREEN };

  g_settings_reset (settings, "show-assistant");
  start_game (f, "Ina", "Sami");

  /* The toggle in the turn panel turns on the same setting as Preferences. */
  toggle = dp_ui_find_descendant (GTK_WIDGET (panel (f)), GTK_TYPE_SWITCH);
  gtk_switch_set_active (GTK_SWITCH (toggle), TRUE);
  g_assert_true (g_settings_get_boolean (settings, "show-assistant"));
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (cv_turn_panel_get_assistant_box (panel (f)))));
  /* Never computed on the main thread: until the tables are built, the placeholder. */
  if (cv_turn_panel_get_assistant_text (panel (f)) == NULL)
    g_assert_true (has_assistant_line (f, "The odds for this turn will appear here."));
  wait_for_advice (f);

  /* Before the first roll: six dice, no skull yet. */
  {
    g_autofree char *first = assistant_line (f, "First roll: ");
    g_assert_nonnull (first);
  }

  entry = cv_turn_panel_get_dice_entry (panel (f));
  enter_dice (f, "OOGJPS");
  /* best and next best — or, when their worths read the same, a tie said as one (issue 27) */
  best = assistant_line (f, "Best: ");
  if (best == NULL)
    {
      best = assistant_line (f, "Tie: ");
      g_assert_nonnull (best);
      g_assert_nonnull (strstr (best, " each)."));
    }
  else
    g_assert_nonnull (strstr (best, "Next best: "));
  /* issue 27 item 2: the worth in points, e.g. "(+3.2 points expected)" */
  g_assert_nonnull (strstr (best, " points expected"));
  hint = assistant_line (f, "Select the dice");
  g_assert_nonnull (hint);

  /* Pick up orange, orange, green one by one: the sentence follows each click. */
  for (guint k = 1; k <= G_N_ELEMENTS (picks); k++)
    {
      double curse, jokers;
      g_autofree char *curse_text = NULL;
      g_autofree char *jokers_text = NULL;
      g_autofree char *expected = NULL;
      g_autofree char *line = NULL;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (entry), "dice.toggle", "i",
                                                 (gint32) die_showing (entry, picks[k - 1])));
      closed_odds (k, &curse, &jokers);
      curse_text = percent_text (curse);
      jokers_text = percent_text (jokers);
      expected = g_strdup_printf (k == 1 ? "Picking up %u die: %s curse risk this roll, %s at least 2 jokers; "
                                         : "Picking up %u dice: %s curse risk this roll, %s at least 2 jokers; ",
                                  k, curse_text, jokers_text);
      line = assistant_line (f, "Picking up ");
      g_assert_true (g_str_has_prefix (line, expected));
      /* and the whole turn's, said as such (issue 27 item 2) */
      g_assert_true (g_str_has_suffix (line, " curse risk this turn"));
    }
  /* 3 dice: 7 % and 41 % by the formulas above. */
  {
    g_autofree char *three = assistant_line (f, "Picking up ");
    g_assert_true (g_str_has_prefix (three, "Picking up 3 dice: 7\u00a0% curse risk this roll, 41\u00a0% at least 2 jokers; "));
  }

  /* Escape puts the dice back: the hint returns. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (entry), "dice.clear", NULL));
  g_assert_false (has_assistant_line (f, "Picking up "));
  g_assert_true (has_assistant_line (f, "Select the dice"));

  /* Switched off in Preferences (the same key): hidden, nothing computed. */
  g_settings_set_boolean (settings, "show-assistant", FALSE);
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (toggle)));
  g_assert_null (cv_turn_panel_get_assistant_text (panel (f)));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (cv_turn_panel_get_assistant_box (panel (f)))));
  g_settings_reset (settings, "show-assistant");
}

/* Issue 8: "The same for the opponents after skulls: which of the remaining groups is
 * best for each of them." Rules (en-a): after three skulls "The other players must use
 * your dice". */
static void
test_assistant_opponents (Fixture       *f,
                          gconstpointer  data)
{
  GSettings *settings = dp_application_get_settings (f->app);
  g_autofree char *advice = NULL;

  g_settings_set_boolean (settings, "show-assistant", TRUE);
  /* 8 own turns left (Preferences): a fresh sheet is far from full, so every cross counts
   * (with many turns left the model expects a fresh sheet to fill up either way) */
  g_settings_set_uint (settings, "assistant-turns", 8);
  start_game (f, "Ina", "Sami");
  wait_for_advice (f);
  enter_dice (f, "OOGSSS");

  /* Sami's best group: two orange crosses over one green (docs/assistant.md: more
   * crosses in a row are worth more). Ina, cursed, gets no advice. */
  advice = assistant_line (f, "Best for Sami: ");
  g_assert_nonnull (advice);
  g_assert_true (g_str_has_prefix (advice, "Best for Sami: take orange (2 crosses) (+"));
  g_assert_nonnull (strstr (advice, "Next best: take green (1 cross)"));
  g_assert_false (has_assistant_line (f, "Best for Ina"));
  g_assert_false (has_assistant_line (f, "Best: "));

  /* Sami marks: the advice goes with the duty. */
  choose (f, "Sami must mark", "Take Orange");
  g_assert_false (has_assistant_line (f, "Best for Sami: "));
  g_assert_true (has_assistant_line (f, "First roll: "));
  g_settings_reset (settings, "assistant-turns");
  g_settings_reset (settings, "show-assistant");
}

/* Issue 5, bench/: "time from launch to the first shown window ... at most 1.25× the
 * baseline": the window builds only what the start page shows. Every other page is
 * built the first time it is shown, once; History then reads the application's store
 * like before. */
static void
test_lazy_pages (Fixture       *f,
                 gconstpointer  data)
{
  static const char *const later[] = { "new-game", "table", "cubitos-table", "result", "history", "statistics" };
  GtkWidget *history;
  GtkWidget *statistics;
  g_autoptr(GError) error = NULL;
  DpStore *store = dp_application_get_store (f->app, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "start");
  for (guint i = 0; i < G_N_ELEMENTS (later); i++)
    g_assert_false (dp_window_has_page (f->window, later[i]));

  activate (f, "win.show-page", g_variant_new_string ("history"));
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "history");
  history = dp_window_get_page (f->window, "history");
  g_assert_true (DP_IS_HISTORY_PAGE (history));
  g_assert_false (dp_window_has_page (f->window, "statistics"));
  dp_ui_wait_mapped (history);
  g_assert_true (dp_history_model_get_store (dp_history_page_get_model (DP_HISTORY_PAGE (history))) == store);

  activate (f, "win.show-page", g_variant_new_string ("statistics"));
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "statistics");
  statistics = dp_window_get_page (f->window, "statistics");
  g_assert_true (DP_IS_STATISTICS_PAGE (statistics));

  /* Shown again: the same page, not a second one. */
  activate (f, "win.show-start", NULL);
  activate (f, "win.show-page", g_variant_new_string ("history"));
  g_assert_true (dp_window_get_page (f->window, "history") == history);

  /* A Calavera game builds its table (not the Cubitos one), which works as before. */
  start_game (f, "Ina", "Sami");
  g_assert_true (CV_IS_TABLE_PAGE (dp_window_get_page (f->window, "table")));
  g_assert_false (dp_window_has_page (f->window, "cubitos-table"));
  g_assert_false (dp_window_has_page (f->window, "result"));
  g_assert_cmpstr (turn_text (f), ==, "Ina's turn — roll 1 of 3: enter the six dice");
}

/* Issue: "Bad names (empty, duplicate) are refused inline." */
static void
test_new_game_names (Fixture       *f,
                     gconstpointer  data)
{
  DpNewGamePage *page;
  g_auto(GStrv) names = NULL;

  /* A first game: no players remembered from an earlier one. */
  g_settings_reset (dp_application_get_settings (f->app), "last-players");
  activate (f, "win.new-game", g_variant_new_string ("calavera"));
  page = DP_NEW_GAME_PAGE (dp_window_get_page (f->window, "new-game"));
  g_assert_cmpuint (dp_new_game_page_get_n_players (page), ==, 2);
  g_assert_nonnull (dp_new_game_page_get_error (page, 0));
  g_assert_false (dp_new_game_page_is_valid (page));

  dp_new_game_page_set_name (page, 0, "Ina");
  dp_new_game_page_set_name (page, 1, " ina ");
  g_assert_cmpstr (dp_new_game_page_get_error (page, 1), ==, "Two players cannot have the same name");
  g_assert_false (dp_new_game_page_is_valid (page));
  dp_new_game_page_set_name (page, 1, "Sami");
  g_assert_null (dp_new_game_page_get_error (page, 1));

  /* Reorder: the first seat starts. */
  dp_new_game_page_add_player (page);
  dp_new_game_page_set_name (page, 2, "Tom");
  dp_new_game_page_move (page, 2, 0);
  names = dp_new_game_page_dup_names (page);
  g_assert_cmpstrv (names, ((const char *const[]) { "Tom", "Ina", "Sami", NULL }));
  activate (f, "win.start-game", NULL);
  g_assert_true (sheet (f, 0)->active);
  g_assert_cmpstr (sheet (f, 0)->name, ==, "Tom");
}

/* A new application on the database at @path (as --database would), its window shown. */
static DpWindow *
window_on_database (const char      *path,
                    const char      *id_suffix,
                    DpApplication  **app)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = g_strconcat (APP_ID, id_suffix, NULL);
  DpWindow *window;

  g_setenv ("DICEPAD_DATABASE", path, TRUE);
  *app = dp_application_new ();
  g_application_set_application_id (G_APPLICATION (*app), id);
  g_application_register (G_APPLICATION (*app), NULL, &error);
  g_assert_no_error (error);
  window = dp_window_new (*app);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* Issue: "The store errors (e.g. database from a newer version) must show a clear
 * message in the window, not crash." */
static void
test_newer_database (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dicepad-ui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "newer.db", NULL);
  g_autoptr(DpApplication) app = NULL;
  sqlite3 *db = NULL;
  DpWindow *window;
  AdwStatusPage *page;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE t (x); PRAGMA user_version = 9999;", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  window = window_on_database (path, ".TestNewer", &app);

  g_assert_cmpstr (dp_window_get_visible_page (window), ==, "error");
  page = ADW_STATUS_PAGE (dp_window_get_page (window, "error"));
  g_assert_nonnull (strstr (adw_status_page_get_description (page), path));

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}

/* Issue 26: "nothing that grows with the number of stored games runs on the main thread
 * or before the first frame". A database in an older format is migrated (a backup copy,
 * then every game: about 40 s for a million games) on a worker: the window shows at once
 * that the history is being updated, says so where the store is asked for meanwhile,
 * and shows the start page with the migrated store once it is done. */
static void
test_older_database (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dicepad-ui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "older.db", NULL);
  g_autoptr(DpApplication) app = NULL;
  g_autoptr(GError) error = NULL;
  DpWindow *window;
  DpStore *store;
  gint64 give_up;

  {
    g_autoptr(DpStore) old = _dp_store_open_at_version (path, 2, &error);

    g_assert_no_error (error);
  }
  window = window_on_database (path, ".TestOlder", &app);

  g_assert_cmpstr (dp_window_get_visible_page (window), ==, "updating");
  g_assert_true (dp_application_is_opening_store (app));
  g_assert_null (dp_application_get_store (app, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_BUSY);
  g_clear_error (&error);

  give_up = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (dp_application_is_opening_store (app) && g_get_monotonic_time () < give_up)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (dp_application_is_opening_store (app));
  dp_ui_iterate_until_idle ();
  g_assert_cmpstr (dp_window_get_visible_page (window), ==, "start");
  store = dp_application_get_store (app, &error);
  g_assert_no_error (error);
  g_assert_nonnull (store);
  g_assert_false (dp_store_is_read_only (store));
  {
    sqlite3_stmt *stmt = NULL;

    g_assert_cmpint (sqlite3_prepare_v2 (_dp_store_get_db (store), "PRAGMA user_version", -1, &stmt, NULL), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
    g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, _dp_store_get_schema_version ());
    sqlite3_finalize (stmt);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  g_unsetenv ("DICEPAD_DATABASE");
}

/* The first entry that is a descendant of @page and has the focus, as a seat, or -1. */
static int
focused_seat (Fixture       *f,
              DpNewGamePage *page)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->window));
  GtkWidget *entry = focus != NULL ? gtk_widget_get_ancestor (focus, GTK_TYPE_ENTRY) : NULL;

  if (entry == NULL || !gtk_widget_is_ancestor (entry, GTK_WIDGET (page)))
    return -1;
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (entry), "seat"));
}

/* The first button below @widget whose action is @action_name (no target), or NULL. */
static GtkWidget *
find_action_button (GtkWidget  *widget,
                    const char *action_name)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action_name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action_name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* polish2 item 3: "New Game shows 'Enter a name' errors before anything is typed: show
 * errors only after the user tried to start or left a field." */
static void
test_new_game_errors_wait (Fixture       *f,
                           gconstpointer  data)
{
  DpNewGamePage *page;
  GtkWidget *start;

  g_settings_reset (dp_application_get_settings (f->app), "last-players");
  activate (f, "win.new-game", g_variant_new_string ("calavera"));
  page = DP_NEW_GAME_PAGE (dp_window_get_page (f->window, "new-game"));
  dp_ui_wait_mapped (GTK_WIDGET (page));
  dp_ui_iterate_until_idle ();

  /* Two empty names: not valid, but nothing is marked wrong yet. */
  g_assert_false (dp_new_game_page_is_valid (page));
  g_assert_nonnull (dp_new_game_page_get_error (page, 0));
  g_assert_null (dp_new_game_page_get_shown_error (page, 0));
  g_assert_null (dp_new_game_page_get_shown_error (page, 1));
  g_assert_cmpint (focused_seat (f, page), ==, 0);

  /* Typing, then emptying the field it is in: still nothing while the player is there. */
  dp_new_game_page_set_name (page, 0, "I");
  dp_new_game_page_set_name (page, 0, "");
  g_assert_null (dp_new_game_page_get_shown_error (page, 0));

  /* Leaving the empty field says what is wrong with it, and only with it. */
  start = find_action_button (GTK_WIDGET (page), "win.start-game");
  g_assert_nonnull (start);
  gtk_widget_grab_focus (start);
  dp_ui_iterate_until_idle ();
  g_assert_cmpstr (dp_new_game_page_get_shown_error (page, 0), ==, "Enter a name");
  g_assert_null (dp_new_game_page_get_shown_error (page, 1));

  /* Trying to start shows every error and puts the focus on the first bad name. */
  dp_new_game_page_set_name (page, 0, "Ina");
  g_assert_true (gtk_widget_get_sensitive (start));
  g_signal_emit_by_name (start, "clicked");
  dp_ui_iterate_until_idle ();
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "new-game");
  g_assert_null (dp_new_game_page_get_shown_error (page, 0));
  g_assert_cmpstr (dp_new_game_page_get_shown_error (page, 1), ==, "Enter a name");
  g_assert_cmpint (focused_seat (f, page), ==, 1);

  /* A new game page starts clean again. */
  activate (f, "win.new-game", g_variant_new_string ("calavera"));
  g_assert_null (dp_new_game_page_get_shown_error (page, 1));
}

/* Issue 27 item 2: "Show the estimated number of own turns left, and let the table set it
 * in Preferences". The panel says the estimate; set in Preferences (the same GSettings
 * key), the advice counts that many turns and says so; back to Automatic, the estimate. */
static void
test_assistant_turns_preference (Fixture       *f,
                                 gconstpointer  data)
{
  GSettings *settings = dp_application_get_settings (f->app);
  g_autofree char *estimated = NULL;
  g_autofree char *set = NULL;
  g_autofree char *again = NULL;

  g_settings_set_boolean (settings, "show-assistant", TRUE);
  g_assert_cmpuint (g_settings_get_uint (settings, "assistant-turns"), ==, 0);
  start_game (f, "Jürgen", "Zoë");
  wait_for_advice (f);
  estimated = assistant_line (f, "This turn, following the advice: ");
  g_assert_nonnull (estimated);
  g_assert_nonnull (strstr (estimated, " own turns left (estimated)."));

  g_settings_set_uint (settings, "assistant-turns", 4);
  wait_for_advice (f);
  set = assistant_line (f, "This turn, following the advice: ");
  g_assert_nonnull (strstr (set, "with 4 own turns left (as set in Preferences)."));
  g_assert_cmpstr (set, !=, estimated);

  g_settings_reset (settings, "assistant-turns");
  wait_for_advice (f);
  again = assistant_line (f, "This turn, following the advice: ");
  g_assert_cmpstr (again, ==, estimated);
  g_settings_reset (settings, "show-assistant");
}

int
main (int   argc,
      char *argv[])
{
  dp_ui_test_init (&argc, &argv, DP_UI_TEST_GTK | DP_UI_TEST_ISOLATE_DIRS);

  g_test_add ("/table/scripted-turns", Fixture, &ui_config, dp_ui_fixture_setup, test_scripted_turns, dp_ui_fixture_teardown);
  g_test_add ("/table/third-roll-ends-rolling", Fixture, &ui_config, dp_ui_fixture_setup, test_third_roll_ends_rolling, dp_ui_fixture_teardown);
  g_test_add ("/table/three-skulls", Fixture, &ui_config, dp_ui_fixture_setup, test_three_skulls, dp_ui_fixture_teardown);
  g_test_add ("/table/resume-after-close", Fixture, &ui_config, dp_ui_fixture_setup, test_resume_after_close, dp_ui_fixture_teardown);
  g_test_add ("/table/resume-has-focus-after-crash", Fixture, &ui_config, dp_ui_fixture_setup, test_resume_has_focus_after_crash, dp_ui_fixture_teardown);
  g_test_add ("/table/full-game", Fixture, &ui_config, dp_ui_fixture_setup, test_full_game, dp_ui_fixture_teardown);
  g_test_add ("/table/assistant/off-by-default", Fixture, &ui_config, dp_ui_fixture_setup, test_assistant_off_by_default, dp_ui_fixture_teardown);
  g_test_add ("/table/assistant/live-selection", Fixture, &ui_config, dp_ui_fixture_setup, test_assistant_live_selection, dp_ui_fixture_teardown);
  g_test_add ("/table/assistant/opponents", Fixture, &ui_config, dp_ui_fixture_setup, test_assistant_opponents, dp_ui_fixture_teardown);
  g_test_add ("/table/assistant/turns-preference", Fixture, &ui_config, dp_ui_fixture_setup, test_assistant_turns_preference, dp_ui_fixture_teardown);
  g_test_add ("/window/lazy-pages", Fixture, &ui_config, dp_ui_fixture_setup, test_lazy_pages, dp_ui_fixture_teardown);
  g_test_add ("/new-game/errors-wait", Fixture, &ui_config, dp_ui_fixture_setup, test_new_game_errors_wait, dp_ui_fixture_teardown);
  g_test_add ("/new-game/names", Fixture, &ui_config, dp_ui_fixture_setup, test_new_game_names, dp_ui_fixture_teardown);
  g_test_add_func ("/window/newer-database", test_newer_database);
  g_test_add_func ("/window/older-database", test_older_database);

  return g_test_run ();
}
