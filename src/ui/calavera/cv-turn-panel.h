/* cv-turn-panel.h — who must do what now: the turn sentence, the dice, the choices
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cv-dice-entry.h"
#include "cv-presenter.h"

G_BEGIN_DECLS

#define CV_TYPE_TURN_PANEL (cv_turn_panel_get_type ())
G_DECLARE_FINAL_TYPE (CvTurnPanel, cv_turn_panel, CV, TURN_PANEL, GtkWidget)

GtkWidget   *cv_turn_panel_new (void);
/* Shows @game's turn (the panel keeps its own copy of the state). */
void         cv_turn_panel_set_game (CvTurnPanel *self, const CvGame *game);
const char  *cv_turn_panel_get_turn_text (CvTurnPanel *self);
CvDiceEntry *cv_turn_panel_get_dice_entry (CvTurnPanel *self);
/* The choice button for the action with canonical text @action_text, or NULL. */
GtkWidget   *cv_turn_panel_find_choice_button (CvTurnPanel *self, const char *action_text);
/* The place the turn assistant (odds) fills; shown only with the `show-assistant` setting. */
GtkBox      *cv_turn_panel_get_assistant_box (CvTurnPanel *self);
/* Follows @settings' `show-assistant` (the panel's switch changes it too). */
void         cv_turn_panel_set_settings (CvTurnPanel *self, GSettings *settings);
/* Narrow (the panel under the sheets, 360 px): the assistant goes under the choices, so
 * that a choice is in view after a roll without scrolling (issue 27 item 4). */
void         cv_turn_panel_set_narrow (CvTurnPanel *self, gboolean narrow);
/* What the assistant shows now; NULL while it is off (nothing is computed then). */
const CvAssistantText *cv_turn_panel_get_assistant_text (CvTurnPanel *self);
/* The line on top that says what the last entry did ("Ben: 3 crosses in orange, 1 lost
 * past the end"); NULL or "" hides it. */
void         cv_turn_panel_set_last_text (CvTurnPanel *self, const char *text);
const char  *cv_turn_panel_get_last_text (CvTurnPanel *self);
/* What the last key said ("Jokers as …: press O G P B", or why a choice is not possible). */
const char  *cv_turn_panel_get_key_text (CvTurnPanel *self);
/* The keyboard contract (docs/keyboard.md): dice letters, `-`, choice keys (colour,
 * joker + colour, freeze + colour), Enter. @focus_on_button: the focus is on a button
 * inside the panel, which Enter may activate. Returns TRUE when the key was used. */
/* Why each choice not offered as a button is not possible, one a line (the expander). */
const char  *cv_turn_panel_get_reasons (CvTurnPanel *self);
/* A click on @seat's @color row: that colour, or the jokers as it (the same as the key). */
void         cv_turn_panel_choose_row (CvTurnPanel *self, guint seat, CvFace color);
gboolean     cv_turn_panel_handle_key (CvTurnPanel *self, guint keyval, GdkModifierType state,
                                       gboolean focus_on_button);

G_END_DECLS
