/* cv-presenter.h — what the Calavera table shows, as plain data (no GTK)
 *
 * The widgets only draw what these functions say: the turn sentence, the choice
 * buttons with their enabled state, preview and reason, the face letters and
 * symbols, the result table. Tests check them without a display.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "cv-game.h"
#include "cv-odds.h"

G_BEGIN_DECLS

/* ---- Faces: colour, symbol and letter, so colour is never the only cue ---- */

/* The symbol of a face: ● ▲ ◆ ■ ✿ ☠ (UX.md). */
const char *cv_face_get_symbol (CvFace face);
/* The translated one-letter key of a face (English O G P B J S, German O G R S J T).
 * Falls back to the English letters when a translation would make two faces share one. */
gunichar    cv_face_get_letter (CvFace face);
/* The face whose letter (cv_face_get_letter(), case-insensitive) is @c. */
gboolean    cv_face_from_letter (gunichar c, CvFace *face);
/* "orange", … with its capital first, for button titles. Free with g_free(). */
char       *cv_face_dup_title (CvFace face);
/* CSS class of a face: "orange", "green", "pink", "black", "joker", "skull". */
const char *cv_face_get_css_class (CvFace face);

/* ---- The turn ---- */

/* One sentence saying who must do what now, e.g. "Ina's turn — roll 2 of 3: choose a
 * colour or re-roll". Free with g_free(). */
char       *cv_presenter_dup_turn_text (const CvGame *game);
/* "Calavera — round 5". Free with g_free(). */
char       *cv_presenter_dup_round_text (const CvGame *game);
/* Names joined for a sentence: "Ina", "Ina and Sami", "Ina, Sami and Tom". */
char       *cv_presenter_join_names (const char *const *names, guint n);
/* What an entry did, for the toast: "Ina rolled ● ● ▲ ✿ ☠ ☠", "Sami: 3 crosses in orange". */
char       *cv_presenter_dup_action_text (const CvGame *before, const CvAction *action);

/* ---- Choices ---- */

typedef enum
{
  CV_CHOICE_GROUP_TAKE,
  CV_CHOICE_GROUP_JOKERS,
  CV_CHOICE_GROUP_FREEZE,
  CV_CHOICE_GROUP_PASS,
} CvChoiceGroup;

typedef struct
{
  CvChoiceGroup group;
  CvAction      action;   /* with `player` set to the seat that would act */
  gboolean      enabled;  /* exactly when the core lists it as legal */
  char         *title;    /* "Take orange", "Jokers as green", "Freeze pink", "Pass" */
  char         *detail;   /* enabled: the preview; disabled: why not (the core's reason) */
  char         *text;     /* the canonical text form of the action (cv_action_to_text) */
} CvChoice;

void        cv_choice_free (CvChoice *choice);

/* Every option @seat could think of now (take each colour, the jokers as each colour,
 * freeze each row, pass), legal ones enabled with a preview, the others disabled with
 * the reason. Empty when @seat has nothing to decide now. Element type: CvChoice*. */
GPtrArray  *cv_presenter_list_choices (const CvGame *game, guint seat);
/* The preview sentence of a legal action, e.g. "3 crosses in orange — reaches the
 * points zone: 4". Free with g_free(). */
char       *cv_presenter_dup_preview_text (const CvGame *game, const CvAction *action);
/* The seats that must choose now, in seat order (the roller in the choose phase,
 * the opponents still to act after skulls). Returns how many were written to @seats. */
guint       cv_presenter_get_deciding_seats (const CvGame *game, guint seats[CV_MAX_PLAYERS]);

/* ---- The sheet ---- */

/* Everything one sheet shows, copied out of the game so a widget never holds a
 * pointer into a state that undo replaces. */
typedef struct
{
  char        *name;
  guint        crosses[CV_N_COLORS];
  gboolean     frozen[CV_N_COLORS];
  int          row_points[CV_N_COLORS];
  CvBonusState bonus[CV_N_BONUS_LINES];
  int          bonus_points;
  int          total;
  gboolean     active;     /* the roller of the current turn (and the game goes on) */
  gboolean     must_act;   /* must mark now (after skulls, or the roller choosing) */
  gboolean     winner;     /* the game is over and this seat has the best total */
} CvSheetModel;

void        cv_sheet_model_fill (CvSheetModel *model, const CvGame *game, guint seat);
void        cv_sheet_model_clear (CvSheetModel *model);


/* "Ina: total 23. Orange: 7 crosses, frozen, 5 points. …". Free with g_free(). */
char       *cv_presenter_dup_sheet_description (const CvGame *game, guint seat);

/* ---- The turn assistant (optional, `show-assistant`; docs/assistant.md) ---- */

/* What the assistant says now, in plain translated sentences; a part that does not
 * apply is NULL. Made only while the assistant is on: the widgets never compute it
 * otherwise. */
typedef struct
{
  /* Before the first roll: "First roll: 2 % curse risk this roll, …"; choosing: "Best:
   * pick up green (+2.4 points expected). Next best: take orange (2 crosses) (+2.1 points
   * expected)." */
  char      *recommendation;
  /* Before the first roll and choosing: the rest of the turn played as advised (its curse
   * risk, "this turn") and the own turns the model counts. */
  char      *outlook;
  /* While re-rolling is possible: the odds of the dice selected to be picked up
   * ("Picking up 3 dice: 9 % curse risk this roll, 41 % at least 2 jokers; 14 % curse
   * risk this turn"), or how to see them. */
  char      *selection;
  /* After skulls, one sentence per opponent who must mark, in seat order (char*). */
  GPtrArray *opponents;
} CvAssistantText;

/* The sentences for @game from @odds (cv_odds_compute() of the same @game, or NULL
 * when there is nothing to advise); @pick_up: the dice selected to be picked up,
 * counted per face, or NULL for none. */
CvAssistantText *cv_assistant_text_new (const CvGame  *game,
                                        const CvOdds  *odds,
                                        const guint    pick_up[CV_N_FACES]);
void             cv_assistant_text_free (CvAssistantText *text);
/* Only the selection sentence, e.g. when the player picks up another die. Free with g_free(). */
char            *cv_assistant_dup_selection_text (const CvOdds *odds,
                                                  const guint   pick_up[CV_N_FACES]);

/* What the phone of @seat shows (issue 27): the roller's advice and the turn's outlook,
 * or an opponent's best group after skulls; NULL when there is nothing for @seat, or
 * while the points model is still being built. @turns_left: Preferences, 0 = estimated. */
char            *cv_presenter_dup_assistant_text (const CvGame *game,
                                                  guint         seat,
                                                  guint         turns_left);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CvAssistantText, cv_assistant_text_free)

/* ---- The keyboard contract (issue 14, docs/keyboard.md) ---- */

/* Minus starts a re-roll in every language: "these go back into the cup". */
#define CV_REROLL_KEY '-'

/* The translated key that starts "freeze a row" (English F), or 0 when the face
 * letters leave none free. */
gunichar    cv_presenter_get_freeze_key (void);
/* The seat whose choice keys act now: the roller while choosing, after skulls the
 * first opponent who must mark in seat order after the roller; -1 otherwise. */
int         cv_presenter_get_keyboard_seat (const CvGame *game);
/* The keys that enter @action for the seat cv_presenter_get_keyboard_seat() names
 * (or the roller's dice): letters as shown, '-' for a re-roll, '\n' for Enter.
 * E.g. "OOGJSS\n", "-OG\nJJ\n", "O", "JG", "FO". Free with g_free(). */
char       *cv_presenter_dup_keys (const CvGame *game, const CvAction *action);
/* The key(s) shown on a choice button: "O", "J G", "F P". Free with g_free(). */
char       *cv_presenter_dup_key_label (const CvChoice *choice);
/* What an entry did, with what follows from it: "Ina: 3 crosses in orange — the others
 * get nothing", "Ina rolled … — Tom can mark nothing and is skipped". */
char       *cv_presenter_dup_outcome_text (const CvGame *before, const CvAction *action, const CvGame *after);
/* The window's toast for an entry: one short line that fits a toast at 360 px in
 * German (wpolish item 1), "Ina rolled", "Ina: 3 crosses in orange"; the turn panel
 * shows cv_presenter_dup_outcome_text(). */
char       *cv_presenter_dup_action_toast (const CvGame *before, const CvAction *action);
/* The toasts of Ctrl+Z and Ctrl+Shift+Z: "Undone: Cleo's green cross". */
char       *cv_presenter_dup_undo_text (const CvGame *before_undo, const CvGame *after_undo);
char       *cv_presenter_dup_redo_text (const CvGame *before_redo, const CvGame *after_redo);
/* The toast of Ctrl+Z while dice are picked up for a re-roll (issue 27 item 4): the
 * pick-up of @n_picked_up dice is taken back, the roll stays. */
char       *cv_presenter_dup_take_back_text (guint n_picked_up);

G_END_DECLS
