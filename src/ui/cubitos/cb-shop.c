/* cb-shop.c — phase 7 (Einkaufen): buy up to 2 dice of different colours
 *
 * Rulebook p. 9, 7.: only dice whose card is in the race, at the card's cost, while the
 * supply lasts. Every Buy button is enabled exactly when the engine accepts the buy; a
 * disabled one says why under it. A card's cost is printed on the physical card, so the
 * first time a colour is bought the row asks for it (remembered from then on, also for
 * later races: cb_presenter_dup_known_facts).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-shop.h"
#include "cb-die-icon.h"

struct _CbShop
{
  GtkWidget      parent_instance;

  DpGame        *game;
  guint          seat;
  GtkWidget     *list;
  GtkButton     *buttons[CB_N_COLOURS];
  GtkLabel      *reasons[CB_N_COLOURS];
  GtkSpinButton *costs[CB_N_COLOURS];
};

G_DEFINE_FINAL_TYPE (CbShop, cb_shop, GTK_TYPE_WIDGET)

enum {
  ACTION,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static int
told_cost (CbShop *self,
           guint   colour)
{
  if (self->costs[colour] == NULL)
    return -1;
  return gtk_spin_button_get_value_as_int (self->costs[colour]);
}

static void
check_row (CbShop *self,
           guint   colour)
{
  const CbGame *cb = cb_game_from_dp_const (self->game);
  g_autofree char *reason = NULL;

  if (self->costs[colour] != NULL && told_cost (self, colour) == 0)
    {
      /* Nothing to guess: the cost is on the card, and the player says it first. */
      reason = cb_presenter_dup_buy_reason (self->game, self->seat, colour);
      if (reason == NULL)
        reason = g_strdup (_("Say the cost printed on the card first."));
    }
  else if (self->costs[colour] != NULL)
    {
      /* The cost as told: check the whole buy with it. */
      g_autofree char *action = cb_presenter_buy_action (cb, self->seat, colour, told_cost (self, colour));
      g_autoptr(GError) error = NULL;

      reason = cb_presenter_dup_buy_reason (self->game, self->seat, colour);
      if (reason == NULL && !cb_presenter_check (self->game, action, &error))
        reason = g_strdup (error->message);
    }
  else
    reason = cb_presenter_dup_buy_reason (self->game, self->seat, colour);

  gtk_widget_set_sensitive (GTK_WIDGET (self->buttons[colour]), reason == NULL);
  gtk_label_set_text (self->reasons[colour], reason != NULL ? reason : "");
  gtk_widget_set_visible (GTK_WIDGET (self->reasons[colour]), reason != NULL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->buttons[colour]), reason);
}

static void
cost_changed_cb (GtkSpinButton *spin,
                 CbShop        *self)
{
  check_row (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "colour")));
}

static void
buy_clicked_cb (GtkButton *button,
                CbShop    *self)
{
  guint colour = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "colour"));
  g_autofree char *action = NULL;

  if (self->game == NULL)
    return;
  if (self->costs[colour] != NULL)
    gtk_spin_button_update (self->costs[colour]);
  action = cb_presenter_buy_action (cb_game_from_dp_const (self->game), self->seat, colour, told_cost (self, colour));
  g_signal_emit (self, signals[ACTION], 0, action);
}

static void
cb_shop_dispose (GObject *object)
{
  CbShop *self = CB_SHOP (object);

  g_clear_pointer (&self->list, gtk_widget_unparent);
  g_clear_pointer (&self->game, dp_game_free);
  G_OBJECT_CLASS (cb_shop_parent_class)->dispose (object);
}

static void
cb_shop_class_init (CbShopClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cb_shop_dispose;

  /**
   * CbShop::action:
   * @text: the buy, in canonical JSON text
   */
  signals[ACTION] = g_signal_new ("action", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "cbshop");
}

static void
cb_shop_init (CbShop *self)
{
  self->list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Shop"), -1);
  gtk_widget_set_parent (self->list, GTK_WIDGET (self));
}

GtkWidget *
cb_shop_new (void)
{
  return g_object_new (CB_TYPE_SHOP, NULL);
}

void
cb_shop_update (CbShop       *self,
                const DpGame *game,
                guint         seat)
{
  const CbGame *cb;
  GtkWidget *child;

  g_return_if_fail (CB_IS_SHOP (self));
  cb = cb_game_from_dp_const (game);
  g_return_if_fail (cb != NULL);

  g_clear_pointer (&self->game, dp_game_free);
  self->game = dp_game_copy (game);
  self->seat = seat;

  while ((child = gtk_widget_get_first_child (self->list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->list), child);
  memset (self->buttons, 0, sizeof self->buttons);
  memset (self->reasons, 0, sizeof self->reasons);
  memset (self->costs, 0, sizeof self->costs);

  for (guint c = 0; c < CB_N_COLOURS; c++)
    {
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      g_autofree char *title = cb_presenter_dup_card_text (cb, c);
      GtkWidget *title_label = gtk_label_new (title);
      GtkWidget *reason = gtk_label_new (NULL);
      g_autofree char *kind_title = cb_presenter_dup_kind_title (CB_KIND_OF (c));
      /* Translators: a shop button, "Buy Blue" (the colour's name with a capital) */
      g_autofree char *button_label = g_strdup_printf (_("Buy %s"), kind_title);
      GtkWidget *button = gtk_button_new_with_label (button_label);

      gtk_widget_add_css_class (row, "cb-card-row");
      gtk_widget_set_margin_start (row, 6);
      gtk_widget_set_margin_end (row, 6);
      gtk_label_set_xalign (GTK_LABEL (title_label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (title_label), PANGO_ELLIPSIZE_END);
      gtk_label_set_xalign (GTK_LABEL (reason), 0);
      gtk_label_set_wrap (GTK_LABEL (reason), TRUE);
      gtk_widget_add_css_class (reason, "caption");
      gtk_widget_add_css_class (reason, "dim-label");
      gtk_box_append (GTK_BOX (texts), title_label);
      gtk_box_append (GTK_BOX (texts), reason);
      gtk_widget_set_hexpand (texts, TRUE);
      gtk_widget_set_valign (texts, GTK_ALIGN_CENTER);

      gtk_box_append (GTK_BOX (row), cb_die_icon_new (CB_KIND_OF (c), CB_FACE_BLANK, 0, 26));
      gtk_box_append (GTK_BOX (row), texts);

      if (cb_game_get_cost (cb, c) < 0 && cb_game_get_supply (cb, CB_KIND_OF (c)) > 0)
        {
          /* The cost is printed on the card: asked once, here. */
          GtkWidget *spin = gtk_spin_button_new_with_range (0, 20, 1);
          g_autofree char *a11y = NULL;
          g_autofree char *card_title = cb_presenter_dup_card_title (cb_game_get_card (cb, c));

          /* 0: not told yet (every card costs at least 1). */
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 0);
          gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
          gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
          /* Translators: the question for a card's cost, "Cost printed on Bob" */
          a11y = g_strdup_printf (_("Cost printed on %s"), card_title);
          gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
          gtk_widget_set_tooltip_text (spin, a11y);
          g_object_set_data (G_OBJECT (spin), "colour", GUINT_TO_POINTER (c));
          g_signal_connect (spin, "value-changed", G_CALLBACK (cost_changed_cb), self);
          gtk_box_append (GTK_BOX (row), gtk_label_new (_("cost?")));
          gtk_box_append (GTK_BOX (row), spin);
          self->costs[c] = GTK_SPIN_BUTTON (spin);
        }

      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (button), "colour", GUINT_TO_POINTER (c));
      g_signal_connect (button, "clicked", G_CALLBACK (buy_clicked_cb), self);
      {
        /* Translators: accessible name of a shop button, "Buy an orange die (Bob)" */
        g_autofree char *card_title = cb_presenter_dup_card_title (cb_game_get_card (cb, c));
        g_autofree char *a11y = g_strdup_printf (_("Buy %s (%s)"), cb_presenter_a_die (CB_KIND_OF (c)), card_title);
        gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
      }
      gtk_box_append (GTK_BOX (row), button);

      self->buttons[c] = GTK_BUTTON (button);
      self->reasons[c] = GTK_LABEL (reason);
      gtk_list_box_append (GTK_LIST_BOX (self->list), row);
      check_row (self, c);
    }
}

GtkButton *
cb_shop_get_buy_button (CbShop *self,
                        guint   colour)
{
  g_return_val_if_fail (CB_IS_SHOP (self) && colour < CB_N_COLOURS, NULL);
  return self->buttons[colour];
}

const char *
cb_shop_get_reason (CbShop *self,
                    guint   colour)
{
  g_return_val_if_fail (CB_IS_SHOP (self) && colour < CB_N_COLOURS, NULL);
  return self->reasons[colour] != NULL ? gtk_label_get_text (self->reasons[colour]) : NULL;
}

GtkSpinButton *
cb_shop_get_cost_field (CbShop *self,
                        guint   colour)
{
  g_return_val_if_fail (CB_IS_SHOP (self) && colour < CB_N_COLOURS, NULL);
  return self->costs[colour];
}
