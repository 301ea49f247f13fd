/* cb-cards.c — the abilities of the 56 Cubitos cards, one table-driven definition per card
 *
 * Source: the German rulebook's glossary (shared/rules/cubitos-rules-de.txt, p. 12–15,
 * „Glossar: Karten“), the general rules of abilities (p. 7 „Fähigkeiten“, p. 11
 * „Zusätzliche Regeln“) and shared/design/cubitos/cards_en_de.csv (timings marked `*`
 * are printed in the rulebook, the others inferred from the glossary's wording). Every
 * reading where the OCR lost a symbol or the text leaves a choice is in
 * docs/cubitos-notes.md, "Card abilities", with its certainty.
 *
 * Each ability is a short list of generic steps (gain, lose a die, add dice to a roll,
 * take a die, move a die, …) with its timing and whether it is mandatory. One engine
 * (ability_usable, run_steps) checks the timing and runs the steps for every card.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dp-game-private.h"
#include "cb-game-private.h"

typedef enum
{
  OP_END,
  OP_COINS,             /* n coins (only when every kind of @cond has an active die) */
  OP_STEPS,             /* n steps (idem) */
  OP_CREDITS,           /* n credit tokens (idem) */
  OP_FAN,               /* n fans, without the credits of the spaces (idem) */
  OP_STEPS_FANS,        /* steps = fans / n */
  OP_CREDITS_FANS,      /* credits = fans / n */
  OP_STEPS_PER_ACTIVE,  /* steps = active dice / n */
  OP_STEPS_PER_KINDS,   /* steps = active dice of the kinds in @kinds */
  OP_STEPS_PER_COLOURS, /* steps = colours among the active dice */
  OP_STEPS_RED_LINES,   /* n steps per 3 red lines to the finish ("red_lines") */
  OP_DOUBLE_STEPS,
  OP_REPEAT_GREY,       /* the coins and steps of the active grey dice again */
  OP_WATER,             /* n water spaces may be entered */
  OP_STEP_NOW,          /* 1 step, walked at once ("finish") */
  OP_LOSE_SELF,         /* „Gib diesen Würfel ab“ */
  OP_LOSE,              /* "lose": a die of @kinds (0: any) from @zones; @opt: may be left out */
  OP_ADD_TO_ROLL,       /* n dice from the draw area are rolled ("dice", "rolled") */
  OP_ROLL_FROM,         /* chosen dice are rolled ("from", "rolled"), rule n (ROLL_*) */
  OP_ROLL_ALL,          /* all dice of @kinds in @zones are rolled ("rolled") */
  OP_ROLL_READY_TWICE,  /* all ready dice rolled, then again ("rolled", "rolled2") */
  OP_IGNORE_BUST_IF_HIT,
  OP_IGNORE_BUST,
  OP_KEEP_ON_BUST,
  OP_READY_TO_ACTIVE,   /* "die" from the ready area into the active area, turned to "set" */
  OP_BORROW,            /* "die" (not of @kinds) from the supply into the active area, "set";
                           given back at the end of the round */
  OP_TAKE,              /* a die from the supply into the rest zone, rule n (TAKE_*) */
  OP_SELF_TO_READY,
  OP_OTHER_TO_READY,    /* "other": another active die into the ready area */
  OP_SAFE_ROLL,
  OP_SKIP_LIMIT,        /* next refill ignores @kinds; n = 1: no limit at all */
  OP_BONUS,             /* "bonus": the bonuses of a space (Bob) */
  OP_CREDITS_PER_FEWER, /* 1 credit per player with fewer swords */
  OP_GIVE_TO_FEWEST,    /* "give": a die into the rest zone of a player with the fewest swords */
  OP_MUST_PUSH,         /* automatic: push at least once more */
} CbOp;

enum { ROLL_GREY = 1, ROLL_NON_RED, ROLL_DISTINCT };
enum { TAKE_RED = 1, TAKE_GREY, TAKE_UP_TO_FANS };

/* requirements of an ability beyond its timing */
enum
{
  REQ_TOOK_CREDIT  = 1 << 0,  /* Schlägertyp */
  REQ_BUSTED       = 1 << 1,  /* Punk Grapefruit */
  REQ_LOST_DIE     = 1 << 2,  /* Azrael */
  REQ_FEWER        = 1 << 3,  /* Jacques Couteau, Katrin: somebody has fewer swords */
  REQ_NO_TIEBREAK  = 1 << 4,  /* Pronto Bronto */
};

typedef struct
{
  guint8  op;
  guint8  n;
  guint8  zones;   /* bit per CbZone */
  guint8  opt;
  guint16 cond;    /* kinds that must each have an active die */
  guint16 kinds;   /* kinds the step is about */
} CbStep;

#define MAX_STEPS 4
#define MAX_ABILITIES 3

typedef struct
{
  CbAbilityInfo info;
  guint         req;
  CbStep        steps[MAX_STEPS];
} CbAbility;

typedef struct
{
  guint     n;
  CbAbility ab[MAX_ABILITIES];
} CbCardDef;

#define K(k)        (1u << (k))
#define GREY        (K (CB_KIND_LIGHT_GREY) | K (CB_KIND_DARK_GREY))
#define RED         K (CB_KIND_RED)
#define ORANGE      K (CB_KIND_ORANGE)
#define YELLOW      K (CB_KIND_YELLOW)
#define GREEN       K (CB_KIND_GREEN)
#define PURPLE      K (CB_KIND_PURPLE)
#define BROWN       K (CB_KIND_BROWN)
#define WHITE       K (CB_KIND_WHITE)
#define ALL_ZONES   0xf
#define Z(z)        (1u << (z))

#define S_(op, n)              { op, n, 0, 0, 0, 0 }
#define SC(op, n, cond)        { op, n, 0, 0, cond, 0 }
#define SK(op, n, kinds)       { op, n, 0, 0, 0, kinds }
#define SLOSE(zones, kinds, opt, cond) { OP_LOSE, 0, zones, opt, cond, kinds }
#define SZ(op, n, zones, kinds) { op, n, zones, 0, 0, kinds }

#define SO  CB_TIMING_IMMEDIATE
#define AK  CB_TIMING_ACTIVATED
#define EV  CB_TIMING_EVENT
#define UN  CB_TIMING_SUPPORT
#define HI  CB_CERTAINTY_HIGH
#define ME  CB_CERTAINTY_MEDIUM
#define LO  CB_CERTAINTY_LOW

/* AB (timing, when, special, mandatory, choice, dice, text, certainty, req, steps…) */
#define AB(t, w, sp, m, ch, d, text, cert, req, ...) \
  { { t, w, sp, m, ch, d, text, cert }, req, { __VA_ARGS__ } }
#define PASSIVE_2_SWORDS \
  AB (UN, CB_WHEN_PASSIVE, TRUE, FALSE, FALSE, 1, \
      N_("Each red special team symbol you rolled counts as 2 swords."), HI, 0, S_ (OP_END, 0))

/* Index = card index of cb-data.c (colour * 7 + blue race - 1). Glossary citations are
 * the German headings of p. 12–15. */
static const CbCardDef card_defs[CB_N_CARDS] = {
  /* ---- red: evaluated once in phase 5 (p. 11 „vergleichen“) ---- */
  /* Mr. Krabs (p. 2 card, p. 12): „Nimm dir 3 Kredit-Plättchen. Du erhältst 2 Schritte.
   * Gib zudem 1 roten Würfel ab.“ */
  { 1, { AB (UN, CB_WHEN_RED_MOST, FALSE, TRUE, FALSE, 0,
             N_("Most swords: take 3 credits, gain 2 steps, then give back 1 red die."), HI, 0,
             S_ (OP_CREDITS, 3), S_ (OP_STEPS, 2), SLOSE (ALL_ZONES, RED, 0, 0)) } },
  /* Dieter: next round's refill does not count green and white dice */
  { 1, { AB (UN, CB_WHEN_RED_MOST, FALSE, TRUE, FALSE, 0,
             N_("Most swords: next round your refill does not count green and white dice; give back 1 red die."), HI, 0,
             SK (OP_SKIP_LIMIT, 0, GREEN | WHITE), SLOSE (ALL_ZONES, RED, 0, 0)) } },
  /* Aufschneider: „so viele Schritte, wie die Anzahl deiner Fans“ */
  { 1, { AB (UN, CB_WHEN_RED_MOST, FALSE, TRUE, FALSE, 0,
             N_("Most swords: gain as many steps as you have fans; give back 1 red die."), HI, 0,
             S_ (OP_STEPS_FANS, 1), SLOSE (ALL_ZONES, RED, 0, 0)) } },
  /* Jacques Couteau: 2 non-red dice per player with fewer swords, rolled (p. 11 rule) */
  { 2, { PASSIVE_2_SWORDS,
         AB (UN, CB_WHEN_RED_ANY, FALSE, FALSE, FALSE, 0,
             N_("Everyone with at least 1 sword: for each player with fewer swords, roll 2 of your non-red dice from any areas (add them to the roll)."), HI,
             REQ_FEWER, S_ (OP_ROLL_FROM, ROLL_NON_RED)) } },
  /* Uppercut-Uwe: „Du hast keinen Maximalwert“, dice from any areas */
  { 1, { AB (UN, CB_WHEN_RED_MOST, FALSE, TRUE, FALSE, 0,
             N_("Most swords: next round you refill with any dice from any areas, without a limit; give back 1 red die."), HI, 0,
             S_ (OP_SKIP_LIMIT, 1), SLOSE (ALL_ZONES, RED, 0, 0)) } },
  /* Edward: „Gib zuerst 1 roten Würfel ab. Nimm danach 1 Würfel … Ruhezone der Person, die
   * … am wenigsten hat“ */
  { 2, { PASSIVE_2_SWORDS,
         AB (UN, CB_WHEN_RED_MOST, FALSE, TRUE, FALSE, 0,
             N_("Most swords: first give back 1 red die, then put 1 of your dice into the rest zone of a player with the fewest swords."), HI, 0,
             SLOSE (ALL_ZONES, RED, 0, 0), S_ (OP_GIVE_TO_FEWEST, 0)) } },
  /* Katrin: „für jede Person, die weniger hat als du, 1 Kredit-Plättchen“ */
  { 2, { PASSIVE_2_SWORDS,
         AB (UN, CB_WHEN_RED_ANY, FALSE, FALSE, FALSE, 0,
             N_("Everyone with at least 1 sword: take 1 credit for each player with fewer swords."), HI,
             REQ_FEWER, S_ (OP_CREDITS_PER_FEWER, 0)) } },

  /* ---- orange ---- */
  /* Lasse Liefern: „Du fügst 3 Würfel zum Wurf hinzu“ */
  { 1, { AB (SO, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1, N_("Add 3 dice to the roll."), HI, 0,
             S_ (OP_ADD_TO_ROLL, 3)) } },
  /* Justin: timing not printed; read as support (csv) */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("Give back 1 die from your ready area."), ME, 0,
             SLOSE (Z (CB_ZONE_READY), 0, 0, 0)) } },
  /* Edeljoker: „Du gibst diesen Würfel ab. Danach gibst du 1 Würfel deiner Wahl ab“ */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("Give back this die, then 1 die of your choice from any area."), ME, 0,
             S_ (OP_LOSE_SELF, 0), SLOSE (ALL_ZONES, 0, 0, 0)) } },
  /* Schlägertyp: SOFORT +2; AKTIVIERBAR „unmittelbar vor Phase 7“, verpflichtend */
  { 2, { AB (SO, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1, N_("Add 2 dice to the roll."), HI, 0,
             S_ (OP_ADD_TO_ROLL, 2)),
         AB (AK, CB_WHEN_BEFORE_SHOP, FALSE, TRUE, FALSE, 1,
             N_("Right before shopping: if you took a credit this round, give back 1 die."), HI,
             REQ_TOOK_CREDIT, SLOSE (ALL_ZONES, 0, 0, 0)) } },
  /* Lieber O: „Wähle 1 der folgenden Optionen“ */
  { 2, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, TRUE, 1, N_("Gain 2 coins (instead of the credits)."), ME, 0,
             S_ (OP_COINS, 2)),
         AB (UN, CB_WHEN_ANY, FALSE, FALSE, TRUE, 1,
             N_("Take half as many credits as you have fans, rounded down (instead of the coins)."), ME, 0,
             S_ (OP_CREDITS_FANS, 2)) } },
  /* Holzbein: 5 coins; special, mandatory in phase 5: 1 step, then give back this die */
  { 2, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1, N_("Gain 5 coins."), HI, 0, S_ (OP_COINS, 5)),
         AB (UN, CB_WHEN_ANY, TRUE, TRUE, FALSE, 1,
             N_("Special: gain 1 step, then give back this die."), HI, 0,
             S_ (OP_STEPS, 1), S_ (OP_LOSE_SELF, 0)) } },
  /* Wadenbeißer: „Lege 1 Würfel aus deiner Bereitschaft in deinen Aktionsbereich und
   * drehe ihn auf eine Seite deiner Wahl“ */
  { 1, { AB (SO, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("Put 1 die from your ready area into your active area, turned to a face of your choice."), HI, 0,
             S_ (OP_READY_TO_ACTIVE, 0)) } },

  /* ---- yellow ---- */
  /* Mutiger Maasdamer: „wenn du riskierst und … keinen Fehlwurf erleidest. Du erhältst
   * 1 Schritt, den du sofort … verwenden musst“ */
  { 1, { AB (EV, CB_WHEN_SAFE_PUSH, FALSE, FALSE, FALSE, 1,
             N_("When you push and do not bust: move your runner 1 space at once."), ME, 0,
             S_ (OP_STEP_NOW, 0)) } },
  /* King Käs: „Erhalte 1 Schritt ODER … halb so viele Schritte … wie … Fans“ */
  { 2, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, TRUE, 1, N_("Gain 1 step (instead of the other option)."), HI, 0,
             S_ (OP_STEPS, 1)),
         AB (UN, CB_WHEN_ANY, FALSE, FALSE, TRUE, 1,
             N_("Gain half as many steps as you have fans, rounded down (instead of the 1 step)."), HI, 0,
             S_ (OP_STEPS_FANS, 2)) } },
  /* Obatzda: event +1 die; special (support): 1 step per 4 active dice */
  { 2, { AB (EV, CB_WHEN_SAFE_PUSH, FALSE, FALSE, FALSE, 1,
             N_("When you push and do not bust: add 1 die to the roll."), ME, 0,
             S_ (OP_ADD_TO_ROLL, 1)),
         AB (UN, CB_WHEN_ANY, TRUE, FALSE, FALSE, 1,
             N_("Special: gain 1 step for every 4 active dice."), ME, 0,
             S_ (OP_STEPS_PER_ACTIVE, 4)) } },
  /* Handkäs mit Muckis: 2 steps; special: next refill does not count grey dice */
  { 2, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1, N_("Gain 2 steps."), HI, 0, S_ (OP_STEPS, 2)),
         AB (UN, CB_WHEN_ANY, TRUE, FALSE, FALSE, 1,
             N_("Special: next round your refill does not count grey dice."), HI, 0,
             SK (OP_SKIP_LIMIT, 0, GREY)) } },
  /* Brutaler Brie: 2 steps; special, mandatory: 3 coins, then give back this die */
  { 2, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1, N_("Gain 2 steps."), HI, 0, S_ (OP_STEPS, 2)),
         AB (UN, CB_WHEN_ANY, TRUE, TRUE, FALSE, 1,
             N_("Special: gain 3 coins, then give back this die."), HI, 0,
             S_ (OP_COINS, 3), S_ (OP_LOSE_SELF, 0)) } },
  /* Käsehäppchen: Sofort, mandatory: push at least once more; then 3 steps */
  { 2, { AB (SO, CB_WHEN_AUTOMATIC, FALSE, TRUE, FALSE, 1,
             N_("When it enters your active area: you must push at least once more."), HI, 0,
             S_ (OP_MUST_PUSH, 0)),
         AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1, N_("Gain 3 steps."), HI, 0, S_ (OP_STEPS, 3)) } },
  /* Dreikäsehoch: brown active → 2 steps; orange active → may give back 1 ready die */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("With an active brown die: gain 2 steps. With an active orange die: you may give back 1 die from your ready area."), HI, 0,
             SC (OP_STEPS, 2, BROWN), SLOSE (Z (CB_ZONE_READY), 0, 1, ORANGE)) } },

  /* ---- green ---- */
  /* Einer geht noch: „wenn du riskierst, aber bevor du erneut wirfst. Lege diesen Würfel
   * in deine Bereitschaft“ */
  { 1, { AB (AK, CB_WHEN_PUSH, FALSE, FALSE, FALSE, 1,
             N_("When you push, before the roll: put this die into your ready area."), HI, 0,
             S_ (OP_SELF_TO_READY, 0)) } },
  /* Piña Cubelada: this roll cannot bust */
  { 1, { AB (AK, CB_WHEN_PUSH, FALSE, FALSE, FALSE, 1,
             N_("When you push, before the roll: this roll cannot bust."), HI, 0,
             S_ (OP_SAFE_ROLL, 0)) } },
  /* Cubela Libre: „gib diesen Würfel ab, um den Fehlwurf zu ignorieren“ */
  { 1, { AB (AK, CB_WHEN_BUST, FALSE, FALSE, FALSE, 1,
             N_("When you bust: give back this die to ignore the bust."), HI, 0,
             S_ (OP_LOSE_SELF, 0), S_ (OP_IGNORE_BUST, 0)) } },
  /* Bar Bar: to ready; special, mandatory: 1 other active die to ready before the roll */
  { 2, { AB (AK, CB_WHEN_PUSH, FALSE, FALSE, FALSE, 1,
             N_("When you push, before the roll: put this die into your ready area."), HI, 0,
             S_ (OP_SELF_TO_READY, 0)),
         AB (AK, CB_WHEN_PUSH, TRUE, TRUE, FALSE, 1,
             N_("Special: when you push, before the roll, put 1 other active die into your ready area."), HI, 0,
             S_ (OP_OTHER_TO_READY, 0)) } },
  /* Bertha Trocken: to ready; special: double your steps (support) */
  { 2, { AB (AK, CB_WHEN_PUSH, FALSE, FALSE, FALSE, 1,
             N_("When you push, before the roll: put this die into your ready area."), HI, 0,
             S_ (OP_SELF_TO_READY, 0)),
         AB (UN, CB_WHEN_ANY, TRUE, FALSE, FALSE, 1,
             N_("Special: double your steps (use your other step abilities first)."), ME, 0,
             S_ (OP_DOUBLE_STEPS, 0)) } },
  /* Granatananas: roll any grey dice; a hit ignores the bust */
  { 1, { AB (AK, CB_WHEN_BUST, FALSE, FALSE, FALSE, 1,
             N_("When you bust: roll any of your grey dice from any areas; with at least 1 hit the bust is ignored."), HI, 0,
             S_ (OP_ROLL_FROM, ROLL_GREY), S_ (OP_IGNORE_BUST_IF_HIT, 0)) } },
  /* Punk Grapefruit: keep green and grey dice on the bust; phase 5 after a bust: up to
   * 9 dice of different colours from the draw and ready areas are rolled */
  { 2, { AB (AK, CB_WHEN_BUST, FALSE, FALSE, FALSE, 1,
             N_("When you bust: your green and grey dice stay in your active area."), HI, 0,
             S_ (OP_KEEP_ON_BUST, 0)),
         AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("If you busted this round: roll up to 9 dice of different colours from your draw and ready areas (add them to the roll)."), HI,
             REQ_BUSTED, S_ (OP_ROLL_FROM, ROLL_DISTINCT)) } },

  /* ---- blue ---- */
  /* Bob: at the end of phase 6, the bonuses of a space 1 or 2 spaces away */
  { 1, { AB (UN, CB_WHEN_END_OF_MOVE, FALSE, FALSE, FALSE, 1,
             N_("At the end of phase 6: gain all bonuses of a space 1 or 2 spaces away from your runner."), HI, 0,
             S_ (OP_BONUS, 0)) } },
  /* Jesus Huanako: 2 steps that may enter up to 2 water spaces */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("Gain 2 steps; they may enter up to 2 water spaces."), HI, 0,
             S_ (OP_STEPS, 2), S_ (OP_WATER, 2)) } },
  /* Rama Lama (p. 2 card): 3 coins; special: 1 fan, but no credits from it */
  { 2, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1, N_("Gain 3 coins."), HI, 0, S_ (OP_COINS, 3)),
         AB (UN, CB_WHEN_ANY, TRUE, FALSE, FALSE, 1,
             N_("Special: gain 1 fan, but take no credits for it."), HI, 0, S_ (OP_FAN, 1)) } },
  /* Dalai: 3 coins, 1 step that may enter exactly 1 water space */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("Gain 3 coins and 1 step; it may enter 1 water space."), HI, 0,
             S_ (OP_COINS, 3), S_ (OP_STEPS, 1), S_ (OP_WATER, 1)) } },
  /* Martha Lama King: 2 coins, then 1 red die from the supply into the rest zone */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("Gain 2 coins, then take 1 red die from the supply into your rest zone for free."), HI, 0,
             S_ (OP_COINS, 2), S_ (OP_TAKE, TAKE_RED)) } },
  /* Lamalala: roll all grey and white dice of the ready and draw areas */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("Roll all grey and white dice of your ready and draw areas (add them to the roll)."), ME, 0,
             SZ (OP_ROLL_ALL, 0, Z (CB_ZONE_READY) | Z (CB_ZONE_DRAW), GREY | WHITE)) } },
  /* Mahatma: 2 coins, then twice: roll all ready dice */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("Gain 2 coins, then twice: roll all dice of your ready area (add them to the roll)."), ME, 0,
             S_ (OP_COINS, 2), S_ (OP_ROLL_READY_TWICE, 0)) } },

  /* ---- purple ---- */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1, N_("Gain 4 steps."), HI, 0, S_ (OP_STEPS, 4)) } },
  /* Strategos Paralysix: 2 steps, +2 with an active red die, +1 with an active orange */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("Gain 2 steps; 2 more with an active red die, 1 more with an active orange die."), HI, 0,
             S_ (OP_STEPS, 2), SC (OP_STEPS, 2, RED), SC (OP_STEPS, 1, ORANGE)) } },
  /* Draftodon: a non-purple die from the supply, active, any face, back at the end of
   * the round (timing not printed: read as Sofort, csv); mandatory: 4 steps, give back */
  { 2, { AB (SO, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("Take 1 non-purple die from the supply into your active area, turned to a face of your choice; give it back at the end of the round."), LO, 0,
             SK (OP_BORROW, 0, PURPLE)),
         AB (UN, CB_WHEN_ANY, FALSE, TRUE, FALSE, 1,
             N_("Gain 4 steps, then give back this die."), HI, 0,
             S_ (OP_STEPS, 4), S_ (OP_LOSE_SELF, 0)) } },
  /* Taktopterix: steps = colours among the active dice */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("Gain 1 step for each colour among your active dice."), HI, 0,
             S_ (OP_STEPS_PER_COLOURS, 0)) } },
  /* Sammlognathus: 2 steps, +2 with an active brown die, +1 with an active yellow */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("Gain 2 steps; 2 more with an active brown die, 1 more with an active yellow die."), HI, 0,
             S_ (OP_STEPS, 2), SC (OP_STEPS, 2, BROWN), SC (OP_STEPS, 1, YELLOW)) } },
  /* Bietodactylus: steps = active white and grey dice */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("Gain 1 step for each active white or grey die."), HI, 0,
             SK (OP_STEPS_PER_KINDS, 0, WHITE | GREY)) } },
  /* Pronto Bronto: 2 steps per 3 red lines to the finish; nothing in a tie-break */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("Gain 2 steps for every 3 red lines between your runner and the finish (not in tie-break rounds)."), HI,
             REQ_NO_TIEBREAK, S_ (OP_STEPS_RED_LINES, 2)) } },

  /* ---- brown: mandatory, given back after use ---- */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, TRUE, FALSE, 1,
             N_("Gain 3 coins, then give back this die."), HI, 0,
             S_ (OP_COINS, 3), S_ (OP_LOSE_SELF, 0)) } },
  /* Alexander G. Bell: 2 credits; white and red active: 1 fan without credits */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, TRUE, FALSE, 1,
             N_("Take 2 credits; with an active white and an active red die gain 1 fan (no credits for it); then give back this die."), HI, 0,
             S_ (OP_CREDITS, 2), SC (OP_FAN, 1, WHITE | RED), S_ (OP_LOSE_SELF, 0)) } },
  /* Trüffelterrier: event: 1 credit; mandatory: give back this die */
  { 2, { AB (EV, CB_WHEN_SAFE_PUSH, FALSE, FALSE, FALSE, 1,
             N_("When you push and do not bust: take 1 credit."), ME, 0, S_ (OP_CREDITS, 1)),
         AB (UN, CB_WHEN_ANY, FALSE, TRUE, FALSE, 1, N_("Give back this die."), HI, 0,
             S_ (OP_LOSE_SELF, 0)) } },
  /* Daisy Mooshammer: the coins and steps of the active grey dice once more */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, TRUE, FALSE, 1,
             N_("Gain again the coins and steps of your active grey dice, then give back this die."), HI, 0,
             S_ (OP_REPEAT_GREY, 0), S_ (OP_LOSE_SELF, 0)) } },
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, TRUE, FALSE, 1,
             N_("Gain 2 steps, then give back this die."), HI, 0,
             S_ (OP_STEPS, 2), S_ (OP_LOSE_SELF, 0)) } },
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, TRUE, FALSE, 1,
             N_("Take 2 credits, then give back this die."), HI, 0,
             S_ (OP_CREDITS, 2), S_ (OP_LOSE_SELF, 0)) } },
  /* Allzweck-Akita: Sofort +2; mandatory: 2 coins, give back */
  { 2, { AB (SO, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1, N_("Add 2 dice to the roll."), HI, 0,
             S_ (OP_ADD_TO_ROLL, 2)),
         AB (UN, CB_WHEN_ANY, FALSE, TRUE, FALSE, 1,
             N_("Gain 2 coins, then give back this die."), HI, 0,
             S_ (OP_COINS, 2), S_ (OP_LOSE_SELF, 0)) } },

  /* ---- white ---- */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1, N_("Gain 2 steps."), HI, 0, S_ (OP_STEPS, 2)) } },
  /* Snowball: a die costing at most your fans, into the rest zone */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("Take 1 die costing at most as many coins as you have fans from the supply into your rest zone for free."), HI, 0,
             S_ (OP_TAKE, TAKE_UP_TO_FANS)) } },
  /* Garfield: 1 coin, 3 steps, 1 light or dark grey die if available */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("Gain 1 coin and 3 steps; take 1 light or dark grey die from the supply if there is one."), HI, 0,
             S_ (OP_COINS, 1), S_ (OP_STEPS, 3), S_ (OP_TAKE, TAKE_GREY)) } },
  /* Ted the Cat: brown active → 2 coins; green active → 3 coins */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1,
             N_("Gain 2 coins with an active brown die and 3 coins with an active green die."), HI, 0,
             SC (OP_COINS, 2, BROWN), SC (OP_COINS, 3, GREEN)) } },
  /* Mungojerrie: 2 active Mungojerrie per use; any die from the supply, active, any face,
   * back at the end of the round (timing read as support, csv) */
  { 1, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 2,
             N_("Using 2 active dice: take 1 die from the supply into your active area, turned to a face of your choice; give it back at the end of the round."), ME, 0,
             SK (OP_BORROW, 0, 0)) } },
  { 1, { AB (SO, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1, N_("Add 2 dice to the roll."), HI, 0,
             S_ (OP_ADD_TO_ROLL, 2)) } },
  /* Azrael: 1 step; any time in the race section: 3 credits after giving back a die */
  { 2, { AB (UN, CB_WHEN_ANY, FALSE, FALSE, FALSE, 1, N_("Gain 1 step."), HI, 0, S_ (OP_STEPS, 1)),
         AB (AK, CB_WHEN_RACE, FALSE, FALSE, FALSE, 1,
             N_("Any time in the race section: take 3 credits if you gave back a die this round."), HI,
             REQ_LOST_DIE, S_ (OP_CREDITS, 3)) } },
};

/* ---- the table, for the UI ---- */

guint
cb_card_n_abilities (guint card)
{
  g_return_val_if_fail (card < CB_N_CARDS, 0);
  return card_defs[card].n;
}

const CbAbilityInfo *
cb_card_ability (guint card,
                 guint number)
{
  g_return_val_if_fail (card < CB_N_CARDS, NULL);
  g_return_val_if_fail (number >= 1 && number <= card_defs[card].n, NULL);
  return &card_defs[card].ab[number - 1].info;
}

const char *
cb_card_ability_get_text (guint card,
                          guint number)
{
  const CbAbilityInfo *info = cb_card_ability (card, number);
  return info != NULL ? _(info->text) : NULL;
}

const char *
cb_card_get_name (guint card)
{
  g_return_val_if_fail (card < CB_N_CARDS, NULL);
  return cb_card_name (card);
}

/* ---- helpers ---- */

static const CbAbility *
ability_of (guint card,
            guint number)
{
  return &card_defs[card].ab[number - 1];
}

static gboolean
is_red_card (guint card)
{
  return cb_card (card)->colour == 0;
}

/* The special ability of a card, or 0. */
static guint
special_number (guint card)
{
  for (guint i = 0; i < card_defs[card].n; i++)
    if (card_defs[card].ab[i].info.special && card_defs[card].ab[i].info.when != CB_WHEN_PASSIVE)
      return i + 1;
  return 0;
}

/* The other option of a „Wähle 1“ card, or 0. */
static guint
choice_partner (guint card,
                guint number)
{
  if (!card_defs[card].ab[number - 1].info.choice)
    return 0;
  for (guint i = 0; i < card_defs[card].n; i++)
    if (i + 1 != number && card_defs[card].ab[i].info.choice)
      return i + 1;
  return 0;
}

static guint
used_mask (guint card,
           guint number)
{
  guint m = 1u << (number - 1);
  guint partner = choice_partner (card, number);

  if (partner > 0)
    m |= 1u << (partner - 1);
  return m;
}

static gboolean
has_active_kinds (const CbPlayer *p,
                  guint           cond)
{
  for (guint k = 0; k < CB_N_KINDS; k++)
    if ((cond & K (k)) && p->dice[CB_ZONE_ACTIVE][k] == 0)
      {
        /* greys are one colour (p. 12 „Start-Würfel“) */
        if (CB_KIND_IS_GREY (k)
            && p->dice[CB_ZONE_ACTIVE][CB_KIND_LIGHT_GREY] + p->dice[CB_ZONE_ACTIVE][CB_KIND_DARK_GREY] > 0)
          continue;
        return FALSE;
      }
  return TRUE;
}

static guint
n_fewer_swords (const CbGame *g,
                guint         seat)
{
  guint n = 0;

  for (guint s = 0; s < g->n_players; s++)
    if (s != seat && cb_is_participant (&g->b, s) && g->b.p[s].swords < g->b.p[seat].swords)
      n++;
  return n;
}

static gboolean
is_die_face (CbFace face)
{
  return face == CB_FACE_TEAM || face == CB_FACE_SPECIAL;
}

/* Whether the die fits the ability's timing flags. */
static gboolean
die_fits (const CbDie     *d,
          CbKind           kind,
          CbFace           face,
          const CbAbility *ab,
          guint            number,
          guint            card)
{
  if (d->kind != kind || d->face != face)
    return FALSE;
  if (ab->info.timing == CB_TIMING_EVENT)
    return (d->flags & CB_DIE_EVENT) != 0;
  if (d->used & used_mask (card, number))
    return FALSE;
  if (ab->info.timing == CB_TIMING_IMMEDIATE)
    return (d->flags & CB_DIE_FRESH) != 0;
  return TRUE;
}

static guint
count_fitting (const CbPlayer  *p,
               CbKind           kind,
               CbFace           face,
               const CbAbility *ab,
               guint            number,
               guint            card)
{
  guint n = 0;

  for (guint i = 0; i < p->n_act; i++)
    if (die_fits (&p->act[i], kind, face, ab, number, card))
      n++;
  return n;
}

/* Why an ability cannot be used now (translated), or NULL when it can, leaving the
 * parameters aside. @face is TEAM / SPECIAL for dice abilities. */
static const char *
not_usable (const CbGame *g,
            guint         seat,
            guint         card,
            guint         number,
            CbFace        face)
{
  const CbPlayer *p = &g->b.p[seat];
  const CbAbility *ab = ability_of (card, number);
  CbKind kind = CB_KIND_OF (cb_card (card)->colour);
  CbPhase ph = p->phase;

  if (g->b.finished)
    return _("The race is over.");
  if (g->cards[cb_card (card)->colour] != card)
    return _("This card is not part of this race.");
  switch (ab->info.when)
    {
    case CB_WHEN_PASSIVE:
      return _("This ability is not used on its own: it counts when you announce your swords.");
    case CB_WHEN_AUTOMATIC:
      return _("This ability happens by itself.");
    case CB_WHEN_RED_MOST:
    case CB_WHEN_RED_ANY:
      if (ph != CB_PHASE_SUPPORT || !g->b.red_done)
        return _("The red card is used in phase 5, once everyone has announced their swords.");
      if (p->red_used)
        return _("The red card is used only once per round.");
      if (ab->info.when == CB_WHEN_RED_MOST && g->b.red_winner != (int) seat)
        return _("Only the player with the most swords uses this red card.");
      if (ab->info.when == CB_WHEN_RED_ANY && p->swords == 0)
        return _("Only players with at least 1 sword use this red card.");
      break;
    case CB_WHEN_PUSH:
      if (ph != CB_PHASE_ROLL || !p->pushed)
        return _("This ability is used when you push, before the roll.");
      break;
    case CB_WHEN_BUST:
      if (ph != CB_PHASE_BUST)
        return _("This ability is used when you bust.");
      break;
    case CB_WHEN_SAFE_PUSH:
      if (ph != CB_PHASE_DECIDE)
        return _("This ability is used when you pushed and did not bust.");
      break;
    case CB_WHEN_RACE:
      if (ph != CB_PHASE_SUPPORT && ph != CB_PHASE_MOVE && ph != CB_PHASE_SHOP)
        return _("This ability is used in the race section (phases 5 to 7).");
      break;
    case CB_WHEN_BEFORE_SHOP:
      if (ph != CB_PHASE_SHOP || p->shop_started)
        return _("This ability is used right before shopping (after your move).");
      break;
    case CB_WHEN_END_OF_MOVE:
      if (ph != CB_PHASE_SHOP || p->shop_started || p->pre_shop)
        return _("This ability is used at the end of phase 6, after your runner landed.");
      break;
    case CB_WHEN_ANY:
    default:
      if (ab->info.timing == CB_TIMING_SUPPORT && ph != CB_PHASE_SUPPORT)
        return _("Support abilities are used in phase 5.");
      if (ab->info.timing == CB_TIMING_IMMEDIATE
          && ph != CB_PHASE_ROLL && ph != CB_PHASE_DECIDE && ph != CB_PHASE_SUPPORT)
        return _("This ability is used right when its die enters the active area.");
      break;
    }
  if ((ab->req & REQ_TOOK_CREDIT) && !p->took_credit)
    return _("You took no credit this round.");
  if ((ab->req & REQ_BUSTED) && !p->busted)
    return _("You did not bust this round.");
  if ((ab->req & REQ_LOST_DIE) && !p->lost_die)
    return _("You gave back no die this round.");
  if ((ab->req & REQ_FEWER) && n_fewer_swords (g, seat) == 0)
    return _("Nobody has fewer swords than you.");
  if ((ab->req & REQ_NO_TIEBREAK) && g->b.tiebreak)
    return _("This ability has no effect in tie-break rounds.");
  if (is_red_card (card))
    return NULL;

  if (!is_die_face (face))
    return _("Say which symbol the die shows (“face”: “team” or “special”).");
  if (ab->info.special && face != CB_FACE_SPECIAL)
    return _("This is a special team ability: it needs a die showing the special team symbol.");
  if (count_fitting (p, kind, face, ab, number, card) < MAX (ab->info.dice_needed, 1u))
    {
      if (ab->info.dice_needed > 1)
        return _("This ability needs 2 active dice showing its symbol that have not used it.");
      if (ab->info.timing == CB_TIMING_IMMEDIATE)
        return _("No die showing this symbol has just entered your active area.");
      if (ab->info.timing == CB_TIMING_EVENT)
        return _("No active die showing this symbol can answer this event.");
      return _("No active die showing this symbol has this ability left.");
    }
  return NULL;
}

/* TRUE when the ability is one the player must use before going on. */
static gboolean
is_mandatory_now (const CbGame *g,
                  guint         seat,
                  guint         card,
                  guint         number,
                  CbFace        face)
{
  const CbAbility *ab = ability_of (card, number);
  const CbPlayer *p = &g->b.p[seat];

  if (!ab->info.mandatory || not_usable (g, seat, card, number, face) != NULL)
    return FALSE;
  if (ab->info.when == CB_WHEN_PUSH)
    {
      /* Bar Bar: „sofern möglich“ — only with another active die */
      return p->n_act > 1;
    }
  return TRUE;
}

/* ---- mandatory abilities ---- */

static gboolean
first_obligation (const CbGame *g,
                  guint         seat,
                  CbCheckPoint  point,
                  guint        *card_out)
{
  for (guint c = 0; c < CB_N_COLOURS; c++)
    {
      guint card = g->cards[c];
      for (guint i = 1; i <= card_defs[card].n; i++)
        {
          const CbAbility *ab = ability_of (card, i);
          gboolean fits;

          if (!ab->info.mandatory)
            continue;
          switch (point)
            {
            case CB_CHECK_ROLL:
              fits = ab->info.when == CB_WHEN_PUSH;
              break;
            case CB_CHECK_MOVE:
              fits = (ab->info.when == CB_WHEN_ANY && ab->info.timing == CB_TIMING_SUPPORT)
                     || ab->info.when == CB_WHEN_RED_MOST;
              break;
            case CB_CHECK_SHOP:
              fits = ab->info.when == CB_WHEN_BEFORE_SHOP;
              break;
            case CB_CHECK_PASS:
            default:
              fits = FALSE;
              break;
            }
          if (!fits)
            continue;
          if (is_red_card (card))
            {
              if (is_mandatory_now (g, seat, card, i, CB_FACE_BLANK))
                {
                  *card_out = card;
                  return TRUE;
                }
              continue;
            }
          if (is_mandatory_now (g, seat, card, i, CB_FACE_TEAM)
              || is_mandatory_now (g, seat, card, i, CB_FACE_SPECIAL))
            {
              *card_out = card;
              return TRUE;
            }
        }
    }
  return FALSE;
}

gboolean
cb_cards_check_mandatory (const CbGame  *g,
                          guint          seat,
                          CbCheckPoint   point,
                          GError       **error)
{
  const CbPlayer *p = &g->b.p[seat];
  guint card;

  if (point == CB_CHECK_PASS)
    {
      /* Käsehäppchen (p. 13): „musst du noch mindestens 1 Mal riskieren“; with an empty
       * ready area you must pass all the same (p. 9, 3) */
      if (p->must_push && cb_zone_total (p, CB_ZONE_READY) > 0)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       /* Translators: %s is a card name */
                       _("%s: you must push at least once more."),
                       cb_card_name (g->cards[CB_COLOUR_OF (CB_KIND_YELLOW)]));
          return FALSE;
        }
      return TRUE;
    }
  if (first_obligation (g, seat, point, &card))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   /* Translators: %s is a card name */
                   _("Use the mandatory ability of %s first."), cb_card_name (card));
      return FALSE;
    }
  return TRUE;
}

/* ---- reading and writing the parameters ---- */

static gboolean
read_die_zone (JsonNode    *node,
               const char  *key,
               CbKind      *kind,
               CbZone      *zone,
               int         *to,
               const CbGame *g,
               GError     **error)
{
  static const char *const keys[] = { "die", "from", NULL };
  static const char *const keys_to[] = { "die", "from", "to", NULL };
  JsonObject *o = cb_read_object (node, key, error);

  if (o == NULL || !_dp_json_check_keys (o, to != NULL ? keys_to : keys, error)
      || !cb_read_kind (json_object_get_member (o, "die"), "die", kind, error)
      || !cb_read_zone (json_object_get_member (o, "from"), "from", zone, error))
    return FALSE;
  if (to != NULL)
    {
      const char *name = cb_read_string (json_object_get_member (o, "to"), "to", error);
      if (name == NULL)
        return FALSE;
      *to = cb_game_find_player (g, name);
      if (*to < 0)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("“%s” does not play in this game."), name);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
read_face (JsonNode    *node,
           const char  *key,
           CbFace      *face,
           GError     **error)
{
  const char *s = cb_read_string (node, key, error);

  if (s == NULL)
    return FALSE;
  if (!cb_face_from_string (s, face))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("Unknown die face “%s”."), s);
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_from (JsonNode  *node,
           CbAction  *a,
           GError   **error)
{
  JsonObject *o = cb_read_object (node, "from", error);
  JsonObjectIter iter;
  const char *member;
  JsonNode *value;

  if (o == NULL)
    return FALSE;
  json_object_iter_init (&iter, o);
  while (json_object_iter_next (&iter, &member, &value))
    {
      CbZone z;
      if (!cb_zone_from_string (member, &z))
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("Unknown area “%s”."), member);
          return FALSE;
        }
      if (z == CB_ZONE_ACTIVE)
        {
          gboolean blank[CB_N_KINDS];
          if (!cb_read_faces (value, member, a->from_active, blank, error))
            return FALSE;
          for (guint k = 0; k < CB_N_KINDS; k++)
            for (guint f = 0; f < CB_N_FACES; f++)
              a->from[z][k] += a->from_active[k][f];
        }
      else if (!cb_read_counts (value, member, a->from[z], error))
        return FALSE;
    }
  a->has_from = TRUE;
  return TRUE;
}

gboolean
cb_cards_parse (const CbGame  *g,
                JsonObject    *o,
                JsonNode      *verb,
                CbAction      *a,
                GError       **error)
{
  const char *key = cb_read_string (verb, "ability", error);
  JsonNode *v;
  int card;

  if (key == NULL)
    return FALSE;
  card = cb_card_lookup (key);
  if (card < 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED, _("Unknown card “%s”."), key);
      return FALSE;
    }
  a->card = (guint) card;
  a->number = 0;
  a->face = CB_FACE_BLANK;
  if ((v = json_object_get_member (o, "number")) != NULL)
    {
      if (!cb_read_uint (v, "number", MAX_ABILITIES, &a->number, error))
        return FALSE;
      if (a->number < 1 || a->number > card_defs[card].n)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       g_dngettext (GETTEXT_PACKAGE, "%s has %u ability.", "%s has %u abilities.",
                                    card_defs[card].n),
                       cb_card_name ((guint) card), card_defs[card].n);
          return FALSE;
        }
    }
  else
    {
      /* the first ability that is used as an action */
      for (guint i = 0; i < card_defs[card].n && a->number == 0; i++)
        if (card_defs[card].ab[i].info.when != CB_WHEN_PASSIVE)
          a->number = i + 1;
    }
  if ((v = json_object_get_member (o, "face")) != NULL)
    {
      if (!read_face (v, "face", &a->face, error))
        return FALSE;
      if (!is_die_face (a->face) || is_red_card ((guint) card))
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("“face” is “team” or “special”, and only for abilities of dice."));
          return FALSE;
        }
    }
  else if (!is_red_card ((guint) card))
    {
      /* default: the special symbol for a special ability, else a team symbol if an
       * active die shows one */
      const CbPlayer *p = &g->b.p[a->player];
      CbKind kind = CB_KIND_OF (cb_card ((guint) card)->colour);
      if (ability_of ((guint) card, a->number)->info.special
          || (p->active_face[kind][CB_FACE_TEAM] == 0 && p->active_face[kind][CB_FACE_SPECIAL] > 0))
        a->face = CB_FACE_SPECIAL;
      else
        a->face = CB_FACE_TEAM;
    }
  if ((v = json_object_get_member (o, "mandatory")) != NULL)
    {
      if (!cb_read_true (v, "mandatory", error))
        return FALSE;
      a->mandatory = TRUE;
    }
  if ((v = json_object_get_member (o, "lose")) != NULL)
    {
      if (!read_die_zone (v, "lose", &a->ab_lose_kind, &a->ab_lose_zone, NULL, g, error))
        return FALSE;
      a->has_lose = TRUE;
    }
  if ((v = json_object_get_member (o, "give")) != NULL)
    {
      if (!read_die_zone (v, "give", &a->give_kind, &a->give_zone, &a->give_to, g, error))
        return FALSE;
      a->has_give = TRUE;
    }
  if ((v = json_object_get_member (o, "die")) != NULL)
    {
      if (!cb_read_kind (v, "die", &a->die_kind, error))
        return FALSE;
      if (!json_object_has_member (o, "set"))
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("Say which face the die is turned to (“set”)."));
          return FALSE;
        }
      if (!read_face (json_object_get_member (o, "set"), "set", &a->die_face, error))
        return FALSE;
      a->has_die = TRUE;
    }
  else if (json_object_has_member (o, "set"))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("“set” belongs to a “die”."));
      return FALSE;
    }
  if ((v = json_object_get_member (o, "other")) != NULL)
    {
      static const char *const keys[] = { "die", "face", NULL };
      JsonObject *oo = cb_read_object (v, "other", error);
      if (oo == NULL || !_dp_json_check_keys (oo, keys, error)
          || !cb_read_kind (json_object_get_member (oo, "die"), "die", &a->other_kind, error)
          || !read_face (json_object_get_member (oo, "face"), "face", &a->other_face, error))
        return FALSE;
      a->has_other = TRUE;
    }
  if ((v = json_object_get_member (o, "dice")) != NULL)
    {
      if (!cb_read_counts (v, "dice", a->counts, error))
        return FALSE;
      a->has_dice = TRUE;
    }
  if ((v = json_object_get_member (o, "from")) != NULL && !read_from (v, a, error))
    return FALSE;
  if ((v = json_object_get_member (o, "rolled")) != NULL)
    {
      if (!cb_read_faces (v, "rolled", a->faces, a->blank_given, error))
        return FALSE;
      a->has_roll = TRUE;
    }
  if ((v = json_object_get_member (o, "rolled2")) != NULL)
    {
      if (!cb_read_faces (v, "rolled2", a->faces2, a->blank_given2, error))
        return FALSE;
      a->has_roll2 = TRUE;
    }
  if ((v = json_object_get_member (o, "take")) != NULL)
    {
      if (!cb_read_kind (v, "take", &a->take, error))
        return FALSE;
      a->has_take = TRUE;
    }
  if ((v = json_object_get_member (o, "bonus")) != NULL)
    {
      CbAction b;
      cb_action_init (&b);
      if (!cb_read_landed (v, "bonus", &b, error))
        return FALSE;
      if (b.has_take && a->has_take)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("An action does exactly one thing."));
          return FALSE;
        }
      a->has_landed = TRUE;
      a->l_credits = b.l_credits;
      a->l_fans = b.l_fans;
      a->n_lose = b.n_lose;
      memcpy (a->lose_kind, b.lose_kind, sizeof a->lose_kind);
      memcpy (a->lose_zone, b.lose_zone, sizeof a->lose_zone);
      if (b.has_take)
        {
          a->has_take = TRUE;
          a->take = b.take;
          a->max_cost = b.max_cost;
        }
    }
  if ((v = json_object_get_member (o, "cost")) != NULL)
    {
      guint c;
      if (!cb_read_uint (v, "cost", CB_MAX_COUNT, &c, error))
        return FALSE;
      a->cost = (int) c;
    }
  if ((v = json_object_get_member (o, "fan")) != NULL && !cb_read_fan_told (v, a, error))
    return FALSE;
  if ((v = json_object_get_member (o, "red_lines")) != NULL)
    {
      if (!cb_read_uint (v, "red_lines", CB_MAX_COUNT, &a->n, error))
        return FALSE;
      a->has_red_lines = TRUE;
    }
  if ((v = json_object_get_member (o, "finish")) != NULL)
    {
      if (!cb_read_true (v, "finish", error))
        return FALSE;
      a->finish = TRUE;
    }
  return TRUE;
}

static void
build_die_zone (JsonBuilder *bld,
                const char  *key,
                CbKind       kind,
                CbZone       zone,
                const char  *to)
{
  json_builder_set_member_name (bld, key);
  json_builder_begin_object (bld);
  json_builder_set_member_name (bld, "die");
  json_builder_add_string_value (bld, cb_kind_to_string (kind));
  json_builder_set_member_name (bld, "from");
  json_builder_add_string_value (bld, cb_zone_to_string (zone));
  if (to != NULL)
    {
      json_builder_set_member_name (bld, "to");
      json_builder_add_string_value (bld, to);
    }
  json_builder_end_object (bld);
}

void
cb_cards_build (const CbGame   *g,
                const CbAction *a,
                JsonBuilder    *bld)
{
  json_builder_add_string_value (bld, cb_card (a->card)->key);
  if (card_defs[a->card].n > 1)
    {
      json_builder_set_member_name (bld, "number");
      json_builder_add_int_value (bld, a->number);
    }
  if (is_die_face (a->face))
    {
      json_builder_set_member_name (bld, "face");
      json_builder_add_string_value (bld, cb_face_to_string (a->face));
    }
  if (a->player >= 0 && is_mandatory_now (g, (guint) a->player, a->card, a->number, a->face))
    {
      json_builder_set_member_name (bld, "mandatory");
      json_builder_add_boolean_value (bld, TRUE);
    }
  if (a->has_lose)
    build_die_zone (bld, "lose", a->ab_lose_kind, a->ab_lose_zone, NULL);
  if (a->has_give)
    build_die_zone (bld, "give", a->give_kind, a->give_zone, g->names[a->give_to]);
  if (a->has_die)
    {
      json_builder_set_member_name (bld, "die");
      json_builder_add_string_value (bld, cb_kind_to_string (a->die_kind));
      json_builder_set_member_name (bld, "set");
      json_builder_add_string_value (bld, cb_face_to_string (a->die_face));
    }
  if (a->has_other)
    {
      json_builder_set_member_name (bld, "other");
      json_builder_begin_object (bld);
      json_builder_set_member_name (bld, "die");
      json_builder_add_string_value (bld, cb_kind_to_string (a->other_kind));
      json_builder_set_member_name (bld, "face");
      json_builder_add_string_value (bld, cb_face_to_string (a->other_face));
      json_builder_end_object (bld);
    }
  if (a->has_dice)
    {
      json_builder_set_member_name (bld, "dice");
      cb_build_counts (bld, a->counts);
    }
  if (a->has_from)
    {
      json_builder_set_member_name (bld, "from");
      json_builder_begin_object (bld);
      for (guint z = 0; z < CB_N_ZONES; z++)
        {
          guint n = 0;
          for (guint k = 0; k < CB_N_KINDS; k++)
            n += a->from[z][k];
          if (n == 0)
            continue;
          json_builder_set_member_name (bld, cb_zone_to_string ((CbZone) z));
          if (z == CB_ZONE_ACTIVE)
            {
              /* the faces of the active dice taken; blanks are kept here */
              json_builder_begin_object (bld);
              for (guint k = 0; k < CB_N_KINDS; k++)
                {
                  if (a->from[z][k] == 0)
                    continue;
                  json_builder_set_member_name (bld, cb_kind_to_string ((CbKind) k));
                  json_builder_begin_object (bld);
                  for (guint f = 0; f < CB_N_FACES; f++)
                    if (a->from_active[k][f] > 0)
                      {
                        json_builder_set_member_name (bld, cb_face_to_string ((CbFace) f));
                        json_builder_add_int_value (bld, a->from_active[k][f]);
                      }
                  json_builder_end_object (bld);
                }
              json_builder_end_object (bld);
            }
          else
            cb_build_counts (bld, a->from[z]);
        }
      json_builder_end_object (bld);
    }
  if (a->has_roll)
    {
      json_builder_set_member_name (bld, "rolled");
      cb_build_faces (bld, a->faces);
    }
  if (a->has_roll2)
    {
      json_builder_set_member_name (bld, "rolled2");
      cb_build_faces (bld, a->faces2);
    }
  if (a->has_take && !a->has_landed)
    {
      json_builder_set_member_name (bld, "take");
      json_builder_add_string_value (bld, cb_kind_to_string (a->take));
    }
  if (a->has_landed)
    {
      json_builder_set_member_name (bld, "bonus");
      cb_build_landed (bld, a);
    }
  if (a->cost >= 0)
    {
      json_builder_set_member_name (bld, "cost");
      json_builder_add_int_value (bld, a->cost);
    }
  if (cb_any_fan_fact (a->fan))
    cb_build_fan_told (bld, a->fan);
  if (a->has_red_lines)
    {
      json_builder_set_member_name (bld, "red_lines");
      json_builder_add_int_value (bld, a->n);
    }
  if (a->finish)
    {
      json_builder_set_member_name (bld, "finish");
      json_builder_add_boolean_value (bld, TRUE);
    }
}

/* ---- running an ability ---- */

/* Parameters each step reads; a parameter no step reads is refused. */
enum
{
  P_LOSE = 1 << 0, P_GIVE = 1 << 1, P_DIE = 1 << 2, P_OTHER = 1 << 3, P_DICE = 1 << 4,
  P_FROM = 1 << 5, P_ROLL = 1 << 6, P_ROLL2 = 1 << 7, P_TAKE = 1 << 8, P_BONUS = 1 << 9,
  P_COST = 1 << 10, P_FAN = 1 << 11, P_RED_LINES = 1 << 12, P_FINISH = 1 << 13,
};

static guint
params_of (const CbAbility *ab)
{
  guint m = 0;

  for (guint i = 0; i < MAX_STEPS && ab->steps[i].op != OP_END; i++)
    switch (ab->steps[i].op)
      {
      case OP_FAN:              m |= P_FAN; break;
      case OP_STEPS_RED_LINES:  m |= P_RED_LINES; break;
      case OP_STEP_NOW:         m |= P_FINISH; break;
      case OP_LOSE:             m |= P_LOSE; break;
      case OP_ADD_TO_ROLL:      m |= P_DICE | P_ROLL; break;
      case OP_ROLL_FROM:        m |= P_FROM | P_ROLL; break;
      case OP_ROLL_ALL:         m |= P_ROLL; break;
      case OP_ROLL_READY_TWICE: m |= P_ROLL | P_ROLL2; break;
      case OP_READY_TO_ACTIVE:
      case OP_BORROW:           m |= P_DIE; break;
      case OP_TAKE:             m |= P_TAKE | P_COST; break;
      case OP_OTHER_TO_READY:   m |= P_OTHER; break;
      case OP_BONUS:            m |= P_BONUS | P_COST | P_FAN; break;
      case OP_GIVE_TO_FEWEST:   m |= P_GIVE; break;
      default: break;
      }
  return m;
}

static gboolean
check_params (const CbAction *a,
              guint           allowed,
              GError        **error)
{
  static const struct { guint bit; const char *key; } names[] = {
    { P_LOSE, "lose" }, { P_GIVE, "give" }, { P_DIE, "die" }, { P_OTHER, "other" },
    { P_DICE, "dice" }, { P_FROM, "from" }, { P_ROLL, "rolled" }, { P_ROLL2, "rolled2" },
    { P_TAKE, "take" }, { P_BONUS, "bonus" }, { P_COST, "cost" }, { P_FAN, "fan" },
    { P_RED_LINES, "red_lines" }, { P_FINISH, "finish" },
  };
  guint present = 0;

  if (a->has_lose) present |= P_LOSE;
  if (a->has_give) present |= P_GIVE;
  if (a->has_die) present |= P_DIE;
  if (a->has_other) present |= P_OTHER;
  if (a->has_dice) present |= P_DICE;
  if (a->has_from) present |= P_FROM;
  if (a->has_roll) present |= P_ROLL;
  if (a->has_roll2) present |= P_ROLL2;
  if (a->has_take && !a->has_landed) present |= P_TAKE;
  if (a->has_landed) present |= P_BONUS;
  if (a->cost >= 0) present |= P_COST;
  if (cb_any_fan_fact (a->fan)) present |= P_FAN;
  if (a->has_red_lines) present |= P_RED_LINES;
  if (a->finish) present |= P_FINISH;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if ((present & names[i].bit) && !(allowed & names[i].bit))
      {
        g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                     _("“%s” does not belong to this ability."), names[i].key);
        return FALSE;
      }
  return TRUE;
}

static int
self_index (const CbPlayer *p)
{
  for (guint i = 0; i < p->n_act; i++)
    if (p->act[i].flags & CB_DIE_SELF)
      return (int) i;
  return -1;
}

static void
clear_self (CbPlayer *p)
{
  for (guint i = 0; i < p->n_act; i++)
    p->act[i].flags &= (guint8) ~CB_DIE_SELF;
}

static gboolean
any_die_in (const CbPlayer *p,
            guint           zones,
            guint           kinds)
{
  for (guint z = 0; z < CB_N_ZONES; z++)
    if (zones & Z (z))
      for (guint k = 0; k < CB_N_KINDS; k++)
        if (k != CB_KIND_TOP_DOG && (kinds == 0 || (kinds & K (k))) && p->dice[z][k] > 0)
          return TRUE;
  return FALSE;
}

static gboolean
need (gboolean     present,
      const char  *key,
      GError     **error)
{
  if (!present)
    g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                 /* Translators: %s is a key of the text form, e.g. "lose" */
                 _("This ability needs “%s”."), key);
  return present;
}

/* Takes the dice of a->from out of their areas into @taken. */
static gboolean
take_from_areas (CbPlayer       *p,
                 const CbAction *a,
                 guint           taken[CB_N_KINDS],
                 GError        **error)
{
  memset (taken, 0, sizeof (guint) * CB_N_KINDS);
  for (guint z = 0; z < CB_N_ZONES; z++)
    for (guint k = 0; k < CB_N_KINDS; k++)
      {
        if (a->from[z][k] == 0)
          continue;
        if (z == CB_ZONE_ACTIVE)
          {
            for (guint f = 0; f < CB_N_FACES; f++)
              for (guint i = 0; i < a->from_active[k][f]; i++)
                {
                  int idx = cb_find_active (p, (CbKind) k, (int) f);
                  if (idx < 0 || (p->act[idx].flags & CB_DIE_SELF))
                    {
                      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                                   _("No %s die is in your %s."), cb_kind_get_name ((CbKind) k),
                                   cb_zone_name (CB_ZONE_ACTIVE));
                      return FALSE;
                    }
                  cb_remove_active_at (p, (guint) idx);
                }
          }
        else
          {
            if (p->dice[z][k] < a->from[z][k])
              {
                g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                             _("You do not have that many %s dice there."), cb_kind_get_name ((CbKind) k));
                return FALSE;
              }
            p->dice[z][k] -= a->from[z][k];
          }
        taken[k] += a->from[z][k];
      }
  return TRUE;
}

/* OP_LOSE_SELF */
static gboolean
step_lose_self (CbGame         *g,
                guint           seat,
                const CbStep   *st,
                const CbAction *a,
                gboolean        cond_ok,
                guint          *hits,
                GError        **error)
{
  CbPlayer *p = &g->b.p[seat];

  int i = self_index (p);
  if (i >= 0)
    {
      CbKind k = (CbKind) p->act[i].kind;
      cb_remove_active_at (p, (guint) i);
      g->b.supply[k]++;
      p->lost_die = TRUE;
      if (p->to_return[k] > 0)
        p->to_return[k]--;
    }
  return TRUE;
}

/* OP_LOSE */
static gboolean
step_lose (CbGame         *g,
           guint           seat,
           const CbStep   *st,
           const CbAction *a,
           gboolean        cond_ok,
           guint          *hits,
           GError        **error)
{
  CbPlayer *p = &g->b.p[seat];

  if (!a->has_lose)
    {
      if (st->opt || !cond_ok || !any_die_in (p, st->zones, st->kinds))
        return TRUE;
      return need (FALSE, "lose", error);
    }
  if (!cond_ok)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("Without the active die this part of the ability needs, no die is given back."));
      return FALSE;
    }
  if (!(st->zones & Z (a->ab_lose_zone)) || (st->kinds != 0 && !(st->kinds & K (a->ab_lose_kind))))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   st->kinds == RED ? _("This ability gives back a red die.")
                                    : _("This ability gives back a die from your ready area."));
      return FALSE;
    }
  if (a->ab_lose_zone == CB_ZONE_ACTIVE)
    {
      /* the die using the ability is not the one chosen here unless it is the only one */
      int i = cb_find_active (p, a->ab_lose_kind, -1);
      if (i >= 0 && (p->act[i].flags & CB_DIE_SELF))
        {
          for (guint j = 0; j < p->n_act; j++)
            if (p->act[j].kind == a->ab_lose_kind && !(p->act[j].flags & CB_DIE_SELF))
              {
                i = (int) j;
                break;
              }
        }
      if (i >= 0 && a->ab_lose_kind != CB_KIND_TOP_DOG)
        {
          cb_remove_active_at (p, (guint) i);
          p->dice[CB_ZONE_REST][a->ab_lose_kind]++;  /* cb_lose_die takes it from here */
          return cb_lose_die (g, seat, CB_ZONE_REST, a->ab_lose_kind, error);
        }
    }
  return cb_lose_die (g, seat, a->ab_lose_zone, a->ab_lose_kind, error);
}

/* OP_ADD_TO_ROLL */
static gboolean
step_add_to_roll (CbGame         *g,
                  guint           seat,
                  const CbStep   *st,
                  const CbAction *a,
                  gboolean        cond_ok,
                  guint          *hits,
                  GError        **error)
{
  CbPlayer *p = &g->b.p[seat];

  guint want = 0, have = 0;
  if (!need (a->has_dice, "dice", error) || !need (a->has_roll, "rolled", error))
    return FALSE;
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      want += a->counts[k];
      have += p->dice[CB_ZONE_DRAW][k] + p->dice[CB_ZONE_REST][k];
    }
  /* p. 11: the number shown, or all there are */
  if (want != MIN ((guint) st->n, have))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   g_dngettext (GETTEXT_PACKAGE, "Add exactly %u die to the roll.",
                                "Add exactly %u dice to the roll.", MIN ((guint) st->n, have)),
                   MIN ((guint) st->n, have));
      return FALSE;
    }
  return cb_add_to_roll_internal (g, seat, a->counts, a->faces, a->blank_given, error);
}

/* OP_ROLL_FROM */
static gboolean
step_roll_from (CbGame         *g,
                guint           seat,
                const CbStep   *st,
                const CbAction *a,
                gboolean        cond_ok,
                guint          *hits,
                GError        **error)
{
  CbPlayer *p = &g->b.p[seat];

  guint taken[CB_N_KINDS], total = 0, max = G_MAXUINT, allowed_zones = ALL_ZONES, groups = 0;
  if (!need (a->has_from, "from", error) || !need (a->has_roll, "rolled", error))
    return FALSE;
  if (st->n == ROLL_DISTINCT)
    {
      allowed_zones = Z (CB_ZONE_DRAW) | Z (CB_ZONE_READY);
      max = 9;
    }
  else if (st->n == ROLL_NON_RED)
    max = 2 * n_fewer_swords (g, seat);
  for (guint z = 0; z < CB_N_ZONES; z++)
    for (guint k = 0; k < CB_N_KINDS; k++)
      {
        gboolean kind_ok = st->n == ROLL_GREY ? CB_KIND_IS_GREY (k)
                           : st->n == ROLL_NON_RED ? k != CB_KIND_RED : TRUE;
        if (a->from[z][k] == 0)
          continue;
        if (!(allowed_zones & Z (z)))
          {
            g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                         _("These dice come from your draw and ready areas only."));
            return FALSE;
          }
        if (!kind_ok)
          {
            g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                         st->n == ROLL_GREY ? _("Only grey dice are rolled here.")
                                            : _("Only dice that are not red are rolled here."));
            return FALSE;
          }
        total += a->from[z][k];
        /* different colours: greys are one colour, the top dog is black (p. 13) */
        if (st->n == ROLL_DISTINCT)
          {
            guint group = CB_KIND_IS_GREY (k) ? 1u : K (k);
            if ((groups & group) || a->from[z][k] > 1
                || (CB_KIND_IS_GREY (k) && a->from[z][k] > 0 && (groups & 1u)))
              {
                g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                             _("The dice must all be of different colours (all grey dice are one colour)."));
                return FALSE;
              }
            groups |= group;
          }
      }
  if (total > max)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   g_dngettext (GETTEXT_PACKAGE, "Roll at most %u die.", "Roll at most %u dice.", max),
                   max);
      return FALSE;
    }
  if (!take_from_areas (p, a, taken, error))
    return FALSE;
  return cb_roll_taken (g, seat, taken, a->faces, a->blank_given, hits, error);
}

/* OP_ROLL_ALL */
static gboolean
step_roll_all (CbGame         *g,
               guint           seat,
               const CbStep   *st,
               const CbAction *a,
               gboolean        cond_ok,
               guint          *hits,
               GError        **error)
{
  CbPlayer *p = &g->b.p[seat];

  guint taken[CB_N_KINDS] = { 0 };
  if (!need (a->has_roll, "rolled", error))
    return FALSE;
  for (guint z = 0; z < CB_N_ZONES; z++)
    if (st->zones & Z (z))
      for (guint k = 0; k < CB_N_KINDS; k++)
        if (st->kinds & K (k))
          {
            taken[k] += p->dice[z][k];
            p->dice[z][k] = 0;
          }
  return cb_roll_taken (g, seat, taken, a->faces, a->blank_given, hits, error);
}

/* OP_ROLL_READY_TWICE */
static gboolean
step_roll_ready_twice (CbGame         *g,
                       guint           seat,
                       const CbStep   *st,
                       const CbAction *a,
                       gboolean        cond_ok,
                       guint          *hits,
                       GError        **error)
{
  CbPlayer *p = &g->b.p[seat];

  guint taken[CB_N_KINDS];
  if (!need (a->has_roll, "rolled", error) || !need (a->has_roll2, "rolled2", error))
    return FALSE;
  /* Mahatma: „Du darfst dich nicht entscheiden, nur einmal zu werfen“ */
  memcpy (taken, p->dice[CB_ZONE_READY], sizeof taken);
  memset (p->dice[CB_ZONE_READY], 0, sizeof taken);
  if (!cb_roll_taken (g, seat, taken, a->faces, a->blank_given, hits, error))
    return FALSE;
  memcpy (taken, p->dice[CB_ZONE_READY], sizeof taken);
  memset (p->dice[CB_ZONE_READY], 0, sizeof taken);
  return cb_roll_taken (g, seat, taken, a->faces2, a->blank_given2, hits, error);
}

/* OP_READY_TO_ACTIVE */
static gboolean
step_ready_to_active (CbGame         *g,
                      guint           seat,
                      const CbStep   *st,
                      const CbAction *a,
                      gboolean        cond_ok,
                      guint          *hits,
                      GError        **error)
{
  CbPlayer *p = &g->b.p[seat];

  if (!a->has_die)
    return cb_zone_total (p, CB_ZONE_READY) == 0 || need (FALSE, "die", error);
  if (p->dice[CB_ZONE_READY][a->die_kind] == 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL, _("No %s die is in your %s."),
                   cb_kind_get_name (a->die_kind), cb_zone_name (CB_ZONE_READY));
      return FALSE;
    }
  if (cb_kind_count_face (a->die_kind, a->die_face) == 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL, _("A %s die has no “%s” face."),
                   cb_kind_get_name (a->die_kind), cb_face_get_name (a->die_face));
      return FALSE;
    }
  p->dice[CB_ZONE_READY][a->die_kind]--;
  cb_add_active (p, a->die_kind, a->die_face);
  return TRUE;
}

/* OP_BORROW */
static gboolean
step_borrow (CbGame         *g,
             guint           seat,
             const CbStep   *st,
             const CbAction *a,
             gboolean        cond_ok,
             guint          *hits,
             GError        **error)
{
  CbPlayer *p = &g->b.p[seat];

  gboolean any = FALSE;
  for (guint k = 0; k < CB_N_KINDS; k++)
    if (k != CB_KIND_TOP_DOG && !(st->kinds & K (k)) && g->b.supply[k] > 0)
      any = TRUE;
  if (!a->has_die)
    return !any || need (FALSE, "die", error);
  if (st->kinds & K (a->die_kind))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("A %s die cannot be taken with this ability."), cb_kind_get_name (a->die_kind));
      return FALSE;
    }
  if (!cb_take_die (g, seat, a->die_kind, CB_ZONE_ACTIVE, a->die_face, -1, -1, error))
    return FALSE;
  p->to_return[a->die_kind]++;
  return TRUE;
}

/* OP_TAKE */
static gboolean
step_take (CbGame         *g,
           guint           seat,
           const CbStep   *st,
           const CbAction *a,
           gboolean        cond_ok,
           guint          *hits,
           GError        **error)
{
  CbPlayer *p = &g->b.p[seat];

  if (st->n == TAKE_RED)
    {
      if (a->has_take && a->take != CB_KIND_RED)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL, _("This ability takes a red die."));
          return FALSE;
        }
      if (g->b.supply[CB_KIND_RED] == 0)
        return TRUE;
      return cb_take_die (g, seat, CB_KIND_RED, CB_ZONE_REST, CB_FACE_BLANK, -1, a->cost, error);
    }
  if (st->n == TAKE_GREY)
    {
      if (!a->has_take)
        return (g->b.supply[CB_KIND_LIGHT_GREY] + g->b.supply[CB_KIND_DARK_GREY] == 0)
               || need (FALSE, "take", error);
      if (!CB_KIND_IS_GREY (a->take))
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       _("This ability takes a light or dark grey die."));
          return FALSE;
        }
      return cb_take_die (g, seat, a->take, CB_ZONE_REST, CB_FACE_BLANK, -1, -1, error);
    }
  /* Snowball: „höchstens so viel kostet, wie die Anzahl deiner Fans“ */
  if (!a->has_take)
    return TRUE;
  return cb_take_die (g, seat, a->take, CB_ZONE_REST, CB_FACE_BLANK, (int) p->fans, a->cost, error);
}

/* OP_OTHER_TO_READY */
static gboolean
step_other_to_ready (CbGame         *g,
                     guint           seat,
                     const CbStep   *st,
                     const CbAction *a,
                     gboolean        cond_ok,
                     guint          *hits,
                     GError        **error)
{
  CbPlayer *p = &g->b.p[seat];

  int i = -1;
  guint others = 0;
  for (guint j = 0; j < p->n_act; j++)
    if (!(p->act[j].flags & CB_DIE_SELF))
      others++;
  if (!a->has_other)
    return others == 0 || need (FALSE, "other", error);
  for (guint j = 0; j < p->n_act; j++)
    if (p->act[j].kind == a->other_kind && p->act[j].face == a->other_face
        && !(p->act[j].flags & CB_DIE_SELF)
        && (i < 0 || p->act[j].used > p->act[i].used))
      i = (int) j;
  if (i < 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("No other active %s die shows “%s”."), cb_kind_get_name (a->other_kind),
                   cb_face_get_name (a->other_face));
      return FALSE;
    }
  cb_remove_active_at (p, (guint) i);
  p->dice[CB_ZONE_READY][a->other_kind]++;
  return TRUE;
}

/* OP_GIVE_TO_FEWEST */
static gboolean
step_give_to_fewest (CbGame         *g,
                     guint           seat,
                     const CbStep   *st,
                     const CbAction *a,
                     gboolean        cond_ok,
                     guint          *hits,
                     GError        **error)
{
  CbPlayer *p = &g->b.p[seat];

  guint fewest = G_MAXUINT;
  CbPlayer *to;
  if (!a->has_give)
    return !any_die_in (p, ALL_ZONES, 0) || need (FALSE, "give", error);
  for (guint s = 0; s < g->n_players; s++)
    if (cb_is_participant (&g->b, s))
      fewest = MIN (fewest, g->b.p[s].swords);
  /* Edward: „die Person, die … am wenigsten hat“; among several you choose */
  if (a->give_to == (int) seat || !cb_is_participant (&g->b, (guint) a->give_to)
      || g->b.p[a->give_to].swords != fewest)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("The die goes to another player with the fewest swords."));
      return FALSE;
    }
  if (a->give_kind == CB_KIND_TOP_DOG)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("The top dog die can never be given back."));
      return FALSE;
    }
  if (a->give_zone == CB_ZONE_ACTIVE)
    {
      int i = cb_find_active (p, a->give_kind, -1);
      if (i < 0)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL, _("No %s die is in your %s."),
                       cb_kind_get_name (a->give_kind), cb_zone_name (CB_ZONE_ACTIVE));
          return FALSE;
        }
      cb_remove_active_at (p, (guint) i);
    }
  else if (p->dice[a->give_zone][a->give_kind] == 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL, _("No %s die is in your %s."),
                   cb_kind_get_name (a->give_kind), cb_zone_name (a->give_zone));
      return FALSE;
    }
  else
    p->dice[a->give_zone][a->give_kind]--;
  if (p->to_return[a->give_kind] > 0)
    p->to_return[a->give_kind]--;
  to = &g->b.p[a->give_to];
  to->dice[CB_ZONE_REST][a->give_kind]++;
  return TRUE;
}

static gboolean
run_step (CbGame         *g,
          guint           seat,
          const CbStep   *st,
          const CbAction *a,
          guint          *hits,
          GError        **error)
{
  CbPlayer *p = &g->b.p[seat];
  gboolean cond_ok = st->cond == 0 || has_active_kinds (p, st->cond);

  switch ((CbOp) st->op)
    {
    case OP_COINS:
      if (cond_ok)
        p->coins += st->n;
      return TRUE;
    case OP_STEPS:
      if (cond_ok)
        p->steps += st->n;
      return TRUE;
    case OP_CREDITS:
      if (cond_ok && st->n > 0)
        {
          p->credits += st->n;
          p->took_credit = TRUE;
        }
      return TRUE;
    case OP_FAN:
      {
        guint entered = 0;
        /* Rama Lama, Alexander G. Bell: „Würdest du dadurch … Kredit-Plättchen nehmen,
         * so nimmst du sie nicht“ */
        if (cond_ok && !cb_advance_fans (g, seat, st->n, FALSE, a->fan, &entered, error))
          return FALSE;
        return cb_check_told_entered (a->fan, entered, error);
      }
    case OP_STEPS_FANS:
      p->steps += p->fans / st->n;
      return TRUE;
    case OP_CREDITS_FANS:
      if (p->fans / st->n > 0)
        {
          p->credits += p->fans / st->n;
          p->took_credit = TRUE;
        }
      return TRUE;
    case OP_STEPS_PER_ACTIVE:
      p->steps += cb_zone_total (p, CB_ZONE_ACTIVE) / st->n;
      return TRUE;
    case OP_STEPS_PER_KINDS:
      for (guint k = 0; k < CB_N_KINDS; k++)
        if (st->kinds & K (k))
          p->steps += p->dice[CB_ZONE_ACTIVE][k];
      return TRUE;
    case OP_STEPS_PER_COLOURS:
      p->steps += cb_game_count_active_colours (g, seat);
      return TRUE;
    case OP_STEPS_RED_LINES:
      if (!need (a->has_red_lines, "red_lines", error))
        return FALSE;
      /* Pronto Bronto: „2 Schritte für je 3 rote Linien … (abgerundet)“ */
      p->steps += st->n * (a->n / 3);
      return TRUE;
    case OP_DOUBLE_STEPS:
      p->steps *= 2;
      return TRUE;
    case OP_REPEAT_GREY:
      for (guint i = 0; i < p->n_act; i++)
        if (CB_KIND_IS_GREY (p->act[i].kind))
          {
            p->coins += cb_face_coins ((CbFace) p->act[i].face);
            p->steps += cb_face_steps ((CbFace) p->act[i].face);
          }
      return TRUE;
    case OP_WATER:
      p->water += st->n;
      return TRUE;
    case OP_STEP_NOW:
      /* Mutiger Maasdamer: the runner walks 1 space now; bonuses and special spaces
       * count only in phase 6 */
      if (a->finish && p->finished)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                       _("Your runner has already finished the race."));
          return FALSE;
        }
      p->spaces++;
      if (a->finish && ++p->laps_done >= g->laps)
        p->finished = TRUE;
      return TRUE;
    case OP_LOSE_SELF:
      return step_lose_self (g, seat, st, a, cond_ok, hits, error);
    case OP_LOSE:
      return step_lose (g, seat, st, a, cond_ok, hits, error);
    case OP_ADD_TO_ROLL:
      return step_add_to_roll (g, seat, st, a, cond_ok, hits, error);
    case OP_ROLL_FROM:
      return step_roll_from (g, seat, st, a, cond_ok, hits, error);
    case OP_ROLL_ALL:
      return step_roll_all (g, seat, st, a, cond_ok, hits, error);
    case OP_ROLL_READY_TWICE:
      return step_roll_ready_twice (g, seat, st, a, cond_ok, hits, error);
    case OP_IGNORE_BUST_IF_HIT:
      /* Granatananas: „Hast du mindestens 1 Treffer geworfen, ignorierst du den Fehlwurf“ */
      if (*hits > 0)
        {
          p->phase = CB_PHASE_DECIDE;
          p->keep_on_bust = FALSE;
        }
      return TRUE;
    case OP_IGNORE_BUST:
      /* „so als wärst du nicht in Gefahr“: on to push or pass */
      p->phase = CB_PHASE_DECIDE;
      p->keep_on_bust = FALSE;
      return TRUE;
    case OP_KEEP_ON_BUST:
      p->keep_on_bust = TRUE;
      return TRUE;
    case OP_READY_TO_ACTIVE:
      return step_ready_to_active (g, seat, st, a, cond_ok, hits, error);
    case OP_BORROW:
      return step_borrow (g, seat, st, a, cond_ok, hits, error);
    case OP_TAKE:
      return step_take (g, seat, st, a, cond_ok, hits, error);
    case OP_SELF_TO_READY:
      {
        int i = self_index (p);
        if (i >= 0)
          {
            CbKind k = (CbKind) p->act[i].kind;
            cb_remove_active_at (p, (guint) i);
            p->dice[CB_ZONE_READY][k]++;
          }
        return TRUE;
      }
    case OP_OTHER_TO_READY:
      return step_other_to_ready (g, seat, st, a, cond_ok, hits, error);
    case OP_SAFE_ROLL:
      p->safe_roll = TRUE;
      return TRUE;
    case OP_SKIP_LIMIT:
      p->ignore_mask_next |= st->kinds;
      if (st->n == 1)
        p->no_limit_next = TRUE;
      return TRUE;
    case OP_BONUS:
      if (!need (a->has_landed, "bonus", error))
        return FALSE;
      return cb_apply_bonus (g, seat, a, error);
    case OP_CREDITS_PER_FEWER:
      if (n_fewer_swords (g, seat) > 0)
        {
          p->credits += n_fewer_swords (g, seat);
          p->took_credit = TRUE;
        }
      return TRUE;
    case OP_GIVE_TO_FEWEST:
      return step_give_to_fewest (g, seat, st, a, cond_ok, hits, error);
    case OP_MUST_PUSH:
    case OP_END:
    default:
      return TRUE;
    }
}

static gboolean
run_steps (CbGame          *g,
           guint            seat,
           const CbAbility *ab,
           const CbAction  *a,
           GError         **error)
{
  guint hits = 0;

  for (guint i = 0; i < MAX_STEPS && ab->steps[i].op != OP_END; i++)
    if (!run_step (g, seat, &ab->steps[i], a, &hits, error))
      return FALSE;
  return TRUE;
}

gboolean
cb_cards_apply (CbGame         *g,
                const CbAction *a,
                GError        **error)
{
  guint seat = (guint) a->player;
  CbPlayer *p = &g->b.p[seat];
  const CbAbility *ab = ability_of (a->card, a->number);
  const CbAbility *forced = NULL;
  const char *why = not_usable (g, seat, a->card, a->number, a->face);
  guint allowed = params_of (ab);
  CbKind kind = CB_KIND_OF (cb_card (a->card)->colour);

  if (why != NULL)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   /* Translators: "<card>: <why it cannot be used now>" */
                   _("%s: %s"), cb_card_name (a->card), why);
      return FALSE;
    }

  if (is_red_card (a->card))
    p->red_used = TRUE;
  else
    {
      guint sp = special_number (a->card);
      guint needed = MAX (ab->info.dice_needed, 1u);

      /* mark the die (or dice) that use the ability */
      for (guint i = 0; i < p->n_act && needed > 0; i++)
        if (die_fits (&p->act[i], kind, a->face, ab, a->number, a->card))
          {
            CbDie *d = &p->act[i];
            if (needed == MAX (ab->info.dice_needed, 1u))
              {
                d->flags |= CB_DIE_SELF;
                /* p. 7: using the normal ability with a special symbol forces the special
                 * ability too (not the other way round) */
                if (!ab->info.special && sp > 0 && a->face == CB_FACE_SPECIAL
                    && !(d->used & (1u << (sp - 1))))
                  {
                    forced = ability_of (a->card, sp);
                    d->used |= (guint8) (1u << (sp - 1));
                    allowed |= params_of (forced);
                  }
              }
            if (ab->info.timing == CB_TIMING_EVENT)
              d->flags &= (guint8) ~CB_DIE_EVENT;   /* once per die and event */
            else
              d->used |= (guint8) used_mask (a->card, a->number);
            needed--;
          }
      if (ab->info.when == CB_WHEN_BEFORE_SHOP)
        p->pre_shop = TRUE;
    }
  if (!check_params (a, allowed, error))
    return FALSE;
  if (!run_steps (g, seat, ab, a, error)
      || (forced != NULL && !run_steps (g, seat, forced, a, error)))
    return FALSE;
  clear_self (p);
  cb_cards_entered (g, seat);
  return TRUE;
}

/* ---- events and Käsehäppchen ---- */

void
cb_cards_after_roll (CbGame   *g,
                     guint     seat,
                     gboolean  was_push,
                     gboolean  busted)
{
  CbPlayer *p = &g->b.p[seat];

  if (busted)
    return;
  /* „wenn du riskierst und durch den erneuten Wurf keinen Fehlwurf erleidest“: every
   * active die of a card with such an event may answer it once (the dice this roll made
   * active included; docs/cubitos-notes.md) */
  if (was_push)
    for (guint i = 0; i < p->n_act; i++)
      {
        CbKind k = (CbKind) p->act[i].kind;
        guint card;
        if (!CB_KIND_IS_COLOUR (k) || !is_die_face ((CbFace) p->act[i].face))
          continue;
        card = g->cards[CB_COLOUR_OF (k)];
        for (guint n = 0; n < card_defs[card].n; n++)
          if (card_defs[card].ab[n].info.timing == CB_TIMING_EVENT)
            p->act[i].flags |= CB_DIE_EVENT;
      }
  cb_cards_entered (g, seat);
}

void
cb_cards_entered (CbGame *g,
                  guint   seat)
{
  CbPlayer *p = &g->b.p[seat];

  if (p->phase != CB_PHASE_ROLL && p->phase != CB_PHASE_DECIDE && p->phase != CB_PHASE_BUST)
    return;
  for (guint i = 0; i < p->n_act; i++)
    {
      CbKind k = (CbKind) p->act[i].kind;
      guint card;
      if (!CB_KIND_IS_COLOUR (k) || !is_die_face ((CbFace) p->act[i].face)
          || !(p->act[i].flags & CB_DIE_FRESH))
        continue;
      card = g->cards[CB_COLOUR_OF (k)];
      for (guint n = 0; n < card_defs[card].n; n++)
        if (card_defs[card].ab[n].steps[0].op == OP_MUST_PUSH && !(p->act[i].used & (1u << n)))
          {
            /* Käsehäppchen: its „Sofort“ ability is mandatory; it is done by pushing */
            p->must_push = TRUE;
            p->act[i].used |= (guint8) (1u << n);
          }
    }
}

/* ---- listing ---- */

/* Tries @a on a scratch copy; keeps it when it is accepted. */
static void
try_push (GArray         *out,
          const CbGame   *g,
          const CbAction *a)
{
  CbGame scratch = *g;

  if (cb_cards_apply (&scratch, a, NULL))
    {
      CbAction copy = *a;

      copy.mandatory = a->player >= 0
                       && is_mandatory_now (g, (guint) a->player, a->card, a->number, a->face);
      g_array_append_val (out, copy);
    }
}

/* The dice a roll takes out of their areas: @from per zone → totals. */
static void
sample_rolls_into (GArray       *out,
                   const CbGame *g,
                   CbAction     *a,
                   const guint   dice[CB_N_KINDS],
                   guint         cap)
{
  g_autoptr(GArray) rolls = g_array_new (FALSE, TRUE, sizeof (guint) * CB_N_KINDS * CB_N_FACES);

  cb_sample_rolls (dice, rolls, cap);
  a->has_roll = TRUE;
  memset (a->blank_given, 0, sizeof a->blank_given);
  for (guint r = 0; r < rolls->len; r++)
    {
      memcpy (a->faces, &g_array_index (rolls, guint, r * CB_N_KINDS * CB_N_FACES), sizeof a->faces);
      try_push (out, g, a);
    }
}

static void
list_lose (GArray       *out,
           const CbGame *g,
           guint         seat,
           CbAction     *a)
{
  const CbPlayer *p = &g->b.p[seat];

  a->has_lose = FALSE;
  try_push (out, g, a);
  a->has_lose = TRUE;
  for (guint z = 0; z < CB_N_ZONES; z++)
    for (guint k = 0; k < CB_N_KINDS; k++)
      if (k != CB_KIND_TOP_DOG && p->dice[z][k] > 0)
        {
          a->ab_lose_zone = (CbZone) z;
          a->ab_lose_kind = (CbKind) k;
          try_push (out, g, a);
        }
  a->has_lose = FALSE;
}

static void
list_params (GArray       *out,
             const CbGame *g,
             guint         seat,
             CbAction     *a,
             guint         params)
{
  const CbPlayer *p = &g->b.p[seat];

  if (params & P_GIVE)
    {
      /* Edward: first a red die, then the die given */
      for (guint z = 0; z < CB_N_ZONES; z++)
        if (p->dice[z][CB_KIND_RED] > 0 || z == CB_ZONE_REST)
          {
            a->has_lose = p->dice[z][CB_KIND_RED] > 0;
            a->ab_lose_kind = CB_KIND_RED;
            a->ab_lose_zone = (CbZone) z;
            a->has_give = TRUE;
            for (guint to = 0; to < g->n_players; to++)
              for (guint gz = 0; gz < CB_N_ZONES; gz++)
                for (guint k = 0; k < CB_N_KINDS; k++)
                  if (to != seat && k != CB_KIND_TOP_DOG && p->dice[gz][k] > 0)
                    {
                      a->give_to = (int) to;
                      a->give_zone = (CbZone) gz;
                      a->give_kind = (CbKind) k;
                      try_push (out, g, a);
                    }
            a->has_give = FALSE;
            try_push (out, g, a);
          }
      a->has_lose = FALSE;
      return;
    }
  if (params & P_LOSE)
    {
      list_lose (out, g, seat, a);
      return;
    }
  if (params & P_DIE)
    {
      /* a die turned to a face: from the ready area, or from the supply */
      try_push (out, g, a);
      a->has_die = TRUE;
      for (guint k = 0; k < CB_N_KINDS; k++)
        if (p->dice[CB_ZONE_READY][k] > 0 || g->b.supply[k] > 0)
          for (guint f = 0; f < CB_N_FACES; f++)
            if (cb_kind_count_face ((CbKind) k, (CbFace) f) > 0)
              {
                a->die_kind = (CbKind) k;
                a->die_face = (CbFace) f;
                try_push (out, g, a);
              }
      a->has_die = FALSE;
      return;
    }
  if (params & P_OTHER)
    {
      try_push (out, g, a);
      a->has_other = TRUE;
      for (guint k = 0; k < CB_N_KINDS; k++)
        for (guint f = 0; f < CB_N_FACES; f++)
          if (p->active_face[k][f] > 0)
            {
              a->other_kind = (CbKind) k;
              a->other_face = (CbFace) f;
              try_push (out, g, a);
            }
      a->has_other = FALSE;
      return;
    }
  if (params & P_DICE)
    {
      /* add dice to the roll: the first ones of the draw area, then of the rest zone */
      guint want = 0, left, dice[CB_N_KINDS] = { 0 };
      const CbAbility *ab = ability_of (a->card, a->number);
      for (guint i = 0; i < MAX_STEPS; i++)
        if (ab->steps[i].op == OP_ADD_TO_ROLL)
          want = ab->steps[i].n;
      left = want;
      for (guint z = 0; z < 2; z++)
        for (guint k = 0; k < CB_N_KINDS && left > 0; k++)
          {
            guint avail = p->dice[z == 0 ? CB_ZONE_DRAW : CB_ZONE_REST][k];
            guint n = MIN (avail, left);
            dice[k] += n;
            left -= n;
          }
      a->has_dice = TRUE;
      memcpy (a->counts, dice, sizeof a->counts);
      sample_rolls_into (out, g, a, dice, 8);
      return;
    }
  if (params & P_FROM)
    {
      /* choose dice: none, or one die of each kind that may be rolled */
      a->has_from = TRUE;
      memset (a->from, 0, sizeof a->from);
      memset (a->from_active, 0, sizeof a->from_active);
      {
        guint none[CB_N_KINDS] = { 0 };
        sample_rolls_into (out, g, a, none, 1);
      }
      for (guint z = 0; z < CB_N_ZONES; z++)
        if (z != CB_ZONE_ACTIVE)
          for (guint k = 0; k < CB_N_KINDS; k++)
            if (p->dice[z][k] > 0)
              {
                guint dice[CB_N_KINDS] = { 0 };
                memset (a->from, 0, sizeof a->from);
                a->from[z][k] = 1;
                dice[k] = 1;
                sample_rolls_into (out, g, a, dice, 3);
              }
      memset (a->from, 0, sizeof a->from);
      a->has_from = FALSE;
      return;
    }
  if (params & P_ROLL2)
    {
      /* Mahatma: all ready dice twice; samples: both blank, a hit first */
      guint dice[CB_N_KINDS];
      memcpy (dice, p->dice[CB_ZONE_READY], sizeof dice);
      a->has_roll2 = TRUE;
      memset (a->faces2, 0, sizeof a->faces2);
      memset (a->blank_given2, 0, sizeof a->blank_given2);
      sample_rolls_into (out, g, a, dice, 4);
      a->has_roll2 = FALSE;
      return;
    }
  if (params & P_ROLL)
    {
      /* Lamalala: all grey and white dice of the ready and draw areas */
      guint dice[CB_N_KINDS] = { 0 };
      for (guint k = 0; k < CB_N_KINDS; k++)
        if (CB_KIND_IS_GREY (k) || k == CB_KIND_WHITE)
          dice[k] = p->dice[CB_ZONE_READY][k] + p->dice[CB_ZONE_DRAW][k];
      sample_rolls_into (out, g, a, dice, 6);
      return;
    }
  if (params & P_BONUS)
    {
      int told[3][CB_N_FAN][2];
      guint n_told = cb_fan_variants (g, seat, told);
      a->has_landed = TRUE;
      try_push (out, g, a);
      a->l_credits = 1;
      try_push (out, g, a);
      a->l_credits = 0;
      a->l_fans = 1;
      for (guint t = 0; t < n_told; t++)
        {
          memcpy (a->fan, told[t], sizeof a->fan);
          try_push (out, g, a);
        }
      cb_fan_unknown (a->fan);
      a->l_fans = 0;
      a->has_landed = FALSE;
      return;
    }
  if (params & P_TAKE)
    {
      try_push (out, g, a);
      a->has_take = TRUE;
      for (guint k = 0; k < CB_N_KINDS; k++)
        if (k != CB_KIND_TOP_DOG && g->b.supply[k] > 0)
          {
            a->take = (CbKind) k;
            a->cost = -1;
            try_push (out, g, a);
            if (CB_KIND_IS_COLOUR (k) && g->b.cost[CB_COLOUR_OF (k)] < 0)
              for (guint c = 1; c <= MIN (p->fans, 9u); c++)
                {
                  a->cost = (int) c;
                  try_push (out, g, a);
                }
          }
      a->cost = -1;
      a->has_take = FALSE;
      return;
    }
  if (params & P_FAN)
    {
      int told[3][CB_N_FAN][2];
      guint n_told = cb_fan_variants (g, seat, told);
      for (guint t = 0; t < n_told; t++)
        {
          memcpy (a->fan, told[t], sizeof a->fan);
          try_push (out, g, a);
        }
      cb_fan_unknown (a->fan);
      try_push (out, g, a);
      return;
    }
  if (params & P_RED_LINES)
    {
      static const guint samples[] = { 0, 3, 14 };
      a->has_red_lines = TRUE;
      for (guint i = 0; i < G_N_ELEMENTS (samples); i++)
        {
          a->n = samples[i];
          try_push (out, g, a);
        }
      a->has_red_lines = FALSE;
      a->n = 0;
      return;
    }
  if (params & P_FINISH)
    {
      try_push (out, g, a);
      if (!p->finished)
        {
          a->finish = TRUE;
          try_push (out, g, a);
          a->finish = FALSE;
        }
      return;
    }
  try_push (out, g, a);
}

void
cb_cards_list (GArray       *out,
               const CbGame *g,
               guint         seat)
{
  for (guint c = 0; c < CB_N_COLOURS; c++)
    {
      guint card = g->cards[c];
      for (guint n = 1; n <= card_defs[card].n; n++)
        for (guint fi = 0; fi < 2; fi++)
          {
            CbFace face = fi == 0 ? CB_FACE_TEAM : CB_FACE_SPECIAL;
            const CbAbility *ab = ability_of (card, n);
            guint params = params_of (ab);
            guint sp = special_number (card);
            CbAction a;

            if (is_red_card (card))
              {
                if (fi == 1)
                  continue;
                face = CB_FACE_BLANK;
              }
            if (not_usable (g, seat, card, n, face) != NULL)
              continue;
            /* with a special symbol the normal ability brings the special one along */
            if (face == CB_FACE_SPECIAL && !ab->info.special && sp > 0)
              params |= params_of (ability_of (card, sp));
            cb_action_init (&a);
            a.type = CB_ACTION_ABILITY;
            a.player = (int) seat;
            a.card = card;
            a.number = n;
            a.face = face;
            list_params (out, g, seat, &a, params);
          }
    }
}

GArray *
cb_game_list_abilities (const CbGame *g,
                        guint         seat)
{
  GArray *res = g_array_new (FALSE, TRUE, sizeof (CbAbilityUse));

  g_return_val_if_fail (g != NULL && seat < g->n_players, res);
  for (guint c = 0; c < CB_N_COLOURS; c++)
    {
      guint card = g->cards[c];
      for (guint n = 1; n <= card_defs[card].n; n++)
        for (guint fi = 0; fi < 2; fi++)
          {
            CbAbilityUse u = { card, n, fi == 0 ? CB_FACE_TEAM : CB_FACE_SPECIAL, FALSE };
            if (is_red_card (card))
              {
                if (fi == 1)
                  continue;
                u.face = CB_FACE_BLANK;
              }
            if (not_usable (g, seat, card, n, u.face) != NULL)
              continue;
            u.mandatory = is_mandatory_now (g, seat, card, n, u.face);
            g_array_append_val (res, u);
          }
    }
  return res;
}

/* ---- what an ability asks for (a UI's parameter form) ---- */

G_STATIC_ASSERT ((guint) P_LOSE == (guint) CB_PARAM_LOSE && (guint) P_GIVE == (guint) CB_PARAM_GIVE
                 && (guint) P_DIE == (guint) CB_PARAM_DIE && (guint) P_OTHER == (guint) CB_PARAM_OTHER
                 && (guint) P_DICE == (guint) CB_PARAM_DICE && (guint) P_FROM == (guint) CB_PARAM_FROM
                 && (guint) P_ROLL == (guint) CB_PARAM_ROLLED && (guint) P_ROLL2 == (guint) CB_PARAM_ROLLED2
                 && (guint) P_TAKE == (guint) CB_PARAM_TAKE && (guint) P_BONUS == (guint) CB_PARAM_BONUS
                 && (guint) P_COST == (guint) CB_PARAM_COST && (guint) P_FAN == (guint) CB_PARAM_FAN
                 && (guint) P_RED_LINES == (guint) CB_PARAM_RED_LINES
                 && (guint) P_FINISH == (guint) CB_PARAM_FINISH);

#define ALL_KINDS ((1u << CB_N_KINDS) - 1)

guint
cb_card_ability_get_params (guint  card,
                            guint  number,
                            CbFace face)
{
  guint m;
  guint sp;

  g_return_val_if_fail (card < CB_N_CARDS, 0);
  g_return_val_if_fail (number >= 1 && number <= card_defs[card].n, 0);
  m = params_of (ability_of (card, number));
  sp = special_number (card);
  if (!is_red_card (card) && face == CB_FACE_SPECIAL && !ability_of (card, number)->info.special && sp > 0)
    m |= params_of (ability_of (card, sp));
  return m;
}

/* The special ability the action brings along, as cb_cards_apply decides it: the first
 * die that fits uses the ability; its special ability comes too unless it used it. */
static guint
forced_special (const CbGame *g,
                guint         seat,
                guint         card,
                guint         number,
                CbFace        face)
{
  const CbPlayer *p = &g->b.p[seat];
  const CbAbility *ab = ability_of (card, number);
  CbKind kind = CB_KIND_OF (cb_card (card)->colour);
  guint sp = special_number (card);

  if (is_red_card (card) || ab->info.special || sp == 0 || face != CB_FACE_SPECIAL)
    return 0;
  for (guint i = 0; i < p->n_act; i++)
    if (die_fits (&p->act[i], kind, face, ab, number, card))
      return (p->act[i].used & (1u << (sp - 1))) ? 0 : sp;
  return 0;
}

static void
describe_steps (const CbGame    *g,
                guint            seat,
                const CbAbility *ab,
                CbAbilityParams *out)
{
  const CbPlayer *p = &g->b.p[seat];

  for (guint i = 0; i < MAX_STEPS && ab->steps[i].op != OP_END; i++)
    {
      const CbStep *st = &ab->steps[i];
      gboolean cond_ok = st->cond == 0 || has_active_kinds (p, st->cond);

      switch ((CbOp) st->op)
        {
        case OP_FAN:
          if (cond_ok)
            out->fan_advances += st->n;
          break;
        case OP_STEPS_RED_LINES:
          out->required |= P_RED_LINES;
          break;
        case OP_LOSE:
          out->lose_zones = st->zones;
          out->lose_kinds = (st->kinds != 0 ? st->kinds : ALL_KINDS) & ~K (CB_KIND_TOP_DOG);
          if (!st->opt && cond_ok && any_die_in (p, st->zones, st->kinds))
            out->required |= P_LOSE;
          break;
        case OP_ADD_TO_ROLL:
          {
            guint draw = 0, have = 0;
            for (guint k = 0; k < CB_N_KINDS; k++)
              {
                draw += p->dice[CB_ZONE_DRAW][k];
                have += p->dice[CB_ZONE_DRAW][k] + p->dice[CB_ZONE_REST][k];
              }
            out->dice_count = MIN ((guint) st->n, have);
            /* p. 11: the whole draw area first, then the rest zone is shuffled in */
            for (guint k = 0; k < CB_N_KINDS; k++)
              {
                gboolean short_ = draw < out->dice_count;
                out->dice_min[k] = short_ ? p->dice[CB_ZONE_DRAW][k] : 0;
                out->dice_max[k] = MIN (p->dice[CB_ZONE_DRAW][k] + (short_ ? p->dice[CB_ZONE_REST][k] : 0),
                                        out->dice_count);
              }
            out->required |= P_DICE | P_ROLL;
            break;
          }
        case OP_ROLL_FROM:
          out->from_zones = ALL_ZONES;
          out->from_max = G_MAXUINT;
          if (st->n == ROLL_GREY)
            out->from_kinds = GREY;
          else if (st->n == ROLL_NON_RED)
            {
              out->from_kinds = ALL_KINDS & ~RED;
              out->from_max = 2 * n_fewer_swords (g, seat);
            }
          else
            {
              out->from_zones = Z (CB_ZONE_DRAW) | Z (CB_ZONE_READY);
              out->from_kinds = ALL_KINDS;
              out->from_max = 9;
              out->from_distinct = TRUE;
            }
          out->required |= P_FROM | P_ROLL;
          break;
        case OP_ROLL_ALL:
          for (guint z = 0; z < CB_N_ZONES; z++)
            if (st->zones & Z (z))
              for (guint k = 0; k < CB_N_KINDS; k++)
                if (st->kinds & K (k))
                  out->rolled[k] += p->dice[z][k];
          out->required |= P_ROLL;
          break;
        case OP_ROLL_READY_TWICE:
          for (guint k = 0; k < CB_N_KINDS; k++)
            out->rolled[k] = p->dice[CB_ZONE_READY][k];
          out->required |= P_ROLL | P_ROLL2;
          break;
        case OP_READY_TO_ACTIVE:
          out->die_from_supply = FALSE;
          for (guint k = 0; k < CB_N_KINDS; k++)
            if (p->dice[CB_ZONE_READY][k] > 0)
              out->die_kinds |= K (k);
          if (out->die_kinds != 0)
            out->required |= P_DIE;
          break;
        case OP_BORROW:
          out->die_from_supply = TRUE;
          for (guint k = 0; k < CB_N_KINDS; k++)
            if (k != CB_KIND_TOP_DOG && !(st->kinds & K (k)) && g->b.supply[k] > 0)
              out->die_kinds |= K (k);
          if (out->die_kinds != 0)
            out->required |= P_DIE;
          break;
        case OP_TAKE:
          out->take_max_cost = -1;
          if (st->n == TAKE_RED)
            {
              out->take_kinds = g->b.supply[CB_KIND_RED] > 0 ? RED : 0;
              out->take_forced = TRUE;
            }
          else if (st->n == TAKE_GREY)
            {
              for (guint k = 0; k < CB_N_KINDS; k++)
                if (CB_KIND_IS_GREY (k) && g->b.supply[k] > 0)
                  out->take_kinds |= K (k);
              if (out->take_kinds != 0)
                out->required |= P_TAKE;
            }
          else
            {
              for (guint k = 0; k < CB_N_KINDS; k++)
                if (k != CB_KIND_TOP_DOG && g->b.supply[k] > 0)
                  out->take_kinds |= K (k);
              out->take_max_cost = (int) p->fans;
            }
          break;
        case OP_OTHER_TO_READY:
          /* the die using the ability is not „another“ die */
          if (p->n_act > 1)
            out->required |= P_OTHER;
          break;
        case OP_BONUS:
          out->required |= P_BONUS;
          break;
        case OP_GIVE_TO_FEWEST:
          {
            guint fewest = G_MAXUINT;
            for (guint s = 0; s < g->n_players; s++)
              if (cb_is_participant (&g->b, s))
                fewest = MIN (fewest, g->b.p[s].swords);
            for (guint s = 0; s < g->n_players; s++)
              if (s != seat && cb_is_participant (&g->b, s) && g->b.p[s].swords == fewest)
                out->give_to |= 1u << s;
            out->give_zones = ALL_ZONES;
            out->give_kinds = ALL_KINDS & ~K (CB_KIND_TOP_DOG);
            if (any_die_in (p, ALL_ZONES, 0))
              out->required |= P_GIVE;
            break;
          }
        default:
          break;
        }
    }
}

gboolean
cb_game_get_ability_params (const CbGame    *g,
                            guint            seat,
                            guint            card,
                            guint            number,
                            CbFace           face,
                            CbAbilityParams *params)
{
  guint sp;

  g_return_val_if_fail (params != NULL, FALSE);
  memset (params, 0, sizeof *params);
  params->take_max_cost = -1;
  g_return_val_if_fail (g != NULL && seat < g->n_players, FALSE);
  g_return_val_if_fail (card < CB_N_CARDS, FALSE);
  if (number < 1 || number > card_defs[card].n || not_usable (g, seat, card, number, face) != NULL)
    return FALSE;
  params->params = params_of (ability_of (card, number));
  describe_steps (g, seat, ability_of (card, number), params);
  sp = forced_special (g, seat, card, number, face);
  if (sp > 0)
    {
      params->params |= params_of (ability_of (card, sp));
      describe_steps (g, seat, ability_of (card, sp), params);
    }
  return TRUE;
}

gboolean
cb_game_has_mandatory (const CbGame  *g,
                       guint          seat,
                       char         **message)
{
  g_autoptr(GError) error = NULL;
  const CbPlayer *p;

  g_return_val_if_fail (g != NULL && seat < g->n_players, FALSE);
  p = &g->b.p[seat];
  if (g->b.finished)
    return FALSE;
  switch (p->phase)
    {
    case CB_PHASE_DECIDE:
      cb_cards_check_mandatory (g, seat, CB_CHECK_PASS, &error);
      break;
    case CB_PHASE_ROLL:
      if (p->pushed)
        cb_cards_check_mandatory (g, seat, CB_CHECK_ROLL, &error);
      break;
    case CB_PHASE_SUPPORT:
      cb_cards_check_mandatory (g, seat, CB_CHECK_MOVE, &error);
      break;
    case CB_PHASE_SHOP:
      cb_cards_check_mandatory (g, seat, CB_CHECK_SHOP, &error);
      break;
    default:
      break;
    }
  if (error == NULL)
    return FALSE;
  if (message != NULL)
    *message = g_strdup (error->message);
  return TRUE;
}

guint
cb_game_get_water (const CbGame *g,
                   guint         seat)
{
  g_return_val_if_fail (g != NULL && seat < g->n_players, 0);
  return g->b.p[seat].water;
}

gboolean
cb_game_must_push (const CbGame *g,
                   guint         seat)
{
  g_return_val_if_fail (g != NULL && seat < g->n_players, FALSE);
  return g->b.p[seat].must_push;
}

char *
cb_game_dup_action_title (const CbGame *g,
                          const char   *action_json)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *o;
  const char *key;
  int card;
  guint number = 0;

  g_return_val_if_fail (g != NULL, NULL);
  if (action_json == NULL || !json_parser_load_from_data (parser, action_json, -1, NULL)
      || json_parser_get_root (parser) == NULL || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return NULL;
  o = json_node_get_object (json_parser_get_root (parser));
  key = json_object_get_string_member_with_default (o, "ability", NULL);
  card = key != NULL ? cb_card_lookup (key) : -1;
  if (card < 0)
    return NULL;
  if (json_object_has_member (o, "number"))
    number = (guint) json_object_get_int_member_with_default (o, "number", 1);
  for (guint i = 0; i < card_defs[card].n && number == 0; i++)
    if (card_defs[card].ab[i].info.when != CB_WHEN_PASSIVE)
      number = i + 1;
  if (number < 1 || number > card_defs[card].n)
    return NULL;
  if (json_object_get_boolean_member_with_default (o, "mandatory", FALSE))
    /* Translators: "<card>: <ability text> (mandatory)" */
    return g_strdup_printf (_("%s: %s (mandatory)"), cb_card_name ((guint) card),
                            cb_card_ability_get_text ((guint) card, number));
  return g_strdup_printf (_("%s: %s"), cb_card_name ((guint) card),
                          cb_card_ability_get_text ((guint) card, number));
}

int
cb_cards_holding_card (const CbGame *g,
                       guint         seat)
{
  const CbPlayer *p = &g->b.p[seat];
  guint card;

  if (g->b.finished)
    return -1;
  if ((p->phase == CB_PHASE_ROLL && p->pushed && first_obligation (g, seat, CB_CHECK_ROLL, &card))
      || (p->phase == CB_PHASE_SUPPORT && first_obligation (g, seat, CB_CHECK_MOVE, &card))
      || (p->phase == CB_PHASE_SHOP && first_obligation (g, seat, CB_CHECK_SHOP, &card)))
    return (int) card;
  if (p->phase == CB_PHASE_DECIDE && p->must_push && cb_zone_total (p, CB_ZONE_READY) > 0)
    return (int) g->cards[CB_COLOUR_OF (CB_KIND_YELLOW)];
  return -1;
}
