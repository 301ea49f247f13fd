/* cv-sheet-view.c — one player's Calavera score sheet, drawn like the paper pad
 *
 * Drawn with GSK nodes only (colours, borders, rotated bars, text), in units of one
 * box, so it is sharp at any size: from a small laptop to a big screen across the table.
 * The sheet is always "paper" (light), like the pad, so its colours keep their contrast
 * in dark mode too.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cv-sheet-view.h"

struct _CvSheetView
{
  GtkWidget     parent_instance;

  CvSheetModel  model;
  gboolean      has_model;
  gboolean      finished;   /* the game is over: every row value is final */
  double        max_unit;   /* the biggest box size the table allows, 0 = none */
};

G_DEFINE_FINAL_TYPE (CvSheetView, cv_sheet_view, GTK_TYPE_WIDGET)

enum {
  ROW_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Geometry in box units (u = one box). */
#define PAD          0.35
#define HEADER_H     1.25
#define STRIP_H      0.7
#define ROW_H        1.0
#define ROW_GAP      0.16
#define BONUS_H      1.15
#define LABEL_W      1.35
#define LABEL_GAP    0.3
#define BOX_GAP      0.1
#define LINE_GAP     0.36
#define SCORE_GAP    0.4
#define SCORE_W      1.7

#define SHEET_W (PAD + LABEL_W + LABEL_GAP + CV_ROW_LENGTH + (CV_ROW_LENGTH - 1) * BOX_GAP \
                 + CV_N_BONUS_LINES * LINE_GAP + SCORE_GAP + SCORE_W + PAD)
#define SHEET_H (PAD + HEADER_H + STRIP_H + 4 * ROW_H + 3 * ROW_GAP + BONUS_H + PAD)

/* Row colours (orange, green, pink, black) chosen to stay apart for the common kinds of
 * colour blindness together with their symbols; text on them is white. */
static const GdkRGBA row_colors[CV_N_COLORS] = {
  { 0.902f, 0.380f, 0.000f, 1.f },  /* orange #e66100 */
  { 0.059f, 0.541f, 0.541f, 1.f },  /* green, printed turquoise (GAME-DATA.md) #0f8a8a */
  { 0.851f, 0.263f, 0.612f, 1.f },  /* pink   #d9439c */
  { 0.180f, 0.165f, 0.200f, 1.f },  /* black  #2e2a33 */
};
static const GdkRGBA paper = { 1.000f, 0.992f, 0.961f, 1.f };
static const GdkRGBA ink = { 0.141f, 0.122f, 0.192f, 1.f };
static const GdkRGBA faint_ink = { 0.141f, 0.122f, 0.192f, 0.55f };
static const GdkRGBA white = { 1.f, 1.f, 1.f, 1.f };
static const GdkRGBA points_zone = { 0.973f, 0.894f, 0.361f, 0.55f };  /* yellow */
static const GdkRGBA death_zone = { 0.604f, 0.600f, 0.588f, 0.45f };   /* grey */
static const GdkRGBA active_border = { 0.208f, 0.518f, 0.894f, 1.f };  /* accent blue */
static const GdkRGBA duty_border = { 0.898f, 0.647f, 0.039f, 1.f };    /* amber */
static const GdkRGBA win_color = { 0.149f, 0.635f, 0.412f, 1.f };

static double
box_x (guint index)
{
  double x = PAD + LABEL_W + LABEL_GAP + index * (1 + BOX_GAP);

  for (guint line = 0; line < CV_N_BONUS_LINES; line++)
    if (index >= cv_sheet_get_bonus_line (line)->after_box)
      x += LINE_GAP;
  return x;
}

static double
line_x (guint line)
{
  guint after = cv_sheet_get_bonus_line (line)->after_box;

  /* In the middle of the gap after box `after`. */
  return box_x (after - 1) + 1 + (BOX_GAP + LINE_GAP) / 2;
}

static double
row_y (guint row)
{
  return PAD + HEADER_H + STRIP_H + row * (ROW_H + ROW_GAP);
}

static double
score_x (void)
{
  return box_x (CV_ROW_LENGTH - 1) + 1 + SCORE_GAP;
}

static void
append_rect (GtkSnapshot   *snapshot,
             const GdkRGBA *color,
             double         x,
             double         y,
             double         w,
             double         h)
{
  gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (x, y, w, h));
}

static void
append_frame (GtkSnapshot   *snapshot,
              const GdkRGBA *color,
              double         x,
              double         y,
              double         w,
              double         h,
              double         radius,
              double         width)
{
  GskRoundedRect rect;
  float widths[4] = { width, width, width, width };
  GdkRGBA colors[4] = { *color, *color, *color, *color };

  gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT (x, y, w, h), radius);
  gtk_snapshot_append_border (snapshot, &rect, widths, colors);
}

static void
append_filled_round (GtkSnapshot   *snapshot,
                     const GdkRGBA *color,
                     double         x,
                     double         y,
                     double         w,
                     double         h,
                     double         radius)
{
  GskRoundedRect rect;

  gsk_rounded_rect_init_from_rect (&rect, &GRAPHENE_RECT_INIT (x, y, w, h), radius);
  gtk_snapshot_push_rounded_clip (snapshot, &rect);
  append_rect (snapshot, color, x, y, w, h);
  gtk_snapshot_pop (snapshot);
}

/* A bar of @length and @width centred on (cx, cy), turned by @angle degrees. */
static void
append_bar (GtkSnapshot   *snapshot,
            const GdkRGBA *color,
            double         cx,
            double         cy,
            double         length,
            double         width,
            double         angle)
{
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (cx, cy));
  gtk_snapshot_rotate (snapshot, angle);
  append_rect (snapshot, color, -length / 2, -width / 2, length, width);
  gtk_snapshot_restore (snapshot);
}

static void
append_cross (GtkSnapshot   *snapshot,
              const GdkRGBA *color,
              double         cx,
              double         cy,
              double         size,
              double         width)
{
  append_bar (snapshot, color, cx, cy, size, width, 45);
  append_bar (snapshot, color, cx, cy, size, width, -45);
}

static void
append_circle (GtkSnapshot   *snapshot,
               const GdkRGBA *color,
               double         cx,
               double         cy,
               double         radius,
               double         width)
{
  append_frame (snapshot, color, cx - radius, cy - radius, 2 * radius, 2 * radius, radius, width);
}

typedef enum
{
  ALIGN_LEFT,
  ALIGN_CENTER,
  ALIGN_RIGHT,
} Align;

/* Text of @size (in pixels) with its middle at @cy. */
static void
append_text (GtkSnapshot   *snapshot,
             CvSheetView   *self,
             const char    *text,
             double         x,
             double         cy,
             double         size,
             gboolean       bold,
             Align          align,
             const GdkRGBA *color,
             double         max_width)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  g_autoptr(PangoFontDescription) font = pango_font_description_new ();
  PangoRectangle ink_rect, logical;
  double w, h;

  pango_font_description_set_family (font, "Cantarell, DejaVu Sans, sans-serif");
  pango_font_description_set_absolute_size (font, MAX (size, 1) * PANGO_SCALE);
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, font);
  if (max_width > 0)
    {
      pango_layout_set_width (layout, (int) (max_width * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  pango_layout_get_pixel_extents (layout, &ink_rect, &logical);
  w = logical.width;
  h = logical.height;

  gtk_snapshot_save (snapshot);
  switch (align)
    {
    case ALIGN_CENTER:
      x -= w / 2;
      break;
    case ALIGN_RIGHT:
      x -= w;
      break;
    case ALIGN_LEFT:
    default:
      break;
    }
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, cy - h / 2));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}

static void
snapshot_header (CvSheetView *self,
                 GtkSnapshot *snapshot,
                 double       u)
{
  const CvSheetModel *m = &self->model;
  g_autofree char *total = NULL;
  g_autofree char *name = NULL;
  double cy = (PAD + HEADER_H / 2) * u;

  if (m->winner)
    /* Translators: the header of the winner's sheet, "★ Ina" */
    name = g_strdup_printf (_("★ %s"), m->name);
  else if (m->active)
    /* Translators: the header of the sheet of the player whose turn it is, "▶ Ina" */
    name = g_strdup_printf (_("▶ %s"), m->name);
  else
    name = g_strdup (m->name);

  append_text (snapshot, self, name, PAD * u, cy, 0.62 * u, TRUE, ALIGN_LEFT,
               m->winner ? &win_color : &ink, 9.5 * u);

  if (m->must_act && !m->active)
    {
      double bx = 9.0 * u, bw = 5.2 * u;

      append_filled_round (snapshot, &duty_border, bx, cy - 0.33 * u, bw, 0.66 * u, 0.33 * u);
      /* Translators: badge on a sheet whose player must mark something after skulls */
      append_text (snapshot, self, _("must mark"), bx + bw / 2, cy, 0.4 * u, TRUE, ALIGN_CENTER, &ink, bw - 0.3 * u);
    }

  /* Translators: the running total on a sheet, "total 23" */
  total = g_strdup_printf (_("total %d"), m->total);
  append_text (snapshot, self, total, (SHEET_W - PAD) * u, cy, 0.62 * u, TRUE, ALIGN_RIGHT, &ink, 0);
}

static void
snapshot_zones (CvSheetView *self,
                GtkSnapshot *snapshot,
                double       u)
{
  double top = (PAD + HEADER_H) * u;
  double bottom = (row_y (3) + ROW_H + 0.08) * u;

  for (guint i = 0; i < CV_ROW_LENGTH; i++)
    {
      const CvBox *box = cv_sheet_get_box (i);
      double x = box_x (i) - BOX_GAP / 2;
      double w = 1 + BOX_GAP;

      if (box->zone == CV_ZONE_START)
        continue;
      /* Bridge the gap before the next box so the zone looks like one band. */
      if (i + 1 < CV_ROW_LENGTH && cv_sheet_get_box (i + 1)->zone == box->zone)
        w = box_x (i + 1) - box_x (i);
      append_rect (snapshot, box->zone == CV_ZONE_POINTS ? &points_zone : &death_zone,
                   x * u, top, w * u + 0.5, bottom - top);

      {
        g_autofree char *value = box->zone == CV_ZONE_DEATH && box->value > 0
                                 ? g_strdup_printf ("+%d", box->value)
                                 : box->value < 0 ? g_strdup_printf ("−%d", -box->value)
                                 : g_strdup_printf ("%d", box->value);

        append_text (snapshot, self, value, (box_x (i) + 0.5) * u, top + STRIP_H / 2 * u,
                     0.46 * u, TRUE, ALIGN_CENTER, &ink, 0);
      }
    }

  /* The score column's header. */
  append_text (snapshot, self, "Σ", (score_x () + SCORE_W / 2) * u, top + STRIP_H / 2 * u,
               0.46 * u, TRUE, ALIGN_CENTER, &ink, 0);
}

static void
snapshot_row (CvSheetView *self,
              GtkSnapshot *snapshot,
              guint        row,
              double       u)
{
  const CvSheetModel *m = &self->model;
  const GdkRGBA *color = &row_colors[row];
  GdkRGBA tint = *color;
  double y = row_y (row) * u;
  double lx = (PAD) * u;
  char label[16];
  char letter[8] = { 0, };
  guint crosses = MIN (m->crosses[row], CV_ROW_LENGTH);

  tint.alpha = 0.28f;

  /* The row label: colour, symbol and letter, so it never relies on colour alone. */
  append_filled_round (snapshot, color, lx, y, LABEL_W * u, ROW_H * u, 0.18 * u);
  g_unichar_to_utf8 (cv_face_get_letter ((CvFace) row), letter);
  g_snprintf (label, sizeof label, "%s %s", cv_face_get_symbol ((CvFace) row), letter);
  append_text (snapshot, self, label, lx + LABEL_W / 2 * u, y + ROW_H / 2 * u, 0.5 * u, TRUE,
               ALIGN_CENTER, &white, 0);

  for (guint i = 0; i < CV_ROW_LENGTH; i++)
    {
      double x = box_x (i) * u;
      double inset = 0.06 * u;

      append_filled_round (snapshot, i < crosses ? &tint : &white,
                           x + inset, y + inset, u - 2 * inset, ROW_H * u - 2 * inset, 0.1 * u);
      append_frame (snapshot, color, x + inset, y + inset, u - 2 * inset, ROW_H * u - 2 * inset,
                    0.1 * u, MAX (1.0, 0.06 * u));
      if (i < crosses)
        append_cross (snapshot, &ink, x + u / 2, y + ROW_H * u / 2, 0.78 * u, MAX (1.5, 0.1 * u));
    }

  /* The circled last cross of a frozen row. */
  if (m->frozen[row] && crosses > 0)
    append_circle (snapshot, &ink, (box_x (crosses - 1) + 0.5) * u, y + ROW_H * u / 2,
                   0.62 * u, MAX (1.5, 0.08 * u));

  /* The row score box. */
  {
    double sx = score_x () * u;
    const CvBox *last = crosses > 0 ? cv_sheet_get_box (crosses - 1) : NULL;
    gboolean scores = m->frozen[row] || (last != NULL && last->zone == CV_ZONE_POINTS);

    append_filled_round (snapshot, &white, sx, y, SCORE_W * u, ROW_H * u, 0.12 * u);
    append_frame (snapshot, &ink, sx, y, SCORE_W * u, ROW_H * u, 0.12 * u, MAX (1.0, 0.06 * u));
    if (scores)
      {
        g_autofree char *points = g_strdup_printf ("%d", m->row_points[row]);

        gboolean final = m->frozen[row] || self->finished;

        /* Final points (a frozen row, or any row once the game is over): bold ink; an
         * open row's are "if it ended now". */
        append_text (snapshot, self, points, sx + SCORE_W / 2 * u, y + ROW_H * u / 2, 0.58 * u,
                     final, ALIGN_CENTER, final ? &ink : &faint_ink, 0);
      }
  }
}

static void
snapshot_bonus (CvSheetView *self,
                GtkSnapshot *snapshot,
                double       u)
{
  const CvSheetModel *m = &self->model;
  double top = (PAD + HEADER_H) * u;
  double bottom = (row_y (3) + ROW_H) * u;
  double cy = (row_y (3) + ROW_H + BONUS_H / 2 + 0.05) * u;

  for (guint line = 0; line < CV_N_BONUS_LINES; line++)
    {
      const CvBonusLine *bonus = cv_sheet_get_bonus_line (line);
      double x = line_x (line) * u;
      double fx = x - 0.42 * u, lx = x + 0.42 * u;
      g_autofree char *first = g_strdup_printf ("%d", bonus->first_value);
      g_autofree char *later = g_strdup_printf ("%d", bonus->later_value);
      CvBonusState state = m->bonus[line];

      /* The vertical bonus line through all four rows. */
      append_rect (snapshot, &ink, x - MAX (1.0, 0.05 * u), top + 0.1 * u, 2 * MAX (1.0, 0.05 * u),
                   bottom - top + 0.35 * u);

      append_text (snapshot, self, first, fx, cy, 0.56 * u, TRUE, ALIGN_CENTER, &ink, 0);
      append_text (snapshot, self, later, lx, cy, 0.42 * u, FALSE, ALIGN_CENTER, &ink, 0);

      if (state == CV_BONUS_WON_FIRST)
        append_circle (snapshot, &ink, fx, cy, 0.4 * u, MAX (1.5, 0.07 * u));
      if (state == CV_BONUS_STRUCK || state == CV_BONUS_WON_LATER)
        append_bar (snapshot, &ink, fx, cy, 0.75 * u, MAX (1.5, 0.08 * u), -35);
      if (state == CV_BONUS_WON_LATER)
        append_circle (snapshot, &ink, lx, cy, 0.33 * u, MAX (1.5, 0.07 * u));
    }

  /* The bonus sum and the total, bottom right as on the pad. */
  {
    g_autofree char *bonus = NULL;
    g_autofree char *total = g_strdup_printf ("%d", m->total);
    double sx = score_x () * u;

    /* Translators: the bonus points on a sheet, "bonus 4" */
    bonus = g_strdup_printf (_("bonus %d"), m->bonus_points);
    append_text (snapshot, self, bonus, (box_x (CV_ROW_LENGTH - 1) + 1) * u, cy, 0.42 * u, FALSE,
                 ALIGN_RIGHT, &ink, 0);

    append_filled_round (snapshot, &white, sx, cy - 0.45 * u, SCORE_W * u, 0.9 * u, 0.12 * u);
    append_frame (snapshot, &ink, sx, cy - 0.45 * u, SCORE_W * u, 0.9 * u, 0.12 * u, MAX (1.5, 0.1 * u));
    append_text (snapshot, self, total, sx + SCORE_W / 2 * u, cy, 0.6 * u, TRUE, ALIGN_CENTER, &ink, 0);
  }
}

static void
cv_sheet_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  CvSheetView *self = CV_SHEET_VIEW (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  double u = MIN (width / SHEET_W, height / SHEET_H);
  double w = SHEET_W * u, h = SHEET_H * u;
  const GdkRGBA *border = NULL;

  if (!self->has_model || u <= 0)
    return;

  gtk_snapshot_save (snapshot);
  /* Centred; the sheet keeps its proportions like paper. */
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (floor ((width - w) / 2), floor ((height - h) / 2)));

  append_filled_round (snapshot, &paper, 0, 0, w, h, 0.3 * u);
  if (self->model.active)
    border = &active_border;
  else if (self->model.must_act)
    border = &duty_border;
  else if (self->model.winner)
    border = &win_color;
  if (border != NULL)
    append_frame (snapshot, border, 0, 0, w, h, 0.3 * u, MAX (3.0, 0.16 * u));
  else
    append_frame (snapshot, &faint_ink, 0, 0, w, h, 0.3 * u, 1);

  snapshot_header (self, snapshot, u);
  snapshot_zones (self, snapshot, u);
  for (guint row = 0; row < CV_N_COLORS; row++)
    snapshot_row (self, snapshot, row, u);
  snapshot_bonus (self, snapshot, u);

  gtk_snapshot_restore (snapshot);
}

static GtkSizeRequestMode
cv_sheet_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
cv_sheet_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  CvSheetView *self = CV_SHEET_VIEW (widget);
  double top = self->max_unit > 0 ? MAX (self->max_unit, 16) : 32;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* 16 px boxes are still readable on a small laptop; 32 px from across the table. */
      *minimum = (int) ceil (SHEET_W * 16);
      *natural = (int) ceil (SHEET_W * top);
    }
  else
    {
      double u = for_size > 0 ? for_size / SHEET_W : top;

      /* No taller than the table allows: all sheets stay in view. */
      if (self->max_unit > 0)
        u = MIN (u, MAX (self->max_unit, 16));
      *minimum = (int) ceil (SHEET_H * 16);
      *natural = MAX (*minimum, (int) ceil (u * SHEET_H));
    }
}

static void
cv_sheet_view_finalize (GObject *object)
{
  CvSheetView *self = CV_SHEET_VIEW (object);

  cv_sheet_model_clear (&self->model);

  G_OBJECT_CLASS (cv_sheet_view_parent_class)->finalize (object);
}

static void
cv_sheet_view_class_init (CvSheetViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = cv_sheet_view_finalize;
  widget_class->snapshot = cv_sheet_view_snapshot;
  widget_class->measure = cv_sheet_view_measure;
  widget_class->get_request_mode = cv_sheet_view_get_request_mode;

  /**
   * CvSheetView::row-activated:
   * @row: the colour row clicked (a CvFace colour)
   */
  signals[ROW_ACTIVATED] = g_signal_new ("row-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_css_name (widget_class, "sheetview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

/* Which colour row lies under (x, y), or -1. */
static int
row_at (CvSheetView *self,
        double       x,
        double       y)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double u = MIN (width / SHEET_W, height / SHEET_H);
  double oy = floor ((height - SHEET_H * u) / 2);

  if (u <= 0)
    return -1;
  for (guint row = 0; row < CV_N_COLORS; row++)
    {
      double top = oy + row_y (row) * u;

      if (y >= top && y < top + ROW_H * u)
        return (int) row;
    }
  return -1;
}

static void
pressed_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            CvSheetView     *self)
{
  int row = row_at (self, x, y);

  if (row >= 0)
    g_signal_emit (self, signals[ROW_ACTIVATED], 0, (guint) row);
}

static void
cv_sheet_view_init (CvSheetView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  /* A click on a row is the choice a pencil would make there (issue 14). */
  g_signal_connect (click, "released", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

GtkWidget *
cv_sheet_view_new (void)
{
  return g_object_new (CV_TYPE_SHEET_VIEW, NULL);
}

void
cv_sheet_view_update (CvSheetView  *self,
                      const CvGame *game,
                      guint         seat)
{
  g_autofree char *description = NULL;

  g_return_if_fail (CV_IS_SHEET_VIEW (self));
  g_return_if_fail (game != NULL);
  g_return_if_fail (seat < cv_game_get_n_players (game));

  cv_sheet_model_fill (&self->model, game, seat);
  self->has_model = TRUE;
  self->finished = cv_game_is_finished (game);

  description = cv_presenter_dup_sheet_description (game, seat);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, self->model.name,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), description);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const CvSheetModel *
cv_sheet_view_get_model (CvSheetView *self)
{
  g_return_val_if_fail (CV_IS_SHEET_VIEW (self), NULL);

  return self->has_model ? &self->model : NULL;
}

void
cv_sheet_view_set_max_unit (CvSheetView *self,
                            double       unit)
{
  g_return_if_fail (CV_IS_SHEET_VIEW (self));

  if (unit == self->max_unit)
    return;
  self->max_unit = unit;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

double
cv_sheet_view_get_width_units (void)
{
  return SHEET_W;
}

double
cv_sheet_view_get_height_units (void)
{
  return SHEET_H;
}

gboolean
cv_sheet_view_get_finished (CvSheetView *self)
{
  g_return_val_if_fail (CV_IS_SHEET_VIEW (self), FALSE);
  return self->finished;
}
