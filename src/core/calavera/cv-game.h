/* cv-game.h — Calavera (moses. Verlag): the score sheet, the turn and the rules
 *
 * Rules: shared/rules/calavera-rules-*.txt; facts the rules lack: the sheet layout
 * table in cv-sheet.c (citing GAME-DATA.md). Decisions where the rulebook is
 * ambiguous: docs/rules-notes.md.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "dp-game.h"

G_BEGIN_DECLS

#define CV_MIN_PLAYERS    2
#define CV_MAX_PLAYERS    4
#define CV_N_DICE         6
#define CV_N_COLORS       4
#define CV_N_FACES        6
#define CV_MAX_ROLLS      3   /* first roll plus at most two re-rolls */
#define CV_ROW_LENGTH     13
#define CV_N_BONUS_LINES  3

typedef struct _CvGame CvGame;

/* The six faces of every die; the first four are also the colour rows. */
typedef enum
{
  CV_FACE_ORANGE,
  CV_FACE_GREEN,
  CV_FACE_PINK,
  CV_FACE_BLACK,
  CV_FACE_JOKER,
  CV_FACE_SKULL,
} CvFace;

#define CV_FACE_IS_COLOR(f) ((guint) (f) < CV_N_COLORS)

/* Stable key of a face in the text form: "orange", …, "skull". */
const char *cv_face_to_string (CvFace face);
gboolean    cv_face_from_string (const char *str, CvFace *face);
/* Translated name, e.g. "orange" / "orange" / "Orange". */
const char *cv_face_get_name (CvFace face);

/* ---- The sheet layout: ONE table, in cv-sheet.c ---- */

typedef enum
{
  CV_ZONE_START,   /* boxes 1–5: no points */
  CV_ZONE_POINTS,  /* yellow: the row scores the value under its last cross */
  CV_ZONE_DEATH,   /* grey: reaching it freezes the row at once */
} CvZone;

typedef struct
{
  CvZone zone;
  int    value;             /* points when the last cross stands here */
  guint  jokers_to_freeze;  /* jokers needed to freeze here; 0 = cannot freeze here */
} CvBox;

typedef struct
{
  guint after_box;    /* the line stands after this many boxes (3, 6, 9) */
  int   first_value;  /* for the first player(s) to reach it */
  int   later_value;  /* for everyone later */
} CvBonusLine;

/* @index is 0-based (box 1 is index 0). */
const CvBox       *cv_sheet_get_box (guint index);
const CvBonusLine *cv_sheet_get_bonus_line (guint line);

/* ---- Actions ---- */

typedef enum
{
  CV_ACTION_ROLL,         /* first roll of a turn: six faces */
  CV_ACTION_REROLL,       /* pick up n non-skull dice and say what they show now */
  CV_ACTION_TAKE,         /* all dice of one colour */
  CV_ACTION_TAKE_JOKERS,  /* all jokers as one colour */
  CV_ACTION_FREEZE,       /* freeze a row with the jokers (own turn only) */
  CV_ACTION_PASS,         /* only when nothing else is legal */
} CvActionType;

typedef struct
{
  CvActionType type;
  int          player;               /* seat of the player named, or -1 when none is named */
  guint        n_dice;               /* ROLL: 6; REROLL: number of dice picked up */
  CvFace       dice[CV_N_DICE];      /* ROLL: the faces; REROLL: faces of the picked-up dice */
  CvFace       result[CV_N_DICE];    /* REROLL: what those dice show now */
  CvFace       color;                /* TAKE: the colour; TAKE_JOKERS: the colour they count as; FREEZE: the row */
} CvAction;

/* Note on n_dice for TAKE and TAKE_JOKERS: the number of crosses the player claims
 * (the optional "count" of the text form), or 0 when not said. A claim that does not
 * match the dice is refused ("All 3 orange dice must be used"). */

/* Fills @action for the common cases (player -1 = the one who must act). */
void        cv_action_init_take (CvAction *action, int player, CvFace color);
void        cv_action_init_take_jokers (CvAction *action, int player, CvFace as_color);
void        cv_action_init_freeze (CvAction *action, int player, CvFace color);
void        cv_action_init_pass (CvAction *action, int player);
/* @faces: six faces in any order. */
void        cv_action_init_roll (CvAction *action, int player, const CvFace *faces);
/* @picked and @result: @n faces each, in any order. */
void        cv_action_init_reroll (CvAction *action, int player, guint n,
                                   const CvFace *picked, const CvFace *result);
/* Sorts @n faces in the order the table shows dice (the core's order: skulls last). */
void        cv_faces_sort (CvFace *faces, guint n);
/* TRUE when both describe the same action (faces compared as multisets,
 * the player compared as given). */
gboolean    cv_action_equal (const CvAction *a, const CvAction *b);

/* Text form (docs/game-script.md). @game resolves player names. */
gboolean    cv_action_from_json (const CvGame  *game,
                                 JsonObject    *object,
                                 CvAction      *action,
                                 GError       **error);
JsonObject *cv_action_to_json (const CvGame *game, const CvAction *action);
/* The canonical text form: compact JSON, keys in a fixed order, faces sorted,
 * "player" last and only when set. Free with g_free(). */
char       *cv_action_to_text (const CvGame *game, const CvAction *action);

/* ---- The game ---- */

typedef enum
{
  CV_PHASE_ROLL,       /* the roller must roll */
  CV_PHASE_CHOOSE,     /* the roller may re-roll, take, freeze or pass */
  CV_PHASE_OPPONENTS,  /* after skulls: opponents must mark from the dice the roller left */
  CV_PHASE_FINISHED,
} CvPhase;

typedef enum
{
  CV_BONUS_OPEN,       /* nobody has reached this line yet */
  CV_BONUS_STRUCK,     /* someone else won the big value; this player has not reached it */
  CV_BONUS_WON_FIRST,  /* circled: the big value */
  CV_BONUS_WON_LATER,  /* the small value */
} CvBonusState;

CvGame     *cv_game_new (const char *const *names, guint n_players, GError **error);
CvGame     *cv_game_copy (const CvGame *game);
void        cv_game_free (CvGame *game);

/* The Calavera state of a DpGame, or NULL when @game is another kind. */
CvGame     *cv_game_from_dp (DpGame *game);
const CvGame *cv_game_from_dp_const (const DpGame *game);

guint       cv_game_get_n_players (const CvGame *game);
const char *cv_game_get_player_name (const CvGame *game, guint seat);
/* Seat of the player with that name, or -1. */
int         cv_game_find_player (const CvGame *game, const char *name);

/* The sheets */
guint        cv_game_get_crosses (const CvGame *game, guint seat, CvFace color);
gboolean     cv_game_row_is_frozen (const CvGame *game, guint seat, CvFace color);
/* What the row scores if the game ended now (frozen value, points-zone value or 0). */
int          cv_game_get_row_points (const CvGame *game, guint seat, CvFace color);
CvBonusState cv_game_get_bonus_state (const CvGame *game, guint seat, guint line);
int          cv_game_get_bonus_points (const CvGame *game, guint seat);
int          cv_game_get_total (const CvGame *game, guint seat);
guint        cv_game_get_n_frozen_rows (const CvGame *game, guint seat);

/* The turn */
CvPhase      cv_game_get_phase (const CvGame *game);
guint        cv_game_get_roller (const CvGame *game);
/* Counts turns from 1; a round is one turn of every player. */
guint        cv_game_get_turn_number (const CvGame *game);
/* Rolls made this turn: 0 before the first roll, at most CV_MAX_ROLLS. */
guint        cv_game_get_n_rolls (const CvGame *game);
/* The six dice (valid once rolled this turn, i.e. in CV_PHASE_CHOOSE and
 * CV_PHASE_OPPONENTS). They are kept sorted in CvFace order (orange … joker, skull),
 * since real dice have no order and the same log must always give the same state. */
CvFace       cv_game_get_die (const CvGame *game, guint index);
/* TRUE for a skull: set aside, it can never be re-rolled this turn. */
gboolean     cv_game_die_is_locked (const CvGame *game, guint index);
/* TRUE when whoever acts now may still choose this die: not a skull and not among
 * the dice the roller used (opponents may not choose those). */
gboolean     cv_game_die_is_available (const CvGame *game, guint index);
/* How many of the six dice show @face; with @available_only just the available ones
 * (so skulls count 0 then). 0 before the first roll of a turn. */
guint        cv_game_count_faces (const CvGame *game, CvFace face, gboolean available_only);
/* The face the roller used this turn (a colour, or CV_FACE_JOKER after taking the
 * jokers or freezing), or -1 when the roller has not chosen (or could not: 3 skulls). */
int          cv_game_get_used_face (const CvGame *game);
gboolean     cv_game_must_act (const CvGame *game, guint seat);
/* The seat an action without "player" is taken to be by: the roller in the roll and
 * choose phases, -1 in the opponents phase (opponents must say who marks). */
int          cv_game_get_default_actor (const CvGame *game);
gboolean     cv_game_is_finished (const CvGame *game);
gboolean     cv_game_is_winner (const CvGame *game, guint seat);
/* 1-based rank by total; tied players share a rank. */
guint        cv_game_get_rank (const CvGame *game, guint seat);

/* Applies a legal action or leaves @game untouched and returns FALSE with a translated
 * DP_GAME_ERROR_ILLEGAL message saying why. */
gboolean     cv_game_apply (CvGame *game, const CvAction *action, GError **error);
/* Every legal action for whoever has to act (element type CvAction). Dice entries
 * (ROLL, REROLL) are listed as canonical multisets (faces in CvFace order), with
 * `player` set to the acting seat. Empty exactly when the game is finished.
 * Order: the dice entries first (all 462 first rolls, or every re-roll: up to a few
 * thousand), then TAKE, TAKE_JOKERS, FREEZE, PASS. An action apply() accepts is listed
 * up to form: faces in another order, `player` -1 for the roller, or a TAKE with a
 * matching `n_dice` claim are the same action as the listed one. */
GArray      *cv_game_legal_actions (const CvGame *game);
/* Checks an action exactly as cv_game_apply() does, without applying it. */
gboolean     cv_game_check (const CvGame *game, const CvAction *action, GError **error);
/* The cheap part of cv_game_legal_actions() for the UI: every legal TAKE, TAKE_JOKERS,
 * FREEZE and PASS (with `player` set), without the dice entries. Whether dice may be
 * entered: cv_game_can_roll() / cv_game_can_reroll(). */
GArray      *cv_game_legal_choices (const CvGame *game);
/* TRUE when the roller must enter the first roll of the turn. */
gboolean     cv_game_can_roll (const CvGame *game);
/* TRUE when the roller may still pick up non-skull dice and re-roll them. */
gboolean     cv_game_can_reroll (const CvGame *game);

/* What an action would do to the sheet, for previews like
 * "3 crosses in orange — reaches the points zone: 4". */
typedef struct
{
  guint    seat;
  CvFace   color;
  guint    crosses_before;
  guint    crosses_after;
  guint    crosses_lost;        /* overflow past the last box */
  gboolean freezes;             /* by freezing, or by reaching the death zone */
  gboolean reaches_death_zone;
  int      row_points_after;
  guint    bonus_lines_reached; /* bitmask of lines reached by this action */
  int      bonus_points_gained;
  gboolean ends_game;
} CvPreview;

gboolean     cv_game_preview (const CvGame *game, const CvAction *action, CvPreview *preview, GError **error);

extern const DpGameKind cv_game_kind;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CvGame, cv_game_free)

G_END_DECLS
