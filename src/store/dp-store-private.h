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
/* The connection, for tests that simulate a full disk (max_page_count), a read-only
 * file (query_only) or a short busy timeout. */
sqlite3 *_dp_store_get_db (DpStore *self);

G_END_DECLS
