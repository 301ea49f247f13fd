/* dp-history-bgstats.h — "Export for BG Stats": finished games as a BG Stats play file
 *
 * BG Stats (the board game log app many groups use) imports a JSON document of
 * {"games": […], "players": […], "locations": [], "plays": […]} with references by id:
 * each game with its name and "highestWins", each play with "gameRefId", "playDate"
 * ("YYYY-MM-DD HH:MM:SS", local), "durationMin" and "playerScores" ("playerRefId",
 * "score", "winner", "startPlayer", "rank"). Only finished games are plays; a score is
 * the game's final total (Calavera's points, Cubitos' spaces walked).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "dp-store.h"

G_BEGIN_DECLS

/* The document for the finished games among @ids (NULL = every finished game). */
JsonNode *dp_history_bgstats_build (DpStore *store, const char *const *ids, GError **error);
/* Writes it into @file; @file is replaced only once the new content is complete. */
gboolean  dp_history_bgstats_write_file (DpStore *store, const char *const *ids, GFile *file,
                                         GError **error);

G_END_DECLS
