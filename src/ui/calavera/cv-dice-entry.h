/* cv-dice-entry.h — entering what the six real dice show, by click, tap or keyboard
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cv-game.h"

G_BEGIN_DECLS

typedef enum
{
  CV_DICE_ENTRY_IDLE,    /* nothing to show (no roll yet for display, or game over) */
  CV_DICE_ENTRY_ROLL,    /* the first roll of a turn: fill six dice */
  CV_DICE_ENTRY_REROLL,  /* pick up non-skull dice, enter what they show now */
  CV_DICE_ENTRY_SHOW,    /* the dice of this turn, read only (rolling is over) */
} CvDiceEntryMode;

/* A re-roll by keys: `-`, the faces picked up, Enter, their new faces, Enter. */
typedef enum
{
  CV_REROLL_NONE,     /* nothing picked up: letters are choice keys */
  CV_REROLL_PICK,     /* letters pick up a die showing that face */
  CV_REROLL_RESULTS,  /* letters say what the picked-up dice show now */
} CvRerollStage;

#define CV_TYPE_DICE_ENTRY (cv_dice_entry_get_type ())
G_DECLARE_FINAL_TYPE (CvDiceEntry, cv_dice_entry, CV, DICE_ENTRY, GtkWidget)

GtkWidget       *cv_dice_entry_new (void);
/* Shows the dice of @game's turn and what may be entered now; drops a half-made entry. */
void             cv_dice_entry_set_game (CvDiceEntry *self, const CvGame *game);
CvDiceEntryMode  cv_dice_entry_get_mode (CvDiceEntry *self);
/* The face shown by die @index, or -1 while it is still empty; in re-roll mode a
 * picked-up die shows its new face once entered. */
int              cv_dice_entry_get_face (CvDiceEntry *self, guint index);
gboolean         cv_dice_entry_get_picked (CvDiceEntry *self, guint index);
gboolean         cv_dice_entry_get_locked (CvDiceEntry *self, guint index);
/* The dice selected to be picked up for a re-roll, counted per face (their face
 * before the re-roll); all 0 outside re-roll mode. ::selection-changed tells when. */
void             cv_dice_entry_get_pick_up (CvDiceEntry *self, guint pick_up[CV_N_FACES]);
/* TRUE when Enter would confirm a complete entry. */
gboolean         cv_dice_entry_is_complete (CvDiceEntry *self);
CvRerollStage    cv_dice_entry_get_reroll_stage (CvDiceEntry *self);
/* TRUE for a die the roller used this turn (shown as used while the others mark). */
gboolean         cv_dice_entry_get_used (CvDiceEntry *self, guint index);
/* Takes back a re-roll being entered (the dice picked up, the faces typed for them):
 * TRUE when there was one, with @n_picked the dice that were picked up. */
gboolean         cv_dice_entry_take_back_reroll (CvDiceEntry *self, guint *n_picked);
/* Why the last key did nothing ("Skulls stay set aside …"), or NULL. */
const char      *cv_dice_entry_get_message (CvDiceEntry *self);
/* The keyboard: face letters, `-` (re-roll), Backspace, Enter, Escape. Returns TRUE
 * when used; Enter is always used while dice are being typed. */
gboolean         cv_dice_entry_handle_key (CvDiceEntry *self, guint keyval, GdkModifierType state);

G_END_DECLS
