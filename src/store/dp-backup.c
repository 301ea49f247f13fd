/* dp-backup.c — automatic copies of the game database
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <errno.h>
#include <string.h>

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "dp-backup.h"
#include "dp-backup-private.h"
#include "dp-store-private.h"

#define PARTIAL_SUFFIX ".partial"

static const char *const reason_names[] = {
  [DP_BACKUP_DAILY] = "daily",
  [DP_BACKUP_BEFORE_MIGRATION] = "before-upgrade",
  [DP_BACKUP_BEFORE_RESTORE] = "before-restore",
};

void
dp_backup_info_free (DpBackupInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->path);
  g_clear_pointer (&info->time, g_date_time_unref);
  g_free (info);
}

static gboolean
set_io_error (GError     **error,
              const char  *path,
              const char  *detail)
{
  g_autofree char *display = g_filename_display_name (path);

  /* Translators: "Could not make a backup of the games in “/home/ina/…”: disk full" */
  g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
               _("Could not copy the games to “%s”: %s"), display, detail);
  return FALSE;
}

char *
dp_backup_dir_for_database (const char *db_path)
{
  g_autofree char *default_path = g_build_filename (g_get_user_data_dir (), "io.github.dicepad.Dicepad",
                                                    "dicepad.db", NULL);
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *folder = NULL;

  g_return_val_if_fail (db_path != NULL, NULL);

  if (g_strcmp0 (db_path, default_path) == 0)
    return g_build_filename (g_get_user_data_dir (), "dicepad", "backups", NULL);

  /* A database the user named (--database): its backups stay with it. */
  dir = g_path_get_dirname (db_path);
  base = g_path_get_basename (db_path);
  if (g_str_has_suffix (base, ".db"))
    base[strlen (base) - 3] = '\0';
  folder = g_strconcat (base, "-backups", NULL);
  return g_build_filename (dir, folder, NULL);
}

/* The online backup API, from an open connection into a new file: the copy is one
 * consistent snapshot even while another connection writes. */
static gboolean
copy_connection (sqlite3             *source,
                 const char          *dest_path,
                 int                  pages_per_step,
                 DpBackupStepFunc     step_func,
                 gpointer             step_data,
                 GError             **error)
{
  sqlite3 *dest = NULL;
  sqlite3_backup *backup;
  int rc;

  g_unlink (dest_path);
  rc = sqlite3_open_v2 (dest_path, &dest, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc != SQLITE_OK)
    {
      set_io_error (error, dest_path, dest != NULL ? sqlite3_errmsg (dest) : sqlite3_errstr (rc));
      sqlite3_close_v2 (dest);
      return FALSE;
    }

  backup = sqlite3_backup_init (dest, "main", source, "main");
  if (backup == NULL)
    {
      set_io_error (error, dest_path, sqlite3_errmsg (dest));
      sqlite3_close_v2 (dest);
      return FALSE;
    }

  /* Copied in slices, the snapshot must stay one: a read transaction held on @source
   * across the steps keeps its view of the file (WAL: writers go on meanwhile), where a
   * transaction per step would see other connections' commits and restart the copy. */
  rc = sqlite3_exec (source, "BEGIN; SELECT count (*) FROM sqlite_schema", NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    {
      set_io_error (error, dest_path, sqlite3_errmsg (source));
      sqlite3_exec (source, "ROLLBACK", NULL, NULL, NULL);
      sqlite3_backup_finish (backup);
      sqlite3_close_v2 (dest);
      g_unlink (dest_path);
      return FALSE;
    }

  do
    {
      rc = sqlite3_backup_step (backup, pages_per_step);
      if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
        sqlite3_sleep (20);
      else if (rc == SQLITE_OK && step_func != NULL)
        step_func (sqlite3_backup_remaining (backup), step_data);
    }
  while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
  sqlite3_backup_finish (backup);
  sqlite3_exec (source, "ROLLBACK", NULL, NULL, NULL);

  /* A copy is one plain file (no -wal beside it), so it can be opened read-only. */
  if (rc == SQLITE_DONE)
    rc = sqlite3_exec (dest, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL);

  if (rc != SQLITE_DONE && rc != SQLITE_OK)
    {
      set_io_error (error, dest_path, sqlite3_errstr (rc));
      sqlite3_close_v2 (dest);
      g_unlink (dest_path);
      return FALSE;
    }

  rc = sqlite3_close_v2 (dest);
  if (rc != SQLITE_OK)
    {
      g_unlink (dest_path);
      return set_io_error (error, dest_path, sqlite3_errstr (rc));
    }
  return TRUE;
}

static char *
backup_file_name (DpBackupReason  reason,
                  GDateTime      *now)
{
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  return g_strdup_printf ("dicepad-%s-%s.db", stamp, reason_names[reason]);
}

/* Copies the database at @db_path to @path: into "@path.partial" first, renamed only
 * when complete, so a kill half-way leaves no file that looks like a backup. */
static gboolean
copy_to_file (const char       *db_path,
              const char       *path,
              int               pages_per_step,
              DpBackupStepFunc  step_func,
              gpointer          step_data,
              GError          **error)
{
  g_autofree char *partial = g_strconcat (path, PARTIAL_SUFFIX, NULL);
  sqlite3 *source = NULL;
  gboolean ok;
  int rc;

  rc = sqlite3_open_v2 (db_path, &source, SQLITE_OPEN_READONLY, NULL);
  if (rc != SQLITE_OK)
    {
      set_io_error (error, path, source != NULL ? sqlite3_errmsg (source) : sqlite3_errstr (rc));
      sqlite3_close_v2 (source);
      return FALSE;
    }
  sqlite3_busy_timeout (source, 5000);

  ok = copy_connection (source, partial, pages_per_step, step_func, step_data, error);
  sqlite3_close_v2 (source);
  if (!ok)
    return FALSE;

  if (g_rename (partial, path) != 0)
    {
      set_io_error (error, path, g_strerror (errno));
      g_unlink (partial);
      return FALSE;
    }
  return TRUE;
}

char *
_dp_backup_create_stepwise (const char       *db_path,
                            const char       *dir,
                            DpBackupReason    reason,
                            GDateTime        *now,
                            int               pages_per_step,
                            DpBackupStepFunc  step_func,
                            gpointer          step_data,
                            GError          **error)
{
  g_autoptr(GDateTime) local_now = now != NULL ? g_date_time_to_local (now) : g_date_time_new_now_local ();
  g_autofree char *name = backup_file_name (reason, local_now);
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_return_val_if_fail (db_path != NULL, NULL);
  g_return_val_if_fail (dir != NULL, NULL);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      set_io_error (error, dir, g_strerror (errno));
      return NULL;
    }

  if (!copy_to_file (db_path, path, pages_per_step, step_func, step_data, error))
    return NULL;

  dp_backup_prune (dir);
  return g_steal_pointer (&path);
}

gboolean
dp_backup_create_file (const char  *db_path,
                       const char  *path,
                       GError     **error)
{
  g_return_val_if_fail (db_path != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return copy_to_file (db_path, path, -1, NULL, NULL, error);
}

char *
dp_backup_create (const char      *db_path,
                  const char      *dir,
                  DpBackupReason   reason,
                  GDateTime       *now,
                  GError         **error)
{
  return _dp_backup_create_stepwise (db_path, dir, reason, now, -1, NULL, NULL, error);
}

static DpBackupInfo *
parse_backup_name (const char *dir,
                   const char *name)
{
  int year, month, day, hour, minute, second;
  char reason[32] = "";
  g_autoptr(DpBackupInfo) info = NULL;

  if (!g_str_has_prefix (name, "dicepad-") || !g_str_has_suffix (name, ".db"))
    return NULL;
  if (sscanf (name, "dicepad-%4d%2d%2d-%2d%2d%2d-%31[a-z-]", &year, &month, &day, &hour, &minute, &second,
              reason) != 7)
    return NULL;

  info = g_new0 (DpBackupInfo, 1);
  info->time = g_date_time_new_local (year, month, day, hour, minute, second);
  if (info->time == NULL)
    return NULL;

  /* sscanf stopped at the dot: "daily" of "daily.db" (a ".db.partial" is no backup) */
  info->reason = G_N_ELEMENTS (reason_names);
  for (guint i = 0; i < G_N_ELEMENTS (reason_names); i++)
    if (g_str_equal (reason, reason_names[i]))
      info->reason = i;
  if (info->reason == G_N_ELEMENTS (reason_names))
    return NULL;

  info->path = g_build_filename (dir, name, NULL);
  return g_steal_pointer (&info);
}

static int
compare_newest_first (gconstpointer a,
                      gconstpointer b)
{
  const DpBackupInfo *ia = *(const DpBackupInfo *const *) a;
  const DpBackupInfo *ib = *(const DpBackupInfo *const *) b;
  int by_time = g_date_time_compare (ib->time, ia->time);

  return by_time != 0 ? by_time : g_strcmp0 (ib->path, ia->path);
}

GPtrArray *
dp_backup_list (const char  *dir,
                GError     **error)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) dp_backup_info_free);
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GDir) folder = NULL;
  const char *name;

  g_return_val_if_fail (dir != NULL, NULL);

  folder = g_dir_open (dir, 0, &local_error);
  if (folder == NULL)
    {
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return g_steal_pointer (&out);
      set_io_error (error, dir, local_error->message);
      return NULL;
    }

  while ((name = g_dir_read_name (folder)) != NULL)
    {
      DpBackupInfo *info = parse_backup_name (dir, name);
      GStatBuf st;

      if (info == NULL)
        continue;
      if (g_stat (info->path, &st) == 0)
        info->size = st.st_size;
      g_ptr_array_add (out, info);
    }
  g_ptr_array_sort (out, compare_newest_first);
  return g_steal_pointer (&out);
}

gboolean
dp_backup_daily_is_due (const char *dir,
                        GDateTime  *now)
{
  g_autoptr(GDateTime) local_now = now != NULL ? g_date_time_to_local (now) : g_date_time_new_now_local ();
  g_autoptr(GPtrArray) backups = dp_backup_list (dir, NULL);
  g_autofree char *today = g_date_time_format (local_now, "%Y%m%d");

  for (guint i = 0; backups != NULL && i < backups->len; i++)
    {
      DpBackupInfo *info = g_ptr_array_index (backups, i);
      g_autofree char *day = g_date_time_format (info->time, "%Y%m%d");

      if (info->reason == DP_BACKUP_DAILY && g_str_equal (day, today))
        return FALSE;
    }
  return TRUE;
}

gboolean
dp_backup_daily (DpStore    *store,
                 GDateTime  *now,
                 char      **path_out,
                 GError    **error)
{
  const char *db_path;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (DP_IS_STORE (store), FALSE);

  db_path = dp_store_get_path (store);
  dir = dp_backup_dir_for_database (db_path);
  if (dp_backup_daily_is_due (dir, now))
    {
      path = dp_backup_create (db_path, dir, DP_BACKUP_DAILY, now, error);
      if (path == NULL)
        return FALSE;
    }
  if (path_out != NULL)
    *path_out = g_steal_pointer (&path);
  return TRUE;
}

/* The daily backup on a worker thread: only strings cross over, and the copy opens its
 * own read-only connection, so the window's connection is never touched off its thread. */
typedef struct
{
  char             *db_path;
  GDateTime        *now;
  int               pages_per_step;
  DpBackupStepFunc  step_func;
  gpointer          step_data;
} DailyTask;

static void
daily_task_free (DailyTask *data)
{
  g_free (data->db_path);
  g_clear_pointer (&data->now, g_date_time_unref);
  g_free (data);
}

/* Pages per step of the worker's copy (4 MiB of 4 KiB pages). A cancellation counts
 * before the copy starts; one under way completes (a kill leaves only a ".partial"). */
#define DAILY_PAGES_PER_STEP 1024

static void
daily_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  DailyTask *data = task_data;
  g_autofree char *dir = dp_backup_dir_for_database (data->db_path);
  g_autofree char *path = NULL;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  if (!dp_backup_daily_is_due (dir, data->now))
    {
      g_task_return_pointer (task, NULL, NULL);
      return;
    }
  path = _dp_backup_create_stepwise (data->db_path, dir, DP_BACKUP_DAILY, data->now,
                                     data->pages_per_step, data->step_func, data->step_data, &error);
  if (path == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_steal_pointer (&path), g_free);
}

void
_dp_backup_daily_async_stepwise (DpStore             *store,
                                 GDateTime           *now,
                                 int                  pages_per_step,
                                 DpBackupStepFunc     step_func,
                                 gpointer             step_data,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  DailyTask *data;

  g_return_if_fail (DP_IS_STORE (store));

  task = g_task_new (store, cancellable, callback, user_data);
  g_task_set_source_tag (task, dp_backup_daily_async);
  data = g_new0 (DailyTask, 1);
  data->db_path = g_strdup (dp_store_get_path (store));
  data->now = now != NULL ? g_date_time_ref (now) : NULL;
  data->pages_per_step = pages_per_step;
  data->step_func = step_func;
  data->step_data = step_data;
  g_task_set_task_data (task, data, (GDestroyNotify) daily_task_free);
  g_task_run_in_thread (task, daily_thread);
}

void
dp_backup_daily_async (DpStore             *store,
                       GDateTime           *now,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  _dp_backup_daily_async_stepwise (store, now, DAILY_PAGES_PER_STEP, NULL, NULL,
                                   cancellable, callback, user_data);
}

gboolean
dp_backup_daily_finish (DpStore       *store,
                        GAsyncResult  *result,
                        char         **path_out,
                        GError       **error)
{
  g_autofree char *path = NULL;
  GError *local_error = NULL;

  g_return_val_if_fail (g_task_is_valid (result, store), FALSE);

  path = g_task_propagate_pointer (G_TASK (result), &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  if (path_out != NULL)
    *path_out = g_steal_pointer (&path);
  return TRUE;
}

void
dp_backup_prune (const char *dir)
{
  g_autoptr(GPtrArray) backups = dp_backup_list (dir, NULL);
  g_autoptr(GHashTable) days = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) weeks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n_other[G_N_ELEMENTS (reason_names)] = { 0 };
  g_autoptr(GDir) folder = NULL;
  const char *name;

  if (backups == NULL)
    return;

  /* Newest first: the first copy seen of a day (or week) is the one that stays for it. */
  for (guint i = 0; i < backups->len; i++)
    {
      DpBackupInfo *info = g_ptr_array_index (backups, i);
      gboolean keep = FALSE;

      if (info->reason == DP_BACKUP_DAILY)
        {
          char *day = g_date_time_format (info->time, "%Y%m%d");
          char *week = g_date_time_format (info->time, "%G-%V");

          if (!g_hash_table_contains (days, day) && g_hash_table_size (days) < DP_BACKUP_KEEP_DAILY)
            keep = TRUE;
          if (!g_hash_table_contains (weeks, week) && g_hash_table_size (weeks) < DP_BACKUP_KEEP_WEEKLY)
            keep = TRUE;
          g_hash_table_add (days, day);
          g_hash_table_add (weeks, week);
        }
      else
        keep = n_other[info->reason]++ < DP_BACKUP_KEEP_OTHER;

      if (!keep)
        g_unlink (info->path);
    }

  /* What a killed backup left behind. */
  folder = g_dir_open (dir, 0, NULL);
  while (folder != NULL && (name = g_dir_read_name (folder)) != NULL)
    if (g_str_has_prefix (name, "dicepad-") &&
        (g_str_has_suffix (name, PARTIAL_SUFFIX) || g_str_has_suffix (name, PARTIAL_SUFFIX "-journal")))
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        g_unlink (path);
      }
}

/* A backup is taken back only if it is a Dicepad database this version can read. */
static gboolean
check_backup (sqlite3     *db,
              const char  *path,
              GError     **error)
{
  sqlite3_stmt *stmt = NULL;
  gint64 values[2] = { -1, -1 };
  const char *const queries[] = { "PRAGMA application_id", "PRAGMA user_version" };
  g_autofree char *display = g_filename_display_name (path);
  gboolean ok;

  for (guint i = 0; i < G_N_ELEMENTS (queries); i++)
    {
      if (sqlite3_prepare_v2 (db, queries[i], -1, &stmt, NULL) == SQLITE_OK &&
          sqlite3_step (stmt) == SQLITE_ROW)
        values[i] = sqlite3_column_int64 (stmt, 0);
      sqlite3_finalize (stmt);
    }

  ok = sqlite3_prepare_v2 (db, "PRAGMA quick_check", -1, &stmt, NULL) == SQLITE_OK &&
       sqlite3_step (stmt) == SQLITE_ROW &&
       g_strcmp0 ((const char *) sqlite3_column_text (stmt, 0), "ok") == 0;
  sqlite3_finalize (stmt);

  if (!ok || values[0] != DP_STORE_APPLICATION_ID)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_A_DATABASE,
                   _("The file “%s” is not a Dicepad backup or it is damaged. Nothing was changed."),
                   display);
      return FALSE;
    }
  if (values[1] > (gint64) _dp_store_get_schema_version ())
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_TOO_NEW,
                   _("The backup “%s” was made by a newer version of Dicepad. Nothing was changed."),
                   display);
      return FALSE;
    }
  return TRUE;
}

gboolean
dp_backup_restore (DpStore     *store,
                   const char  *backup_path,
                   char       **safety_path_out,
                   GError     **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *safety = NULL;
  sqlite3 *source = NULL;
  sqlite3_backup *backup;
  sqlite3 *db;
  int rc;

  g_return_val_if_fail (DP_IS_STORE (store), FALSE);
  g_return_val_if_fail (backup_path != NULL, FALSE);

  rc = sqlite3_open_v2 (backup_path, &source, SQLITE_OPEN_READONLY, NULL);
  if (rc != SQLITE_OK || !check_backup (source, backup_path, error))
    {
      if (rc != SQLITE_OK)
        set_io_error (error, backup_path, source != NULL ? sqlite3_errmsg (source) : sqlite3_errstr (rc));
      sqlite3_close_v2 (source);
      return FALSE;
    }

  /* The games as they are now go into a backup of their own first. */
  dir = dp_backup_dir_for_database (dp_store_get_path (store));
  safety = dp_backup_create (dp_store_get_path (store), dir, DP_BACKUP_BEFORE_RESTORE, NULL, error);
  if (safety == NULL)
    {
      sqlite3_close_v2 (source);
      return FALSE;
    }

  /* Into the open database, in one write transaction: all pages or none. */
  db = _dp_store_get_db (store);
  backup = sqlite3_backup_init (db, "main", source, "main");
  if (backup == NULL)
    {
      set_io_error (error, dp_store_get_path (store), sqlite3_errmsg (db));
      sqlite3_close_v2 (source);
      return FALSE;
    }
  rc = sqlite3_backup_step (backup, -1);
  sqlite3_backup_finish (backup);
  sqlite3_close_v2 (source);
  if (rc != SQLITE_DONE)
    return set_io_error (error, dp_store_get_path (store), sqlite3_errstr (rc));

  /* A copy made before an upgrade has the older schema: bring it up to date. */
  if (!_dp_store_migrate (store, error))
    return FALSE;

  if (safety_path_out != NULL)
    *safety_path_out = g_steal_pointer (&safety);
  return TRUE;
}
