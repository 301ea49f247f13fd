/* store-test-util.h — helpers shared by the store tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dp-store.h"
#include "dp-store-private.h"

G_BEGIN_DECLS

/* A scratch folder for the whole test program: create it before g_test_run(),
 * remove it after. */
void        test_scratch_init (void);
void        test_scratch_clear (void);
/* A path in the scratch folder. */
char       *test_db_path (const char *name);
/* The store at test_db_path (@name), created if new; asserts that it opens. */
DpStore    *test_open_store (const char *name);
DpGame     *test_new_game (const char *const *names);
/* A random legal action for whoever acts now, or NULL once the game is finished. */
char       *test_random_action (const DpGame *game, GRand *rand);
/* Plays up to @n random legal actions in memory; returns how many were played. */
guint       test_play_memory (DpGame *game, GRand *rand, guint n, GPtrArray *record);
/* The same through the store: each one committed before the next. */
guint       test_play_store (DpStore *store, const char *id, DpGame *game, GRand *rand, guint n);
/* The whole visible state, for comparing two games. */
char       *test_state_text (const DpGame *game);
JsonObject *test_parse_object (const char *text);
char       *test_file_hash (const char *path);
/* Builds a one-game export document of @game (played in memory). */
JsonNode   *test_export_of (const DpGame *game, GPtrArray *actions, const char *id, gint64 created);
gint64      test_query_int (sqlite3 *db, const char *sql);
/* Runs one statement that returns no rows: @text1 and @text2 (when not NULL) bound to ?1
 * and ?2, @n1 and @n2 to ?3 and ?4 (the old-schema fixtures of the migration tests). */
void        test_exec_bound (sqlite3 *db, const char *sql, const char *text1, const char *text2,
                             gint64 n1, gint64 n2);

G_END_DECLS
