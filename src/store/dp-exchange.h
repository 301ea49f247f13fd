/* dp-exchange.h — the one owner of Dicepad's export and import files
 *
 * dicepad-cli and the window both write and read exchange files through these
 * functions only; neither checks a file itself. Formats (docs/cli.md):
 *
 *  - JSON: {"format": "dicepad-export", "version": 1, "games": [...]}, whole games
 *    (setup and actions) that import back to identical games;
 *  - CSV: one row per player per game, header date,game,player,seat,total,rank,winner
 *    (RFC 4180, CRLF line ends, ISO 8601 dates) for spreadsheets;
 *  - script: one game as a game script (docs/game-script.md) that `dicepad-cli replay`
 *    reads.
 *
 * Adding a format: one DpExchangeFormat value here, one row in the formats table of
 * dp-exchange.c (its name, file suffix and writer). Only JSON is read back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dp-store.h"

G_BEGIN_DECLS

typedef enum
{
  DP_EXCHANGE_FORMAT_JSON,
  DP_EXCHANGE_FORMAT_CSV,
  DP_EXCHANGE_FORMAT_SCRIPT,   /* exactly one game */
} DpExchangeFormat;

/* "json", "csv", "script" (the CLI's --format) ↔ the format. FALSE for an unknown name. */
gboolean    dp_exchange_format_from_string (const char *name, DpExchangeFormat *format);
const char *dp_exchange_format_to_string   (DpExchangeFormat format);
/* The usual file name suffix without the dot: "json", "csv", "jsonl". */
const char *dp_exchange_format_get_suffix  (DpExchangeFormat format);
/* Opens a JSON export on @builder: {"format": "dicepad-export", "version": 1, "games": [
 * — the writer adds one object per game, then ends the array and the object. The one
 * place the file's head is written (the store's export, benchmarks and tests use it). */
void        dp_exchange_begin_json         (JsonBuilder *builder);
/* TRUE when the format holds exactly one game (the script). */
gboolean    dp_exchange_format_is_single   (DpExchangeFormat format);

/* Writes the games @ids (NULL = every stored game; a single-game format needs exactly
 * one id) in @format to @out, game by game: memory holds one game, not the file. A
 * stored game that cannot be read back or replayed is left out, the others written
 * into a whole document, and the result is FALSE with DP_STORE_ERROR_SKIPPED_GAMES
 * naming each game left out (when every game is bad, the first one's error). When @out
 * fails (full disk, closed) the error keeps its G_IO_ERROR code with a message saying
 * the export could not be written; what reached @out is then incomplete. */
gboolean dp_exchange_write      (DpStore            *store,
                                 DpExchangeFormat    format,
                                 const char *const  *ids,
                                 GOutputStream      *out,
                                 GCancellable       *cancellable,
                                 GError            **error);

/* The same into @file, safely: everything is written to a new file beside @file first,
 * which replaces @file only once it is complete. With games left out
 * (DP_STORE_ERROR_SKIPPED_GAMES) @file holds every other game; on any other error (full
 * disk, every game damaged) @file is exactly as it was and no temporary file is left. */
gboolean dp_exchange_write_file (DpStore            *store,
                                 DpExchangeFormat    format,
                                 const char *const  *ids,
                                 GFile              *file,
                                 GCancellable       *cancellable,
                                 GError            **error);

/* Checks a JSON export (@data, @length bytes) — structure, names, and every game
 * replayed through the core — and, if @store is not NULL, imports its games in one
 * transaction. A document that is not a whole export is refused and the database is
 * unchanged. A game that is refused (wrong types, setup, names, an illegal action) is
 * left out and every other game imported: then the result is FALSE with
 * DP_STORE_ERROR_SKIPPED_GAMES naming each game left out, *n_imported and *n_skipped
 * set, *error_line the first one's line. When every game is refused, the first
 * problem is the error and nothing is imported. Games already stored (same id) are
 * skipped. The document is read one game at a time: json-glib never holds more than
 * one game.
 *
 * On failure *error_line (if not NULL) is the line of @data that holds the first
 * problem (0 = the whole document) and the error is DP_STORE_ERROR_INVALID_IMPORT, the
 * core's DP_GAME_ERROR for a refused setup or action, DP_STORE_ERROR_SKIPPED_GAMES, or
 * another DP_STORE_ERROR for a problem of the database itself. */
gboolean dp_exchange_import_data (DpStore      *store,
                                  const char   *data,
                                  gsize         length,
                                  guint        *n_imported,
                                  guint        *n_skipped,
                                  guint        *error_line,
                                  GError      **error);

/* Imports @file as dp_exchange_import_data() does, reading it once, game by game: the
 * file is mapped, not copied, and what was read is given back as the import goes on,
 * so memory stays flat whatever the file's size, and no size limit applies (an export
 * of 100,001 games is 1.7 GB; bench/bench-import). What cannot be mapped (a pipe, a
 * device) is read into memory, at most 1 GiB. */
gboolean dp_exchange_import_file (DpStore      *store,
                                  GFile        *file,
                                  guint        *n_imported,
                                  guint        *n_skipped,
                                  guint        *error_line,
                                  GCancellable *cancellable,
                                  GError      **error);
/* The same, and with @skipped_ids (if not NULL) the ids of the games skipped because
 * they were stored already (free with g_strfreev; NULL on failure): the window offers
 * to restore the deleted ones among them. */
gboolean dp_exchange_import_file_full (DpStore      *store,
                                       GFile        *file,
                                       guint        *n_imported,
                                       guint        *n_skipped,
                                       GStrv        *skipped_ids,
                                       guint        *error_line,
                                       GCancellable *cancellable,
                                       GError      **error);
/* Appends @value to @row as one RFC 4180 CSV field (quoted when needed). With @is_text,
 * a value a spreadsheet would run as a formula (starting with = + - @) is prefixed
 * with ' so that opening an export cannot run anything. */
void     dp_exchange_csv_append_field (GString    *row,
                                       const char *value,
                                       gboolean    is_text);

/* ISO 8601 local date and time with offset, e.g. "2024-05-01T20:15:00+02:00". */
char    *dp_exchange_format_date (gint64 unix_time);

G_END_DECLS
