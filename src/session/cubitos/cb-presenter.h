/* cb-presenter.h — what the Cubitos table shows and enters, as plain data (no GTK)
 *
 * The widgets only draw what these functions say: the sentence for each board, the
 * status of the round, dice colours and symbols, the texts of the shop and of the
 * toasts, and the actions that a board's controls enter (typed cb-action values, handed
 * on as the engine's canonical text). Every
 * action is checked by the engine on a copy of the game before a button is enabled,
 * so the UI offers exactly what the rules allow and says why not otherwise.
 * Tests check all of it without a display.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "cb-game.h"
#include "cb-action.h"
#include "dp-store.h"

G_BEGIN_DECLS

/* ---- Dice: colour, letter and face symbols, so colour is never the only cue ---- */

/* "#rrggbb" fill colour and a contrasting ink colour of a die of @kind. */
const char *cb_presenter_kind_fill (CbKind kind);
const char *cb_presenter_kind_ink (CbKind kind);
/* Short translated letters of a kind ("lG", "dG", "★", "R", "O", "Y", …). */
const char *cb_presenter_kind_letter (CbKind kind);
/* Colour name with a capital, for titles: "Light grey". Free with g_free(). */
char       *cb_presenter_dup_kind_title (CbKind kind);
/* The symbol of a face on a die of @kind: "1", "2", "3" (coins), "➜" (step), "◆" (credit),
 * "⚔" or "✦" (team), "⚔⁺" or "✦⁺" (special), "" (blank). */
const char *cb_presenter_face_symbol (CbKind kind, CbFace face);
/* "3 light grey dice" (plural-aware). Free with g_free(). */
char       *cb_presenter_dup_dice_text (CbKind kind, guint n);
/* "an orange die", "a red die": one die of @kind with its article, translated. */
const char *cb_presenter_a_die (CbKind kind);
/* Translated card name and the translated name of a race ("Race 1 — Nothing Goes Right"). */
const char *cb_presenter_card_name (guint card);
/* How boards, toasts, abilities and the shop name a card (issue 25, item 4): the
   rulebook's name in the UI language, "Dieter" in German. Free with g_free(). */
char       *cb_presenter_dup_card_title (guint card);
/* Where the players match the cards with a box (the set-up, the race's cards above the
   boards): the translated name first, the English one beside it where they differ,
   "Dieter (Punch Guy)" — an English box prints the English names. */
char       *cb_presenter_dup_card_box_title (guint card);
char       *cb_presenter_dup_race_title (guint race);

/* ---- Sentences ---- */

/* The rulebook's name of a phase, translated: "refill", "push or pass", "shop" … */
const char *cb_presenter_phase_name (CbPhase phase);

/* "Cubitos — round 3" / "Cubitos — tie-break round 5" / "Cubitos — race over". */
char       *cb_presenter_dup_round_text (const CbGame *game);
/* The phase @seat's board names: the one the prompt asks for (announced swords: move). */
CbPhase     cb_presenter_get_shown_phase (const CbGame *game, guint seat);
/* One sentence for @seat's board saying what to do now. */
char       *cb_presenter_dup_prompt (const CbGame *game, guint seat);
/* A board's phase line: "phase 6 · move", "place 2" once the race is over. */
char       *cb_presenter_dup_board_phase (const CbGame *game, guint seat);
/* A board's race-track line: "12 spaces walked · lap 1 of 2", "✔ finished · 20 spaces walked". */
char       *cb_presenter_dup_board_position (const CbGame *game, guint seat);
/* The board shows "in danger" (only while rolling, p. 8: the race section cannot bust) … */
gboolean    cb_presenter_board_in_danger (const CbGame *game, guint seat);
/* … or "bust". */
gboolean    cb_presenter_board_busted (const CbGame *game, guint seat);
/* One sentence for the table: who holds the top dog, who still has to act. */
char       *cb_presenter_dup_status (const CbGame *game);
/* The same in two short lines for a phone's header (360 px): "Round 3 · roll section"
 * and "To act: Ina and Tom" (the race's headline once it is over). The top dog and the
 * sections' phases are in cb_presenter_dup_status(), shown below them. */
char       *cb_presenter_dup_short_round (const CbGame *game);
char       *cb_presenter_dup_to_act (const CbGame *game);
/* The swords of every player and the red card's result, e.g.
 * "Swords: Ina 2, Sami 1 — Mr. Soldier: Ina has the most". */
char       *cb_presenter_dup_swords_text (const CbGame *game);
/* What an entry did, for the toast: "Ina refilled 9 dice", "Sami pushes". */
char       *cb_presenter_dup_action_text (const CbGame *before, const char *action_json);
/* What a player's entry and the entries Dicepad made by itself after it did, applied in
 * turn from @before: "Ina passes — and, with nothing to decide: Ina collected 2 coins,
 * 1 step and 0 credits, Ina announced the swords". @actions: the entry first. */
char       *cb_presenter_dup_entries_text (const CbGame *before, const char *const *actions, guint n_actions);
/* The window's toast for the same entries, one short line that fits a toast at 360 px
 * (wpolish item 1): the entry, and how many Dicepad made by itself after it — "Ina
 * passes (+2 automatic)". What those were is cb_presenter_dup_entries_text()'s, shown
 * on the table. */
char       *cb_presenter_dup_entries_toast (const CbGame *before, const char *const *actions, guint n_actions);
/* What @seat gave up with the entry that took @before to @after: the optional card
 * abilities offered before and gone after, as when a walk ends phase 5 — "Smelly Cat
 * was not used (its time is over)" (issue 25, item 3.7); NULL when nothing was. */
char       *cb_presenter_dup_unused_text (const CbGame *before, const CbGame *after, guint seat);
/* The toast after Ctrl+Z / Ctrl+Shift+Z: what was taken back or made again, from the
 * games' logs: "Undone: Ina rolled 3 hits" (issue 25, item 3.11), short as
 * cb_presenter_dup_entries_toast() — "Undone: Ina passes (+2 automatic)". */
char       *cb_presenter_dup_undo_text (const CbGame *before, const CbGame *after, gboolean redo);
/* What changed in the log from @before to @after, in full for the table: the entries
 * taken back ("Undone: Ina passes — and, with nothing to decide: Sami rests") or those
 * made since (a phone's, a redo); NULL when the log is as long. */
char       *cb_presenter_dup_log_change_text (const CbGame *before, const CbGame *after);
/* The headline of the result: "Ina wins the race" / "Race over". */
char       *cb_presenter_dup_headline (const CbGame *game);

/* The turn assistant (issue 27; docs/assistant.md) for @seat deciding to push or pass:
 * "Push: 31 % bust — if not, about +2 coins" and, when a push can leave dice to roll,
 * the same for pushing twice, one per line. NULL when @seat does not decide now or has
 * nothing to push. Free with g_free(). */
char       *cb_presenter_dup_push_odds (const CbGame *game, guint seat);

/* ---- Checking ---- */

/* TRUE when @action_json would be accepted now; else FALSE with the engine's reason.
 * @game is not changed. */
gboolean    cb_presenter_check (const DpGame *game, const char *action_json, GError **error);
/* Canonical texts of @seat's legal actions whose verb is not one of the board's own
 * controls (card abilities as they land in the engine). Element type char*. */
GPtrArray  *cb_presenter_dup_other_actions (const CbGame *game, guint seat);
/* TRUE when the engine marks the listed action as one the player must use. */
gboolean    cb_presenter_is_mandatory (const CbGame *game, const char *action_json);
/* Title of such an action for its button ("Use Bob", or the verb). Free with g_free(). */
char       *cb_presenter_dup_other_action_title (const CbGame *game, const char *action_json);

/* ---- Building actions ----
 * Each returns the canonical text written by the engine's own writer (cb-action.h):
 * the presenter builds no JSON of its own. Free with g_free(). */

/* push, pass, announce, jet, rest. */
char       *cb_presenter_action_simple (const CbGame *game, guint seat, CbActionType type);
/* redeem, buy_steps, shortcut with @n. */
char       *cb_presenter_action_number (const CbGame *game, guint seat, CbActionType type, guint n);
/* Phase 5: {"collect": true}, with "credits": false when @take_credits is FALSE (the
 * credit faces are left: taking a credit matters for Schlägertyp). */
char       *cb_presenter_collect_action (const CbGame *game, guint seat, gboolean take_credits);

/* ---- Refill (phase 1) ---- */

typedef struct
{
  guint    needed;                /* dice to take, counted against the limit */
  guint    available[CB_N_KINDS]; /* draw area (plus rest zone when it comes back) */
  guint    forced[CB_N_KINDS];    /* the whole draw area when it runs short */
  guint    take[CB_N_KINDS];
  gboolean reshuffle;             /* the rest zone comes back into the draw area */
  guint    red_lines;
} CbRefill;

/* The refill of @seat with @red_lines told: how many, and a proposal (ability dice
 * first, then dark, then light grey). */
void        cb_refill_init (CbRefill *refill, const CbGame *game, guint seat, guint red_lines);
/* Sets how many dice of @kind to take, within forced..available. */
gboolean    cb_refill_set (CbRefill *refill, CbKind kind, guint n, GError **error);
guint       cb_refill_count (const CbRefill *refill);
char       *cb_refill_dup_action (const CbRefill *refill, const CbGame *game, guint seat);

/* ---- Roll entry (phase 2) ---- */

typedef struct
{
  guint ready[CB_N_KINDS];
  guint faces[CB_N_KINDS][CB_N_FACES];   /* blank never set: it fills itself */
} CbRoll;

void        cb_roll_init (CbRoll *roll, const CbGame *game, guint seat);
/* How many dice of @kind show @face; refused (nothing changes) for a face that kind
 * does not have, or more dice than are rolled. */
gboolean    cb_roll_set (CbRoll *roll, CbKind kind, CbFace face, guint n, GError **error);
guint       cb_roll_get (const CbRoll *roll, CbKind kind, CbFace face);
/* Dice of @kind showing blank: the ones not entered. */
guint       cb_roll_get_blank (const CbRoll *roll, CbKind kind);
/* The most dice of @kind that can show @face given the other faces entered. */
guint       cb_roll_get_max (const CbRoll *roll, CbKind kind, CbFace face);
guint       cb_roll_count_hits (const CbRoll *roll);
char       *cb_roll_dup_action (const CbRoll *roll, const CbGame *game, guint seat);

/* ---- Bust ---- */

/* {"bust": {ready dice put to rest}, "fan": [...]} with @fan_told rewards for the spaces
 * the runner enters (see cb_presenter_get_untold_fan_spaces). */
char       *cb_presenter_bust_action (const CbGame *game, guint seat, const guint to_rest[CB_N_KINDS],
                                      const int fan_told[][2], guint n_fan_told, const guint *spaces);

/* Fan-track spaces that advancing @seat's fan runner by @n enters and that nobody has
 * told yet (the fan track is physical). Returns how many, written to @spaces. */
guint       cb_presenter_get_untold_fan_spaces (const DpGame *game, guint seat, guint n, guint spaces[CB_FAN_LAST_SPACE]);

/* ---- Moving (phase 6) ---- */

typedef struct
{
  guint    steps;        /* spaces walked */
  gboolean finish;       /* the runner entered the finish in this move */
  gboolean last;         /* the last move: says where the runner landed */
  guint    credits;      /* landing bonus */
  guint    fans;
  int      take;         /* CbKind taken, or -1 */
  int      max_cost;     /* for a take: -1 any */
  int      take_cost;    /* the taken die's card cost when untold, or -1 */
  int      lose[CB_N_KINDS][CB_N_ZONES]; /* dice given back: per colour and area */
  int      beyond;       /* spaces beyond the start after finishing, or -1 */
  guint    n_fan_told;
  guint    fan_spaces[CB_FAN_LAST_SPACE];
  int      fan_told[CB_FAN_LAST_SPACE][2];
} CbMove;

void        cb_move_init (CbMove *move);
char       *cb_move_dup_action (const CbMove *move, const CbGame *game, guint seat);

/* ---- Card abilities: one form per ability the player may use ---- */

typedef struct
{
  CbAbilityUse    use;
  CbAbilityParams info;           /* what it asks for, and the domains (from the engine) */
  int      lose_kind;             /* "lose": CbKind and CbZone, -1: none */
  int      lose_zone;
  int      give_kind;             /* "give": CbKind, CbZone and seat, -1: none */
  int      give_zone;
  int      give_to;
  int      die_kind;              /* "die" and "set": CbKind, CbFace, -1: none */
  int      die_face;
  int      other_kind;            /* "other": CbKind, CbFace, -1: none */
  int      other_face;
  guint    dice[CB_N_KINDS];      /* "dice": added to the roll */
  guint    from[CB_N_ZONES][CB_N_KINDS];            /* "from": not the active area … */
  guint    from_active[CB_N_KINDS][CB_N_FACES];    /* … and active dice by face */
  CbRoll   rolled;                /* "rolled": ready[] = the dice rolled */
  CbRoll   rolled2;               /* "rolled2": Mahatma's second roll */
  int      take;                  /* "take": CbKind, -1: none */
  int      take_cost;             /* "cost" of the die taken when untold, -1 */
  CbMove   bonus;                 /* "bonus" (Bob), with its "cost" and "fan" */
  guint    red_lines;
  gboolean finish;
  guint    n_fan_told;            /* "fan" for the ability's own fan advances */
  guint    fan_spaces[CB_FAN_LAST_SPACE];
  int      fan_told[CB_FAN_LAST_SPACE][2];
} CbAbilityForm;

/* Starts a form for @use (from cb_game_list_abilities) of @seat: required choices start
 * on the first value the board allows, optional ones empty. FALSE when the ability
 * cannot be used now. */
gboolean    cb_ability_form_init (CbAbilityForm *form, const CbGame *game, guint seat, const CbAbilityUse *use);
/* Reads the domains again for @game (values kept), e.g. after another player's entry;
 * FALSE when the ability cannot be used any more. */
gboolean    cb_ability_form_refresh (CbAbilityForm *form, const CbGame *game, guint seat);
/* The rolls follow the dice chosen ("dice", "from") and Mahatma's first roll: the dice
 * rolled are set again; faces entered stay where they still fit. */
void        cb_ability_form_sync_rolls (CbAbilityForm *form);
/* Dice chosen in "dice" / "from" in all. */
guint       cb_ability_form_count_chosen (const CbAbilityForm *form);
/* The action the form enters. */
char       *cb_ability_form_dup_action (const CbAbilityForm *form, const CbGame *game, guint seat);
/* "Bob: At the end of phase 6: gain all bonuses …", with "(special symbol)" when a
 * special symbol uses a normal ability (and forces the special one). Free with g_free(). */
char       *cb_presenter_dup_ability_title (const CbAbilityUse *use);
/* "Light grey · draw area": a die in a place, for the choosers. Free with g_free(). */
char       *cb_presenter_dup_die_place (CbKind kind, CbZone zone);
/* The translated name of an area ("draw area", "ready area", "active area", "rest zone"). */
const char *cb_presenter_zone_name (CbZone zone);

/* ---- Shop (phase 7) ---- */

/* Why @seat cannot buy a die of @colour now, or NULL when it can (with the known cost,
 * or asking for it when nobody has told it yet). Free with g_free(). */
char       *cb_presenter_dup_buy_reason (const DpGame *game, guint seat, guint colour);
char       *cb_presenter_buy_action (const CbGame *game, guint seat, guint colour, int cost);
/* A remembered cost corrected to what the card prints (cb_game_can_correct_cost()). */
char       *cb_presenter_correct_cost_action (const CbGame *game, guint seat, guint colour, guint cost);
/* Where the shown cost comes from: remembered from an earlier race or told in this race;
 * NULL while nobody told it (the card text says "cost ?": never a price the table did
 * not tell, issue 15 item 3). */
const char *cb_presenter_get_cost_origin (const CbGame *game, guint colour);
/* "Bob · 4 coins · 7 left" (cost "?" while nobody told it). Free with g_free(). */
char       *cb_presenter_dup_card_text (const CbGame *game, guint colour);

/* ---- Facts the table told in earlier races ---- */

/* Card costs and fan-track rewards told in the Cubitos games of @store (the newest game
 * holding a fact wins: dp_store_dup_known_facts(), one query, no replaying), as
 * {"costs": {...}, "fan_track": {...}} for a new setup. Never NULL. */
JsonObject *cb_presenter_dup_known_facts (DpStore *store);
/* A copy of @facts (may be NULL) with the table's reading of the red card at 0 swords
 * for the next setup (issue 25, item 5): "zero_swords": "tie" / "nobody"; none for
 * CB_ZERO_SWORDS_UNSET. Free with json_object_unref(). */
JsonObject *cb_presenter_dup_table_facts (JsonObject *facts, CbZeroSwords rule);
/* Setup text for a new race. @race 1..10; @track -1 = the race's; @laps 0 = the race's;
 * @first the seat holding the top dog; @facts from cb_presenter_dup_known_facts or NULL,
 * with the table's red-card rule as "zero_swords": "tie" / "nobody" where one is set
 * (cb_presenter_set_zero_swords). */
char       *cb_presenter_dup_setup (const char *const *names, guint n_names, guint race, int track,
                                    guint laps, guint first, JsonObject *facts);
/* Setup text for a free race: @cards one card index per colour (colour order), @track
 * a track index, @laps 0 = one lap. */
char       *cb_presenter_dup_free_setup (const char *const *names, guint n_names, const guint cards[CB_N_COLOURS],
                                         guint track, guint laps, guint first, JsonObject *facts);
/* The same race again with the same players (the facts told in @game carried over, and
 * its reading of the red card at 0 swords), the top dog with the player after the winner. */
char       *cb_presenter_dup_setup_again (const CbGame *game, JsonObject *facts);

G_END_DECLS
