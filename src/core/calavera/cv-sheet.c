/* cv-sheet.c — the Calavera score sheet layout and the dice faces: ONE table each
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cv-game.h"

/* The sheet, box by box (index 0 = box 1), from shared/design/GAME-DATA.md
 * ("Game data the rules texts do not give", Calavera):
 *
 * - boxes 1–5: grey start area, no points (certainty medium);
 * - boxes 6–10: the yellow points zone, values 4, 5, 6, 8, 10; freezing at 4/5/6
 *   needs at least 2 jokers, at 8/10 at least 3 (values and joker counts: high, from
 *   the rules "Für die Punkte 4, 5 und 6 brauchst du mindestens 2 Joker …";
 *   box positions: medium);
 * - boxes 11–13: the grey death zone, "plus, minus or no points" (rules). The values
 *   +4, 0, −3 come from one source that copied the printed block (GAME-DATA.md:
 *   hot-pc/spielepunkte "punkte_je_feld": [… 10, 4, 0, -3]; certainty medium, corrected
 *   from the earlier guess +3, 0, −3; docs/rules-notes.md). A correction is a change
 *   here only.
 */
static const CvBox sheet_boxes[CV_ROW_LENGTH] = {
  { CV_ZONE_START,  0, 0 },  /* 1 */
  { CV_ZONE_START,  0, 0 },  /* 2 */
  { CV_ZONE_START,  0, 0 },  /* 3 */
  { CV_ZONE_START,  0, 0 },  /* 4 */
  { CV_ZONE_START,  0, 0 },  /* 5 */
  { CV_ZONE_POINTS, 4, 2 },  /* 6 */
  { CV_ZONE_POINTS, 5, 2 },  /* 7 */
  { CV_ZONE_POINTS, 6, 2 },  /* 8 */
  { CV_ZONE_POINTS, 8, 3 },  /* 9 */
  { CV_ZONE_POINTS, 10, 3 }, /* 10 */
  { CV_ZONE_DEATH,  4, 0 },  /* 11: value medium (GAME-DATA.md) */
  { CV_ZONE_DEATH,  0, 0 },  /* 12: value medium */
  { CV_ZONE_DEATH, -3, 0 },  /* 13: value medium */
};

/* Bonus lines "nach jedem dritten Kästchen … insgesamt drei" with 4/5/6 points for the
 * first and 2/3/4 for everyone later (rules, "Die Bonus-Jagd"; GAME-DATA.md: high). */
static const CvBonusLine bonus_lines[CV_N_BONUS_LINES] = {
  { 3, 4, 2 },
  { 6, 5, 3 },
  { 9, 6, 4 },
};

/* The six faces of every die (GAME-DATA.md "dice"): four colours, the rose joker and
 * the skull. The keys are the text form (docs/game-script.md) and never change. */
static const struct
{
  const char *key;
  const char *name;
} faces[CV_N_FACES] = {
  /* Translators: a die face and colour row of Calavera */
  { "orange", N_("orange") },
  /* Translators: a die face and colour row of Calavera */
  { "green",  N_("green") },
  /* Translators: a die face and colour row of Calavera (rosa) */
  { "pink",   N_("pink") },
  /* Translators: a die face and colour row of Calavera */
  { "black",  N_("black") },
  /* Translators: the rose face of a Calavera die that counts as any colour */
  { "joker",  N_("joker") },
  /* Translators: the skull face of a Calavera die (la calavera) */
  { "skull",  N_("skull") },
};

const CvBox *
cv_sheet_get_box (guint index)
{
  g_return_val_if_fail (index < CV_ROW_LENGTH, NULL);
  return &sheet_boxes[index];
}

const CvBonusLine *
cv_sheet_get_bonus_line (guint line)
{
  g_return_val_if_fail (line < CV_N_BONUS_LINES, NULL);
  return &bonus_lines[line];
}

const char *
cv_face_to_string (CvFace face)
{
  g_return_val_if_fail ((guint) face < CV_N_FACES, NULL);
  return faces[face].key;
}

gboolean
cv_face_from_string (const char *str,
                     CvFace     *face)
{
  if (str == NULL)
    return FALSE;

  for (guint i = 0; i < CV_N_FACES; i++)
    if (strcmp (faces[i].key, str) == 0)
      {
        if (face != NULL)
          *face = (CvFace) i;
        return TRUE;
      }

  return FALSE;
}

const char *
cv_face_get_name (CvFace face)
{
  g_return_val_if_fail ((guint) face < CV_N_FACES, NULL);
  return g_dgettext (GETTEXT_PACKAGE, faces[face].name);
}
