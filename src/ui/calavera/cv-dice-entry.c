/* cv-dice-entry.c — entering what the six real dice show, by click, tap or keyboard
 *
 * UX.md: "type the six letters in any order (e.g. OOGJSS) or click each die to
 * cycle/choose its face; Backspace corrects; Enter confirms." Re-roll (issue 14's
 * keyboard contract): `-`, the face letters of the dice picked up, Enter, then the
 * letters they show now, Enter. Dice are named by face, never by position, so the
 * sorting after each entry cannot confuse anyone; clicking a die picks it up too.
 * Every way in (keys, clicks, the dice.* actions the tests use) ends in the same few
 * functions below.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cv-dice-entry.h"
#include "cv-presenter.h"

struct _CvDiceEntry
{
  GtkWidget        parent_instance;

  CvDiceEntryMode  mode;
  CvRerollStage    stage;               /* re-roll mode only */
  char            *message;             /* why the last key did nothing, until the next one */
  gboolean         used[CV_N_DICE];     /* the dice the roller used (opponents may not) */
  int              faces[CV_N_DICE];    /* -1 = empty */
  gboolean         locked[CV_N_DICE];
  gboolean         picked[CV_N_DICE];
  int              results[CV_N_DICE];  /* re-roll: the new face of a picked die, -1 = not yet */
  /* For Backspace, the dice in the order they were filled; in a re-roll first each die
   * picked up, then each new face typed: up to two entries a die. */
  guint            order[2 * CV_N_DICE];
  guint            n_order;

  GtkWidget       *die_buttons[CV_N_DICE];
  GtkWidget       *face_buttons[CV_N_FACES];

  /* Template widgets */
  GtkLabel        *hint_label;
  GtkBox          *dice_box;
  GtkBox          *aside_box;
  GtkWidget       *aside_separator;
  GtkWidget       *aside_group;
  GtkBox          *palette_box;
  GtkWidget       *actions_box;
  GtkButton       *clear_button;
  GtkButton       *confirm_button;
};

G_DEFINE_FINAL_TYPE (CvDiceEntry, cv_dice_entry, GTK_TYPE_WIDGET)

enum {
  ENTERED,
  SELECTION_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
entering (CvDiceEntry *self)
{
  return self->mode == CV_DICE_ENTRY_ROLL || self->mode == CV_DICE_ENTRY_REROLL;
}

static guint
count_picked (CvDiceEntry *self,
              gboolean     with_result_only)
{
  guint n = 0;

  for (guint i = 0; i < CV_N_DICE; i++)
    if (self->picked[i] && (!with_result_only || self->results[i] >= 0))
      n++;
  return n;
}

gboolean
cv_dice_entry_is_complete (CvDiceEntry *self)
{
  g_return_val_if_fail (CV_IS_DICE_ENTRY (self), FALSE);

  if (self->mode == CV_DICE_ENTRY_ROLL)
    {
      for (guint i = 0; i < CV_N_DICE; i++)
        if (self->faces[i] < 0)
          return FALSE;
      return TRUE;
    }
  if (self->mode == CV_DICE_ENTRY_REROLL && self->stage == CV_REROLL_RESULTS)
    {
      guint picked = count_picked (self, FALSE);
      return picked > 0 && count_picked (self, TRUE) == picked;
    }
  return FALSE;
}

static char *
dup_example (void)
{
  /* "OOGJSS": two orange, a green, a joker, two skulls — the roll from UX.md. */
  static const CvFace example[] = { CV_FACE_ORANGE, CV_FACE_ORANGE, CV_FACE_GREEN,
                                    CV_FACE_JOKER, CV_FACE_SKULL, CV_FACE_SKULL };
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (example); i++)
    g_string_append_unichar (out, cv_face_get_letter (example[i]));
  return g_string_free (out, FALSE);
}

static void
update_die_button (CvDiceEntry *self,
                   guint        i)
{
  GtkWidget *button = self->die_buttons[i];
  GtkWidget *label = gtk_button_get_child (GTK_BUTTON (button));
  int shown = self->picked[i] ? self->results[i] : self->faces[i];
  g_autofree char *markup = NULL;
  g_autofree char *accessible = NULL;
  const char *classes[] = { "die", NULL, NULL, NULL };
  guint n_classes = 1;

  if (shown >= 0)
    {
      char letter[8] = { 0, };

      g_unichar_to_utf8 (cv_face_get_letter ((CvFace) shown), letter);
      markup = g_strdup_printf ("<span size=\"xx-large\">%s</span>\n<b>%s</b>",
                                cv_face_get_symbol ((CvFace) shown), letter);
      classes[n_classes++] = cv_face_get_css_class ((CvFace) shown);
    }
  else
    {
      markup = g_strdup_printf ("<span size=\"xx-large\">%s</span>\n<b> </b>",
                                self->picked[i] ? "↻" : "?");
      classes[n_classes++] = "empty";
    }
  if (self->picked[i])
    classes[n_classes++] = "picked";
  else if (self->locked[i])
    classes[n_classes++] = "locked";
  else if (self->used[i])
    classes[n_classes++] = "used";

  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_widget_set_css_classes (button, classes);

  if (self->used[i])
    /* Translators: accessible label of a die the roller used, "Die 1: orange, used" */
    accessible = g_strdup_printf (_("Die %u: %s, used"), i + 1, cv_face_get_name ((CvFace) self->faces[i]));
  else if (self->locked[i])
    /* Translators: accessible label of a die, "Die 5: skull, set aside" */
    accessible = g_strdup_printf (_("Die %u: %s, set aside"), i + 1, cv_face_get_name ((CvFace) self->faces[i]));
  else if (self->picked[i] && shown >= 0)
    /* Translators: accessible label of a die, "Die 2: picked up, now green" */
    accessible = g_strdup_printf (_("Die %u: picked up, now %s"), i + 1, cv_face_get_name ((CvFace) shown));
  else if (self->picked[i])
    /* Translators: accessible label of a die that was picked up to be re-rolled */
    accessible = g_strdup_printf (_("Die %u: picked up, enter its new face"), i + 1);
  else if (shown >= 0)
    /* Translators: accessible label of a die, "Die 1: orange" */
    accessible = g_strdup_printf (_("Die %u: %s"), i + 1, cv_face_get_name ((CvFace) shown));
  else
    /* Translators: accessible label of a die not entered yet */
    accessible = g_strdup_printf (_("Die %u: empty"), i + 1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);

  /* Skulls are set aside: they sit apart and cannot be picked up. */
  /* Shown dice stay bright (they are the roll everyone reads), just not clickable;
   * only skulls look set aside. */
  gtk_widget_set_sensitive (button, !self->locked[i]);
  gtk_widget_set_can_target (button, entering (self) && !self->locked[i]);
  gtk_widget_set_focusable (button, entering (self) && !self->locked[i]);
  if (self->locked[i] && gtk_widget_get_parent (button) != GTK_WIDGET (self->aside_box))
    {
      g_object_ref (button);
      gtk_box_remove (self->dice_box, button);
      gtk_box_append (self->aside_box, button);
      g_object_unref (button);
    }
  else if (!self->locked[i] && gtk_widget_get_parent (button) != GTK_WIDGET (self->dice_box))
    {
      g_object_ref (button);
      gtk_box_remove (self->aside_box, button);
      gtk_box_append (self->dice_box, button);
      g_object_unref (button);
    }
}

static void
update (CvDiceEntry *self)
{
  gboolean any_locked = FALSE;
  gboolean any_used = FALSE;
  g_autofree char *hint = NULL;
  gboolean can_type;

  /* Skulls are the last dice (the core sorts them last), so moving them aside and back
   * keeps the dice in order without re-adding (and unfocusing) the others. */
  for (guint i = 0; i < CV_N_DICE; i++)
    {
      update_die_button (self, i);
      any_locked |= self->locked[i];
      any_used |= self->used[i];
    }
  gtk_widget_set_visible (self->aside_group, any_locked);
  gtk_widget_set_visible (self->aside_separator, any_locked);

  can_type = self->mode == CV_DICE_ENTRY_ROLL ||
             (self->mode == CV_DICE_ENTRY_REROLL && self->stage != CV_REROLL_NONE);
  for (guint f = 0; f < CV_N_FACES; f++)
    gtk_widget_set_sensitive (self->face_buttons[f], can_type);
  /* Choosing needs no palette: it comes back with `-` or a click on a die. */
  gtk_widget_set_visible (GTK_WIDGET (self->palette_box), can_type);
  gtk_widget_set_visible (self->actions_box, can_type);
  gtk_widget_set_visible (GTK_WIDGET (self->dice_box), self->mode != CV_DICE_ENTRY_IDLE);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dice.confirm",
                                 cv_dice_entry_is_complete (self) ||
                                 (self->stage == CV_REROLL_PICK && count_picked (self, FALSE) > 0));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dice.clear", self->n_order > 0 || count_picked (self, FALSE) > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dice.backspace",
                                 self->n_order > 0 || count_picked (self, FALSE) > 0);

  switch (self->mode)
    {
    case CV_DICE_ENTRY_ROLL:
      {
        g_autofree char *example = dup_example ();
        /* Translators: %s is an example roll typed with the face keys, "OOGJSS" */
        hint = g_strdup_printf (_("Type the six faces in any order (e.g. %s) or click them; Backspace corrects, Enter confirms."),
                                example);
        gtk_button_set_label (self->confirm_button, _("_Enter Roll"));
      }
      break;
    case CV_DICE_ENTRY_REROLL:
      {
        guint picked = count_picked (self, FALSE);

        if (self->stage == CV_REROLL_NONE)
          /* Translators: the re-roll hint; "-" is the minus key */
          hint = g_strdup (_("Re-roll: press - (or click the dice), type the faces picked up, Enter."));
        else if (self->stage == CV_REROLL_PICK)
          hint = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               /* Translators: while picking up dice for a re-roll by their faces */
                                               "Picking up %u die: type the faces of the dice you pick up, then Enter.",
                                               "Picking up %u dice: type the faces of the dice you pick up, then Enter.", picked),
                                  picked);
        else
          hint = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "Type what the %u picked-up die shows now, then press Enter.",
                                               "Type what the %u picked-up dice show now, then press Enter.", picked),
                                  picked);
        gtk_button_set_label (self->confirm_button, self->stage == CV_REROLL_PICK
                                                    ? _("_Picked Up")
                                                    : _("_Re-roll Picked Dice"));
      }
      break;
    case CV_DICE_ENTRY_SHOW:
      /* After skulls the turn sentence says what the others do; the space is theirs. */
      hint = g_strdup (any_used ? "" : any_locked ? _("No more re-rolls. Skulls stay set aside.") : _("No more re-rolls."));
      break;
    case CV_DICE_ENTRY_IDLE:
    default:
      hint = g_strdup ("");
      break;
    }
  if (self->message != NULL)
    {
      gtk_label_set_text (self->hint_label, self->message);
      gtk_widget_add_css_class (GTK_WIDGET (self->hint_label), "error");
    }
  else
    {
      gtk_label_set_text (self->hint_label, hint);
      gtk_widget_remove_css_class (GTK_WIDGET (self->hint_label), "error");
    }
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), gtk_label_get_text (self->hint_label)[0] != '\0');
}

static void
set_message (CvDiceEntry *self,
             char        *message)
{
  g_free (self->message);
  self->message = message;
}

/* Re-roll, picking stage: the first die showing @face that is not picked up yet. */
static void
pick_face (CvDiceEntry *self,
           CvFace       face)
{
  char letter[8] = { 0, };

  for (guint i = 0; i < CV_N_DICE; i++)
    if (!self->locked[i] && !self->picked[i] && self->faces[i] == (int) face)
      {
        self->picked[i] = TRUE;
        self->results[i] = -1;
        self->order[self->n_order++] = i;
        update (self);
        g_signal_emit (self, signals[SELECTION_CHANGED], 0);
        return;
      }

  g_unichar_to_utf8 (cv_face_get_letter (face), letter);
  if (face == CV_FACE_SKULL)
    /* Translators: a skull letter typed while picking up dice for a re-roll */
    set_message (self, g_strdup (_("Skulls stay set aside: they cannot be re-rolled.")));
  else
    /* Translators: "No other die shows green (G) to pick up." */
    set_message (self, g_strdup_printf (_("No other die shows %s (%s) to pick up."),
                                        cv_face_get_name (face), letter));
  update (self);
}

static void
add_face (CvDiceEntry *self,
          CvFace       face)
{
  if (self->mode == CV_DICE_ENTRY_ROLL)
    {
      guint i;

      for (i = 0; i < CV_N_DICE; i++)
        if (self->faces[i] < 0)
          {
            self->faces[i] = face;
            self->order[self->n_order++] = i;
            break;
          }
      if (i == CV_N_DICE)
        /* Translators: a seventh face letter typed for a roll of six dice */
        set_message (self, g_strdup (_("All six dice are entered: Enter confirms, Backspace corrects.")));
    }
  else if (self->mode == CV_DICE_ENTRY_REROLL && self->stage == CV_REROLL_PICK)
    {
      pick_face (self, face);
      return;
    }
  else if (self->mode == CV_DICE_ENTRY_REROLL && self->stage == CV_REROLL_RESULTS)
    {
      guint i;

      for (i = 0; i < CV_N_DICE; i++)
        if (self->picked[i] && self->results[i] < 0)
          {
            self->results[i] = face;
            self->order[self->n_order++] = i;
            break;
          }
      if (i == CV_N_DICE)
        set_message (self, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                          /* Translators: one face letter more than dice picked up */
                                                          "The %u die picked up has its new face: Enter confirms, Backspace corrects.",
                                                          "All %u dice picked up have their new faces: Enter confirms, Backspace corrects.",
                                                          count_picked (self, FALSE)),
                                             count_picked (self, FALSE)));
    }
  update (self);
}

/* Why Enter did not confirm: what is still missing. */
static void
explain_incomplete (CvDiceEntry *self)
{
  guint n = 0;

  if (self->mode == CV_DICE_ENTRY_ROLL)
    {
      g_autofree char *example = dup_example ();

      for (guint i = 0; i < CV_N_DICE; i++)
        if (self->faces[i] >= 0)
          n++;
      if (n == 0)
        /* Translators: Enter on an empty roll entry; %s is an example, "OOGJSS" */
        set_message (self, g_strdup_printf (_("Type the six dice first (e.g. %s), then Enter."), example));
      else
        set_message (self, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                         /* Translators: Enter on a roll entry that is not complete */
                                                         "Only %u die of six entered: type the others, then Enter.",
                                                         "Only %u dice of six entered: type the others, then Enter.", n),
                                            n));
    }
  else if (self->stage == CV_REROLL_PICK)
    /* Translators: Enter after the re-roll key before any die was picked up */
    set_message (self, g_strdup (_("Type the faces of the dice you pick up first, then Enter.")));
  else if (self->stage == CV_REROLL_RESULTS)
    set_message (self, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                     /* Translators: Enter before every picked-up die has its new face */
                                                     "Type what the %u die picked up shows now, then Enter.",
                                                     "Type what all %u dice picked up show now, then Enter.",
                                                     count_picked (self, FALSE)),
                                        count_picked (self, FALSE)));
}

/* A letter that is no face key of this language, typed while dice are entered. */
static void
explain_wrong_letter (CvDiceEntry *self,
                      gunichar     c)
{
  GString *keys = g_string_new (NULL);
  g_autofree char *letters = NULL;
  char typed[8] = { 0, };

  for (guint f = 0; f < CV_N_FACES; f++)
    {
      if (f > 0)
        g_string_append_c (keys, ' ');
      g_string_append_unichar (keys, cv_face_get_letter ((CvFace) f));
    }
  letters = g_string_free (keys, FALSE);
  g_unichar_to_utf8 (g_unichar_toupper (c), typed);
  /* Translators: a letter typed while entering dice that is no face key of this
   * language (e.g. an English letter in German); the second %s lists the face keys */
  set_message (self, g_strdup_printf (_("“%s” is no face key: type %s."), typed, letters));
}

static void
forget_in_order (CvDiceEntry *self,
                 guint        index)
{
  guint j = 0;

  for (guint i = 0; i < self->n_order; i++)
    if (self->order[i] != index)
      self->order[j++] = self->order[i];
  self->n_order = j;
}

static void
toggle_die (CvDiceEntry *self,
            guint        index)
{
  if (index >= CV_N_DICE)
    return;
  if (self->locked[index])
    {
      set_message (self, g_strdup (_("Skulls stay set aside: they cannot be re-rolled.")));
      update (self);
      return;
    }

  if (self->mode == CV_DICE_ENTRY_ROLL)
    {
      /* A click cycles the face: empty → orange → … → skull → orange. */
      if (self->faces[index] < 0)
        self->order[self->n_order++] = index;
      self->faces[index] = (self->faces[index] + 1) % CV_N_FACES;
    }
  else if (self->mode == CV_DICE_ENTRY_REROLL)
    {
      /* A click picks the die up or puts it back; its face stays what it showed. */
      self->picked[index] = !self->picked[index];
      self->results[index] = -1;
      forget_in_order (self, index);
      if (self->picked[index])
        self->order[self->n_order++] = index;
      if (count_picked (self, FALSE) == 0)
        self->stage = CV_REROLL_NONE;
      else if (self->stage == CV_REROLL_NONE || count_picked (self, TRUE) == 0)
        self->stage = CV_REROLL_PICK;
      update (self);
      /* The turn assistant follows the selection live. */
      g_signal_emit (self, signals[SELECTION_CHANGED], 0);
      return;
    }
  update (self);
}

static void
backspace (CvDiceEntry *self)
{
  guint index;

  if (self->n_order == 0)
    return;

  index = self->order[self->n_order - 1];
  if (self->mode == CV_DICE_ENTRY_ROLL)
    {
      self->n_order--;
      self->faces[index] = -1;
    }
  else if (self->stage == CV_REROLL_RESULTS && self->results[index] >= 0)
    {
      self->n_order--;
      self->results[index] = -1;
    }
  else if (self->stage == CV_REROLL_RESULTS)
    /* No new face left to take back: back to picking up. */
    self->stage = CV_REROLL_PICK;
  else
    {
      self->n_order--;
      self->picked[index] = FALSE;
      if (count_picked (self, FALSE) == 0)
        self->stage = CV_REROLL_NONE;
      update (self);
      g_signal_emit (self, signals[SELECTION_CHANGED], 0);
      return;
    }
  update (self);
}

static void
clear (CvDiceEntry *self)
{
  gboolean had_picked = count_picked (self, FALSE) > 0;

  for (guint i = 0; i < CV_N_DICE; i++)
    {
      if (self->mode == CV_DICE_ENTRY_ROLL)
        self->faces[i] = -1;
      self->picked[i] = FALSE;
      self->results[i] = -1;
    }
  self->n_order = 0;
  self->stage = CV_REROLL_NONE;
  update (self);
  if (had_picked)
    g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

/* The re-roll's picked dice in the order they were picked, then the new faces. */
static gboolean
confirm (CvDiceEntry *self)
{
  CvAction action;

  if (self->mode == CV_DICE_ENTRY_REROLL && self->stage == CV_REROLL_PICK)
    {
      if (count_picked (self, FALSE) == 0)
        return FALSE;
      self->stage = CV_REROLL_RESULTS;
      update (self);
      return TRUE;
    }

  if (!cv_dice_entry_is_complete (self))
    return FALSE;

  if (self->mode == CV_DICE_ENTRY_ROLL)
    {
      CvFace faces[CV_N_DICE];

      for (guint i = 0; i < CV_N_DICE; i++)
        faces[i] = (CvFace) self->faces[i];
      cv_action_init_roll (&action, -1, faces);
    }
  else
    {
      CvFace picked[CV_N_DICE], results[CV_N_DICE];
      guint n = 0;

      for (guint i = 0; i < CV_N_DICE; i++)
        if (self->picked[i])
          {
            picked[n] = (CvFace) self->faces[i];
            results[n] = (CvFace) self->results[i];
            n++;
          }
      cv_action_init_reroll (&action, -1, n, picked, results);
    }

  /* The owner stores the entry and then calls cv_dice_entry_set_game(). */
  g_signal_emit (self, signals[ENTERED], 0, &action);
  return TRUE;
}

static void
face_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  int face = g_variant_get_int32 (parameter);

  if (face >= 0 && face < CV_N_FACES)
    add_face (CV_DICE_ENTRY (widget), (CvFace) face);
}

static void
toggle_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  int index = g_variant_get_int32 (parameter);

  if (index >= 0 && index < CV_N_DICE)
    toggle_die (CV_DICE_ENTRY (widget), (guint) index);
}

static void
backspace_action_cb (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  backspace (CV_DICE_ENTRY (widget));
}

static void
clear_action_cb (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  clear (CV_DICE_ENTRY (widget));
}

static void
confirm_action_cb (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  confirm (CV_DICE_ENTRY (widget));
}

gboolean
cv_dice_entry_handle_key (CvDiceEntry     *self,
                          guint            keyval,
                          GdkModifierType  state)
{
  gunichar c;
  CvFace face;
  gboolean typing;

  g_return_val_if_fail (CV_IS_DICE_ENTRY (self), FALSE);

  /* Ctrl+Z and friends belong to the window. */
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return FALSE;
  if (!entering (self))
    return FALSE;

  /* A message explains one key only. */
  g_clear_pointer (&self->message, g_free);
  typing = self->mode == CV_DICE_ENTRY_ROLL || self->stage != CV_REROLL_NONE;

  switch (keyval)
    {
    case GDK_KEY_BackSpace:
      if (self->n_order == 0 && self->stage == CV_REROLL_NONE)
        {
          update (self);
          return FALSE;
        }
      backspace (self);
      return TRUE;
    case GDK_KEY_Escape:
      if (self->n_order == 0 && count_picked (self, FALSE) == 0 && self->stage == CV_REROLL_NONE)
        {
          update (self);
          return FALSE;
        }
      clear (self);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
      /* Only a complete entry (or a finished pick-up) takes Enter. */
      if (!typing)
        return FALSE;
      if (!confirm (self))
        {
          explain_incomplete (self);
          update (self);
        }
      /* While typing dice, Enter belongs to the dice, complete or not. */
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      if (self->mode != CV_DICE_ENTRY_REROLL)
        return FALSE;
      if (self->stage == CV_REROLL_NONE)
        {
          self->stage = CV_REROLL_PICK;
          update (self);
        }
      return TRUE;
    default:
      break;
    }

  if (!typing)
    {
      update (self);
      return FALSE;
    }

  c = gdk_keyval_to_unicode (keyval);
  if (c != 0 && cv_face_from_letter (c, &face))
    {
      add_face (self, face);
      return TRUE;
    }
  /* Another language's letters are used up and say which keys count (the freeze key is
   * the turn panel's, who says when it applies). */
  if (c != 0 && g_unichar_isalpha (c) &&
      g_unichar_toupper (c) != cv_presenter_get_freeze_key ())
    {
      explain_wrong_letter (self, c);
      update (self);
      return TRUE;
    }

  update (self);
  return FALSE;
}

static void
die_clicked_cb (GtkButton   *button,
                CvDiceEntry *self)
{
  toggle_die (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "die-index")));
}

static void
cv_dice_entry_dispose (GObject *object)
{
  g_clear_pointer (&CV_DICE_ENTRY (object)->message, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (object), CV_TYPE_DICE_ENTRY);
  /* Whatever the template did not bind goes too. */
  {
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
      gtk_widget_unparent (child);
  }

  G_OBJECT_CLASS (cv_dice_entry_parent_class)->dispose (object);
}

static void
cv_dice_entry_class_init (CvDiceEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cv_dice_entry_dispose;

  /**
   * CvDiceEntry::entered:
   * @action: (type gpointer): the CvAction (ROLL or REROLL, player -1), valid during the emission
   */
  signals[ENTERED] = g_signal_new ("entered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /**
   * CvDiceEntry::selection-changed:
   *
   * A die was picked up or put back for a re-roll (cv_dice_entry_get_pick_up()). Not
   * emitted by cv_dice_entry_set_game(): its caller knows the selection is empty.
   */
  signals[SELECTION_CHANGED] = g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                             0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cv-dice-entry.ui");
  gtk_widget_class_bind_template_child (widget_class, CvDiceEntry, hint_label);
  gtk_widget_class_bind_template_child (widget_class, CvDiceEntry, dice_box);
  gtk_widget_class_bind_template_child (widget_class, CvDiceEntry, aside_box);
  gtk_widget_class_bind_template_child (widget_class, CvDiceEntry, aside_separator);
  gtk_widget_class_bind_template_child (widget_class, CvDiceEntry, aside_group);
  gtk_widget_class_bind_template_child (widget_class, CvDiceEntry, palette_box);
  gtk_widget_class_bind_template_child (widget_class, CvDiceEntry, actions_box);
  gtk_widget_class_bind_template_child (widget_class, CvDiceEntry, clear_button);
  gtk_widget_class_bind_template_child (widget_class, CvDiceEntry, confirm_button);

  gtk_widget_class_install_action (widget_class, "dice.face", "i", face_action_cb);
  gtk_widget_class_install_action (widget_class, "dice.toggle", "i", toggle_action_cb);
  gtk_widget_class_install_action (widget_class, "dice.backspace", NULL, backspace_action_cb);
  gtk_widget_class_install_action (widget_class, "dice.clear", NULL, clear_action_cb);
  gtk_widget_class_install_action (widget_class, "dice.confirm", NULL, confirm_action_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "diceentry");
}

static void
cv_dice_entry_init (CvDiceEntry *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The entry itself holds the focus between entries: typed letters land here. */
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);

  for (guint i = 0; i < CV_N_DICE; i++)
    {
      GtkWidget *label = gtk_label_new (NULL);
      GtkWidget *button = gtk_button_new ();

      gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
      gtk_button_set_child (GTK_BUTTON (button), label);
      g_object_set_data (G_OBJECT (button), "die-index", GUINT_TO_POINTER (i));
      g_signal_connect (button, "clicked", G_CALLBACK (die_clicked_cb), self);
      self->die_buttons[i] = button;
      gtk_box_append (self->dice_box, button);
      self->faces[i] = -1;
      self->results[i] = -1;
    }

  for (guint f = 0; f < CV_N_FACES; f++)
    {
      GtkWidget *label = gtk_label_new (NULL);
      GtkWidget *button = gtk_button_new ();
      g_autofree char *markup = NULL;
      g_autofree char *tooltip = NULL;
      char letter[8] = { 0, };

      g_unichar_to_utf8 (cv_face_get_letter ((CvFace) f), letter);
      markup = g_strdup_printf ("<span size=\"large\">%s</span> <b>%s</b>", cv_face_get_symbol ((CvFace) f), letter);
      gtk_label_set_markup (GTK_LABEL (label), markup);
      gtk_button_set_child (GTK_BUTTON (button), label);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "dice.face");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "i", (gint32) f);
      gtk_widget_add_css_class (button, "face");
      gtk_widget_add_css_class (button, cv_face_get_css_class ((CvFace) f));
      /* Translators: tooltip of a face button, "orange (key O)" */
      tooltip = g_strdup_printf (_("%s (key %s)"), cv_face_get_name ((CvFace) f), letter);
      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
      self->face_buttons[f] = button;
      gtk_box_append (self->palette_box, button);
    }

  update (self);
}

GtkWidget *
cv_dice_entry_new (void)
{
  return g_object_new (CV_TYPE_DICE_ENTRY, NULL);
}

void
cv_dice_entry_set_game (CvDiceEntry  *self,
                        const CvGame *game)
{
  CvPhase phase;

  g_return_if_fail (CV_IS_DICE_ENTRY (self));

  self->n_order = 0;
  self->stage = CV_REROLL_NONE;
  g_clear_pointer (&self->message, g_free);
  for (guint i = 0; i < CV_N_DICE; i++)
    {
      self->faces[i] = -1;
      self->locked[i] = FALSE;
      self->used[i] = FALSE;
      self->picked[i] = FALSE;
      self->results[i] = -1;
    }

  phase = game != NULL ? cv_game_get_phase (game) : CV_PHASE_FINISHED;
  if (phase == CV_PHASE_ROLL && cv_game_can_roll (game))
    self->mode = CV_DICE_ENTRY_ROLL;
  else if (phase == CV_PHASE_CHOOSE || phase == CV_PHASE_OPPONENTS)
    {
      self->mode = phase == CV_PHASE_CHOOSE && cv_game_can_reroll (game)
                   ? CV_DICE_ENTRY_REROLL : CV_DICE_ENTRY_SHOW;
      for (guint i = 0; i < CV_N_DICE; i++)
        {
          self->faces[i] = cv_game_get_die (game, i);
          self->locked[i] = cv_game_die_is_locked (game, i);
          /* After skulls: the dice the roller used are marked, the others may mark the rest. */
          self->used[i] = phase == CV_PHASE_OPPONENTS && !self->locked[i] &&
                          !cv_game_die_is_available (game, i);
        }
    }
  else
    self->mode = CV_DICE_ENTRY_IDLE;

  update (self);
}

CvDiceEntryMode
cv_dice_entry_get_mode (CvDiceEntry *self)
{
  g_return_val_if_fail (CV_IS_DICE_ENTRY (self), CV_DICE_ENTRY_IDLE);
  return self->mode;
}

int
cv_dice_entry_get_face (CvDiceEntry *self,
                        guint        index)
{
  g_return_val_if_fail (CV_IS_DICE_ENTRY (self), -1);
  g_return_val_if_fail (index < CV_N_DICE, -1);
  return self->picked[index] ? self->results[index] : self->faces[index];
}

gboolean
cv_dice_entry_get_picked (CvDiceEntry *self,
                          guint        index)
{
  g_return_val_if_fail (CV_IS_DICE_ENTRY (self), FALSE);
  g_return_val_if_fail (index < CV_N_DICE, FALSE);
  return self->picked[index];
}

gboolean
cv_dice_entry_get_locked (CvDiceEntry *self,
                          guint        index)
{
  g_return_val_if_fail (CV_IS_DICE_ENTRY (self), FALSE);
  g_return_val_if_fail (index < CV_N_DICE, FALSE);
  return self->locked[index];
}

void
cv_dice_entry_get_pick_up (CvDiceEntry *self,
                           guint        pick_up[CV_N_FACES])
{
  g_return_if_fail (CV_IS_DICE_ENTRY (self));

  for (guint f = 0; f < CV_N_FACES; f++)
    pick_up[f] = 0;
  if (self->mode != CV_DICE_ENTRY_REROLL)
    return;
  for (guint i = 0; i < CV_N_DICE; i++)
    if (self->picked[i] && self->faces[i] >= 0 && self->faces[i] < CV_N_FACES)
      pick_up[self->faces[i]]++;
}

CvRerollStage
cv_dice_entry_get_reroll_stage (CvDiceEntry *self)
{
  g_return_val_if_fail (CV_IS_DICE_ENTRY (self), CV_REROLL_NONE);
  return self->mode == CV_DICE_ENTRY_REROLL ? self->stage : CV_REROLL_NONE;
}

gboolean
cv_dice_entry_get_used (CvDiceEntry *self,
                        guint        index)
{
  g_return_val_if_fail (CV_IS_DICE_ENTRY (self), FALSE);
  g_return_val_if_fail (index < CV_N_DICE, FALSE);
  return self->used[index];
}

gboolean
cv_dice_entry_take_back_reroll (CvDiceEntry *self,
                                guint       *n_picked)
{
  g_return_val_if_fail (CV_IS_DICE_ENTRY (self), FALSE);

  *n_picked = count_picked (self, FALSE);
  if (self->mode != CV_DICE_ENTRY_REROLL || (self->stage == CV_REROLL_NONE && *n_picked == 0))
    return FALSE;
  g_clear_pointer (&self->message, g_free);
  clear (self);
  /* clear() says so only when a die was picked up; the choices follow the stage too */
  if (*n_picked == 0)
    g_signal_emit (self, signals[SELECTION_CHANGED], 0);
  return TRUE;
}

const char *
cv_dice_entry_get_message (CvDiceEntry *self)
{
  g_return_val_if_fail (CV_IS_DICE_ENTRY (self), NULL);
  return self->message;
}
