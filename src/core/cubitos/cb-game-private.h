/* cb-game-private.h — the Cubitos state, shared by cb-game.c (the round) and
 * cb-cards.c (the card abilities). Not for use outside src/core/cubitos/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cb-game.h"
#include "cb-action.h"

G_BEGIN_DECLS

#define CB_MAX_COUNT   99   /* largest number accepted in any count of the text form */
/* More than all dice of the box (28 + 12 + 1 + 80): the active area never overflows. */
#define CB_MAX_ACTIVE  128

/* One die in the active area. Abilities are used per die (p. 7 „Fähigkeiten“: „all ihre
 * Fähigkeiten je einmal“), so the active area is kept die by die. */
typedef struct
{
  guint8 kind;      /* CbKind */
  guint8 face;      /* CbFace */
  guint8 used;      /* bit per ability of its card (bit 0 = ability 1) */
  guint8 flags;     /* CB_DIE_* */
} CbDie;

#define CB_DIE_FRESH      (1u << 0)  /* just entered: its Sofort abilities may be used */
#define CB_DIE_COLLECTED  (1u << 1)  /* its coins / steps / credits were collected */
#define CB_DIE_EVENT      (1u << 2)  /* may answer the event that just happened */
#define CB_DIE_SELF       (1u << 3)  /* the die using an ability (only during that ability) */

typedef struct
{
  guint    dice[CB_N_ZONES][CB_N_KINDS];
  guint    active_face[CB_N_KINDS][CB_N_FACES]; /* sums to dice[ACTIVE][kind] */
  CbDie    act[CB_MAX_ACTIVE];                  /* the active dice, one by one */
  guint    n_act;
  CbPhase  phase;
  gboolean danger;
  gboolean busted;
  gboolean collected;
  gboolean announced;
  gboolean safe_roll;       /* the next roll cannot bust (Piña Cubelada) */
  gboolean pushed;          /* pushed, the roll is not entered yet */
  gboolean must_push;       /* Käsehäppchen entered the active area: push once more */
  gboolean keep_on_bust;    /* Punk Grapefruit: green and grey dice stay active on the bust */
  gboolean red_used;        /* the red card's ability was used this round */
  gboolean shop_started;    /* phase 7 has begun (a buy, rest) */
  gboolean pre_shop;        /* an ability „unmittelbar vor Phase 7“ was used: phase 6 is over */
  guint    swords;
  guint    coins;
  guint    steps;
  guint    credits;
  guint    fans;
  guint    supply_tokens;
  guint    red_lines;
  guint    water;           /* water spaces the runner may still enter (Jesus Huanako, Dalai) */
  guint    bought;          /* bit per colour bought this round */
  gboolean moved;           /* walked or took a shortcut in this phase 6 */
  gboolean jet_used;        /* the jet boost of this round (p. 10: once per runner and round) */
  guint    shortcuts;       /* shortcuts taken in the whole race (the runner may be ahead) */
  guint    rounds_played;   /* rounds this player took part in (not the tie-break sat out) */
  guint    spaces;          /* walked in the whole race */
  guint    laps_done;
  gboolean finished;
  int      beyond;
  guint    ignore_mask;     /* kinds the refill ignores this round */
  guint    ignore_mask_next;
  gboolean no_limit;
  gboolean no_limit_next;
  gboolean took_credit;     /* this round (Schlägertyp) */
  gboolean lost_die;        /* this round (Azrael) */
  guint    to_return[CB_N_KINDS]; /* dice taken for this round only (Draftodon, Mungojerrie) */
  guint    n_busts;
  guint    n_bought;
  guint    n_abilities;     /* abilities used in the whole race (statistics) */
} CbPlayer;

typedef struct
{
  CbPlayer p[CB_MAX_PLAYERS];
  guint    supply[CB_N_KINDS];
  int      cost[CB_N_COLOURS];        /* -1: not told yet */
  guint    cost_fixed;                /* bit per colour: paid or told in this game */
  int      fan_reward[CB_N_FAN][2];   /* credits, supply tokens; -1: not told yet */
  guint    round;
  gboolean tiebreak;
  guint    participants;              /* bit per seat playing this round */
  guint    top_dog;
  gboolean red_done;
  int      red_winner;
  gboolean finished;
  guint    winners;                   /* bit per seat */
} CbBoard;

/* The actions applied since the setup, newest first; shared between copies of a game
 * (a copy takes a reference), so copying stays cheap. Undo says from it what it took
 * back (issue 25, item 3.11). */
typedef struct _CbLogEntry CbLogEntry;
struct _CbLogEntry
{
  guint       ref_count;
  guint       depth;          /* actions up to and including this one */
  CbLogEntry *prev;
  CbAction    action;
};

CbLogEntry  *cb_log_push (CbLogEntry *log, const CbAction *action);
void         cb_log_unref (CbLogEntry *log);

struct _CbGame
{
  guint   n_players;
  char   *names[CB_MAX_PLAYERS];
  guint   race;                       /* 1..10, 0 = free */
  guint   cards[CB_N_COLOURS];
  guint   track;
  guint   laps;
  guint   first;
  int     setup_cost[CB_N_COLOURS];
  int     setup_fan[CB_N_FAN][2];
  CbZeroSwords zero_swords;           /* the setup's "zero_swords" (issue 25, item 5) */
  CbBoard b;
  CbLogEntry *log;                    /* not part of the state the rules see */
};


/* ---- cb-game.c, used by cb-cards.c ---- */

extern const char *const cb_act_keys[CB_N_ACTIONS];

guint        cb_zone_total (const CbPlayer *p, CbZone zone);
gboolean     cb_is_participant (const CbBoard *b, guint seat);
const char  *cb_card_name (guint card);
void         cb_add_active (CbPlayer *p, CbKind kind, CbFace face);
/* Removes the active die at @index, keeping the face counts. */
void         cb_remove_active_at (CbPlayer *p, guint index);
/* Index of an active die of @kind showing @face (any face when @face < 0), preferring
 * the one that used the most abilities; -1 when there is none. */
int          cb_find_active (const CbPlayer *p, CbKind kind, int face);
void         cb_fan_unknown (int fan[CB_N_FAN][2]);
gboolean     cb_any_fan_fact (const int fan[CB_N_FAN][2]);

gboolean     cb_read_uint (JsonNode *node, const char *key, guint max, guint *out, GError **error);
gboolean     cb_read_true (JsonNode *node, const char *key, GError **error);
const char  *cb_read_string (JsonNode *node, const char *key, GError **error);
JsonObject  *cb_read_object (JsonNode *node, const char *key, GError **error);
gboolean     cb_read_kind (JsonNode *node, const char *key, CbKind *kind, GError **error);
gboolean     cb_read_zone (JsonNode *node, const char *key, CbZone *zone, GError **error);
gboolean     cb_read_counts (JsonNode *node, const char *key, guint counts[CB_N_KINDS], GError **error);
gboolean     cb_read_faces (JsonNode *node, const char *key, guint faces[CB_N_KINDS][CB_N_FACES],
                            gboolean blank_given[CB_N_KINDS], GError **error);
gboolean     cb_read_landed (JsonNode *node, const char *key, CbAction *a, GError **error);
gboolean     cb_read_fan_told (JsonNode *node, CbAction *a, GError **error);
void         cb_build_counts (JsonBuilder *bld, const guint counts[CB_N_KINDS]);
void         cb_build_faces (JsonBuilder *bld, const guint faces[CB_N_KINDS][CB_N_FACES]);
void         cb_build_landed (JsonBuilder *bld, const CbAction *a);
void         cb_build_fan_told (JsonBuilder *bld, const int fan[CB_N_FAN][2]);

gboolean     cb_advance_fans (CbGame *g, guint seat, guint n, gboolean take_credits,
                              const int (*told)[2], guint *entered, GError **error);
gboolean     cb_check_told_entered (const int told[CB_N_FAN][2], guint entered, GError **error);
gboolean     cb_lose_die (CbGame *g, guint seat, CbZone zone, CbKind kind, GError **error);
gboolean     cb_take_die (CbGame *g, guint seat, CbKind kind, CbZone zone, CbFace face,
                          int max_cost, int cost, GError **error);
int          cb_die_cost (const CbBoard *b, CbKind kind);
/* The bonuses of a space (landing, Bob): credits, fans, dice given back, a die taken. */
gboolean     cb_apply_bonus (CbGame *g, guint seat, const CbAction *a, GError **error);
/* Checks a roll entry of @available dice; fills in implied blanks. */
gboolean     cb_check_roll (const guint available[CB_N_KINDS], const guint in_faces[CB_N_KINDS][CB_N_FACES],
                            const gboolean blank_given[CB_N_KINDS],
                            guint faces[CB_N_KINDS][CB_N_FACES], guint *n_hits, GError **error);
/* Dice taken out of their areas are rolled: hits become active (fresh), the others go to
 * the ready area (p. 11 „Würfel zum Wurf hinzufügen“). */
gboolean     cb_roll_taken (CbGame *g, guint seat, const guint taken[CB_N_KINDS],
                            const guint in_faces[CB_N_KINDS][CB_N_FACES],
                            const gboolean blank_given[CB_N_KINDS], guint *n_hits, GError **error);
/* Takes @chosen dice from the draw area (all of it first, then the rest zone shuffled
 * in, p. 11) and rolls them. */
gboolean     cb_add_to_roll_internal (CbGame *g, guint seat, const guint chosen[CB_N_KINDS],
                                      const guint faces[CB_N_KINDS][CB_N_FACES],
                                      const gboolean blank_given[CB_N_KINDS], GError **error);
/* Sample fan rewards for the next space of @seat when untold; returns how many. */
guint        cb_fan_variants (const CbGame *g, guint seat, int told[3][CB_N_FAN][2]);
/* Sample outcomes of rolling @dice, as face tables (pushes copies into @out, at most @cap). */
void         cb_sample_rolls (const guint dice[CB_N_KINDS], GArray *out, guint cap);

/* ---- cb-cards.c, used by cb-game.c ---- */

typedef enum
{
  CB_CHECK_PASS,       /* before passing (Käsehäppchen) */
  CB_CHECK_ROLL,       /* before the roll after a push (Bar Bar) */
  CB_CHECK_MOVE,       /* before leaving phase 5 (support abilities, the red card) */
  CB_CHECK_SHOP,       /* before buying or resting (Schlägertyp) */
} CbCheckPoint;

/* FALSE with an ILLEGAL error naming the card when a mandatory ability stops the player. */
gboolean     cb_cards_check_mandatory (const CbGame *g, guint seat, CbCheckPoint point, GError **error);
gboolean     cb_cards_parse (const CbGame *g, JsonObject *o, JsonNode *verb, CbAction *a, GError **error);
void         cb_cards_build (const CbGame *g, const CbAction *a, JsonBuilder *bld);
gboolean     cb_cards_apply (CbGame *g, const CbAction *a, GError **error);
void         cb_cards_list (GArray *out, const CbGame *g, guint seat);
/* After a roll: marks the dice that may answer the "push without bust" event, and sets
 * the Käsehäppchen obligation. */
void         cb_cards_after_roll (CbGame *g, guint seat, gboolean was_push, gboolean busted);
/* The card whose mandatory ability holds @seat back now, or -1. */
int          cb_cards_holding_card (const CbGame *g, guint seat);
/* Dice entered the active area (roll section): Käsehäppchen's „Sofort“ obligation. */
void         cb_cards_entered (CbGame *g, guint seat);

/* ---- shared between the files of the round (cb-game.c, cb-action.c, cb-apply.c,
 * cb-round.c, cb-legal.c, cb-replay.c) ---- */

/* Board helpers (cb-game.c) */
void         cb_remove_active (CbPlayer *p, CbKind kind, int face);
void         cb_move_all (CbPlayer *p, CbZone from, CbZone to);
/* The next participating seat clockwise from @seat (seat order is clockwise). */
guint        cb_next_participant (const CbGame *g, guint seat);
gboolean     cb_can_act (const CbGame *g, guint seat);
guint        cb_card_of (const CbGame *g, CbKind kind);
char        *cb_node_to_text (JsonNode *node);
/* Dice that count toward the limit (p. 8): not the top dog, not the kinds ignored. */
gboolean     cb_counts_for_limit (const CbPlayer *p, guint kind);
/* The ready limit (p. 8 „Maximalwert“): 9, supply tokens, this round's red lines. */
guint        cb_limit_of (const CbPlayer *p);
/* Whether another runner may stand ahead of @seat's (red lines can count, p. 8). */
gboolean     cb_someone_may_be_ahead (const CbGame *g, guint seat);

/* The text form (cb-action.c) */
JsonArray   *cb_read_array (JsonNode *node, const char *key, GError **error);
gboolean     cb_read_fan_entry (JsonObject *e, guint space, int fan[CB_N_FAN][2], GError **error);
/* Reads @o into @a; resolves the player (named, or the only one who can act now). */
gboolean     cb_parse_action (const CbGame *g, JsonObject *o, CbAction *a, GError **error);

/* Applying (cb-apply.c) */
gboolean     cb_wrong_phase (const CbGame *g, guint seat, CbActionType type, GError **error);

/* The round's own steps (cb-round.c) */
void         cb_start_race_section_if_ready (CbGame *g);
void         cb_evaluate_red_card (CbGame *g);
gboolean     cb_enter_move_phase (CbGame *g, guint seat, CbActionType type, GError **error);
void         cb_end_round_if_ready (CbGame *g);

/* The replay JSON (cb-replay.c) */
void         cb_replay_add_json (const CbGame *g, JsonObject *o);
void         cb_replay_add_player_json (const CbGame *g, guint seat, JsonObject *o);
JsonObject  *cb_replay_seat_stats (const CbGame *g, guint seat);

G_END_DECLS
