/* dp-store.h — every game in one SQLite file, entry by entry
 *
 * The store is the only way the app and dicepad-cli read and write games. It knows
 * nothing of the rules of any game: it keeps setups and actions in their JSON text
 * form (dp-game.h) and asks the core to check and replay them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "dp-game.h"

G_BEGIN_DECLS

#define DP_STORE_ERROR (dp_store_error_quark ())

typedef enum
{
  DP_STORE_ERROR_NOT_A_DATABASE, /* not a Dicepad database, or corrupt: refused, never written */
  DP_STORE_ERROR_TOO_NEW,        /* written by a newer Dicepad: refused, left untouched */
  DP_STORE_ERROR_IO,             /* disk full, read-only file, cannot create the folder */
  DP_STORE_ERROR_BUSY,           /* locked by another program for too long */
  DP_STORE_ERROR_NOT_FOUND,      /* no game with that id */
  DP_STORE_ERROR_CORRUPT_ROW,    /* a stored row cannot be read back (bad JSON) */
  DP_STORE_ERROR_NOTHING_TO_UNDO,
  DP_STORE_ERROR_NOTHING_TO_REDO,
  DP_STORE_ERROR_INVALID_IMPORT, /* an import file is malformed or holds illegal games */
  DP_STORE_ERROR_INVALID_NAME,   /* empty or overlong player name, or a rename onto a taken name */
  DP_STORE_ERROR_GAME_OVER,      /* the game is finished or abandoned: no more entries */
  DP_STORE_ERROR_OUT_OF_DATE,    /* the DpGame passed in is not the stored state (changed elsewhere) */
  DP_STORE_ERROR_SKIPPED_GAMES,  /* an export or import left out the games its message names;
                                  * every other game was written or imported */
} DpStoreError;

/* Longest player name the store accepts, in characters. */
#define DP_STORE_MAX_NAME_LENGTH 100

GQuark dp_store_error_quark (void);

typedef enum
{
  DP_GAME_STATE_IN_PROGRESS,
  DP_GAME_STATE_FINISHED,
  DP_GAME_STATE_ABANDONED,
} DpGameState;

#define DP_TYPE_STORE (dp_store_get_type ())
G_DECLARE_FINAL_TYPE (DpStore, dp_store, DP, STORE, GObject)

/* The database path: @option (from --database) if set, else $DICEPAD_DATABASE, else
 * g_get_user_data_dir()/io.github.dicepad.Dicepad/dicepad.db. */
char       *dp_store_resolve_path (const char *option);

/* Opens or creates the database (folder created with mode 0700) and migrates it. A
 * damaged file is DP_STORE_ERROR_NOT_A_DATABASE; a read-only file, folder or disk, or a
 * full disk is DP_STORE_ERROR_IO saying which. */
DpStore    *dp_store_open (const char *path, GError **error);
/* For callers that only read (dicepad-cli list/show/stats/export): an existing, current
 * database is opened read-only and never written, damaged or not; a missing one is
 * created and an older one migrated as dp_store_open() does. */
DpStore    *dp_store_open_for_reading (const char *path, GError **error);
/* For the window, which reads (History) and writes (the table): dp_store_open(), or,
 * when the database exists but cannot be written, read-only — every write then fails
 * with DP_STORE_ERROR_IO ("read-only: nothing was saved"). */
DpStore    *dp_store_open_or_read_only (const char *path, GError **error);
/* TRUE when @path holds a Dicepad database in an older format, which opening it for
 * writing migrates first (a backup copy, then every stored game may be touched: a
 * minute for a million games). A look at the file's 100-byte header only, whatever it
 * holds; FALSE for a missing, current or foreign file. */
gboolean    dp_store_needs_migration (const char *path);
/* dp_store_open_or_read_only() on a worker thread, for the window: a migration never
 * runs on its thread (issue 26: nothing that grows with the stored games does). */
void        dp_store_open_or_read_only_async  (const char *path, GCancellable *cancellable,
                                               GAsyncReadyCallback callback, gpointer user_data);
DpStore    *dp_store_open_or_read_only_finish (GAsyncResult *result, GError **error);
/* TRUE for a store opened read-only: every write fails with DP_STORE_ERROR_IO. */
gboolean    dp_store_is_read_only (DpStore *self);
const char *dp_store_get_path (DpStore *self);

/* ---- Writing a game ---- */

/* Stores a new game from @game's setup (no actions yet); returns its id (free it). */
char       *dp_store_create_game (DpStore *self, const DpGame *game, GError **error);
/* The same with the creation time given (unix seconds), for tests and benchmarks. */
char       *dp_store_create_game_at (DpStore *self, const DpGame *game, gint64 created, GError **error);
/* FALSE with DP_STORE_ERROR_INVALID_NAME if the store would refuse @name as a player
 * name: empty, control, invisible (zero-width) or text-direction characters, longer
 * than DP_STORE_MAX_NAME_LENGTH, or not in its normal form (below). */
gboolean    dp_store_check_player_name (const char *name, GError **error);
/* The one spelling of a name the store keeps: Unicode NFC, zero-width characters
 * dropped, spaces trimmed. Apply it to what a person typed before checking it. */
char       *dp_store_normalize_player_name (const char *name);
/* Checks @action against @game (the game's current state, as loaded), commits it in
 * its own transaction, then applies it to @game. On any error @game and the database
 * are unchanged. Clears the redo list of the game. Finishing the game updates the
 * summary (final totals, ranks, winners, stats) in the same transaction. */
gboolean    dp_store_append_action (DpStore     *self,
                                    const char  *game_id,
                                    DpGame      *game,
                                    JsonObject  *action,
                                    GError     **error);
/* Removes the last action (kept for redo) and returns the state without it. With
 * @current (the state the caller shows), refused with DP_STORE_ERROR_OUT_OF_DATE when
 * the stored game has moved on, as dp_store_append_action() does: a stale window never
 * takes back another window's action. NULL = the stored game as it is (dicepad-cli). */
DpGame     *dp_store_undo (DpStore *self, const char *game_id, const DpGame *current, GError **error);
/* Re-applies the last undone action and returns the new state; @current as for undo. */
DpGame     *dp_store_redo (DpStore *self, const char *game_id, const DpGame *current, GError **error);
guint       dp_store_get_n_redo (DpStore *self, const char *game_id);
/* SQLite's PRAGMA data_version: it changes when another connection (another process,
 * another window) committed anything to the file since the last call, and never for
 * this store's own writes. One read of the WAL index: cheap enough to poll. */
gboolean    dp_store_get_data_version (DpStore *self, gint64 *version, GError **error);
gboolean    dp_store_abandon_game (DpStore *self, const char *game_id, GError **error);
/* Deleted games are hidden everywhere but kept until dp_store_purge_deleted(), so the
 * UI can offer Undo; @deleted = FALSE brings the game back. */
gboolean    dp_store_set_deleted (DpStore *self, const char *game_id, gboolean deleted, GError **error);
gboolean    dp_store_purge_deleted (DpStore *self, GError **error);
/* Removes one deleted game for good (the History's "Delete for Good"); a game that is
 * not deleted is refused with DP_STORE_ERROR_NOT_FOUND. */
gboolean    dp_store_purge_game (DpStore *self, const char *game_id, GError **error);
/* Those of @ids that are stored as deleted (an import skips them: the window offers to
 * restore them instead). */
GStrv       dp_store_list_deleted_among (DpStore *self, const char *const *ids, GError **error);

/* ---- Reading ---- */

/* Replays the stored setup and actions through the core: the exact state it had. */
DpGame     *dp_store_load_game (DpStore *self, const char *game_id, GError **error);
/* The action texts of a game in order (for a replay slider). Element type: char*. */
GPtrArray  *dp_store_get_actions (DpStore *self, const char *game_id, char **setup_text, GError **error);
/* For saving what can be saved of a damaged game: the actions that can be read in order
 * from the start, and in *n_stored how many the game has (more than were read when the
 * log is damaged). Other errors as dp_store_get_actions(). */
GPtrArray  *dp_store_get_readable_actions (DpStore *self, const char *game_id, char **setup_text,
                                           guint *n_stored, GError **error);

typedef struct
{
  char        *id;
  char        *kind;            /* "calavera" */
  gint64       created;         /* unix time, seconds */
  gint64       finished;        /* 0 while not finished */
  DpGameState  state;
  guint        n_actions;
  guint        n_players;
  char        *names[4];
  int          totals[4];
  guint        ranks[4];
  gboolean     winners[4];
  gint64       row;             /* the game's place in the store: with created, its DpGameKey */
} DpGameSummary;

void        dp_game_summary_free (DpGameSummary *summary);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpGameSummary, dp_game_summary_free)

typedef enum
{
  DP_GAME_SORT_NEWEST,
  DP_GAME_SORT_OLDEST,
} DpGameSort;

typedef struct
{
  const char *kind;       /* NULL = every game */
  const char *player;     /* exact name; NULL = everyone */
  const char *search;     /* part of a player name, ignoring case and accents; NULL = no search */
  gint64      from;       /* unix time; 0 = no lower bound */
  gint64      to;         /* unix time, inclusive; 0 = no upper bound */
  int         state;      /* a DpGameState, or -1 for every state */
  DpGameSort  sort;
  gboolean    deleted;    /* TRUE: only the deleted games (History's Deleted view) */
} DpGameFilter;

#define DP_GAME_FILTER_INIT { NULL, NULL, NULL, 0, 0, -1, DP_GAME_SORT_NEWEST, FALSE }

/* One page of games (@limit 0 = all). Element type: DpGameSummary*. While a game is
 * in progress its totals and ranks are the scores so far and no seat is a winner. */
GPtrArray  *dp_store_list_games (DpStore *self, const DpGameFilter *filter, guint offset, guint limit, GError **error);
guint       dp_store_count_games (DpStore *self, const DpGameFilter *filter, GError **error);

/* Where a game stands in History's order: its creation time, then its row (the
 * summary's `created` and `row`). Paging goes on from the last game shown ("keyset"),
 * so a deep page costs what the first does (issue 26, item 11). */
typedef struct
{
  gint64 created;
  gint64 row;
} DpGameKey;

/* The @limit games (0 = all) that follow @after in the filter's order (@after NULL =
 * from the first). Each read is an index range whatever the history's size: the
 * newest page of a player's games, of a search (per matching player), of a kind. */
GPtrArray  *dp_store_list_games_after (DpStore *self, const DpGameFilter *filter, const DpGameKey *after,
                                       guint limit, GError **error);
/* The keys of the games a filter matches, in order: at most @limit (0 = all). */
GArray     *dp_store_list_game_keys (DpStore *self, const DpGameFilter *filter, const DpGameKey *after,
                                     guint limit, GError **error);
/* Counts the games a filter matches on a worker thread with its own read-only
 * connection (a count reads every matching game: never on the window's thread), and
 * notes the key of every @page_size-th game, where each page after the first starts. */
void        dp_store_count_pages_async  (DpStore *self, const DpGameFilter *filter, guint page_size,
                                         GCancellable *cancellable, GAsyncReadyCallback callback,
                                         gpointer user_data);
/* The page keys (element type DpGameKey: page k + 1 follows key k) and in *n_games the
 * count; NULL with @error on failure. */
GArray     *dp_store_count_pages_finish (DpStore *self, GAsyncResult *result, guint *n_games, GError **error);
DpGameSummary *dp_store_get_summary (DpStore *self, const char *game_id, GError **error);

/* Every player name ever used, most recently used first (for completion). */
GStrv       dp_store_list_player_names (DpStore *self, GError **error);
/* The stored player names that are @name ignoring case and accents ("jurgen" finds
 * "Jürgen", as the History's search does), the exact spelling first when stored. */
GStrv       dp_store_match_player_names (DpStore *self, const char *name, GError **error);
/* Renames a player everywhere lists and statistics show names; the stored setups keep
 * the names a game was played with, so a replay shows the table as it was. Refuses a
 * name another player already has (DP_STORE_ERROR_INVALID_NAME). */
gboolean    dp_store_rename_player (DpStore *self, const char *old_name, const char *new_name, GError **error);

typedef struct
{
  char       *name;
  guint       games;          /* finished games */
  guint       wins;
  double      win_rate;       /* 0…1 */
  double      average_total;
  int         best_total;
  int         worst_total;
  double      average_place;  /* the average final place, 1 = first (a running sum) */
  GHashTable *averages;       /* stat key (dp_game_dup_seat_stats) → double* average */
} DpPlayerStats;

void        dp_player_stats_free (DpPlayerStats *stats);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpPlayerStats, dp_player_stats_free)

/* Statistics over finished games of @kind (NULL = all), one entry per player (or only
 * @player), most wins first. Element type: DpPlayerStats*. */
GPtrArray  *dp_store_player_stats (DpStore *self, const char *kind, const char *player, GError **error);

typedef struct
{
  guint games;    /* finished games both played */
  guint wins_a;   /* a won, b did not */
  guint wins_b;   /* b won, a did not */
  guint ties;     /* both won */
} DpHeadToHead;

gboolean    dp_store_head_to_head (DpStore *self, const char *kind, const char *a, const char *b, DpHeadToHead *out, GError **error);

/* Facts that outlive a game (dp_game_dup_facts()): per key, the value held by the newest
 * game of @kind that is not deleted (the latest created; deleting, restoring and undoing
 * in that game are followed). Key → value text; empty when no game told any. A running
 * table kept by triggers: one indexed read, whatever the number of games. */
GHashTable *dp_store_dup_known_facts (DpStore *self, const char *kind, GError **error);

/* ---- Export and import ---- */

/* {"format": "dicepad-export", "version": 1, "games": [{"id", "created", "finished",
 *  "state", "setup": {...}, "actions": [{...}, ...]}]}. @ids NULL = every game. */
JsonNode   *dp_store_export (DpStore *self, const char *const *ids, GError **error);
/* Imports all games of an export or nothing: every game is replayed through the core
 * first. A game whose id is already stored is skipped. */
gboolean    dp_store_import (DpStore *self, JsonNode *export_root, guint *n_imported, guint *n_skipped, GError **error);

G_END_DECLS
