/* dp-store.c — every game in one SQLite file, entry by entry
 *
 * Each action is committed in its own transaction (WAL, synchronous=FULL) before the
 * caller shows its effect, so a crash, a killed process or a power cut loses nothing.
 * The store never interprets setups or actions: it keeps their canonical JSON text
 * and asks the core (dp-game.h) to check and replay them. See docs/storage.md.
 *
 * This file holds the object, its errors, statements and transactions; each job has a
 * file beside it: dp-store-open.c (opening, migrations), dp-store-log.c (the game log:
 * append, undo, redo, the replay check), dp-store-delete.c, dp-store-query.c (lists,
 * filters, search), dp-store-stats.c, dp-store-players.c; export and import are
 * dp-exchange.c's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <stdarg.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include <gio/gio.h>

#include "dp-store-internal.h"

G_DEFINE_FINAL_TYPE (DpStore, dp_store, G_TYPE_OBJECT)

G_DEFINE_QUARK (dp-store-error-quark, dp_store_error)

/* ---- Errors ---- */

/* Maps a SQLite result code to a translated GError. Always returns FALSE. */
static gboolean
set_db_error (const char  *path,
              sqlite3     *db,
              int          rc,
              GError     **error)
{
  g_autofree char *display = g_filename_display_name (path);
  const char *detail = db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc);

  switch (rc & 0xff)
    {
    case SQLITE_FULL:
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
                   _("The disk is full: nothing was saved to the game database “%s”."),
                   display);
      break;

    case SQLITE_READONLY:
    case SQLITE_PERM:
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
                   _("The game database “%s” is read-only: nothing was saved."),
                   display);
      break;

    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_BUSY,
                   _("The game database “%s” is in use by another program. Close it and try again."),
                   display);
      break;

    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_A_DATABASE,
                   _("The file “%s” is not a Dicepad game database or it is damaged."),
                   display);
      break;

    default:
      /* Say what the system said (no space left, read-only file system, permission
       * denied) rather than SQLite's "unable to open database file". */
      if (db != NULL && sqlite3_system_errno (db) != 0 &&
          ((rc & 0xff) == SQLITE_CANTOPEN || (rc & 0xff) == SQLITE_IOERR))
        detail = g_strerror (sqlite3_system_errno (db));
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
                   /* Translators: the second %s is SQLite's own (English) explanation */
                   _("Could not read or write the game database “%s”: %s"),
                   display, detail);
      break;
    }

  return FALSE;
}

gboolean
_dp_store_db_error (DpStore  *self,
                    int       rc,
                    GError  **error)
{
  return set_db_error (self->path, self->db, rc, error);
}

gboolean
_dp_store_set_not_found (const char  *game_id,
                         GError     **error)
{
  g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_FOUND,
               _("There is no game with the id “%s”."), game_id);
  return FALSE;
}

/* ---- Statements and transactions ---- */

DpStoreStmt *
_dp_store_prepare (DpStore     *self,
                   const char  *sql,
                   GError     **error)
{
  sqlite3_stmt *stmt = g_hash_table_lookup (self->statements, sql);
  int rc;

  if (stmt != NULL)
    return stmt;

  rc = sqlite3_prepare_v3 (self->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL);
  if (rc != SQLITE_OK)
    {
      _dp_store_db_error (self, rc, error);
      return NULL;
    }

  g_hash_table_insert (self->statements, g_strdup (sql), stmt);
  return stmt;
}

void
_dp_store_bind_text (sqlite3_stmt *stmt,
                     int           index,
                     const char   *text)
{
  sqlite3_bind_text (stmt, index, text, -1, SQLITE_TRANSIENT);
}

static void
bind_values (sqlite3_stmt *stmt,
             const char   *types,
             va_list       args)
{
  for (int i = 0; types[i] != '\0'; i++)
    {
      switch (types[i])
        {
        case 'i':
          sqlite3_bind_int (stmt, i + 1, va_arg (args, int));
          break;
        case 'I':
          sqlite3_bind_int64 (stmt, i + 1, va_arg (args, gint64));
          break;
        case 'd':
          sqlite3_bind_double (stmt, i + 1, va_arg (args, double));
          break;
        case 't':
          _dp_store_bind_text (stmt, i + 1, va_arg (args, const char *));
          break;
        default:
          g_assert_not_reached ();
        }
    }
}

DpStoreStmt *
_dp_store_query (DpStore     *self,
                 GError     **error,
                 const char  *sql,
                 const char  *types,
                 ...)
{
  DpStoreStmt *stmt = _dp_store_prepare (self, sql, error);
  va_list args;

  if (stmt == NULL)
    return NULL;
  va_start (args, types);
  bind_values (stmt, types, args);
  va_end (args);
  return stmt;
}

gboolean
_dp_store_run (DpStore     *self,
               GError     **error,
               const char  *sql,
               const char  *types,
               ...)
{
  g_autoptr(DpStoreStmt) stmt = _dp_store_prepare (self, sql, error);
  va_list args;

  if (stmt == NULL)
    return FALSE;
  va_start (args, types);
  bind_values (stmt, types, args);
  va_end (args);
  return _dp_store_step_done (self, stmt, error);
}

/* Steps a statement that returns no rows (or whose rows are not wanted). */
gboolean
_dp_store_step_done (DpStore       *self,
                     sqlite3_stmt  *stmt,
                     GError       **error)
{
  int rc = sqlite3_step (stmt);

  if (rc != SQLITE_DONE && rc != SQLITE_ROW)
    return _dp_store_db_error (self, rc, error);

  return TRUE;
}

/* Steps to the next row: TRUE with *has_row set, or FALSE on an error. */
gboolean
_dp_store_step_row (DpStore       *self,
                    sqlite3_stmt  *stmt,
                    gboolean      *has_row,
                    GError       **error)
{
  int rc = sqlite3_step (stmt);

  *has_row = (rc == SQLITE_ROW);
  if (rc != SQLITE_DONE && rc != SQLITE_ROW)
    return _dp_store_db_error (self, rc, error);

  return TRUE;
}

gboolean
_dp_store_exec (DpStore     *self,
                const char  *sql,
                GError     **error)
{
  int rc = sqlite3_exec (self->db, sql, NULL, NULL, NULL);

  if (rc != SQLITE_OK)
    return _dp_store_db_error (self, rc, error);

  return TRUE;
}

void
_dp_store_rollback (DpStore *self)
{
  /* SQLite rolls back by itself after some errors (a full disk); do not roll back twice. */
  if (!sqlite3_get_autocommit (self->db))
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
}

/* ---- The file under the connection ---- */

void
_dp_store_watch_identity (DpStore *self)
{
  g_autofree char *shm = g_strconcat (self->path, "-shm", NULL);
  GStatBuf st;

  self->watch_file = g_stat (self->path, &st) == 0;
  if (self->watch_file)
    {
      self->file_dev = st.st_dev;
      self->file_ino = st.st_ino;
    }
  self->watch_shm = g_stat (shm, &st) == 0;
  if (self->watch_shm)
    {
      self->shm_dev = st.st_dev;
      self->shm_ino = st.st_ino;
    }
}

/* SQLite documents deleting or replacing the -shm file (or the database) under an open
 * connection as a way to corrupt it: two processes then no longer share the WAL index
 * and overwrite each other's pages. It cannot be prevented, but it can be noticed before
 * each write: the file or its -shm is no longer the one the connection opened. Then
 * nothing is written (issue 26, item 10; docs/storage.md). */
static gboolean
check_identity (DpStore  *self,
                GError  **error)
{
  g_autofree char *shm = g_strconcat (self->path, "-shm", NULL);
  g_autofree char *display = NULL;
  GStatBuf st;

  if ((!self->watch_file ||
       (g_stat (self->path, &st) == 0 && st.st_dev == self->file_dev && st.st_ino == self->file_ino)) &&
      (!self->watch_shm ||
       (g_stat (shm, &st) == 0 && st.st_dev == self->shm_dev && st.st_ino == self->shm_ino)))
    return TRUE;

  display = g_filename_display_name (self->path);
  g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
               _("The game database “%s” or its “-shm” file was deleted or replaced by another program "
                 "while Dicepad had it open. Nothing was saved, so that no stored game is overwritten: "
                 "close every Dicepad window and command, then open the games again."),
               display);
  return FALSE;
}

/* IMMEDIATE takes the write lock at once, so a busy database fails here and not
 * half-way through, and the state read inside the transaction stays valid. */
gboolean
_dp_store_begin (DpStore  *self,
                 GError  **error)
{
  /* A store opened read-only, or an empty history in memory (dp-store-open.c). */
  if (self->read_only)
    return _dp_store_db_error (self, SQLITE_READONLY, error);
  if (!check_identity (self, error))
    return FALSE;

  return _dp_store_exec (self, "BEGIN IMMEDIATE", error);
}

gboolean
_dp_store_commit (DpStore  *self,
                  GError  **error)
{
  if (!_dp_store_exec (self, "COMMIT", error))
    {
      _dp_store_rollback (self);
      return FALSE;
    }

  return TRUE;
}

char *
dp_store_resolve_path (const char *option)
{
  const char *env;

  if (option != NULL && option[0] != '\0')
    return g_strdup (option);

  env = g_getenv ("DICEPAD_DATABASE");
  if (env != NULL && env[0] != '\0')
    return g_strdup (env);

  return g_build_filename (g_get_user_data_dir (), "io.github.dicepad.Dicepad", "dicepad.db", NULL);
}

gboolean
dp_store_is_read_only (DpStore *self)
{
  g_return_val_if_fail (DP_IS_STORE (self), TRUE);

  return self->read_only;
}

sqlite3 *
_dp_store_get_db (DpStore *self)
{
  g_return_val_if_fail (DP_IS_STORE (self), NULL);

  return self->db;
}

const char *
dp_store_get_path (DpStore *self)
{
  g_return_val_if_fail (DP_IS_STORE (self), NULL);

  return self->path;
}

/* ---- GObject ---- */

static void
dp_store_finalize (GObject *object)
{
  DpStore *self = DP_STORE (object);

  g_clear_pointer (&self->statements, g_hash_table_unref);
  /* Closing the last connection checkpoints the WAL into the main file. */
  g_clear_pointer (&self->db, sqlite3_close_v2);
  g_clear_pointer (&self->path, g_free);

  G_OBJECT_CLASS (dp_store_parent_class)->finalize (object);
}

static void
dp_store_class_init (DpStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dp_store_finalize;
}

static void
finalize_stmt (gpointer stmt)
{
  sqlite3_finalize (stmt);
}

static void
dp_store_init (DpStore *self)
{
  self->statements = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, finalize_stmt);
}
