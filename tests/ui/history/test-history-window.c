/* test-history-window.c — History inside the window: deleting is recoverable, search
 * ignores accents
 *
 * Issue 19 item 2: "deleted games stay restorable from the History page (a 'Deleted'
 * view with Restore and 'Delete for good'), the toast remains a shortcut; an import of
 * a game that is stored as deleted offers to restore it"; the assignment adds "Ctrl+Z
 * after the toast is gone still restores the last deletion". Item 5: "Search is
 * accent-sensitive ('zoe', 'emile' find nothing for Zoë, Émile)"; "Preferences shows a
 * Calavera-only switch without saying so". Item 3: "once a day while games are played
 * … Preferences shows where they are and restores one (with the current database
 * backed up first)".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dp-backup.h"
#include "dp-history-format.h"
#include "dp-history-page.h"
#include "dp-new-game-page.h"
#include "dp-preferences-window.h"
#include "dp-statistics-page.h"
#include "dp-ui-test-util.h"
#include "store-test-util.h"

static const DpUiFixtureConfig config = { "dicepad-history-window-XXXXXX", "HistoryWindow" };

/* Three finished games, the newest first in the list: Zoë & Émile, Ina & Tom, Ina & Zoë. */
static const char *const tables[][3] = {
  { "Ina", "Zoë", NULL },
  { "Ina", "Tom", NULL },
  { "Zoë", "Émile", NULL },
};

typedef struct
{
  DpUiFixture    ui;
  DpStore       *store;
  DpHistoryPage *page;
  char          *ids[G_N_ELEMENTS (tables)];
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (19);

  dp_ui_fixture_setup (&f->ui, &config);
  f->store = dp_application_get_store (f->ui.app, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    {
      g_autoptr(DpGame) game = test_new_game (tables[i]);

      f->ids[i] = dp_store_create_game_at (f->store, game, 1700000000 + i * 3600, &error);
      g_assert_no_error (error);
      test_play_store (f->store, f->ids[i], game, rand, G_MAXUINT);
      g_assert_true (dp_game_is_finished (game));
    }

  gtk_widget_activate_action (GTK_WIDGET (f->ui.window), "win.show-page", "s", "history");
  f->page = DP_HISTORY_PAGE (dp_window_get_page (f->ui.window, "history"));
  dp_ui_wait_mapped (GTK_WIDGET (f->page));
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  /* The confirmation dialogs are windows of their own. */
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i - 1);

      if (ADW_IS_MESSAGE_DIALOG (window))
        gtk_window_destroy (window);
    }
  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    g_clear_pointer (&f->ids[i], g_free);
  dp_ui_fixture_teardown (&f->ui, &config);
}

/* The ids the page lists now, in order. */
static char *
listed_ids (Fixture *f)
{
  GListModel *model = G_LIST_MODEL (dp_history_page_get_model (f->page));
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(DpHistoryItem) item = g_list_model_get_item (model, i);
      g_string_append_printf (out, "%s%s", i > 0 ? " " : "", dp_history_item_get_id (item));
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static char *
ids_text (const char *first,
          ...)
{
  g_autoptr(GString) out = g_string_new (NULL);
  va_list args;

  va_start (args, first);
  for (const char *id = first; id != NULL; id = va_arg (args, const char *))
    g_string_append_printf (out, "%s%s", out->len > 0 ? " " : "", id);
  va_end (args);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

#define assert_listed(f, ...) \
  G_STMT_START { \
    g_autofree char *_listed = listed_ids (f); \
    g_autofree char *_expected = ids_text (__VA_ARGS__, NULL); \
    g_assert_cmpstr (_listed, ==, _expected); \
  } G_STMT_END

/* The first button below @widget whose label is @label (with its underline). */
static GtkButton *
find_button (GtkWidget  *widget,
             const char *label)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkButton *found;

      if (GTK_IS_BUTTON (child) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (child)), label) == 0)
        return GTK_BUTTON (child);
      if ((found = find_button (child, label)) != NULL)
        return found;
    }
  return NULL;
}

/* The open AdwMessageDialog, or NULL. */
static GtkWindow *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return window;
    }
  return NULL;
}

static void
choose_row (Fixture *f,
            guint    position)
{
  GtkSelectionModel *selection = gtk_column_view_get_model (dp_history_page_get_column_view (f->page));

  g_signal_emit_by_name (dp_history_page_get_column_view (f->page), "activate", position);
  g_assert_true (gtk_selection_model_is_selected (selection, position));
}

static void
test_ctrl_z_after_toast (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) accels = gtk_application_get_actions_for_accel (GTK_APPLICATION (f->ui.app), "<Control>z");

  assert_listed (f, f->ids[2], f->ids[1], f->ids[0]);
  /* Nothing deleted yet: Ctrl+Z has nothing to do here. */
  g_assert_false (dp_history_page_can_restore_deleted (f->page));

  g_assert_true (dp_history_page_delete_game (f->page, f->ids[1], &error));
  g_assert_no_error (error);
  g_assert_true (dp_history_page_delete_game (f->page, f->ids[2], &error));
  g_assert_no_error (error);
  assert_listed (f, f->ids[0]);

  /* Ctrl+Z is the window's undo; in History it brings back the last deletion, with no
   * toast involved (the toast's own button is the "history.undo-delete" action). */
  g_assert_nonnull (accels);
  g_assert_true (g_strv_contains ((const char *const *) accels, "win.undo"));
  gtk_widget_activate_action (GTK_WIDGET (f->ui.window), "win.undo", NULL);
  assert_listed (f, f->ids[2], f->ids[0]);
  gtk_widget_activate_action (GTK_WIDGET (f->ui.window), "win.undo", NULL);
  assert_listed (f, f->ids[2], f->ids[1], f->ids[0]);
  /* Both are back: a third Ctrl+Z changes nothing. */
  g_assert_false (dp_history_page_can_restore_deleted (f->page));
  gtk_widget_activate_action (GTK_WIDGET (f->ui.window), "win.undo", NULL);
  assert_listed (f, f->ids[2], f->ids[1], f->ids[0]);
}

static void
test_deleted_view (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  GtkButton *restore, *purge;
  GtkWindow *dialog;

  g_assert_true (dp_history_page_delete_game (f->page, f->ids[0], &error));
  g_assert_true (dp_history_page_delete_game (f->page, f->ids[1], &error));
  g_assert_no_error (error);

  /* The Deleted view lists exactly the deleted games. */
  dp_history_page_set_show_deleted (f->page, TRUE);
  assert_listed (f, f->ids[1], f->ids[0]);
  restore = find_button (GTK_WIDGET (f->page), "_Restore");
  purge = find_button (GTK_WIDGET (f->page), "_Delete for Good…");
  g_assert_nonnull (restore);
  g_assert_nonnull (purge);
  dp_ui_wait_for_layout (GTK_WIDGET (restore));
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (restore)));
  /* Nothing chosen yet: neither button acts. */
  g_assert_false (gtk_widget_is_sensitive (GTK_WIDGET (restore)));

  /* Restore: the newest deleted game is back in History. */
  choose_row (f, 0);
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (restore)));
  g_signal_emit_by_name (restore, "clicked");
  assert_listed (f, f->ids[0]);

  /* Delete for Good asks first; Cancel keeps the game. */
  choose_row (f, 0);
  g_signal_emit_by_name (purge, "clicked");
  dialog = find_message_dialog ();
  g_assert_nonnull (dialog);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  assert_listed (f, f->ids[0]);
  g_assert_cmpstr (adw_message_dialog_get_response_label (ADW_MESSAGE_DIALOG (dialog), "delete"), ==, "_Delete for Good");

  /* Confirmed, the game is gone from the store; it cannot come back. */
  dialog = dp_history_page_ask_purge (f->page, f->ids[0]);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "delete");
  g_assert_cmpstr (dp_history_page_get_visible_view (f->page), ==, "empty");
  g_assert_false (dp_store_set_deleted (f->store, f->ids[0], FALSE, &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* A live game is never deleted for good. */
  g_assert_false (dp_store_purge_game (f->store, f->ids[2], &error));
  g_assert_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_FOUND);

  dp_history_page_set_show_deleted (f->page, FALSE);
  assert_listed (f, f->ids[2], f->ids[1]);
  g_assert_false (gtk_action_bar_get_revealed (GTK_ACTION_BAR (gtk_widget_get_ancestor (GTK_WIDGET (restore),
                                                                                       GTK_TYPE_ACTION_BAR))));
}

static void
test_import_offers_restore (Fixture       *f,
                            gconstpointer  data)
{
  const char *ids[] = { f->ids[0], f->ids[1], NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) export = dp_store_export (f->store, ids, &error);
  g_auto(GStrv) deleted = NULL;
  guint imported = 0, skipped = 0;
  GtkWindow *dialog;

  g_assert_no_error (error);
  g_assert_true (dp_history_page_delete_game (f->page, f->ids[1], &error));
  g_assert_no_error (error);

  /* The report: the import skips the stored (deleted) game… */
  g_assert_true (dp_store_import (f->store, export, &imported, &skipped, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (skipped, ==, 2);
  assert_listed (f, f->ids[2], f->ids[0]);

  /* …and the window offers to bring it back. */
  deleted = dp_store_list_deleted_among (f->store, ids, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (deleted), ==, 1);
  g_assert_cmpstr (deleted[0], ==, f->ids[1]);
  dialog = dp_history_page_offer_restore (f->page, (const char *const *) deleted);
  g_assert_nonnull (dialog);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "restore");
  assert_listed (f, f->ids[2], f->ids[1], f->ids[0]);
}

static void
test_search_ignores_accents (Fixture       *f,
                             gconstpointer  data)
{
  /* Zoë plays in games 0 and 2, Émile in game 2. */
  dp_history_page_set_search (f->page, "zoe");
  assert_listed (f, f->ids[2], f->ids[0]);
  dp_history_page_set_search (f->page, "EMILE");
  assert_listed (f, f->ids[2]);
  dp_history_page_set_search (f->page, "Zoë");
  assert_listed (f, f->ids[2], f->ids[0]);
  dp_history_page_set_search (f->page, "émi");
  assert_listed (f, f->ids[2]);
  dp_history_page_set_search (f->page, "ina");
  assert_listed (f, f->ids[1], f->ids[0]);
}

/* The first descendant of @widget of @type whose "title" property is @title. */
static GtkWidget *
find_titled (GtkWidget  *widget,
             GType       type,
             const char *title)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        {
          g_autofree char *text = NULL;

          g_object_get (child, "title", &text, NULL);
          if (g_strcmp0 (text, title) == 0)
            return child;
        }
      if ((found = find_titled (child, type, title)) != NULL)
        return found;
    }
  return NULL;
}

static void
test_daily_backup_when_playing (Fixture       *f,
                                gconstpointer  data)
{
  g_autofree char *dir = dp_backup_dir_for_database (f->ui.db_path);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "%Y%m%d");
  g_autoptr(DpGame) game = test_new_game (tables[0]);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) backups = NULL;
  g_autofree char *id = dp_store_create_game (f->store, game, &error);
  g_autofree char *day = NULL;

  g_assert_no_error (error);
  backups = dp_backup_list (dir, &error);
  g_assert_cmpuint (backups->len, ==, 0);
  g_clear_pointer (&backups, g_ptr_array_unref);

  /* A game is played (resumed here): today's copy is made, with every game in it, on a
   * worker thread (the window goes on meanwhile); its end is reported to the window. */
  gtk_widget_activate_action (GTK_WIDGET (f->ui.window), "win.resume", "s", id);
  for (;;)
    {
      backups = dp_backup_list (dir, &error);
      g_assert_no_error (error);
      if (backups->len > 0)
        break;
      g_clear_pointer (&backups, g_ptr_array_unref);
      g_main_context_iteration (NULL, TRUE);
    }
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (backups->len, ==, 1);
  g_assert_cmpint (((DpBackupInfo *) backups->pdata[0])->reason, ==, DP_BACKUP_DAILY);
  day = g_date_time_format (((DpBackupInfo *) backups->pdata[0])->time, "%Y%m%d");
  g_assert_cmpstr (day, ==, today);
  g_clear_pointer (&backups, g_ptr_array_unref);

  /* Once a day: the next game the same day makes none. */
  gtk_widget_activate_action (GTK_WIDGET (f->ui.window), "win.resume", "s", id);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  backups = dp_backup_list (dir, &error);
  g_assert_cmpuint (backups->len, ==, 1);
}

static void
test_preferences (Fixture       *f,
                  gconstpointer  data)
{
  DpPreferencesWindow *prefs = dp_preferences_window_new (dp_application_get_settings (f->ui.app), f->store);
  g_autofree char *dir = dp_backup_dir_for_database (f->ui.db_path);
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  g_autoptr(GError) error = NULL;
  GtkWidget *group, *row;
  GtkWindow *dialog;

  gtk_window_set_transient_for (GTK_WINDOW (prefs), GTK_WINDOW (f->ui.window));
  gtk_window_present (GTK_WINDOW (prefs));

  /* "Preferences groups settings by game": the turn assistant under Calavera. */
  group = find_titled (GTK_WIDGET (prefs), ADW_TYPE_PREFERENCES_GROUP, "Calavera");
  g_assert_nonnull (group);
  g_assert_nonnull (find_titled (group, ADW_TYPE_ACTION_ROW, "Turn _Assistant"));
  /* Issue 27 item 2: the own turns left are settable, "Automatic" by default, and the
   * value goes to the key the turn panel reads (`assistant-turns`). */
  {
    GtkWidget *turns = find_titled (group, ADW_TYPE_ACTION_ROW, "Own _Turns Left");
    GtkWidget *spin;
    GSettings *settings = dp_application_get_settings (f->ui.app);

    g_assert_nonnull (turns);
    spin = dp_ui_find_descendant (turns, GTK_TYPE_SPIN_BUTTON);
    g_assert_nonnull (spin);
    g_assert_cmpuint (g_settings_get_uint (settings, "assistant-turns"), ==, 0);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "Automatic");
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 7);
    g_assert_cmpuint (g_settings_get_uint (settings, "assistant-turns"), ==, 7);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "7");
    g_settings_reset (settings, "assistant-turns");
    g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, 0);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "Automatic");
  }
  g_assert_nonnull (find_titled (GTK_WIDGET (prefs), ADW_TYPE_PREFERENCES_GROUP, "Cubitos"));

  /* "shows where they are" */
  g_assert_cmpstr (dp_preferences_window_get_backup_dir (prefs), ==, dir);
  row = find_titled (GTK_WIDGET (prefs), ADW_TYPE_ACTION_ROW, "Folder");
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, dir);

  g_assert_cmpuint (dp_preferences_window_get_n_copies (prefs), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (prefs), "preferences.backup-now", NULL);
  g_assert_cmpuint (dp_preferences_window_get_n_copies (prefs), ==, 1);

  /* A game stored after the copy … */
  {
    g_autoptr(DpGame) game = test_new_game (tables[1]);
    g_autofree char *id = dp_store_create_game (f->store, game, &error);

    g_assert_no_error (error);
    test_play_store (f->store, id, game, rand, 8);
  }
  g_assert_cmpuint (dp_store_count_games (f->store, NULL, &error), ==, 4);

  /* … "restores one": asked first, Cancel changes nothing. */
  {
    g_autoptr(GPtrArray) backups = dp_backup_list (dir, &error);
    const char *path = ((DpBackupInfo *) backups->pdata[0])->path;

    dialog = dp_preferences_window_ask_restore (prefs, path);
    adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
    g_assert_cmpuint (dp_store_count_games (f->store, NULL, &error), ==, 4);

    dialog = dp_preferences_window_ask_restore (prefs, path);
    adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "restore");
  }
  g_assert_cmpuint (dp_store_count_games (f->store, NULL, &error), ==, 3);
  /* "with the current database backed up first": the four games are in a new copy. */
  g_assert_cmpuint (dp_preferences_window_get_n_copies (prefs), ==, 2);
  g_assert_cmpstr (dp_window_get_visible_page (f->ui.window), ==, "start");

  gtk_window_destroy (GTK_WINDOW (prefs));
}

/* A Cubitos race played at random in memory to its end (after round 6 the runners
 * often take the finish, as tests/core/cubitos/test-cubitos-random.c does). */
static DpGame *
play_race (const char *const *names,
           guint32            seed,
           GPtrArray         *actions)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(GString) setup = g_string_new ("{\"game\": \"cubitos\", \"race\": 1, \"players\": [");
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) game = NULL;

  for (guint i = 0; names[i] != NULL; i++)
    g_string_append_printf (setup, "%s\"%s\"", i > 0 ? ", " : "", names[i]);
  g_string_append_printf (setup, "], \"first\": \"%s\"}", names[0]);
  game = dp_game_new_from_text (setup->str, &error);
  g_assert_no_error (error);

  for (guint step = 0; !dp_game_is_finished (game); step++)
    {
      g_autoptr(GPtrArray) legal = dp_game_legal_actions (game);
      const char *pick = NULL;

      g_assert_cmpuint (step, <, 20000);
      g_assert_cmpuint (legal->len, >, 0);
      if (step > 60 && g_rand_int_range (rand, 0, 3) == 0)
        for (guint i = 0; i < legal->len && pick == NULL; i++)
          if (strstr (legal->pdata[i], "\"finish\":true") != NULL)
            pick = legal->pdata[i];
      if (pick == NULL)
        pick = legal->pdata[g_rand_int_range (rand, 0, (gint32) legal->len)];
      g_assert_true (dp_game_apply_text (game, pick, &error));
      g_assert_no_error (error);
      g_ptr_array_add (actions, g_strdup (pick));
    }
  return g_steal_pointer (&game);
}

/* The first GtkLabel below @widget reading @text, or NULL. */
static GtkWidget *
find_label (GtkWidget  *widget,
            const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_LABEL (child) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (child)), text) == 0 &&
          gtk_widget_is_visible (child))
        return child;
      if ((found = find_label (child, text)) != NULL)
        return found;
    }
  return NULL;
}

/* A GtkDropDown on screen (mapped) below @widget with nothing selected (GTK draws
 * "(None)" then), or NULL. */
static GtkWidget *
find_empty_dropdown (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (!gtk_widget_get_mapped (child))
        continue;
      if (GTK_IS_DROP_DOWN (child) && gtk_drop_down_get_selected_item (GTK_DROP_DOWN (child)) == NULL)
        return child;
      if ((found = find_empty_dropdown (child)) != NULL)
        return found;
    }
  return NULL;
}

/* Found in the window (qa): Statistics filtered to a game nobody has finished yet showed
 * its player picker as GTK's untranslated "(None)" beside "No Finished Games Yet". A
 * picker with nobody to pick is not shown; it comes back with the players. */
static void
test_statistics_no_empty_picker (Fixture       *f,
                                 gconstpointer  data)
{
  DpStatisticsPage *page;
  guint n;

  gtk_widget_activate_action (GTK_WIDGET (f->ui.window), "win.show-page", "s", "statistics");
  page = DP_STATISTICS_PAGE (dp_window_get_page (f->ui.window, "statistics"));
  dp_ui_wait_mapped (GTK_WIDGET (page));

  /* The fixture's games are Calavera games: players to pick. */
  dp_statistics_page_set_kind (page, "calavera");
  n = dp_statistics_page_get_n_players (page);
  g_assert_cmpuint (n, >, 0);
  g_assert_null (find_empty_dropdown (GTK_WIDGET (page)));

  /* Cubitos: no finished race, nobody to pick, and no "(None)". */
  dp_statistics_page_set_kind (page, "cubitos");
  g_assert_cmpuint (dp_statistics_page_get_n_players (page), ==, 0);
  g_assert_null (find_empty_dropdown (GTK_WIDGET (page)));

  /* Back to Calavera: the players are there to pick again. */
  dp_statistics_page_set_kind (page, "calavera");
  g_assert_cmpuint (dp_statistics_page_get_n_players (page), ==, n);
  g_assert_null (find_empty_dropdown (GTK_WIDGET (page)));
  g_assert_nonnull (dp_statistics_page_get_player (page));
}

/* Issue 19 item 4: "Cubitos results say '26 points'; Cubitos players appear under
 * Calavera headings" — each game's own figures, headings and units. */
static void
test_statistics_cubitos (Fixture       *f,
                         gconstpointer  data)
{
  const char *const racers[] = { "Ina", "Zoë", NULL };
  g_autoptr(GError) error = NULL;
  DpStatisticsPage *page;
  double place_sum = 0;
  guint races = 0;

  for (guint r = 0; r < 2; r++)
    {
      g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(DpGame) race = play_race (racers, 40 + r, actions);
      g_autofree char *id = g_uuid_string_random ();
      g_autoptr(JsonNode) export = test_export_of (race, actions, id, 1710000000 + r * 86400);
      guint imported = 0, skipped = 0;

      g_assert_true (dp_store_import (f->store, export, &imported, &skipped, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (imported, ==, 1);
    }

  /* Ina's average place, from each race's own result row. */
  {
    DpGameFilter filter = DP_GAME_FILTER_INIT;
    g_autoptr(GPtrArray) list = NULL;

    filter.kind = "cubitos";
    list = dp_store_list_games (f->store, &filter, 0, 0, &error);
    g_assert_no_error (error);
    for (guint i = 0; i < list->len; i++)
      {
        DpGameSummary *summary = list->pdata[i];

        for (guint seat = 0; seat < summary->n_players; seat++)
          if (g_str_equal (summary->names[seat], "Ina"))
            {
              place_sum += summary->ranks[seat];
              races++;
            }
      }
    g_assert_cmpuint (races, ==, 2);
  }

  gtk_widget_activate_action (GTK_WIDGET (f->ui.window), "win.show-page", "s", "statistics");
  page = DP_STATISTICS_PAGE (dp_window_get_page (f->ui.window, "statistics"));
  dp_ui_wait_mapped (GTK_WIDGET (page));
  dp_statistics_page_set_kind (page, "cubitos");
  dp_statistics_page_set_player (page, "Ina");
  g_assert_cmpuint (dp_statistics_page_get_n_players (page), ==, 2);

  for (guint row = 0; row < 2; row++)
    if (g_str_equal (dp_statistics_page_get_cell (page, row, DP_STATISTICS_COLUMN_PLAYER), "Ina"))
      {
        g_autofree char *place = dp_format_double (place_sum / races, 1);

        g_assert_cmpstr (dp_statistics_page_get_cell (page, row, DP_STATISTICS_COLUMN_PLACE), ==, place);
        /* A race has no points to average. */
        g_assert_null (dp_statistics_page_get_cell (page, row, DP_STATISTICS_COLUMN_AVERAGE));
      }

  /* The race's own figures under its own headings; none of Calavera's. */
  g_assert_nonnull (dp_statistics_page_get_detail (page, "spaces_moved"));
  g_assert_nonnull (dp_statistics_page_get_detail (page, "busts"));
  g_assert_nonnull (dp_statistics_page_get_detail (page, "dice_bought"));
  g_assert_null (dp_statistics_page_get_detail (page, "points_orange"));
  g_assert_nonnull (find_label (GTK_WIDGET (page), "The Race"));
  g_assert_null (find_label (GTK_WIDGET (page), "Average Points per Row"));
  g_assert_null (find_label (GTK_WIDGET (page), "Bonus Lines and Freezes"));

  /* The progression's totals are spaces, not points. */
  {
    DpChart *chart = dp_statistics_page_get_progression_chart (page);
    double px, py;
    g_autofree char *tooltip = NULL;
    guint last = dp_chart_get_n_points (chart, 0) - 1;

    dp_ui_wait_for_layout (GTK_WIDGET (chart));
    g_assert_true (dp_chart_get_point_position (chart, 0, last, &px, &py));
    tooltip = dp_chart_dup_tooltip_at (chart, px, py);
    g_assert_nonnull (tooltip);
    g_assert_null (strstr (tooltip, "point"));
    g_assert_true (strstr (tooltip, "space") != NULL);
    g_assert_true (strstr (tooltip, "Round") != NULL);
  }
}

/* Issue 19 item 5: "there is no import in the window (file chooser, the same
 * all-or-nothing import with its line-numbered error shown in a dialog)". */
static void
test_import_from_window (Fixture       *f,
                         gconstpointer  data)
{
  const char *ids[] = { f->ids[0], NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) export = dp_store_export (f->store, ids, &error);
  g_autofree char *text = json_to_string (export, TRUE);
  g_autofree char *path = g_build_filename (f->ui.dir, "games.json", NULL);
  g_autofree char *bad_path = g_build_filename (f->ui.dir, "bad.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
  g_autofree char *bad_text = NULL;
  GtkWindow *dialog = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  /* The same file with a player's name that is not a string, further down. */
  bad_text = g_strdup (text);
  {
    char *name = strstr (bad_text, "\"players\"");

    g_assert_nonnull (name);
    name = strchr (name, '[');
    name[1] = '4';
    name[2] = '2';
    name[3] = ',';
  }
  g_assert_true (g_file_set_contents (bad_path, bad_text, -1, NULL));

  /* A refused file: a dialog names the line; nothing is stored. */
  g_assert_true (dp_history_page_delete_game (f->page, f->ids[0], &error));
  g_assert_false (dp_history_page_import_file (f->page, bad, &dialog));
  g_assert_true (ADW_IS_MESSAGE_DIALOG (dialog));
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), "Line "));
  gtk_window_destroy (dialog);
  assert_listed (f, f->ids[2], f->ids[1]);

  /* The good file: its game is stored as deleted, so the import offers to restore it. */
  g_assert_true (dp_history_page_import_file (f->page, file, &dialog));
  g_assert_nonnull (dialog);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "restore");
  assert_listed (f, f->ids[2], f->ids[1], f->ids[0]);

  /* Issue 26, item 1: a bad game beside good ones is left out and named in a dialog;
   * the others are imported (here the good one is stored already). */
  {
    g_autoptr(JsonNode) doc = json_from_string (text, &error);
    JsonArray *games;
    JsonNode *copy;
    g_autofree char *mixed = NULL;
    g_autofree char *mixed_path = g_build_filename (f->ui.dir, "mixed.json", NULL);
    g_autoptr(GFile) mixed_file = g_file_new_for_path (mixed_path);

    g_assert_no_error (error);
    games = json_object_get_array_member (json_node_get_object (doc), "games");
    /* A deep copy: json_node_copy() would share the game's object. */
    {
      g_autofree char *first = json_to_string (json_array_get_element (games, 0), FALSE);

      copy = json_from_string (first, &error);
      g_assert_no_error (error);
    }
    json_object_set_int_member (json_node_get_object (copy), "id", 7);
    json_array_add_element (games, copy);
    mixed = json_to_string (doc, TRUE);
    g_assert_true (g_file_set_contents (mixed_path, mixed, -1, NULL));

    g_assert_true (dp_history_page_import_file (f->page, mixed_file, &dialog));
    g_assert_true (ADW_IS_MESSAGE_DIALOG (dialog));
    g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==, "Some Games Were Left Out");
    g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), "Game 2"));
    gtk_window_destroy (dialog);
    assert_listed (f, f->ids[2], f->ids[1], f->ids[0]);
  }
}

/* The first button below @widget that runs @action (any target). */
static GtkWidget *
find_action_button (GtkWidget  *widget,
                    const char *action)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), action) == 0)
        return child;
      if ((found = find_action_button (child, action)) != NULL)
        return found;
    }
  return NULL;
}

/* Runs the shortcut of @widget's own shortcut controllers (its class's key bindings)
 * that @keyval with @mods triggers, as GTK does for a key press; TRUE when one ran. */
static gboolean
activate_shortcut (GtkWidget       *widget,
                   guint            keyval,
                   GdkModifierType  mods)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger)
              && gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval
              && gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == mods)
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                                 gtk_shortcut_get_arguments (shortcut));
        }
    }
  return FALSE;
}

/* Issue 19 item 5: "the detail view has two Back buttons". */
static void
test_one_back_button (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  GtkWidget *window_back = find_action_button (GTK_WIDGET (f->ui.window), "win.show-start");
  GtkWidget *replay_back = find_action_button (GTK_WIDGET (f->page), "replay.back");

  g_assert_nonnull (window_back);
  g_assert_nonnull (replay_back);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window_back)));

  g_assert_true (dp_history_page_open_game (f->page, f->ids[1], &error));
  g_assert_no_error (error);
  dp_ui_iterate_until_idle ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window_back)));
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (replay_back)));

  gtk_widget_activate_action (GTK_WIDGET (dp_history_page_get_replay_page (f->page)), "replay.back", NULL);
  dp_ui_iterate_until_idle ();
  g_assert_cmpstr (dp_history_page_get_visible_view (f->page), ==, "list");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window_back)));

  /* qa2 play-through: from the list, Escape and Alt+Left did nothing, so a player at the
   * keyboard could not get back to the start page (Tab to the header's Back button
   * aside). Both keys are the page's own shortcuts to the window's Back. */
  g_assert_true (activate_shortcut (GTK_WIDGET (f->page), GDK_KEY_Left, GDK_ALT_MASK));
  dp_ui_iterate_until_idle ();
  g_assert_cmpstr (dp_window_get_visible_page (f->ui.window), ==, "start");
  gtk_widget_activate_action (GTK_WIDGET (f->ui.window), "win.show-page", "s", "history");
  dp_ui_iterate_until_idle ();
  g_assert_cmpstr (dp_window_get_visible_page (f->ui.window), ==, "history");
  g_assert_true (activate_shortcut (GTK_WIDGET (f->page), GDK_KEY_Escape, 0));
  dp_ui_iterate_until_idle ();
  g_assert_cmpstr (dp_window_get_visible_page (f->ui.window), ==, "start");
}

static guint
count_resume_buttons (GtkWidget *widget)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_ACTIONABLE (child) &&
          g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), "win.resume") == 0)
        n++;
      n += count_resume_buttons (child);
    }
  return n;
}

/* Issue 19 item 5: "the start page lists only 3 unfinished games"; "Ctrl+N always
 * opens Calavera" — a new game of the kind last played. */
static void
test_start_page_and_ctrl_n (Fixture       *f,
                            gconstpointer  data)
{
  const char *const racers[] = { "Ina", "Zoë", NULL };
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) accels = gtk_application_get_actions_for_accel (GTK_APPLICATION (f->ui.app), "<Control>n");
  DpNewGamePage *new_game;

  for (guint i = 0; i < 5; i++)
    {
      g_autoptr(DpGame) game = test_new_game (tables[i % 2]);
      g_autofree char *id = dp_store_create_game_at (f->store, game, 1800000000 + i, &error);

      g_assert_no_error (error);
    }
  gtk_widget_activate_action (GTK_WIDGET (f->ui.window), "win.show-start", NULL);
  /* (the header may hold a Resume of its own) */
  g_assert_cmpuint (count_resume_buttons (GTK_WIDGET (f->ui.window)), >=, 5);

  /* The newest games are Calavera: Ctrl+N starts a Calavera game. */
  g_assert_true (g_strv_contains ((const char *const *) accels, "win.new-game-default"));
  gtk_widget_activate_action (GTK_WIDGET (f->ui.window), "win.new-game-default", NULL);
  new_game = DP_NEW_GAME_PAGE (dp_window_get_page (f->ui.window, "new-game"));
  g_assert_cmpstr (dp_new_game_page_get_kind (new_game), ==, "calavera");

  /* A race played last: Ctrl+N starts a race. */
  {
    g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
    g_autoptr(DpGame) race = play_race (racers, 7, actions);
    g_autofree char *id = g_uuid_string_random ();
    g_autoptr(JsonNode) export = test_export_of (race, actions, id, 1900000000);
    guint imported, skipped;

    g_assert_true (dp_store_import (f->store, export, &imported, &skipped, &error));
    g_assert_no_error (error);
  }
  gtk_widget_activate_action (GTK_WIDGET (f->ui.window), "win.show-start", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->ui.window), "win.new-game-default", NULL);
  g_assert_cmpstr (dp_new_game_page_get_kind (new_game), ==, "cubitos");
}

/* The Resume buttons on screen (the replay page in History holds one of its own). */
static guint
count_shown_resume_buttons (GtkWidget *widget)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_ACTIONABLE (child) && gtk_widget_get_mapped (child) &&
          g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), "win.resume") == 0)
        n++;
      n += count_shown_resume_buttons (child);
    }
  return n;
}

static GtkWidget *
find_actionable (GtkWidget  *widget,
                 const char *action_name)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_ACTIONABLE (child) &&
          g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), action_name) == 0)
        return child;
      if ((found = find_actionable (child, action_name)) != NULL)
        return found;
    }
  return NULL;
}

/* Issue 26, item 2: "The start page grows with unfinished games … Show the few most
 * recent and a row that opens all unfinished games in History." With 12 unfinished
 * games (and the fixture's 3 finished ones) the start page offers the 5 newest and one
 * row; the row opens History listing exactly the 12, newest first. */
static void
test_start_page_few_unfinished (Fixture       *f,
                                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *newest = NULL;
  DpHistoryModel *model;
  GtkWidget *row;
  guint n_resume;

  for (guint i = 0; i < 12; i++)
    {
      g_autoptr(DpGame) game = test_new_game (tables[i % 3]);

      g_free (newest);
      newest = dp_store_create_game_at (f->store, game, 1800000000 + i, &error);
      g_assert_no_error (error);
    }
  gtk_widget_activate_action (GTK_WIDGET (f->ui.window), "win.show-start", NULL);
  g_assert_cmpstr (dp_window_get_visible_page (f->ui.window), ==, "start");

  n_resume = count_shown_resume_buttons (GTK_WIDGET (f->ui.window));
  g_assert_cmpuint (n_resume, ==, 5);
  g_assert_nonnull (dp_ui_find_button_with_action (GTK_WIDGET (f->ui.window), "win.resume", newest));

  row = find_actionable (GTK_WIDGET (f->ui.window), "win.show-unfinished");
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_mapped (row));
  g_assert_true (gtk_widget_activate (row));
  dp_ui_iterate_until_idle ();

  g_assert_cmpstr (dp_window_get_visible_page (f->ui.window), ==, "history");
  g_assert_true (dp_history_page_get_show_unfinished (f->page));
  model = dp_history_page_get_model (f->page);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 12);
  for (guint i = 0; i < 12; i++)
    {
      g_autoptr(DpHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (model), i);

      g_assert_cmpint (dp_history_item_get_summary (item)->state, ==, DP_GAME_STATE_IN_PROGRESS);
      if (i == 0)
        g_assert_cmpstr (dp_history_item_get_id (item), ==, newest);
    }

  /* Unticking "Unfinished" shows every game again. */
  dp_history_page_set_show_unfinished (f->page, FALSE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 15);

  /* Five or fewer unfinished games: every one has its row, and no "All" row. */
  for (guint i = 0; i < 8; i++)
    {
      g_autoptr(DpGame) game = NULL;
      g_autoptr(DpGameSummary) summary = NULL;
      g_autoptr(GPtrArray) list = NULL;
      DpGameFilter filter = DP_GAME_FILTER_INIT;

      filter.state = DP_GAME_STATE_IN_PROGRESS;
      list = dp_store_list_games (f->store, &filter, 0, 1, &error);
      g_assert_no_error (error);
      summary = g_ptr_array_steal_index (list, 0);
      g_assert_true (dp_store_abandon_game (f->store, summary->id, &error));
      g_assert_no_error (error);
    }
  gtk_widget_activate_action (GTK_WIDGET (f->ui.window), "win.show-start", NULL);
  g_assert_cmpuint (count_shown_resume_buttons (GTK_WIDGET (f->ui.window)), ==, 4);
  g_assert_null (find_actionable (GTK_WIDGET (f->ui.window), "win.show-unfinished"));
}

static void
collect_group_titles (GtkWidget *widget,
                      GPtrArray *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_SHORTCUTS_GROUP (child))
        {
          char *title = NULL;

          g_object_get (child, "title", &title, NULL);
          g_ptr_array_add (out, title);
        }
      collect_group_titles (child, out);
    }
}

/* Issue 19 item 5: "the shortcuts window lists only Calavera keys". */
static void
test_shortcuts_window (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/dicepad/Dicepad/gtk/help-overlay.ui");
  GtkWidget *overlay = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));
  g_autoptr(GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);

  g_assert_nonnull (overlay);
  collect_group_titles (overlay, titles);
  g_ptr_array_add (titles, NULL);
  g_assert_true (g_strv_contains ((const char *const *) titles->pdata, "Cubitos"));
  g_assert_true (g_strv_contains ((const char *const *) titles->pdata, "History"));
  g_assert_true (g_strv_contains ((const char *const *) titles->pdata, "General"));
  gtk_window_destroy (GTK_WINDOW (overlay));
}

/* Issue 19 item 5: "the window size is not remembered". */
static void
test_window_size_remembered (Fixture       *f,
                             gconstpointer  data)
{
  GSettings *settings = dp_application_get_settings (f->ui.app);
  int width = 0, height = 0;

  gtk_window_set_default_size (GTK_WINDOW (f->ui.window), 900, 640);
  dp_ui_iterate_until_idle ();
  dp_ui_fixture_close_window (&f->ui);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 900);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 640);

  /* The next window opens at that size. */
  dp_ui_fixture_open_window (&f->ui);
  gtk_window_get_default_size (GTK_WINDOW (f->ui.window), &width, &height);
  g_assert_cmpint (width, ==, 900);
  g_assert_cmpint (height, ==, 640);
}

/* The title of the toast shown on @widget's overlay, or NULL (waits for it to map). */
static const char *
shown_toast_title (GtkWidget *widget)
{
  for (guint i = 0; i < 5; i++)
    {
      GtkWidget *toast = NULL;
      GPtrArray *stack = g_ptr_array_new ();

      dp_ui_wait_for_layout (widget);
      g_ptr_array_add (stack, widget);
      while (stack->len > 0 && toast == NULL)
        {
          GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);

          if (g_strcmp0 (gtk_widget_get_css_name (w), "toast") == 0 && gtk_widget_get_mapped (w))
            toast = w;
          for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
            g_ptr_array_add (stack, c);
        }
      g_ptr_array_unref (stack);
      if (toast != NULL)
        {
          GtkWidget *label = dp_ui_find_descendant (toast, GTK_TYPE_LABEL);

          return label != NULL ? gtk_label_get_text (GTK_LABEL (label)) : NULL;
        }
    }
  return NULL;
}

/* polish2 item 4: "Restoring a deleted game gives no confirmation: a toast 'Restored:
 * <game>'". Restore in the Deleted view, the toast's Undo and Ctrl+Z all say which game
 * came back, as the deleting toast says which game went. */
static void
test_restore_toast (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  GtkButton *restore;

  g_assert_true (dp_history_page_delete_game (f->page, f->ids[1], &error));
  g_assert_no_error (error);
  g_assert_cmpstr (shown_toast_title (GTK_WIDGET (f->page)), ==, "Deleted: Calavera with Ina, Tom");

  /* The Deleted view's Restore. */
  dp_history_page_set_show_deleted (f->page, TRUE);
  assert_listed (f, f->ids[1]);
  restore = find_button (GTK_WIDGET (f->page), "_Restore");
  choose_row (f, 0);
  g_signal_emit_by_name (restore, "clicked");
  g_assert_cmpstr (shown_toast_title (GTK_WIDGET (f->page)), ==, "Restored: Calavera with Ina, Tom");

  /* Ctrl+Z (win.undo) after a deletion. */
  dp_history_page_set_show_deleted (f->page, FALSE);
  g_assert_true (dp_history_page_delete_game (f->page, f->ids[2], &error));
  g_assert_no_error (error);
  gtk_widget_activate_action (GTK_WIDGET (f->ui.window), "win.undo", NULL);
  assert_listed (f, f->ids[2], f->ids[1], f->ids[0]);
  g_assert_cmpstr (shown_toast_title (GTK_WIDGET (f->page)), ==, "Restored: Calavera with Zoë, Émile");
}

/* polish2 item 4: "History says 'No Games Yet' when only deleted games exist: say so and
 * point to the Deleted view." */
static void
test_only_deleted (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  AdwStatusPage *empty;
  GtkButton *show;

  for (guint i = 0; i < G_N_ELEMENTS (f->ids); i++)
    g_assert_true (dp_history_page_delete_game (f->page, f->ids[i], &error));
  g_assert_no_error (error);
  {
    g_autofree char *listed = listed_ids (f);

    g_assert_cmpstr (listed, ==, "");
  }

  empty = ADW_STATUS_PAGE (dp_ui_find_descendant (GTK_WIDGET (f->page), ADW_TYPE_STATUS_PAGE));
  g_assert_nonnull (empty);
  dp_ui_wait_for_layout (GTK_WIDGET (empty));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (empty)));
  g_assert_cmpstr (adw_status_page_get_title (empty), ==, "Only Deleted Games");
  g_assert_cmpstr (adw_status_page_get_description (empty), ==,
                   "3 deleted games wait in Deleted Games until you delete them for good.");

  /* Its button opens the Deleted view, with the three games. */
  show = find_button (GTK_WIDGET (empty), "Show _Deleted Games");
  g_assert_nonnull (show);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (show)));
  g_signal_emit_by_name (show, "clicked");
  g_assert_true (dp_history_page_get_show_deleted (f->page));
  assert_listed (f, f->ids[2], f->ids[1], f->ids[0]);

  /* Deleted for good, they are gone: History has no games yet again. */
  g_assert_true (dp_store_purge_deleted (f->store, &error));
  g_assert_no_error (error);
  dp_history_page_set_show_deleted (f->page, FALSE);
  dp_history_page_reload (f->page);
  {
    g_autofree char *listed = listed_ids (f);

    g_assert_cmpstr (listed, ==, "");
  }
  g_assert_cmpstr (adw_status_page_get_title (empty), ==, "No Games Yet");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (show)));
}

int
main (int   argc,
      char *argv[])
{
  dp_ui_test_init (&argc, &argv, DP_UI_TEST_GTK | DP_UI_TEST_ISOLATE_DIRS);

  g_test_add ("/history-window/ctrl-z-after-toast", Fixture, NULL, fixture_setup, test_ctrl_z_after_toast, fixture_teardown);
  g_test_add ("/history-window/restore-toast", Fixture, NULL, fixture_setup, test_restore_toast, fixture_teardown);
  g_test_add ("/history-window/only-deleted", Fixture, NULL, fixture_setup, test_only_deleted, fixture_teardown);
  g_test_add ("/history-window/deleted-view", Fixture, NULL, fixture_setup, test_deleted_view, fixture_teardown);
  g_test_add ("/history-window/import-offers-restore", Fixture, NULL, fixture_setup, test_import_offers_restore, fixture_teardown);
  g_test_add ("/history-window/search-ignores-accents", Fixture, NULL, fixture_setup, test_search_ignores_accents, fixture_teardown);

  g_test_add ("/history-window/daily-backup-when-playing", Fixture, NULL, fixture_setup, test_daily_backup_when_playing, fixture_teardown);
  g_test_add ("/history-window/statistics-no-empty-picker", Fixture, NULL, fixture_setup, test_statistics_no_empty_picker, fixture_teardown);
  g_test_add ("/history-window/statistics-cubitos", Fixture, NULL, fixture_setup, test_statistics_cubitos, fixture_teardown);
  g_test_add ("/history-window/import-from-window", Fixture, NULL, fixture_setup, test_import_from_window, fixture_teardown);
  g_test_add ("/history-window/one-back-button", Fixture, NULL, fixture_setup, test_one_back_button, fixture_teardown);
  g_test_add ("/history-window/start-page-and-ctrl-n", Fixture, NULL, fixture_setup, test_start_page_and_ctrl_n, fixture_teardown);
  g_test_add ("/history-window/start-page-few-unfinished", Fixture, NULL, fixture_setup, test_start_page_few_unfinished,
              fixture_teardown);
  g_test_add ("/history-window/shortcuts-window", Fixture, NULL, fixture_setup, test_shortcuts_window, fixture_teardown);
  g_test_add ("/history-window/window-size-remembered", Fixture, NULL, fixture_setup, test_window_size_remembered, fixture_teardown);
  g_test_add ("/history-window/preferences", Fixture, NULL, fixture_setup, test_preferences, fixture_teardown);

  return g_test_run ();
}
