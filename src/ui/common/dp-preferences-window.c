/* dp-preferences-window.c — the preferences: each game's settings, and the backups
 *
 * The language is the system's: Dicepad has no setting of its own for it. The Backups
 * page shows where the automatic copies are (dp-backup.h), makes one on request and
 * restores one after asking; the games stored before a restore are copied first.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dp-backup.h"
#include "dp-history-format.h"
#include "dp-preferences-window.h"

struct _DpPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  GSettings            *settings;
  DpStore              *store;        /* NULL: no backups page content */
  char                 *backup_dir;
  GPtrArray            *copy_rows;    /* rows of copies_group */

  /* Template widgets */
  GtkSwitch            *assistant_switch;
  GtkSpinButton        *turns_spin;
  GtkSwitch            *zero_swords_switch;
  AdwActionRow         *folder_row;
  AdwPreferencesGroup  *copies_group;
};

G_DEFINE_FINAL_TYPE (DpPreferencesWindow, dp_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

enum {
  PROP_0,
  PROP_SETTINGS,
  PROP_STORE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *
reason_text (DpBackupReason reason)
{
  switch (reason)
    {
    case DP_BACKUP_BEFORE_MIGRATION:
      /* Translators: why a backup was made, under its date in Preferences */
      return _("Before an upgrade of the database");
    case DP_BACKUP_BEFORE_RESTORE:
      /* Translators: why a backup was made, under its date in Preferences */
      return _("The games before a restore");
    case DP_BACKUP_DAILY:
    default:
      /* Translators: why a backup was made, under its date in Preferences */
      return _("Daily copy");
    }
}

static void
fill_copies (DpPreferencesWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) backups = NULL;

  for (guint i = 0; i < self->copy_rows->len; i++)
    adw_preferences_group_remove (self->copies_group, g_ptr_array_index (self->copy_rows, i));
  g_ptr_array_set_size (self->copy_rows, 0);

  if (self->backup_dir == NULL)
    return;

  backups = dp_backup_list (self->backup_dir, &error);
  if (backups == NULL)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), error->message);
      adw_preferences_group_add (self->copies_group, row);
      g_ptr_array_add (self->copy_rows, row);
      return;
    }

  if (backups->len == 0)
    {
      GtkWidget *row = adw_action_row_new ();

      /* Translators: the list of backups in Preferences while it is empty */
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No copies yet"));
      adw_preferences_group_add (self->copies_group, row);
      g_ptr_array_add (self->copy_rows, row);
      return;
    }

  for (guint i = 0; i < backups->len; i++)
    {
      DpBackupInfo *info = g_ptr_array_index (backups, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *button = gtk_button_new_with_mnemonic (_("_Restore…"));
      g_autofree char *when = dp_format_date_time (g_date_time_to_unix (info->time));
      g_autofree char *size = g_format_size (info->size);
      /* Translators: under a backup's date: "Daily copy · 1.2 MB" */
      g_autofree char *subtitle = g_strdup_printf (_("%s · %s"), reason_text (info->reason), size);
      /* Translators: accessible name of a backup's Restore button: "Restore the copy of 12/05/2026 20:15" */
      g_autofree char *accessible = g_strdup_printf (_("Restore the copy of %s"), when);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), when);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "preferences.restore");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", info->path);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      g_object_set_data_full (G_OBJECT (row), "backup-path", g_strdup (info->path), g_free);
      adw_preferences_group_add (self->copies_group, row);
      g_ptr_array_add (self->copy_rows, row);
    }
}

/* The own turns left: 0 reads "Automatic" (the estimate, docs/assistant.md). */
static gboolean
turns_output_cb (GtkSpinButton *spin,
                 gpointer       user_data)
{
  int value = (int) gtk_adjustment_get_value (gtk_spin_button_get_adjustment (spin));
  g_autofree char *text = NULL;

  if (value == 0)
    /* Translators: the own turns left are estimated (Preferences, Calavera) */
    text = g_strdup (C_("turns left", "Automatic"));
  else
    text = g_strdup_printf ("%d", value);
  if (g_strcmp0 (text, gtk_editable_get_text (GTK_EDITABLE (spin))) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static int
turns_input_cb (GtkSpinButton *spin,
                double        *new_value,
                gpointer       user_data)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  char *end = NULL;
  gint64 value;

  if (g_strcmp0 (text, C_("turns left", "Automatic")) == 0)
    {
      *new_value = 0;
      return TRUE;
    }
  value = g_ascii_strtoll (text, &end, 10);
  if (end == text)
    return GTK_INPUT_ERROR;
  *new_value = CLAMP (value, 0, 20);
  return TRUE;
}

static void
show_toast (DpPreferencesWindow *self,
            const char          *text)
{
  adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self), adw_toast_new (text));
}

static void
restore_response_cb (AdwMessageDialog    *dialog,
                     const char          *response,
                     DpPreferencesWindow *self)
{
  const char *path = g_object_get_data (G_OBJECT (dialog), "backup-path");
  g_autoptr(GError) error = NULL;
  GtkWindow *parent;

  if (g_strcmp0 (response, "restore") != 0)
    return;

  if (!dp_preferences_window_restore_now (self, path, &error))
    {
      show_toast (self, error->message);
      return;
    }

  /* Translators: a toast after a backup was restored in Preferences */
  show_toast (self, _("Games restored; the games before are in a copy of their own"));
  /* The window's pages read the store again when shown: start over on the start page. */
  parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  if (parent != NULL)
    gtk_widget_activate_action (GTK_WIDGET (parent), "win.show-start", NULL);
}

static void
restore_action_cb (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  dp_preferences_window_ask_restore (DP_PREFERENCES_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

static void
backup_now_action_cb (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  DpPreferencesWindow *self = DP_PREFERENCES_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  if (self->store == NULL)
    return;

  path = dp_backup_create (dp_store_get_path (self->store), self->backup_dir, DP_BACKUP_DAILY, NULL, &error);
  if (path == NULL)
    {
      show_toast (self, error->message);
      return;
    }
  fill_copies (self);
  /* Translators: a toast after "Back Up Now" */
  show_toast (self, _("Every game is copied"));
}

static void
open_folder_action_cb (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  DpPreferencesWindow *self = DP_PREFERENCES_WINDOW (widget);
  g_autoptr(GFile) folder = NULL;
  g_autofree char *uri = NULL;

  if (self->backup_dir == NULL)
    return;

  /* The folder is made with the first copy; open it even before. */
  g_mkdir_with_parents (self->backup_dir, 0700);
  folder = g_file_new_for_path (self->backup_dir);
  uri = g_file_get_uri (folder);
  gtk_show_uri (GTK_WINDOW (self), uri, GDK_CURRENT_TIME);
}

static void
dp_preferences_window_constructed (GObject *object)
{
  DpPreferencesWindow *self = DP_PREFERENCES_WINDOW (object);

  G_OBJECT_CLASS (dp_preferences_window_parent_class)->constructed (object);

  g_settings_bind (self->settings, "show-assistant", self->assistant_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "assistant-turns", gtk_spin_button_get_adjustment (self->turns_spin),
                   "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "cubitos-zero-swords-tie", self->zero_swords_switch, "active", G_SETTINGS_BIND_DEFAULT);

  if (self->store != NULL)
    {
      g_autofree char *dir = dp_backup_dir_for_database (dp_store_get_path (self->store));

      /* A --database given relative to the folder it was started in would show as
       * "./cv-backups": say where the folder really is (polish item 6). */
      self->backup_dir = g_canonicalize_filename (dir, NULL);
      adw_action_row_set_subtitle (self->folder_row, self->backup_dir);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "preferences.backup-now", self->store != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "preferences.open-folder", self->store != NULL);
  fill_copies (self);
}

static void
dp_preferences_window_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  DpPreferencesWindow *self = DP_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    case PROP_STORE:
      self->store = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dp_preferences_window_finalize (GObject *object)
{
  DpPreferencesWindow *self = DP_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->store);
  g_clear_pointer (&self->backup_dir, g_free);
  g_clear_pointer (&self->copy_rows, g_ptr_array_unref);

  G_OBJECT_CLASS (dp_preferences_window_parent_class)->finalize (object);
}

static void
dp_preferences_window_class_init (DpPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = dp_preferences_window_constructed;
  object_class->set_property = dp_preferences_window_set_property;
  object_class->finalize = dp_preferences_window_finalize;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         G_TYPE_SETTINGS,
                         G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         DP_TYPE_STORE,
                         G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/dp-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DpPreferencesWindow, assistant_switch);
  gtk_widget_class_bind_template_child (widget_class, DpPreferencesWindow, turns_spin);
  gtk_widget_class_bind_template_callback (widget_class, turns_output_cb);
  gtk_widget_class_bind_template_callback (widget_class, turns_input_cb);
  gtk_widget_class_bind_template_child (widget_class, DpPreferencesWindow, zero_swords_switch);
  gtk_widget_class_bind_template_child (widget_class, DpPreferencesWindow, folder_row);
  gtk_widget_class_bind_template_child (widget_class, DpPreferencesWindow, copies_group);

  gtk_widget_class_install_action (widget_class, "preferences.restore", "s", restore_action_cb);
  gtk_widget_class_install_action (widget_class, "preferences.backup-now", NULL, backup_now_action_cb);
  gtk_widget_class_install_action (widget_class, "preferences.open-folder", NULL, open_folder_action_cb);
}

static void
dp_preferences_window_init (DpPreferencesWindow *self)
{
  self->copy_rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

DpPreferencesWindow *
dp_preferences_window_new (GSettings *settings,
                           DpStore   *store)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (store == NULL || DP_IS_STORE (store), NULL);

  return g_object_new (DP_TYPE_PREFERENCES_WINDOW, "settings", settings, "store", store, NULL);
}

const char *
dp_preferences_window_get_backup_dir (DpPreferencesWindow *self)
{
  g_return_val_if_fail (DP_IS_PREFERENCES_WINDOW (self), NULL);
  return self->backup_dir;
}

guint
dp_preferences_window_get_n_copies (DpPreferencesWindow *self)
{
  guint n = 0;

  g_return_val_if_fail (DP_IS_PREFERENCES_WINDOW (self), 0);

  for (guint i = 0; i < self->copy_rows->len; i++)
    n += g_object_get_data (g_ptr_array_index (self->copy_rows, i), "backup-path") != NULL;
  return n;
}

GtkWindow *
dp_preferences_window_ask_restore (DpPreferencesWindow *self,
                                   const char          *backup_path)
{
  g_autoptr(GPtrArray) backups = NULL;
  g_autofree char *when = NULL;
  g_autofree char *heading = NULL;
  GtkWidget *dialog;

  g_return_val_if_fail (DP_IS_PREFERENCES_WINDOW (self), NULL);
  g_return_val_if_fail (backup_path != NULL, NULL);

  backups = self->backup_dir != NULL ? dp_backup_list (self->backup_dir, NULL) : NULL;
  for (guint i = 0; backups != NULL && i < backups->len; i++)
    {
      DpBackupInfo *info = g_ptr_array_index (backups, i);

      if (g_strcmp0 (info->path, backup_path) == 0)
        when = dp_format_date_time (g_date_time_to_unix (info->time));
    }

  /* Translators: the question before a restore: "Restore the Copy of 12/05/2026 20:15?" */
  heading = g_strdup_printf (_("Restore the Copy of %s?"), when != NULL ? when : backup_path);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading,
                                   _("The games stored now are replaced by those of the copy. "
                                     "They are copied first, so restoring that copy brings them back."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "restore", _("_Restore"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "restore", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "backup-path", g_strdup (backup_path), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (restore_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

gboolean
dp_preferences_window_restore_now (DpPreferencesWindow  *self,
                                   const char           *backup_path,
                                   GError              **error)
{
  g_return_val_if_fail (DP_IS_PREFERENCES_WINDOW (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  if (!dp_backup_restore (self->store, backup_path, NULL, error))
    return FALSE;
  fill_copies (self);
  return TRUE;
}
