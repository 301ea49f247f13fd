/* dp-history-export.h — "Export…" in History: a file chooser, then the store's exchange writer
 *
 * There is one implementation of each export format, in the store (dp-exchange.h),
 * below both dicepad-cli and the window; the window only asks where to write and
 * reports the result.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dp-store.h"

G_BEGIN_DECLS

typedef enum
{
  DP_HISTORY_EXPORT_JSON,
  DP_HISTORY_EXPORT_CSV,
  DP_HISTORY_EXPORT_BGSTATS,  /* BG Stats' export shape, many plays (dp-bgstats.h) */
  DP_HISTORY_EXPORT_BGSPLAY,  /* the same shape, one play, as a .bgsplay file */
} DpHistoryExportFormat;

/* Parses "json" / "csv" / "bgstats" / "bgsplay"; FALSE for anything else. */
gboolean dp_history_export_format_from_string (const char *str, DpHistoryExportFormat *format);

/* Writes the games @ids (NULL = every game) to @file in @format: @file is replaced only
 * by a complete export. @location (may be NULL) is where the games were played, for the
 * BG Stats formats. */
gboolean dp_history_export_to_file (DpStore               *store,
                                    const char *const     *ids,
                                    DpHistoryExportFormat  format,
                                    const char            *location,
                                    GFile                 *file,
                                    GError               **error);

/* The same on a worker thread with its own read-only connection to @store's file: the
 * window goes on while a whole history (a million games) is written. @callback runs
 * in the thread-default main context of the caller. */
void     dp_history_export_to_file_async  (DpStore               *store,
                                           const char *const     *ids,
                                           DpHistoryExportFormat  format,
                                           const char            *location,
                                           GFile                 *file,
                                           GCancellable          *cancellable,
                                           GAsyncReadyCallback    callback,
                                           gpointer               user_data);
gboolean dp_history_export_to_file_finish (DpStore               *store,
                                           GAsyncResult          *result,
                                           GError               **error);

/* Asks for a file (GtkFileChooserNative, transient for @parent's window) and exports
 * into it off the main thread; success and failure are shown as a toast in @parent's
 * AdwToastOverlay. */
void     dp_history_export_run (GtkWidget             *parent,
                                DpStore               *store,
                                const char *const     *ids,
                                DpHistoryExportFormat  format,
                                const char            *location,
                                const char            *suggested_name);

G_END_DECLS
