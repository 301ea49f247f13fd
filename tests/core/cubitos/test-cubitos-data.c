/* test-cubitos-data.c — the data tables agree with their sources
 *
 * Sources: German rulebook (shared/rules/cubitos-rules-de.txt) and
 * shared/design/cubitos/{dice_faces.csv,cards_en_de.csv,tracks.csv}.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cb-data.h"

/* Rulebook p. 12 „Start-Würfel“ and „Der Nase vorn-Würfel“; dice_faces.csv. */
static void
test_faces (void)
{
  static const struct { CbKind kind; CbFace face; guint n; } cases[] = {
    { CB_KIND_LIGHT_GREY, CB_FACE_COIN, 1 },   { CB_KIND_LIGHT_GREY, CB_FACE_BLANK, 5 },
    { CB_KIND_DARK_GREY, CB_FACE_COIN, 1 },    { CB_KIND_DARK_GREY, CB_FACE_STEP, 1 },
    { CB_KIND_DARK_GREY, CB_FACE_BLANK, 4 },
    { CB_KIND_TOP_DOG, CB_FACE_CREDIT, 1 },    { CB_KIND_TOP_DOG, CB_FACE_STEP, 1 },
    { CB_KIND_TOP_DOG, CB_FACE_COIN2, 1 },     { CB_KIND_TOP_DOG, CB_FACE_BLANK, 3 },
    { CB_KIND_BLUE, CB_FACE_COIN2, 1 },        { CB_KIND_WHITE, CB_FACE_STEP, 2 },
    { CB_KIND_BROWN, CB_FACE_COIN3, 1 },       { CB_KIND_PURPLE, CB_FACE_BLANK, 5 },
    { CB_KIND_RED, CB_FACE_TEAM, 1 },          { CB_KIND_RED, CB_FACE_SPECIAL, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpuint (cb_kind_count_face (cases[i].kind, cases[i].face), ==, cases[i].n);
  /* every die has six sides, and 3 to 5 blanks (poeppelkiste.de review in the csv) */
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      guint sum = 0;
      for (guint f = 0; f < CB_N_FACES; f++)
        sum += cb_kind_count_face ((CbKind) k, (CbFace) f);
      g_assert_cmpuint (sum, ==, 6);
      g_assert_cmpuint (cb_kind_count_face ((CbKind) k, CB_FACE_BLANK), >=, 3);
    }
  g_assert_cmpuint (cb_face_coins (CB_FACE_COIN3), ==, 3);
  g_assert_cmpuint (cb_face_steps (CB_FACE_STEP), ==, 1);
  g_assert_cmpuint (cb_face_credits (CB_FACE_CREDIT), ==, 1);
}

/* Rulebook p. 2 „Spielmaterial“: 28 light grey, 12 dark grey, 1 „Nase vorn“,
 * 80 ability dice = 10 of each of 8 colours. */
static void
test_box (void)
{
  guint colours = 0;

  g_assert_cmpuint (cb_die_info (CB_KIND_LIGHT_GREY)->in_box, ==, 28);
  g_assert_cmpuint (cb_die_info (CB_KIND_DARK_GREY)->in_box, ==, 12);
  g_assert_cmpuint (cb_die_info (CB_KIND_TOP_DOG)->in_box, ==, 1);
  for (guint k = CB_FIRST_COLOUR; k < CB_N_KINDS; k++)
    colours += cb_die_info ((CbKind) k)->in_box;
  g_assert_cmpuint (colours, ==, 80);
}

static void
test_strings (void)
{
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      CbKind back;
      g_assert_true (cb_kind_from_string (cb_kind_to_string ((CbKind) k), &back));
      g_assert_cmpint (back, ==, k);
    }
  for (guint f = 0; f < CB_N_FACES; f++)
    {
      CbFace back;
      g_assert_true (cb_face_from_string (cb_face_to_string ((CbFace) f), &back));
      g_assert_cmpint (back, ==, f);
    }
}

/* Rulebook p. 2: 56 cards, 7 per colour; each blue race uses every card exactly once
 * (p. 6: „kommen insgesamt alle Karten genau einmal zum Einsatz“). */
static void
test_cards (void)
{
  for (guint i = 0; i < CB_N_CARDS; i++)
    {
      const CbCard *c = cb_card (i);
      g_assert_cmpuint (cb_card_index (c->colour, c->race), ==, i);
      g_assert_cmpint (cb_card_lookup (c->key), ==, (int) i);
      g_assert_true (c->colour == 0 ? c->tie != CB_TIE_NONE : c->tie == CB_TIE_NONE);
    }
  /* p. 2: Mr. Krabs „(bei Gleichstand: Nase vorn)“; glossary: Jacques Couteau and Katrin
   * let everyone with at least 1 sword act, Edward/Jacques/Katrin count specials twice */
  g_assert_cmpint (cb_card (cb_card_lookup ("mr-soldier"))->tie, ==, CB_TIE_TOP_DOG);
  g_assert_cmpint (cb_card (cb_card_lookup ("el-bandito"))->tie, ==, CB_TIE_EVERYONE);
  g_assert_true (cb_card (cb_card_lookup ("crabby"))->double_swords);
  g_assert_false (cb_card (cb_card_lookup ("mr-soldier"))->double_swords);
}

/* Rulebook p. 6 „Die Rennen“: the German card lists (red, orange, yellow, green, blue,
 * purple, brown, white in our order). */
static void
test_races (void)
{
  static const struct { guint race; const char *names[CB_N_COLOURS]; const char *track; guint laps; } cases[] = {
    { 1, { "Mr. Krabs", "Lasse Liefern", "Mutiger Maasdamer", "Einer geht noch", "Bob",
           "Rollosaurus", "Krötenköter", "Tom" }, "Verflinkst und zugenäht", 1 },
    { 4, { "Jacques Couteau", "Schlägertyp", "Handkäs mit Muckis", "Bar Bar", "Dalai",
           "Taktopterix", "Daisy Mooshammer", "Ted the Cat" }, "Stille Wasser sind tief", 1 },
    { 7, { "Katrin", "Wadenbeißer", "Dreikäsehoch", "Punk Grapefruit", "Mahatma",
           "Pronto Bronto", "Allzweck-Akita", "Azrael" }, "Verflinkst und zugenäht", 2 },
    { 8, { "Mr. Krabs", "Wadenbeißer", "Dreikäsehoch", "Piña Cubelada", "Bob",
           "Sammlognathus", "Alexander G. Bell", "Ted the Cat" }, "Wassertreten", 1 },
    { 9, { "Aufschneider", "Lieber O", "King Käs", "Punk Grapefruit", "Mahatma",
           "Taktopterix", "Krötenköter", "Snowball" }, "Eine Würfellänge voraus", 1 },
    { 10, { "Katrin", "Holzbein", "Käsehäppchen", "Granatananas", "Lamalala",
            "Draftodon", "Daisy Mooshammer", "Tom" }, "Stille Wasser sind tief und Wassertreten", 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const CbRace *r = cb_race (cases[i].race);
      g_assert_nonnull (r);
      for (guint c = 0; c < CB_N_COLOURS; c++)
        g_assert_cmpstr (cb_card (cb_card_index (c, r->card_race[c]))->name_de, ==, cases[i].names[c]);
      g_assert_cmpstr (cb_track (r->track)->name_de, ==, cases[i].track);
      g_assert_cmpuint (r->laps, ==, cases[i].laps);
    }
  g_assert_null (cb_race (0));
  g_assert_null (cb_race (11));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cubitos/data/faces", test_faces);
  g_test_add_func ("/cubitos/data/box", test_box);
  g_test_add_func ("/cubitos/data/strings", test_strings);
  g_test_add_func ("/cubitos/data/cards", test_cards);
  g_test_add_func ("/cubitos/data/races", test_races);
  return g_test_run ();
}
