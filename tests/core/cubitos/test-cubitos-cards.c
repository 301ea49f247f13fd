/* test-cubitos-cards.c — the card abilities, card family by card family
 *
 * Each test cites the German rulebook (shared/rules/cubitos-rules-de.txt): p. 7
 * „Fähigkeiten“ for the timing keywords and the special symbol, p. 11 for „vergleichen“
 * and „Würfel zum Wurf hinzufügen“, and the glossary „Glossar: Karten“ (p. 12–15) by the
 * card's German name. Positions are set up with the starting dice and the generic
 * effects of cb-game.h (a die taken from the supply into an area), then the abilities
 * are used through the text form, as the app and the CLI do.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdarg.h>

#include "cb-test-util.h"

#define INA  0
#define SAMI 1

static CbGame *
race_game (guint race, const char *first)
{
  g_autofree char *setup = g_strdup_printf ("{'game':'cubitos','players':['Ina','Sami'],'race':%u,'first':'%s'}",
                                            race, first);
  return new_game (setup);
}

static CbGame *
race_game3 (guint race)
{
  g_autofree char *setup = g_strdup_printf ("{'game':'cubitos','players':['Ina','Sami','Tom'],'race':%u}", race);
  return new_game (setup);
}

static void
okf (CbGame *g, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static void
okf (CbGame *g, const char *fmt, ...)
{
  va_list args;
  g_autofree char *s = NULL;

  va_start (args, fmt);
  s = g_strdup_vprintf (fmt, args);
  va_end (args);
  ok (g, s);
}

/* Refills with the starting dice (and the top dog), enters "nothing", and passes. */
static void
quiet_roll (CbGame *g, guint seat)
{
  const char *n = cb_game_get_player_name (g, seat);
  okf (g, "{'player':'%s','refill':{'light_grey':7,'dark_grey':2}}", n);
  okf (g, "{'player':'%s','roll':{}}", n);
  okf (g, "{'player':'%s','pass':true}", n);
}

static void
to_support (CbGame *g)
{
  for (guint s = 0; s < cb_game_get_n_players (g); s++)
    quiet_roll (g, s);
  g_assert_cmpint (cb_game_get_phase (g, 0), ==, CB_PHASE_SUPPORT);
}

/* A die from the supply into @zone (active: showing @face): the fixture. */
static void
put (CbGame *g, guint seat, CbKind kind, CbZone zone, CbFace face)
{
  g_autoptr(GError) error = NULL;
  g_assert_true (cb_game_take_die (g, seat, kind, zone, face, -1, -1, &error));
  g_assert_no_error (error);
}

static void
announce_all (CbGame *g)
{
  for (guint s = 0; s < cb_game_get_n_players (g); s++)
    okf (g, "{'player':'%s','announce':true}", cb_game_get_player_name (g, s));
}

/* TRUE when legal_actions lists @needle (a part of an action text). */
static gboolean
listed (const CbGame *g, const char *needle)
{
  g_autoptr(GPtrArray) legal = cb_game_legal_actions (g);
  g_autofree char *n = q (needle);

  for (guint i = 0; i < legal->len; i++)
    if (strstr (legal->pdata[i], n) != NULL)
      return TRUE;
  return FALSE;
}

static void
assert_refused_with (CbGame *g, const char *action, const char *part)
{
  g_autofree char *msg = refused (g, action, DP_GAME_ERROR_ILLEGAL);
  if (strstr (msg, part) == NULL)
    g_error ("“%s” does not say “%s”", msg, part);
}

/* ---- the shared mechanism ---- */

/* p. 7 „Alle Fähigkeiten sind optional, sofern … nicht … „Verpflichtend““ and p. 9, 5
 * „Verpflichtende Fähigkeiten musst du ausführen“. Krötenköter (p. 14): „Diese Fähigkeit
 * musst du in Schritt 5 ausführen … Du erhältst 3 Münzen. Gib danach diesen Würfel ab.“
 * legal_actions marks it; phase 6 waits until it is used; the die goes back. */
static void
test_mandatory_support_brown (void)
{
  g_autoptr(CbGame) g = race_game (1, "Ina");
  guint supply;

  to_support (g);
  put (g, INA, CB_KIND_BROWN, ACTIVE, CB_FACE_TEAM);
  supply = cb_game_get_supply (g, CB_KIND_BROWN);
  announce_all (g);
  g_assert_true (cb_game_has_mandatory (g, INA, NULL));
  g_assert_false (cb_game_has_mandatory (g, SAMI, NULL));
  g_assert_true (listed (g, "{'player':'Ina','ability':'rich-dog','face':'team','mandatory':true}"));
  {
    /* the replay JSON says what holds Ina back */
    g_autofree char *st = state_text (g);
    g_assert_nonnull (strstr (st, "\"held_by\":\"rich-dog\""));
  }
  /* nothing of phase 6 is offered while it is unused */
  g_assert_false (listed (g, "{'player':'Ina','move'"));
  assert_refused_with (g, "{'player':'Ina','move':0,'landed':{}}", "Rich Dog");
  assert_refused_with (g, "{'player':'Ina','buy_steps':1}", "Rich Dog");
  ok (g, "{'player':'Ina','ability':'rich-dog'}");
  g_assert_cmpuint (cb_game_get_coins (g, INA), ==, 3);
  g_assert_cmpuint (cb_game_count_active (g, INA, CB_KIND_BROWN), ==, 0);
  g_assert_cmpuint (cb_game_get_supply (g, CB_KIND_BROWN), ==, supply + 1);
  g_assert_false (cb_game_has_mandatory (g, INA, NULL));
  /* once per die (p. 7 „je einmal“): the die is gone anyway */
  g_free (refused (g, "{'player':'Ina','ability':'rich-dog'}", DP_GAME_ERROR_ILLEGAL));
  ok (g, "{'player':'Ina','move':0,'landed':{}}");
}

/* p. 7: „Habt ihr ein Spezial-Team-Symbol geworfen und führt die Fähigkeit des
 * „normalen“ Team-Symbols aus, müsst ihr stets auch die Spezial-Team-Fähigkeit
 * ausführen. (Umgekehrt gilt das nicht.)“ Holzbein (p. 13): 5 coins; special, mandatory:
 * 1 step, then give back this die. */
static void
test_special_forces_normal_holzbein (void)
{
  g_autoptr(CbGame) g = race_game (6, "Ina");

  to_support (g);
  /* a team symbol: only the normal ability; the special one needs the special symbol */
  put (g, INA, CB_KIND_ORANGE, ACTIVE, CB_FACE_TEAM);
  g_free (refused (g, "{'player':'Ina','ability':'the-babe','number':2,'face':'team'}", DP_GAME_ERROR_ILLEGAL));
  ok (g, "{'player':'Ina','ability':'the-babe','number':1,'face':'team'}");
  g_assert_cmpuint (cb_game_get_coins (g, INA), ==, 5);
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 0);
  g_assert_cmpuint (cb_game_count_active (g, INA, CB_KIND_ORANGE), ==, 1);

  /* the normal ability with a special symbol brings the special one along */
  put (g, INA, CB_KIND_ORANGE, ACTIVE, CB_FACE_SPECIAL);
  g_assert_true (cb_game_has_mandatory (g, INA, NULL));
  ok (g, "{'player':'Ina','ability':'the-babe','number':1,'face':'special'}");
  g_assert_cmpuint (cb_game_get_coins (g, INA), ==, 10);
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 1);
  g_assert_cmpuint (cb_game_get_active_faces (g, INA, CB_KIND_ORANGE, CB_FACE_SPECIAL), ==, 0);
  g_assert_false (cb_game_has_mandatory (g, INA, NULL));

  /* not the other way round: the special ability alone leaves the normal one aside */
  put (g, INA, CB_KIND_ORANGE, ACTIVE, CB_FACE_SPECIAL);
  ok (g, "{'player':'Ina','ability':'the-babe','number':2,'face':'special'}");
  g_assert_cmpuint (cb_game_get_coins (g, INA), ==, 10);
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 2);
}

/* Rama Lama (p. 2 card, p. 14): „Denk daran, dass du auch die Spezial-Team-Fähigkeit
 * ausführen musst, wenn du mit … Spezial-Team-Symbol die „normale“ Fähigkeit ausführst.“
 * The fan comes without the credits of its space, with its supply tokens. */
static void
test_special_forces_normal_rama_lama (void)
{
  g_autoptr(CbGame) g = race_game (3, "Ina");

  to_support (g);
  put (g, INA, CB_KIND_BLUE, ACTIVE, CB_FACE_SPECIAL);
  /* the fan space must be told: the normal ability alone is not possible here */
  assert_refused_with (g, "{'player':'Ina','ability':'llama-rama','number':1,'face':'special'}",
                       "fan-track space 1");
  ok (g, "{'player':'Ina','ability':'llama-rama','number':1,'face':'special','fan':[{'space':1,'credits':2,'supply':1}]}");
  g_assert_cmpuint (cb_game_get_coins (g, INA), ==, 3);
  g_assert_cmpuint (cb_game_get_fans (g, INA), ==, 1);
  g_assert_cmpuint (cb_game_get_credits (g, INA), ==, 0);
  g_assert_cmpuint (cb_game_get_supply_tokens (g, INA), ==, 1);
  /* both abilities of this die are used */
  g_free (refused (g, "{'player':'Ina','ability':'llama-rama','number':2,'face':'special'}", DP_GAME_ERROR_ILLEGAL));
}

/* p. 7 „Sofort … sofort ausführen, wenn ihr einen Würfel … in euren Aktionsbereich legt,
 * nicht später.“ Speedy Catzales (p. 15): add 2 dice to the roll; p. 11: the dice come
 * from the draw area; no hit → ready area; this roll cannot bust. */
static void
test_immediate_timing_speedy (void)
{
  g_autoptr(CbGame) g = race_game (6, "Sami");

  /* 2 more light grey dice in Ina's draw area so that there is something to add */
  put (g, INA, LG, DRAW, CB_FACE_BLANK);
  put (g, INA, LG, DRAW, CB_FACE_BLANK);
  put (g, INA, CB_KIND_WHITE, READY, CB_FACE_BLANK);
  ok (g, "{'player':'Ina','refill':{'light_grey':7,'dark_grey':1}}");
  ok (g, "{'player':'Ina','roll':{'white':{'team':1}}}");
  g_assert_true (listed (g, "{'player':'Ina','ability':'fast-cat','face':'team','dice':{'light_grey':2}"));
  /* exactly 2 dice */
  assert_refused_with (g, "{'player':'Ina','ability':'fast-cat','dice':{'light_grey':1},'rolled':{}}", "exactly 2");
  ok (g, "{'player':'Ina','ability':'fast-cat','dice':{'light_grey':1,'dark_grey':1},'rolled':{'dark_grey':{'step':1}}}");
  g_assert_cmpuint (cb_game_get_dice (g, INA, ACTIVE, DG), ==, 1);
  g_assert_cmpuint (cb_game_get_dice (g, INA, READY, LG), ==, 8);
  /* once per die */
  g_free (refused (g, "{'player':'Ina','ability':'fast-cat','dice':{'light_grey':1},'rolled':{}}", DP_GAME_ERROR_ILLEGAL));

  /* „nicht später“: after the push the die is no longer fresh */
  put (g, INA, CB_KIND_WHITE, READY, CB_FACE_BLANK);
  ok (g, "{'player':'Ina','push':true}");
  ok (g, "{'player':'Ina','roll':{'white':{'team':1}}}");
  ok (g, "{'player':'Ina','push':true}");
  assert_refused_with (g, "{'player':'Ina','ability':'fast-cat','dice':{'light_grey':1},'rolled':{}}",
                       "just entered");
}

/* Lasse Liefern (p. 13): 3 dice; with fewer dice in the draw and rest areas, all there
 * are (p. 11 „nehmt zuerst alle noch verfügbaren Würfel“). */
static void
test_add_three_dugout (void)
{
  g_autoptr(CbGame) g = race_game (1, "Sami");

  put (g, INA, CB_KIND_ORANGE, READY, CB_FACE_BLANK);
  ok (g, "{'player':'Ina','refill':{'light_grey':7,'dark_grey':1}}");
  ok (g, "{'player':'Ina','roll':{'orange':{'special':1}}}");
  /* only 1 die left: it is the whole roll */
  assert_refused_with (g, "{'player':'Ina','ability':'dugout','face':'special','dice':{},'rolled':{}}", "exactly 1");
  ok (g, "{'player':'Ina','ability':'dugout','face':'special','dice':{'dark_grey':1},'rolled':{'dark_grey':{'coin':1}}}");
  g_assert_cmpuint (cb_game_get_active_faces (g, INA, DG, CB_FACE_COIN), ==, 1);
}

/* Events (p. 7 „Ereignis … jedes Mal, wenn das … Ereignis eintritt“): Mutiger
 * Maasdamer (p. 13) „wenn du riskierst und durch den erneuten Wurf keinen Fehlwurf
 * erleidest … 1 Schritt, den du sofort … verwenden musst“, once per active copy. */
static void
test_event_reckless_cheese (void)
{
  g_autoptr(CbGame) g = race_game (1, "Sami");

  put (g, INA, CB_KIND_YELLOW, ACTIVE, CB_FACE_TEAM);
  put (g, INA, CB_KIND_YELLOW, ACTIVE, CB_FACE_SPECIAL);
  ok (g, "{'player':'Ina','refill':{'light_grey':7,'dark_grey':2}}");
  /* the first roll is not a push */
  ok (g, "{'player':'Ina','roll':{'light_grey':{'coin':1}}}");
  g_assert_false (listed (g, "'ability':'reckless-cheese'"));
  ok (g, "{'player':'Ina','push':true}");
  ok (g, "{'player':'Ina','roll':{'light_grey':{'coin':1}}}");
  ok (g, "{'player':'Ina','ability':'reckless-cheese','face':'team'}");
  ok (g, "{'player':'Ina','ability':'reckless-cheese','face':'special'}");
  g_assert_cmpuint (cb_game_get_spaces_moved (g, INA), ==, 2);
  /* one step per copy and event */
  g_free (refused (g, "{'player':'Ina','ability':'reckless-cheese','face':'team'}", DP_GAME_ERROR_ILLEGAL));
  /* the next push without bust is a new event */
  ok (g, "{'player':'Ina','push':true}");
  ok (g, "{'player':'Ina','roll':{'light_grey':{'coin':1}}}");
  ok (g, "{'player':'Ina','ability':'reckless-cheese','face':'team'}");
  g_assert_cmpuint (cb_game_get_spaces_moved (g, INA), ==, 3);
}

/* Obatzda (p. 13): event: add 1 die; special (support): 1 step per 4 active dice.
 * „… dass du die Spezial-Team-Fähigkeit zusätzlich ausführen musst, wenn du mit …
 * Spezial-Team-Symbol die erste Fähigkeit ausführst.“ — so it is used up in the roll
 * section, not in phase 5. */
static void
test_event_obatzda_forces_special (void)
{
  g_autoptr(CbGame) g = race_game (3, "Sami");

  put (g, INA, CB_KIND_YELLOW, ACTIVE, CB_FACE_SPECIAL);
  put (g, INA, LG, DRAW, CB_FACE_BLANK);
  ok (g, "{'player':'Ina','refill':{'light_grey':7,'dark_grey':2}}");
  ok (g, "{'player':'Ina','roll':{'light_grey':{'coin':2}}}");
  ok (g, "{'player':'Ina','push':true}");
  ok (g, "{'player':'Ina','roll':{'dark_grey':{'coin':1}}}");
  /* 4 active dice; the added die hits too: 5 active → 1 step */
  ok (g, "{'player':'Ina','ability':'ledercheesen','number':1,'face':'special','dice':{'light_grey':1},'rolled':{'light_grey':{'coin':1}}}");
  g_assert_cmpuint (cb_game_count_zone (g, INA, ACTIVE), ==, 5);
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 1);
  ok (g, "{'player':'Ina','pass':true}");
  quiet_roll (g, SAMI);
  /* phase 5: the special ability of this die is used already */
  g_free (refused (g, "{'player':'Ina','ability':'ledercheesen','number':2,'face':'special'}", DP_GAME_ERROR_ILLEGAL));
}

/* Käsehäppchen (p. 13): „Nachdem du mindestens 1 Käsehäppchen in deinen Aktionsbereich
 * gelegt hast, musst du noch mindestens 1 Mal riskieren“ — again after new ones. */
static void
test_must_push_cheese_stands_alone (void)
{
  g_autoptr(CbGame) g = race_game (6, "Sami");

  put (g, INA, CB_KIND_YELLOW, READY, CB_FACE_BLANK);
  put (g, INA, CB_KIND_YELLOW, READY, CB_FACE_BLANK);
  ok (g, "{'player':'Ina','refill':{'light_grey':7}}");
  ok (g, "{'player':'Ina','roll':{'yellow':{'team':1}}}");
  g_assert_true (cb_game_must_push (g, INA));
  g_assert_false (listed (g, "{'player':'Ina','pass'"));
  assert_refused_with (g, "{'player':'Ina','pass':true}", "push at least once more");
  ok (g, "{'player':'Ina','push':true}");
  ok (g, "{'player':'Ina','roll':{'yellow':{'special':1}}}");
  assert_refused_with (g, "{'player':'Ina','pass':true}", "push at least once more");
  ok (g, "{'player':'Ina','push':true}");
  ok (g, "{'player':'Ina','roll':{}}");
  ok (g, "{'player':'Ina','pass':true}");
  quiet_roll (g, SAMI);
  /* the second ability: 3 steps in phase 5, once per die */
  ok (g, "{'player':'Ina','ability':'the-cheese-stands-alone','number':2,'face':'team'}");
  ok (g, "{'player':'Ina','ability':'the-cheese-stands-alone','number':2,'face':'special'}");
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 6);
}

/* ---- green: when pushing, when busting ---- */

/* Einer geht noch (p. 13): „wenn du riskierst, aber bevor du erneut wirfst. Lege diesen
 * Würfel in deine Bereitschaft“; Piña Cubelada: this roll cannot bust. */
static void
test_push_abilities_rock_on_pina (void)
{
  g_autoptr(CbGame) g = race_game (1, "Sami");
  g_autoptr(CbGame) h = race_game (2, "Sami");

  put (g, INA, CB_KIND_GREEN, READY, CB_FACE_BLANK);
  ok (g, "{'player':'Ina','refill':{'light_grey':7,'dark_grey':1}}");
  ok (g, "{'player':'Ina','roll':{'green':{'team':1}}}");
  /* not before the push */
  assert_refused_with (g, "{'player':'Ina','ability':'rock-on'}", "when you push");
  ok (g, "{'player':'Ina','push':true}");
  ok (g, "{'player':'Ina','ability':'rock-on'}");
  g_assert_cmpuint (cb_game_get_dice (g, INA, READY, CB_KIND_GREEN), ==, 1);
  ok (g, "{'player':'Ina','roll':{'green':{'team':1}}}");
  g_assert_cmpuint (cb_game_count_active (g, INA, CB_KIND_GREEN), ==, 1);

  put (h, INA, CB_KIND_GREEN, ACTIVE, CB_FACE_TEAM);
  put (h, INA, LG, ACTIVE, CB_FACE_COIN);
  put (h, INA, LG, ACTIVE, CB_FACE_COIN);
  ok (h, "{'player':'Ina','refill':{'light_grey':7,'dark_grey':2}}");
  ok (h, "{'player':'Ina','roll':{'light_grey':{'coin':1}}}");
  g_assert_true (cb_game_in_danger (h, INA));
  ok (h, "{'player':'Ina','push':true}");
  ok (h, "{'player':'Ina','ability':'pina-cubelada'}");
  ok (h, "{'player':'Ina','roll':{}}");
  g_assert_cmpint (cb_game_get_phase (h, INA), ==, CB_PHASE_DECIDE);
  g_assert_false (cb_game_has_busted (h, INA));
}

/* Put Ina in danger (3 active dice of @kind_a… from the supply) with a bust pending. */
static void
bust_position (CbGame *g, CbKind a, CbKind b, CbKind c)
{
  put (g, INA, a, ACTIVE, CB_FACE_TEAM);
  put (g, INA, b, ACTIVE, b == LG ? CB_FACE_COIN : CB_FACE_TEAM);
  put (g, INA, c, ACTIVE, c == LG ? CB_FACE_COIN : CB_FACE_TEAM);
  ok (g, "{'player':'Ina','refill':{'light_grey':7,'dark_grey':2}}");
  ok (g, "{'player':'Ina','roll':{'light_grey':{'coin':1}}}");
  ok (g, "{'player':'Ina','push':true}");
  ok (g, "{'player':'Ina','roll':{}}");
  g_assert_cmpint (cb_game_get_phase (g, INA), ==, CB_PHASE_BUST);
}

/* Cubela Libre (p. 13): „Erleidest du einen Fehlwurf, gib diesen Würfel ab, um den
 * Fehlwurf zu ignorieren“. */
static void
test_bust_keep_on_rollin (void)
{
  g_autoptr(CbGame) g = race_game (3, "Sami");
  guint supply;

  bust_position (g, CB_KIND_GREEN, LG, LG);
  supply = cb_game_get_supply (g, CB_KIND_GREEN);
  ok (g, "{'player':'Ina','ability':'keep-on-rollin'}");
  g_assert_cmpint (cb_game_get_phase (g, INA), ==, CB_PHASE_DECIDE);
  g_assert_cmpuint (cb_game_get_supply (g, CB_KIND_GREEN), ==, supply + 1);
  g_assert_cmpuint (cb_game_count_zone (g, INA, ACTIVE), ==, 3);
  ok (g, "{'player':'Ina','pass':true}");
  g_assert_false (cb_game_has_busted (g, INA));
}

/* Granatananas (p. 13): grey dice from any areas are rolled; a hit ignores the bust;
 * „Hast du mehrere aktive Granatananas, darfst du deren Fähigkeit nacheinander
 * aktivieren …, falls du keine Treffer wirfst“ — and not after a hit. */
static void
test_bust_granatananas_several_times (void)
{
  g_autoptr(CbGame) g = race_game (6, "Sami");

  put (g, INA, CB_KIND_GREEN, ACTIVE, CB_FACE_SPECIAL);
  bust_position (g, CB_KIND_GREEN, CB_KIND_GREEN, LG);
  /* only grey dice */
  assert_refused_with (g, "{'player':'Ina','ability':'rolling-stoned','from':{'active':{'green':{'team':1}}},'rolled':{}}",
                       "grey");
  ok (g, "{'player':'Ina','ability':'rolling-stoned','face':'team','from':{'ready':{'light_grey':2}},'rolled':{}}");
  g_assert_cmpint (cb_game_get_phase (g, INA), ==, CB_PHASE_BUST);
  ok (g, "{'player':'Ina','ability':'rolling-stoned','face':'team','from':{'ready':{'light_grey':1,'dark_grey':1}},'rolled':{'dark_grey':{'step':1}}}");
  g_assert_cmpint (cb_game_get_phase (g, INA), ==, CB_PHASE_DECIDE);
  g_assert_cmpuint (cb_game_get_active_faces (g, INA, DG, CB_FACE_STEP), ==, 1);
  /* the bust is gone: the third copy has nothing to answer */
  assert_refused_with (g, "{'player':'Ina','ability':'rolling-stoned','face':'special','from':{'ready':{'light_grey':1}},'rolled':{}}",
                       "when you bust");
}

/* Punk Grapefruit (p. 13): first ability: green and grey dice stay active on the bust
 * (both colours), the other bust effects happen; second (phase 5, after a bust): up to 9
 * dice of different colours from the draw and/or ready areas are rolled; the top dog is
 * black. */
static void
test_punk_grapefruit_two_abilities (void)
{
  g_autoptr(CbGame) g = race_game (7, "Ina");

  bust_position (g, CB_KIND_GREEN, CB_KIND_RED, LG);
  /* the second ability needs a bust first */
  ok (g, "{'player':'Ina','ability':'punk-fruit','number':1}");
  ok (g, "{'player':'Ina','bust':{},'fan':[{'space':1,'credits':1,'supply':0}]}");
  g_assert_true (cb_game_has_busted (g, INA));
  g_assert_cmpuint (cb_game_get_fans (g, INA), ==, 1);
  g_assert_cmpuint (cb_game_count_active (g, INA, CB_KIND_GREEN), ==, 1);
  /* the grey die placed and the one of the first roll */
  g_assert_cmpuint (cb_game_count_active (g, INA, LG), ==, 2);
  g_assert_cmpuint (cb_game_count_active (g, INA, CB_KIND_RED), ==, 0);
  g_assert_cmpuint (cb_game_get_dice (g, INA, REST, CB_KIND_RED), ==, 1);
  quiet_roll (g, SAMI);
  /* different colours: light and dark grey are one colour */
  assert_refused_with (g, "{'player':'Ina','ability':'punk-fruit','number':2,'from':{'ready':{'light_grey':1,'dark_grey':1}},'rolled':{}}",
                       "different colours");
  ok (g, "{'player':'Ina','ability':'punk-fruit','number':2,'from':{'ready':{'light_grey':1,'top_dog':1}},'rolled':{'top_dog':{'coin2':1}}}");
  g_assert_cmpuint (cb_game_get_active_faces (g, INA, TD, CB_FACE_COIN2), ==, 1);
  g_assert_cmpuint (cb_game_count_zone (g, INA, ACTIVE), ==, 4);
  /* Sami did not bust */
  g_free (refused (g, "{'player':'Sami','ability':'punk-fruit','number':2,'from':{},'rolled':{}}", DP_GAME_ERROR_ILLEGAL));
}

/* Bar Bar (p. 13): with a special symbol the second ability is mandatory: „Lege vor dem
 * Wurf 1 anderen aktiven Würfel deiner Wahl in deine Bereitschaft“. */
static void
test_bar_bar_special_mandatory (void)
{
  g_autoptr(CbGame) g = race_game (4, "Sami");

  put (g, INA, CB_KIND_GREEN, ACTIVE, CB_FACE_SPECIAL);
  ok (g, "{'player':'Ina','refill':{'light_grey':7,'dark_grey':2}}");
  ok (g, "{'player':'Ina','roll':{'light_grey':{'coin':1}}}");
  ok (g, "{'player':'Ina','push':true}");
  g_assert_true (cb_game_has_mandatory (g, INA, NULL));
  g_assert_false (listed (g, "{'player':'Ina','roll'"));
  g_assert_true (listed (g, "{'player':'Ina','ability':'pineapple-rocks','number':2,'face':'special','mandatory':true,'other':{'die':'light_grey','face':'coin'}}"));
  assert_refused_with (g, "{'player':'Ina','roll':{}}", "Pineapple Rocks");
  /* the first ability with the special symbol needs the other die too */
  assert_refused_with (g, "{'player':'Ina','ability':'pineapple-rocks','number':1,'face':'special'}", "other");
  ok (g, "{'player':'Ina','ability':'pineapple-rocks','number':1,'face':'special','other':{'die':'light_grey','face':'coin'}}");
  g_assert_cmpuint (cb_game_count_zone (g, INA, ACTIVE), ==, 0);
  g_assert_cmpuint (cb_game_get_dice (g, INA, READY, CB_KIND_GREEN), ==, 1);
  ok (g, "{'player':'Ina','roll':{}}");
}

/* Bertha Trocken (p. 13): the special ability doubles the steps („Aktiviere also zuerst
 * alle anderen Fähigkeiten, die dir Schritte geben“). Kept active, it is used in phase 5. */
static void
test_bertha_double_steps (void)
{
  g_autoptr(CbGame) g = race_game (5, "Sami");

  to_support (g);
  put (g, INA, CB_KIND_GREEN, ACTIVE, CB_FACE_SPECIAL);
  put (g, INA, DG, ACTIVE, CB_FACE_STEP);
  ok (g, "{'player':'Ina','collect':true}");
  ok (g, "{'player':'Ina','ability':'up-to-11','number':2}");
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 2);
  /* the first ability is a push ability */
  g_free (refused (g, "{'player':'Ina','ability':'up-to-11','number':1,'face':'special'}", DP_GAME_ERROR_ILLEGAL));
}

/* ---- red: p. 11 „vergleichen“ ---- */

/* Mr. Krabs (p. 2 card, p. 12): most swords (tie: top dog), mandatory: 3 credits,
 * 2 steps, give back 1 red die. */
static void
test_red_mr_krabs (void)
{
  g_autoptr(CbGame) g = race_game (1, "Sami");
  g_autoptr(CbGame) t = race_game (1, "Sami");
  guint supply;

  to_support (g);
  put (g, INA, CB_KIND_RED, ACTIVE, CB_FACE_TEAM);
  put (g, INA, CB_KIND_RED, ACTIVE, CB_FACE_SPECIAL);
  put (g, SAMI, CB_KIND_RED, ACTIVE, CB_FACE_TEAM);
  supply = cb_game_get_supply (g, CB_KIND_RED);
  /* before everyone announced: not yet */
  ok (g, "{'player':'Ina','announce':true}");
  g_free (refused (g, "{'player':'Ina','ability':'mr-soldier','lose':{'die':'red','from':'active'}}", DP_GAME_ERROR_ILLEGAL));
  ok (g, "{'player':'Sami','announce':true}");
  g_assert_cmpint (cb_game_get_red_winner (g), ==, INA);
  g_assert_true (listed (g, "{'player':'Ina','ability':'mr-soldier','mandatory':true,'lose':{'die':'red','from':'active'}}"));
  /* only the winner */
  g_free (refused (g, "{'player':'Sami','ability':'mr-soldier','lose':{'die':'red','from':'active'}}", DP_GAME_ERROR_ILLEGAL));
  assert_refused_with (g, "{'player':'Ina','move':0,'landed':{}}", "Mr. Soldier");
  /* a red die must be given back */
  assert_refused_with (g, "{'player':'Ina','ability':'mr-soldier'}", "lose");
  ok (g, "{'player':'Ina','ability':'mr-soldier','lose':{'die':'red','from':'active'}}");
  g_assert_cmpuint (cb_game_get_credits (g, INA), ==, 3);
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 2);
  g_assert_cmpuint (cb_game_get_supply (g, CB_KIND_RED), ==, supply + 1);
  /* once per round, not per die */
  g_free (refused (g, "{'player':'Ina','ability':'mr-soldier','lose':{'die':'red','from':'active'}}", DP_GAME_ERROR_ILLEGAL));
  ok (g, "{'player':'Ina','move':0,'landed':{}}");

  /* „bei Gleichstand: Nase vorn“: Sami holds the top dog and wins the tie */
  to_support (t);
  put (t, INA, CB_KIND_RED, ACTIVE, CB_FACE_TEAM);
  put (t, SAMI, CB_KIND_RED, ACTIVE, CB_FACE_TEAM);
  announce_all (t);
  g_assert_cmpint (cb_game_get_red_winner (t), ==, SAMI);
  g_assert_false (cb_game_has_mandatory (t, INA, NULL));
  g_assert_true (cb_game_has_mandatory (t, SAMI, NULL));
}

/* Katrin (p. 12): each red special counts as 2 swords; everyone with at least 1 sword
 * takes 1 credit per player with fewer swords („Gleichstand reicht nicht aus“). */
static void
test_red_katrin (void)
{
  g_autoptr(CbGame) g = race_game3 (7);

  to_support (g);
  put (g, INA, CB_KIND_RED, ACTIVE, CB_FACE_SPECIAL);
  put (g, SAMI, CB_KIND_RED, ACTIVE, CB_FACE_TEAM);
  put (g, 2, CB_KIND_RED, ACTIVE, CB_FACE_TEAM);
  announce_all (g);
  g_assert_cmpint (cb_game_get_swords (g, INA), ==, 2);
  ok (g, "{'player':'Ina','ability':'el-bandito'}");
  g_assert_cmpuint (cb_game_get_credits (g, INA), ==, 2);
  /* Sami and Tom tie: nobody has fewer swords than they have */
  assert_refused_with (g, "{'player':'Sami','ability':'el-bandito'}", "fewer swords");
  /* optional: moving on is fine */
  ok (g, "{'player':'Sami','move':0,'landed':{}}");
}

/* Jacques Couteau (p. 12): for each player with fewer swords, 2 non-red dice from any
 * areas are rolled (p. 11 rule); the top dog counts as black. */
static void
test_red_jacques_couteau (void)
{
  g_autoptr(CbGame) g = race_game (4, "Ina");

  to_support (g);
  put (g, INA, CB_KIND_RED, ACTIVE, CB_FACE_TEAM);
  announce_all (g);
  assert_refused_with (g, "{'player':'Ina','ability':'jacques-couteau','number':2,'from':{'ready':{'light_grey':3}},'rolled':{}}",
                       "at most 2");
  assert_refused_with (g, "{'player':'Ina','ability':'jacques-couteau','number':2,'from':{'active':{'red':{'team':1}}},'rolled':{}}",
                       "not red");
  ok (g, "{'player':'Ina','ability':'jacques-couteau','number':2,'from':{'ready':{'light_grey':1,'top_dog':1}},'rolled':{'light_grey':{'coin':1}}}");
  g_assert_cmpuint (cb_game_get_active_faces (g, INA, LG, CB_FACE_COIN), ==, 1);
  g_assert_cmpuint (cb_game_get_dice (g, INA, READY, TD), ==, 1);
  /* the die that became active is collected now */
  ok (g, "{'player':'Ina','collect':true}");
  g_assert_cmpuint (cb_game_get_coins (g, INA), ==, 1);
}

/* Edward (p. 12): „Gib zuerst 1 roten Würfel ab. Nimm danach 1 Würfel … und lege ihn in
 * die Ruhezone der Person, die … am wenigsten hat … Hast du nur 1 roten Würfel, kannst du
 * diesen keiner anderen Person geben, da du ihn zuvor abgeben musst.“ */
static void
test_red_edward_one_red_die (void)
{
  g_autoptr(CbGame) g = race_game (6, "Ina");

  to_support (g);
  put (g, INA, CB_KIND_RED, ACTIVE, CB_FACE_SPECIAL);
  announce_all (g);
  g_assert_cmpint (cb_game_get_swords (g, INA), ==, 2);
  g_assert_cmpint (cb_game_get_red_winner (g), ==, INA);
  g_assert_true (cb_game_has_mandatory (g, INA, NULL));
  /* the only red die is given back first: it cannot also be given to Sami */
  g_free (refused (g, "{'player':'Ina','ability':'crabby','number':2,'lose':{'die':'red','from':'active'},"
                      "'give':{'die':'red','from':'active','to':'Sami'}}", DP_GAME_ERROR_ILLEGAL));
  /* nor to herself */
  g_free (refused (g, "{'player':'Ina','ability':'crabby','number':2,'lose':{'die':'red','from':'active'},"
                      "'give':{'die':'light_grey','from':'ready','to':'Ina'}}", DP_GAME_ERROR_ILLEGAL));
  ok (g, "{'player':'Ina','ability':'crabby','number':2,'lose':{'die':'red','from':'active'},"
         "'give':{'die':'light_grey','from':'ready','to':'Sami'}}");
  g_assert_cmpuint (cb_game_get_dice (g, SAMI, REST, LG), ==, 1);
  g_assert_cmpuint (cb_game_get_dice (g, INA, READY, LG), ==, 6);
  g_assert_cmpuint (cb_game_count_active (g, INA, CB_KIND_RED), ==, 0);
  g_assert_false (cb_game_has_mandatory (g, INA, NULL));
}

/* Uppercut-Uwe (p. 12): next round any dice from any areas, no limit; Dieter: green and
 * white not counted; Handkäs mit Muckis (p. 13): grey dice not counted. */
static void
test_next_round_refill (void)
{
  g_autoptr(CbGame) g = race_game (5, "Ina");
  g_autoptr(CbGame) h = race_game (4, "Ina");

  to_support (g);
  put (g, INA, CB_KIND_RED, ACTIVE, CB_FACE_TEAM);
  announce_all (g);
  ok (g, "{'player':'Ina','ability':'champion','lose':{'die':'red','from':'active'}}");
  ok (g, "{'player':'Ina','move':0,'landed':{}}");
  ok (g, "{'player':'Ina','rest':true}");
  ok (g, "{'player':'Sami','move':0,'landed':{}}");
  ok (g, "{'player':'Sami','rest':true}");
  /* round 2: Ina takes just 1 die, straight from the rest zone */
  g_free (refused (g, "{'player':'Sami','refill':{},'from_rest':{}}", DP_GAME_ERROR_ILLEGAL));
  put (g, INA, LG, REST, CB_FACE_BLANK);
  ok (g, "{'player':'Ina','refill':{},'from_rest':{'light_grey':1}}");
  g_assert_cmpuint (cb_game_get_dice (g, INA, READY, LG), ==, 8);
  g_assert_cmpuint (cb_game_get_dice (g, INA, REST, LG), ==, 0);

  /* Handkäs: the normal ability with a special symbol brings the grey-free refill along */
  to_support (h);
  put (h, INA, CB_KIND_YELLOW, ACTIVE, CB_FACE_SPECIAL);
  ok (h, "{'player':'Ina','ability':'stinky-cheese','number':1,'face':'special'}");
  g_assert_cmpuint (cb_game_get_steps (h, INA), ==, 2);
  announce_all (h);
  ok (h, "{'player':'Ina','move':2,'landed':{}}");
  ok (h, "{'player':'Ina','rest':true}");
  ok (h, "{'player':'Sami','move':0,'landed':{}}");
  ok (h, "{'player':'Sami','rest':true}");
  /* round 2: Ina's 9 grey dice are still ready, 2 more wait in the draw area; greys do
   * not count, so the yellow die of the rest zone is all that counts, and both greys may
   * come along above the limit */
  put (h, INA, LG, DRAW, CB_FACE_BLANK);
  put (h, INA, LG, DRAW, CB_FACE_BLANK);
  ok (h, "{'player':'Ina','refill':{'light_grey':2,'yellow':1}}");
  g_assert_cmpuint (cb_game_count_zone (h, INA, READY), ==, 12);
}

/* Aufschneider (p. 12): „so viele Schritte, wie die Anzahl deiner Fans“; Dieter: „Zähle
 * in der nächsten Runde in Phase 1 alle deine grünen und weißen Würfel nicht mit … Du
 * darfst also so viele grüne und weiße Würfel, wie du möchtest, in deine Bereitschaft
 * legen.“ */
static void
test_red_aufschneider_dieter (void)
{
  g_autoptr(CbGame) g = race_game (3, "Ina");
  g_autoptr(CbGame) h = race_game (2, "Ina");
  g_autoptr(GError) error = NULL;
  int told[CB_FAN_LAST_SPACE + 1][2];

  for (guint i = 0; i <= CB_FAN_LAST_SPACE; i++)
    told[i][0] = told[i][1] = i <= 2 ? 0 : -1;
  to_support (g);
  g_assert_true (cb_game_advance_fans (g, INA, 2, TRUE, (const int (*)[2]) told, &error));
  put (g, INA, CB_KIND_RED, ACTIVE, CB_FACE_TEAM);
  announce_all (g);
  ok (g, "{'player':'Ina','ability':'supah-general','lose':{'die':'red','from':'active'}}");
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 2);

  to_support (h);
  put (h, INA, CB_KIND_RED, ACTIVE, CB_FACE_TEAM);
  announce_all (h);
  ok (h, "{'player':'Ina','ability':'punch-guy','lose':{'die':'red','from':'active'}}");
  for (guint seat = 0; seat < 2; seat++)
    {
      okf (h, "{'player':'%s','move':0,'landed':{}}", cb_game_get_player_name (h, seat));
      okf (h, "{'player':'%s','rest':true}", cb_game_get_player_name (h, seat));
      put (h, seat, CB_KIND_GREEN, DRAW, CB_FACE_BLANK);
    }
  /* both ready areas are full (9 grey dice): only Ina may add her green die */
  g_free (refused (h, "{'player':'Sami','refill':{'green':1}}", DP_GAME_ERROR_ILLEGAL));
  ok (h, "{'player':'Ina','refill':{'green':1}}");
  g_assert_cmpuint (cb_game_count_zone (h, INA, READY), ==, 10);
}

/* Brutaler Brie (p. 13): the special ability is mandatory in phase 5 (3 coins, then the
 * die goes back); the normal ability with the special symbol brings it along. */
static void
test_brutaler_brie (void)
{
  g_autoptr(CbGame) g = race_game (5, "Ina");

  to_support (g);
  put (g, INA, CB_KIND_YELLOW, ACTIVE, CB_FACE_SPECIAL);
  announce_all (g);
  g_assert_true (cb_game_has_mandatory (g, INA, NULL));
  g_assert_true (listed (g, "{'player':'Ina','ability':'bad-cheese','number':2,'face':'special','mandatory':true}"));
  ok (g, "{'player':'Ina','ability':'bad-cheese','number':1,'face':'special'}");
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 2);
  g_assert_cmpuint (cb_game_get_coins (g, INA), ==, 3);
  g_assert_cmpuint (cb_game_count_active (g, INA, CB_KIND_YELLOW), ==, 0);
  g_assert_false (cb_game_has_mandatory (g, INA, NULL));
}

/* ---- orange ---- */

/* Schlägertyp (p. 13): second ability, mandatory, right before phase 7: „Hast du in
 * dieser Runde mindestens 1 Kredit-Plättchen genommen (egal ob durch Boni von Feldern,
 * Fähigkeiten etc.), gib 1 Würfel ab.“ */
static void
test_batter_beaver_before_shop (void)
{
  g_autoptr(CbGame) g = race_game (4, "Ina");
  g_autoptr(CbGame) h = race_game (4, "Ina");
  guint owned;

  /* no credit taken: nothing to do */
  to_support (g);
  put (g, INA, CB_KIND_ORANGE, ACTIVE, CB_FACE_TEAM);
  announce_all (g);
  ok (g, "{'player':'Ina','move':0,'landed':{}}");
  g_assert_false (cb_game_has_mandatory (g, INA, NULL));
  g_assert_false (listed (g, "'ability':'batter-beaver'"));
  ok (g, "{'player':'Ina','rest':true}");

  /* a credit from the landing space: now a die must go back before shopping */
  to_support (h);
  put (h, INA, CB_KIND_ORANGE, ACTIVE, CB_FACE_TEAM);
  announce_all (h);
  cb_game_gain (h, INA, 4, 1, 0);
  ok (h, "{'player':'Ina','move':1,'landed':{'credits':1}}");
  g_assert_true (cb_game_has_mandatory (h, INA, NULL));
  g_assert_false (listed (h, "{'player':'Ina','rest'"));
  assert_refused_with (h, "{'player':'Ina','buy':'red','cost':2}", "Batter Beaver");
  assert_refused_with (h, "{'player':'Ina','rest':true}", "Batter Beaver");
  g_assert_true (listed (h, "{'player':'Ina','ability':'batter-beaver','number':2,'face':'team','mandatory':true,'lose':"));
  owned = cb_game_count_zone (h, INA, DRAW) + cb_game_count_zone (h, INA, READY)
          + cb_game_count_zone (h, INA, ACTIVE) + cb_game_count_zone (h, INA, REST);
  ok (h, "{'player':'Ina','ability':'batter-beaver','number':2,'lose':{'die':'light_grey','from':'ready'}}");
  g_assert_cmpuint (cb_game_count_zone (h, INA, DRAW) + cb_game_count_zone (h, INA, READY)
                    + cb_game_count_zone (h, INA, ACTIVE) + cb_game_count_zone (h, INA, REST), ==, owned - 1);
  ok (h, "{'player':'Ina','buy':'red','cost':2}");
}

/* Lieber O (p. 13): „Wähle 1 der folgenden Optionen“ — one or the other, not both. */
static void
test_choice_mr_bats_and_king_kaes (void)
{
  g_autoptr(CbGame) g = race_game (9, "Ina");

  to_support (g);
  put (g, INA, CB_KIND_ORANGE, ACTIVE, CB_FACE_TEAM);
  put (g, INA, CB_KIND_YELLOW, ACTIVE, CB_FACE_TEAM);
  ok (g, "{'player':'Ina','ability':'mr-bats','number':1}");
  g_assert_cmpuint (cb_game_get_coins (g, INA), ==, 2);
  g_free (refused (g, "{'player':'Ina','ability':'mr-bats','number':2}", DP_GAME_ERROR_ILLEGAL));
  /* King Käs: half the fans, rounded down: 0 fans → 0 steps */
  ok (g, "{'player':'Ina','ability':'the-big-cheese','number':2}");
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 0);
  g_free (refused (g, "{'player':'Ina','ability':'the-big-cheese','number':1}", DP_GAME_ERROR_ILLEGAL));
}

/* Justin (p. 13): „Gib 1 Würfel aus deiner Bereitschaft ab“; Edeljoker: this die, then
 * 1 die of your choice. */
static void
test_give_back_orange (void)
{
  g_autoptr(CbGame) g = race_game (2, "Ina");
  g_autoptr(CbGame) h = race_game (3, "Ina");

  to_support (g);
  put (g, INA, CB_KIND_ORANGE, ACTIVE, CB_FACE_TEAM);
  assert_refused_with (g, "{'player':'Ina','ability':'reliever-beaver','lose':{'die':'light_grey','from':'rest'}}",
                       "ready area");
  ok (g, "{'player':'Ina','ability':'reliever-beaver','lose':{'die':'light_grey','from':'ready'}}");
  g_assert_cmpuint (cb_game_get_dice (g, INA, READY, LG), ==, 6);

  to_support (h);
  put (h, INA, CB_KIND_ORANGE, ACTIVE, CB_FACE_SPECIAL);
  ok (h, "{'player':'Ina','ability':'benchwarmer','face':'special','lose':{'die':'dark_grey','from':'ready'}}");
  g_assert_cmpuint (cb_game_count_active (h, INA, CB_KIND_ORANGE), ==, 0);
  g_assert_cmpuint (cb_game_get_dice (h, INA, READY, DG), ==, 1);
}

/* Wadenbeißer (p. 13): a ready die into the active area, turned to any face; a face with
 * a Sofort ability may be used at once. */
static void
test_pinch_eater (void)
{
  g_autoptr(CbGame) g = race_game (7, "Sami");

  put (g, INA, CB_KIND_ORANGE, READY, CB_FACE_BLANK);
  put (g, INA, CB_KIND_ORANGE, READY, CB_FACE_BLANK);
  ok (g, "{'player':'Ina','refill':{'light_grey':7}}");
  ok (g, "{'player':'Ina','roll':{'orange':{'team':1}}}");
  ok (g, "{'player':'Ina','ability':'pinch-eater','die':'orange','set':'special'}");
  /* the die turned to its symbol has just entered: its Sofort ability is there */
  ok (g, "{'player':'Ina','ability':'pinch-eater','face':'special','die':'light_grey','set':'coin'}");
  g_assert_cmpuint (cb_game_get_active_faces (g, INA, LG, CB_FACE_COIN), ==, 1);
  g_assert_cmpuint (cb_game_count_zone (g, INA, ACTIVE), ==, 3);
}

/* ---- yellow, brown, purple, white, blue: gains and counts ---- */

/* Dreikäsehoch (p. 13), Strategos Paralysix, Sammlognathus, Ted the Cat (p. 14–15):
 * bonuses for active dice of other colours. */
static void
test_colour_conditions (void)
{
  g_autoptr(CbGame) g = race_game (8, "Ina");   /* Combomania: Ted, Sammlognathus, Dreikäsehoch */
  g_autoptr(CbGame) h = race_game (2, "Ina");   /* Strategos Paralysix */

  to_support (g);
  put (g, INA, CB_KIND_WHITE, ACTIVE, CB_FACE_TEAM);
  put (g, INA, CB_KIND_PURPLE, ACTIVE, CB_FACE_TEAM);
  put (g, INA, CB_KIND_YELLOW, ACTIVE, CB_FACE_TEAM);
  /* Ted: no brown, no green: nothing */
  ok (g, "{'player':'Ina','ability':'dope-cat'}");
  g_assert_cmpuint (cb_game_get_coins (g, INA), ==, 0);
  /* Sammlognathus: 2 + 1 (yellow) */
  ok (g, "{'player':'Ina','ability':'you-bet-jurassican'}");
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 3);
  /* Dreikäsehoch: no brown, no orange: no steps, and no die may be given back */
  g_free (refused (g, "{'player':'Ina','ability':'cheese-boy','lose':{'die':'light_grey','from':'ready'}}", DP_GAME_ERROR_ILLEGAL));
  put (g, INA, CB_KIND_BROWN, ACTIVE, CB_FACE_COIN3);
  put (g, INA, CB_KIND_ORANGE, ACTIVE, CB_FACE_TEAM);
  put (g, INA, CB_KIND_WHITE, ACTIVE, CB_FACE_TEAM);
  put (g, INA, CB_KIND_YELLOW, ACTIVE, CB_FACE_TEAM);
  ok (g, "{'player':'Ina','ability':'cheese-boy','lose':{'die':'light_grey','from':'ready'}}");
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 5);
  ok (g, "{'player':'Ina','ability':'dope-cat'}");
  g_assert_cmpuint (cb_game_get_coins (g, INA), ==, 2);

  to_support (h);
  put (h, INA, CB_KIND_PURPLE, ACTIVE, CB_FACE_TEAM);
  put (h, INA, CB_KIND_RED, ACTIVE, CB_FACE_TEAM);
  put (h, INA, CB_KIND_ORANGE, ACTIVE, CB_FACE_TEAM);
  ok (h, "{'player':'Ina','ability':'dancing-dino'}");
  g_assert_cmpuint (cb_game_get_steps (h, INA), ==, 5);
}

/* Taktopterix (p. 14): colours of the active dice, Taktopterix included, greys one
 * colour, the top dog black; Bietodactylus: active white and grey dice. */
static void
test_counting_cards (void)
{
  g_autoptr(CbGame) g = race_game (4, "Ina");
  g_autoptr(CbGame) h = race_game (6, "Ina");

  to_support (g);
  put (g, INA, CB_KIND_PURPLE, ACTIVE, CB_FACE_TEAM);
  put (g, INA, LG, ACTIVE, CB_FACE_COIN);
  put (g, INA, DG, ACTIVE, CB_FACE_STEP);
  put (g, INA, CB_KIND_BLUE, ACTIVE, CB_FACE_COIN2);
  ok (g, "{'player':'Ina','ability':'wikiwiki-dinosaur'}");
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 3);

  to_support (h);
  put (h, INA, CB_KIND_PURPLE, ACTIVE, CB_FACE_TEAM);
  put (h, INA, LG, ACTIVE, CB_FACE_COIN);
  put (h, INA, DG, ACTIVE, CB_FACE_STEP);
  put (h, INA, CB_KIND_WHITE, ACTIVE, CB_FACE_STEP);
  ok (h, "{'player':'Ina','ability':'shimmy-shimmy-dino'}");
  g_assert_cmpuint (cb_game_get_steps (h, INA), ==, 3);
}

/* Daisy Mooshammer (p. 14), several times: the example „2 aktive [Daisy], 2 aktive graue
 * Würfel mit [1 Münze] und 1 aktiven grauen Würfel mit [1 Schritt] … 6 Münzen (2+2+2) und
 * 3 Schritte“ (the faces collected once, then once per Daisy). */
static void
test_daisy_several_times (void)
{
  g_autoptr(CbGame) g = race_game (4, "Ina");

  to_support (g);
  put (g, INA, CB_KIND_BROWN, ACTIVE, CB_FACE_TEAM);
  put (g, INA, CB_KIND_BROWN, ACTIVE, CB_FACE_TEAM);
  put (g, INA, LG, ACTIVE, CB_FACE_COIN);
  put (g, INA, LG, ACTIVE, CB_FACE_COIN);
  put (g, INA, DG, ACTIVE, CB_FACE_STEP);
  ok (g, "{'player':'Ina','collect':true}");
  announce_all (g);
  g_assert_true (cb_game_has_mandatory (g, INA, NULL));
  ok (g, "{'player':'Ina','ability':'dapper-doggie'}");
  g_assert_true (cb_game_has_mandatory (g, INA, NULL));
  ok (g, "{'player':'Ina','ability':'dapper-doggie'}");
  g_assert_cmpuint (cb_game_get_coins (g, INA), ==, 6);
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 3);
  g_assert_cmpuint (cb_game_count_active (g, INA, CB_KIND_BROWN), ==, 0);
  g_assert_false (cb_game_has_mandatory (g, INA, NULL));
}

/* The other brown cards (p. 14): mandatory, then the die goes back. Alexander G. Bell:
 * 2 credits; with an active white and an active red die 1 fan without its credits. */
static void
test_brown_given_back (void)
{
  static const struct { guint race; const char *key; guint coins, steps, credits; } cases[] = {
    { 5, "dr-livingstone", 0, 2, 0 },   /* Dr. Dackel */
    { 6, "mr-dog",         0, 0, 2 },   /* Cane Corso Credito */
    { 7, "muggles",        2, 0, 0 },   /* Allzweck-Akita, second ability */
    { 2, "captain-bark",   0, 0, 2 },   /* Alexander G. Bell, no white and red */
    { 3, "wizard",         0, 0, 0 },   /* Trüffelterrier, second ability */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CbGame) g = race_game (cases[i].race, "Ina");
      g_autofree char *use = g_strdup_printf ("{'player':'Ina','ability':'%s'%s}", cases[i].key,
                                              cb_card_n_abilities (cb_game_get_card (g, 6)) > 1 ? ",'number':2" : "");
      to_support (g);
      put (g, INA, CB_KIND_BROWN, ACTIVE, CB_FACE_TEAM);
      announce_all (g);
      g_assert_true (cb_game_has_mandatory (g, INA, NULL));
      ok (g, use);
      g_assert_cmpuint (cb_game_get_coins (g, INA), ==, cases[i].coins);
      g_assert_cmpuint (cb_game_get_steps (g, INA), ==, cases[i].steps);
      g_assert_cmpuint (cb_game_get_credits (g, INA), ==, cases[i].credits);
      g_assert_cmpuint (cb_game_count_active (g, INA, CB_KIND_BROWN), ==, 0);
      g_assert_false (cb_game_has_mandatory (g, INA, NULL));
    }
}

static void
test_alexander_g_bell_fan (void)
{
  g_autoptr(CbGame) g = race_game (8, "Ina");

  to_support (g);
  put (g, INA, CB_KIND_BROWN, ACTIVE, CB_FACE_TEAM);
  put (g, INA, CB_KIND_WHITE, ACTIVE, CB_FACE_STEP);
  put (g, INA, CB_KIND_RED, ACTIVE, CB_FACE_TEAM);
  ok (g, "{'player':'Ina','ability':'captain-bark','fan':[{'space':1,'credits':3,'supply':1}]}");
  g_assert_cmpuint (cb_game_get_credits (g, INA), ==, 2);
  g_assert_cmpuint (cb_game_get_fans (g, INA), ==, 1);
  g_assert_cmpuint (cb_game_get_supply_tokens (g, INA), ==, 1);
}

/* Trüffelterrier (p. 14): the event gives 1 credit per active copy. */
static void
test_wizard_event (void)
{
  g_autoptr(CbGame) g = race_game (3, "Sami");

  put (g, INA, CB_KIND_BROWN, ACTIVE, CB_FACE_TEAM);
  ok (g, "{'player':'Ina','refill':{'light_grey':7,'dark_grey':2}}");
  ok (g, "{'player':'Ina','roll':{}}");
  ok (g, "{'player':'Ina','push':true}");
  ok (g, "{'player':'Ina','roll':{}}");
  ok (g, "{'player':'Ina','ability':'wizard','number':1}");
  g_assert_cmpuint (cb_game_get_credits (g, INA), ==, 1);
}

/* Pronto Bronto (p. 14): „Du erhältst 2 Schritte für je 3 rote Linien, die sich … zwischen
 * deiner Spielfigur und dem Zielfeld befinden (abgerundet)“; the example: 14 red lines
 * „… 8 Schritte (2×4)“ — 2 steps for each of the 4 full groups of 3 (the symbol of
 * „Du hast 2 aktive …“ is lost in the OCR; docs/cubitos-notes.md). In tie-break rounds
 * it has no effect. */
static void
test_pronto_bronto (void)
{
  /* race 7 with 1 lap, so that one finish ends it */
  g_autoptr(CbGame) g = new_game ("{'game':'cubitos','players':['Ina','Sami'],'race':7,'laps':1}");

  to_support (g);
  put (g, INA, CB_KIND_PURPLE, ACTIVE, CB_FACE_TEAM);
  assert_refused_with (g, "{'player':'Ina','ability':'pronto-bronto'}", "red_lines");
  ok (g, "{'player':'Ina','ability':'pronto-bronto','red_lines':14}");
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 8);
  /* both finish, equally far: a tie-break round (p. 10) */
  announce_all (g);
  cb_game_gain (g, SAMI, 0, 1, 0);
  ok (g, "{'player':'Ina','move':8,'finish':true,'landed':{},'beyond':0}");
  ok (g, "{'player':'Sami','move':1,'finish':true,'landed':{},'beyond':0}");
  ok (g, "{'player':'Ina','rest':true}");
  ok (g, "{'player':'Sami','rest':true}");
  g_assert_true (cb_game_is_tiebreak (g));
  for (guint seat = 0; seat < 2; seat++)
    {
      /* the ready areas are still full from round 1 */
      okf (g, "{'player':'%s','refill':{}}", cb_game_get_player_name (g, seat));
      okf (g, "{'player':'%s','roll':{}}", cb_game_get_player_name (g, seat));
      okf (g, "{'player':'%s','pass':true}", cb_game_get_player_name (g, seat));
    }
  put (g, INA, CB_KIND_PURPLE, ACTIVE, CB_FACE_TEAM);
  assert_refused_with (g, "{'player':'Ina','ability':'pronto-bronto','red_lines':14}", "tie-break");
  g_assert_false (listed (g, "'ability':'pronto-bronto'"));
}

/* Dalai and Jesus Huanako (p. 14): steps that may enter water spaces; „Verdoppelst du
 * die Anzahl deiner Schritte mit dem Düsenantrieb, verdoppelt sich auch die Zahl der
 * Wasserfelder“. */
static void
test_water_dalai_jesus_jet (void)
{
  g_autoptr(CbGame) g = race_game (4, "Ina");
  g_autoptr(CbGame) h = race_game (2, "Ina");

  to_support (g);
  put (g, INA, CB_KIND_BLUE, ACTIVE, CB_FACE_TEAM);
  ok (g, "{'player':'Ina','ability':'bahama-llama'}");
  g_assert_cmpuint (cb_game_get_coins (g, INA), ==, 3);
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 1);
  g_assert_cmpuint (cb_game_get_water (g, INA), ==, 1);
  announce_all (g);
  ok (g, "{'player':'Ina','jet':true}");
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 2);
  g_assert_cmpuint (cb_game_get_water (g, INA), ==, 2);
  ok (g, "{'player':'Ina','move':1,'water':1}");
  assert_refused_with (g, "{'player':'Ina','move':1,'water':2}", "at most");
  ok (g, "{'player':'Ina','move':1,'water':1,'landed':{}}");
  g_assert_cmpuint (cb_game_get_water (g, INA), ==, 0);

  to_support (h);
  put (h, INA, CB_KIND_BLUE, ACTIVE, CB_FACE_SPECIAL);
  ok (h, "{'player':'Ina','ability':'undercover-fish','face':'special'}");
  g_assert_cmpuint (cb_game_get_water (h, INA), ==, 2);
  announce_all (h);
  /* without such an ability no water: Sami */
  assert_refused_with (h, "{'player':'Sami','move':0,'water':1}", "at most");
  assert_refused_with (h, "{'player':'Ina','move':2,'water':3}", "at most");
  ok (h, "{'player':'Ina','move':2,'water':2,'landed':{}}");
}

/* Bob (p. 14): at the end of phase 6, after the landing bonus: all bonuses of a space 1
 * or 2 away; several Bobs may choose the same space. Not after phase 7 began. */
static void
test_bob (void)
{
  g_autoptr(CbGame) g = race_game (1, "Ina");

  to_support (g);
  put (g, INA, CB_KIND_BLUE, ACTIVE, CB_FACE_TEAM);
  put (g, INA, CB_KIND_BLUE, ACTIVE, CB_FACE_SPECIAL);
  announce_all (g);
  assert_refused_with (g, "{'player':'Ina','ability':'bob','bonus':{'credits':2}}", "end of phase 6");
  cb_game_gain (g, INA, 0, 1, 0);
  ok (g, "{'player':'Ina','move':1,'landed':{'credits':1}}");
  ok (g, "{'player':'Ina','ability':'bob','bonus':{'credits':2}}");
  ok (g, "{'player':'Ina','ability':'bob','face':'special','bonus':{'credits':2}}");
  g_assert_cmpuint (cb_game_get_credits (g, INA), ==, 5);
  g_free (refused (g, "{'player':'Ina','ability':'bob','bonus':{'credits':2}}", DP_GAME_ERROR_ILLEGAL));
}

/* Martha Lama King, Lamalala, Mahatma (p. 14). */
static void
test_blue_rolls_and_take (void)
{
  g_autoptr(CbGame) g = race_game (5, "Ina");
  g_autoptr(CbGame) h = race_game (6, "Ina");
  g_autoptr(CbGame) m = race_game (7, "Ina");
  guint red;

  to_support (g);
  put (g, INA, CB_KIND_BLUE, ACTIVE, CB_FACE_TEAM);
  red = cb_game_get_supply (g, CB_KIND_RED);
  ok (g, "{'player':'Ina','ability':'llama-shaman'}");
  g_assert_cmpuint (cb_game_get_coins (g, INA), ==, 2);
  g_assert_cmpuint (cb_game_get_dice (g, INA, REST, CB_KIND_RED), ==, 1);
  g_assert_cmpuint (cb_game_get_supply (g, CB_KIND_RED), ==, red - 1);

  /* Lamalala: all grey and white dice of the ready and draw areas: here 7 grey dice */
  to_support (h);
  put (h, INA, CB_KIND_BLUE, ACTIVE, CB_FACE_TEAM);
  put (h, INA, CB_KIND_WHITE, DRAW, CB_FACE_BLANK);
  assert_refused_with (h, "{'player':'Ina','ability':'stogie','rolled':{'white':{'step':2}}}", "Only 1");
  ok (h, "{'player':'Ina','ability':'stogie','rolled':{'white':{'step':1},'light_grey':{'coin':2}}}");
  g_assert_cmpuint (cb_game_count_zone (h, INA, ACTIVE), ==, 4);
  g_assert_cmpuint (cb_game_get_dice (h, INA, READY, CB_KIND_WHITE), ==, 0);
  g_assert_cmpuint (cb_game_get_dice (h, INA, DRAW, CB_KIND_WHITE), ==, 0);
  g_assert_cmpuint (cb_game_get_dice (h, INA, READY, LG), ==, 5);

  /* Mahatma: 2 coins, then twice all ready dice — the second roll is of what is left */
  to_support (m);
  put (m, INA, CB_KIND_BLUE, ACTIVE, CB_FACE_TEAM);
  assert_refused_with (m, "{'player':'Ina','ability':'chilly-mcchillster','rolled':{}}", "rolled2");
  ok (m, "{'player':'Ina','ability':'chilly-mcchillster','rolled':{'light_grey':{'coin':3}},'rolled2':{'light_grey':{'coin':4}}}");
  g_assert_cmpuint (cb_game_get_coins (m, INA), ==, 2);
  g_assert_cmpuint (cb_game_get_active_faces (m, INA, LG, CB_FACE_COIN), ==, 7);
}

/* Draftodon (p. 14): a non-purple die from the supply, active, turned to any face (its
 * Sofort ability may follow), given back at the end of the round wherever it is; the
 * second ability is mandatory: 4 steps, then this die goes back. */
static void
test_draftodon (void)
{
  g_autoptr(CbGame) g = race_game (3, "Sami");
  guint orange;

  put (g, INA, CB_KIND_PURPLE, READY, CB_FACE_BLANK);
  ok (g, "{'player':'Ina','refill':{'light_grey':7,'dark_grey':1}}");
  ok (g, "{'player':'Ina','roll':{'purple':{'team':1}}}");
  assert_refused_with (g, "{'player':'Ina','ability':'cubasaurus','number':1,'die':'purple','set':'team'}", "cannot be taken");
  orange = cb_game_get_supply (g, CB_KIND_ORANGE);
  ok (g, "{'player':'Ina','ability':'cubasaurus','number':1,'die':'orange','set':'team'}");
  g_assert_cmpuint (cb_game_count_active (g, INA, CB_KIND_ORANGE), ==, 1);
  ok (g, "{'player':'Ina','pass':true}");
  quiet_roll (g, SAMI);
  announce_all (g);
  g_assert_true (cb_game_has_mandatory (g, INA, NULL));
  ok (g, "{'player':'Ina','ability':'cubasaurus','number':2}");
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 4);
  ok (g, "{'player':'Ina','move':4,'landed':{}}");
  ok (g, "{'player':'Ina','rest':true}");
  /* the borrowed die is back in the supply */
  g_assert_cmpuint (cb_game_get_supply (g, CB_KIND_ORANGE), ==, orange);
  g_assert_cmpuint (cb_game_get_dice (g, INA, REST, CB_KIND_ORANGE), ==, 0);
}

/* Mungojerrie (p. 15): „Um diese Fähigkeit 1× ausführen zu dürfen, musst du 2 aktive
 * Mungojerrie verwenden.“ */
static void
test_mungojerrie_needs_two (void)
{
  g_autoptr(CbGame) g = race_game (5, "Ina");

  to_support (g);
  put (g, INA, CB_KIND_WHITE, ACTIVE, CB_FACE_TEAM);
  assert_refused_with (g, "{'player':'Ina','ability':'broken-cow','die':'blue','set':'coin2'}", "2 active dice");
  put (g, INA, CB_KIND_WHITE, ACTIVE, CB_FACE_TEAM);
  put (g, INA, CB_KIND_WHITE, ACTIVE, CB_FACE_TEAM);
  ok (g, "{'player':'Ina','ability':'broken-cow','die':'blue','set':'coin2'}");
  g_assert_cmpuint (cb_game_get_active_faces (g, INA, CB_KIND_BLUE, CB_FACE_COIN2), ==, 1);
  /* 3 dice: one use; the third alone cannot */
  g_free (refused (g, "{'player':'Ina','ability':'broken-cow','die':'blue','set':'coin2'}", DP_GAME_ERROR_ILLEGAL));
  ok (g, "{'player':'Ina','collect':true}");
  g_assert_cmpuint (cb_game_get_coins (g, INA), ==, 2);
}

/* White: Tom (2 steps), Snowball (a die costing at most the fans), Garfield (1 coin,
 * 3 steps, a grey die), Azrael (p. 15: 3 credits after giving back a die, any time in
 * the race section). */
static void
test_white_cards (void)
{
  g_autoptr(CbGame) g = race_game (2, "Ina");
  g_autoptr(CbGame) h = race_game (3, "Ina");
  g_autoptr(CbGame) z = race_game (7, "Ina");

  to_support (g);
  put (g, INA, CB_KIND_WHITE, ACTIVE, CB_FACE_TEAM);
  /* 0 fans: only a starting die (cost 0) */
  assert_refused_with (g, "{'player':'Ina','ability':'cat-tastrophy','take':'blue','cost':3}", "more than 0");
  ok (g, "{'player':'Ina','ability':'cat-tastrophy','take':'dark_grey'}");
  g_assert_cmpuint (cb_game_get_dice (g, INA, REST, DG), ==, 1);

  to_support (h);
  put (h, INA, CB_KIND_WHITE, ACTIVE, CB_FACE_TEAM);
  assert_refused_with (h, "{'player':'Ina','ability':'fat-cat','take':'blue'}", "grey");
  ok (h, "{'player':'Ina','ability':'fat-cat','take':'light_grey'}");
  g_assert_cmpuint (cb_game_get_coins (h, INA), ==, 1);
  g_assert_cmpuint (cb_game_get_steps (h, INA), ==, 3);
  g_assert_cmpuint (cb_game_get_dice (h, INA, REST, LG), ==, 1);

  to_support (z);
  put (z, INA, CB_KIND_WHITE, ACTIVE, CB_FACE_TEAM);
  ok (z, "{'player':'Ina','ability':'schmutz','number':1}");
  g_assert_cmpuint (cb_game_get_steps (z, INA), ==, 1);
  assert_refused_with (z, "{'player':'Ina','ability':'schmutz','number':2}", "gave back no die");
  /* Allzweck-Akita's die goes back: now Azrael pays, in phase 6 too */
  put (z, INA, CB_KIND_BROWN, ACTIVE, CB_FACE_TEAM);
  announce_all (z);
  ok (z, "{'player':'Ina','ability':'muggles','number':2}");
  ok (z, "{'player':'Ina','move':1}");
  ok (z, "{'player':'Ina','ability':'schmutz','number':2}");
  g_assert_cmpuint (cb_game_get_credits (z, INA), ==, 3);
}

/* legal_actions offers exactly what is usable: every ability listed is accepted (the
 * random test checks this in general); here: nothing is listed for cards of dice that
 * are not active, and a die of another race's card does nothing. */
static void
test_listing_only_usable (void)
{
  g_autoptr(CbGame) g = race_game (1, "Ina");
  g_autoptr(GArray) none = NULL;
  g_autoptr(GArray) some = NULL;

  to_support (g);
  none = cb_game_list_abilities (g, INA);
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_false (listed (g, "'ability':"));
  assert_refused_with (g, "{'player':'Ina','ability':'punch-guy'}", "not part of this race");
  put (g, INA, CB_KIND_WHITE, ACTIVE, CB_FACE_TEAM);
  some = cb_game_list_abilities (g, INA);
  g_assert_cmpuint (some->len, ==, 1);
  g_assert_cmpstr (cb_card (g_array_index (some, CbAbilityUse, 0).card)->key, ==, "smelly-cat");
  g_assert_false (g_array_index (some, CbAbilityUse, 0).mandatory);
  g_assert_true (listed (g, "{'player':'Ina','ability':'smelly-cat','face':'team'}"));
  ok (g, "{'player':'Ina','ability':'smelly-cat'}");
  g_assert_cmpuint (cb_game_get_steps (g, INA), ==, 2);
}

/* Every card has its abilities, English and German names, and texts. */
static void
test_table (void)
{
  guint mandatory = 0, specials = 0;

  for (guint c = 0; c < CB_N_CARDS; c++)
    {
      g_assert_cmpuint (cb_card_n_abilities (c), >=, 1);
      for (guint n = 1; n <= cb_card_n_abilities (c); n++)
        {
          const CbAbilityInfo *info = cb_card_ability (c, n);
          g_assert_nonnull (info->text);
          g_assert_cmpstr (cb_card_ability_get_text (c, n), !=, "");
          mandatory += info->mandatory;
          specials += info->special && info->when != CB_WHEN_PASSIVE;
        }
    }
  /* „Verpflichtend“ in the glossary: the 5 red „most swords“ cards (Mr. Krabs, Dieter,
   * Aufschneider, Uppercut-Uwe, Edward), Schlägertyp, Holzbein, Brutaler Brie,
   * Käsehäppchen, Bar Bar, Draftodon, and all 7 brown cards */
  g_assert_cmpuint (mandatory, ==, 5 + 1 + 1 + 1 + 1 + 1 + 1 + 7);
  /* special abilities: Holzbein, Obatzda, Handkäs, Brie, Bar Bar, Bertha, Rama Lama */
  g_assert_cmpuint (specials, ==, 7);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cubitos/cards/table", test_table);
  g_test_add_func ("/cubitos/cards/listing", test_listing_only_usable);
  g_test_add_func ("/cubitos/cards/mandatory-brown", test_mandatory_support_brown);
  g_test_add_func ("/cubitos/cards/special-holzbein", test_special_forces_normal_holzbein);
  g_test_add_func ("/cubitos/cards/special-rama-lama", test_special_forces_normal_rama_lama);
  g_test_add_func ("/cubitos/cards/immediate-speedy", test_immediate_timing_speedy);
  g_test_add_func ("/cubitos/cards/add-three-lasse", test_add_three_dugout);
  g_test_add_func ("/cubitos/cards/event-maasdamer", test_event_reckless_cheese);
  g_test_add_func ("/cubitos/cards/event-obatzda", test_event_obatzda_forces_special);
  g_test_add_func ("/cubitos/cards/must-push-kaesehaeppchen", test_must_push_cheese_stands_alone);
  g_test_add_func ("/cubitos/cards/push-einer-geht-noch-pina", test_push_abilities_rock_on_pina);
  g_test_add_func ("/cubitos/cards/bust-cubela-libre", test_bust_keep_on_rollin);
  g_test_add_func ("/cubitos/cards/bust-granatananas", test_bust_granatananas_several_times);
  g_test_add_func ("/cubitos/cards/punk-grapefruit", test_punk_grapefruit_two_abilities);
  g_test_add_func ("/cubitos/cards/bar-bar", test_bar_bar_special_mandatory);
  g_test_add_func ("/cubitos/cards/bertha-trocken", test_bertha_double_steps);
  g_test_add_func ("/cubitos/cards/red-mr-krabs", test_red_mr_krabs);
  g_test_add_func ("/cubitos/cards/red-katrin", test_red_katrin);
  g_test_add_func ("/cubitos/cards/red-jacques-couteau", test_red_jacques_couteau);
  g_test_add_func ("/cubitos/cards/red-edward", test_red_edward_one_red_die);
  g_test_add_func ("/cubitos/cards/next-round-refill", test_next_round_refill);
  g_test_add_func ("/cubitos/cards/red-aufschneider-dieter", test_red_aufschneider_dieter);
  g_test_add_func ("/cubitos/cards/brutaler-brie", test_brutaler_brie);
  g_test_add_func ("/cubitos/cards/schlaegertyp", test_batter_beaver_before_shop);
  g_test_add_func ("/cubitos/cards/choice", test_choice_mr_bats_and_king_kaes);
  g_test_add_func ("/cubitos/cards/give-back-orange", test_give_back_orange);
  g_test_add_func ("/cubitos/cards/wadenbeisser", test_pinch_eater);
  g_test_add_func ("/cubitos/cards/colour-conditions", test_colour_conditions);
  g_test_add_func ("/cubitos/cards/counting", test_counting_cards);
  g_test_add_func ("/cubitos/cards/daisy-several", test_daisy_several_times);
  g_test_add_func ("/cubitos/cards/brown-given-back", test_brown_given_back);
  g_test_add_func ("/cubitos/cards/alexander-g-bell", test_alexander_g_bell_fan);
  g_test_add_func ("/cubitos/cards/event-trueffelterrier", test_wizard_event);
  g_test_add_func ("/cubitos/cards/pronto-bronto", test_pronto_bronto);
  g_test_add_func ("/cubitos/cards/water-dalai-jesus", test_water_dalai_jesus_jet);
  g_test_add_func ("/cubitos/cards/bob", test_bob);
  g_test_add_func ("/cubitos/cards/blue-rolls-take", test_blue_rolls_and_take);
  g_test_add_func ("/cubitos/cards/draftodon", test_draftodon);
  g_test_add_func ("/cubitos/cards/mungojerrie", test_mungojerrie_needs_two);
  g_test_add_func ("/cubitos/cards/white", test_white_cards);
  return g_test_run ();
}
