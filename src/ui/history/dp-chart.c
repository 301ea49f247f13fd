/* dp-chart.c — line and bar charts drawn with cairo, for History and Statistics
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <adwaita.h>
#include <math.h>

#include "dp-chart.h"
#include "dp-history-format.h"

typedef struct
{
  char   *name;
  double *x;
  double *y;
  guint   n;
} Series;

typedef struct
{
  /* The plot area inside the widget, in widget coordinates. */
  double left, top, right, bottom;
  double x_min, x_max;
  double y_min, y_max;
  double y_step;
  double legend_y;
} Layout;

struct _DpChart
{
  GtkWidget          parent_instance;

  DpChartKind        kind;
  DpChartXAxis       x_axis;
  GPtrArray         *series;  /* Series*; for bars one series with x = 0…n-1 */
  GStrv              bar_labels;
  char              *empty_text;
  DpChartFormatFunc  x_format;
  DpChartFormatFunc  y_format;
  gpointer           format_data;
  gulong             dark_handler;
  gboolean           whole_numbers;  /* y values are counts: no tick between two */
};

G_DEFINE_FINAL_TYPE (DpChart, dp_chart, GTK_TYPE_WIDGET)

#define MARGIN        8.0
#define LEGEND_HEIGHT 22.0
#define MARKER_RADIUS 4.0
#define HIT_RADIUS    12.0
#define N_STYLES      4

/* Okabe & Ito's colour-blind-safe palette; lighter members on a dark background so
 * every line keeps its contrast. The marker shape and dash pattern tell the series
 * apart without colour. */
static const GdkRGBA palette_light[N_STYLES] = {
  { 0.000, 0.447, 0.698, 1.0 },  /* blue #0072B2 */
  { 0.835, 0.369, 0.000, 1.0 },  /* vermillion #D55E00 */
  { 0.000, 0.620, 0.451, 1.0 },  /* bluish green #009E73 */
  { 0.800, 0.475, 0.655, 1.0 },  /* reddish purple #CC79A7 */
};
static const GdkRGBA palette_dark[N_STYLES] = {
  { 0.337, 0.706, 0.914, 1.0 },  /* sky blue #56B4E9 */
  { 0.902, 0.624, 0.000, 1.0 },  /* orange #E69F00 */
  { 0.298, 0.788, 0.627, 1.0 },  /* light bluish green */
  { 0.910, 0.647, 0.800, 1.0 },  /* light reddish purple */
};
static const double dash_dashed[] = { 7.0, 4.0 };
static const double dash_dotted[] = { 2.0, 3.0 };
static const double dash_dash_dot[] = { 8.0, 3.0, 2.0, 3.0 };

static void
series_free (gpointer data)
{
  Series *series = data;

  g_free (series->name);
  g_free (series->x);
  g_free (series->y);
  g_free (series);
}

static gboolean
is_dark (DpChart *self,
         GdkRGBA *foreground)
{
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (self));
  GdkRGBA color;

  gtk_style_context_get_color (context, &color);
  if (foreground != NULL)
    *foreground = color;

  /* Light text means a dark background, whatever the theme calls itself. */
  return 0.299 * color.red + 0.587 * color.green + 0.114 * color.blue > 0.5;
}

static const GdkRGBA *
series_color (DpChart *self,
              guint    index)
{
  return is_dark (self, NULL) ? &palette_dark[index % N_STYLES] : &palette_light[index % N_STYLES];
}

static double
nice_step (double range,
           guint  max_ticks)
{
  double raw, magnitude, fraction;

  if (range <= 0 || max_ticks == 0)
    return 1.0;

  raw = range / max_ticks;
  magnitude = pow (10.0, floor (log10 (raw)));
  fraction = raw / magnitude;

  if (fraction <= 1.0)
    return magnitude;
  if (fraction <= 2.0)
    return 2.0 * magnitude;
  if (fraction <= 5.0)
    return 5.0 * magnitude;
  return 10.0 * magnitude;
}

static gboolean
has_data (DpChart *self)
{
  for (guint i = 0; i < self->series->len; i++)
    if (((Series *) g_ptr_array_index (self->series, i))->n > 0)
      return TRUE;
  return FALSE;
}

static char *
format_tick (DpChart *self,
             double   value,
             gboolean x_axis,
             double   step)
{
  if (x_axis && self->kind == DP_CHART_LINES && self->x_axis == DP_CHART_X_DATE)
    return dp_format_date ((gint64) value);

  return dp_format_double (value, step < 1.0 ? 1 : 0);
}

static int
text_width (DpChart    *self,
            const char *text)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  int width;

  pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}

static void
compute_layout (DpChart *self,
                double   width,
                double   height,
                Layout  *layout)
{
  gboolean first = TRUE;
  double y_min = 0, y_max = 0;
  int label_width = 0;
  guint max_ticks;

  layout->x_min = layout->x_max = 0;

  for (guint s = 0; s < self->series->len; s++)
    {
      Series *series = g_ptr_array_index (self->series, s);

      for (guint i = 0; i < series->n; i++)
        {
          if (first)
            {
              layout->x_min = layout->x_max = series->x[i];
              y_min = y_max = series->y[i];
              first = FALSE;
              continue;
            }
          layout->x_min = MIN (layout->x_min, series->x[i]);
          layout->x_max = MAX (layout->x_max, series->x[i]);
          y_min = MIN (y_min, series->y[i]);
          y_max = MAX (y_max, series->y[i]);
        }
    }

  /* Scores and counts read best from zero; negative totals extend below it. */
  y_min = MIN (y_min, 0.0);
  y_max = MAX (y_max, y_min + 1.0);

  if (self->kind == DP_CHART_BARS)
    {
      layout->x_min = -0.5;
      layout->x_max = MAX (layout->x_max, 0.0) + 0.5;
    }
  else if (layout->x_max <= layout->x_min)
    {
      double pad = self->x_axis == DP_CHART_X_DATE ? 86400.0 : 1.0;

      layout->x_min -= pad;
      layout->x_max += pad;
    }

  max_ticks = MAX (2, (guint) (height / 45.0));
  layout->y_step = nice_step (y_max - y_min, max_ticks);
  /* Wins, places, busts: half a win is no tick to show. */
  if (self->whole_numbers && layout->y_step < 1.0)
    layout->y_step = 1.0;
  layout->y_min = floor (y_min / layout->y_step) * layout->y_step;
  layout->y_max = ceil (y_max / layout->y_step) * layout->y_step;
  if (self->kind == DP_CHART_BARS)
    layout->y_max += layout->y_step * 0.5; /* room for the value above the highest bar */

  for (double v = layout->y_min; v <= layout->y_max + layout->y_step * 1e-6; v += layout->y_step)
    {
      g_autofree char *text = format_tick (self, v, FALSE, layout->y_step);
      label_width = MAX (label_width, text_width (self, text));
    }

  layout->legend_y = MARGIN;
  layout->top = MARGIN + (self->kind == DP_CHART_LINES ? LEGEND_HEIGHT : 0) + 8.0;
  layout->left = MARGIN + label_width + 8.0;
  layout->right = width - MARGIN - (self->kind == DP_CHART_LINES && self->x_axis == DP_CHART_X_DATE ? 30.0 : 12.0);
  layout->bottom = height - MARGIN - 22.0;

  if (layout->right <= layout->left + 1)
    layout->right = layout->left + 1;
  if (layout->bottom <= layout->top + 1)
    layout->bottom = layout->top + 1;
}

static double
map_x (const Layout *layout,
       double        x)
{
  return layout->left + (x - layout->x_min) / (layout->x_max - layout->x_min) * (layout->right - layout->left);
}

static double
map_y (const Layout *layout,
       double        y)
{
  return layout->bottom - (y - layout->y_min) / (layout->y_max - layout->y_min) * (layout->bottom - layout->top);
}

static void
set_dash (cairo_t *cr,
          guint    index)
{
  switch (index % N_STYLES)
    {
    case 0:
      cairo_set_dash (cr, NULL, 0, 0);
      break;
    case 1:
      cairo_set_dash (cr, dash_dashed, G_N_ELEMENTS (dash_dashed), 0);
      break;
    case 2:
      cairo_set_dash (cr, dash_dotted, G_N_ELEMENTS (dash_dotted), 0);
      break;
    default:
      cairo_set_dash (cr, dash_dash_dot, G_N_ELEMENTS (dash_dash_dot), 0);
      break;
    }
}

/* Circle, square, triangle, diamond: the series' shape, filled in its colour with
 * an outline in the background's contrast colour so it stands out on the line. */
static void
draw_marker (cairo_t       *cr,
             guint          index,
             double         x,
             double         y,
             double         r,
             const GdkRGBA *color,
             const GdkRGBA *outline)
{
  cairo_new_path (cr);
  switch (index % N_STYLES)
    {
    case 0:
      cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      break;
    case 1:
      cairo_rectangle (cr, x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8);
      break;
    case 2:
      cairo_move_to (cr, x, y - r * 1.2);
      cairo_line_to (cr, x + r * 1.1, y + r * 0.8);
      cairo_line_to (cr, x - r * 1.1, y + r * 0.8);
      cairo_close_path (cr);
      break;
    default:
      cairo_move_to (cr, x, y - r * 1.3);
      cairo_line_to (cr, x + r * 1.1, y);
      cairo_line_to (cr, x, y + r * 1.3);
      cairo_line_to (cr, x - r * 1.1, y);
      cairo_close_path (cr);
      break;
    }
  gdk_cairo_set_source_rgba (cr, color);
  cairo_fill_preserve (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_width (cr, 1.0);
  gdk_cairo_set_source_rgba (cr, outline);
  cairo_stroke (cr);
}

static void
draw_text (DpChart       *self,
           cairo_t       *cr,
           const char    *text,
           double         x,
           double         y,
           double         x_align,
           double         y_align,
           int            max_width,
           const GdkRGBA *color)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  int w, h;

  if (max_width > 0)
    {
      pango_layout_set_width (layout, max_width * PANGO_SCALE);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  pango_layout_get_pixel_size (layout, &w, &h);
  gdk_cairo_set_source_rgba (cr, color);
  cairo_move_to (cr, round (x - w * x_align), round (y - h * y_align));
  pango_cairo_show_layout (cr, layout);
}

/* The x ticks as drawn: values and their labels. Dates get whole days, and a label
 * equal to the one before it is left out, so a day is named once (issue 19: "the date
 * axis repeats labels"). */
static void
compute_x_ticks (DpChart      *self,
                 const Layout *layout,
                 GArray       *values,
                 GPtrArray    *texts)
{
  g_autofree char *sample = NULL;
  double width = layout->right - layout->left;
  double range = layout->x_max - layout->x_min;
  double label_w, step;
  guint max_ticks;

  if (self->kind == DP_CHART_BARS || !has_data (self))
    return;

  sample = format_tick (self, layout->x_max, TRUE, 1.0);
  label_w = text_width (self, sample) + 16.0;
  max_ticks = MAX (1, (guint) (width / label_w));

  if (self->x_axis == DP_CHART_X_DATE)
    {
      const double day = 86400.0;
      guint n = MIN (max_ticks, 5);

      step = MAX (day, ceil (range / MAX (n, 1) / day) * day);
      for (double v = layout->x_min; v <= layout->x_max + 1.0; v += step)
        {
          char *text = format_tick (self, v, TRUE, 1.0);

          if (texts->len > 0 && g_str_equal (g_ptr_array_index (texts, texts->len - 1), text))
            {
              g_free (text);
              continue;
            }
          g_array_append_val (values, v);
          g_ptr_array_add (texts, text);
        }
      return;
    }

  step = MAX (1.0, nice_step (range, max_ticks));
  for (double v = ceil (layout->x_min / step) * step; v <= layout->x_max + 1e-9; v += step)
    {
      g_array_append_val (values, v);
      g_ptr_array_add (texts, format_tick (self, v, TRUE, step));
    }
}

static void
draw_axes (DpChart       *self,
           cairo_t       *cr,
           const Layout  *layout,
           const GdkRGBA *fg)
{
  GdkRGBA grid = *fg, dim = *fg;
  const GdkRGBA *dim_color = &dim;

  grid.alpha = 0.15;
  dim.alpha = 0.7;

  /* Horizontal grid lines with the y values. */
  cairo_set_line_width (cr, 1.0);
  for (double v = layout->y_min; v <= layout->y_max + layout->y_step * 1e-6; v += layout->y_step)
    {
      double y = round (map_y (layout, v)) + 0.5;
      g_autofree char *text = format_tick (self, v, FALSE, layout->y_step);

      gdk_cairo_set_source_rgba (cr, fabs (v) < 1e-9 ? &dim : &grid);
      cairo_move_to (cr, layout->left, y);
      cairo_line_to (cr, layout->right, y);
      cairo_stroke (cr);
      draw_text (self, cr, text, layout->left - 6, y, 1.0, 0.5, -1, &dim);
    }

  if (self->kind == DP_CHART_BARS)
    return;

  /* x labels: as many as fit side by side without touching. */
  {
    g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
    g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

    compute_x_ticks (self, layout, values, texts);
    for (guint i = 0; i < values->len; i++)
      {
        double v = g_array_index (values, double, i);
        double align = 0.5;

        /* The first and last date sit inside the plot, not half outside it. */
        if (self->x_axis == DP_CHART_X_DATE && layout->x_max > layout->x_min)
          align = (v - layout->x_min) / (layout->x_max - layout->x_min);
        draw_text (self, cr, g_ptr_array_index (texts, i), map_x (layout, v), layout->bottom + 4,
                   CLAMP (align, 0.0, 1.0), 0.0, -1, dim_color);
      }
  }
}

static void
draw_lines (DpChart       *self,
            cairo_t       *cr,
            const Layout  *layout,
            const GdkRGBA *fg,
            const GdkRGBA *bg)
{
  double legend_x = layout->left;

  for (guint s = 0; s < self->series->len; s++)
    {
      Series *series = g_ptr_array_index (self->series, s);
      const GdkRGBA *color = series_color (self, s);
      double spacing = series->n > 1 ? (layout->right - layout->left) / (series->n - 1) : 1000.0;
      guint every = spacing >= 9.0 ? 1 : (guint) ceil (9.0 / spacing);
      double radius = spacing >= 14.0 ? MARKER_RADIUS : MARKER_RADIUS * 0.8;

      cairo_set_line_width (cr, 2.0);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      set_dash (cr, s);
      gdk_cairo_set_source_rgba (cr, color);
      cairo_new_path (cr);
      for (guint i = 0; i < series->n; i++)
        cairo_line_to (cr, map_x (layout, series->x[i]), map_y (layout, series->y[i]));
      cairo_stroke (cr);

      /* Markers on every point while they have room, else on every n-th and the last. */
      for (guint i = 0; i < series->n; i++)
        if (i % every == 0 || i + 1 == series->n)
          draw_marker (cr, s, map_x (layout, series->x[i]), map_y (layout, series->y[i]), radius, color, bg);

      /* Legend: line sample, marker and name. */
      {
        g_autoptr(PangoLayout) text = gtk_widget_create_pango_layout (GTK_WIDGET (self), series->name);
        double y = layout->legend_y + LEGEND_HEIGHT / 2;
        int w, h;

        pango_layout_get_pixel_size (text, &w, &h);
        cairo_set_line_width (cr, 2.0);
        set_dash (cr, s);
        gdk_cairo_set_source_rgba (cr, color);
        cairo_move_to (cr, legend_x, y);
        cairo_line_to (cr, legend_x + 24, y);
        cairo_stroke (cr);
        draw_marker (cr, s, legend_x + 12, y, MARKER_RADIUS, color, bg);
        gdk_cairo_set_source_rgba (cr, fg);
        cairo_move_to (cr, legend_x + 30, round (y - h / 2.0));
        pango_cairo_show_layout (cr, text);
        legend_x += 30 + w + 18;
      }
    }
}

static void
draw_bars (DpChart       *self,
           cairo_t       *cr,
           const Layout  *layout,
           const GdkRGBA *fg)
{
  Series *series;
  double slot;
  const GdkRGBA *color = series_color (self, 0);

  if (self->series->len == 0)
    return;

  series = g_ptr_array_index (self->series, 0);
  slot = (layout->right - layout->left) / MAX (series->n, 1);

  for (guint i = 0; i < series->n; i++)
    {
      double cx = map_x (layout, i);
      double w = MIN (slot * 0.6, 64.0);
      double y0 = map_y (layout, 0.0), y1 = map_y (layout, series->y[i]);
      g_autofree char *value = dp_format_double (series->y[i], fabs (series->y[i] - round (series->y[i])) > 1e-9 ? 1 : 0);
      const char *label = self->bar_labels != NULL && self->bar_labels[i] != NULL ? self->bar_labels[i] : "";

      gdk_cairo_set_source_rgba (cr, color);
      cairo_rectangle (cr, round (cx - w / 2), MIN (y0, y1), round (w), fabs (y1 - y0));
      cairo_fill (cr);

      /* Value and name in text: a bar never needs its colour to be read. */
      draw_text (self, cr, value, cx, MIN (y0, y1) - 2, 0.5, 1.0, -1, fg);
      draw_text (self, cr, label, cx, layout->bottom + 4, 0.5, 0.0, (int) MAX (slot - 4, 10), fg);
    }
}

static void
dp_chart_snapshot (GtkWidget   *widget,
                   GtkSnapshot *snapshot)
{
  DpChart *self = DP_CHART (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  GdkRGBA fg, bg;
  gboolean dark = is_dark (self, &fg);
  Layout layout;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;

  /* The outline of markers: the background's shade, so they stand out from lines. */
  bg = dark ? (GdkRGBA) { 0.14, 0.14, 0.14, 1.0 } : (GdkRGBA) { 1.0, 1.0, 1.0, 1.0 };

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  if (!has_data (self))
    {
      GdkRGBA dim = fg;

      dim.alpha = 0.55;
      draw_text (self, cr, self->empty_text != NULL ? self->empty_text : "", width / 2, height / 2, 0.5, 0.5, (int) width - 16, &dim);
      cairo_destroy (cr);
      return;
    }

  compute_layout (self, width, height, &layout);
  draw_axes (self, cr, &layout, &fg);

  if (self->kind == DP_CHART_LINES)
    draw_lines (self, cr, &layout, &fg, &bg);
  else
    draw_bars (self, cr, &layout, &fg);

  cairo_destroy (cr);
}

static void
dp_chart_measure (GtkWidget      *widget,
                  GtkOrientation  orientation,
                  int             for_size,
                  int            *minimum,
                  int            *natural,
                  int            *minimum_baseline,
                  int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 200;
      *natural = 480;
    }
  else
    {
      *minimum = 160;
      *natural = 240;
    }
}

static char *
format_value (DpChart           *self,
              DpChartFormatFunc  func,
              double             value,
              gboolean           x_axis)
{
  if (func != NULL)
    return func (value, self->format_data);
  if (x_axis && self->x_axis == DP_CHART_X_DATE)
    return dp_format_date ((gint64) value);
  return dp_format_double (value, fabs (value - round (value)) > 1e-9 ? 1 : 0);
}

static gboolean
dp_chart_query_tooltip (GtkWidget  *widget,
                        int         x,
                        int         y,
                        gboolean    keyboard_mode,
                        GtkTooltip *tooltip)
{
  g_autofree char *text = dp_chart_dup_tooltip_at (DP_CHART (widget), x, y);

  if (text == NULL)
    return FALSE;

  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
dark_changed_cb (AdwStyleManager *manager,
                 GParamSpec      *pspec,
                 DpChart         *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
dp_chart_dispose (GObject *object)
{
  DpChart *self = DP_CHART (object);

  g_clear_signal_handler (&self->dark_handler, adw_style_manager_get_default ());

  G_OBJECT_CLASS (dp_chart_parent_class)->dispose (object);
}

static void
dp_chart_finalize (GObject *object)
{
  DpChart *self = DP_CHART (object);

  g_clear_pointer (&self->series, g_ptr_array_unref);
  g_clear_pointer (&self->bar_labels, g_strfreev);
  g_clear_pointer (&self->empty_text, g_free);

  G_OBJECT_CLASS (dp_chart_parent_class)->finalize (object);
}

static void
dp_chart_class_init (DpChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dp_chart_dispose;
  object_class->finalize = dp_chart_finalize;
  widget_class->snapshot = dp_chart_snapshot;
  widget_class->measure = dp_chart_measure;
  widget_class->query_tooltip = dp_chart_query_tooltip;

  gtk_widget_class_set_css_name (widget_class, "chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
dp_chart_init (DpChart *self)
{
  self->series = g_ptr_array_new_with_free_func (series_free);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  self->dark_handler = g_signal_connect (adw_style_manager_get_default (), "notify::dark",
                                         G_CALLBACK (dark_changed_cb), self);
}

GtkWidget *
dp_chart_new (DpChartKind kind)
{
  DpChart *self = g_object_new (DP_TYPE_CHART, NULL);

  self->kind = kind;
  return GTK_WIDGET (self);
}

void
dp_chart_set_kind (DpChart     *self,
                   DpChartKind  kind)
{
  g_return_if_fail (DP_IS_CHART (self));

  self->kind = kind;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

DpChartKind
dp_chart_get_kind (DpChart *self)
{
  g_return_val_if_fail (DP_IS_CHART (self), DP_CHART_LINES);
  return self->kind;
}

void
dp_chart_set_x_axis (DpChart      *self,
                     DpChartXAxis  axis)
{
  g_return_if_fail (DP_IS_CHART (self));

  self->x_axis = axis;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
dp_chart_set_formatters (DpChart           *self,
                         DpChartFormatFunc  x_format,
                         DpChartFormatFunc  y_format,
                         gpointer           user_data)
{
  g_return_if_fail (DP_IS_CHART (self));

  self->x_format = x_format;
  self->y_format = y_format;
  self->format_data = user_data;
}

void
dp_chart_set_empty_text (DpChart    *self,
                         const char *text)
{
  g_return_if_fail (DP_IS_CHART (self));

  g_free (self->empty_text);
  self->empty_text = g_strdup (text);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
dp_chart_set_title (DpChart    *self,
                    const char *title)
{
  g_return_if_fail (DP_IS_CHART (self));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  -1);
}

void
dp_chart_clear (DpChart *self)
{
  g_return_if_fail (DP_IS_CHART (self));

  g_ptr_array_set_size (self->series, 0);
  g_clear_pointer (&self->bar_labels, g_strfreev);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
dp_chart_add_series (DpChart      *self,
                     const char   *name,
                     const double *x,
                     const double *y,
                     guint         n)
{
  Series *series;

  g_return_val_if_fail (DP_IS_CHART (self), 0);
  g_return_val_if_fail (n == 0 || (x != NULL && y != NULL), 0);

  series = g_new0 (Series, 1);
  series->name = g_strdup (name != NULL ? name : "");
  series->x = g_memdup2 (x, sizeof (double) * n);
  series->y = g_memdup2 (y, sizeof (double) * n);
  series->n = n;
  g_ptr_array_add (self->series, series);
  gtk_widget_queue_draw (GTK_WIDGET (self));

  return self->series->len - 1;
}

void
dp_chart_set_bars (DpChart           *self,
                   const char *const *labels,
                   const double      *values,
                   guint              n)
{
  g_autofree double *x = g_new (double, MAX (n, 1));
  GStrvBuilder *builder = g_strv_builder_new ();

  g_return_if_fail (DP_IS_CHART (self));

  dp_chart_clear (self);
  for (guint i = 0; i < n; i++)
    {
      x[i] = i;
      g_strv_builder_add (builder, labels[i]);
    }
  self->bar_labels = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  dp_chart_add_series (self, NULL, x, values, n);
}

guint
dp_chart_get_n_series (DpChart *self)
{
  g_return_val_if_fail (DP_IS_CHART (self), 0);
  return self->series->len;
}

const char *
dp_chart_get_series_name (DpChart *self,
                          guint    series)
{
  g_return_val_if_fail (DP_IS_CHART (self), NULL);
  g_return_val_if_fail (series < self->series->len, NULL);

  if (self->kind == DP_CHART_BARS)
    return NULL;
  return ((Series *) g_ptr_array_index (self->series, series))->name;
}

guint
dp_chart_get_n_points (DpChart *self,
                       guint    series)
{
  g_return_val_if_fail (DP_IS_CHART (self), 0);

  if (series >= self->series->len)
    return 0;
  return ((Series *) g_ptr_array_index (self->series, series))->n;
}

gboolean
dp_chart_get_point (DpChart *self,
                    guint    series,
                    guint    index,
                    double  *x,
                    double  *y)
{
  Series *s;

  g_return_val_if_fail (DP_IS_CHART (self), FALSE);

  if (series >= self->series->len)
    return FALSE;
  s = g_ptr_array_index (self->series, series);
  if (index >= s->n)
    return FALSE;
  if (x != NULL)
    *x = s->x[index];
  if (y != NULL)
    *y = s->y[index];
  return TRUE;
}

gboolean
dp_chart_get_point_position (DpChart *self,
                             guint    series,
                             guint    index,
                             double  *px,
                             double  *py)
{
  Layout layout;
  double x, y;

  g_return_val_if_fail (DP_IS_CHART (self), FALSE);

  if (!dp_chart_get_point (self, series, index, &x, &y))
    return FALSE;

  compute_layout (self, gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)), &layout);
  *px = map_x (&layout, x);
  *py = map_y (&layout, y);
  return TRUE;
}

char *
dp_chart_dup_tooltip_at (DpChart *self,
                         double   px,
                         double   py)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double best = HIT_RADIUS * HIT_RADIUS;
  int best_series = -1, best_index = -1;
  Layout layout;

  g_return_val_if_fail (DP_IS_CHART (self), NULL);

  if (!has_data (self) || width <= 0 || height <= 0)
    return NULL;

  compute_layout (self, width, height, &layout);

  if (self->kind == DP_CHART_BARS)
    {
      Series *series = g_ptr_array_index (self->series, 0);
      double slot = (layout.right - layout.left) / MAX (series->n, 1);
      int i;
      g_autofree char *value = NULL;

      if (px < layout.left || px >= layout.right || py < layout.top || py > layout.bottom + 22)
        return NULL;
      i = (int) ((px - layout.left) / slot);
      if (i < 0 || (guint) i >= series->n)
        return NULL;
      value = format_value (self, self->y_format, series->y[i], FALSE);
      /* Translators: a bar's tooltip in a chart: "Ina: 12 wins" */
      return g_strdup_printf (_("%s: %s"), self->bar_labels[i], value);
    }

  for (guint s = 0; s < self->series->len; s++)
    {
      Series *series = g_ptr_array_index (self->series, s);

      for (guint i = 0; i < series->n; i++)
        {
          double dx = map_x (&layout, series->x[i]) - px;
          double dy = map_y (&layout, series->y[i]) - py;

          if (dx * dx + dy * dy <= best)
            {
              best = dx * dx + dy * dy;
              best_series = s;
              best_index = i;
            }
        }
    }

  if (best_series < 0)
    return NULL;

  {
    Series *series = g_ptr_array_index (self->series, best_series);
    g_autofree char *x_text = format_value (self, self->x_format, series->x[best_index], TRUE);
    g_autofree char *y_text = format_value (self, self->y_format, series->y[best_index], FALSE);

    /* Translators: a point's tooltip in a chart: player name, then e.g. "Turn 5: 23 points" */
    return g_strdup_printf (_("%s\n%s: %s"), series->name, x_text, y_text);
  }
}

void
dp_chart_set_whole_numbers (DpChart  *self,
                            gboolean  whole_numbers)
{
  g_return_if_fail (DP_IS_CHART (self));

  self->whole_numbers = !!whole_numbers;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GStrv
dp_chart_dup_x_labels (DpChart *self)
{
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();
  Layout layout;

  g_return_val_if_fail (DP_IS_CHART (self), NULL);

  compute_layout (self, gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)), &layout);
  compute_x_ticks (self, &layout, values, texts);
  g_ptr_array_add (texts, NULL);
  return (GStrv) g_ptr_array_steal (texts, NULL);
}

GStrv
dp_chart_dup_y_labels (DpChart *self)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();
  Layout layout;

  g_return_val_if_fail (DP_IS_CHART (self), NULL);

  compute_layout (self, gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)), &layout);
  for (double v = layout.y_min; v <= layout.y_max + layout.y_step * 1e-6; v += layout.y_step)
    g_ptr_array_add (texts, format_tick (self, v, FALSE, layout.y_step));
  g_ptr_array_add (texts, NULL);
  return (GStrv) g_ptr_array_steal (texts, NULL);
}
