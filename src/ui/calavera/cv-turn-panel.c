/* cv-turn-panel.c — who must do what now: the turn sentence, the dice, the choices
 *
 * The choices come from cv_presenter_list_choices(): only the legal ones are buttons,
 * each with its preview and its key (issue 14); why the others are not possible is one
 * expander under them, read by screen readers too. After skulls every opponent who
 * must mark gets a group of their own, in the order the keys serve them (seat order
 * after the roller, the first one marked); by mouse they answer in any order.
 *
 * The turn assistant (issue 8, docs/assistant.md) sits under the dice it talks about,
 * above the choices (visible without scrolling) — under them in a narrow window, where
 * the choices would otherwise be out of view after a roll (issue 27), with a switch bound to the
 * `show-assistant` setting (the same one as in Preferences). Its odds are
 * computed only while it is on: once per state, then the selection sentence follows
 * the dice the player picks up. The sentences come from cv_assistant_text_new().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cv-turn-panel.h"

struct _CvTurnPanel
{
  GtkWidget    parent_instance;

  CvGame      *game;
  GPtrArray   *choices;   /* CvChoice*, every group's */
  char        *turn_text;
  GSettings   *settings;
  gulong       assistant_changed_id;
  gulong       turns_changed_id;
  GCancellable *preparing;  /* the model's tables are being built (cv_odds_prepare_async()) */
  CvOdds      *odds;      /* only while the assistant is on; NULL when nothing to advise */
  CvAssistantText *assistant_text;
  gunichar     prefix;    /* the joker or freeze key waiting for its colour, or 0 */
  GString     *reasons;   /* why the choices not offered are not possible, one a line */

  /* Template widgets */
  GtkLabel    *last_label;
  GtkExpander *reasons_expander;
  GtkLabel    *reasons_label;
  GtkLabel    *key_label;
  GtkLabel    *turn_label;
  CvDiceEntry *dice_entry;
  GtkBox      *choices_box;
  GtkWidget   *assistant_section;
  gboolean     narrow;
  GtkBox      *assistant_box;
  GtkSwitch   *assistant_switch;
  GtkLabel    *recommendation_label;
  GtkLabel    *outlook_label;
  GtkLabel    *selection_label;
  GtkBox      *opponents_box;
  GtkWidget   *assistant_placeholder;
  GtkWidget   *worth_label;
};

G_DEFINE_FINAL_TYPE (CvTurnPanel, cv_turn_panel, GTK_TYPE_WIDGET)

enum {
  ACTION_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GtkWidget *find_button (GtkWidget *widget, const char *text);

static gboolean
assistant_is_on (CvTurnPanel *self)
{
  return self->settings != NULL && g_settings_get_boolean (self->settings, "show-assistant");
}

static void
set_label (GtkLabel   *label,
           const char *text)
{
  gtk_label_set_text (label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (label), text != NULL && text[0] != '\0');
}

static void
clear_box (GtkBox *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
}

/* Shows self->assistant_text (or nothing). */
static void
show_assistant_text (CvTurnPanel *self)
{
  CvAssistantText *text = self->assistant_text;
  gboolean any = FALSE;
  gboolean picking = self->dice_entry != NULL &&
                     cv_dice_entry_get_reroll_stage (self->dice_entry) != CV_REROLL_NONE;

  set_label (self->recommendation_label, text != NULL ? text->recommendation : NULL);
  /* While dice are picked up, the sentence for them says this turn's curse risk: the
   * outlook gives the room to the choices (issue 27 item 4, 1280×720 in German). */
  set_label (self->outlook_label, text != NULL && !picking ? text->outlook : NULL);
  set_label (self->selection_label, text != NULL ? text->selection : NULL);

  clear_box (self->opponents_box);
  if (text != NULL)
    for (guint i = 0; i < text->opponents->len; i++)
      {
        GtkWidget *label = gtk_label_new (g_ptr_array_index (text->opponents, i));

        gtk_label_set_xalign (GTK_LABEL (label), 0);
        gtk_label_set_wrap (GTK_LABEL (label), TRUE);
        gtk_label_set_max_width_chars (GTK_LABEL (label), 34);
        gtk_box_append (self->opponents_box, label);
      }
  gtk_widget_set_visible (GTK_WIDGET (self->opponents_box), text != NULL && text->opponents->len > 0);

  any = text != NULL && (text->recommendation != NULL || text->outlook != NULL ||
                         text->selection != NULL || text->opponents->len > 0);
  /* Whenever a "worth" is shown, one line says what it means — not while dice are
   * picked up: then the palette needs the room, and the sentence for the dice in hand is
   * what counts (issue 27 item 4: at 1280×720 in German the choices fell below). */
  gtk_widget_set_visible (self->worth_label,
                          text != NULL && self->game != NULL &&
                          cv_dice_entry_get_reroll_stage (self->dice_entry) == CV_REROLL_NONE &&
                          ((text->recommendation != NULL && cv_game_get_phase (self->game) == CV_PHASE_CHOOSE) ||
                           text->opponents->len > 0));
  gtk_widget_set_visible (self->assistant_placeholder, !any);
}

static void update_assistant (CvTurnPanel *self);

static void
prepared_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(CvTurnPanel) self = user_data;

  if (self->preparing == NULL || g_cancellable_is_cancelled (self->preparing))
    return;
  g_clear_object (&self->preparing);
  update_assistant (self);
  /* the phones' advice comes from the same tables (no window: no such action) */
  gtk_widget_activate_action (GTK_WIDGET (self), "win.refresh-phones", NULL);
}

/* Recomputes the odds of the state shown, only while the assistant is on. The first
 * answer of a game builds the points model's tables in a worker thread (about a second):
 * until then the placeholder stays. */
static void
update_assistant (CvTurnPanel *self)
{
  guint pick_up[CV_N_FACES];

  g_clear_pointer (&self->odds, cv_odds_free);
  g_clear_pointer (&self->assistant_text, cv_assistant_text_free);

  if (assistant_is_on (self) && self->game != NULL && !cv_game_is_finished (self->game))
    {
      g_autoptr(GError) error = NULL;
      CvOddsParams params;

      cv_odds_params_init (&params);
      /* Preferences: the own turns left, 0 = estimated */
      params.turns_left = g_settings_get_uint (self->settings, "assistant-turns");
      if (!cv_odds_is_ready (self->game, &params))
        {
          if (self->preparing == NULL)
            {
              self->preparing = g_cancellable_new ();
              cv_odds_prepare_async (self->game, &params, self->preparing, prepared_cb, g_object_ref (self));
            }
          show_assistant_text (self);
          return;
        }

      /* A position the assistant cannot judge just shows no advice. */
      self->odds = cv_odds_compute_with (self->game, &params, &error);
      cv_dice_entry_get_pick_up (self->dice_entry, pick_up);
      self->assistant_text = cv_assistant_text_new (self->game, self->odds, pick_up);
    }

  show_assistant_text (self);
}

/* Issue 27 item 4: while dice are picked up for a re-roll, no choice is offered (the
 * dice in hand are not on the table); Escape or Ctrl+Z puts them back. */
static void
update_choice_buttons (CvTurnPanel *self)
{
  gboolean picking = cv_dice_entry_get_reroll_stage (self->dice_entry) != CV_REROLL_NONE;

  for (guint i = 0; i < self->choices->len; i++)
    {
      CvChoice *choice = g_ptr_array_index (self->choices, i);
      GtkWidget *button = find_button (GTK_WIDGET (self->choices_box), choice->text);

      if (button != NULL)
        gtk_widget_set_sensitive (button, choice->enabled && !picking);
    }
  show_assistant_text (self);
}

static void
selection_changed_cb (CvDiceEntry *entry,
                      CvTurnPanel *self)
{
  guint pick_up[CV_N_FACES];

  update_choice_buttons (self);

  /* The odds of the position stay; only the sentence for the selection changes. */
  if (self->odds == NULL || self->assistant_text == NULL)
    return;

  cv_dice_entry_get_pick_up (self->dice_entry, pick_up);
  g_free (self->assistant_text->selection);
  self->assistant_text->selection = cv_assistant_dup_selection_text (self->odds, pick_up);
  show_assistant_text (self);
}

static void
show_assistant_changed_cb (GSettings   *settings,
                           const char  *key,
                           CvTurnPanel *self)
{
  update_assistant (self);
}

static void
dice_entered_cb (CvDiceEntry    *entry,
                 const CvAction *action,
                 CvTurnPanel    *self)
{
  g_signal_emit (self, signals[ACTION_CHOSEN], 0, action);
}

static void
choose_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CvTurnPanel *self = CV_TURN_PANEL (widget);
  const char *text = g_variant_get_string (parameter, NULL);

  if (self->choices == NULL)
    return;

  for (guint i = 0; i < self->choices->len; i++)
    {
      CvChoice *choice = g_ptr_array_index (self->choices, i);

      if (choice->enabled && g_strcmp0 (choice->text, text) == 0)
        {
          CvAction action = choice->action;

          g_signal_emit (self, signals[ACTION_CHOSEN], 0, &action);
          return;
        }
    }
}

static void
choice_clicked_cb (GtkButton *button,
                   gpointer   user_data)
{
  gtk_widget_activate_action (GTK_WIDGET (button), "turn.choose", "s",
                              (const char *) g_object_get_data (G_OBJECT (button), "action-text"));
}

static GtkWidget *
make_choice_button (CvChoice *choice,
                    gboolean  compact)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *title = gtk_label_new (choice->title);
  g_autofree char *key_text = cv_presenter_dup_key_label (choice);
  GtkWidget *key;

  /* Compact buttons are narrow: "JO" instead of "J O". */
  if (compact)
    {
      char *packed = key_text;

      for (char *p = key_text; *p != '\0'; p++)
        if (*p != ' ')
          *packed++ = *p;
      *packed = '\0';
    }
  key = gtk_label_new (key_text);
  g_autofree char *description = NULL;

  /* The title is the grid's first child (the tests find buttons by it). */
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  if (compact)
    /* "✿ orange": the colour of the button says it too; the full title is in the
     * tooltip and the accessible name. */
    gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  else
    {
      /* "Orange nehmen" is wider than half a 360 px panel: a second line, never cut. */
      gtk_label_set_wrap (GTK_LABEL (title), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (title), PANGO_WRAP_WORD_CHAR);
    }
  gtk_widget_set_hexpand (title, TRUE);
  gtk_widget_add_css_class (title, compact ? "caption-heading" : "heading");
  gtk_grid_attach (GTK_GRID (grid), title, 0, 0, 1, 1);

  /* The key that makes this choice, shown on the button (issue 14). */
  gtk_widget_add_css_class (key, "key");
  gtk_widget_set_valign (key, GTK_ALIGN_CENTER);
  gtk_widget_set_visible (key, key_text[0] != '\0');
  gtk_grid_attach (GTK_GRID (grid), key, 1, 0, 1, 1);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);

  /* Compact buttons (the jokers as each colour, the freezes) say their preview in the
   * tooltip and to screen readers; the others show it under the title. */
  if (!compact)
    {
      GtkWidget *detail = gtk_label_new (choice->detail);

      gtk_label_set_xalign (GTK_LABEL (detail), 0);
      /* The whole preview, wrapped: touch screens show no tooltips, and "reaches the
       * death zone" is what the player must read before tapping. */
      gtk_label_set_wrap (GTK_LABEL (detail), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (detail), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (detail), 24);
      gtk_widget_add_css_class (detail, "caption");
      gtk_grid_attach (GTK_GRID (grid), detail, 0, 1, 2, 1);
    }
  gtk_button_set_child (GTK_BUTTON (button), grid);

  gtk_widget_add_css_class (button, "choice");
  if (compact)
    gtk_widget_add_css_class (button, "compact");
  if (choice->group != CV_CHOICE_GROUP_PASS && choice->group != CV_CHOICE_GROUP_FREEZE)
    gtk_widget_add_css_class (button, cv_face_get_css_class (choice->action.color));
  if (choice->group == CV_CHOICE_GROUP_FREEZE)
    gtk_widget_add_css_class (button, "freeze");

  /* Not a GtkActionable: its action helper would override the sensitivity below. */
  g_signal_connect (button, "clicked", G_CALLBACK (choice_clicked_cb), NULL);
  gtk_widget_set_sensitive (button, choice->enabled);
  gtk_widget_set_tooltip_text (button, choice->detail);
  g_object_set_data_full (G_OBJECT (button), "action-text", g_strdup (choice->text), g_free);

  /* Translators: accessible name of a choice button, "Take Orange (key O): 3 crosses in orange" */
  description = g_strdup_printf (_("%s (key %s): %s"), choice->title, key_text, choice->detail);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, description,
                                  -1);
  return button;
}

/* The short title of a compact button: the colour ("orange") of a joker or freeze choice. */
static void
shorten_title (CvChoice *choice)
{
  if (choice->group == CV_CHOICE_GROUP_JOKERS || choice->group == CV_CHOICE_GROUP_FREEZE)
    {
      g_free (choice->title);
      /* "✿ orange" (the jokers as orange), "❄ orange" (freeze orange): the full title
       * is in the tooltip and the accessible name. */
      choice->title = g_strdup_printf ("%s %s", choice->group == CV_CHOICE_GROUP_JOKERS ? "✿" : "❄",
                                       cv_face_get_name (choice->action.color));
    }
}

static void
add_group (CvTurnPanel *self,
           guint        seat,
           gboolean     keyboard)
{
  g_autoptr(GPtrArray) choices = cv_presenter_list_choices (self->game, seat);
  GtkWidget *group = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *heading;
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *row_grid = NULL;
  g_autofree char *title = NULL;
  guint cell = 0;
  guint row = 0;
  CvChoiceGroup row_group = CV_CHOICE_GROUP_TAKE;

  if (cv_game_get_phase (self->game) == CV_PHASE_OPPONENTS)
    /* Translators: heading of an opponent's choices after skulls, "Sami must mark" */
    title = g_strdup_printf (_("%s must mark"), cv_game_get_player_name (self->game, seat));
  else
    /* Translators: heading of the roller's choices, "Ina chooses" */
    title = g_strdup_printf (_("%s chooses"), cv_game_get_player_name (self->game, seat));

  heading = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  /* "title-4" marks a group's heading (the tests find groups by it); .group-heading
   * keeps it small, so three opponents' choices fit. */
  gtk_widget_add_css_class (heading, "title-4");
  gtk_widget_add_css_class (heading, "group-heading");
  gtk_box_append (GTK_BOX (group), heading);
  if (keyboard)
    {
      /* The keys act for this player now: the group is marked. */
      gtk_widget_add_css_class (group, "keyboard-seat");
      gtk_widget_add_css_class (heading, "accent");
    }

  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_homogeneous (GTK_GRID (grid), TRUE);
  gtk_box_append (GTK_BOX (group), grid);

  /* Only what is legal is a button (issue 14); takes two to a row with their preview,
   * the jokers and freezes four to a row. */
  for (guint i = 0; i < choices->len; i++)
    {
      CvChoice *choice = g_ptr_array_index (choices, i);
      gboolean compact = choice->group == CV_CHOICE_GROUP_JOKERS || choice->group == CV_CHOICE_GROUP_FREEZE;
      GtkWidget *button;

      if (!choice->enabled)
        {
          g_autofree char *line = NULL;

          if (cv_game_get_phase (self->game) == CV_PHASE_OPPONENTS)
            /* Translators: why a choice is not possible, "Sami — Take Orange: the roller used orange" */
            line = g_strdup_printf (_("%s — %s: %s"), cv_game_get_player_name (self->game, seat),
                                    choice->title, choice->detail);
          else
            /* Translators: why a choice is not possible, "Take Pink: no die shows pink" */
            line = g_strdup_printf (_("%s: %s"), choice->title, choice->detail);
          if (self->reasons->len > 0)
            g_string_append_c (self->reasons, '\n');
          g_string_append (self->reasons, line);
          continue;
        }

      if (compact)
        {
          g_autofree char *full = g_strdup (choice->title);
          g_autofree char *key_text = cv_presenter_dup_key_label (choice);
          g_autofree char *description = NULL;

          shorten_title (choice);
          button = make_choice_button (choice, compact);
          /* Translators: accessible name of a choice button, "Jokers as orange (key J O): 2 crosses in orange" */
          description = g_strdup_printf (_("%s (key %s): %s"), full, key_text, choice->detail);
          gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
          gtk_widget_set_tooltip_text (button, description);
        }
      else
        button = make_choice_button (choice, compact);

      if (compact)
        {
          if (row_grid == NULL || row_group != choice->group)
            {
              if (cell % 2 == 1)
                cell++;
              row = cell / 2;
              /* One line of four, each in its colour's place. */
              row_grid = gtk_grid_new ();
              gtk_grid_set_column_spacing (GTK_GRID (row_grid), 4);
              gtk_grid_set_column_homogeneous (GTK_GRID (row_grid), TRUE);
              gtk_grid_attach (GTK_GRID (grid), row_grid, 0, row, 2, 1);
              cell = (row + 1) * 2;
              row_group = choice->group;
            }
          gtk_grid_attach (GTK_GRID (row_grid), button, choice->action.color, 0, 1, 1);
          continue;
        }

      if (choice->group != row_group && cell % 2 == 1)
        cell++;
      row_group = choice->group;
      row_grid = NULL;
      gtk_grid_attach (GTK_GRID (grid), button, cell % 2, cell / 2, 1, 1);
      cell++;
    }

  gtk_accessible_update_property (GTK_ACCESSIBLE (group), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  gtk_box_append (self->choices_box, group);

  /* The panel keeps every group's choices for turn.choose and the keys. */
  for (guint i = 0; i < choices->len; i++)
    g_ptr_array_add (self->choices, g_steal_pointer (&g_ptr_array_index (choices, i)));
  g_ptr_array_set_free_func (choices, NULL);
}

static void
cv_turn_panel_dispose (GObject *object)
{
  CvTurnPanel *self = CV_TURN_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), CV_TYPE_TURN_PANEL);
  /* Whatever the template did not bind goes too. */
  {
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
      gtk_widget_unparent (child);
  }
  if (self->settings != NULL)
    {
      g_clear_signal_handler (&self->assistant_changed_id, self->settings);
      g_clear_signal_handler (&self->turns_changed_id, self->settings);
      g_clear_object (&self->settings);
    }
  if (self->preparing != NULL)
    {
      g_cancellable_cancel (self->preparing);
      g_clear_object (&self->preparing);
    }
  g_clear_pointer (&self->game, cv_game_free);
  g_clear_pointer (&self->choices, g_ptr_array_unref);
  if (self->reasons != NULL)
    {
      g_string_free (self->reasons, TRUE);
      self->reasons = NULL;
    }
  g_clear_pointer (&self->turn_text, g_free);
  g_clear_pointer (&self->odds, cv_odds_free);
  g_clear_pointer (&self->assistant_text, cv_assistant_text_free);

  G_OBJECT_CLASS (cv_turn_panel_parent_class)->dispose (object);
}

static void
cv_turn_panel_class_init (CvTurnPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cv_turn_panel_dispose;

  /**
   * CvTurnPanel::action-chosen:
   * @action: (type gpointer): the CvAction, valid during the emission
   *
   * A player entered dice or chose an option; the owner stores it.
   */
  signals[ACTION_CHOSEN] = g_signal_new ("action-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  g_type_ensure (CV_TYPE_DICE_ENTRY);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cv-turn-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, CvTurnPanel, turn_label);
  gtk_widget_class_bind_template_child (widget_class, CvTurnPanel, last_label);
  gtk_widget_class_bind_template_child (widget_class, CvTurnPanel, reasons_expander);
  gtk_widget_class_bind_template_child (widget_class, CvTurnPanel, reasons_label);
  gtk_widget_class_bind_template_child (widget_class, CvTurnPanel, key_label);
  gtk_widget_class_bind_template_child (widget_class, CvTurnPanel, dice_entry);
  gtk_widget_class_bind_template_child (widget_class, CvTurnPanel, choices_box);
  gtk_widget_class_bind_template_child (widget_class, CvTurnPanel, assistant_box);
  gtk_widget_class_bind_template_child (widget_class, CvTurnPanel, assistant_section);
  gtk_widget_class_bind_template_child (widget_class, CvTurnPanel, assistant_switch);
  gtk_widget_class_bind_template_child (widget_class, CvTurnPanel, recommendation_label);
  gtk_widget_class_bind_template_child (widget_class, CvTurnPanel, outlook_label);
  gtk_widget_class_bind_template_child (widget_class, CvTurnPanel, selection_label);
  gtk_widget_class_bind_template_child (widget_class, CvTurnPanel, opponents_box);
  gtk_widget_class_bind_template_child (widget_class, CvTurnPanel, assistant_placeholder);
  gtk_widget_class_bind_template_child (widget_class, CvTurnPanel, worth_label);
  gtk_widget_class_bind_template_callback (widget_class, dice_entered_cb);
  gtk_widget_class_bind_template_callback (widget_class, selection_changed_cb);

  gtk_widget_class_install_action (widget_class, "turn.choose", "s", choose_action_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "turnpanel");
}

static void
cv_turn_panel_init (CvTurnPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->choices = g_ptr_array_new_with_free_func ((GDestroyNotify) cv_choice_free);
  self->reasons = g_string_new (NULL);
}

GtkWidget *
cv_turn_panel_new (void)
{
  return g_object_new (CV_TYPE_TURN_PANEL, NULL);
}

void
cv_turn_panel_set_game (CvTurnPanel  *self,
                        const CvGame *game)
{
  guint seats[CV_MAX_PLAYERS];
  guint n_seats;

  g_return_if_fail (CV_IS_TURN_PANEL (self));
  g_return_if_fail (game != NULL);

  g_clear_pointer (&self->game, cv_game_free);
  self->game = cv_game_copy (game);

  g_clear_pointer (&self->turn_text, g_free);
  self->turn_text = cv_presenter_dup_turn_text (self->game);
  gtk_label_set_text (self->turn_label, self->turn_text);

  cv_dice_entry_set_game (self->dice_entry, self->game);

  g_ptr_array_set_size (self->choices, 0);
  clear_box (self->choices_box);
  n_seats = cv_presenter_get_deciding_seats (self->game, seats);
  self->prefix = 0;
  set_label (self->key_label, NULL);
  g_string_truncate (self->reasons, 0);
  /* In the order the keys serve them: seat order after the roller. */
  for (guint k = 0; k < cv_game_get_n_players (self->game); k++)
    {
      guint seat = (cv_game_get_roller (self->game) + k) % cv_game_get_n_players (self->game);

      for (guint i = 0; i < n_seats; i++)
        if (seats[i] == seat)
          add_group (self, seat, (int) seat == cv_presenter_get_keyboard_seat (self->game));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->choices_box), n_seats > 0);

  /* Why the rest is not possible: one expander under all choices (issue 14: "not as a
   * wall of disabled buttons"), its text read by screen readers too. */
  gtk_label_set_text (self->reasons_label, self->reasons->str);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->reasons_expander),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->reasons->str, -1);
  gtk_widget_set_visible (GTK_WIDGET (self->reasons_expander), n_seats > 0 && self->reasons->len > 0);

  update_assistant (self);
}

const char *
cv_turn_panel_get_turn_text (CvTurnPanel *self)
{
  g_return_val_if_fail (CV_IS_TURN_PANEL (self), NULL);
  return self->turn_text;
}

CvDiceEntry *
cv_turn_panel_get_dice_entry (CvTurnPanel *self)
{
  g_return_val_if_fail (CV_IS_TURN_PANEL (self), NULL);
  return self->dice_entry;
}

static GtkWidget *
find_button (GtkWidget  *widget,
             const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (g_strcmp0 (g_object_get_data (G_OBJECT (child), "action-text"), text) == 0)
        return child;
      if ((found = find_button (child, text)) != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
cv_turn_panel_find_choice_button (CvTurnPanel *self,
                                  const char  *action_text)
{
  g_return_val_if_fail (CV_IS_TURN_PANEL (self), NULL);
  return find_button (GTK_WIDGET (self->choices_box), action_text);
}

GtkBox *
cv_turn_panel_get_assistant_box (CvTurnPanel *self)
{
  g_return_val_if_fail (CV_IS_TURN_PANEL (self), NULL);
  return self->assistant_box;
}

void
cv_turn_panel_set_settings (CvTurnPanel *self,
                            GSettings   *settings)
{
  g_return_if_fail (CV_IS_TURN_PANEL (self));
  g_return_if_fail (G_IS_SETTINGS (settings));

  if (self->settings != NULL)
    {
      g_clear_signal_handler (&self->assistant_changed_id, self->settings);
      g_clear_signal_handler (&self->turns_changed_id, self->settings);
      g_settings_unbind (self->assistant_box, "visible");
      g_settings_unbind (self->assistant_switch, "active");
      g_clear_object (&self->settings);
    }

  self->settings = g_object_ref (settings);
  /* The switch and Preferences change the same key; either way the panel follows. */
  g_settings_bind (settings, "show-assistant", self->assistant_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "show-assistant", self->assistant_box, "visible", G_SETTINGS_BIND_GET);
  self->assistant_changed_id = g_signal_connect (settings, "changed::show-assistant",
                                                 G_CALLBACK (show_assistant_changed_cb), self);
  self->turns_changed_id = g_signal_connect (settings, "changed::assistant-turns",
                                             G_CALLBACK (show_assistant_changed_cb), self);
  update_assistant (self);
}

void
cv_turn_panel_set_narrow (CvTurnPanel *self,
                          gboolean     narrow)
{
  GtkWidget *box;

  g_return_if_fail (CV_IS_TURN_PANEL (self));

  if (self->narrow == narrow)
    return;
  self->narrow = narrow;
  box = gtk_widget_get_parent (self->assistant_section);
  gtk_box_reorder_child_after (GTK_BOX (box), self->assistant_section,
                               narrow ? GTK_WIDGET (self->reasons_expander) : GTK_WIDGET (self->dice_entry));
}

const CvAssistantText *
cv_turn_panel_get_assistant_text (CvTurnPanel *self)
{
  g_return_val_if_fail (CV_IS_TURN_PANEL (self), NULL);
  return self->assistant_text;
}

void
cv_turn_panel_set_last_text (CvTurnPanel *self,
                             const char  *text)
{
  g_return_if_fail (CV_IS_TURN_PANEL (self));
  set_label (self->last_label, text);
}

const char *
cv_turn_panel_get_last_text (CvTurnPanel *self)
{
  g_return_val_if_fail (CV_IS_TURN_PANEL (self), NULL);
  return gtk_label_get_text (self->last_label);
}

const char *
cv_turn_panel_get_key_text (CvTurnPanel *self)
{
  g_return_val_if_fail (CV_IS_TURN_PANEL (self), NULL);
  return gtk_label_get_text (self->key_label);
}

static CvChoice *
find_choice (CvTurnPanel  *self,
             CvActionType  type,
             guint         seat,
             int           color)
{
  for (guint i = 0; i < self->choices->len; i++)
    {
      CvChoice *choice = g_ptr_array_index (self->choices, i);

      if (choice->action.type == type && choice->action.player == (int) seat &&
          (color < 0 || (int) choice->action.color == color))
        return choice;
    }
  return NULL;
}

/* Makes @choice if it is legal; otherwise says why in the key line. */
static void
choose_by_key (CvTurnPanel *self,
               CvChoice    *choice,
               const char  *fallback)
{
  CvAction action;

  if (choice == NULL || !choice->enabled)
    {
      set_label (self->key_label, choice != NULL ? choice->detail : fallback);
      return;
    }
  action = choice->action;
  set_label (self->key_label, NULL);
  g_signal_emit (self, signals[ACTION_CHOSEN], 0, &action);
}

static gboolean
only_pass (CvTurnPanel *self,
           guint        seat)
{
  CvChoice *pass = find_choice (self, CV_ACTION_PASS, seat, -1);

  return pass != NULL && pass->enabled;
}

/* polish2 item 6: a key of the contract (docs/keyboard.md) that does not apply now says
 * why in the key line, briefly; it is used up (no beep) and blocks nothing. Returns
 * FALSE for the keys it leaves to the caller. Only called when the dice entry did not
 * take the key. */
static gboolean
explain_ignored_key (CvTurnPanel *self,
                     guint        keyval)
{
  gunichar c = g_unichar_toupper (gdk_keyval_to_unicode (keyval));
  gunichar freeze = cv_presenter_get_freeze_key ();
  CvPhase phase = cv_game_get_phase (self->game);
  CvFace face;
  const char *why = NULL;

  if (keyval == GDK_KEY_minus || keyval == GDK_KEY_KP_Subtract)
    {
      if (phase == CV_PHASE_ROLL)
        why = _("No re-roll yet: first enter the six dice of this roll.");
      else if (phase == CV_PHASE_OPPONENTS)
        why = _("Only the roller re-rolls, before choosing.");
      else if (!cv_game_can_reroll (self->game))
        why = _("No re-roll left: that was the third roll.");
    }
  else if (phase == CV_PHASE_ROLL && freeze != 0 && c == freeze)
    why = _("Freezing comes after the roll: first enter the six dice.");
  else if (phase != CV_PHASE_ROLL && c != 0 && cv_face_from_letter (c, &face) && face == CV_FACE_SKULL)
    why = _("Skulls are never taken: choose a colour or the jokers.");

  if (why == NULL)
    return FALSE;
  set_label (self->key_label, why);
  return TRUE;
}

gboolean
cv_turn_panel_handle_key (CvTurnPanel     *self,
                          guint            keyval,
                          GdkModifierType  state,
                          gboolean         focus_on_button)
{
  int seat;
  gunichar c;
  CvFace face;
  gunichar freeze = cv_presenter_get_freeze_key ();
  gunichar joker = cv_face_get_letter (CV_FACE_JOKER);

  g_return_val_if_fail (CV_IS_TURN_PANEL (self), FALSE);

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return FALSE;
  if (self->game == NULL || cv_game_is_finished (self->game))
    return FALSE;

  /* Whenever the game waits for dice, the keys go to the dice. */
  if (self->prefix == 0 && cv_dice_entry_handle_key (self->dice_entry, keyval, state))
    {
      set_label (self->key_label, NULL);
      /* `-` starts a pick-up without a selection change: the choices follow it too */
      update_choice_buttons (self);
      return TRUE;
    }

  seat = cv_presenter_get_keyboard_seat (self->game);
  if (seat < 0)
    {
      /* A key of the contract that does not apply before the roll says why. */
      if (explain_ignored_key (self, keyval))
        return TRUE;
      /* Enter never reaches a button outside the table while dice are awaited. */
      return keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter || keyval == GDK_KEY_ISO_Enter;
    }

  switch (keyval)
    {
    case GDK_KEY_Escape:
    case GDK_KEY_BackSpace:
      if (self->prefix == 0)
        return FALSE;
      self->prefix = 0;
      set_label (self->key_label, NULL);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
      /* Enter passes only when passing is all that is left; it never undoes. */
      if (self->prefix == 0 && only_pass (self, seat))
        {
          choose_by_key (self, find_choice (self, CV_ACTION_PASS, seat, -1), NULL);
          return TRUE;
        }
      if (!focus_on_button && self->prefix == 0)
        set_label (self->key_label, _("Enter passes only when nothing else is possible: press the key of a choice."));
      return !focus_on_button;
    default:
      break;
    }

  c = g_unichar_toupper (gdk_keyval_to_unicode (keyval));
  if (c == 0)
    return FALSE;

  if (self->prefix == 0 && explain_ignored_key (self, keyval))
    return TRUE;

  if (self->prefix != 0)
    {
      gunichar prefix = self->prefix;

      self->prefix = 0;
      if (!cv_face_from_letter (c, &face) || !CV_FACE_IS_COLOR (face))
        {
          set_label (self->key_label, _("That is no colour key: start again."));
          return TRUE;
        }
      if (prefix == joker)
        choose_by_key (self, find_choice (self, CV_ACTION_TAKE_JOKERS, seat, face),
                       _("There is no joker to use."));
      else
        choose_by_key (self, find_choice (self, CV_ACTION_FREEZE, seat, face),
                       _("Only the roller may freeze, in their own turn."));
      return TRUE;
    }

  if (cv_face_from_letter (c, &face) && CV_FACE_IS_COLOR (face))
    {
      choose_by_key (self, find_choice (self, CV_ACTION_TAKE, seat, face), NULL);
      return TRUE;
    }
  if (c == joker || (freeze != 0 && c == freeze))
    {
      CvActionType type = c == joker ? CV_ACTION_TAKE_JOKERS : CV_ACTION_FREEZE;
      CvChoice *any = NULL;
      gboolean possible = FALSE;
      g_autofree char *colours = NULL;
      g_autofree char *prompt = NULL;
      GString *keys = g_string_new (NULL);

      for (guint f = 0; f < CV_N_COLORS; f++)
        {
          if (f > 0)
            g_string_append_c (keys, ' ');
          g_string_append_unichar (keys, cv_face_get_letter ((CvFace) f));
        }
      colours = g_string_free (keys, FALSE);
      /* Issue 27 item 4: F (or J) when nothing can be frozen (no joker to use) says why
       * at once instead of waiting for a colour. */
      for (guint i = 0; i < self->choices->len; i++)
        {
          CvChoice *choice = g_ptr_array_index (self->choices, i);

          if (choice->action.type != type || choice->action.player != seat)
            continue;
          if (any == NULL)
            any = choice;
          possible |= choice->enabled;
        }
      if (!possible)
        {
          if (any != NULL)
            set_label (self->key_label, any->detail);
          else
            set_label (self->key_label, c == joker ? _("There is no joker to use.")
                                                   : _("Only the roller may freeze, in their own turn."));
          return TRUE;
        }
      self->prefix = c;
      prompt = g_strdup_printf (c == joker
                                /* Translators: after the joker key, "Jokers as …: press O G P B" */
                                ? _("Jokers as …: press %s")
                                /* Translators: after the freeze key, "Freeze …: press O G P B" */
                                : _("Freeze …: press %s"), colours);
      set_label (self->key_label, prompt);
      return TRUE;
    }

  return FALSE;
}

void
cv_turn_panel_choose_row (CvTurnPanel *self,
                          guint        seat,
                          CvFace       color)
{
  CvChoice *choice;

  g_return_if_fail (CV_IS_TURN_PANEL (self));

  if (self->game == NULL || !CV_FACE_IS_COLOR (color))
    return;
  choice = find_choice (self, CV_ACTION_TAKE, seat, color);
  if (choice == NULL || !choice->enabled)
    {
      CvChoice *jokers = find_choice (self, CV_ACTION_TAKE_JOKERS, seat, color);

      if (jokers != NULL && jokers->enabled)
        choice = jokers;
    }
  /* A row of someone who has nothing to decide now says nothing. */
  if (choice == NULL)
    return;
  choose_by_key (self, choice, NULL);
}

const char *
cv_turn_panel_get_reasons (CvTurnPanel *self)
{
  g_return_val_if_fail (CV_IS_TURN_PANEL (self), NULL);
  return self->reasons->str;
}
