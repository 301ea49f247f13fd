/* cb-action.h — one Cubitos action as typed data: the only writer and reader of the
 * action text (docs/cubitos-notes.md, "Cubitos actions")
 *
 * Build an action with a cb_action_init_*() function and the setters below, turn it into
 * the canonical text with cb_action_to_text(), read text back with cb_action_from_text(),
 * and ask the engine with cb_game_check() / cb_game_apply(). Nothing outside
 * src/core/cubitos/ writes or parses the JSON of a Cubitos action. Seats are numbers:
 * names with any characters ("Jürgen", "O'Brien") never go through string matching.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "cb-game.h"

G_BEGIN_DECLS

#define CB_MAX_LOSE    8    /* "lose a die" symbols on one space */
#define CB_N_FAN       (CB_FAN_LAST_SPACE + 1)

/* The verbs of the text form, in the order of cb_act_keys. */
typedef enum
{
  CB_ACTION_REFILL,
  CB_ACTION_ROLL,
  CB_ACTION_PUSH,
  CB_ACTION_PASS,
  CB_ACTION_BUST,
  CB_ACTION_COLLECT,
  CB_ACTION_ANNOUNCE,
  CB_ACTION_REDEEM,
  CB_ACTION_BUY_STEPS,
  CB_ACTION_MOVE,
  CB_ACTION_JET,
  CB_ACTION_SHORTCUT,
  CB_ACTION_BUY,
  CB_ACTION_REST,
  CB_ACTION_ABILITY,
  CB_ACTION_CORRECT_COST,
  CB_N_ACTIONS
} CbActionType;

typedef struct
{
  CbActionType type;
  int      player;
  guint    counts[CB_N_KINDS];        /* refill: from draw; bust: ready → rest; ability: "dice" */
  gboolean has_from_rest;
  guint    from_rest[CB_N_KINDS];     /* refill without a limit */
  guint    faces[CB_N_KINDS][CB_N_FACES]; /* roll; BLANK only when blank_given */
  gboolean blank_given[CB_N_KINDS];
  guint    n;                         /* red_lines, redeem, buy_steps, move, shortcut */
  gboolean take_credits;              /* collect */
  gboolean finish;
  gboolean has_landed;                /* move: "landed"; ability: "bonus" */
  guint    l_credits;
  guint    l_fans;
  guint    n_lose;
  CbKind   lose_kind[CB_MAX_LOSE];
  CbZone   lose_zone[CB_MAX_LOSE];
  gboolean has_take;
  CbKind   take;
  int      max_cost;                  /* -1: any die */
  int      beyond;                    /* -1: not told */
  int      cost;                      /* -1: not told; correct_cost: the printed cost */
  CbKind   kind;                      /* buy, correct_cost */
  int      fan[CB_N_FAN][2];          /* told fan rewards, -1 */
  guint    water;                     /* move: water spaces entered */

  /* "ability" (cb-cards.c) */
  guint    card;
  guint    number;                    /* 1.. */
  CbFace   face;                      /* TEAM / SPECIAL of the acting die; BLANK: red card */
  gboolean has_lose;                  /* "lose": {"die", "from"} */
  CbKind   ab_lose_kind;
  CbZone   ab_lose_zone;
  gboolean has_give;                  /* "give": {"die", "from", "to"} */
  CbKind   give_kind;
  CbZone   give_zone;
  int      give_to;
  gboolean has_die;                   /* "die" + "set": a die and the face it is turned to */
  CbKind   die_kind;
  CbFace   die_face;
  gboolean has_other;                 /* "other": {"die", "face"} */
  CbKind   other_kind;
  CbFace   other_face;
  gboolean has_dice;                  /* "dice": counts from the draw area */
  gboolean has_from;                  /* "from": dice per area */
  guint    from[CB_N_ZONES][CB_N_KINDS];
  guint    from_active[CB_N_KINDS][CB_N_FACES];
  gboolean has_roll;                  /* "roll" (faces) */
  gboolean has_roll2;                 /* "roll2" (Mahatma's second roll) */
  guint    faces2[CB_N_KINDS][CB_N_FACES];
  gboolean blank_given2[CB_N_KINDS];
  gboolean has_red_lines;             /* "red_lines" (Pronto Bronto) */
  gboolean mandatory;                 /* "mandatory": true (output only; read and ignored) */
} CbAction;

/* ---- Building ----
 * Every init function clears @action first: nothing told, no seat left over. */

void         cb_action_init (CbAction *action);
/* push, pass, announce, jet, rest */
void         cb_action_init_simple (CbAction *action, guint seat, CbActionType type);
/* redeem, buy_steps, shortcut: @n credits / steps / steps paid */
void         cb_action_init_number (CbAction *action, guint seat, CbActionType type, guint n);
/* Phase 5: collect what the active dice show; the credit faces stay when @take_credits
 * is FALSE (taking a credit matters for Schlägertyp). */
void         cb_action_init_collect (CbAction *action, guint seat, gboolean take_credits);
void         cb_action_init_refill (CbAction *action, guint seat, const guint counts[CB_N_KINDS],
                                    guint red_lines);
/* The faces entered per kind; blanks fill themselves in. */
void         cb_action_init_roll (CbAction *action, guint seat, const guint faces[CB_N_KINDS][CB_N_FACES]);
/* The ready dice put to rest with the bust (@to_rest may be NULL). */
void         cb_action_init_bust (CbAction *action, guint seat, const guint to_rest[CB_N_KINDS]);
void         cb_action_init_move (CbAction *action, guint seat, guint steps, gboolean finish);
/* @cost: the card's cost when nobody told it yet, or -1. */
void         cb_action_init_buy (CbAction *action, guint seat, CbKind kind, int cost);
/* The table corrects a cost remembered from an earlier game: the card of @kind (a colour)
 * costs @cost coins, as printed (docs/cubitos-notes.md, "Correcting a remembered cost").
 * Legal while the cost came from the setup and nobody paid it in this game. */
void         cb_action_init_correct_cost (CbAction *action, guint seat, CbKind kind, guint cost);
/* Ability @number (1..) of @card used by a die showing @face (BLANK: the red card). */
void         cb_action_init_ability (CbAction *action, guint seat, guint card, guint number, CbFace face);

/* What a fan-track space shows, told while the runner enters it (1..13). */
void         cb_action_set_fan_told (CbAction *action, guint space, guint credits, guint supply);
/* The bonuses of the space the runner landed on (a move: "landed"; Bob: "bonus"). */
void         cb_action_set_landed (CbAction *action, guint credits, guint fans);
/* One „lose a die“ symbol of the landing space: the die given back. FALSE when full. */
gboolean     cb_action_add_landed_lose (CbAction *action, CbKind kind, CbZone zone);
/* A die taken from the supply (landing bonus, or an ability's "take"), at most @max_cost
 * (-1: any); @cost tells the card's cost when unknown, or -1. */
void         cb_action_set_take (CbAction *action, CbKind kind, int max_cost, int cost);
/* A finished runner's spaces beyond the start. */
void         cb_action_set_beyond (CbAction *action, guint beyond);

/* ---- Reading ---- */

CbActionType cb_action_get_type (const CbAction *action);
/* The verb's key in the text form ("refill", "buy_steps", …), untranslated. */
const char  *cb_action_type_to_string (CbActionType type);
/* The acting seat, or -1 when the text named nobody and nobody could act. */
int          cb_action_get_seat (const CbAction *action);
/* redeem, buy_steps, shortcut, move: the number; refill: the red lines. */
guint        cb_action_get_number (const CbAction *action);
/* The card of an ability action. */
guint        cb_action_get_card (const CbAction *action);
/* The die of a buy or correct_cost. */
CbKind       cb_action_get_kind (const CbAction *action);
/* The cost told (buy, a take, correct_cost), or -1. */
int          cb_action_get_cost (const CbAction *action);
/* Dice counted by a refill (taken) or a bust (put to rest), or the hits of a roll. */
guint        cb_action_count_dice (const CbAction *action);
gboolean     cb_action_has_landed (const CbAction *action);
gboolean     cb_action_is_mandatory (const CbAction *action);

/* Canonical text of @action (player named, keys in a fixed order). Free with g_free(). */
char        *cb_action_to_text (const CbGame *game, const CbAction *action);
/* Reads @text in the context of @game; FALSE with a translated DP_GAME_ERROR_MALFORMED
 * (or ILLEGAL: nobody can act) error. */
gboolean     cb_action_from_text (const CbGame *game, const char *text, CbAction *action, GError **error);

/* ---- Asking the engine ---- */

/* Applies @action, or leaves @game untouched and returns FALSE with the reason. */
gboolean     cb_game_apply (CbGame *game, const CbAction *action, GError **error);
/* TRUE when cb_game_apply() would accept @action now; @game is not changed. */
gboolean     cb_game_check (const CbGame *game, const CbAction *action, GError **error);
/* The legal actions of @seat (element type CbAction), the same sampling as
 * cb_game_legal_actions(). Free with g_array_unref(). */
GArray      *cb_game_legal_actions_for_seat (const CbGame *game, guint seat);
/* The action Dicepad enters by itself when some seat has nothing to decide and no fact
 * to tell: the one possible refill when no red lines can count, pass with no ready
 * dice, collect and announce when no credit face could be left and no ability offered,
 * move 0 with no step and nothing to turn into steps, rest with nothing to buy
 * (docs/cubitos-notes.md, "Forced actions"). The first such seat in seat order; FALSE
 * when there is none. */
gboolean     cb_game_get_forced_action (const CbGame *game, CbAction *action);

/* The actions applied to @game since its setup, as they were read (index 0 the first):
 * what an undo took back can be said in words (issue 25, item 3.11). */
guint           cb_game_get_n_logged (const CbGame *game);
const CbAction *cb_game_get_logged (const CbGame *game, guint index);

G_END_DECLS
