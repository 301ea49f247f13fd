/* cv-odds.h — the Calavera turn assistant: exact odds and the best keep
 *
 * Dice are physical, but their odds are exact mathematics: every face shows with
 * probability 1/6, so what a re-roll can bring is a multinomial distribution, and the
 * best keep is found by exact expectation over all outcomes of the rolls left (a
 * dynamic programme over the multiset of faces and the rolls left, no sampling).
 * What a final choice is worth to a player is a documented model, not a rule:
 * docs/assistant.md explains every number.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "cv-game.h"
#include "cv-model.h"

G_BEGIN_DECLS

/* Fills @sheet from the sheet of @seat in @game. */
void   cv_odds_sheet_from_game (const CvGame *game, guint seat, CvOddsSheet *sheet);
/* An empty sheet: no crosses, nothing frozen, every bonus line open. */
void   cv_odds_sheet_init (CvOddsSheet *sheet);

/* The first assistant's hand-made value model ("The sheet worth", docs/assistant.md), kept
 * for comparison (CV_ODDS_VALUE_HEURISTIC): what the sheet is worth, and the change a
 * final choice makes to it. A choice that is not legal on @sheet (frozen row, no
 * crosses, too few jokers to freeze) gives -G_MAXDOUBLE. */
double cv_odds_sheet_worth (const CvOddsSheet *sheet);
/* @crosses: the dice taken (the colour's dice, or the jokers as @color). */
double cv_odds_value_take (const CvOddsSheet *sheet, CvFace color, guint crosses);
/* Freezing @color with @jokers jokers (the rules: ≥ 2 on a 4/5/6 box, ≥ 3 on 8/10). */
double cv_odds_value_freeze (const CvOddsSheet *sheet, CvFace color, guint jokers);

/* What can happen when rolling stops. The turn ends "cursed" with 3 or more skulls;
 * jokers and crosses count only when it is not cursed (a cursed roller marks and
 * freezes nothing), so p_curse + Σ p_jokers[n] = 1. */
typedef struct
{
  double p_curse;                           /* 3 or more skulls */
  double p_jokers[CV_N_DICE + 1];           /* not cursed, exactly n jokers */
  double p_jokers_ge2;                      /* not cursed, ≥ 2 jokers (freeze at 4/5/6) */
  double p_jokers_ge3;                      /* not cursed, ≥ 3 jokers (freeze at 8/10) */
  double expected_jokers;                   /* 0 when cursed */
  /* Crosses if the player then takes that colour's dice: their number, capped at
   * the row's free boxes, 0 for a frozen row or when cursed. */
  double expected_crosses[CV_N_COLORS];
} CvOddsStats;

/* How the rolls after this one are played, for the figures of a keep. */
typedef enum
{
  CV_ODDS_PLAN_ONCE,    /* roll the picked-up dice once, then stop */
  CV_ODDS_PLAN_REPEAT,  /* on every roll left, pick up the same dice again (skulls stay) */
  CV_ODDS_PLAN_BEST,    /* then follow the assistant's advice for the rolls left */
  CV_ODDS_N_PLANS,
} CvOddsPlan;

typedef enum
{
  CV_ODDS_OPTION_STOP,    /* stop rolling and make a final choice (action) */
  CV_ODDS_OPTION_REROLL,  /* pick up some non-skull dice and roll them */
  CV_ODDS_OPTION_ROLL,    /* the first roll of the turn: all six dice */
} CvOddsOptionKind;

typedef struct
{
  CvOddsOptionKind kind;
  /* STOP: TAKE, TAKE_JOKERS, FREEZE or PASS, `player` set to the seat advised
   * (-1 when computed from a bare sheet); `n_dice` is 0. */
  CvAction         action;
  guint            crosses;                    /* STOP: crosses the choice marks */
  /* REROLL / ROLL: how many dice of each face are picked up (skulls: always 0). */
  guint            pick_up[CV_N_FACES];
  guint            n_pick_up;
  /* The expected gain in points (docs/assistant.md): the expected final total of the
   * sheet with this option, playing on by the advice, less the same for a turn that
   * marks nothing (the curse). With CV_ODDS_VALUE_HEURISTIC: the change of the sheet
   * worth. */
  double           value;
  /* The expected final total of the sheet with this option (points model only). */
  double           expected_points;
  /* The figures under each plan; for STOP all three describe the dice as they are. */
  CvOddsStats      stats[CV_ODDS_N_PLANS];
} CvOddsOption;

/* An opponent after skulls: the groups they may choose, best first. */
typedef struct
{
  guint         seat;
  guint         n_groups;
  /* TAKE or TAKE_JOKERS (one entry per colour the jokers may count as), or a single
   * PASS when nothing can be marked. */
  CvOddsOption  groups[CV_N_COLORS * 2];
} CvOddsOpponent;

typedef struct _CvOdds CvOdds;

/* What a final choice is worth: the expected final points (docs/assistant.md, "The
 * worth of a choice in points"), or the hand-made sheet worth of the first assistant
 * ("The sheet worth"), kept for comparison (bench-policies). */
typedef enum
{
  CV_ODDS_VALUE_POINTS,
  CV_ODDS_VALUE_HEURISTIC,
} CvOddsValueModel;

typedef struct
{
  CvOddsValueModel value_model;
  /* Own turns left, this one included; 0 = the estimate (cv_model_estimate_turns_left(),
   * or cv_model_estimate_sheet_turns() for a bare position). The Preferences value. */
  guint            turns_left;
  /* Other players whose turns may bring duties; -1 = the game's other players (1 for a
   * bare position). */
  int              n_opponents;
} CvOddsParams;

/* The defaults: points, turns estimated, opponents from the game. */
void          cv_odds_params_init (CvOddsParams *params);

/* The advice for whoever has to act in @game: the roller in CV_PHASE_ROLL (the
 * figures of rolling all six dice) and CV_PHASE_CHOOSE (every keep and every final
 * choice), the opponents who still have to mark in CV_PHASE_OPPONENTS. A finished
 * game gives NULL and DP_GAME_ERROR_ILLEGAL. */
CvOdds       *cv_odds_compute (const CvGame *game, GError **error);
/* The same for a bare position: the roller's @sheet, the six dice as counts per face
 * (@dice all 0 before the first roll, then @rolls_left must be CV_MAX_ROLLS) and the
 * rolls left (0 … CV_MAX_ROLLS - 1 once rolled). NULL with DP_GAME_ERROR_ILLEGAL when
 * the position is impossible or cursed (3 or more skulls). */
CvOdds       *cv_odds_compute_turn (const CvOddsSheet *sheet,
                                    const guint        dice[CV_N_FACES],
                                    guint              rolls_left,
                                    GError           **error);
/* The same with @params (NULL = the defaults). With the points model the first answer
 * for a number of opponents and bonus lines builds the model's tables (cv_model_get()):
 * check cv_model_is_ready() on a window's main thread. */
CvOdds       *cv_odds_compute_with (const CvGame        *game,
                                    const CvOddsParams  *params,
                                    GError             **error);
CvOdds       *cv_odds_compute_turn_with (const CvOddsSheet   *sheet,
                                         const guint          dice[CV_N_FACES],
                                         guint                rolls_left,
                                         const CvOddsParams  *params,
                                         GError             **error);
/* Whether cv_odds_compute_with() answers at once for @game (the tables it needs are
 * built); FALSE for a finished game. */
gboolean      cv_odds_is_ready (const CvGame *game, const CvOddsParams *params);
/* Builds, in a worker thread, what cv_odds_compute_with() needs for @game. */
void          cv_odds_prepare_async (const CvGame        *game,
                                     const CvOddsParams  *params,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data);
void          cv_odds_free (CvOdds *odds);

CvPhase       cv_odds_get_phase (const CvOdds *odds);
/* The roller's seat (0 for a bare position). */
guint         cv_odds_get_seat (const CvOdds *odds);
guint         cv_odds_get_rolls_left (const CvOdds *odds);
CvOddsValueModel cv_odds_get_value_model (const CvOdds *odds);
/* The own turns left the points model counted with (this one included), and whether
 * they were estimated (TRUE) or set (Preferences). */
guint         cv_odds_get_turns_left (const CvOdds *odds, gboolean *estimated);
/* The roller's expected final total if this turn marks nothing (the value's zero). */
double        cv_odds_get_baseline (const CvOdds *odds);
/* The roller's options, best first: option 0 is the recommendation, option 1 the
 * second best. None in CV_PHASE_OPPONENTS. */
guint         cv_odds_get_n_options (const CvOdds *odds);
const CvOddsOption *cv_odds_get_option (const CvOdds *odds, guint index);
/* The REROLL option that picks up exactly @pick_up (counts per face), or NULL. */
const CvOddsOption *cv_odds_find_pick_up (const CvOdds *odds, const guint pick_up[CV_N_FACES]);
/* Opponents who still have to mark (CV_PHASE_OPPONENTS only), in seat order. */
guint         cv_odds_get_n_opponents (const CvOdds *odds);
const CvOddsOpponent *cv_odds_get_opponent (const CvOdds *odds, guint index);

/* The whole answer of `dicepad-cli odds FILE` (docs/assistant.md, "JSON"). */
JsonNode     *cv_odds_to_json (const CvOdds *odds, const CvGame *game);

/* Plain, translated words for the turn panel. Free with g_free().
 * A keep: "Picking up 3 dice: 9 % curse risk, 41 % at least 2 jokers" (under @plan);
 * a final choice: "Stop and take orange (3 crosses)". */
char         *cv_odds_describe_option (const CvOdds *odds, const CvOddsOption *option, CvOddsPlan plan);
/* A keep with the curse risk of this roll and of the whole turn: "Picking up 3 dice:
 * 9 % curse risk this roll, 41 % at least 2 jokers; 14 % curse risk this turn". */
char         *cv_odds_describe_pick_up (const CvOdds *odds, const CvOddsOption *option);
/* "Best: pick up green, pink (+2.4 points expected). Next best: take orange (2 crosses)
 * (+2.1 points expected)." */
char         *cv_odds_describe_recommendation (const CvOdds *odds);
/* The whole turn from now on, following the advice, and the turns counted: "This turn,
 * following the advice: 14 % curse risk this turn. About 9 own turns left." */
char         *cv_odds_describe_outlook (const CvOdds *odds);
/* "Best for Sami: take green (2 crosses) (+1.4 points expected). Next best: …"; @game
 * names the player. */
char         *cv_odds_describe_opponent (const CvOdds *odds, guint index, const CvGame *game);
/* A probability in the locale's words: "9 %", "< 1 %", "> 99 %". */
char         *cv_odds_format_percent (double p);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CvOdds, cv_odds_free)

G_END_DECLS
