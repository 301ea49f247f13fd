/* cb-shop-section.c — phases 7 and 8 of a board: the shop, credits redeemed, rest
 *
 * p. 9, 7.: up to 2 dice of different colours are bought with the coins (and credits
 * turned into coins); 8.: the active dice go to rest and unspent coins are lost.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-shop-section.h"

struct _CbShopSection
{
  GtkWidget   parent_instance;

  GtkWidget  *box;          /* template children */
  CbShop     *shop;

  CbControls *controls;     /* the panel's, outlives this widget */
};

G_DEFINE_FINAL_TYPE (CbShopSection, cb_shop_section, GTK_TYPE_WIDGET)

static void
shop_action_cb (CbShopSection *self,
                const char    *action)
{
  if (self->controls != NULL)
    cb_controls_emit (self->controls, action);
}

static void
cb_shop_section_dispose (GObject *object)
{
  CbShopSection *self = CB_SHOP_SECTION (object);

  self->controls = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), CB_TYPE_SHOP_SECTION);
  G_OBJECT_CLASS (cb_shop_section_parent_class)->dispose (object);
}

static void
cb_shop_section_class_init (CbShopSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cb_shop_section_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cb-shop-section.ui");
  gtk_widget_class_bind_template_child (widget_class, CbShopSection, box);
  gtk_widget_class_bind_template_child (widget_class, CbShopSection, shop);
  gtk_widget_class_bind_template_callback (widget_class, shop_action_cb);
}

static void
cb_shop_section_init (CbShopSection *self)
{
  g_type_ensure (CB_TYPE_SHOP);
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
cb_shop_section_new (CbControls *controls)
{
  CbShopSection *self = g_object_new (CB_TYPE_SHOP_SECTION, NULL);
  GtkWidget *row = cb_controls_button_row (self->box);

  self->controls = controls;
  cb_controls_add_redeem (controls, row);
  cb_controls_add_button (controls, row, "rest", _("_Rest"), _("Active dice go to rest; unspent coins are lost"),
                          NULL, TRUE);
  cb_shop_section_update (self);
  return GTK_WIDGET (self);
}

void
cb_shop_section_update (CbShopSection *self)
{
  g_return_if_fail (CB_IS_SHOP_SECTION (self));
  if (self->controls == NULL)
    return;
  cb_shop_update (self->shop, self->controls->game, self->controls->seat);
  cb_controls_update_redeem (self->controls);
  cb_controls_set_action (self->controls, cb_controls_get (self->controls, "rest"),
                          cb_presenter_action_simple (cb_controls_game (self->controls), self->controls->seat,
                                                      CB_ACTION_REST));
}

CbShop *
cb_shop_section_get_shop (CbShopSection *self)
{
  g_return_val_if_fail (CB_IS_SHOP_SECTION (self), NULL);
  return self->shop;
}
