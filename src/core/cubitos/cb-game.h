/* cb-game.h — Cubitos (Pegasus / AEG): the team boards, the round and the race
 *
 * Rules: shared/rules/cubitos-rules-de.txt (page numbers below are the rulebook's);
 * facts the rules lack are in the tables of cb-data.c. Decisions where the rulebook is
 * unclear and the text form of every action: docs/cubitos-notes.md.
 *
 * Dicepad keeps each player's team board (draw = „Nachschub“, ready = „Bereitschaft“,
 * active = „Aktionsbereich“, rest = „Ruhezone“) and the coin / step / credit / fan
 * bookkeeping. The race track and the fan track stay on the table: whatever only they
 * show (red lines, the bonus a runner landed on, card costs, fan-space rewards, the
 * distance past the start) is told in the action that needs it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "dp-game.h"
#include "cb-data.h"

G_BEGIN_DECLS

typedef struct _CbGame CbGame;

/* The four areas of a team board. */
typedef enum
{
  CB_ZONE_DRAW,     /* „Nachschub“ */
  CB_ZONE_READY,    /* „Bereitschaft“ */
  CB_ZONE_ACTIVE,   /* „Aktionsbereich“ */
  CB_ZONE_REST,     /* „Ruhezone“ (discard) */
  CB_N_ZONES
} CbZone;

const char *cb_zone_to_string (CbZone zone);
gboolean    cb_zone_from_string (const char *str, CbZone *zone);
/* The area's translated name for sentences, "ready area" (the engine's messages and
 * the widgets use the same words). */
const char *cb_zone_name (CbZone zone);

/* Where a player is in the round (rulebook p. 7–9, the 8 phases). */
typedef enum
{
  CB_PHASE_REFILL,     /* 1 Nachfüllen: must refill the ready area */
  CB_PHASE_ROLL,       /* 2 Werfen: must enter what the ready dice show */
  CB_PHASE_DECIDE,     /* 3 Riskieren oder passen: push or pass */
  CB_PHASE_BUST,       /* 2 Fehlwurf: the bust is pending (abilities may ignore it) */
  CB_PHASE_ROLL_DONE,  /* 4 Ende des Abschnitts: waits for the others */
  CB_PHASE_SUPPORT,    /* 5 Unterstützen */
  CB_PHASE_MOVE,       /* 6 Bewegen */
  CB_PHASE_SHOP,       /* 7 Einkaufen */
  CB_PHASE_RESTED,     /* 8 Ausruhen done: waits for the others */
  CB_PHASE_OUT,        /* sits out a tie-break round */
} CbPhase;

const char *cb_phase_to_string (CbPhase phase);
/* The rulebook's phase number 1..8 (BUST counts as 2, OUT as 0). */
guint       cb_phase_number (CbPhase phase);

/* ---- The game ---- */

/* Builds a game from its setup object (see docs/cubitos-notes.md, "Setup"). */
/* The red card with 0 swords all round (issue 25, item 5; docs/cubitos-notes.md): the
 * setup's "zero_swords". A setup without it was recorded before the choice existed and
 * keeps the rule it was played with (nobody has "most" with 0). */
typedef enum
{
  CB_ZERO_SWORDS_UNSET,    /* no "zero_swords": as CB_ZERO_SWORDS_NOBODY */
  CB_ZERO_SWORDS_NOBODY,   /* "nobody": nobody has the most when the most is 0 */
  CB_ZERO_SWORDS_TIE,      /* "tie": 0 is compared like any count (p. 9 „ggf. auch 0“) */
} CbZeroSwords;

CbGame     *cb_game_new_from_json (JsonObject *setup, GError **error);
CbGame     *cb_game_copy (const CbGame *game);
void        cb_game_free (CbGame *game);
/* Canonical setup text. Free with g_free(). */
char       *cb_game_dup_setup_text (const CbGame *game);

/* The Cubitos state of a DpGame, or NULL when @game is another kind. */
CbGame       *cb_game_from_dp (DpGame *game);
const CbGame *cb_game_from_dp_const (const DpGame *game);

guint       cb_game_get_n_players (const CbGame *game);
const char *cb_game_get_player_name (const CbGame *game, guint seat);
int         cb_game_find_player (const CbGame *game, const char *name);

/* Setup facts */
guint       cb_game_get_race (const CbGame *game);            /* 1..10, 0 = free race */
guint       cb_game_get_card (const CbGame *game, guint colour); /* card index of a colour */
guint       cb_game_get_track (const CbGame *game);
guint       cb_game_get_laps (const CbGame *game);
/* Known cost of the card of @colour, or -1 while nobody has told it. */
int         cb_game_get_cost (const CbGame *game, guint colour);

/* Where the known cost of a colour's card comes from. */
typedef enum
{
  CB_COST_UNKNOWN,     /* nobody told it: asked at the first buy */
  CB_COST_REMEMBERED,  /* from an earlier race (the setup's "costs") */
  CB_COST_TOLD,        /* told (or corrected) in this race */
} CbCostOrigin;

CbCostOrigin cb_game_get_cost_origin (const CbGame *game, guint colour);
/* TRUE while a correct_cost action for @colour is legal: the cost was remembered from an
 * earlier race and nobody has paid it in this race yet. */
gboolean    cb_game_can_correct_cost (const CbGame *game, guint colour);

/* ---- Facts that outlive a race (dp_game_dup_facts()) ----
 * The printed cards and fan track are the same in every race, so what the group told
 * once is carried into the next setup. Keys: "cost/<card key>" → "4" (coins) and
 * "fan/<space>" → {"credits": 1, "supply": 0} (JSON text). */

/* The facts @game holds: told in it, or given by its setup. */
GHashTable *cb_game_dup_facts (const CbGame *game);
/* {"costs": {card key: coins}, "fan_track": {space: {"credits", "supply"}}}, the setup's
 * members, from facts as the store keeps them (NULL: none). Entries that cannot be read
 * (unknown card, bad number) are left out: a damaged row never breaks a new game. */
JsonObject *cb_facts_to_setup_json (GHashTable *facts);

/* The round */
guint       cb_game_get_round (const CbGame *game);            /* from 1 */
CbZeroSwords cb_game_get_zero_swords (const CbGame *game);
gboolean    cb_game_is_tiebreak (const CbGame *game);
guint       cb_game_get_top_dog (const CbGame *game);          /* seat holding the first-player die */
guint       cb_game_get_supply (const CbGame *game, CbKind kind); /* dice left in the shop supply */

/* A player's board */
CbPhase     cb_game_get_phase (const CbGame *game, guint seat);
guint       cb_game_get_dice (const CbGame *game, guint seat, CbZone zone, CbKind kind);
guint       cb_game_count_zone (const CbGame *game, guint seat, CbZone zone);
/* Active dice of @kind showing @face. */
guint       cb_game_get_active_faces (const CbGame *game, guint seat, CbKind kind, CbFace face);
gboolean    cb_game_in_danger (const CbGame *game, guint seat);
gboolean    cb_game_has_busted (const CbGame *game, guint seat);
guint       cb_game_get_coins (const CbGame *game, guint seat);
guint       cb_game_get_steps (const CbGame *game, guint seat);
guint       cb_game_get_credits (const CbGame *game, guint seat);
guint       cb_game_get_fans (const CbGame *game, guint seat);
guint       cb_game_get_supply_tokens (const CbGame *game, guint seat);
/* The ready limit without red lines: 9 + supply tokens (p. 8, Maximalwert). */
guint       cb_game_get_base_limit (const CbGame *game, guint seat);
/* The ready limit of this round: 9 + supply tokens + the red lines told at the refill. */
guint       cb_game_get_limit (const CbGame *game, guint seat);
/* FALSE while no runner can stand ahead of @seat's (nobody walked farther or took a
 * shortcut): then no red lines count (p. 8 „Rote Linien“) and a refill telling some is refused. */
gboolean    cb_game_may_count_red_lines (const CbGame *game, guint seat);
/* The jet boost was used this round (once per runner and round, p. 10). */
gboolean    cb_game_jet_used (const CbGame *game, guint seat);
/* Rounds @seat took part in (a tie-break round sat out does not count). */
guint       cb_game_get_rounds_played (const CbGame *game, guint seat);
/* Dice the player owns in all areas, without the top dog (p. 12: it is only passed on). */
guint       cb_game_get_dice_owned (const CbGame *game, guint seat);
/* Spaces walked in the whole race (shortcuts not counted: the track is physical). */
guint       cb_game_get_spaces_moved (const CbGame *game, guint seat);
guint       cb_game_get_laps_done (const CbGame *game, guint seat);
gboolean    cb_game_has_finished_race (const CbGame *game, guint seat);
/* Spaces beyond the start after finishing, as told; -1 when not told. */
int         cb_game_get_beyond (const CbGame *game, guint seat);
/* Swords announced this round, or -1 before the announcement. */
int         cb_game_get_swords (const CbGame *game, guint seat);
/* Seat that won this round's red-card comparison, or -1 (nobody / not yet / "everyone" card). */
int         cb_game_get_red_winner (const CbGame *game);

gboolean    cb_game_must_act (const CbGame *game, guint seat);
gboolean    cb_game_is_finished (const CbGame *game);
gboolean    cb_game_is_winner (const CbGame *game, guint seat);
/* 1 for the winner, then by finish, laps and spaces walked; ties share a rank. */
guint       cb_game_get_rank (const CbGame *game, guint seat);

/* Reads an action (docs/cubitos-notes.md, "Cubitos actions") and applies it, or leaves
 * @game untouched and returns FALSE with a translated DP_GAME_ERROR_* message. */
gboolean    cb_game_apply_json (CbGame *game, JsonObject *action, GError **error);
gboolean    cb_game_apply_text (CbGame *game, const char *action_json, GError **error);
/* Canonical text form of @action (player named, keys in a fixed order), not applied. */
char       *cb_game_normalize_action (const CbGame *game, JsonObject *action, GError **error);
/* Canonical texts of legal actions of everyone who may act now (element type char*).
 * Facts only the table knows (red lines, costs, fan rewards, bonuses) are listed with a
 * few sample values, and long lists of dice entries are cut to a representative set:
 * every listed action is legal, but not every legal entry is listed. */
GPtrArray  *cb_game_legal_actions (const CbGame *game);

/* ---- Generic effects the cards are built on (issue "Cubitos cards") ----
 * Each works atomically: on error the game is untouched. They do not check the phase;
 * the card that uses them does. */

void        cb_game_gain (CbGame *game, guint seat, guint coins, guint steps, guint credits);
/* Advances the fan runner @n spaces and takes the rewards of every space entered
 * (without credits when @take_credits is FALSE: Rama Lama, Alexander G. Bell).
 * @told holds rewards the players told, indexed by space 1..13 (credits, supply; -1 =
 * not told), or NULL. */
gboolean    cb_game_advance_fans (CbGame *game, guint seat, guint n, gboolean take_credits,
                                  const int (*told)[2], GError **error);
/* Gives one die back to the supply („Würfel abgeben“); never the top dog. */
gboolean    cb_game_lose_die (CbGame *game, guint seat, CbZone zone, CbKind kind, GError **error);
/* Takes a die from the supply without paying. @max_cost < 0: any die; else its card cost
 * (starting dice: 0) must not exceed it (@cost tells an unknown card cost, or -1).
 * Into the active zone the die shows @face (Draftodon, Mungojerrie); elsewhere @face is ignored. */
gboolean    cb_game_take_die (CbGame *game, guint seat, CbKind kind, CbZone zone, CbFace face,
                              int max_cost, int cost, GError **error);
/* „Würfel zum Wurf hinzufügen“ (p. 11): @chosen dice (per kind) come from the draw area
 * — all of it first, then the rest zone is shuffled in — and show @faces (per kind and
 * face, blanks implied). Hits become active, the others go to the ready area; this roll
 * cannot bust and is not a push. */
gboolean    cb_game_add_to_roll (CbGame *game, guint seat, const guint chosen[CB_N_KINDS],
                                 const guint faces[CB_N_KINDS][CB_N_FACES], GError **error);
/* Moves one die between areas; into the active zone it shows @face. */
gboolean    cb_game_move_die (CbGame *game, guint seat, CbKind kind, CbFace face_if_active,
                              CbZone from, CbZone to, CbFace to_face, GError **error);
/* Turns an active die from one face to another. */
gboolean    cb_game_set_face (CbGame *game, guint seat, CbKind kind, CbFace from, CbFace to,
                              GError **error);
/* Ignores a pending bust „so als wärst du nicht in Gefahr“: the player goes on to push or pass. */
gboolean    cb_game_ignore_bust (CbGame *game, guint seat, GError **error);
/* Next round's refill ignores the limit for the kinds in @ignore_mask (bit = 1 << CbKind;
 * Dieter, Handkäs mit Muckis) or entirely, from draw and rest (@no_limit: Uppercut-Uwe). */
void        cb_game_skip_limit_next_round (CbGame *game, guint seat, guint ignore_mask,
                                           gboolean no_limit);
/* Counting for cards: active dice of a kind; distinct colours among active dice (greys
 * are one colour, the top dog one of its own: Taktopterix). */
guint       cb_game_count_active (const CbGame *game, guint seat, CbKind kind);
guint       cb_game_count_active_colours (const CbGame *game, guint seat);

/* ---- Card abilities (issue "Cubitos cards"; docs/cubitos-notes.md "Card abilities") ----
 * An ability is used with the action {"player": …, "ability": "<card key>", "number": n,
 * "face": "team"|"special", …}; legal_actions lists the usable ones, with
 * "mandatory": true on those the player must use before the round can go on. */

typedef struct
{
  guint    card;        /* card index */
  guint    number;      /* 1.. */
  CbFace   face;        /* TEAM or SPECIAL of the die that uses it; BLANK for the red card */
  gboolean mandatory;   /* the player cannot move on before using it */
} CbAbilityUse;

/* The abilities @seat may use now (element type CbAbilityUse), each once per card, number
 * and face. Free with g_array_unref(). */
GArray     *cb_game_list_abilities (const CbGame *game, guint seat);
/* TRUE while a mandatory ability (or Käsehäppchen's push) holds @seat back; @message
 * (may be NULL) receives the translated reason. */
gboolean    cb_game_has_mandatory (const CbGame *game, guint seat, char **message);
/* Water spaces the runner may still enter this round (Jesus Huanako, Dalai; p. 14). */
guint       cb_game_get_water (const CbGame *game, guint seat);
/* Käsehäppchen: the player must push at least once more before passing. */
gboolean    cb_game_must_push (const CbGame *game, guint seat);
/* A short translated description of an ability action, e.g. "Bob: At the end of phase 6:
 * gain all bonuses …", or NULL when @action_json is not an ability action. */
char       *cb_game_dup_action_title (const CbGame *game, const char *action_json);

/* What an ability asks for now, and the domain of each choice, for a form that lets the
 * player enter any legal value (legal_actions lists only samples). The engine still
 * checks every value when the action is applied. Colours and areas are bit masks
 * (1 << CbKind, 1 << CbZone); the top dog is never in a colour mask unless said. */
typedef struct
{
  guint    params;            /* CbParam bits the action may carry */
  guint    required;          /* those it must carry in this position */
  guint    lose_zones;        /* LOSE: the areas … */
  guint    lose_kinds;        /* … and colours the die given back may have */
  guint    give_to;           /* GIVE: seats (1 << seat) that may receive the die */
  guint    give_zones;        /* … areas and colours of the die given */
  guint    give_kinds;
  gboolean die_from_supply;   /* DIE: from the supply (Draftodon, Mungojerrie), else the ready area */
  guint    die_kinds;         /* … the colours that can be chosen now */
  guint    dice_count;        /* DICE: exactly this many dice (p. 11: or all there are) … */
  guint    dice_min[CB_N_KINDS]; /* … at least these of each colour (the whole draw area when it runs short) */
  guint    dice_max[CB_N_KINDS]; /* … at most these */
  guint    from_zones;        /* FROM: the areas … */
  guint    from_kinds;        /* … and colours the dice may come from (the top dog included where allowed) */
  guint    from_max;          /* … at most this many dice in all (G_MAXUINT: any) */
  gboolean from_distinct;     /* … at most one die per colour (greys one colour) */
  guint    rolled[CB_N_KINDS];   /* ROLLED without DICE / FROM: the dice that are rolled (first roll) */
  guint    take_kinds;        /* TAKE: colours that may be taken */
  gboolean take_forced;       /* … the die is taken whether "take" names it or not (Martha Lama King) */
  int      take_max_cost;     /* … costing at most (-1: any) */
  guint    fan_advances;      /* FAN: fan-track advances the ability makes (without a "bonus") */
} CbAbilityParams;

/* Fills @params for ability @number of @card used by @seat with a die showing @face
 * (TEAM / SPECIAL; BLANK for the red card). FALSE (and @params zeroed) when the ability
 * cannot be used now, leaving its parameters aside. */
gboolean    cb_game_get_ability_params (const CbGame *game, guint seat, guint card, guint number,
                                        CbFace face, CbAbilityParams *params);

extern const DpGameKind cb_game_kind;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CbGame, cb_game_free)

G_END_DECLS
