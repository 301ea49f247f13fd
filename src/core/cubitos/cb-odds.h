/* cb-odds.h — the Cubitos turn assistant: the exact odds of pushing
 *
 * For a player in phase 3 („Riskieren oder passen“, rulebook p. 8): what pushing (rolling
 * every ready die again) brings, from the dice in the ready area, the active dice, danger
 * and the abilities that change a roll. Exact: every figure is a sum over all face
 * combinations, by kind of die (no sampling). GLib only, no GTK.
 *
 * docs/assistant.md ("Cubitos: the odds of pushing") states the model and its limits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "cb-game.h"

G_BEGIN_DECLS

/* More than all dice of the box (28 + 12 + 1 + 80). */
#define CB_ODDS_MAX_DICE 128

typedef enum
{
  CB_ODDS_COINS,
  CB_ODDS_STEPS,
  CB_ODDS_CREDITS,
  CB_ODDS_SWORDS,
  CB_ODDS_N_GAINS
} CbOddsGain;

/* The position a push starts from. */
typedef struct
{
  guint    ready[CB_N_KINDS]; /* the dice rolled on a push */
  guint    active;            /* dice in the active area now */
  guint    limit;             /* the ready limit of this round (p. 8 „Maximalwert“) */
  gboolean danger;            /* in danger now (p. 8: 3 active dice at any time) */
  gboolean safe;              /* this push cannot bust (Piña Cubelada) */
  gboolean double_red;        /* each red special symbol counts as 2 swords (the red card) */
  double   p_ignore;          /* chance that one bust of these pushes is ignored by an ability */
} CbOddsInput;

/* What one push (or this push and one more) brings. Every "p_" is a probability of the
 * whole sequence; the gains are expected values given that it ends without a bust. */
typedef struct
{
  double p_bust_raw;                  /* a roll without a hit while in danger (not safe) */
  double p_bust;                      /* … that no ability ignores: the round's dice are lost */
  double gain[CB_ODDS_N_GAINS];       /* expected coins, steps, credits, swords if no bust */
  double p_danger;                    /* no bust, and in danger afterwards */
  double p_empty;                     /* no bust, and no die left in the ready area */
  double p_limit;                     /* no bust, and at least `limit` active dice */
  double p_active[CB_ODDS_MAX_DICE + 1]; /* no bust, and exactly n active dice */
} CbOddsFigures;

typedef enum
{
  CB_ODDS_PUSH,       /* this push */
  CB_ODDS_ONE_MORE,   /* this push, then (when it leaves dice to roll) one more */
  CB_ODDS_N_PLANS
} CbOddsPlan;

/* Exact figures of both plans for @input. */
void     cb_odds_compute_input (const CbOddsInput *input, CbOddsFigures out[CB_ODDS_N_PLANS]);

/* The same figures by a plain enumeration of every face of every die on both rolls
 * (6^(2n) ordered outcomes): for the tests, small ready areas only (n ≤ 5). */
void     cb_odds_enumerate (const CbOddsInput *input, CbOddsFigures out[CB_ODDS_N_PLANS]);

/* One player's answer. */
typedef struct
{
  guint         seat;
  CbOddsInput   input;
  int           safe_card;     /* card that makes this push safe, or -1 */
  int           ignore_card[2]; /* cards that may ignore a bust, or -1 */
  CbOddsFigures plan[CB_ODDS_N_PLANS];
  int           reroll_card;   /* green card that puts its die back into the ready area, or -1 */
  guint         reroll_dice;   /* active green dice that may do so now */
  CbOddsFigures with_reroll[CB_ODDS_N_PLANS]; /* the plans with those dice put back first */
} CbOdds;

/* Reads @seat's position from @game. FALSE when @seat is not deciding to push or pass. */
gboolean cb_odds_input_from_game (const CbGame *game, guint seat, CbOddsInput *input,
                                  int *safe_card, int ignore_card[2]);
/* The answer for @seat, or NULL when @seat is not deciding to push or pass. */
CbOdds  *cb_odds_compute (const CbGame *game, guint seat);
void     cb_odds_free (CbOdds *odds);
/* P(no bust and at least @n active dice) of a plan. */
double   cb_odds_p_active_at_least (const CbOddsFigures *figures, guint n);

/* `dicepad-cli odds FILE` for Cubitos (docs/assistant.md, "Cubitos JSON"):
 * {"game": "cubitos", "deciding": [{"player", "ready", "active", "danger", …,
 *  "push": {…}, "one_more": {…}}]} for every player deciding now. */
JsonNode *cb_odds_game_to_json (const CbGame *game);

/* The table's sentence: "Push: 31 % bust — if not, about +2 coins, +1 step".
 * Translated. Free with g_free(). */
char     *cb_odds_describe (const CbOdds *odds, CbOddsPlan plan);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CbOdds, cb_odds_free)

G_END_DECLS
