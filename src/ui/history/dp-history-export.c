/* dp-history-export.c — "Export…" in History: a file chooser, then the store's exchange writer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <adwaita.h>

#include "dp-exchange.h"
#include "dp-bgstats.h"
#include "dp-history-export.h"

typedef struct
{
  GtkWidget             *parent;  /* weak: the page may go before the dialog */
  DpStore               *store;
  GStrv                  ids;
  DpHistoryExportFormat  format;
  char                  *location;
  GFile                 *file;    /* chosen; NULL until then */
} ExportRequest;

static void
export_request_free (ExportRequest *request)
{
  g_clear_weak_pointer (&request->parent);
  g_clear_object (&request->store);
  g_clear_pointer (&request->ids, g_strfreev);
  g_clear_pointer (&request->location, g_free);
  g_clear_object (&request->file);
  g_free (request);
}

/* What the worker needs: copies only, nothing it shares with the main thread. */
typedef struct
{
  char                  *path;
  GStrv                  ids;
  DpHistoryExportFormat  format;
  char                  *location;
  GFile                 *file;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_free (job->path);
  g_strfreev (job->ids);
  g_free (job->location);
  g_clear_object (&job->file);
  g_free (job);
}

gboolean
dp_history_export_format_from_string (const char            *str,
                                      DpHistoryExportFormat *format)
{
  if (g_strcmp0 (str, "json") == 0)
    *format = DP_HISTORY_EXPORT_JSON;
  else if (g_strcmp0 (str, "csv") == 0)
    *format = DP_HISTORY_EXPORT_CSV;
  else if (g_strcmp0 (str, "bgstats") == 0)
    *format = DP_HISTORY_EXPORT_BGSTATS;
  else if (g_strcmp0 (str, "bgsplay") == 0)
    *format = DP_HISTORY_EXPORT_BGSPLAY;
  else
    return FALSE;
  return TRUE;
}

/* BG Stats' shape, written beside @file and moved over it only when complete. */
static gboolean
write_bgstats_file (DpStore            *store,
                    const char *const  *ids,
                    const char         *location,
                    GFile              *file,
                    GError            **error)
{
  g_autoptr(GFileOutputStream) out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, error);

  if (out == NULL)
    return FALSE;
  if (!dp_bgstats_write_export (store, ids, location, G_OUTPUT_STREAM (out), NULL, error))
    {
      g_autoptr(GCancellable) cancel = g_cancellable_new ();

      /* Closing a replace stream that is cancelled keeps the old file. */
      g_cancellable_cancel (cancel);
      g_output_stream_close (G_OUTPUT_STREAM (out), cancel, NULL);
      return FALSE;
    }
  return g_output_stream_close (G_OUTPUT_STREAM (out), NULL, error);
}

gboolean
dp_history_export_to_file (DpStore               *store,
                           const char *const     *ids,
                           DpHistoryExportFormat  format,
                           const char            *location,
                           GFile                 *file,
                           GError               **error)
{
  g_return_val_if_fail (DP_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (format == DP_HISTORY_EXPORT_BGSTATS || format == DP_HISTORY_EXPORT_BGSPLAY)
    return write_bgstats_file (store, ids, location, file, error);

  /* Written beside the chosen file and moved over it only when complete: a failed
   * export leaves what the user had there untouched (issue 16, item 1). */
  return dp_exchange_write_file (store,
                                 format == DP_HISTORY_EXPORT_CSV ? DP_EXCHANGE_FORMAT_CSV
                                                                 : DP_EXCHANGE_FORMAT_JSON,
                                 ids, file, NULL, error);
}

static void
export_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportJob *job = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DpStore) reader = dp_store_open_for_reading (job->path, &error);

  if (reader == NULL
      || !dp_history_export_to_file (reader, (const char *const *) job->ids, job->format, job->location,
                                     job->file, &error))
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, TRUE);
}

void
dp_history_export_to_file_async (DpStore               *store,
                                 const char *const     *ids,
                                 DpHistoryExportFormat  format,
                                 const char            *location,
                                 GFile                 *file,
                                 GCancellable          *cancellable,
                                 GAsyncReadyCallback    callback,
                                 gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  ExportJob *job;

  g_return_if_fail (DP_IS_STORE (store));
  g_return_if_fail (G_IS_FILE (file));

  job = g_new0 (ExportJob, 1);
  job->path = g_strdup (dp_store_get_path (store));
  job->ids = g_strdupv ((char **) ids);
  job->format = format;
  job->location = g_strdup (location);
  job->file = g_object_ref (file);
  task = g_task_new (store, cancellable, callback, user_data);
  g_task_set_source_tag (task, dp_history_export_to_file_async);
  g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);
  g_task_run_in_thread (task, export_thread);
}

gboolean
dp_history_export_to_file_finish (DpStore       *store,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, store), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
show_toast (GtkWidget  *parent,
            const char *title)
{
  GtkWidget *overlay;

  if (parent == NULL)
    return;

  overlay = gtk_widget_get_ancestor (parent, ADW_TYPE_TOAST_OVERLAY);
  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (title));
}

static void
export_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  ExportRequest *request = user_data;
  g_autoptr(GError) error = NULL;

  if (dp_history_export_to_file_finish (DP_STORE (source), result, &error))
    {
      g_autofree char *basename = g_file_get_basename (request->file);
      /* Translators: a toast after an export; %s is the file name */
      g_autofree char *title = g_strdup_printf (_("Exported to “%s”"), basename);

      show_toast (request->parent, title);
    }
  else
    {
      /* Translators: a toast when an export failed; %s says why */
      g_autofree char *title = g_strdup_printf (_("Could not export: %s"), error->message);

      show_toast (request->parent, title);
    }
  export_request_free (request);
}

static void
chooser_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     ExportRequest   *request)
{
  if (response == GTK_RESPONSE_ACCEPT)
    request->file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

  /* The writing goes on after the dialog, and the request with it. */
  if (request->file != NULL)
    dp_history_export_to_file_async (request->store, (const char *const *) request->ids, request->format,
                                     request->location, request->file, NULL, export_done_cb, request);
  else
    export_request_free (request);
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

void
dp_history_export_run (GtkWidget             *parent,
                       DpStore               *store,
                       const char *const     *ids,
                       DpHistoryExportFormat  format,
                       const char            *location,
                       const char            *suggested_name)
{
  ExportRequest *request;
  GtkFileChooserNative *chooser;
  GtkRoot *root;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  g_return_if_fail (GTK_IS_WIDGET (parent));
  g_return_if_fail (DP_IS_STORE (store));

  root = gtk_widget_get_root (parent);
  chooser = gtk_file_chooser_native_new (format == DP_HISTORY_EXPORT_CSV ? _("Export as CSV")
                                         : format == DP_HISTORY_EXPORT_BGSTATS || format == DP_HISTORY_EXPORT_BGSPLAY
                                         ? _("Export for BG Stats")
                                         : _("Export as JSON"),
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"),
                                         _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);

  if (format == DP_HISTORY_EXPORT_CSV)
    {
      /* Translators: a file type in the export dialog */
      gtk_file_filter_set_name (filter, _("CSV spreadsheet"));
      gtk_file_filter_add_suffix (filter, "csv");
    }
  else if (format == DP_HISTORY_EXPORT_BGSPLAY)
    {
      /* Translators: a file type in the export dialog */
      gtk_file_filter_set_name (filter, _("BG Stats play"));
      gtk_file_filter_add_suffix (filter, "bgsplay");
    }
  else
    {
      /* Translators: a file type in the export dialog */
      gtk_file_filter_set_name (filter, format == DP_HISTORY_EXPORT_BGSTATS ? _("BG Stats plays (JSON)")
                                                                         : _("Dicepad export (JSON)"));
      gtk_file_filter_add_suffix (filter, "json");
    }
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), suggested_name);

  request = g_new0 (ExportRequest, 1);
  g_set_weak_pointer (&request->parent, parent);
  request->store = g_object_ref (store);
  request->ids = g_strdupv ((char **) ids);
  request->format = format;
  request->location = g_strdup (location);

  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), request);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
