/* dp-bgstats.h — finished games for BG Stats, the play logger most tables use
 *
 * Two shapes (docs/storage.md, "BG Stats", says which sources the field names follow):
 *  - the push-play link BG Stats offers other apps: a link to
 *    https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON> that, opened on
 *    the phone that has BG Stats, creates the play there (the window shows it as a QR code);
 *  - BG Stats' own export shape ({"games", "players", "locations", "plays", "userInfo", …}),
 *    as one file of many plays or a .bgsplay file of one play.
 * Identifiers are stable: a play's uuid is the game's id, a player's and a location's uuid
 * are derived from their names, so exporting twice never makes BG Stats count twice.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "dp-store.h"

G_BEGIN_DECLS

/* The push-play object of one finished game (NOT_FOUND for an unknown, deleted or
 * unfinished game). @location may be NULL (no location). */
JsonNode   *dp_bgstats_build_push_play (DpStore     *store,
                                        const char  *game_id,
                                        const char  *location,
                                        GError     **error);
/* The push-play link of one finished game: createPlay.html?data=… */
char       *dp_bgstats_dup_push_link   (DpStore     *store,
                                        const char  *game_id,
                                        const char  *location,
                                        GError     **error);
/* The export shape of the finished games named by @ids, or of every finished game when
 * @ids is NULL; an id that is not a finished stored game is refused (NOT_FOUND). */
JsonNode   *dp_bgstats_build_export    (DpStore            *store,
                                        const char *const  *ids,
                                        const char         *location,
                                        GError            **error);
/* dp_bgstats_build_export() as pretty-printed JSON into @out. */
gboolean    dp_bgstats_write_export    (DpStore            *store,
                                        const char *const  *ids,
                                        const char         *location,
                                        GOutputStream      *out,
                                        GCancellable       *cancellable,
                                        GError            **error);
/* A stable uuid for @name within @space ("player", "location", "game"): the same name
 * gives the same uuid on every machine and in every export. */
char       *dp_bgstats_dup_name_uuid   (const char *space,
                                        const char *name);

G_END_DECLS
