/* cb-data.c — the Cubitos data tables: dice faces, cards, races, tracks
 *
 * Every fact here that the German rulebook (shared/rules/cubitos-rules-de.txt) does not
 * state comes from shared/design/GAME-DATA.md and its tables in shared/design/cubitos/
 * (dice_faces.csv, cards_en_de.csv, tracks.csv, fan_track.md); each row says how sure it
 * is. Card costs, fan-space rewards and track layouts are NOT known from any source: the
 * players tell them (see docs/cubitos-notes.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cb-data.h"

#define B CB_FACE_BLANK

/* dice_faces.csv; certainty as given there. in_box: rulebook p. 2 „Spielmaterial“
 * (28 light grey, 12 dark grey, 1 „Nase vorn“, 10 of each colour). */
static const CbDieInfo die_table[CB_N_KINDS] = {
  /* rulebook p. 12 „Start-Würfel“; dice_faces.csv high */
  [CB_KIND_LIGHT_GREY] = { "light_grey", N_("light grey"),
                           { CB_FACE_COIN, B, B, B, B, B }, 28, CB_CERTAINTY_HIGH },
  [CB_KIND_DARK_GREY]  = { "dark_grey", N_("dark grey"),
                           { CB_FACE_COIN, CB_FACE_STEP, B, B, B, B }, 12, CB_CERTAINTY_HIGH },
  /* rulebook p. 12 „Der Nase vorn-Würfel“: 1 credit, 1 step, 2 coins, 3 blank; high */
  [CB_KIND_TOP_DOG]    = { "top_dog", N_("top dog"),
                           { CB_FACE_CREDIT, CB_FACE_STEP, CB_FACE_COIN2, B, B, B }, 1, CB_CERTAINTY_HIGH },
  /* medium: two hobby implementations; red special = swords with corner dots */
  [CB_KIND_RED]        = { "red", N_("red"),
                           { CB_FACE_TEAM, CB_FACE_SPECIAL, B, B, B, B }, 10, CB_CERTAINTY_MEDIUM },
  [CB_KIND_ORANGE]     = { "orange", N_("orange"),
                           { CB_FACE_TEAM, CB_FACE_SPECIAL, B, B, B, B }, 10, CB_CERTAINTY_MEDIUM },
  /* high: card scan */
  [CB_KIND_YELLOW]     = { "yellow", N_("yellow"),
                           { CB_FACE_TEAM, CB_FACE_SPECIAL, B, B, B, B }, 10, CB_CERTAINTY_HIGH },
  [CB_KIND_GREEN]      = { "green", N_("green"),
                           { CB_FACE_TEAM, CB_FACE_SPECIAL, CB_FACE_STEP, B, B, B }, 10, CB_CERTAINTY_MEDIUM },
  /* high: card scan */
  [CB_KIND_BLUE]       = { "blue", N_("blue"),
                           { CB_FACE_TEAM, CB_FACE_SPECIAL, CB_FACE_COIN2, B, B, B }, 10, CB_CERTAINTY_HIGH },
  [CB_KIND_PURPLE]     = { "purple", N_("purple"),
                           { CB_FACE_TEAM, B, B, B, B, B }, 10, CB_CERTAINTY_MEDIUM },
  [CB_KIND_BROWN]      = { "brown", N_("brown"),
                           { CB_FACE_TEAM, CB_FACE_COIN3, B, B, B, B }, 10, CB_CERTAINTY_MEDIUM },
  /* high: card scan */
  [CB_KIND_WHITE]      = { "white", N_("white"),
                           { CB_FACE_TEAM, CB_FACE_STEP, CB_FACE_STEP, B, B, B }, 10, CB_CERTAINTY_HIGH },
};

#undef B

static const struct
{
  const char *key;
  const char *name;
  guint       coins, steps, credits;
} face_table[CB_N_FACES] = {
  [CB_FACE_BLANK]   = { "blank",   N_("blank"),               0, 0, 0 },
  [CB_FACE_COIN]    = { "coin",    N_("1 coin"),              1, 0, 0 },
  [CB_FACE_COIN2]   = { "coin2",   N_("2 coins"),             2, 0, 0 },
  [CB_FACE_COIN3]   = { "coin3",   N_("3 coins"),             3, 0, 0 },
  [CB_FACE_STEP]    = { "step",    N_("1 step"),              0, 1, 0 },
  [CB_FACE_CREDIT]  = { "credit",  N_("1 credit"),            0, 0, 1 },
  [CB_FACE_TEAM]    = { "team",    N_("team symbol"),         0, 0, 0 },
  [CB_FACE_SPECIAL] = { "special", N_("special team symbol"), 0, 0, 0 },
};

const CbDieInfo *
cb_die_info (CbKind kind)
{
  g_return_val_if_fail ((guint) kind < CB_N_KINDS, NULL);
  return &die_table[kind];
}

const char *
cb_kind_to_string (CbKind kind)
{
  g_return_val_if_fail ((guint) kind < CB_N_KINDS, NULL);
  return die_table[kind].key;
}

gboolean
cb_kind_from_string (const char *str,
                     CbKind     *kind)
{
  for (guint k = 0; k < CB_N_KINDS; k++)
    if (g_strcmp0 (str, die_table[k].key) == 0)
      {
        *kind = (CbKind) k;
        return TRUE;
      }
  return FALSE;
}

const char *
cb_kind_get_name (CbKind kind)
{
  g_return_val_if_fail ((guint) kind < CB_N_KINDS, NULL);
  return _(die_table[kind].name);
}

guint
cb_kind_count_face (CbKind kind,
                    CbFace face)
{
  guint n = 0;

  g_return_val_if_fail ((guint) kind < CB_N_KINDS, 0);
  for (guint i = 0; i < CB_DIE_SIDES; i++)
    if (die_table[kind].sides[i] == face)
      n++;
  return n;
}

const char *
cb_face_to_string (CbFace face)
{
  g_return_val_if_fail ((guint) face < CB_N_FACES, NULL);
  return face_table[face].key;
}

gboolean
cb_face_from_string (const char *str,
                     CbFace     *face)
{
  for (guint f = 0; f < CB_N_FACES; f++)
    if (g_strcmp0 (str, face_table[f].key) == 0)
      {
        *face = (CbFace) f;
        return TRUE;
      }
  return FALSE;
}

const char *
cb_face_get_name (CbFace face)
{
  g_return_val_if_fail ((guint) face < CB_N_FACES, NULL);
  return _(face_table[face].name);
}

guint
cb_face_coins (CbFace face)
{
  return (guint) face < CB_N_FACES ? face_table[face].coins : 0;
}

guint
cb_face_steps (CbFace face)
{
  return (guint) face < CB_N_FACES ? face_table[face].steps : 0;
}

guint
cb_face_credits (CbFace face)
{
  return (guint) face < CB_N_FACES ? face_table[face].credits : 0;
}

/* ---- Cards ----
 * cards_en_de.csv (EN names: Argedia/cubitoshelper; DE names: the rulebook's race
 * lists and glossary). Order: colour (red, orange, yellow, green, blue, purple, brown,
 * white), then the blue race 1..7 that uses the card, so index = colour * 7 + race - 1.
 * timing_printed: TRUE where the csv marks the keyword `*` (printed in the rulebook),
 * else inferred from the glossary wording. Red tie rules: Mr. Krabs prints „bei
 * Gleichstand: Nase vorn“ (rulebook p. 2); the other "most swords" cards lost their tie
 * rule in the OCR: assumed „Nase vorn“, LOW, to be checked against the printed cards. */
#define U CB_TIMING_SUPPORT
#define S CB_TIMING_IMMEDIATE
#define A CB_TIMING_ACTIVATED
#define E CB_TIMING_EVENT
#define C(key, col, race, en, de, timing, printed, mand) \
  { key, col, race, en, de, timing, printed, mand, FALSE, CB_TIE_NONE, CB_CERTAINTY_HIGH }
#define R(key, race, en, de, printed, mand, dbl, tie, cert) \
  { key, 0, race, en, de, U, printed, mand, dbl, tie, cert }

static const CbCard card_table[CB_N_CARDS] = {
  /* red */
  R ("mr-soldier",      1, NC_("Cubitos card", "Mr. Soldier"),      "Mr. Krabs",       TRUE,  TRUE,  FALSE, CB_TIE_TOP_DOG,  CB_CERTAINTY_HIGH),
  R ("punch-guy",       2, NC_("Cubitos card", "Punch Guy"),        "Dieter",          FALSE, TRUE,  FALSE, CB_TIE_TOP_DOG,  CB_CERTAINTY_LOW),
  R ("supah-general",   3, NC_("Cubitos card", "Supah General"),    "Aufschneider",    FALSE, TRUE,  FALSE, CB_TIE_TOP_DOG,  CB_CERTAINTY_LOW),
  R ("jacques-couteau", 4, NC_("Cubitos card", "Jacques Couteau"),  "Jacques Couteau", FALSE, FALSE, TRUE,  CB_TIE_EVERYONE, CB_CERTAINTY_HIGH),
  R ("champion",        5, NC_("Cubitos card", "Champion"),         "Uppercut-Uwe",    FALSE, TRUE,  FALSE, CB_TIE_TOP_DOG,  CB_CERTAINTY_LOW),
  R ("crabby",          6, NC_("Cubitos card", "Crabby"),           "Edward",          FALSE, TRUE,  TRUE,  CB_TIE_TOP_DOG,  CB_CERTAINTY_LOW),
  R ("el-bandito",      7, NC_("Cubitos card", "El Bandito"),       "Katrin",          FALSE, FALSE, TRUE,  CB_TIE_EVERYONE, CB_CERTAINTY_HIGH),
  /* orange */
  C ("dugout",          1, 1, NC_("Cubitos card", "Dugout"),          "Lasse Liefern",  S, FALSE, FALSE),
  C ("reliever-beaver", 1, 2, NC_("Cubitos card", "Reliever Beaver"), "Justin",         U, FALSE, FALSE),
  C ("benchwarmer",     1, 3, NC_("Cubitos card", "Benchwarmer"),     "Edeljoker",      U, FALSE, FALSE),
  C ("batter-beaver",   1, 4, NC_("Cubitos card", "Batter Beaver"),   "Schlägertyp",    S, TRUE,  TRUE),
  C ("mr-bats",         1, 5, NC_("Cubitos card", "Mr. Bats"),        "Lieber O",       U, FALSE, FALSE),
  C ("the-babe",        1, 6, NC_("Cubitos card", "The Babe"),        "Holzbein",       U, FALSE, TRUE),
  C ("pinch-eater",     1, 7, NC_("Cubitos card", "Pinch Eater"),     "Wadenbeißer",    S, FALSE, FALSE),
  /* yellow */
  C ("reckless-cheese", 2, 1, NC_("Cubitos card", "Reckless Cheese"), "Mutiger Maasdamer", E, FALSE, FALSE),
  C ("the-big-cheese",  2, 2, NC_("Cubitos card", "The Big Cheese"),  "King Käs",          U, TRUE,  FALSE),
  C ("ledercheesen",    2, 3, NC_("Cubitos card", "Ledercheesen"),    "Obatzda",           E, FALSE, FALSE),
  C ("stinky-cheese",   2, 4, NC_("Cubitos card", "Stinky Cheese"),   "Handkäs mit Muckis", U, FALSE, FALSE),
  C ("bad-cheese",      2, 5, NC_("Cubitos card", "Bad Cheese"),      "Brutaler Brie",     U, FALSE, TRUE),
  C ("the-cheese-stands-alone", 2, 6, NC_("Cubitos card", "The Cheese Stands Alone"), "Käsehäppchen", S, FALSE, TRUE),
  C ("cheese-boy",      2, 7, NC_("Cubitos card", "Cheese Boy"),      "Dreikäsehoch",      U, FALSE, FALSE),
  /* green */
  C ("rock-on",         3, 1, NC_("Cubitos card", "Rock On"),         "Einer geht noch",   A, FALSE, FALSE),
  C ("pina-cubelada",   3, 2, NC_("Cubitos card", "Piña Cubelada"),   "Piña Cubelada",     A, FALSE, FALSE),
  C ("keep-on-rollin",  3, 3, NC_("Cubitos card", "Keep On Rollin’"), "Cubela Libre",      A, TRUE,  FALSE),
  C ("pineapple-rocks", 3, 4, NC_("Cubitos card", "Pineapple Rocks"), "Bar Bar",           A, FALSE, TRUE),
  C ("up-to-11",        3, 5, NC_("Cubitos card", "Up to 11"),        "Bertha Trocken",    A, FALSE, FALSE),
  C ("rolling-stoned",  3, 6, NC_("Cubitos card", "Rolling Stoned"),  "Granatananas",      A, FALSE, FALSE),
  C ("punk-fruit",      3, 7, NC_("Cubitos card", "Punk Fruit"),      "Punk Grapefruit",   A, FALSE, FALSE),
  /* blue */
  C ("bob",             4, 1, NC_("Cubitos card", "Bob"),               "Bob",              U, FALSE, FALSE),
  C ("undercover-fish", 4, 2, NC_("Cubitos card", "Undercover Fish"),   "Jesus Huanako",    U, FALSE, FALSE),
  C ("llama-rama",      4, 3, NC_("Cubitos card", "Llama-Rama"),        "Rama Lama",        U, TRUE,  FALSE),
  C ("bahama-llama",    4, 4, NC_("Cubitos card", "Bahama Llama"),      "Dalai",            U, FALSE, FALSE),
  C ("llama-shaman",    4, 5, NC_("Cubitos card", "Llama Shaman"),      "Martha Lama King", U, FALSE, FALSE),
  C ("stogie",          4, 6, NC_("Cubitos card", "Stogie"),            "Lamalala",         U, FALSE, FALSE),
  C ("chilly-mcchillster", 4, 7, NC_("Cubitos card", "Chilly McChillster"), "Mahatma",      U, FALSE, FALSE),
  /* purple */
  C ("rollosaurus",     5, 1, NC_("Cubitos card", "Rollosaurus"),       "Rollosaurus",         U, FALSE, FALSE),
  C ("dancing-dino",    5, 2, NC_("Cubitos card", "Dancing Dino"),      "Strategos Paralysix", U, FALSE, FALSE),
  C ("cubasaurus",      5, 3, NC_("Cubitos card", "Cubasaurus"),        "Draftodon",           S, FALSE, TRUE),
  C ("wikiwiki-dinosaur", 5, 4, NC_("Cubitos card", "Wikiwiki Dinosaur"), "Taktopterix",       U, FALSE, FALSE),
  C ("you-bet-jurassican", 5, 5, NC_("Cubitos card", "You Bet Jurassican"), "Sammlognathus",   U, TRUE,  FALSE),
  C ("shimmy-shimmy-dino", 5, 6, NC_("Cubitos card", "Shimmy Shimmy Dino"), "Bietodactylus",   U, FALSE, FALSE),
  C ("pronto-bronto",   5, 7, NC_("Cubitos card", "Pronto Bronto"),     "Pronto Bronto",       U, FALSE, FALSE),
  /* brown */
  C ("rich-dog",        6, 1, NC_("Cubitos card", "Rich Dog"),          "Krötenköter",         U, FALSE, TRUE),
  C ("captain-bark",    6, 2, NC_("Cubitos card", "Captain Bark"),      "Alexander G. Bell",   U, FALSE, TRUE),
  C ("wizard",          6, 3, NC_("Cubitos card", "Wizard"),            "Trüffelterrier",      E, FALSE, TRUE),
  C ("dapper-doggie",   6, 4, NC_("Cubitos card", "Dapper Doggie"),     "Daisy Mooshammer",    U, TRUE,  TRUE),
  C ("dr-livingstone",  6, 5, NC_("Cubitos card", "Dr. Livingstone"),   "Dr. Dackel",          U, FALSE, TRUE),
  C ("mr-dog",          6, 6, NC_("Cubitos card", "Mr. Dog"),           "Cane Corso Credito",  U, FALSE, TRUE),
  C ("muggles",         6, 7, NC_("Cubitos card", "Muggles"),           "Allzweck-Akita",      S, FALSE, TRUE),
  /* white */
  C ("smelly-cat",      7, 1, NC_("Cubitos card", "Smelly Cat"),        "Tom",                 U, FALSE, FALSE),
  C ("cat-tastrophy",   7, 2, NC_("Cubitos card", "Cat Tastrophy"),     "Snowball",            U, FALSE, FALSE),
  C ("fat-cat",         7, 3, NC_("Cubitos card", "Fat Cat"),           "Garfield",            U, FALSE, FALSE),
  C ("dope-cat",        7, 4, NC_("Cubitos card", "Dope Cat"),          "Ted the Cat",         U, TRUE,  FALSE),
  C ("broken-cow",      7, 5, NC_("Cubitos card", "Broken Cow"),        "Mungojerrie",         U, FALSE, FALSE),
  C ("fast-cat",        7, 6, NC_("Cubitos card", "Fast Cat"),          "Speedy Catzales",     S, FALSE, FALSE),
  C ("schmutz",         7, 7, NC_("Cubitos card", "Schmutz"),           "Azrael",              U, FALSE, FALSE),
};

#undef U
#undef S
#undef A
#undef E
#undef C
#undef R

const CbCard *
cb_card (guint index)
{
  g_return_val_if_fail (index < CB_N_CARDS, NULL);
  return &card_table[index];
}

int
cb_card_lookup (const char *key)
{
  for (guint i = 0; i < CB_N_CARDS; i++)
    if (g_strcmp0 (key, card_table[i].key) == 0)
      return (int) i;
  return -1;
}

guint
cb_card_index (guint colour,
               guint race)
{
  g_return_val_if_fail (colour < CB_N_COLOURS && race >= 1 && race <= 7, 0);
  return colour * 7 + race - 1;
}

/* tracks.csv: EN names from Argedia/cubitoshelper, DE names from the rulebook p. 6. */
static const CbTrack track_table[CB_N_TRACKS] = {
  { "nothing-goes-right",    NC_("Cubitos track", "Nothing Goes Right"),    "Verflinkst und zugenäht" },
  { "ahead-of-the-curve",    NC_("Cubitos track", "Ahead of the Curve"),    "Eine Würfellänge voraus" },
  { "testing-the-waters",    NC_("Cubitos track", "Testing the Waters"),    "Wassertreten" },
  { "still-waters-run-deep", NC_("Cubitos track", "Still Waters Run Deep"), "Stille Wasser sind tief" },
  /* rulebook p. 6, „Das Große Finale“: start on Stille Wasser, continue on Wassertreten */
  { "grand-finale",          NC_("Cubitos track", "Still Waters Run Deep, then Testing the Waters"),
                             "Stille Wasser sind tief und Wassertreten" },
};

const CbTrack *
cb_track (guint index)
{
  g_return_val_if_fail (index < CB_N_TRACKS, NULL);
  return &track_table[index];
}

int
cb_track_lookup (const char *key)
{
  for (guint i = 0; i < CB_N_TRACKS; i++)
    if (g_strcmp0 (key, track_table[i].key) == 0)
      return (int) i;
  return -1;
}

const char *
cb_track_get_name (guint index)
{
  g_return_val_if_fail (index < CB_N_TRACKS, NULL);
  return g_dpgettext2 (GETTEXT_PACKAGE, "Cubitos track", track_table[index].name_en);
}

/* Rulebook p. 6 „Die Rennen“. Card lists per colour, given as the blue race whose card
 * is used (red, orange, yellow, green, blue, purple, brown, white). Laps: only race 7
 * says „2 Runden“; the Grand Finale needs two finish entries (Stille Wasser's finish,
 * then Wassertreten's). */
static const CbRace race_table[CB_N_RACES] = {
  { 1,  NC_("Cubitos race", "Race 1"), { 1, 1, 1, 1, 1, 1, 1, 1 }, 0, 1 },
  { 2,  NC_("Cubitos race", "Race 2"), { 2, 2, 2, 2, 2, 2, 2, 2 }, 1, 1 },
  { 3,  NC_("Cubitos race", "Race 3"), { 3, 3, 3, 3, 3, 3, 3, 3 }, 2, 1 },
  { 4,  NC_("Cubitos race", "Race 4"), { 4, 4, 4, 4, 4, 4, 4, 4 }, 3, 1 },
  { 5,  NC_("Cubitos race", "Race 5"), { 5, 5, 5, 5, 5, 5, 5, 5 }, 1, 1 },
  { 6,  NC_("Cubitos race", "Race 6"), { 6, 6, 6, 6, 6, 6, 6, 6 }, 2, 1 },
  { 7,  NC_("Cubitos race", "Race 7"), { 7, 7, 7, 7, 7, 7, 7, 7 }, 0, 2 },
  /* Combomania: Mr. Krabs, Wadenbeißer, Dreikäsehoch, Piña Cubelada, Bob,
   * Sammlognathus, Alexander G. Bell, Ted the Cat */
  { 8,  NC_("Cubitos race", "Combomania"),        { 1, 7, 7, 2, 1, 5, 2, 4 }, 2, 1 },
  /* Liebling der Fans: Aufschneider, Lieber O, King Käs, Punk Grapefruit, Mahatma,
   * Taktopterix, Krötenköter, Snowball */
  { 9,  NC_("Cubitos race", "Fans’ Favourite"),   { 3, 5, 2, 7, 7, 4, 1, 2 }, 1, 1 },
  /* Das Große Finale: Katrin, Holzbein, Käsehäppchen, Granatananas, Lamalala,
   * Draftodon, Daisy Mooshammer, Tom */
  { 10, NC_("Cubitos race", "Grand Finale"),      { 7, 6, 6, 6, 6, 3, 4, 1 }, CB_TRACK_GRAND_FINALE, 2 },
};

const CbRace *
cb_race (guint number)
{
  if (number < 1 || number > CB_N_RACES)
    return NULL;
  return &race_table[number - 1];
}
