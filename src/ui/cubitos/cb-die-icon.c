/* cb-die-icon.c — one Cubitos die drawn as on the table
 *
 * Colour is never the only cue (UX.md): every die carries its colour's letter or the
 * symbol of the face it shows, and its accessible label says it in words.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-die-icon.h"
#include "cb-presenter.h"

struct _CbDieIcon
{
  GtkWidget  parent_instance;

  CbKind     kind;
  CbFace     face;
  guint      count;
  int        size;
};

G_DEFINE_FINAL_TYPE (CbDieIcon, cb_die_icon, GTK_TYPE_WIDGET)

static void
cb_die_icon_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  CbDieIcon *self = CB_DIE_ICON (widget);
  int extra = orientation == GTK_ORIENTATION_HORIZONTAL && self->count > 1 ? self->size * 3 / 4 : 0;

  *minimum = *natural = self->size + extra;
}

static void
add_text (GtkWidget      *widget,
          GtkSnapshot    *snapshot,
          const char     *text,
          const GdkRGBA  *colour,
          double          px,
          gboolean        bold,
          float           cx,
          float           cy)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoFontDescription *font = pango_font_description_new ();
  int w, h;

  pango_font_description_set_absolute_size (font, px * PANGO_SCALE);
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, font);
  pango_layout_get_pixel_size (layout, &w, &h);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (cx - w / 2.f, cy - h / 2.f));
  gtk_snapshot_append_layout (snapshot, layout, colour);
  gtk_snapshot_restore (snapshot);
  pango_font_description_free (font);
  g_object_unref (layout);
}

static void
cb_die_icon_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  CbDieIcon *self = CB_DIE_ICON (widget);
  float s = self->size;
  float height = gtk_widget_get_height (widget);
  float top = MAX (0.f, (height - s) / 2.f);
  GskRoundedRect rect;
  GdkRGBA fill, ink, border, text_colour;
  const char *label;

  gdk_rgba_parse (&fill, cb_presenter_kind_fill (self->kind));
  gdk_rgba_parse (&ink, cb_presenter_kind_ink (self->kind));
  gdk_rgba_parse (&border, "rgba(0,0,0,0.45)");

  gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT (1, top + 1, s - 2, s - 2), s / 5.f);
  gtk_snapshot_push_rounded_clip (snapshot, &rect);
  gtk_snapshot_append_color (snapshot, &fill, &GRAPHENE_RECT_INIT (0, top, s, s));
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_append_border (snapshot, &rect, (float[4]) { 1, 1, 1, 1 },
                              (GdkRGBA[4]) { border, border, border, border });

  /* The face a die shows, or the colour's letter when it is just lying there. */
  label = self->face != CB_FACE_BLANK ? cb_presenter_face_symbol (self->kind, self->face)
                                      : cb_presenter_kind_letter (self->kind);
  if (cb_face_coins (self->face) > 0)
    {
      /* Coins are printed as golden coins with their value, as on the dice. */
      GskRoundedRect coin;
      GdkRGBA gold, dark;
      float r = s * 0.36f;

      gdk_rgba_parse (&gold, "#f5c211");
      gdk_rgba_parse (&dark, "#3d3846");
      gsk_rounded_rect_init_from_rect (&coin, &GRAPHENE_RECT_INIT (s / 2.f - r, top + s / 2.f - r, 2 * r, 2 * r), r);
      gtk_snapshot_push_rounded_clip (snapshot, &coin);
      gtk_snapshot_append_color (snapshot, &gold, &GRAPHENE_RECT_INIT (0, top, s, s));
      gtk_snapshot_pop (snapshot);
      gtk_snapshot_append_border (snapshot, &coin, (float[4]) { 1, 1, 1, 1 },
                                  (GdkRGBA[4]) { dark, dark, dark, dark });
      add_text (widget, snapshot, label, &dark, s * 0.42, TRUE, s / 2.f, top + s / 2.f);
    }
  else if (self->face == CB_FACE_SPECIAL)
    {
      /* Issue 15: team and special symbols differed only by a small mark. The special
       * symbol is printed on a disc in the die's ink, the symbol in the die's colour: a
       * different shape and contrast at any size, with or without colour vision. */
      GskRoundedRect disc;
      float r = s * 0.4f;

      gsk_rounded_rect_init_from_rect (&disc, &GRAPHENE_RECT_INIT (s / 2.f - r, top + s / 2.f - r, 2 * r, 2 * r), r);
      gtk_snapshot_push_rounded_clip (snapshot, &disc);
      gtk_snapshot_append_color (snapshot, &ink, &GRAPHENE_RECT_INIT (0, top, s, s));
      gtk_snapshot_pop (snapshot);
      add_text (widget, snapshot, cb_presenter_face_symbol (self->kind, CB_FACE_TEAM), &fill, s * 0.5, TRUE,
                s / 2.f, top + s / 2.f);
    }
  else if (self->face == CB_FACE_TEAM)
    /* the team symbol alone, as large as the die allows */
    add_text (widget, snapshot, label, &ink, s * 0.66, TRUE, s / 2.f, top + s / 2.f);
  else
    add_text (widget, snapshot, label, &ink, s * (g_utf8_strlen (label, -1) > 1 ? 0.36 : 0.5), TRUE,
              s / 2.f, top + s / 2.f);

  if (self->count > 1)
    {
      g_autofree char *count = g_strdup_printf ("×%u", self->count);

      text_colour = (GdkRGBA) { 0, 0, 0, 1 };
      {
        GtkStyleContext *context = gtk_widget_get_style_context (widget);
        G_GNUC_BEGIN_IGNORE_DEPRECATIONS
        gtk_style_context_get_color (context, &text_colour);
        G_GNUC_END_IGNORE_DEPRECATIONS
      }
      add_text (widget, snapshot, count, &text_colour, s * 0.42, TRUE, s + s * 3 / 8.f, top + s / 2.f);
    }
}

static void
update_label (CbDieIcon *self)
{
  g_autofree char *dice = cb_presenter_dup_dice_text (self->kind, MAX (self->count, 1));
  g_autofree char *label = NULL;

  if (self->face != CB_FACE_BLANK)
    /* Translators: accessible label of a die icon, "2 red dice showing team symbol" */
    label = g_strdup_printf (_("%s showing %s"), dice, cb_face_get_name (self->face));
  else
    label = g_steal_pointer (&dice);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), label);
}

static void
cb_die_icon_class_init (CbDieIconClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = cb_die_icon_measure;
  widget_class->snapshot = cb_die_icon_snapshot;
  gtk_widget_class_set_css_name (widget_class, "cbdie");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
cb_die_icon_init (CbDieIcon *self)
{
  self->size = 28;
}

GtkWidget *
cb_die_icon_new (CbKind kind,
                 CbFace face,
                 guint  count,
                 int    size)
{
  CbDieIcon *self = g_object_new (CB_TYPE_DIE_ICON, NULL);

  self->size = MAX (size, 12);
  cb_die_icon_set (self, kind, face, count);
  return GTK_WIDGET (self);
}

void
cb_die_icon_set (CbDieIcon *self,
                 CbKind     kind,
                 CbFace     face,
                 guint      count)
{
  g_return_if_fail (CB_IS_DIE_ICON (self));
  g_return_if_fail ((guint) kind < CB_N_KINDS && (guint) face < CB_N_FACES);

  self->kind = kind;
  self->face = face;
  self->count = count;
  update_label (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

CbKind
cb_die_icon_get_kind (CbDieIcon *self)
{
  g_return_val_if_fail (CB_IS_DIE_ICON (self), CB_KIND_LIGHT_GREY);
  return self->kind;
}

guint
cb_die_icon_get_count (CbDieIcon *self)
{
  g_return_val_if_fail (CB_IS_DIE_ICON (self), 0);
  return self->count;
}
