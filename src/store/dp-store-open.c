/* dp-store-open.c — opening a database and migrating it (docs/storage.md, "Opening")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "dp-backup.h"
#include "dp-store-internal.h"
#include "dp-store-resources.h"

/* Long enough to outlast the other program's transaction (each is one action, a few
 * milliseconds), short enough that a stuck lock becomes an error the user sees. */
#define BUSY_TIMEOUT_MS 5000

#define RESOURCE_PREFIX "/io/github/dicepad/Dicepad/store/sql/"

/* One file per schema version; migrations[i] turns version i into version i + 1. */
static const char *const migrations[] = {
  "0001-initial.sql",
  "0002-undo-delete.sql",
  "0003-stat-sums.sql",
  "0004-resume-index.sql",
  "0005-place-sums.sql",
  "0006-pair-sums.sql",
  "0007-known-facts.sql",
  "0008-player-games.sql",
};

/* The version whose tables hold the facts of dp_game_dup_facts(): migrating to it fills
 * them by replaying the stored games (fill_facts). */
#define FACTS_VERSION 7

static gboolean fill_facts (DpStore *self, GError **error);

#define SCHEMA_VERSION ((guint) G_N_ELEMENTS (migrations))

/* ---- Opening and migrations ---- */

static gboolean
read_int_pragma (DpStore     *self,
                 const char  *sql,
                 gint64      *out,
                 GError     **error)
{
  g_autoptr(DpStoreStmt) stmt = _dp_store_prepare (self, sql, error);
  gboolean has_row;

  if (stmt == NULL || !_dp_store_step_row (self, stmt, &has_row, error))
    return FALSE;

  *out = has_row ? sqlite3_column_int64 (stmt, 0) : 0;
  return TRUE;
}

static gboolean
set_not_a_database (const char  *path,
                    GError     **error)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_A_DATABASE,
               _("The file “%s” is not a Dicepad game database or it is damaged. "
                 "Dicepad leaves it untouched; choose another file."),
               display);
  return FALSE;
}

/* A folder given as the database is said as a folder, not as damage (issue 26, item 9). */
static gboolean
refuse_folder (const char  *path,
               GError     **error)
{
  g_autofree char *display = NULL;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    return TRUE;

  display = g_filename_display_name (path);
  g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
               _("“%s” is a folder: give the path of a game database file in it, such as “%s%sdicepad.db”."),
               display, display, G_DIR_SEPARATOR_S);
  return FALSE;
}

/* Reads the first bytes with plain stdio, so a file that is not SQLite at all is
 * refused before SQLite could touch it. */
/* Reads the 100-byte header of the file at @path: TRUE when it is an SQLite database's
 * (sqlite.org/fileformat2.html, "The Database Header"). When the file cannot be opened,
 * *@open_errno (if not NULL) says why; it stays 0 otherwise. */
static gboolean
read_sqlite_header (const char *path,
                    guint8      header[100],
                    int        *open_errno)
{
  static const char magic[16] = "SQLite format 3";
  size_t n_read;
  FILE *file = g_fopen (path, "rb");

  if (file == NULL)
    {
      if (open_errno != NULL)
        *open_errno = errno;
      return FALSE;
    }
  n_read = fread (header, 1, 100, file);
  fclose (file);
  return n_read == 100 && memcmp (header, magic, sizeof magic) == 0;
}

static gboolean
check_sqlite_header (const char  *path,
                     GError     **error)
{
  guint8 header[100];
  int open_errno = 0;

  if (read_sqlite_header (path, header, &open_errno))
    return TRUE;
  if (open_errno != 0)
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
                   _("Could not read or write the game database “%s”: %s"),
                   display, g_strerror (open_errno));
      return FALSE;
    }
  return set_not_a_database (path, error);
}

static gboolean
store_migrate (DpStore  *self,
               guint     target,
               GError  **error)
{
  gint64 current;

  /* Games stored by an older Dicepad are copied before their schema changes
   * (dp-backup.h); a new, empty database has nothing to keep. */
  if (!read_int_pragma (self, "PRAGMA user_version", &current, error))
    return FALSE;
  if (current > 0 && current < target)
    {
      g_autofree char *dir = dp_backup_dir_for_database (self->path);
      g_autofree char *copy = dp_backup_create (self->path, dir, DP_BACKUP_BEFORE_MIGRATION, NULL, error);

      if (copy == NULL)
        return FALSE;
    }

  for (;;)
    {
      gint64 version;
      g_autofree char *resource = NULL;
      g_autofree char *footer = NULL;
      g_autoptr(GBytes) sql = NULL;
      g_autoptr(GError) local_error = NULL;

      if (!_dp_store_begin (self, error))
        return FALSE;

      /* Read again under the write lock: another Dicepad may have just migrated. */
      if (!read_int_pragma (self, "PRAGMA user_version", &version, error))
        {
          _dp_store_rollback (self);
          return FALSE;
        }

      if (version >= target)
        return _dp_store_commit (self, error);
      if (version < 0)
        {
          _dp_store_rollback (self);
          return set_not_a_database (self->path, error);
        }

      resource = g_strconcat (RESOURCE_PREFIX, migrations[version], NULL);
      sql = g_resource_lookup_data (dp_store_get_resource (), resource,
                                    G_RESOURCE_LOOKUP_FLAGS_NONE, &local_error);
      /* The migrations are compiled in: a missing one is a packaging bug. */
      g_assert_no_error (local_error);

      footer = g_strdup_printf ("PRAGMA user_version = %u; PRAGMA application_id = %d;",
                                (guint) version + 1, DP_STORE_APPLICATION_ID);

      if (!_dp_store_exec (self, g_bytes_get_data (sql, NULL), error) ||
          (version + 1 == FACTS_VERSION && !fill_facts (self, error)) ||
          !_dp_store_exec (self, footer, error) ||
          !_dp_store_commit (self, error))
        {
          _dp_store_rollback (self);
          return FALSE;
        }
    }
}

DpStore *
_dp_store_open_at_version (const char  *path,
                           guint        target,
                           GError     **error)
{
  g_autoptr(DpStore) self = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *display = NULL;
  GStatBuf st;
  gboolean has_content;
  gint64 app_id, version, n_objects;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_EXRESCODE;
  int rc;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (target <= SCHEMA_VERSION, NULL);

  if (!refuse_folder (path, error))
    return NULL;
  display = g_filename_display_name (path);
  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_autofree char *dir_display = g_filename_display_name (dir);

      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
                   _("Could not create the folder “%s”: %s"),
                   dir_display, g_strerror (saved_errno));
      return NULL;
    }

  if (g_stat (path, &st) == 0)
    {
      if (!S_ISREG (st.st_mode))
        {
          set_not_a_database (path, error);
          return NULL;
        }
      has_content = st.st_size > 0;
    }
  else
    {
      has_content = FALSE;
    }

  /* An existing file is opened without CREATE and checked before anything is
   * written to it (setting WAL is a write). */
  if (has_content)
    {
      if (!check_sqlite_header (path, error))
        return NULL;
    }
  else
    {
      flags |= SQLITE_OPEN_CREATE;
    }

  self = g_object_new (DP_TYPE_STORE, NULL);
  self->path = g_strdup (path);

  rc = sqlite3_open_v2 (path, &self->db, flags, NULL);
  if (rc != SQLITE_OK)
    {
      _dp_store_db_error (self, rc, error);
      return NULL;
    }

  sqlite3_extended_result_codes (self->db, 1);
  sqlite3_busy_timeout (self->db, BUSY_TIMEOUT_MS);

  if (sqlite3_db_readonly (self->db, "main") == 1)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
                   _("The game database “%s” is read-only: nothing was saved."),
                   display);
      return NULL;
    }

  {
    g_autoptr(GError) read_error = NULL;

    if (!read_int_pragma (self, "PRAGMA application_id", &app_id, &read_error) ||
        !read_int_pragma (self, "PRAGMA user_version", &version, &read_error) ||
        !read_int_pragma (self, "SELECT count(*) FROM sqlite_schema", &n_objects, &read_error))
      {
        /* Only damage is "not a database": a read-only folder, a full disk or a
         * busy file is said as what it is (issue 16, item 5). */
        if (!g_error_matches (read_error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_A_DATABASE))
          g_propagate_error (error, g_steal_pointer (&read_error));
        else
          set_not_a_database (path, error);
        return NULL;
      }
  }

  if (app_id != DP_STORE_APPLICATION_ID &&
      !(app_id == 0 && version == 0 && n_objects == 0))
    {
      set_not_a_database (path, error);
      return NULL;
    }

  /* The version is a signed 32-bit number in the file's header: a negative one is
   * damage, never a version (issue 16: it indexed before the migrations). */
  if (version < 0)
    {
      set_not_a_database (path, error);
      return NULL;
    }

  if (version > SCHEMA_VERSION)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_TOO_NEW,
                   _("The game database “%s” was written by a newer version of Dicepad "
                     "(format %u; this version reads up to format %u). Update Dicepad to open it; "
                     "the file is left untouched."),
                   display, (guint) version, SCHEMA_VERSION);
      return NULL;
    }

  /* From here on the file is ours and may be written. */
  {
    g_autoptr(DpStoreStmt) stmt = NULL;
    gboolean has_row;

    if (!_dp_store_exec (self, "PRAGMA foreign_keys = ON", error))
      return NULL;

    stmt = _dp_store_prepare (self, "PRAGMA journal_mode = WAL", error);
    if (stmt == NULL || !_dp_store_step_row (self, stmt, &has_row, error))
      return NULL;

    if (!has_row || g_ascii_strcasecmp ((const char *) sqlite3_column_text (stmt, 0), "wal") != 0)
      {
        g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
                     _("Could not read or write the game database “%s”: %s"),
                     display, "journal_mode=WAL");
        return NULL;
      }
  }

  if (!_dp_store_exec (self, "PRAGMA synchronous = FULL", error))
    return NULL;

  sqlite3_create_function_v2 (self->db, "dp_casefold", 1,
                              SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                              NULL, _dp_store_sql_casefold, NULL, NULL, NULL);

  if (!store_migrate (self, target, error))
    return NULL;

  _dp_store_watch_identity (self);
  return g_steal_pointer (&self);
}

DpStore *
dp_store_open (const char  *path,
               GError     **error)
{
  return _dp_store_open_at_version (path, SCHEMA_VERSION, error);
}

gboolean
_dp_store_migrate (DpStore  *self,
                   GError  **error)
{
  g_return_val_if_fail (DP_IS_STORE (self), FALSE);

  return store_migrate (self, SCHEMA_VERSION, error);
}

/* An empty history for a reader, in memory: for a database file that holds nothing yet
 * (0 bytes, or killed while it was being created: WAL set, no table, application id 0;
 * issue 26, item 3), which a reader must neither refuse nor write. Every write fails as
 * on any read-only store. */
static DpStore *
open_empty (const char  *path,
            GError     **error)
{
  g_autoptr(DpStore) self = g_object_new (DP_TYPE_STORE, NULL);
  int rc;

  self->path = g_strdup (path);
  rc = sqlite3_open_v2 (":memory:", &self->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_EXRESCODE, NULL);
  if (rc != SQLITE_OK)
    {
      _dp_store_db_error (self, rc, error);
      return NULL;
    }
  sqlite3_create_function_v2 (self->db, "dp_casefold", 1,
                              SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                              NULL, _dp_store_sql_casefold, NULL, NULL, NULL);
  if (!_dp_store_exec (self, "PRAGMA foreign_keys = ON", error) ||
      !store_migrate (self, SCHEMA_VERSION, error))
    return NULL;

  self->read_only = TRUE;
  return g_steal_pointer (&self);
}

/* TRUE when @path cannot be written by anyone (no write bit) and no reader or writer
 * left a -wal or -shm beside it: then it is read as immutable, so that reading leaves no
 * read-only -shm file behind that would refuse writes once the file is writable again
 * (issue 26, item 5). */
static gboolean
is_closed_read_only_file (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  GStatBuf st;

  return g_stat (path, &st) == 0 && (st.st_mode & 0222) == 0 &&
         !g_file_test (wal, G_FILE_TEST_EXISTS) && !g_file_test (shm, G_FILE_TEST_EXISTS);
}

DpStore *
_dp_store_open_read_only (const char  *path,
                          GError     **error)
{
  g_autoptr(DpStore) self = NULL;
  g_autofree char *display = NULL;
  g_autofree char *uri = NULL;
  g_autoptr(GError) read_error = NULL;
  gint64 app_id = 0, version = 0, n_objects = 0;
  int flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE;

  guint first_attempt;

  g_return_val_if_fail (path != NULL, NULL);

  if (!refuse_folder (path, error))
    return NULL;
  display = g_filename_display_name (path);
  if (!check_sqlite_header (path, error))
    return NULL;
  first_attempt = is_closed_read_only_file (path) ? 1 : 0;

  self = g_object_new (DP_TYPE_STORE, NULL);
  self->path = g_strdup (path);
  self->read_only = TRUE;

  /* mode=ro first; a WAL database in a folder we cannot write needs immutable=1 (no
   * shared-memory file), which is right for a file nobody can write either. */
  for (guint attempt = first_attempt; attempt < 2; attempt++)
    {
      g_autofree char *absolute = g_canonicalize_filename (path, NULL);
      g_autofree char *file_uri = g_filename_to_uri (absolute, NULL, error);
      int rc;

      if (file_uri == NULL)
        return NULL;
      g_clear_pointer (&uri, g_free);
      uri = g_strconcat (file_uri, attempt == 0 ? "?mode=ro" : "?mode=ro&immutable=1", NULL);
      g_hash_table_remove_all (self->statements);
      g_clear_pointer (&self->db, sqlite3_close_v2);
      g_clear_error (&read_error);

      rc = sqlite3_open_v2 (uri, &self->db, flags, NULL);
      if (rc != SQLITE_OK)
        {
          _dp_store_db_error (self, rc, &read_error);
          continue;
        }
      sqlite3_extended_result_codes (self->db, 1);
      sqlite3_busy_timeout (self->db, BUSY_TIMEOUT_MS);

      if (read_int_pragma (self, "PRAGMA application_id", &app_id, &read_error) &&
          read_int_pragma (self, "PRAGMA user_version", &version, &read_error) &&
          read_int_pragma (self, "SELECT count(*) FROM sqlite_schema", &n_objects, &read_error))
        break;
      if (g_error_matches (read_error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_A_DATABASE))
        break;
    }

  if (read_error != NULL)
    {
      if (g_error_matches (read_error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_A_DATABASE))
        set_not_a_database (path, error);
      else
        g_propagate_error (error, g_steal_pointer (&read_error));
      return NULL;
    }

  if (app_id == 0 && version == 0 && n_objects == 0)
    return open_empty (path, error);

  if (app_id != DP_STORE_APPLICATION_ID || version < 0)
    {
      set_not_a_database (path, error);
      return NULL;
    }

  if (version > SCHEMA_VERSION)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_TOO_NEW,
                   _("The game database “%s” was written by a newer version of Dicepad "
                     "(format %u; this version reads up to format %u). Update Dicepad to open it; "
                     "the file is left untouched."),
                   display, (guint) version, SCHEMA_VERSION);
      return NULL;
    }

  if (version < SCHEMA_VERSION)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
                   _("The game database “%s” is read-only and was written by an older version "
                     "of Dicepad: it must be updated before it can be read. Make it writable and open it again."),
                   display);
      return NULL;
    }

  sqlite3_create_function_v2 (self->db, "dp_casefold", 1,
                              SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                              NULL, _dp_store_sql_casefold, NULL, NULL, NULL);

  return g_steal_pointer (&self);
}

DpStore *
dp_store_open_for_reading (const char  *path,
                           GError     **error)
{
  g_autoptr(GError) read_error = NULL;
  g_autoptr(GError) write_error = NULL;
  DpStore *store;
  GStatBuf st;
  gboolean exists;

  g_return_val_if_fail (path != NULL, NULL);

  if (!refuse_folder (path, error))
    return NULL;

  /* A reader never creates a database (issue 26, item 9): a missing file, or one with
   * nothing in it yet, is an empty history. */
  if (g_stat (path, &st) != 0 || (S_ISREG (st.st_mode) && st.st_size == 0))
    return open_empty (path, error);

  /* A current database is only read: not a byte of it changes, whatever state it is
   * in (issue 16: "the file untouched unless the user asked for a repair"). */
  exists = S_ISREG (st.st_mode) && st.st_size > 0;
  if (exists)
    {
      store = _dp_store_open_read_only (path, &read_error);
      if (store != NULL)
        return store;
      if (g_error_matches (read_error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_A_DATABASE) ||
          g_error_matches (read_error, DP_STORE_ERROR, DP_STORE_ERROR_TOO_NEW))
        {
          g_propagate_error (error, g_steal_pointer (&read_error));
          return NULL;
        }
    }

  /* An older schema (migrated first). */
  store = dp_store_open (path, &write_error);
  if (store != NULL)
    return store;

  /* An older database that cannot be written: the read-only error says so. */
  if (exists && read_error != NULL && g_error_matches (write_error, DP_STORE_ERROR, DP_STORE_ERROR_IO))
    g_propagate_error (error, g_steal_pointer (&read_error));
  else
    g_propagate_error (error, g_steal_pointer (&write_error));
  return NULL;
}

DpStore *
dp_store_open_or_read_only (const char  *path,
                            GError     **error)
{
  g_autoptr(GError) write_error = NULL;
  DpStore *store;
  GStatBuf st;

  g_return_val_if_fail (path != NULL, NULL);

  store = dp_store_open (path, &write_error);
  if (store != NULL)
    return store;

  /* An existing database that cannot be written (read-only file, folder or disk, or
   * a full disk) can still be read (issue 16, item 7). */
  if (!g_error_matches (write_error, DP_STORE_ERROR, DP_STORE_ERROR_IO) ||
      g_stat (path, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size == 0)
    {
      g_propagate_error (error, g_steal_pointer (&write_error));
      return NULL;
    }

  return _dp_store_open_read_only (path, error);
}

gboolean
dp_store_needs_migration (const char *path)
{
  guint8 header[100];
  guint32 version, app_id;

  g_return_val_if_fail (path != NULL, FALSE);

  if (!read_sqlite_header (path, header, NULL))
    return FALSE;
  /* The header's user version (offset 60) and application id (offset 68), big-endian. A
   * change to them still in the write-ahead log is not seen: the version only grows, so
   * a current database is at worst opened on the worker too. */
  version = (guint32) header[60] << 24 | (guint32) header[61] << 16 | (guint32) header[62] << 8 | header[63];
  app_id = (guint32) header[68] << 24 | (guint32) header[69] << 16 | (guint32) header[70] << 8 | header[71];
  return app_id == DP_STORE_APPLICATION_ID && version > 0 && version < SCHEMA_VERSION;
}

static void
open_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;
  DpStore *store = dp_store_open_or_read_only (task_data, &error);

  if (store == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, store, g_object_unref);
}

void
dp_store_open_or_read_only_async (const char          *path,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (path != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, dp_store_open_or_read_only_async);
  g_task_set_task_data (task, g_strdup (path), g_free);
  g_task_run_in_thread (task, open_thread);
}

DpStore *
dp_store_open_or_read_only_finish (GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == dp_store_open_or_read_only_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

guint
_dp_store_get_schema_version (void)
{
  return SCHEMA_VERSION;
}

/* Part of the migration to FACTS_VERSION, in its transaction: the games stored so far
 * hold facts only the engine can read out of their logs, so each game that is not
 * deleted and whose kind tells facts is replayed once. A game that cannot be replayed
 * (a damaged row) is left out: it cannot be loaded either, and must not stop the
 * migration of the others. */
static gboolean
fill_facts (DpStore  *self,
            GError  **error)
{
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);

  {
    g_autoptr(DpStoreStmt) stmt = _dp_store_prepare (self, "SELECT id, uuid, kind FROM games WHERE deleted = 0", error);
    gboolean has_row;

    if (stmt == NULL)
      return FALSE;
    for (;;)
      {
        const DpGameKind *kind;
        gint64 row;

        if (!_dp_store_step_row (self, stmt, &has_row, error))
          return FALSE;
        if (!has_row)
          break;
        kind = dp_game_kind_lookup ((const char *) sqlite3_column_text (stmt, 2));
        if (kind == NULL || !dp_game_kind_has_facts (kind))
          continue;
        row = sqlite3_column_int64 (stmt, 0);
        g_array_append_val (rows, row);
        g_ptr_array_add (ids, g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
      }
  }

  for (guint i = 0; i < rows->len; i++)
    {
      gint64 row = g_array_index (rows, gint64, i);
      const char *id = g_ptr_array_index (ids, i);
      g_autofree char *setup = NULL;
      g_autoptr(GPtrArray) actions = NULL;
      g_autoptr(DpGame) game = NULL;
      g_autoptr(GError) local_error = NULL;

      if (!_dp_store_read_log (self, row, id, &setup, &actions, &local_error) ||
          (game = _dp_store_replay_log (id, setup, actions, actions->len, &local_error)) == NULL)
        {
          if (g_error_matches (local_error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW))
            continue;
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      if (!_dp_store_write_facts (self, row, game, error))
        return FALSE;
    }
  return TRUE;
}
