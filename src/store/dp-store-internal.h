/* dp-store-internal.h — what the store's own files share (dp-store*.c, dp-exchange.c)
 *
 * Not for the app, the CLI or tests (they use dp-store.h, and tests dp-store-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <sqlite3.h>
#include <sys/types.h>

#include "dp-store.h"
#include "dp-store-private.h"

G_BEGIN_DECLS

struct _DpStore
{
  GObject     parent_instance;

  char       *path;
  sqlite3    *db;
  GHashTable *statements;  /* SQL text → sqlite3_stmt*, prepared once */
  gboolean    read_only;   /* opened with SQLITE_OPEN_READONLY: never written */

  /* The identity (device, inode) of the file and of its -shm file when they were
   * opened; a write is refused once either changed (issue 26, item 10). */
  gboolean    watch_file;
  gboolean    watch_shm;
  dev_t       file_dev, shm_dev;
  ino_t       file_ino, shm_ino;
};

/* A statement borrowed from the cache: the cleanup resets it, so no statement keeps
 * a read transaction open after use. */
typedef sqlite3_stmt DpStoreStmt;

static inline void
_dp_store_stmt_release (DpStoreStmt *stmt)
{
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpStoreStmt, _dp_store_stmt_release)

/* Remembers which file and -shm file the connection has open (dp-store.c). */
void         _dp_store_watch_identity (DpStore *self);

/* ---- Errors (dp-store.c) ---- */

/* Maps a SQLite result code to a translated GError. Always returns FALSE. */
gboolean     _dp_store_db_error       (DpStore *self, int rc, GError **error);
gboolean     _dp_store_set_not_found  (const char *game_id, GError **error);

/* ---- Statements and transactions (dp-store.c) ---- */

/* A cached statement (never finalize it; let g_autoptr(DpStoreStmt) reset it). */
DpStoreStmt *_dp_store_prepare        (DpStore *self, const char *sql, GError **error);
void         _dp_store_bind_text      (sqlite3_stmt *stmt, int index, const char *text);
/* The statement helper: @sql prepared (cached) with one value bound per letter of
 * @types — 'i' int (gboolean, guint), 'I' gint64, 'd' double, 't' text (NULL binds
 * NULL) — in order from ?1. _dp_store_query() returns it for stepping (hold it in a
 * g_autoptr(DpStoreStmt)); _dp_store_run() steps it once (INSERT, UPDATE, DELETE). */
DpStoreStmt *_dp_store_query          (DpStore *self, GError **error, const char *sql, const char *types, ...);
gboolean     _dp_store_run            (DpStore *self, GError **error, const char *sql, const char *types, ...);
/* Steps a statement that returns no rows (or whose rows are not wanted). */
gboolean     _dp_store_step_done      (DpStore *self, sqlite3_stmt *stmt, GError **error);
/* Steps to the next row: TRUE with *has_row set, or FALSE on an error. */
gboolean     _dp_store_step_row       (DpStore *self, sqlite3_stmt *stmt, gboolean *has_row, GError **error);
gboolean     _dp_store_exec           (DpStore *self, const char *sql, GError **error);
/* BEGIN IMMEDIATE: the write lock at once. */
gboolean     _dp_store_begin          (DpStore *self, GError **error);
/* Rolls back on failure. */
gboolean     _dp_store_commit         (DpStore *self, GError **error);
void         _dp_store_rollback       (DpStore *self);

/* ---- Player names (dp-store-players.c) ---- */

/* The form a name is searched in: without accents and case ("Zoë" → "zoe"). */
char        *_dp_store_fold_for_search (const char *text);
/* dp_casefold() in SQL: _dp_store_fold_for_search(). */
void         _dp_store_sql_casefold   (sqlite3_context *context, int argc, sqlite3_value **argv);
/* The id of the player called @name, adding the player if new. */
gboolean     _dp_store_upsert_player  (DpStore *self, const char *name, gint64 used, gint64 *id_out, GError **error);

/* ---- The game log (dp-store-log.c) ---- */

typedef struct
{
  gint64      row;
  DpGameState state;
  guint       n_actions;   /* counted in the log, the truth */
  gint64      finished;    /* games.finished: when it ended, or kept for redo (0: never) */
} DpStoreGameRow;

/* A game that is not deleted, by its id; DP_STORE_ERROR_NOT_FOUND otherwise. */
gboolean     _dp_store_lookup_game    (DpStore *self, const char *game_id, DpStoreGameRow *out, GError **error);
/* The setup and the log of game @row, checked against games.n_actions: a damaged log
 * is DP_STORE_ERROR_CORRUPT_ROW, never a shorter game. With @prefix_ok, what can be
 * read in order, *complete saying whether that is all. */
gboolean     _dp_store_read_log_full  (DpStore *self, gint64 row, const char *game_id, gboolean prefix_ok,
                                       char **setup_out, GPtrArray **actions_out,
                                       gboolean *complete, guint *n_stored_out, GError **error);
gboolean     _dp_store_read_log       (DpStore *self, gint64 row, const char *game_id,
                                       char **setup_out, GPtrArray **actions_out, GError **error);
/* Replays the first @n_actions of the log through the core. */
DpGame      *_dp_store_replay_log     (const char *game_id, const char *setup, GPtrArray *actions,
                                       guint n_actions, GError **error);
/* Brings game_facts of game @row in line with @game's facts. */
gboolean     _dp_store_write_facts    (DpStore *self, gint64 row, const DpGame *game, GError **error);
/* Brings seats, state and statistics of game @row in line with @game. */
gboolean     _dp_store_update_summary (DpStore *self, gint64 row, const DpGame *game,
                                       gint64 finished_time, GError **error);

G_END_DECLS
