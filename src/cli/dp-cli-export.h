/* dp-cli-export.h — export and import of stored games, shared by dicepad-cli and the
 * History page (no GTK: link cli_dep)
 *
 * Formats (docs/cli.md):
 *  - JSON: the store's export document ({"format": "dicepad-export", "version": 1,
 *    "games": [...]}), whole games that import back to identical games;
 *  - CSV: one row per player per game, header date,game,player,seat,total,rank,winner
 *    (RFC 4180, CRLF line ends, ISO 8601 dates) for spreadsheets;
 *  - script: one game as a game script (docs/game-script.md) that `dicepad-cli replay`
 *    reads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dp-store.h"

G_BEGIN_DECLS

/* An import file larger than this is refused before it is read. */
#define DP_CLI_MAX_IMPORT_SIZE (64 * 1024 * 1024)

/* Writes the games @ids (NULL = every stored game) as a JSON export to @out. */
gboolean dp_cli_export_json   (DpStore            *store,
                               const char *const  *ids,
                               GOutputStream      *out,
                               GCancellable       *cancellable,
                               GError            **error);

/* Writes the games @ids (NULL = every stored game, newest first) as CSV to @out.
 * Games still in progress have an empty rank and winner. */
gboolean dp_cli_export_csv    (DpStore            *store,
                               const char *const  *ids,
                               GOutputStream      *out,
                               GCancellable       *cancellable,
                               GError            **error);

/* Writes one stored game as a game script to @out. */
gboolean dp_cli_export_script (DpStore            *store,
                               const char         *id,
                               GOutputStream      *out,
                               GCancellable       *cancellable,
                               GError            **error);

/* Checks a JSON export document completely (structure, and every game replayed through
 * the core) without touching any database. On failure *error_line (if not NULL) is the
 * line of @data that holds the first problem (0 = the whole document) and the error is
 * DP_STORE_ERROR_INVALID_IMPORT, or the core's DP_GAME_ERROR for a refused setup or
 * action. On success *root (if not NULL) receives the parsed document. */
gboolean dp_cli_check_import  (const char   *data,
                               gsize         length,
                               JsonNode    **root,
                               guint        *error_line,
                               GError      **error);

/* Reads @file, checks it with dp_cli_check_import() and imports all its games or none:
 * on any error the database is unchanged. Games already stored (same id) are skipped. */
gboolean dp_cli_import_file   (DpStore      *store,
                               GFile        *file,
                               guint        *n_imported,
                               guint        *n_skipped,
                               guint        *error_line,
                               GCancellable *cancellable,
                               GError      **error);

/* Appends @value to @row as one RFC 4180 CSV field (quoted when needed). With @is_text,
 * a value a spreadsheet would run as a formula (starting with = + - @) is prefixed
 * with ' so that opening an export cannot run anything. */
void     dp_cli_csv_append_field (GString    *row,
                                  const char *value,
                                  gboolean    is_text);

/* ISO 8601 local date and time with offset, e.g. "2024-05-01T20:15:00+02:00". */
char    *dp_cli_format_date   (gint64 unix_time);

G_END_DECLS
