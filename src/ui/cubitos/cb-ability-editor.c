/* cb-ability-editor.c — the form of one card ability with choices
 *
 * An ability with choices opens this form under its button: its fields are the
 * ability's generic steps (which die to give back, which face to set, which dice to
 * roll and what they show, who gets a die, …) with every value the board allows, not
 * only the engine's samples. The form builds the action (CbAbilityForm, in the
 * presenter); the engine checks it on a copy before "Use" is enabled, and its reason is
 * shown otherwise.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-ability-editor.h"
#include "cb-bonus-editor.h"
#include "cb-fan-questions.h"
#include "cb-roll-entry.h"

struct _CbAbilityEditor
{
  GtkWidget       parent_instance;

  GtkWidget      *card;           /* template children */
  GtkWidget      *box;

  CbControls     *controls;       /* the panel's, outlives this widget */
  CbAbilityForm  *form;           /* the list's, outlives this widget */
  CbBonusEditor  *bonus;          /* Bob's bonus, or NULL */
  CbFanQuestions *fans;           /* the fan spaces asked, or NULL */
  guint           shown_rolled[CB_N_KINDS];
  guint           shown_rolled2[CB_N_KINDS];
  gboolean        updating;
};

G_DEFINE_FINAL_TYPE (CbAbilityEditor, cb_ability_editor, GTK_TYPE_WIDGET)

enum {
  REBUILD,
  CANCEL,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
append_to (GtkWidget *parent,
           GtkWidget *child)
{
  gtk_box_append (GTK_BOX (parent), child);
}

enum
{
  F_LOSE, F_GIVE, F_GIVE_TO, F_DIE, F_SET, F_OTHER, F_TAKE,
  F_DICE, F_FROM, F_FROM_ACTIVE, F_RED_LINES, F_COST,
};

/* A die face for a chooser: "✦ team symbol", "1 coin". */
static char *
face_label (CbKind kind,
            CbFace face)
{
  const char *symbol = cb_presenter_face_symbol (kind, face);

  if (symbol[0] == '\0')
    return g_strdup (cb_face_get_name (face));
  /* Translators: a die face with its symbol, "✦ team symbol" */
  return g_strdup_printf (_("%s %s"), symbol, cb_face_get_name (face));
}

static void
replace_roll_entry (CbAbilityEditor *self,
                    const char      *name,
                    CbRoll          *roll,
                    guint            shown[CB_N_KINDS]);

static void
form_changed (CbAbilityEditor *self)
{
  CbAbilityForm *form = self->form;
  GtkWidget *use = cb_controls_get (self->controls, "ability-use");
  GtkWidget *reason = cb_controls_get (self->controls, "ability-reason");
  GtkWidget *cost = cb_controls_get (self->controls, "ability-cost");
  g_autoptr(GError) error = NULL;
  char *action;
  gboolean ok;

  if (self->updating || self->controls == NULL || use == NULL)
    return;

  cb_ability_form_sync_rolls (form);
  if (memcmp (self->shown_rolled, form->rolled.ready, sizeof self->shown_rolled) != 0)
    replace_roll_entry (self, "ability-rolled", &form->rolled, self->shown_rolled);
  if (memcmp (self->shown_rolled2, form->rolled2.ready, sizeof self->shown_rolled2) != 0)
    replace_roll_entry (self, "ability-rolled2", &form->rolled2, self->shown_rolled2);
  if ((form->info.params & CB_PARAM_BONUS) && self->bonus != NULL)
    {
      cb_bonus_editor_update (self->bonus);
      cb_bonus_editor_read (self->bonus, &form->bonus);
    }
  else if (form->info.fan_advances > 0 && self->fans != NULL)
    {
      cb_fan_questions_set_advances (self->fans, form->info.fan_advances);
      form->n_fan_told = cb_fan_questions_read (self->fans, form->fan_spaces, form->fan_told);
    }
  if (cost != NULL)
    gtk_widget_set_visible (gtk_widget_get_parent (cost),
                            form->take >= 0 && CB_KIND_IS_COLOUR (form->take)
                            && cb_game_get_cost (cb_controls_game (self->controls), CB_COLOUR_OF (form->take)) < 0);

  action = cb_ability_form_dup_action (form, cb_controls_game (self->controls), self->controls->seat);
  ok = cb_presenter_check (self->controls->game, action, &error);
  cb_controls_set_action (self->controls, use, action);
  if (reason != NULL)
    {
      gtk_label_set_text (GTK_LABEL (reason), ok ? "" : error->message);
      gtk_widget_set_visible (reason, !ok);
    }
}

static void
form_roll_changed_cb (CbRollEntry     *entry,
                      CbAbilityEditor *self)
{
  form_changed (self);
}

static void
replace_roll_entry (CbAbilityEditor *self,
                    const char      *name,
                    CbRoll          *roll,
                    guint            shown[CB_N_KINDS])
{
  g_autofree char *box_name = g_strconcat (name, "-box", NULL);
  GtkWidget *box = cb_controls_get (self->controls, box_name);
  GtkWidget *old = cb_controls_get (self->controls, name);
  GtkWidget *entry;
  guint n = 0;

  memcpy (shown, roll->ready, sizeof (guint) * CB_N_KINDS);
  if (box == NULL)
    return;
  if (old != NULL)
    {
      g_hash_table_remove (self->controls->table, name);
      gtk_box_remove (GTK_BOX (box), old);
    }
  for (guint k = 0; k < CB_N_KINDS; k++)
    n += roll->ready[k];
  if (n == 0)
    {
      /* Translators: in an ability's form, before any die is chosen to be rolled */
      entry = gtk_label_new (_("No dice are rolled."));
      gtk_label_set_xalign (GTK_LABEL (entry), 0);
      gtk_widget_add_css_class (entry, "dim-label");
    }
  else
    {
      entry = cb_roll_entry_new (roll);
      g_signal_connect (entry, "changed", G_CALLBACK (form_roll_changed_cb), self);
    }
  cb_controls_add (self->controls, name, entry);
  append_to (box, entry);
}

static void
form_choice_cb (GtkDropDown     *dropdown,
                GParamSpec      *pspec,
                CbAbilityEditor *self)
{
  CbAbilityForm *form = self->form;
  const int *a = g_object_get_data (G_OBJECT (dropdown), "a");
  const int *b = g_object_get_data (G_OBJECT (dropdown), "b");
  guint field = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dropdown), "field"));
  guint i = gtk_drop_down_get_selected (dropdown);
  int va = -1, vb = -1;

  if (self->updating)
    return;
  if (i != GTK_INVALID_LIST_POSITION && i < g_list_model_get_n_items (gtk_drop_down_get_model (dropdown)))
    {
      va = a[i];
      vb = b[i];
    }
  switch (field)
    {
    case F_LOSE:    form->lose_kind = va; form->lose_zone = vb; break;
    case F_GIVE:    form->give_kind = va; form->give_zone = vb; break;
    case F_GIVE_TO: form->give_to = va; break;
    case F_SET:     form->die_face = va; break;
    case F_OTHER:   form->other_kind = va; form->other_face = vb; break;
    case F_TAKE:    form->take = va; break;
    case F_DIE:
      form->die_kind = va;
      /* The faces follow the colour chosen. */
      if (va < 0 || form->die_face < 0 || cb_kind_count_face (va, form->die_face) == 0)
        {
          form->die_face = -1;
          for (guint f = CB_FACE_COIN; va >= 0 && f < CB_N_FACES && form->die_face < 0; f++)
            if (cb_kind_count_face (va, f) > 0)
              form->die_face = (int) f;
        }
      {
        /* The form is built again for the colour (the list rebuilds it). */
        g_autoptr(GObject) keep = g_object_ref (G_OBJECT (self));

        g_signal_emit (self, signals[REBUILD], 0);
      }
      return;
    default:
      break;
    }
  form_changed (self);
}

/* A drop-down of @n options, each a label and up to two values; the option matching
 * *@va (and *@vb) is selected, else the first one (and written back). */
static GtkWidget *
add_choice (CbAbilityEditor *self,
            GtkWidget       *parent,
            const char      *name,
            const char      *question,
            guint            field,
            GPtrArray       *labels,
            GArray          *values_a,
            GArray          *values_b,
            int             *va,
            int             *vb)
{
  GtkStringList *list = gtk_string_list_new ((const char *const *) NULL);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (question);
  GtkWidget *dropdown;
  guint selected = 0;

  for (guint i = 0; i < labels->len; i++)
    {
      gtk_string_list_append (list, g_ptr_array_index (labels, i));
      if (g_array_index (values_a, int, i) == *va && (vb == NULL || g_array_index (values_b, int, i) == *vb))
        selected = i;
    }
  if (labels->len > 0)
    {
      *va = g_array_index (values_a, int, selected);
      if (vb != NULL)
        *vb = g_array_index (values_b, int, selected);
    }
  dropdown = gtk_drop_down_new (G_LIST_MODEL (list), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), selected);
  gtk_widget_set_valign (dropdown, GTK_ALIGN_CENTER);
  g_object_set_data_full (G_OBJECT (dropdown), "a", g_memdup2 (values_a->data, sizeof (int) * MAX (values_a->len, 1)), g_free);
  g_object_set_data_full (G_OBJECT (dropdown), "b", g_memdup2 (values_b->data, sizeof (int) * MAX (values_b->len, 1)), g_free);
  g_object_set_data (G_OBJECT (dropdown), "field", GUINT_TO_POINTER (field));
  gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, question, -1);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (form_choice_cb), self);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  append_to (row, label);
  append_to (row, dropdown);
  append_to (parent, row);
  cb_controls_add (self->controls, name, dropdown);
  return dropdown;
}

typedef struct
{
  GPtrArray *labels;
  GArray    *a;
  GArray    *b;
} Options;

static void
options_init (Options *o)
{
  o->labels = g_ptr_array_new_with_free_func (g_free);
  o->a = g_array_new (FALSE, TRUE, sizeof (int));
  o->b = g_array_new (FALSE, TRUE, sizeof (int));
}

static void
options_clear (Options *o)
{
  g_ptr_array_unref (o->labels);
  g_array_unref (o->a);
  g_array_unref (o->b);
}

static void
options_add (Options *o,
             char    *label,
             int      a,
             int      b)
{
  g_ptr_array_add (o->labels, label);
  g_array_append_val (o->a, a);
  g_array_append_val (o->b, b);
}

/* Dice of @kinds in @zones the player has, as "Light grey · draw area (3)". */
static void
options_add_dice (Options      *o,
                  const CbGame *game,
                  guint         seat,
                  guint         zones,
                  guint         kinds)
{
  for (guint z = 0; z < CB_N_ZONES; z++)
    for (guint k = 0; k < CB_N_KINDS; k++)
      {
        guint n = cb_game_get_dice (game, seat, z, k);
        g_autofree char *place = NULL;

        if (!(zones & (1u << z)) || !(kinds & (1u << k)) || n == 0)
          continue;
        place = cb_presenter_dup_die_place (k, z);
        /* Translators: a die in a chooser and how many of them lie there, "Light grey · draw area (3)" */
        options_add (o, g_strdup_printf (_("%s (%u)"), place, n), (int) k, (int) z);
      }
}

static void
form_spin_cb (GtkSpinButton   *spin,
              CbAbilityEditor *self)
{
  CbAbilityForm *form = self->form;
  guint field = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "field"));
  guint kind = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "kind"));
  guint zone = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "zone"));
  guint face = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "face"));
  guint value = (guint) MAX (gtk_spin_button_get_value_as_int (spin), 0);

  if (self->updating)
    return;
  switch (field)
    {
    case F_DICE:        form->dice[kind] = value; break;
    case F_FROM:        form->from[zone][kind] = value; break;
    case F_FROM_ACTIVE: form->from_active[kind][face] = value; break;
    case F_RED_LINES:   form->red_lines = value; break;
    case F_COST:        form->take_cost = value > 0 ? (int) value : -1; break;
    default:            break;
    }
  form_changed (self);
}

static GtkWidget *
add_form_spin (CbAbilityEditor *self,
               GtkWidget       *parent,
               const char      *name,
               const char      *question,
               guint            field,
               int              min,
               int              max,
               int              value,
               guint            kind,
               guint            zone,
               guint            face)
{
  GtkWidget *spin = cb_controls_add_spin (self->controls, parent, name, question, min, max, value, NULL, NULL);

  g_object_set_data (G_OBJECT (spin), "field", GUINT_TO_POINTER (field));
  g_object_set_data (G_OBJECT (spin), "kind", GUINT_TO_POINTER (kind));
  g_object_set_data (G_OBJECT (spin), "zone", GUINT_TO_POINTER (zone));
  g_object_set_data (G_OBJECT (spin), "face", GUINT_TO_POINTER (face));
  g_signal_connect (spin, "value-changed", G_CALLBACK (form_spin_cb), self);
  return spin;
}

static GtkWidget *
form_heading (GtkWidget  *parent,
              const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "heading");
  append_to (parent, label);
  return label;
}

static void
finish_toggled_cb (GtkCheckButton  *check,
                   CbAbilityEditor *self)
{
  self->form->finish = gtk_check_button_get_active (check);
  form_changed (self);
}

static void
cancel_clicked_cb (CbAbilityEditor *self)
{
  g_autoptr(GObject) keep = g_object_ref (G_OBJECT (self));

  g_signal_emit (self, signals[CANCEL], 0);
}

static void
build (CbAbilityEditor *self)
{
  const CbGame *game = cb_controls_game (self->controls);
  CbAbilityForm *form = self->form;
  const CbAbilityParams *info = &form->info;
  GtkWidget *box = self->box;
  GtkWidget *row, *reason;

  self->updating = TRUE;

  if (info->params & CB_PARAM_LOSE)
    {
      Options o;

      options_init (&o);
      if (!(info->required & CB_PARAM_LOSE))
        /* Translators: a choice in an ability's form: give back no die */
        options_add (&o, g_strdup (_("No die")), -1, -1);
      options_add_dice (&o, game, self->controls->seat, info->lose_zones, info->lose_kinds);
      if (o.labels->len > 0)
        add_choice (self, box, "ability-lose", _("Die to give back"), F_LOSE, o.labels, o.a, o.b,
                    &form->lose_kind, &form->lose_zone);
      options_clear (&o);
    }
  if (info->params & CB_PARAM_GIVE)
    {
      Options o, to;

      options_init (&o);
      options_init (&to);
      if (!(info->required & CB_PARAM_GIVE))
        options_add (&o, g_strdup (_("No die")), -1, -1);
      options_add_dice (&o, game, self->controls->seat, info->give_zones, info->give_kinds);
      for (guint s = 0; s < cb_game_get_n_players (game); s++)
        if (info->give_to & (1u << s))
          options_add (&to, g_strdup (cb_game_get_player_name (game, s)), (int) s, 0);
      if (o.labels->len > 0)
        add_choice (self, box, "ability-give", _("Die to put into another player’s rest zone"), F_GIVE,
                    o.labels, o.a, o.b, &form->give_kind, &form->give_zone);
      if (to.labels->len > 0)
        add_choice (self, box, "ability-give-to", _("Player who gets it (fewest swords)"), F_GIVE_TO,
                    to.labels, to.a, to.b, &form->give_to, NULL);
      options_clear (&o);
      options_clear (&to);
    }
  if ((info->params & CB_PARAM_DIE) && info->die_kinds != 0)
    {
      Options kinds, faces;

      options_init (&kinds);
      options_init (&faces);
      if (!(info->required & CB_PARAM_DIE))
        options_add (&kinds, g_strdup (_("No die")), -1, 0);
      for (guint k = 0; k < CB_N_KINDS; k++)
        if (info->die_kinds & (1u << k))
          options_add (&kinds, cb_presenter_dup_kind_title (k), (int) k, 0);
      add_choice (self, box, "ability-die",
                  info->die_from_supply ? _("Die from the supply") : _("Die from your ready area"),
                  F_DIE, kinds.labels, kinds.a, kinds.b, &form->die_kind, NULL);
      if (form->die_kind >= 0)
        {
          for (guint f = 0; f < CB_N_FACES; f++)
            if (cb_kind_count_face (form->die_kind, f) > 0)
              options_add (&faces, face_label (form->die_kind, f), (int) f, 0);
          if (form->die_face < 0 && faces.labels->len > 1)
            form->die_face = g_array_index (faces.a, int, 1);
          add_choice (self, box, "ability-set", _("Face it is turned to"), F_SET, faces.labels, faces.a, faces.b,
                      &form->die_face, NULL);
        }
      options_clear (&kinds);
      options_clear (&faces);
    }
  if (info->params & CB_PARAM_OTHER)
    {
      Options o;

      options_init (&o);
      if (!(info->required & CB_PARAM_OTHER))
        options_add (&o, g_strdup (_("No die")), -1, -1);
      for (guint k = 0; k < CB_N_KINDS; k++)
        for (guint f = 0; f < CB_N_FACES; f++)
          if (cb_game_get_active_faces (game, self->controls->seat, k, f) > 0)
            {
              g_autofree char *kind = cb_presenter_dup_kind_title (k);
              g_autofree char *face = face_label (k, f);
              /* Translators: an active die in a chooser, "Light grey · 1 coin" */
              options_add (&o, g_strdup_printf (_("%s · %s"), kind, face), (int) k, (int) f);
            }
      if (o.labels->len > 0)
        add_choice (self, box, "ability-other", _("Other active die to put into your ready area"), F_OTHER,
                    o.labels, o.a, o.b, &form->other_kind, &form->other_face);
      options_clear (&o);
    }
  if (info->params & CB_PARAM_DICE)
    {
      g_autofree char *q = NULL;

      /* Translators: p. 11 „Würfel zum Wurf hinzufügen“ */
      q = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Add %u die from your draw area to the roll:",
                                        "Add %u dice from your draw area to the roll:", info->dice_count),
                           info->dice_count);
      form_heading (box, q);
      for (guint k = 0; k < CB_N_KINDS; k++)
        if (info->dice_max[k] > 0)
          {
            char name[48];
            g_autofree char *title = cb_presenter_dup_kind_title (k);

            g_snprintf (name, sizeof name, "ability-dice-%s", cb_kind_to_string (k));
            add_form_spin (self, box, name, title, F_DICE, info->dice_min[k], info->dice_max[k],
                           form->dice[k], k, 0, 0);
          }
    }
  if (info->params & CB_PARAM_FROM)
    {
      g_autofree char *q = NULL;

      /* Translators: the dice an ability rolls (Granatananas: any grey dice) */
      if (info->from_max == G_MAXUINT)
        q = g_strdup (_("Roll any of these dice:"));
      else if (info->from_distinct)
        /* Translators: Punk Grapefruit: „bis zu 9 Würfel unterschiedlicher Farben“ */
        q = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Roll up to %u die of different colours:",
                                          "Roll up to %u dice of different colours:", info->from_max),
                             info->from_max);
      else
        /* Translators: Jacques Couteau: 2 dice per player with fewer swords */
        q = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Roll up to %u die:", "Roll up to %u dice:",
                                          info->from_max), info->from_max);
      form_heading (box, q);
      for (guint z = 0; z < CB_N_ZONES; z++)
        for (guint k = 0; k < CB_N_KINDS; k++)
          {
            char name[64];

            if (!(info->from_zones & (1u << z)) || !(info->from_kinds & (1u << k)))
              continue;
            if (z != CB_ZONE_ACTIVE)
              {
                guint n = cb_game_get_dice (game, self->controls->seat, z, k);
                g_autofree char *place = NULL;

                if (n == 0)
                  continue;
                place = cb_presenter_dup_die_place (k, z);
                g_snprintf (name, sizeof name, "ability-from-%s-%s", cb_zone_to_string (z), cb_kind_to_string (k));
                add_form_spin (self, box, name, place, F_FROM, 0, n, MIN (form->from[z][k], n), k, z, 0);
                continue;
              }
            for (guint f = 0; f < CB_N_FACES; f++)
              {
                guint n = cb_game_get_active_faces (game, self->controls->seat, k, f);
                g_autofree char *place = NULL;
                g_autofree char *face = NULL;
                g_autofree char *q2 = NULL;

                if (n == 0)
                  continue;
                place = cb_presenter_dup_die_place (k, z);
                face = face_label (k, f);
                q2 = g_strdup_printf (_("%s · %s"), place, face);
                g_snprintf (name, sizeof name, "ability-from-active-%s-%s", cb_kind_to_string (k), cb_face_to_string (f));
                add_form_spin (self, box, name, q2, F_FROM_ACTIVE, 0, n, MIN (form->from_active[k][f], n), k, z, f);
              }
          }
    }
  if (info->params & CB_PARAM_ROLLED)
    {
      GtkWidget *rolled = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);

      form_heading (rolled, (info->params & CB_PARAM_ROLLED2) ? _("What does the first roll show?")
                                                             : _("What do the rolled dice show?"));
      cb_controls_add (self->controls, "ability-rolled-box", rolled);
      append_to (box, rolled);
      cb_ability_form_sync_rolls (form);
      replace_roll_entry (self, "ability-rolled", &form->rolled, self->shown_rolled);
    }
  if (info->params & CB_PARAM_ROLLED2)
    {
      GtkWidget *rolled = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);

      /* Mahatma: the dice the first roll left ready are rolled again. */
      form_heading (rolled, _("What does the second roll show?"));
      cb_controls_add (self->controls, "ability-rolled2-box", rolled);
      append_to (box, rolled);
      replace_roll_entry (self, "ability-rolled2", &form->rolled2, self->shown_rolled2);
    }
  if ((info->params & CB_PARAM_TAKE) && info->take_kinds != 0 && !info->take_forced)
    {
      Options o;
      g_autofree char *q = NULL;

      options_init (&o);
      if (!(info->required & CB_PARAM_TAKE))
        options_add (&o, g_strdup (_("No die")), -1, 0);
      for (guint k = 0; k < CB_N_KINDS; k++)
        if (info->take_kinds & (1u << k))
          options_add (&o, cb_presenter_dup_kind_title (k), (int) k, 0);
      if (info->take_max_cost >= 0)
        /* Translators: Snowball: a die costing at most the player's fans */
        q = g_strdup_printf (_("Die to take from the supply (costing at most %d)"), info->take_max_cost);
      else
        q = g_strdup (_("Die to take from the supply"));
      add_choice (self, box, "ability-take", q, F_TAKE, o.labels, o.a, o.b, &form->take, NULL);
      options_clear (&o);
      add_form_spin (self, box, "ability-cost", _("Cost printed on that die’s card"), F_COST, 0, 20,
                     form->take_cost > 0 ? form->take_cost : 0, 0, 0, 0);
    }
  if (info->params & CB_PARAM_BONUS)
    {
      self->bonus = CB_BONUS_EDITOR (cb_bonus_editor_new (self->controls, "ability-",
                                                          _("Bonuses of the space you choose:")));
      g_signal_connect_swapped (self->bonus, "changed", G_CALLBACK (form_changed), self);
      append_to (box, GTK_WIDGET (self->bonus));
    }
  else if (info->fan_advances > 0)
    {
      self->fans = CB_FAN_QUESTIONS (cb_fan_questions_new (self->controls, "ability-"));
      g_signal_connect_swapped (self->fans, "changed", G_CALLBACK (form_changed), self);
      append_to (box, GTK_WIDGET (self->fans));
      cb_fan_questions_set_advances (self->fans, info->fan_advances);
    }
  if (info->params & CB_PARAM_RED_LINES)
    add_form_spin (self, box, "ability-red-lines", _("Red lines between your runner and the finish?"),
                   F_RED_LINES, 0, 60, form->red_lines, 0, 0, 0);
  if (info->params & CB_PARAM_FINISH)
    {
      GtkWidget *check = cb_controls_wrapped_check (_("This step reaches the _finish line"));

      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), form->finish);
      g_signal_connect (check, "toggled", G_CALLBACK (finish_toggled_cb), self);
      cb_controls_add (self->controls, "ability-finish", check);
      append_to (box, check);
    }

  reason = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (reason), 0);
  gtk_label_set_wrap (GTK_LABEL (reason), TRUE);
  gtk_widget_add_css_class (reason, "error");
  cb_controls_add (self->controls, "ability-reason", reason);
  append_to (box, reason);

  row = cb_controls_button_row (box);
  self->updating = FALSE;
  cb_controls_add_button (self->controls, row, "ability-use", _("_Use Ability"), _("Enter this ability with the choices above"), NULL, TRUE);
  {
    GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));

    g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (cancel_clicked_cb), self);
    cb_controls_add (self->controls, "ability-cancel", cancel);
    append_to (row, cancel);
  }
  form_changed (self);
}

static void
cb_ability_editor_dispose (GObject *object)
{
  CbAbilityEditor *self = CB_ABILITY_EDITOR (object);

  self->controls = NULL;
  self->form = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), CB_TYPE_ABILITY_EDITOR);
  G_OBJECT_CLASS (cb_ability_editor_parent_class)->dispose (object);
}

static void
cb_ability_editor_class_init (CbAbilityEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cb_ability_editor_dispose;

  /**
   * CbAbilityEditor::rebuild:
   *
   * A choice changed which fields the form has (the die's colour): build it again.
   */
  signals[REBUILD] = g_signal_new ("rebuild", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * CbAbilityEditor::cancel:
   *
   * The player closed the form without using the ability.
   */
  signals[CANCEL] = g_signal_new ("cancel", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cb-ability-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, CbAbilityEditor, card);
  gtk_widget_class_bind_template_child (widget_class, CbAbilityEditor, box);
}

static void
cb_ability_editor_init (CbAbilityEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
cb_ability_editor_new (CbControls    *controls,
                       CbAbilityForm *form)
{
  CbAbilityEditor *self = g_object_new (CB_TYPE_ABILITY_EDITOR, NULL);

  self->controls = controls;
  self->form = form;
  build (self);
  return GTK_WIDGET (self);
}
