/* dp-game.h — the contract every game in Dicepad fulfils
 *
 * A game is its setup (kind, players in seat order, options) plus the ordered list of
 * actions the players took. Both have a stable JSON text form (docs/game-script.md).
 * The store and the command-line tool only ever talk to a game through this interface;
 * the window's shared pages talk to it through this interface and the game's DpGameUi
 * (src/ui/common/dp-game-ui.h). So a new game slots in without touching any of them: it
 * adds one DpGameKind to the registry in dp-game.c, and a DpGameUi for the window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define DP_GAME_ERROR (dp_game_error_quark ())

/* What went wrong; the command-line tool maps MALFORMED and INVALID_SETUP to
 * exit code 2 and ILLEGAL to exit code 1. */
typedef enum
{
  DP_GAME_ERROR_MALFORMED,     /* the text form cannot be read: bad JSON, wrong type, unknown key */
  DP_GAME_ERROR_INVALID_SETUP, /* the setup is readable but impossible: 5 players, duplicate names */
  DP_GAME_ERROR_ILLEGAL,       /* a readable action that breaks a rule in this state */
} DpGameError;

GQuark dp_game_error_quark (void);

/* The highest version of the text form this build reads. */
#define DP_GAME_FORMAT_VERSION 1

/* Deeper JSON nesting is refused before json-glib 1.6 sees it: its recursive parser
 * overflows the stack on hostile input such as a million '['. */
#define DP_JSON_MAX_DEPTH 64

/* Checks JSON text for what json-glib 1.6 mishandles: nesting deeper than
 * DP_JSON_MAX_DEPTH and, when @single_value is TRUE, anything but white space after the
 * first value (json-glib reads "{…} {…}" as the first object alone and leaks the rest).
 * @length may be -1 for a NUL-terminated @data. On failure *line (if not NULL) is the
 * 1-based line within @data and the error is DP_GAME_ERROR_MALFORMED. */
gboolean    dp_json_check_text (const char  *data,
                                gssize       length,
                                gboolean     single_value,
                                guint       *line,
                                GError     **error);

typedef struct _DpGameKind DpGameKind;
typedef struct _DpGame DpGame;

/* The registry of games this build knows, in the order the UI lists them. */
const DpGameKind *const *dp_game_kinds_list (guint *n_kinds);
const DpGameKind        *dp_game_kind_lookup (const char *id);
const char              *dp_game_kind_get_id (const DpGameKind *kind);
/* Translated display name, e.g. "Calavera". */
const char              *dp_game_kind_get_name (const DpGameKind *kind);

/* What the game's box says, for play loggers such as BG Stats (docs/storage.md). */
typedef struct
{
  const char *box_name;            /* printed on the box, untranslated: "Cubitos"; NULL = unknown */
  guint       bgg_id;              /* BoardGameGeek's id; 0 where none can be cited */
  guint       min_players;
  guint       max_players;
  guint       min_age;
  const char *designers;           /* NULL where the rulebook names none */
  gboolean    highest_total_wins;  /* FALSE: the winners are decided otherwise (a race) */
} DpGameBox;

/* Never NULL; a kind that says nothing (a test-only game) has a box of zeros. */
const DpGameBox         *dp_game_kind_get_box (const DpGameKind *kind);

/* Builds a new game from its setup, e.g. {"game": "calavera", "players": ["Ina", "Sami"]}.
 * Returns NULL and sets DP_GAME_ERROR_MALFORMED or _INVALID_SETUP on bad input. */
DpGame     *dp_game_new (JsonObject *setup, GError **error);
DpGame     *dp_game_new_from_text (const char *setup_json, GError **error);
DpGame     *dp_game_copy (const DpGame *game);
void        dp_game_free (DpGame *game);

const DpGameKind *dp_game_get_kind (const DpGame *game);
/* The setup in canonical text form (what the store keeps). Free with g_free(). */
char       *dp_game_dup_setup_text (const DpGame *game);
guint       dp_game_get_n_players (const DpGame *game);
const char *dp_game_get_player_name (const DpGame *game, guint seat);
/* Number of actions applied since the setup. */
guint       dp_game_get_n_actions (const DpGame *game);

/* Applies one action, or leaves the game untouched and returns FALSE with an error
 * whose message (translated) says exactly why. Never asserts on any input. */
gboolean    dp_game_apply (DpGame *game, JsonObject *action, GError **error);
gboolean    dp_game_apply_text (DpGame *game, const char *action_json, GError **error);
/* Reads an action in the context of @game and returns its canonical text form
 * (keys in a fixed order, faces sorted where order does not matter), without
 * applying it. The store keeps this form. */
char       *dp_game_normalize_action (const DpGame *game, JsonObject *action, GError **error);

/* Every legal action for whoever has to act now, in canonical text form.
 * Empty exactly when the game is finished. Element type: char*. */
GPtrArray  *dp_game_legal_actions (const DpGame *game);
/* The canonical text of an action the window enters by itself because it is some
 * player's only possible action and needs no decision and no fact told from the table
 * (Cubitos: docs/cubitos-notes.md, "Forced actions"), or NULL when there is none. */
char       *dp_game_dup_forced_action (const DpGame *game);

gboolean    dp_game_is_finished (const DpGame *game);
/* TRUE when @seat must act before the game can go on. */
gboolean    dp_game_must_act (const DpGame *game, guint seat);
/* Score so far (the final score once the game is finished). */
int         dp_game_get_total (const DpGame *game, guint seat);
/* 1-based rank by total; tied players share a rank. */
guint       dp_game_get_rank (const DpGame *game, guint seat);
/* TRUE for every player with the best total once the game is finished. */
gboolean    dp_game_is_winner (const DpGame *game, guint seat);

/* The state as JSON, the `dicepad-cli replay` contract:
 * {"game", "finished", "winners", "to_act", "players": [...]} plus game-specific keys. */
JsonNode   *dp_game_to_json (const DpGame *game);
/* Flat numbers for statistics about one seat, e.g. {"row_orange": 8, "frozen_rows": 3};
 * keys are game-specific and stable. */
JsonObject *dp_game_dup_seat_stats (const DpGame *game, guint seat);

/* Facts the players told that hold beyond this game because the physical game shows
 * them the same way every time (Cubitos: a card's printed cost, what a fan-track space
 * gives), with those the game started with from its setup: key → value text, both
 * game-specific and stable (e.g. "cost/bob" → "2"). The store keeps, per game kind and
 * key, the value of the newest game (dp_store_dup_known_facts()) so that a later game
 * never asks again. NULL when the kind tells no facts (dp_game_kind_has_facts()). */
GHashTable *dp_game_dup_facts (const DpGame *game);
gboolean    dp_game_kind_has_facts (const DpGameKind *kind);

/* Convenience: setup text plus action texts → state. On error, *failed_index (if not
 * NULL) is the index of the action that failed, or -1 when the setup failed. */
DpGame     *dp_game_replay (const char          *setup_json,
                            const char *const   *actions,
                            guint                n_actions,
                            int                 *failed_index,
                            GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpGame, dp_game_free)

G_END_DECLS
