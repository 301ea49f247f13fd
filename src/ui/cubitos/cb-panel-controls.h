/* cb-panel-controls.h — the named controls of one board's run panel, shared by its
 * sections, and the helpers that build them
 *
 * The sections of a CbRunPanel (cb-refill-section, cb-move-section, …) register each
 * control they build under a name (cb-run-panel.h lists them), so the panel, its
 * keyboard handling and the tests find a control by name wherever it lives. A button
 * carries the action it enters and is enabled exactly when the engine accepts that
 * action now; a disabled button's reason is written, after its label, in a dim caption
 * at the end of the panel — there its lines come and go without moving any control.
 *
 * This is not a widget: it is the panel's table of names, the game the panel shows and
 * the object that emits the chosen actions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cb-presenter.h"

G_BEGIN_DECLS

typedef struct
{
  GHashTable   *table;   /* name → GtkWidget (not owned) */
  GObject      *owner;   /* emits ::action (a string) when a button is clicked */
  const DpGame *game;    /* the game shown, owned by the panel */
  guint         seat;
  GtkLabel     *reasons; /* the panel's reasons caption, or NULL */
  guint         n_made;  /* buttons made so far: their order in the caption */
} CbControls;

const CbGame *cb_controls_game           (CbControls *controls);
GtkWidget    *cb_controls_get            (CbControls *controls, const char *name);
/* Registers @widget under @name (copied). */
void          cb_controls_add            (CbControls *controls, const char *name, GtkWidget *widget);
void          cb_controls_remove_prefix  (CbControls *controls, const char *prefix);
/* The value of the spin button @name, 0 when there is none. */
guint         cb_controls_spin_value     (CbControls *controls, const char *name);
/* Emits ::action on the owner. */
void          cb_controls_emit           (CbControls *controls, const char *action);

/* A row of buttons, appended to @parent. */
GtkWidget    *cb_controls_button_row     (GtkWidget *parent);
/* A button in @row entering @action (taken; NULL: none yet), named @name; the panel's
 * reasons caption is registered as "@name-reason". */
GtkWidget    *cb_controls_add_button     (CbControls *controls, GtkWidget *row, const char *name,
                                          const char *label, const char *hint, char *action,
                                          gboolean suggested);
/* What @button does, in its tooltip while it is enabled and for a screen reader. */
void          cb_controls_set_hint       (GtkWidget *button, const char *hint);
/* Marks @button as the default the keyboard sits on: shown blue while it can be pressed. */
void          cb_controls_set_suggested  (GtkWidget *button, gboolean suggested);
/* Sets the action @button enters (taken) and whether the engine accepts it now. */
void          cb_controls_set_action     (CbControls *controls, GtkWidget *button, char *action);
/* Disables @button with @reason unless @sensitive (and the engine accepts its action). */
void          cb_controls_restrict       (CbControls *controls, GtkWidget *button, gboolean sensitive,
                                          const char *reason);
/* Writes the reasons of the disabled buttons into the caption. */
void          cb_controls_update_reasons (CbControls *controls);
/* A row "question [spin]" appended to @parent; @changed (swapped, @data) on each change. */
GtkWidget    *cb_controls_add_spin       (CbControls *controls, GtkWidget *parent, const char *name,
                                          const char *question, int min, int max, int value,
                                          GCallback changed, gpointer data);
/* A number field (numeric) that the mouse wheel never changes: see cb_controls_no_wheel(). */
GtkWidget    *cb_controls_new_spin       (double min, double max);
/* The mouse wheel over @spin scrolls the page and leaves the number alone (issue 25,
 * item 3.3: a cost went 0 → 1 under the wheel and enabled Buy). */
void          cb_controls_no_wheel       (GtkWidget *spin);
/* Keeps the underlined letter of @label (a GtkLabel with a mnemonic) underlined, also
 * when its text changes: the key of the choice (docs/keyboard.md). */
void          cb_controls_show_key       (GtkWidget *label);
/* After a label's text changed: it keeps the height of its tallest text so far at this
 * width, so what is below it does not move when a shorter text follows (issue 25, item
 * 3.9: buttons shifted 17–40 px when the prompt above them changed). */
void          cb_controls_keep_height    (GtkWidget *label);
/* A check button whose label wraps (long German sentences at 360 px). */
GtkWidget    *cb_controls_wrapped_check  (const char *mnemonic);

/* Enter in @spin (issue 25, 3.6): the typed number counts, then the nearest enabled
 * default button around it (a button marked suggested: Take the Bust, Refill, …) is
 * pressed, or @button when it is given. */
void          cb_controls_spin_enter     (GtkSpinButton *spin, GtkWidget *button);
/* The value typed in @spin so far (its text), or its value when the text is no number:
 * a button's state may follow the digits before the field is left (issue 25, 3.5). */
int           cb_controls_spin_typed     (GtkSpinButton *spin);

/* The underlined letter of @label (lower case), 0 when it has none: the key of its
 * choice (docs/keyboard.md). Read from its text: gtk_label_get_mnemonic_keyval() is not
 * kept for every label. */
gunichar      cb_controls_label_key      (GtkLabel *label);
/* @text without its mnemonic's underscore ("R_ollosaurus" → "Rollosaurus"). */
char         *cb_controls_dup_plain      (const char *text);
/* The same of a text with a mnemonic ("_Use Ability" → 'u'). */
gunichar      cb_controls_mnemonic_key   (const char *text);
/* Adds the keys of the visible labels under @widget, except under @skip, to @keys
 * (gunichar). */
void          cb_controls_collect_keys   (GtkWidget *widget, GtkWidget *skip, GArray *keys);
/* @title with the first of its letters that is not in @taken (gunichar, lower case)
 * marked as its mnemonic ("Rollosaurus" → "_Rollosaurus", underscores doubled), the
 * letter added to @taken; @title escaped, without a mnemonic, when every letter is
 * taken (issue 25: one key per card ability). */
char         *cb_controls_dup_keyed      (const char *title, GArray *taken);

/* Credits → coins (phases 5–7): "redeem" and "redeem-all" in @row. */
void          cb_controls_add_redeem     (CbControls *controls, GtkWidget *row);
void          cb_controls_update_redeem  (CbControls *controls);

G_END_DECLS
