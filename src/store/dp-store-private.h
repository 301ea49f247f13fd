/* dp-store-private.h — hooks for the store's own tests and benchmark
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <sqlite3.h>

#include "dp-store.h"

G_BEGIN_DECLS

/* The fixed PRAGMA application_id of a Dicepad database: 'DPAD'. */
#define DP_STORE_APPLICATION_ID 0x44504144

/* The schema version this build creates and migrates to. */
guint    _dp_store_get_schema_version (void);
/* Like dp_store_open() but migrates only up to @version (≤ the current one), so the
 * tests can build a database as an older Dicepad left it. */
DpStore *_dp_store_open_at_version (const char *path, guint version, GError **error);
/* Opens an existing, current database read-only, as dp_store_open_for_reading() does
 * when it cannot write (tests run as root, who can write every file). */
DpStore *_dp_store_open_read_only (const char *path, GError **error);
/* The connection, for tests that simulate a full disk (max_page_count), a read-only
 * file (query_only) or a short busy timeout. */
sqlite3 *_dp_store_get_db (DpStore *self);
/* Migrates the open database to the current schema (after dp_backup_restore() put an
 * older copy in place); a no-op when it is current. */
gboolean _dp_store_migrate (DpStore *self, GError **error);

/* For dp-exchange.c's export: calls @func with each game of @ids (NULL = every stored
 * game, oldest first) as its export object ({"id", "created", "finished", "state",
 * "setup", "actions"}), one at a time and all in one read transaction, so that a writer
 * holds one game in memory, not the whole file. Stops at the first error, the store's
 * or @func's. */
typedef gboolean (*DpStoreExportGameFunc) (JsonNode *game, gpointer user_data, GError **error);
gboolean _dp_store_export_foreach (DpStore              *self,
                                   const char *const    *ids,
                                   DpStoreExportGameFunc func,
                                   gpointer              user_data,
                                   GError              **error);

/* For dp-exchange.c, the one reader of export files: it checks every game, the store
 * writes what was checked, all in one transaction. */
gboolean _dp_store_check_game_names (const DpGame *game, GError **error);
gboolean _dp_store_import_begin     (DpStore *self, GError **error);
gboolean _dp_store_import_commit    (DpStore *self, GError **error);
void     _dp_store_import_rollback  (DpStore *self);
/* Stores one checked game: @game is its state after @texts (canonical action texts).
 * A game whose id is already stored is skipped (*imported = FALSE). */
gboolean _dp_store_import_game      (DpStore      *self,
                                     const char   *uuid,
                                     gint64        created,
                                     gint64        finished,
                                     DpGameState   state,
                                     const DpGame *game,
                                     GPtrArray    *texts,
                                     gboolean     *imported,
                                     GError      **error);

G_END_DECLS
