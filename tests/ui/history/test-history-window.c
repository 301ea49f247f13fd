/* test-history-window.c — History inside the window: deleting is recoverable, search
 * ignores accents
 *
 * Issue 19 item 2: "deleted games stay restorable from the History page (a 'Deleted'
 * view with Restore and 'Delete for good'), the toast remains a shortcut; an import of
 * a game that is stored as deleted offers to restore it"; the assignment adds "Ctrl+Z
 * after the toast is gone still restores the last deletion". Item 5: "Search is
 * accent-sensitive ('zoe', 'emile' find nothing for Zoë, Émile)".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dp-history-page.h"
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

int
main (int   argc,
      char *argv[])
{
  dp_ui_test_init (&argc, &argv, DP_UI_TEST_GTK | DP_UI_TEST_ISOLATE_DIRS);

  g_test_add ("/history-window/ctrl-z-after-toast", Fixture, NULL, fixture_setup, test_ctrl_z_after_toast, fixture_teardown);
  g_test_add ("/history-window/deleted-view", Fixture, NULL, fixture_setup, test_deleted_view, fixture_teardown);
  g_test_add ("/history-window/import-offers-restore", Fixture, NULL, fixture_setup, test_import_offers_restore, fixture_teardown);
  g_test_add ("/history-window/search-ignores-accents", Fixture, NULL, fixture_setup, test_search_ignores_accents, fixture_teardown);

  return g_test_run ();
}
