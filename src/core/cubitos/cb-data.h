/* cb-data.h — Cubitos facts: dice faces, the 56 cards, the ten races, the tracks
 *
 * ONE table per kind of fact, in cb-data.c, each row citing its source and how sure
 * we are (shared/design/GAME-DATA.md and the csv files in shared/design/cubitos/). A correction is
 * a one-line change there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The kinds of dice. The eight ability colours are in the order of the German
 * glossary (red, orange, yellow, green, blue, purple, brown, white). */
typedef enum
{
  CB_KIND_LIGHT_GREY,
  CB_KIND_DARK_GREY,
  CB_KIND_TOP_DOG,      /* the first-player die, „Nase vorn“ */
  CB_KIND_RED,
  CB_KIND_ORANGE,
  CB_KIND_YELLOW,
  CB_KIND_GREEN,
  CB_KIND_BLUE,
  CB_KIND_PURPLE,
  CB_KIND_BROWN,
  CB_KIND_WHITE,
  CB_N_KINDS
} CbKind;

#define CB_FIRST_COLOUR  CB_KIND_RED
#define CB_N_COLOURS     8
#define CB_KIND_IS_COLOUR(k) ((guint) (k) >= CB_FIRST_COLOUR && (guint) (k) < CB_N_KINDS)
#define CB_KIND_IS_GREY(k)   ((k) == CB_KIND_LIGHT_GREY || (k) == CB_KIND_DARK_GREY)
/* Colour index 0..7 of an ability die kind. */
#define CB_COLOUR_OF(k)  ((guint) (k) - CB_FIRST_COLOUR)
#define CB_KIND_OF(c)    ((CbKind) ((c) + CB_FIRST_COLOUR))

/* What a face shows. TEAM is the colour's own symbol (on red dice: swords), SPECIAL the
 * same symbol with corner dots. */
typedef enum
{
  CB_FACE_BLANK,
  CB_FACE_COIN,    /* 1 coin */
  CB_FACE_COIN2,   /* 2 coins */
  CB_FACE_COIN3,   /* 3 coins */
  CB_FACE_STEP,    /* 1 step */
  CB_FACE_CREDIT,  /* 1 credit token */
  CB_FACE_TEAM,
  CB_FACE_SPECIAL,
  CB_N_FACES
} CbFace;

#define CB_DIE_SIDES 6

typedef enum
{
  CB_CERTAINTY_LOW,
  CB_CERTAINTY_MEDIUM,
  CB_CERTAINTY_HIGH,
} CbCertainty;

typedef struct
{
  const char  *key;                  /* text form: "light_grey", "red", … */
  const char  *name;                 /* N_() display name */
  CbFace       sides[CB_DIE_SIDES];
  guint        in_box;               /* dice of this kind in the box */
  CbCertainty  certainty;
} CbDieInfo;

const CbDieInfo *cb_die_info (CbKind kind);
const char      *cb_kind_to_string (CbKind kind);
gboolean         cb_kind_from_string (const char *str, CbKind *kind);
/* Translated name of a kind, e.g. "light grey" / "hellgrau". */
const char      *cb_kind_get_name (CbKind kind);
/* How many of the six sides of @kind show @face (0 when the die has no such face). */
guint            cb_kind_count_face (CbKind kind, CbFace face);

const char      *cb_face_to_string (CbFace face);
gboolean         cb_face_from_string (const char *str, CbFace *face);
const char      *cb_face_get_name (CbFace face);
/* A hit is every face that is not blank (rulebook p. 8, „Treffer“). */
#define CB_FACE_IS_HIT(f) ((f) != CB_FACE_BLANK)
guint            cb_face_coins (CbFace face);
guint            cb_face_steps (CbFace face);
guint            cb_face_credits (CbFace face);

/* ---- The 56 cards ---- */

typedef enum
{
  CB_TIMING_IMMEDIATE,   /* Sofort */
  CB_TIMING_ACTIVATED,   /* Aktivierbar */
  CB_TIMING_EVENT,       /* Ereignis */
  CB_TIMING_SUPPORT,     /* Unterstützung */
} CbTiming;

/* When exactly an ability may be used, beyond its timing keyword (rulebook p. 7 and the
 * glossary p. 12–15). */
typedef enum
{
  CB_WHEN_ANY,          /* what the timing says: Sofort on entering, Unterstützung in phase 5 */
  CB_WHEN_PUSH,         /* „wenn du riskierst, aber bevor du erneut wirfst“ */
  CB_WHEN_BUST,         /* „wenn du einen Fehlwurf erleidest“ */
  CB_WHEN_SAFE_PUSH,    /* event: „wenn du riskierst und … keinen Fehlwurf erleidest“ */
  CB_WHEN_RACE,         /* „jederzeit im Rennabschnitt“ */
  CB_WHEN_BEFORE_SHOP,  /* „unmittelbar vor Phase 7 (Einkaufen)“ */
  CB_WHEN_END_OF_MOVE,  /* „am Ende von Phase 6 (Bewegen)“ */
  CB_WHEN_RED_MOST,     /* red card: only who has the most swords */
  CB_WHEN_RED_ANY,      /* red card: everyone with at least 1 sword */
  CB_WHEN_PASSIVE,      /* never used as an action: each red special counts as 2 swords */
  CB_WHEN_AUTOMATIC,    /* happens by itself: Käsehäppchen's „push once more“ */
} CbWhen;

/* One ability of a card, as the table in cb-cards.c defines it. */
typedef struct
{
  CbTiming     timing;
  CbWhen       when;
  gboolean     special;     /* needs the special team symbol („Spezial-Team-Fähigkeit“) */
  gboolean     mandatory;   /* „Verpflichtend“ */
  gboolean     choice;      /* one of two options: using it uses the other (King Käs, Lieber O) */
  guint        dice_needed; /* active dice with the symbol one use needs (Mungojerrie: 2) */
  const char  *text;        /* N_() English text of the ability */
  CbCertainty  certainty;   /* of the timing and reading (docs/cubitos-notes.md) */
} CbAbilityInfo;

/* How the red cards break a tie for most swords (rulebook p. 11, „vergleichen“). */
typedef enum
{
  CB_TIE_NONE,           /* not a red card */
  CB_TIE_TOP_DOG,        /* „Nase vorn“: the tied player nearest the top dog clockwise */
  CB_TIE_NOBODY,         /* „Niemand“ */
  CB_TIE_EVERYONE,       /* no "most" comparison: everyone with at least 1 sword acts */
} CbTieRule;

typedef struct
{
  const char  *key;            /* stable id in the text form, from the English name */
  guint        colour;         /* 0..7, CB_COLOUR_OF() */
  guint        race;           /* 1..7: the blue race that uses it */
  const char  *name_en;        /* English name (cards_en_de.csv) */
  const char  *name_de;        /* official German name (rulebook) */
  CbTiming     timing;         /* timing of the first ability */
  gboolean     timing_printed; /* TRUE where the rulebook prints the keyword (csv `*`) */
  gboolean     has_mandatory;  /* some ability is „Verpflichtend“ */
  gboolean     double_swords;  /* red: each special symbol counts as 2 swords */
  CbTieRule    tie;            /* red cards only */
  CbCertainty  tie_certainty;
} CbCard;

#define CB_N_CARDS 56

const CbCard *cb_card (guint index);
/* Index of the card with key @key, or -1. */
int           cb_card_lookup (const char *key);
/* The card of @colour used in blue race @race (1..7). */
guint         cb_card_index (guint colour, guint race);
/* Translated card name („Cubitos card“ context; German: the rulebook's name). */
const char   *cb_card_get_name (guint card);
/* Abilities of a card, numbered from 1 as in the glossary („die erste / zweite Fähigkeit“). */
guint                cb_card_n_abilities (guint card);
const CbAbilityInfo *cb_card_ability (guint card, guint number);
/* Translated text of an ability. */
const char          *cb_card_ability_get_text (guint card, guint number);

/* The parameters an ability action may carry (docs/cubitos-notes.md, "The ability
 * action"): one bit per key of the text form. */
typedef enum
{
  CB_PARAM_LOSE      = 1 << 0,   /* "lose": one die given back (colour, area) */
  CB_PARAM_GIVE      = 1 << 1,   /* "give": one die (colour, area) into another player's rest zone */
  CB_PARAM_DIE       = 1 << 2,   /* "die" + "set": a die put into the active area, turned to a face */
  CB_PARAM_OTHER     = 1 << 3,   /* "other": another active die (colour, face) */
  CB_PARAM_DICE      = 1 << 4,   /* "dice": dice of the draw area added to the roll (per colour) */
  CB_PARAM_FROM      = 1 << 5,   /* "from": dice chosen from areas to be rolled */
  CB_PARAM_ROLLED    = 1 << 6,   /* "rolled": what the rolled dice show */
  CB_PARAM_ROLLED2   = 1 << 7,   /* "rolled2": what the second roll shows (Mahatma) */
  CB_PARAM_TAKE      = 1 << 8,   /* "take": a die taken from the supply */
  CB_PARAM_BONUS     = 1 << 9,   /* "bonus": the bonuses of a space, as "landed" (Bob) */
  CB_PARAM_COST      = 1 << 10,  /* "cost": the untold card cost of a die taken */
  CB_PARAM_FAN       = 1 << 11,  /* "fan": rewards of fan-track spaces never told */
  CB_PARAM_RED_LINES = 1 << 12,  /* "red_lines": red lines to the finish (Pronto Bronto) */
  CB_PARAM_FINISH    = 1 << 13,  /* "finish": the step reached the finish (Mutiger Maasdamer) */
} CbParam;

/* The CbParam bits ability @number of @card reads when used with a die showing @face
 * (TEAM, SPECIAL; BLANK for the red card): with the special symbol the normal ability
 * brings the special one along, and its parameters with it (p. 7). */
guint                cb_card_ability_get_params (guint card, guint number, CbFace face);

/* ---- Races and tracks ---- */

typedef struct
{
  const char *key;        /* "nothing-goes-right", … */
  const char *name_en;
  const char *name_de;    /* official German name */
} CbTrack;

#define CB_N_TRACKS 5     /* the four tracks plus the Grand Finale's combination */
#define CB_TRACK_GRAND_FINALE 4

const CbTrack *cb_track (guint index);
int            cb_track_lookup (const char *key);
/* Translated display name of a track. */
const char    *cb_track_get_name (guint index);

typedef struct
{
  guint        number;              /* 1..10 */
  const char  *name;                /* N_() */
  guint        card_race[CB_N_COLOURS]; /* per colour: the blue race whose card it uses */
  guint        track;
  guint        laps;                /* finish entries needed to end the race */
} CbRace;

#define CB_N_RACES 10

/* @number is 1..10 (8 Combomania, 9 Liebling der Fans, 10 Das Große Finale). */
const CbRace *cb_race (guint number);

/* ---- Constants of the rules ---- */

#define CB_MIN_PLAYERS          2
#define CB_MAX_PLAYERS          4
#define CB_START_LIGHT_GREY     7   /* rulebook p. 4, Spielvorbereitung 1 */
#define CB_START_DARK_GREY      2
#define CB_BASE_LIMIT           9   /* p. 8, Maximalwert: Startwert */
#define CB_DANGER_AT            3   /* p. 8, In Gefahr */
#define CB_COINS_PER_STEP       4   /* p. 9, 6. Bewegen */
#define CB_MAX_BUYS             2   /* p. 9, 7. Einkaufen */
#define CB_FAN_LAST_SPACE       13  /* p. 11, Fankurve */
/* Past space 13 each further advance gives „erneut je 6 [symbol lost in OCR]“; we read the
 * lost symbol as credit tokens (GAME-DATA.md fan_track.md: certainty LOW-MEDIUM). */
#define CB_FAN_PAST_LAST_CREDITS 6

G_END_DECLS
