/* dp-cli.h — the commands of dicepad-cli, callable in-process
 *
 * main.c only sets up the locale and the standard streams; everything else is here so
 * that tests run the same code without spawning a process. The tool knows no game's
 * rules: scripts go through dp-game.h, databases through dp-store.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Exit statuses, the contract of docs/cli.md. */
typedef enum
{
  DP_CLI_EXIT_OK = 0,
  DP_CLI_EXIT_ILLEGAL = 1,    /* an action breaks a rule of the game */
  DP_CLI_EXIT_MALFORMED = 2,  /* malformed input, bad usage, or the database failed */
  DP_CLI_EXIT_LEFT_OUT = 3,   /* export/import: some games left out (named); every other one done */
} DpCliExit;

/* Runs `dicepad-cli` with @argv (argv[0] is the program name, argv[1] the command),
 * writing results to @out and messages to @err. Returns the exit status. Does not
 * touch the process's locale, standard streams or global state. */
int dp_cli_run (int            argc,
                char         **argv,
                GOutputStream *out,
                GOutputStream *err);

G_END_DECLS
