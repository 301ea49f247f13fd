/* cb-move-section.c — phase 6 of a board: buy steps, redeem credits, move the runner
 *
 * p. 9, 6.: 4 coins buy 1 step, any number of times; the runner walks its steps in one
 * or more moves; the last one lands and takes the space's bonus (p. 10), which only
 * the track shows — the question stays folded until needed. A shortcut costs steps the
 * track shows; its button says what it will cost before it is pressed (issue 15).
 *
 * The controls are built once, when the board enters phase 5, and stay where they are
 * until the phase is over: an update changes their actions, labels and ranges only, so
 * no button moves under the pointer (issue 15, item 2).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-move-section.h"
#include "cb-bonus-editor.h"

struct _CbMoveSection
{
  GtkWidget       parent_instance;

  GtkWidget      *box;            /* template children */
  GtkWidget      *buy_box;
  GtkWidget      *walk_box;
  GtkSpinButton  *steps;
  GtkCheckButton *finish;
  GtkWidget      *beyond_row;
  GtkSpinButton  *beyond;
  GtkWidget      *land_box;
  GtkWidget      *land_row_box;
  GtkSpinButton  *shortcut_cost;
  GtkWidget      *shortcut_box;

  CbControls     *controls;       /* the panel's, outlives this widget */
  CbBonusEditor  *bonus;
  guint           shown_steps;    /* the steps the walk field was filled with */
  gboolean        updating;
};

G_DEFINE_FINAL_TYPE (CbMoveSection, cb_move_section, GTK_TYPE_WIDGET)

static void
read_move (CbMoveSection *self,
           CbMove        *move,
           gboolean       last)
{
  cb_move_init (move);
  move->steps = (guint) MAX (gtk_spin_button_get_value_as_int (self->steps), 0);
  move->finish = gtk_check_button_get_active (self->finish);
  move->last = last;
  if (!last)
    return;
  cb_bonus_editor_read (self->bonus, move);
  if (cb_game_has_finished_race (cb_controls_game (self->controls), self->controls->seat) || move->finish)
    move->beyond = MAX (gtk_spin_button_get_value_as_int (self->beyond), 0);
}

static void
update_buy (CbMoveSection *self)
{
  const CbGame *game = cb_controls_game (self->controls);
  guint seat = self->controls->seat;
  guint n = cb_game_get_coins (game, seat) / CB_COINS_PER_STEP;
  GtkWidget *one = cb_controls_get (self->controls, "buy-step");
  GtkWidget *all = cb_controls_get (self->controls, "buy-steps-all");
  g_autofree char *label = NULL;

  cb_controls_set_action (self->controls, one, cb_presenter_action_number (game, seat, CB_ACTION_BUY_STEPS, 1));
  /* The label stays "All Coins → Steps", so nothing after it moves; the numbers are
   * its tooltip. */
  if (n > 1)
    /* Translators: spend the coins on as many steps as they buy, "All: 8 Coins → 2 Steps" */
    label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "All: %u Coins → %u Step", "All: %u Coins → %u Steps", n),
                             n * CB_COINS_PER_STEP, n);
  else
    label = g_strdup (_("Buy as many steps as your coins pay for"));
  cb_controls_set_hint (all, label);
  cb_controls_set_action (self->controls, all, cb_presenter_action_number (game, seat, CB_ACTION_BUY_STEPS, MAX (n, 1)));
  /* One step is the single button's. */
  cb_controls_restrict (self->controls, all, n > 1, g_object_get_data (G_OBJECT (one), "reason") != NULL
                                    ? g_object_get_data (G_OBJECT (one), "reason")
                                    : _("Your coins buy one step: use the button beside."));
}

static void
update_shortcut (CbMoveSection *self)
{
  const CbGame *game = cb_controls_game (self->controls);
  guint cost = (guint) MAX (gtk_spin_button_get_value_as_int (self->shortcut_cost), 0);
  guint steps = cb_game_get_steps (game, self->controls->seat);
  GtkWidget *shortcut = cb_controls_get (self->controls, "shortcut");
  g_autofree char *label = NULL;

  if (cost == 0)
    label = g_strdup (_("S_hortcut: enter its cost first"));
  else
    /* Translators: the shortcut button says what it costs before it is pressed,
     * "Shortcut: pay 3 of 5 steps" */
    label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "S_hortcut: pay %u of %u step",
                                          "S_hortcut: pay %u of %u steps", steps),
                             cost, steps);
  gtk_button_set_label (GTK_BUTTON (shortcut), label);
  cb_controls_set_action (self->controls, shortcut,
                          cb_presenter_action_number (game, self->controls->seat, CB_ACTION_SHORTCUT, cost));
}

static void
cb_move_section_dispose (GObject *object)
{
  CbMoveSection *self = CB_MOVE_SECTION (object);

  self->controls = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), CB_TYPE_MOVE_SECTION);
  G_OBJECT_CLASS (cb_move_section_parent_class)->dispose (object);
}

static void
cb_move_section_class_init (CbMoveSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cb_move_section_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cb-move-section.ui");
  gtk_widget_class_bind_template_child (widget_class, CbMoveSection, box);
  gtk_widget_class_bind_template_child (widget_class, CbMoveSection, buy_box);
  gtk_widget_class_bind_template_child (widget_class, CbMoveSection, walk_box);
  gtk_widget_class_bind_template_child (widget_class, CbMoveSection, steps);
  gtk_widget_class_bind_template_child (widget_class, CbMoveSection, finish);
  gtk_widget_class_bind_template_child (widget_class, CbMoveSection, beyond_row);
  gtk_widget_class_bind_template_child (widget_class, CbMoveSection, beyond);
  gtk_widget_class_bind_template_child (widget_class, CbMoveSection, land_box);
  gtk_widget_class_bind_template_child (widget_class, CbMoveSection, land_row_box);
  gtk_widget_class_bind_template_child (widget_class, CbMoveSection, shortcut_cost);
  gtk_widget_class_bind_template_child (widget_class, CbMoveSection, shortcut_box);
  gtk_widget_class_bind_template_callback (widget_class, cb_move_section_update);
}

static void
cb_move_section_init (CbMoveSection *self)
{
  self->shown_steps = G_MAXUINT;
  gtk_widget_init_template (GTK_WIDGET (self));
  cb_controls_no_wheel (GTK_WIDGET (self->steps));
  cb_controls_no_wheel (GTK_WIDGET (self->beyond));
  cb_controls_no_wheel (GTK_WIDGET (self->shortcut_cost));
}

GtkWidget *
cb_move_section_new (CbControls *controls)
{
  CbMoveSection *self = g_object_new (CB_TYPE_MOVE_SECTION, NULL);
  GtkWidget *row;

  self->controls = controls;
  row = cb_controls_button_row (self->buy_box);
  /* p. 9, 6.: 4 coins buy 1 step, any number of times. */
  cb_controls_add_button (controls, row, "buy-step", _("4 Coins → 1 _Step"), _("Buy a step for 4 coins"), NULL, FALSE);
  cb_controls_add_button (controls, row, "buy-steps-all", _("_All Coins → Steps"),
                          _("Buy as many steps as your coins pay for"), NULL, FALSE);
  row = cb_controls_button_row (self->buy_box);
  cb_controls_add_redeem (controls, row);

  cb_controls_add (controls, "steps", GTK_WIDGET (self->steps));
  cb_controls_add (controls, "finish", GTK_WIDGET (self->finish));
  cb_controls_show_key (gtk_check_button_get_child (GTK_CHECK_BUTTON (self->finish)));
  cb_controls_add (controls, "beyond", GTK_WIDGET (self->beyond));
  /* p. 10: the bonus of the space the runner ends on; only the track shows it. */
  self->bonus = CB_BONUS_EDITOR (cb_bonus_editor_new (controls, "", _("_Bonus on the landing space")));
  g_signal_connect_swapped (self->bonus, "changed", G_CALLBACK (cb_move_section_update), self);
  gtk_box_append (GTK_BOX (self->land_box), GTK_WIDGET (self->bonus));

  row = cb_controls_button_row (self->land_row_box);
  cb_controls_add_button (controls, row, "land", _("Walk and _Land"),
                          _("The last move of this round: take the space’s bonus"), NULL, TRUE);
  cb_controls_add_button (controls, row, "move", _("_Walk, More to Come"),
                          _("Walk these spaces and keep moving this round"), NULL, FALSE);
  /* Not pre-filled: the cost is on the track, and a full field spent every step on one
   * stray click (issue 15). The button says what it will cost before it is pressed. */
  cb_controls_add (controls, "shortcut-cost", GTK_WIDGET (self->shortcut_cost));
  /* The track's special actions (p. 10 „Sonderaktionen“) share a row; at most two
   * buttons a row, so a row fits 360 px in German too. */
  row = cb_controls_button_row (self->shortcut_box);
  cb_controls_add_button (controls, row, "shortcut", _("S_hortcut"),
                          _("Pay steps for a shortcut (the track shows the cost)"), NULL, FALSE);
  cb_controls_add_button (controls, row, "jet", _("_Jet Boost"), _("Landed on a jet boost: double the steps left"),
                          NULL, FALSE);
  cb_move_section_update (self);
  return GTK_WIDGET (self);
}

void
cb_move_section_update (CbMoveSection *self)
{
  const CbGame *game;
  guint seat, steps;
  CbMove move;

  g_return_if_fail (CB_IS_MOVE_SECTION (self));
  if (self->controls == NULL || self->bonus == NULL || self->updating)
    return;
  /* Being taken away (the race ended): a field's value committed as the focus leaves it
   * must not update buttons that are no longer named. */
  if (cb_controls_get (self->controls, "land") == NULL)
    return;
  game = cb_controls_game (self->controls);
  seat = self->controls->seat;
  steps = cb_game_get_steps (game, seat);

  /* New steps (collected, bought, walked): the walk field offers them all again. */
  self->updating = TRUE;
  gtk_spin_button_set_range (self->shortcut_cost, 0, steps);
  gtk_spin_button_set_range (self->steps, 0, steps);
  if (steps != self->shown_steps)
    gtk_spin_button_set_value (self->steps, steps);
  self->shown_steps = steps;
  self->updating = FALSE;

  update_buy (self);
  cb_controls_update_redeem (self->controls);
  cb_controls_set_action (self->controls, cb_controls_get (self->controls, "jet"),
                          cb_presenter_action_simple (game, seat, CB_ACTION_JET));

  read_move (self, &move, FALSE);
  cb_controls_set_action (self->controls, cb_controls_get (self->controls, "move"),
                          cb_move_dup_action (&move, game, seat));
  gtk_widget_set_visible (self->beyond_row,
                          cb_game_has_finished_race (game, seat) || gtk_check_button_get_active (self->finish));
  cb_bonus_editor_update (self->bonus);
  read_move (self, &move, TRUE);
  cb_controls_set_action (self->controls, cb_controls_get (self->controls, "land"),
                          cb_move_dup_action (&move, game, seat));
  update_shortcut (self);
}
