/* cli-test-util.h — running dicepad-cli in-process in the CLI tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* What one `dicepad-cli …` printed and returned. */
typedef struct
{
  int   status;
  char *out;
  char *err;
} CliResult;

void  cli_result_clear (CliResult *result);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliResult, cli_result_clear)

/* Runs `dicepad-cli ARGS…` in-process (dp_cli_run(), the same code main.c runs).
 * @args is NULL-terminated. */
void  run_cli (CliResult *result, const char *const *args);

#define RUN(result, ...) \
  G_STMT_START { \
    const char *const run_args_[] = { __VA_ARGS__, NULL }; \
    cli_result_clear (result); \
    run_cli (result, run_args_); \
  } G_STMT_END

G_END_DECLS
