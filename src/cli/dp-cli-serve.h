/* dp-cli-serve.h — `dicepad-cli serve GAME-ID` (docs/table-server.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Runs the table server for a stored game until SIGINT or SIGTERM; @argv[1] is
 * "serve". Prints the phones' address as the first line of @out. Returns the exit
 * status (docs/cli.md). */
int dp_cli_serve (int            argc,
                  char         **argv,
                  GOutputStream *out,
                  GOutputStream *err);

G_END_DECLS
