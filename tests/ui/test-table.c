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
#include <locale.h>
#include <sqlite3.h>

#include "dp-application.h"
#include "dp-window.h"
#include "dp-new-game-page.h"
#include "dp-result-page.h"
#include "cv-table-page.h"
#include "cv-presenter.h"

enum { INA, SAMI };

typedef struct
{
  char          *dir;
  char          *db_path;
  DpApplication *app;
  DpWindow      *window;
} Fixture;

static void
open_window (Fixture *f)
{
  f->window = dp_window_new (f->app);
  gtk_window_present (GTK_WINDOW (f->window));
}

static void
close_window (Fixture *f)
{
  /* As the user closes it: close-request, then gone. */
  gtk_window_close (GTK_WINDOW (f->window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  f->window = NULL;
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("dicepad-ui-XXXXXX", &error);
  g_assert_no_error (error);
  f->db_path = g_build_filename (f->dir, "games.db", NULL);
  /* dp_store_resolve_path(): the variable is how a user picks a database, too. */
  g_setenv ("DICEPAD_DATABASE", f->db_path, TRUE);

  f->app = dp_application_new ();
  /* Each test its own bus name: a window's toast may keep the last test's application
   * alive a little longer than the test. */
  {
    static guint counter;
    g_autofree char *id = g_strdup_printf ("%s.Test%u", APP_ID, ++counter);
    g_application_set_application_id (G_APPLICATION (f->app), id);
  }
  g_application_register (G_APPLICATION (f->app), NULL, &error);
  g_assert_no_error (error);
  open_window (f);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *wal = g_strconcat (f->db_path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (f->db_path, "-shm", NULL);

  if (f->window != NULL)
    close_window (f);
  g_clear_object (&f->app);
  g_unlink (f->db_path);
  g_unlink (wal);
  g_unlink (shm);
  g_rmdir (f->dir);
  g_free (f->db_path);
  g_free (f->dir);
}

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

  for (const char *p = letters; *p != '\0'; p++)
    {
      CvFace face;

      g_assert_true (cv_face_from_letter ((gunichar) *p, &face));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (entry), "dice.face", "i", (gint32) face));
    }
  g_assert_true (cv_dice_entry_is_complete (entry));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (entry), "dice.confirm", NULL));
}

static GtkWidget *
find_titled_button (GtkWidget  *widget,
                    const char *title)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) && gtk_widget_has_css_class (child, "choice"))
        {
          GtkWidget *label = gtk_widget_get_first_child (gtk_button_get_child (GTK_BUTTON (child)));

          if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), title) == 0)
            return child;
          continue;
        }
      if ((found = find_titled_button (child, title)) != NULL)
        return found;
    }
  return NULL;
}

/* A player's group of choices: a box that starts with the heading ("Sami must mark"). */
static GtkWidget *
find_group (GtkWidget  *widget,
            const char *heading)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *first = gtk_widget_get_first_child (child);
      GtkWidget *found;

      if (GTK_IS_BOX (child) && first != NULL && GTK_IS_LABEL (first) &&
          gtk_widget_has_css_class (first, "title-4") &&
          g_strcmp0 (gtk_label_get_text (GTK_LABEL (first)), heading) == 0)
        return child;
      if ((found = find_group (child, heading)) != NULL)
        return found;
    }
  return NULL;
}

/* The choice button titled @title in the group headed @heading. */
static GtkWidget *
choice_button (Fixture    *f,
               const char *heading,
               const char *title)
{
  GtkWidget *group = find_group (GTK_WIDGET (panel (f)), heading);
  GtkWidget *found;

  g_assert_nonnull (group);
  found = find_titled_button (group, title);
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

  /* A disabled option says why; no die shows pink. */
  button = choice_button (f, "Ina chooses", "Take Pink");
  g_assert_false (gtk_widget_is_sensitive (button));
  tooltip = gtk_widget_get_tooltip_text (button);
  g_assert_nonnull (tooltip);
  g_assert_nonnull (strstr (tooltip, "pink"));
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
  button = choice_button (f, "Sami must mark", "Take Orange");
  g_assert_false (gtk_widget_is_sensitive (button));
  g_assert_nonnull (gtk_widget_get_tooltip_text (button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), !=, "");
  button = choice_button (f, "Sami must mark", "Pass");
  g_assert_false (gtk_widget_is_sensitive (button));

  choose (f, "Sami must mark", "Jokers as pink");
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
  close_window (f);

  open_window (f);
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
  static const char *const freezes[] = { "Freeze orange", "Freeze green", "Freeze pink", "Freeze black" };
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

/* Issue: "The store errors (e.g. database from a newer version) must show a clear
 * message in the window, not crash." */
static void
test_newer_database (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dicepad-ui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "newer.db", NULL);
  g_autoptr(DpApplication) app = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db = NULL;
  DpWindow *window;
  AdwStatusPage *page;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE t (x); PRAGMA user_version = 9999;", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  g_setenv ("DICEPAD_DATABASE", path, TRUE);
  app = dp_application_new ();
  g_application_set_application_id (G_APPLICATION (app), APP_ID ".TestNewer");
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  window = dp_window_new (app);
  gtk_window_present (GTK_WINDOW (window));

  g_assert_cmpstr (dp_window_get_visible_page (window), ==, "error");
  page = ADW_STATUS_PAGE (dp_window_get_page (window, "error"));
  g_assert_nonnull (strstr (adw_status_page_get_description (page), path));

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, BUILD_PO_DIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  adw_init ();

  g_test_add ("/table/scripted-turns", Fixture, NULL, fixture_setup, test_scripted_turns, fixture_teardown);
  g_test_add ("/table/third-roll-ends-rolling", Fixture, NULL, fixture_setup, test_third_roll_ends_rolling, fixture_teardown);
  g_test_add ("/table/three-skulls", Fixture, NULL, fixture_setup, test_three_skulls, fixture_teardown);
  g_test_add ("/table/resume-after-close", Fixture, NULL, fixture_setup, test_resume_after_close, fixture_teardown);
  g_test_add ("/table/full-game", Fixture, NULL, fixture_setup, test_full_game, fixture_teardown);
  g_test_add ("/new-game/names", Fixture, NULL, fixture_setup, test_new_game_names, fixture_teardown);
  g_test_add_func ("/window/newer-database", test_newer_database);

  return g_test_run ();
}
