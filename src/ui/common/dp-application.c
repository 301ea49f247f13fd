/* dp-application.c — the application: command line, app actions, the store
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dp-application.h"
#include "dp-data-resources.h"
#include "dp-ui-resources.h"
#include "dp-preferences-window.h"
#include "dp-window.h"

struct _DpApplication
{
  AdwApplication  parent_instance;

  char           *database_path;
  DpStore        *store;
  gboolean        opening;      /* the store is being opened on a worker */
  GError         *open_error;   /* why the worker could not open it */
  GSettings      *settings;
};

G_DEFINE_FINAL_TYPE (DpApplication, dp_application, ADW_TYPE_APPLICATION)

enum {
  STORE_OPENED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *const developers[] = {
  "The Dicepad developers",
  NULL
};

static void
dp_application_show_about (GSimpleAction *action,
                           GVariant      *parameter,
                           gpointer       user_data)
{
  DpApplication *self = DP_APPLICATION (user_data);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  adw_show_about_window (window,
                         "application-name", _("Dicepad"),
                         "application-icon", APP_ID,
                         "developer-name", _("The Dicepad developers"),
                         "version", VERSION,
                         "comments", _("Keep score and follow the rules of your dice games at the table."),
                         "website", "https://github.com/dicepad/dicepad",
                         "issue-url", "https://github.com/dicepad/dicepad/issues",
                         "developers", developers,
                         /* Translators: put your names here, one per line */
                         "translator-credits", _("translator-credits"),
                         "copyright", "© 2026 The Dicepad developers",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         NULL);
}

static void
dp_application_show_preferences (GSimpleAction *action,
                                 GVariant      *parameter,
                                 gpointer       user_data)
{
  DpApplication *self = DP_APPLICATION (user_data);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  /* Without a store (it cannot be opened) the Backups page has nothing to show. */
  DpStore *store = dp_application_get_store (self, NULL);
  DpPreferencesWindow *preferences = dp_preferences_window_new (self->settings, store);

  gtk_window_set_transient_for (GTK_WINDOW (preferences), window);
  gtk_window_present (GTK_WINDOW (preferences));
}

static void
dp_application_quit (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  GApplication *app = G_APPLICATION (user_data);
  GList *windows;

  /* Close windows properly so they save their size; every entry is stored already. */
  while ((windows = gtk_application_get_windows (GTK_APPLICATION (app))) != NULL)
    gtk_window_destroy (GTK_WINDOW (windows->data));

  g_application_quit (app);
}

static const GActionEntry app_actions[] = {
  { "about", dp_application_show_about },
  { "preferences", dp_application_show_preferences },
  { "quit", dp_application_quit },
};

static int
dp_application_handle_local_options (GApplication *app,
                                     GVariantDict *options)
{
  DpApplication *self = DP_APPLICATION (app);
  const char *database = NULL;

  if (g_variant_dict_lookup (options, "version", "b", NULL))
    {
      g_print ("%s %s\n", "dicepad", VERSION);
      return 0;
    }

  g_variant_dict_lookup (options, "database", "^&ay", &database);
  g_clear_pointer (&self->database_path, g_free);
  self->database_path = dp_store_resolve_path (database);

  return -1;
}

static void
dp_application_startup (GApplication *app)
{
  DpApplication *self = DP_APPLICATION (app);
  static const char *const undo_accels[] = { "<Control>z", NULL };
  static const char *const redo_accels[] = { "<Control><Shift>z", NULL };
  static const char *const quit_accels[] = { "<Control>q", NULL };
  static const char *const preferences_accels[] = { "<Control>comma", NULL };
  static const char *const new_game_accels[] = { "<Control>n", NULL };

  G_APPLICATION_CLASS (dp_application_parent_class)->startup (app);

  self->settings = g_settings_new (APP_ID);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions), self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.preferences", preferences_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.undo", undo_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.redo", redo_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.new-game-default", new_game_accels);
}

static void
dp_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (dp_window_new (DP_APPLICATION (app)));

  gtk_window_present (window);
}

static void
dp_application_finalize (GObject *object)
{
  DpApplication *self = DP_APPLICATION (object);

  g_clear_pointer (&self->database_path, g_free);
  g_clear_object (&self->store);
  g_clear_error (&self->open_error);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (dp_application_parent_class)->finalize (object);
}

static void
dp_application_class_init (DpApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = dp_application_finalize;

  /* The resources sit in a static library: referring to them keeps the linker from
   * dropping the object whose constructor registers them. */
  (void) dp_data_get_resource ();
  (void) dp_ui_get_resource ();

  app_class->handle_local_options = dp_application_handle_local_options;
  app_class->startup = dp_application_startup;
  app_class->activate = dp_application_activate;

  /**
   * DpApplication::store-opened:
   * The store opened in the background is ready, or could not be opened
   * (dp_application_get_store() says why).
   */
  signals[STORE_OPENED] = g_signal_new ("store-opened", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dp_application_init (DpApplication *self)
{
  static const GOptionEntry options[] = {
    { "database", 'd', G_OPTION_FLAG_NONE, G_OPTION_ARG_FILENAME, NULL,
      N_("Use this database file instead of the default one"), N_("FILE") },
    { "version", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
      N_("Print the version and exit"), NULL },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), options);
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Score pad and rules keeper for dice games played at the table."));
}

DpApplication *
dp_application_new (void)
{
  /* NON_UNIQUE: each window owns its database connection; a second instance with
   * another --database must not hand its arguments to the first. */
  return g_object_new (DP_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_NON_UNIQUE,
                       "resource-base-path", "/io/github/dicepad/Dicepad",
                       NULL);
}

const char *
dp_application_get_database_path (DpApplication *self)
{
  g_return_val_if_fail (DP_IS_APPLICATION (self), NULL);

  if (self->database_path == NULL)
    self->database_path = dp_store_resolve_path (NULL);

  return self->database_path;
}

DpStore *
dp_application_get_store (DpApplication  *self,
                          GError        **error)
{
  g_return_val_if_fail (DP_IS_APPLICATION (self), NULL);

  if (self->opening)
    {
      g_set_error_literal (error, DP_STORE_ERROR, DP_STORE_ERROR_BUSY,
                           _("Your game history is being brought to this version of Dicepad. "
                             "This happens once, and every game is kept; it may take a minute."));
      return NULL;
    }
  if (self->open_error != NULL)
    {
      if (error != NULL)
        *error = g_error_copy (self->open_error);
      return NULL;
    }

  /* A database that cannot be written is still shown (History, statistics); each
   * write then says it is read-only (issue 16, item 7). */
  if (self->store == NULL)
    self->store = dp_store_open_or_read_only (dp_application_get_database_path (self), error);

  return self->store;
}

static void
store_opened_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  g_autoptr(DpApplication) self = data;

  self->opening = FALSE;
  self->store = dp_store_open_or_read_only_finish (result, &self->open_error);
  g_signal_emit (self, signals[STORE_OPENED], 0);
}

gboolean
dp_application_open_store_in_background (DpApplication *self)
{
  g_return_val_if_fail (DP_IS_APPLICATION (self), FALSE);

  if (self->store != NULL || self->opening || self->open_error != NULL)
    return self->opening;
  if (!dp_store_needs_migration (dp_application_get_database_path (self)))
    return FALSE;
  self->opening = TRUE;
  dp_store_open_or_read_only_async (dp_application_get_database_path (self), NULL, store_opened_cb,
                                    g_object_ref (self));
  return TRUE;
}

gboolean
dp_application_is_opening_store (DpApplication *self)
{
  g_return_val_if_fail (DP_IS_APPLICATION (self), FALSE);

  return self->opening;
}

GSettings *
dp_application_get_settings (DpApplication *self)
{
  g_return_val_if_fail (DP_IS_APPLICATION (self), NULL);

  return self->settings;
}

static DpApplication *
application_for_widget (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkApplication *app = GTK_IS_WINDOW (root) ? gtk_window_get_application (GTK_WINDOW (root)) : NULL;

  return DP_IS_APPLICATION (app) ? DP_APPLICATION (app) : NULL;
}

DpStore *
dp_application_get_store_for_widget (GtkWidget  *widget,
                                     GError    **error)
{
  DpApplication *app;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  app = application_for_widget (widget);
  return app != NULL ? dp_application_get_store (app, error) : NULL;
}

GSettings *
dp_application_get_settings_for_widget (GtkWidget *widget)
{
  DpApplication *app;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  app = application_for_widget (widget);
  return app != NULL ? dp_application_get_settings (app) : NULL;
}

gboolean
dp_application_find_store (GtkWidget      *widget,
                           AdwStatusPage  *page,
                           const char     *title,
                           DpStore       **store)
{
  g_autoptr(GError) error = NULL;

  *store = dp_application_get_store_for_widget (widget, &error);
  if (error == NULL)
    return TRUE;

  adw_status_page_set_icon_name (page, "dialog-warning-symbolic");
  adw_status_page_set_title (page, title);
  adw_status_page_set_description (page, error->message);
  return FALSE;
}
