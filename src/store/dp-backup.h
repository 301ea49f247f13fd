/* dp-backup.h — automatic copies of the game database
 *
 * A backup is a consistent copy made with SQLite's online backup API while the
 * database stays open (sqlite3_backup_*): into a ".partial" file first, renamed
 * into place only once complete, so a crash or a kill during a backup leaves the
 * database and every earlier backup as they were. Backups are made before a schema
 * migration (dp-store-open.c), once a day while games are played (the window) and before a
 * restore replaces the database. Each file is "dicepad-YYYYMMDD-HHMMSS-REASON.db".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dp-store.h"

G_BEGIN_DECLS

/* How many daily and weekly copies dp_backup_prune() keeps. */
#define DP_BACKUP_KEEP_DAILY  7
#define DP_BACKUP_KEEP_WEEKLY 4
/* How many copies made before a migration or a restore it keeps, of each. */
#define DP_BACKUP_KEEP_OTHER  4

typedef enum
{
  DP_BACKUP_DAILY,
  DP_BACKUP_BEFORE_MIGRATION,
  DP_BACKUP_BEFORE_RESTORE,
} DpBackupReason;

typedef struct
{
  char           *path;
  GDateTime      *time;     /* local time the copy was made */
  DpBackupReason  reason;
  gint64          size;     /* bytes */
} DpBackupInfo;

void       dp_backup_info_free (DpBackupInfo *info);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpBackupInfo, dp_backup_info_free)

/* Where the backups of the database at @db_path go: g_get_user_data_dir()/dicepad/backups
 * for the default database (dp_store_resolve_path (NULL) without $DICEPAD_DATABASE),
 * else a folder beside the database, "NAME-backups" for "NAME.db". */
char      *dp_backup_dir_for_database (const char *db_path);

/* Copies the database at @db_path into @dir (created with mode 0700) as made at @now
 * (NULL: now) for @reason, then prunes old copies. Returns the new file's path. */
char      *dp_backup_create (const char      *db_path,
                             const char      *dir,
                             DpBackupReason   reason,
                             GDateTime       *now,
                             GError         **error);
/* Copies the database at @db_path into the file @path (dicepad-cli backup FILE), the
 * same way: complete or not at all; an existing @path is replaced. */
gboolean   dp_backup_create_file (const char *db_path, const char *path, GError **error);
/* TRUE if @dir holds no daily backup made on @now's local day (NULL: today). */
gboolean   dp_backup_daily_is_due (const char *dir, GDateTime *now);
/* Makes today's daily backup of @store's database if it is due; FALSE only on an error.
 * @path_out (optional) gets the new file's path, or NULL when none was due. */
gboolean   dp_backup_daily (DpStore *store, GDateTime *now, char **path_out, GError **error);
/* dp_backup_daily() on a worker thread with its own read-only connection, copying in
 * slices from one snapshot while the window goes on writing; @callback runs in the
 * caller's main context. dp_backup_daily_finish() gives what dp_backup_daily() gives. */
void       dp_backup_daily_async (DpStore             *store,
                                  GDateTime           *now,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data);
gboolean   dp_backup_daily_finish (DpStore       *store,
                                   GAsyncResult  *result,
                                   char         **path_out,
                                   GError       **error);
/* Deletes the copies beyond DP_BACKUP_KEEP_DAILY days and DP_BACKUP_KEEP_WEEKLY weeks
 * (the newest copy of a day or week stands for it), and what a killed copy left: its
 * ".partial" file and the ".partial-journal" SQLite kept beside it (issue 26, item 4). */
void       dp_backup_prune (const char *dir);
/* The backups in @dir, newest first. Element type: DpBackupInfo*. A missing folder is
 * an empty list. */
GPtrArray *dp_backup_list (const char *dir, GError **error);
/* Replaces @store's games with those of the backup at @backup_path, after checking it
 * is a Dicepad database and copying the current database first (DP_BACKUP_BEFORE_RESTORE;
 * its path in @safety_path_out, optional). The store migrates the restored copy if it is
 * older. On an error the database is unchanged. */
gboolean   dp_backup_restore (DpStore     *store,
                              const char  *backup_path,
                              char       **safety_path_out,
                              GError     **error);

G_END_DECLS
