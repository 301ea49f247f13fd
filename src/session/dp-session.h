/* dp-session.h — the game being played at the table: its store id and its state
 *
 * GTK-free and game-neutral: a session holds a DpGame of any kind; each game's widgets
 * get their typed state from dp_session_get_game() through their game's own accessor.
 * Every entry goes through the store first (dp_store_append_action) and only then
 * changes the state the window shows, so what is on screen is always stored.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "dp-game.h"
#include "dp-store.h"

G_BEGIN_DECLS

#define DP_TYPE_SESSION (dp_session_get_type ())
G_DECLARE_FINAL_TYPE (DpSession, dp_session, DP, SESSION, GObject)

/* Creates the game @setup_json describes (its kind, the players in seat order and the
 * game's options, docs/game-script.md) and stores it: the one way a game starts. */
DpSession    *dp_session_new (DpStore     *store,
                              const char  *setup_json,
                              GError     **error);
/* Opens a stored game in exactly the state it had. */
DpSession    *dp_session_load (DpStore *store, const char *game_id, GError **error);

const char   *dp_session_get_id (DpSession *self);
DpStore      *dp_session_get_store (DpSession *self);
const DpGame *dp_session_get_game (DpSession *self);

/* Stores @action (its canonical text) and applies it; on error nothing changed.
 * Emits ::changed on success. */
gboolean      dp_session_apply (DpSession *self, JsonObject *action, GError **error);
gboolean      dp_session_apply_text (DpSession *self, const char *action_json, GError **error);
/* The entries the session made by itself (texts) after the last one applied, or as the
 * game started: what some player had to do without a decision or a told fact
 * (dp_game_dup_forced_action()). Undo and redo take them together with the entry that
 * led to them. */
const GPtrArray *dp_session_get_forced (DpSession *self);
gboolean      dp_session_can_undo (DpSession *self);
gboolean      dp_session_can_redo (DpSession *self);
gboolean      dp_session_undo (DpSession *self, GError **error);
gboolean      dp_session_redo (DpSession *self, GError **error);

/* One truth across processes (issue 24, docs/storage.md): when another process or
 * window committed to the database since the last check (PRAGMA data_version) and this
 * game's stored log is not the one shown, loads the stored game again and emits
 * ::changed and ::reloaded (a sentence saying what happened); TRUE when it did. Entries,
 * undo and redo check first, and refuse (DP_STORE_ERROR_OUT_OF_DATE) an entry made on a
 * state that is no longer stored. */
gboolean      dp_session_refresh (DpSession *self, GError **error);
/* Checks with dp_session_refresh() every @interval_ms on the main loop (0 stops). */
void          dp_session_watch (DpSession *self, guint interval_ms);
#define DP_SESSION_WATCH_MS 250

G_END_DECLS
