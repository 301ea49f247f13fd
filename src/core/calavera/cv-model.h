/* cv-model.h — what a Calavera sheet is expected to end with, in points
 *
 * The model of docs/assistant.md ("The worth of a choice in points"): the player's own
 * turns are played by the assistant's advice, each other player's turn may force a duty
 * (the crosses an opponent's skulls leave), the game ends after a given number of own
 * turns, the bonus lines stay as they stand. Its expectation is computed exactly by
 * dynamic programming over the sheets with their rows sorted (rows are interchangeable:
 * 1,820 sheets), once per process for each table (number of opponents and the bonus
 * lines still open), and kept: the tables never change once built.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cv-game.h"

G_BEGIN_DECLS

/* One player's sheet as the assistant sees it. */
typedef struct
{
  guint        crosses[CV_N_COLORS];
  gboolean     frozen[CV_N_COLORS];
  CvBonusState bonus[CV_N_BONUS_LINES];
} CvOddsSheet;

/* The model's horizon: more own turns left than this count as this many. */
#define CV_MODEL_MAX_TURNS 20

/* Each other player's turn leaves this player a duty of m dice with chance
 * cv_model_duty_chance (m) (m = 1 … 5; docs/assistant.md says where they come from). */
#define CV_MODEL_MAX_DUTY_DICE 5
double   cv_model_duty_chance (guint m);

typedef struct _CvModel CvModel;

/* The tables for @n_opponents (0 … CV_MAX_PLAYERS - 1) and the bonus lines as they stand
 * on @sheet (a line still open counts its first value, a struck one its later value).
 * Built on first use (about a second of CPU; never call it on the main thread of a
 * window before cv_model_is_ready()), then shared by the whole process. Thread-safe. */
const CvModel *cv_model_get (guint n_opponents, const CvOddsSheet *sheet);
gboolean       cv_model_is_ready (guint n_opponents, const CvOddsSheet *sheet);
/* The expected final total of @sheet's own points (rows and bonus lines) when
 * @turns_left own turns are left, the first of them starting now. 0 turns: the sheet's
 * final total as it stands. */
double   cv_model_expected_points (const CvModel *model, const CvOddsSheet *sheet, guint turns_left);
/* The same just after one of the player's own turns ended on @sheet, with @turns_after
 * own turns still to come (the other players' turns, and their duties, come first). */
double   cv_model_points_after_turn (const CvModel *model, const CvOddsSheet *sheet, guint turns_after);
/* The final total of @sheet if the game ended now: frozen rows, rows in the points zone,
 * the bonus lines won. */
int      cv_model_final_points (const CvOddsSheet *sheet);

/* @sheet after taking @crosses crosses in @color (the death zone freezes the row, bonus
 * lines reached are won, first or later as they stand) or freezing @color. */
void     cv_model_sheet_take (CvOddsSheet *sheet, CvFace color, guint crosses);
void     cv_model_sheet_freeze (CvOddsSheet *sheet, CvFace color);

/* The estimate of how many own turns @seat has left (this one included), from the
 * sheet nearest to the game's end (docs/assistant.md): 1 … CV_MODEL_MAX_TURNS. */
guint    cv_model_estimate_turns_left (const CvGame *game, guint seat);
/* The own turns a single sheet needs to its game's end, by the same estimate, with
 * @n_opponents other players bringing duties. */
guint    cv_model_estimate_sheet_turns (const CvOddsSheet *sheet, guint n_opponents);

G_END_DECLS
