/* dp-script.h — reading game scripts (docs/game-script.md), line by line
 *
 * A game script is JSON Lines: the setup on the first line that is neither blank nor a
 * comment, then one action per line. Reading it knows nothing about any game: every
 * line goes to dp-game.h. Lines are counted physically (1-based, comments and blank
 * lines included) so that an error can point at the line a person sees in an editor.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "dp-game.h"

G_BEGIN_DECLS

/* The longest line a script may hold; a longer one is refused as malformed. */
#define DP_SCRIPT_MAX_LINE (1024 * 1024)
/* Parses one line of a script into a JSON object. Errors: DP_GAME_ERROR_MALFORMED. */
JsonObject *dp_script_parse_line (const char *text, gsize length, GError **error);

/* Reads a whole script from @stream and replays it through the core. Returns the
 * final state, or NULL with *error_line (if not NULL) set to the physical line of the
 * first problem (0 when it concerns the whole file, e.g. a read error or no setup).
 * The error is a DP_GAME_ERROR (MALFORMED, INVALID_SETUP or ILLEGAL) or a G_IO_ERROR.
 * If @actions is not NULL, each applied action (JsonObject*, referenced) is appended,
 * and if @action_lines is not NULL, its line (guint). */
DpGame   *dp_script_replay     (GInputStream  *stream,
                                GPtrArray     *actions,
                                GArray        *action_lines,
                                guint         *error_line,
                                GCancellable  *cancellable,
                                GError       **error);

/* The same for a file by path; "-" is standard input. */
DpGame   *dp_script_replay_path (const char   *path,
                                 GPtrArray    *actions,
                                 GArray       *action_lines,
                                 guint        *error_line,
                                 GError      **error);

G_END_DECLS
