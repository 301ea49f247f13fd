/* dp-game-private.h — what a game implements to join the registry
 *
 * Each game (calavera/, cubitos/) provides one static const DpGameKind, listed in
 * dp-game.c (a test program may add one: _dp_game_kind_register()). DpGame is a
 * thin wrapper holding the kind and the game's own state; every entry point of
 * dp-game.h forwards to the vtable below.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dp-game.h"

G_BEGIN_DECLS

struct _DpGameKind
{
  const char *id;         /* "calavera", the "game" key of the setup */
  const char *name;       /* N_("Calavera"), translated by dp_game_kind_get_name() */

  /* Parse and check the setup; return the game's own state or NULL with an error. */
  gpointer    (*new_state)        (JsonObject *setup, GError **error);
  gpointer    (*copy_state)       (gconstpointer state);
  void        (*free_state)       (gpointer state);
  char       *(*setup_text)       (gconstpointer state);

  guint       (*n_players)        (gconstpointer state);
  const char *(*player_name)      (gconstpointer state, guint seat);

  /* Read @action in the context of @state and return its canonical text form. */
  char       *(*normalize_action) (gconstpointer state, JsonObject *action, GError **error);
  gboolean    (*apply)            (gpointer state, JsonObject *action, GError **error);
  GPtrArray  *(*legal_actions)    (gconstpointer state);
  /* Optional: the canonical text of an action the window enters by itself (a player's
   * only possible action, needing no decision and no told fact), or NULL. */
  char       *(*dup_forced_action) (gconstpointer state);

  gboolean    (*is_finished)      (gconstpointer state);
  gboolean    (*must_act)         (gconstpointer state, guint seat);
  int         (*total)            (gconstpointer state, guint seat);
  /* Optional: 1-based rank, ties sharing a rank. NULL ranks by total, highest first. */
  guint       (*rank)             (gconstpointer state, guint seat);

  /* Add the game-specific keys to the replay JSON object (already holds the shared ones)
   * and to each player's object. */
  void        (*add_json)         (gconstpointer state, JsonObject *object);
  void        (*add_player_json)  (gconstpointer state, guint seat, JsonObject *player);
  JsonObject *(*seat_stats)       (gconstpointer state, guint seat);
  /* Optional: the facts this game holds that outlive it (dp_game_dup_facts()), key →
   * value text. NULL when the game tells none (Calavera). */
  GHashTable *(*facts)            (gconstpointer state);

  /* Optional: what the box says (dp_game_kind_get_box()); box_name NULL = unset. */
  DpGameBox   box;
};

struct _DpGame
{
  const DpGameKind *kind;
  gpointer          state;
  guint             n_actions;
};

/* Adds @kind to the registry after the built-in games. For test programs (a test-only
 * game: tests/ui/test-third-game.c), called in main() before any game is made; like a
 * GType, a kind stays registered for the life of the process. */
void     _dp_game_kind_register (const DpGameKind *kind);

/* The game's own state, for typed access (cv_game_from_dp(), …). */
gpointer _dp_game_get_state (const DpGame *game, const DpGameKind *kind);

/* ---- The text form both games share (docs/game-script.md) ----
 *
 * The helpers a game reads its setup and actions with, so that the error kinds
 * (MALFORMED for unreadable input, ILLEGAL for rule breaches) and their messages are
 * the same in every game. Calavera (cv-game.c, cv-action.c) uses them; Cubitos still
 * has readers of its own in cb-game.c (issue 17 item 3 moves it onto these). */

/* Parses @text as one JSON object; MALFORMED error otherwise. @what is "setup" or
 * "action" (untranslated: it picks the message). Free the result with json_object_unref(). */
JsonObject *_dp_json_parse_object (const char *text, const char *what, GError **error);
/* MALFORMED error naming the first member of @object that is not in @allowed
 * (a NULL-terminated list). */
gboolean    _dp_json_check_keys (JsonObject *object, const char *const *allowed, GError **error);
/* Reads a string member; MALFORMED error if it is missing (when @required) or not a string.
 * *value is NULL when an optional member is missing. */
gboolean    _dp_json_get_string (JsonObject *object, const char *key, gboolean required,
                                 const char **value, GError **error);
/* Reads an integer member; MALFORMED error if it is not an integer.
 * Returns TRUE with *present FALSE when the member is missing. */
gboolean    _dp_json_get_int (JsonObject *object, const char *key, gint64 *value,
                              gboolean *present, GError **error);
/* Reads the optional "player" member of an action and resolves it to a seat with
 * @kind's player names: -1 when absent; MALFORMED when not a string; ILLEGAL when
 * nobody of that name plays. */
gboolean    _dp_json_get_player (JsonObject *object, const DpGameKind *kind,
                                 gconstpointer state, int *seat, GError **error);
/* Appends @str as a JSON string literal (quoted and escaped). */
void        _dp_json_append_string (GString *out, const char *str);
/* Joins the names of the seats in @seat_mask as "Sami, Tom" (for messages). */
char       *_dp_game_join_names (const DpGameKind *kind, gconstpointer state, guint seat_mask);

G_END_DECLS
