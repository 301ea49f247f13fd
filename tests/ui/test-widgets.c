/* test-widgets.c — every widget of the window is freed when it is destroyed
 *
 * Issue 17 item 4: "a new-destroy finalize test per widget (g_assert_finalize_object)",
 * as GNOME's own applications and libadwaita test theirs. A widget that keeps a
 * reference to itself (a signal handler, a timeout, a template child it forgot to
 * dispose) leaks with everything it holds; g_assert_finalize_object() fails then.
 * A new widget adds one line to main().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "cb-ability-editor.h"
#include "cb-ability-list.h"
#include "cb-board-view.h"
#include "cb-bonus-editor.h"
#include "cb-bust-section.h"
#include "cb-decide-section.h"
#include "cb-fan-questions.h"
#include "cb-move-section.h"
#include "cb-refill-section.h"
#include "cb-roll-section.h"
#include "cb-shop-section.h"
#include "cb-support-section.h"
#include "cb-die-icon.h"
#include "cb-new-game.h"
#include "cb-presenter.h"
#include "cb-roll-entry.h"
#include "cb-run-panel.h"
#include "cb-shop.h"
#include "cb-table-page.h"
#include "cv-dice-entry.h"
#include "cv-sheet-view.h"
#include "cv-table-page.h"
#include "cv-turn-panel.h"
#include "dp-chart.h"
#include "dp-game-replay-page.h"
#include "dp-history-page.h"
#include "dp-new-game-page.h"
#include "dp-phones-dialog.h"
#include "dp-bgstats-dialog.h"
#include "dp-preferences-window.h"
#include "dp-result-page.h"
#include "dp-statistics-page.h"
#include "dp-ui-test-util.h"

/* A widget made with g_object_new() and no arguments: @data is its GType getter. */
static void
test_new_destroy (gconstpointer data)
{
  GType (*get_type) (void) = data;
  GtkWidget *widget = g_object_ref_sink (g_object_new (get_type (), NULL));

  g_assert_true (GTK_IS_WIDGET (widget));
  g_assert_finalize_object (widget);
}

/* The same inside a window that was shown: realized, mapped, measured, then destroyed. */
static void
test_shown_destroy (gconstpointer data)
{
  GType (*get_type) (void) = data;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *widget = g_object_new (get_type (), NULL);

  g_object_ref (widget);
  gtk_window_set_child (GTK_WINDOW (window), widget);
  gtk_window_present (GTK_WINDOW (window));
  dp_ui_wait_for_layout (widget);
  gtk_window_destroy (GTK_WINDOW (window));
  dp_ui_iterate_until_idle ();
  g_assert_finalize_object (widget);
}

static void
test_chart (void)
{
  g_assert_finalize_object (g_object_ref_sink (dp_chart_new (DP_CHART_LINES)));
  g_assert_finalize_object (g_object_ref_sink (dp_chart_new (DP_CHART_BARS)));
}

static void
test_die_icon (void)
{
  g_assert_finalize_object (g_object_ref_sink (cb_die_icon_new (CB_KIND_LIGHT_GREY, CB_FACE_STEP, 3, 24)));
}

static void
test_roll_entry (void)
{
  static const char *const names[] = { "Ina", "Sami" };
  g_autofree char *setup = cb_presenter_dup_setup (names, 2, 1, -1, 0, 0, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) game = dp_game_new_from_text (setup, &error);
  CbRoll roll;

  g_assert_no_error (error);
  cb_roll_init (&roll, cb_game_from_dp_const (game), 0);
  g_assert_finalize_object (g_object_ref_sink (cb_roll_entry_new (&roll)));
}

/* Issue 15, item 5: the run panel's sections, each a widget with its template, built
 * from the panel's controls and freed with nothing left behind. */
typedef GtkWidget *(*SectionNew) (CbControls *controls);

static GtkWidget *
fan_questions_new (CbControls *controls)
{
  GtkWidget *questions = cb_fan_questions_new (controls, "");

  /* Nobody has told the first fan space of a new game: it is asked. */
  cb_fan_questions_set_advances (CB_FAN_QUESTIONS (questions), 1);
  return questions;
}

static GtkWidget *
bonus_editor_new (CbControls *controls)
{
  return cb_bonus_editor_new (controls, "ability-", "_Bonus");
}

static CbAbilityForm ability_form;

/* An ability's form for a card of the race (its choices need not be allowed now). */
static GtkWidget *
ability_editor_new (CbControls *controls)
{
  CbAbilityUse use = { 0, };

  use.card = cb_game_get_card (cb_controls_game (controls), CB_COLOUR_OF (CB_KIND_ORANGE));
  use.number = 1;
  use.face = CB_FACE_TEAM;
  cb_ability_form_init (&ability_form, cb_controls_game (controls), controls->seat, &use);
  return cb_ability_editor_new (controls, &ability_form);
}

static void
test_run_panel_section (gconstpointer data)
{
  static const char *const names[] = { "Ina", "Sami" };
  g_autofree char *setup = cb_presenter_dup_setup (names, 2, 1, -1, 0, 0, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) game = dp_game_new_from_text (setup, &error);
  g_autoptr(GHashTable) table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  CbControls controls = { table, NULL, NULL, 0 };
  SectionNew section_new = (SectionNew) data;
  GtkWidget *section;

  g_assert_no_error (error);
  controls.game = game;
  section = g_object_ref_sink (section_new (&controls));
  /* Every section names its controls for the panel. */
  g_assert_cmpuint (g_hash_table_size (table), >, 0);
  g_hash_table_remove_all (table);
  g_assert_finalize_object (section);
}

static void
test_preferences_window (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  GtkWidget *window = GTK_WIDGET (dp_preferences_window_new (settings, NULL));

  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  dp_ui_iterate_until_idle ();
  g_assert_finalize_object (window);
}

/* polish item 6: "Preferences → Backups shows the folder as ./cv-backups when started
 * with a relative --database": the Folder row shows the absolute path. */
static void
test_preferences_backup_folder_absolute (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *cwd = g_get_current_dir ();
  g_autofree char *dir = g_dir_make_tmp ("dicepad-prefs-XXXXXX", &error);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(DpStore) store = NULL;
  GtkWidget *window;

  g_assert_no_error (error);
  g_assert_cmpint (g_chdir (dir), ==, 0);
  store = dp_store_open ("games.db", &error);
  g_assert_no_error (error);
  window = GTK_WIDGET (dp_preferences_window_new (settings, store));
  g_assert_true (g_path_is_absolute (dp_preferences_window_get_backup_dir (DP_PREFERENCES_WINDOW (window))));
  g_assert_true (g_str_has_prefix (dp_preferences_window_get_backup_dir (DP_PREFERENCES_WINDOW (window)), dir));

  gtk_window_destroy (GTK_WINDOW (window));
  dp_ui_iterate_until_idle ();
  g_clear_object (&store);
  for (guint i = 0; i < 3; i++)
    {
      static const char *const names[] = { "games.db", "games.db-wal", "games.db-shm" };
      g_unlink (names[i]);
    }
  g_assert_cmpint (g_chdir (cwd), ==, 0);
  g_rmdir (dir);
}

/* "Send to BG Stats" for a game that is not finished yet: BG Stats takes plays only, so
 * the dialog says why instead of showing a code (issue 28), and goes away cleanly. */
static void
test_bgstats_dialog (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("dicepad-widgets-XXXXXX", &error);
  g_autofree char *db_path = g_build_filename (dir, "games.db", NULL);
  g_autoptr(DpStore) store = dp_store_open (db_path, &error);
  g_autoptr(DpSession) session = NULL;
  GtkWidget *dialog;

  g_assert_no_error (error);
  session = dp_session_new (store, "{\"game\":\"calavera\",\"players\":[\"Jürgen\",\"O'Brien\"]}", &error);
  g_assert_no_error (error);

  dialog = GTK_WIDGET (dp_bgstats_dialog_new (NULL, store, dp_session_get_id (session), NULL));
  g_assert_null (dp_bgstats_dialog_get_link (DP_BGSTATS_DIALOG (dialog)));
  g_object_ref (dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
  dp_ui_iterate_until_idle ();
  g_assert_finalize_object (dialog);

  g_clear_object (&session);
  g_clear_object (&store);
  for (guint i = 0; i < 3; i++)
    {
      static const char *const suffixes[] = { "", "-wal", "-shm" };
      g_autofree char *path = g_strconcat (db_path, suffixes[i], NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

/* The phones dialog shows a table server (not listening here) of a stored game. */
static void
test_phones_dialog (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("dicepad-widgets-XXXXXX", &error);
  g_autofree char *db_path = g_build_filename (dir, "games.db", NULL);
  g_autofree char *state_path = g_build_filename (dir, "games.db.table", NULL);
  g_autoptr(DpStore) store = dp_store_open (db_path, &error);
  g_autoptr(DpSession) session = NULL;
  g_autoptr(DpTableServer) server = NULL;
  GtkWidget *dialog;

  g_assert_no_error (error);
  session = dp_session_new (store, "{\"game\":\"calavera\",\"players\":[\"Ina\",\"Sami\"]}", &error);
  g_assert_no_error (error);
  server = dp_table_server_new (session, state_path);

  dialog = GTK_WIDGET (dp_phones_dialog_new (NULL, server));
  g_object_ref (dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
  dp_ui_iterate_until_idle ();
  g_assert_finalize_object (dialog);

  g_clear_object (&server);
  g_clear_object (&session);
  g_clear_object (&store);
  g_unlink (state_path);
  for (guint i = 0; i < 3; i++)
    {
      static const char *const suffixes[] = { "", "-wal", "-shm" };
      g_autofree char *path = g_strconcat (db_path, suffixes[i], NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

/* The main window with its application: closed as the user closes it, it is gone. */
typedef DpUiFixture Fixture;
static const DpUiFixtureConfig ui_config = { "dicepad-widgets-XXXXXX", "Widgets" };

static void
test_window (Fixture       *f,
             gconstpointer  data)
{
  DpWindow *window = f->window;

  /* Every lazy page built first, so that they are freed with it too. */
  for (guint i = 0; i < 4; i++)
    {
      static const char *const pages[] = { "new-game", "result", "history", "statistics" };
      g_assert_nonnull (dp_window_get_page (window, pages[i]));
    }
  g_object_ref (window);
  dp_ui_fixture_close_window (f);
  g_assert_finalize_object (window);
}

static void
add_widget (const char  *name,
            GType      (*get_type) (void))
{
  g_autofree char *fresh = g_strdup_printf ("/widgets/new-destroy/%s", name);
  g_autofree char *shown = g_strdup_printf ("/widgets/shown-destroy/%s", name);

  g_test_add_data_func (fresh, get_type, test_new_destroy);
  g_test_add_data_func (shown, get_type, test_shown_destroy);
}

int
main (int   argc,
      char *argv[])
{
  dp_ui_test_init (&argc, &argv, DP_UI_TEST_GTK | DP_UI_TEST_ISOLATE_DIRS);

  /* Built with no arguments. */
  add_widget ("DpNewGamePage", dp_new_game_page_get_type);
  add_widget ("DpResultPage", dp_result_page_get_type);
  add_widget ("DpHistoryPage", dp_history_page_get_type);
  add_widget ("DpGameReplayPage", dp_game_replay_page_get_type);
  add_widget ("DpStatisticsPage", dp_statistics_page_get_type);
  add_widget ("CvDiceEntry", cv_dice_entry_get_type);
  add_widget ("CvSheetView", cv_sheet_view_get_type);
  add_widget ("CvTurnPanel", cv_turn_panel_get_type);
  add_widget ("CvTablePage", cv_table_page_get_type);
  add_widget ("CbBoardView", cb_board_view_get_type);
  add_widget ("CbNewGame", cb_new_game_get_type);
  add_widget ("CbRunPanel", cb_run_panel_get_type);
  add_widget ("CbShop", cb_shop_get_type);
  add_widget ("CbTablePage", cb_table_page_get_type);
  add_widget ("CbAbilityList", cb_ability_list_get_type);

  /* Built from their arguments. */
  g_test_add_func ("/widgets/new-destroy/DpChart", test_chart);
  g_test_add_func ("/widgets/new-destroy/CbDieIcon", test_die_icon);
  g_test_add_func ("/widgets/new-destroy/CbRollEntry", test_roll_entry);
  g_test_add_data_func ("/widgets/new-destroy/CbRefillSection", cb_refill_section_new, test_run_panel_section);
  g_test_add_data_func ("/widgets/new-destroy/CbRollSection", cb_roll_section_new, test_run_panel_section);
  g_test_add_data_func ("/widgets/new-destroy/CbDecideSection", cb_decide_section_new, test_run_panel_section);
  g_test_add_data_func ("/widgets/new-destroy/CbBustSection", cb_bust_section_new, test_run_panel_section);
  g_test_add_data_func ("/widgets/new-destroy/CbSupportSection", cb_support_section_new, test_run_panel_section);
  g_test_add_data_func ("/widgets/new-destroy/CbMoveSection", cb_move_section_new, test_run_panel_section);
  g_test_add_data_func ("/widgets/new-destroy/CbShopSection", cb_shop_section_new, test_run_panel_section);
  g_test_add_data_func ("/widgets/new-destroy/CbFanQuestions", fan_questions_new, test_run_panel_section);
  g_test_add_data_func ("/widgets/new-destroy/CbBonusEditor", bonus_editor_new, test_run_panel_section);
  g_test_add_data_func ("/widgets/new-destroy/CbAbilityEditor", ability_editor_new, test_run_panel_section);
  g_test_add_func ("/widgets/new-destroy/DpPreferencesWindow", test_preferences_window);
  g_test_add_func ("/widgets/new-destroy/DpPhonesDialog", test_phones_dialog);
  g_test_add_func ("/widgets/new-destroy/DpBgstatsDialog", test_bgstats_dialog);
  g_test_add_func ("/widgets/preferences/backup-folder-absolute", test_preferences_backup_folder_absolute);
  g_test_add ("/widgets/new-destroy/DpWindow", Fixture, &ui_config, dp_ui_fixture_setup, test_window,
              dp_ui_fixture_teardown);

  return g_test_run ();
}
