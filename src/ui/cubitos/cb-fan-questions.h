/* cb-fan-questions.h — the fan-track questions of a bust, a landing or an ability: the
 * reward of each fan space the runner enters that nobody has told yet
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cb-panel-controls.h"

G_BEGIN_DECLS

#define CB_TYPE_FAN_QUESTIONS (cb_fan_questions_get_type ())
G_DECLARE_FINAL_TYPE (CbFanQuestions, cb_fan_questions, CB, FAN_QUESTIONS, GtkWidget)

/* Fields "@prefix fan-credits-<space>" and "@prefix fan-supply-<space>" in @controls;
 * emits ::changed when one changes. */
GtkWidget *cb_fan_questions_new          (CbControls *controls, const char *prefix);
/* Asks for the spaces @n fan advances enter; the fields stay while @n stays, so a
 * number being typed is kept. */
void       cb_fan_questions_set_advances (CbFanQuestions *self, guint n);
/* What is told, for cb_presenter_bust_action() and CbMove: returns the count. */
guint      cb_fan_questions_read         (CbFanQuestions *self, guint spaces[CB_FAN_LAST_SPACE],
                                          int told[CB_FAN_LAST_SPACE][2]);

G_END_DECLS
