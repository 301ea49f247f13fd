/* cb-roll-entry.c — entering a Cubitos roll fast
 *
 * Rulebook p. 8 (2. Werfen): every ready die is rolled; hits (any face that is not
 * blank) go to the active area. The player sets, per colour, how many dice show each of
 * that colour's faces (a field per face: arrows, +/− or typed digits); the blank count
 * fills itself. A face a colour does not have has no field, and the fields never allow
 * more dice than were rolled of that colour.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-roll-entry.h"
#include "cb-die-icon.h"
#include "cb-panel-controls.h"

struct _CbRollEntry
{
  GtkWidget      parent_instance;

  CbRoll        *roll;
  GtkWidget     *grid;        /* template child: rows are built per roll */
  GtkSpinButton *fields[CB_N_KINDS][CB_N_FACES];
  GtkLabel      *blank_labels[CB_N_KINDS];
  GtkLabel      *message;     /* why a typed count was refused */
  gboolean       updating;
  /* Each colour's face fields and blank count sit in a grid of their own, @per_line to a
   * line: all on one line while they fit, fewer on a narrow window (360 px, issue 15). */
  GPtrArray     *face_grids;  /* GtkGrid*, one per colour rolled */
  guint          per_line;
  guint          relayout_idle;
};

G_DEFINE_FINAL_TYPE (CbRollEntry, cb_roll_entry, GTK_TYPE_WIDGET)

enum {
  CHANGED,
  ACTIVATE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
refresh (CbRollEntry *self)
{
  self->updating = TRUE;
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      if (self->blank_labels[k] != NULL)
        {
          g_autofree char *blank = g_strdup_printf ("%u", cb_roll_get_blank (self->roll, k));
          gtk_label_set_text (self->blank_labels[k], blank);
        }
      for (guint f = 0; f < CB_N_FACES; f++)
        if (self->fields[k][f] != NULL)
          {
            gtk_spin_button_set_range (self->fields[k][f], 0, cb_roll_get_max (self->roll, k, f));
            gtk_spin_button_set_value (self->fields[k][f], cb_roll_get (self->roll, k, f));
          }
    }
  self->updating = FALSE;
}

static void
value_changed_cb (GtkSpinButton *spin,
                  CbRollEntry   *self)
{
  guint kind = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "kind"));
  guint face = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "face"));

  if (self->updating)
    return;
  cb_roll_entry_set_count (self, kind, face, (guint) gtk_spin_button_get_value_as_int (spin));
}

/* Moves the keyboard focus to the field after (@kind, @face) that can still take a die
 * once @after holds the count just typed (a colour whose dice are all counted has nothing
 * left to enter), or past the last field (to the roll button that follows the entry). */
static void
focus_after (CbRollEntry  *self,
             guint         kind,
             guint         face,
             const CbRoll *after)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *last = NULL;

  for (guint k = kind, f = face + 1; k < CB_N_KINDS; k++, f = 0)
    for (; f < CB_N_FACES; f++)
      if (self->fields[k][f] != NULL)
        {
          last = GTK_WIDGET (self->fields[k][f]);
          if (cb_roll_get_max (after, k, f) > 0)
            {
              gtk_widget_grab_focus (last);
              return;
            }
        }
  if (last != NULL)
    gtk_widget_grab_focus (last);
  if (root != NULL)
    gtk_widget_child_focus (GTK_WIDGET (root), GTK_DIR_TAB_FORWARD);
}

/* A count typed over the dice rolled is refused with the reason in words (issue 15:
 * "typing 9 light greys when there are 7 silently gives 0"); the field keeps what the
 * roll holds. */
static void
text_changed_cb (GtkEditable *text,
                 CbRollEntry *self)
{
  GtkWidget *spin = gtk_widget_get_ancestor (GTK_WIDGET (text), GTK_TYPE_SPIN_BUTTON);
  guint kind, face;
  guint64 typed;
  g_autoptr(GError) error = NULL;
  CbRoll copy;

  if (self->updating || spin == NULL)
    return;
  kind = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "kind"));
  face = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "face"));
  if (!g_ascii_string_to_unsigned (gtk_editable_get_text (text), 10, 0, 999, &typed, NULL))
    return;
  copy = *self->roll;
  if (!cb_roll_set (&copy, kind, face, (guint) typed, &error))
    {
      gtk_label_set_text (self->message, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->message), TRUE);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->message), FALSE);
  /* A count that no further digit can follow is complete: the focus moves on to the
   * next field, as PIN and one-time-code fields do (issue 15 item 3: no input the
   * program could infer). Leaving the field commits the count. */
  if (typed * 10 > cb_roll_get_max (self->roll, kind, face))
    focus_after (self, kind, face, &copy);
}

static void
activate_cb (GtkText     *text,
             CbRollEntry *self)
{
  GtkWidget *spin = gtk_widget_get_ancestor (GTK_WIDGET (text), GTK_TYPE_SPIN_BUTTON);

  if (spin != NULL)
    gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  g_signal_emit (self, signals[ACTIVATE], 0);
}

/* Puts each colour's children @per_line to a line, in their order (Tab follows it). */
static void
place_faces (CbRollEntry *self)
{
  for (guint i = 0; i < self->face_grids->len; i++)
    {
      GtkWidget *faces = g_ptr_array_index (self->face_grids, i);
      GtkLayoutManager *layout = gtk_widget_get_layout_manager (faces);
      guint n = 0;

      for (GtkWidget *child = gtk_widget_get_first_child (faces); child != NULL;
           child = gtk_widget_get_next_sibling (child), n++)
        {
          GtkGridLayoutChild *cell = GTK_GRID_LAYOUT_CHILD (gtk_layout_manager_get_layout_child (layout, child));

          gtk_grid_layout_child_set_column (cell, (int) (n % self->per_line));
          gtk_grid_layout_child_set_row (cell, (int) (n / self->per_line));
        }
    }
}

static gboolean
relayout_idle (gpointer data)
{
  CbRollEntry *self = data;

  self->relayout_idle = 0;
  place_faces (self);
  return G_SOURCE_REMOVE;
}

/* The widest face field with its symbol (all are alike) and the colour column beside. */
static void
face_widths (CbRollEntry *self,
             int         *widest,
             int         *colour_column)
{
  *widest = 0;
  *colour_column = 0;
  for (guint i = 0; i < self->face_grids->len; i++)
    {
      GtkWidget *faces = g_ptr_array_index (self->face_grids, i);
      GtkWidget *colour = gtk_widget_get_prev_sibling (faces);

      for (GtkWidget *child = gtk_widget_get_first_child (faces); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        {
          int nat;

          gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
          *widest = MAX (*widest, nat);
        }
      if (colour != NULL)
        {
          int nat;

          gtk_widget_measure (colour, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
          *colour_column = MAX (*colour_column, nat);
        }
    }
}

static void
cb_roll_entry_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  CbRollEntry *self = CB_ROLL_ENTRY (widget);

  gtk_widget_measure (self->grid, orientation, for_size, minimum, natural, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL && self->face_grids->len > 0)
    {
      int widest, colour_column;

      /* narrow enough for one field a line */
      face_widths (self, &widest, &colour_column);
      *minimum = MIN (*minimum, colour_column + 10 + widest);
      *natural = MAX (*natural, *minimum);
    }
}

static void
cb_roll_entry_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  CbRollEntry *self = CB_ROLL_ENTRY (widget);
  guint per_line = CB_N_FACES;

  if (self->face_grids->len > 0)
    {
      int widest, colour_column;

      face_widths (self, &widest, &colour_column);
      per_line = (guint) MAX (1, (width - colour_column - 10 + 10) / MAX (widest + 10, 1));
    }
  if (per_line != self->per_line)
    {
      /* Moving the fields during allocation would re-enter it; do it right after. */
      self->per_line = per_line;
      if (self->relayout_idle == 0)
        self->relayout_idle = g_idle_add (relayout_idle, self);
    }
  gtk_widget_size_allocate (self->grid, &(GtkAllocation) { 0, 0, width, height }, baseline);
}

static void
build (CbRollEntry *self)
{
  guint row = 0;

  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      GtkWidget *faces;
      GtkWidget *colour;
      GtkWidget *blank_box;
      GtkWidget *blank_label;
      g_autofree char *blank_a11y = NULL;

      if (self->roll->ready[k] == 0)
        continue;

      colour = cb_die_icon_new (k, CB_FACE_BLANK, self->roll->ready[k], 30);
      /* level with the first line of fields */
      gtk_widget_set_valign (colour, GTK_ALIGN_START);
      gtk_widget_set_margin_top (colour, 4);
      gtk_grid_attach (GTK_GRID (self->grid), colour, 0, row, 1, 1);
      faces = gtk_grid_new ();
      gtk_grid_set_column_spacing (GTK_GRID (faces), 10);
      gtk_grid_set_row_spacing (GTK_GRID (faces), 6);
      g_ptr_array_add (self->face_grids, faces);
      for (guint f = CB_FACE_BLANK + 1; f < CB_N_FACES; f++)
        {
          GtkWidget *pair;
          GtkWidget *spin;
          g_autofree char *label = NULL;

          if (cb_kind_count_face (k, f) == 0)
            continue;
          pair = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
          spin = cb_controls_new_spin (0, self->roll->ready[k]);
          gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
          gtk_spin_button_set_update_policy (GTK_SPIN_BUTTON (spin), GTK_UPDATE_IF_VALID);
          gtk_editable_set_width_chars (GTK_EDITABLE (spin), 2);
          /* Translators: accessible label of a roll field, "light grey dice showing 1 coin" */
          label = g_strdup_printf (_("%s dice showing %s"), cb_kind_get_name (k), cb_face_get_name (f));
          gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
          gtk_widget_set_tooltip_text (spin, label);
          g_object_set_data (G_OBJECT (spin), "kind", GUINT_TO_POINTER (k));
          g_object_set_data (G_OBJECT (spin), "face", GUINT_TO_POINTER (f));
          g_signal_connect (spin, "value-changed", G_CALLBACK (value_changed_cb), self);
          /* GTK 4.8's spin button has no ::activate; its text field has. */
          if (GTK_IS_TEXT (gtk_editable_get_delegate (GTK_EDITABLE (spin))))
            {
              g_signal_connect (gtk_editable_get_delegate (GTK_EDITABLE (spin)), "activate",
                                G_CALLBACK (activate_cb), self);
              g_signal_connect (gtk_editable_get_delegate (GTK_EDITABLE (spin)), "changed",
                                G_CALLBACK (text_changed_cb), self);
            }
          self->fields[k][f] = GTK_SPIN_BUTTON (spin);
          gtk_box_append (GTK_BOX (pair), cb_die_icon_new (k, f, 0, 30));
          /* The face's key, shown beside its symbol (docs/keyboard.md) */
          {
            char key[8] = { 0, };
            GtkWidget *key_label;

            g_unichar_to_utf8 (cb_roll_entry_get_face_key (f), key);
            key_label = gtk_label_new (key);
            gtk_widget_add_css_class (key_label, "key");
            gtk_widget_set_valign (key_label, GTK_ALIGN_CENTER);
            gtk_box_append (GTK_BOX (pair), key_label);
          }
          gtk_box_append (GTK_BOX (pair), spin);
          gtk_grid_attach (GTK_GRID (faces), pair, 0, 0, 1, 1);
        }
      blank_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      blank_label = gtk_label_new ("0");
      gtk_widget_add_css_class (blank_label, "heading");
      /* Translators: the dice of a colour that show no symbol; the count follows */
      gtk_box_append (GTK_BOX (blank_box), gtk_label_new (_("blank")));
      gtk_box_append (GTK_BOX (blank_box), blank_label);
      gtk_widget_add_css_class (blank_box, "dim-label");
      blank_a11y = g_strdup_printf (_("%s dice showing blank"), cb_kind_get_name (k));
      gtk_accessible_update_property (GTK_ACCESSIBLE (blank_label), GTK_ACCESSIBLE_PROPERTY_LABEL, blank_a11y, -1);
      self->blank_labels[k] = GTK_LABEL (blank_label);
      gtk_widget_set_valign (blank_box, GTK_ALIGN_CENTER);
      gtk_grid_attach (GTK_GRID (faces), blank_box, 0, 0, 1, 1);
      gtk_grid_attach (GTK_GRID (self->grid), faces, 1, row, 1, 1);
      row++;
    }
  self->message = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->message, TRUE);
  gtk_label_set_xalign (self->message, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->message), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->message), FALSE);
  gtk_grid_attach (GTK_GRID (self->grid), GTK_WIDGET (self->message), 0, row, 2, 1);
  place_faces (self);
  refresh (self);
}

static void
cb_roll_entry_dispose (GObject *object)
{
  CbRollEntry *self = CB_ROLL_ENTRY (object);

  g_clear_handle_id (&self->relayout_idle, g_source_remove);
  g_clear_pointer (&self->face_grids, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (object), CB_TYPE_ROLL_ENTRY);
  G_OBJECT_CLASS (cb_roll_entry_parent_class)->dispose (object);
}

static void
cb_roll_entry_class_init (CbRollEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cb_roll_entry_dispose;

  /**
   * CbRollEntry::changed:
   * A count was accepted.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * CbRollEntry::activate:
   * Enter was pressed in a field: the roll is complete.
   */
  signals[ACTIVATE] = g_signal_new ("activate", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  widget_class->measure = cb_roll_entry_measure;
  widget_class->size_allocate = cb_roll_entry_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "cbrollentry");
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cb-roll-entry.ui");
  gtk_widget_class_bind_template_child (widget_class, CbRollEntry, grid);
}

static void
cb_roll_entry_init (CbRollEntry *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->face_grids = g_ptr_array_new ();
  self->per_line = CB_N_FACES;
}

GtkWidget *
cb_roll_entry_new (CbRoll *roll)
{
  CbRollEntry *self;

  g_return_val_if_fail (roll != NULL, NULL);

  self = g_object_new (CB_TYPE_ROLL_ENTRY, NULL);
  self->roll = roll;
  build (self);
  return GTK_WIDGET (self);
}

gboolean
cb_roll_entry_set_count (CbRollEntry *self,
                         CbKind       kind,
                         CbFace       face,
                         guint        n)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  g_return_val_if_fail (CB_IS_ROLL_ENTRY (self), FALSE);

  ok = cb_roll_set (self->roll, kind, face, n, &error);
  /* A refused value snaps back to what the roll holds, and says why. */
  refresh (self);
  gtk_label_set_text (self->message, ok ? "" : error->message);
  gtk_widget_set_visible (GTK_WIDGET (self->message), !ok);
  if (ok)
    g_signal_emit (self, signals[CHANGED], 0);
  return ok;
}

GtkSpinButton *
cb_roll_entry_get_field (CbRollEntry *self,
                         CbKind       kind,
                         CbFace       face)
{
  g_return_val_if_fail (CB_IS_ROLL_ENTRY (self), NULL);
  g_return_val_if_fail ((guint) kind < CB_N_KINDS && (guint) face < CB_N_FACES, NULL);
  return self->fields[kind][face];
}

guint
cb_roll_entry_get_blank (CbRollEntry *self,
                         CbKind       kind)
{
  g_return_val_if_fail (CB_IS_ROLL_ENTRY (self), 0);
  g_return_val_if_fail ((guint) kind < CB_N_KINDS, 0);
  if (self->blank_labels[kind] == NULL)
    return 0;
  return (guint) g_ascii_strtoull (gtk_label_get_text (self->blank_labels[kind]), NULL, 10);
}

void
cb_roll_entry_focus_first (CbRollEntry *self)
{
  g_return_if_fail (CB_IS_ROLL_ENTRY (self));

  for (guint k = 0; k < CB_N_KINDS; k++)
    for (guint f = 0; f < CB_N_FACES; f++)
      if (self->fields[k][f] != NULL)
        {
          gtk_widget_grab_focus (GTK_WIDGET (self->fields[k][f]));
          return;
        }
}

gboolean
cb_roll_entry_next_colour (CbRollEntry *self)
{
  GtkRoot *root;
  GtkWidget *focus = NULL;
  int from = -1;

  g_return_val_if_fail (CB_IS_ROLL_ENTRY (self), FALSE);
  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (root != NULL)
    focus = gtk_root_get_focus (root);
  for (guint k = 0; k < CB_N_KINDS && from < 0; k++)
    for (guint f = 0; f < CB_N_FACES && from < 0; f++)
      if (self->fields[k][f] != NULL && focus != NULL
          && (focus == GTK_WIDGET (self->fields[k][f]) || gtk_widget_is_ancestor (focus, GTK_WIDGET (self->fields[k][f]))))
        from = (int) k;
  if (from < 0)
    return FALSE;
  /* the first field of the next colour rolled, after the last one the first colour's */
  for (guint i = 1; i <= CB_N_KINDS; i++)
    {
      guint k = ((guint) from + i) % CB_N_KINDS;

      for (guint f = 0; f < CB_N_FACES; f++)
        if (self->fields[k][f] != NULL)
          {
            gtk_widget_grab_focus (GTK_WIDGET (self->fields[k][f]));
            gtk_editable_select_region (GTK_EDITABLE (self->fields[k][f]), 0, -1);
            return TRUE;
          }
    }
  return FALSE;
}

const char *
cb_roll_entry_get_message (CbRollEntry *self)
{
  g_return_val_if_fail (CB_IS_ROLL_ENTRY (self), "");
  return gtk_widget_get_visible (GTK_WIDGET (self->message)) ? gtk_label_get_text (self->message) : "";
}

gunichar
cb_roll_entry_get_face_key (CbFace face)
{
  const char *key;

  switch (face)
    {
    case CB_FACE_COIN:
    case CB_FACE_COIN2:
    case CB_FACE_COIN3:
      /* Translators: the key that counts a Cubitos die showing coins (any number): one
       * letter of your word for coin (German M for Münze). The five face keys (coin,
       * step, credit, team symbol, special symbol) must differ; docs/keyboard.md. */
      key = C_("cubitos face key", "C");
      break;
    case CB_FACE_STEP:
      /* Translators: the key for a die showing a step (German S for Schritt) */
      key = C_("cubitos face key", "S");
      break;
    case CB_FACE_CREDIT:
      /* Translators: the key for a die showing a credit token (German K for Kredit) */
      key = C_("cubitos face key", "R");
      break;
    case CB_FACE_TEAM:
      /* Translators: the key for a die showing its colour's team symbol */
      key = C_("cubitos face key", "T");
      break;
    case CB_FACE_SPECIAL:
      /* Translators: the key for a die showing the special team symbol (with dots) */
      key = C_("cubitos face key", "X");
      break;
    case CB_FACE_BLANK:
    case CB_N_FACES:
    default:
      return 0;
    }
  return g_unichar_toupper (g_utf8_get_char (key));
}

gboolean
cb_roll_entry_handle_key (CbRollEntry *self,
                          guint        keyval)
{
  gunichar c = g_unichar_toupper (gdk_keyval_to_unicode (keyval));
  GtkRoot *root;
  GtkWidget *focus = NULL;
  guint order[CB_N_KINDS * CB_N_FACES];
  guint n = 0, start = 0;
  gboolean known = FALSE;

  g_return_val_if_fail (CB_IS_ROLL_ENTRY (self), FALSE);
  if (c == 0)
    return FALSE;
  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (root != NULL)
    focus = gtk_root_get_focus (root);
  for (guint k = 0; k < CB_N_KINDS; k++)
    for (guint f = 0; f < CB_N_FACES; f++)
      if (self->fields[k][f] != NULL)
        {
          if (focus != NULL && (focus == GTK_WIDGET (self->fields[k][f])
                                || gtk_widget_is_ancestor (focus, GTK_WIDGET (self->fields[k][f]))))
            start = n;
          order[n++] = k * CB_N_FACES + f;
        }
  for (guint f = CB_FACE_BLANK + 1; f < CB_N_FACES; f++)
    known |= cb_roll_entry_get_face_key (f) == c;
  if (!known)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      guint k = order[(start + i) % n] / CB_N_FACES;
      guint f = order[(start + i) % n] % CB_N_FACES;
      guint count = cb_roll_get (self->roll, k, f);

      if (cb_roll_entry_get_face_key (f) == c && count < cb_roll_get_max (self->roll, k, f))
        {
          gtk_widget_grab_focus (GTK_WIDGET (self->fields[k][f]));
          cb_roll_entry_set_count (self, k, f, count + 1);
          /* selected: a digit typed now is the count (3 dice: the letter, then 3) */
          gtk_editable_select_region (GTK_EDITABLE (self->fields[k][f]), 0, -1);
          return TRUE;
        }
    }
  /* Translators: a face key typed when no die rolled can show that face, or every one
   * that can is counted already */
  gtk_label_set_text (self->message, _("No die left that can show that face: each one is counted already, "
                                       "or none was rolled."));
  gtk_widget_set_visible (GTK_WIDGET (self->message), TRUE);
  return TRUE;
}
