/* cb-shop.c — phase 7 (Einkaufen): buy up to 2 dice of different colours
 *
 * Rulebook p. 9, 7.: only dice whose card is in the race, at the card's cost, while the
 * supply lasts. Every Buy button is enabled exactly when the engine accepts the buy; a
 * disabled one says why under it. A card's cost is printed on the physical card, so the
 * first time a colour is bought the row asks for it (remembered from then on, also for
 * later races: cb_presenter_dup_known_facts). Each row says where its cost comes from
 * (remembered from an earlier race, told in this race, not told yet: never a price
 * nobody told), and a remembered cost can be corrected to what the card prints until it
 * is paid in this race — an engine action (correct_cost), so Undo takes it back
 * (issue 15 item 3). The frame is the template cb-shop.ui; the rows depend on the race
 * and are built in code.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-shop.h"
#include "cb-die-icon.h"
#include "cb-panel-controls.h"

struct _CbShop
{
  GtkWidget      parent_instance;

  DpGame        *game;
  guint          seat;
  GtkWidget     *list;                      /* template child */
  GtkButton     *buttons[CB_N_COLOURS];
  GtkLabel      *reasons[CB_N_COLOURS];
  GtkLabel      *titles[CB_N_COLOURS];
  GtkLabel      *origins[CB_N_COLOURS];
  GtkSpinButton *costs[CB_N_COLOURS];
  GtkMenuButton *correct_menus[CB_N_COLOURS];
  GtkSpinButton *correct_fields[CB_N_COLOURS];
  GtkButton     *correct_buttons[CB_N_COLOURS];
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
  /* The digits typed so far: Buy is enabled before the field is left, so Tab after the
   * cost reaches it (issue 25, 3.5). */
  return CLAMP (cb_controls_spin_typed (self->costs[colour]), 0, 20);
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
cost_typed_cb (GtkEditable *text,
               CbShop      *self)
{
  GtkWidget *spin = gtk_widget_get_ancestor (GTK_WIDGET (text), GTK_TYPE_SPIN_BUTTON);

  if (spin != NULL)
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

/* The Correct button is enabled exactly when the engine accepts the corrected cost. */
static void
check_correction (CbShop *self,
                  guint   colour)
{
  g_autofree char *action = NULL;
  g_autoptr(GError) error = NULL;
  int cost;

  if (self->correct_fields[colour] == NULL)
    return;
  cost = gtk_spin_button_get_value_as_int (self->correct_fields[colour]);
  action = cb_presenter_correct_cost_action (cb_game_from_dp_const (self->game), self->seat, colour,
                                             (guint) MAX (cost, 0));
  gtk_widget_set_sensitive (GTK_WIDGET (self->correct_buttons[colour]),
                            cb_presenter_check (self->game, action, &error));
}

static void
correct_changed_cb (GtkSpinButton *spin,
                    CbShop        *self)
{
  check_correction (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "colour")));
}

static void
correct_clicked_cb (GtkButton *button,
                    CbShop    *self)
{
  guint colour = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "colour"));
  g_autofree char *action = NULL;
  int cost;

  if (self->game == NULL || self->correct_fields[colour] == NULL)
    return;
  gtk_spin_button_update (self->correct_fields[colour]);
  cost = gtk_spin_button_get_value_as_int (self->correct_fields[colour]);
  action = cb_presenter_correct_cost_action (cb_game_from_dp_const (self->game), self->seat, colour,
                                             (guint) MAX (cost, 0));
  gtk_menu_button_popdown (self->correct_menus[colour]);
  g_signal_emit (self, signals[ACTION], 0, action);
}

/* A menu button beside the Buy button: its popover asks for the cost printed on the card
 * (issue 15 item 3: "remembered costs shown on the shop and correctable (with undo)"). */
static GtkWidget *
build_correction (CbShop       *self,
                  const CbGame *cb,
                  guint         colour)
{
  g_autofree char *card_title = cb_presenter_dup_card_title (cb_game_get_card (cb, colour));
  /* Translators: tooltip and accessible name, "Correct the cost of Bob" */
  g_autofree char *title = g_strdup_printf (_("Correct the cost of %s"), card_title);
  /* Translators: the question in the correction popover, "Cost printed on Bob" */
  g_autofree char *question = g_strdup_printf (_("Cost printed on %s"), card_title);
  GtkWidget *menu = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *label = gtk_label_new (question);
  GtkWidget *spin = cb_controls_new_spin (1, 20);
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Correct"));

  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu), "document-edit-symbolic");
  gtk_widget_set_tooltip_text (menu, title);
  gtk_accessible_update_property (GTK_ACCESSIBLE (menu), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  gtk_widget_set_valign (menu, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (menu, "flat");

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), MAX (cb_game_get_cost (cb, colour), 1));
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, question, -1);
  gtk_widget_add_css_class (button, "suggested-action");
  g_object_set_data (G_OBJECT (spin), "colour", GUINT_TO_POINTER (colour));
  g_object_set_data (G_OBJECT (button), "colour", GUINT_TO_POINTER (colour));
  g_signal_connect (spin, "value-changed", G_CALLBACK (correct_changed_cb), self);
  g_signal_connect (button, "clicked", G_CALLBACK (correct_clicked_cb), self);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), spin);
  gtk_box_append (GTK_BOX (box), button);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_popover_set_default_widget (GTK_POPOVER (popover), button);
  /* Issue 25, 3.6: Enter in the field corrects the cost. */
  cb_controls_spin_enter (GTK_SPIN_BUTTON (spin), button);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (menu), popover);

  self->correct_menus[colour] = GTK_MENU_BUTTON (menu);
  self->correct_fields[colour] = GTK_SPIN_BUTTON (spin);
  self->correct_buttons[colour] = GTK_BUTTON (button);
  check_correction (self, colour);
  return menu;
}

static void
cb_shop_dispose (GObject *object)
{
  CbShop *self = CB_SHOP (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), CB_TYPE_SHOP);
  self->list = NULL;
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
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cb-shop.ui");
  gtk_widget_class_bind_template_child (widget_class, CbShop, list);
}

static void
cb_shop_init (CbShop *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
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
  memset (self->titles, 0, sizeof self->titles);
  memset (self->origins, 0, sizeof self->origins);
  memset (self->correct_menus, 0, sizeof self->correct_menus);
  memset (self->correct_fields, 0, sizeof self->correct_fields);
  memset (self->correct_buttons, 0, sizeof self->correct_buttons);

  for (guint c = 0; c < CB_N_COLOURS; c++)
    {
      /* Two lines: the card (symbol, name, where its cost comes from), then what can be
       * done with it, at the end. On one line a row needed 376 px, wider than a board
       * at 360 px (issue 15: "usable down to 360 px"). */
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *actions = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      g_autofree char *title = cb_presenter_dup_card_text (cb, c);
      GtkWidget *title_label = gtk_label_new (title);
      const char *origin_text = cb_presenter_get_cost_origin (cb, c);
      GtkWidget *origin = gtk_label_new (origin_text);
      GtkWidget *reason = gtk_label_new (NULL);
      g_autofree char *kind_title = cb_presenter_dup_kind_title (CB_KIND_OF (c));
      /* Translators: a shop button, "Buy Blue" (the colour's name with a capital) */
      g_autofree char *button_label = g_strdup_printf (_("Buy %s"), kind_title);
      GtkWidget *button = gtk_button_new_with_label (button_label);

      gtk_widget_add_css_class (row, "cb-card-row");
      gtk_widget_set_margin_start (row, 6);
      gtk_widget_set_margin_end (row, 6);
      gtk_label_set_xalign (GTK_LABEL (title_label), 0);
      /* Wrapped, never cut off: the card is found on the table by its whole name,
       * also in a half-width board (qa2: "Dugout (Lasse Liefer…"). */
      gtk_label_set_wrap (GTK_LABEL (title_label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (title_label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_xalign (GTK_LABEL (origin), 0);
      gtk_label_set_wrap (GTK_LABEL (origin), TRUE);
      gtk_widget_add_css_class (origin, "caption");
      gtk_widget_set_visible (origin, origin_text != NULL);
      gtk_label_set_xalign (GTK_LABEL (reason), 0);
      gtk_label_set_wrap (GTK_LABEL (reason), TRUE);
      gtk_widget_add_css_class (reason, "caption");
      gtk_widget_add_css_class (reason, "dim-label");
      gtk_box_append (GTK_BOX (texts), title_label);
      gtk_box_append (GTK_BOX (texts), origin);
      gtk_box_append (GTK_BOX (texts), reason);
      gtk_widget_set_hexpand (texts, TRUE);
      gtk_widget_set_valign (texts, GTK_ALIGN_CENTER);

      gtk_box_append (GTK_BOX (card), cb_die_icon_new (CB_KIND_OF (c), CB_FACE_BLANK, 0, 26));
      gtk_box_append (GTK_BOX (card), texts);
      gtk_box_append (GTK_BOX (row), card);
      gtk_widget_set_halign (actions, GTK_ALIGN_END);
      gtk_box_append (GTK_BOX (row), actions);

      if (cb_game_get_cost (cb, c) < 0 && cb_game_get_supply (cb, CB_KIND_OF (c)) > 0)
        {
          /* The cost is printed on the card: asked once, here. */
          GtkWidget *spin = cb_controls_new_spin (0, 20);
          g_autofree char *a11y = NULL;
          g_autofree char *card_title = cb_presenter_dup_card_title (cb_game_get_card (cb, c));

          /* 0: not told yet (every card costs at least 1). */
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 0);
          gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
          /* two digits: "Kosten?", the field and "Orange kaufen" fit a 360 px board in
           * German (issue 25, item 3.8: the shop was 12 px too wide) */
          gtk_editable_set_width_chars (GTK_EDITABLE (spin), 2);
          gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
          /* Translators: the question for a card's cost, "Cost printed on Bob" */
          a11y = g_strdup_printf (_("Cost printed on %s"), card_title);
          gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
          gtk_widget_set_tooltip_text (spin, a11y);
          g_object_set_data (G_OBJECT (spin), "colour", GUINT_TO_POINTER (c));
          g_signal_connect (spin, "value-changed", G_CALLBACK (cost_changed_cb), self);
          g_signal_connect (gtk_editable_get_delegate (GTK_EDITABLE (spin)), "changed",
                            G_CALLBACK (cost_typed_cb), self);
          gtk_box_append (GTK_BOX (actions), gtk_label_new (_("cost?")));
          gtk_box_append (GTK_BOX (actions), spin);
          self->costs[c] = GTK_SPIN_BUTTON (spin);
        }

      if (cb_game_can_correct_cost (cb, c))
        gtk_box_append (GTK_BOX (actions), build_correction (self, cb, c));

      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (button), "colour", GUINT_TO_POINTER (c));
      g_signal_connect (button, "clicked", G_CALLBACK (buy_clicked_cb), self);
      {
        /* Translators: accessible name of a shop button, "Buy an orange die (Bob)" */
        g_autofree char *card_title = cb_presenter_dup_card_title (cb_game_get_card (cb, c));
        g_autofree char *a11y = g_strdup_printf (_("Buy %s (%s)"), cb_presenter_a_die (CB_KIND_OF (c)), card_title);
        gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
      }
      gtk_box_append (GTK_BOX (actions), button);
      /* Issue 25, 3.5: digit + Enter buys where a cost must be told. */
      if (self->costs[c] != NULL)
        cb_controls_spin_enter (self->costs[c], button);

      self->buttons[c] = GTK_BUTTON (button);
      self->reasons[c] = GTK_LABEL (reason);
      self->origins[c] = GTK_LABEL (origin);
      self->titles[c] = GTK_LABEL (title_label);
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

const char *
cb_shop_get_cost_origin (CbShop *self,
                         guint   colour)
{
  g_return_val_if_fail (CB_IS_SHOP (self) && colour < CB_N_COLOURS, NULL);
  return self->origins[colour] != NULL ? gtk_label_get_text (self->origins[colour]) : NULL;
}

GtkSpinButton *
cb_shop_get_correct_field (CbShop *self,
                           guint   colour)
{
  g_return_val_if_fail (CB_IS_SHOP (self) && colour < CB_N_COLOURS, NULL);
  return self->correct_fields[colour];
}

GtkButton *
cb_shop_get_correct_button (CbShop *self,
                            guint   colour)
{
  g_return_val_if_fail (CB_IS_SHOP (self) && colour < CB_N_COLOURS, NULL);
  return self->correct_buttons[colour];
}

const char *
cb_shop_get_card_text (CbShop *self,
                       guint   colour)
{
  g_return_val_if_fail (CB_IS_SHOP (self) && colour < CB_N_COLOURS, NULL);
  return self->titles[colour] != NULL ? gtk_label_get_text (self->titles[colour]) : NULL;
}
