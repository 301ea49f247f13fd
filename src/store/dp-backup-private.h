/* dp-backup-private.h — hooks for the backup tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dp-backup.h"

G_BEGIN_DECLS

/* Called after each step of a copy with the pages still to copy. */
typedef void (*DpBackupStepFunc) (int remaining, gpointer user_data);

/* dp_backup_create() copying @pages_per_step pages at a time (-1: all at once) and
 * calling @step_func after each step, so a test can kill the process mid-copy. */
char *_dp_backup_create_stepwise (const char       *db_path,
                                  const char       *dir,
                                  DpBackupReason    reason,
                                  GDateTime        *now,
                                  int               pages_per_step,
                                  DpBackupStepFunc  step_func,
                                  gpointer          step_data,
                                  GError          **error);

/* dp_backup_daily_async() copying @pages_per_step pages at a time and calling
 * @step_func (on the worker thread) after each step. */
void  _dp_backup_daily_async_stepwise (DpStore             *store,
                                       GDateTime           *now,
                                       int                  pages_per_step,
                                       DpBackupStepFunc     step_func,
                                       gpointer             step_data,
                                       GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data);

G_END_DECLS
