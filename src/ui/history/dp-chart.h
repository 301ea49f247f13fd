/* dp-chart.h — line and bar charts drawn with cairo, for History and Statistics
 *
 * One widget, two kinds: lines (one series per player; x is a turn number or a
 * date) and bars (one bar per label). Every series has its own colour from a
 * colour-blind-safe palette (Okabe–Ito, lighter in dark mode), its own marker shape
 * and its own dash pattern, and bars carry their value and label in text, so no
 * chart needs colour to be read. Hovering shows the values in a tooltip.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum
{
  DP_CHART_LINES,
  DP_CHART_BARS,
} DpChartKind;

typedef enum
{
  DP_CHART_X_NUMBER, /* x values are plain numbers (turns) */
  DP_CHART_X_DATE,   /* x values are unix times, labelled as local dates */
} DpChartXAxis;

/* Formats a value for a tooltip, e.g. "Turn 5" or "34 points". Returns a new string. */
typedef char *(*DpChartFormatFunc) (double value, gpointer user_data);

#define DP_TYPE_CHART (dp_chart_get_type ())
G_DECLARE_FINAL_TYPE (DpChart, dp_chart, DP, CHART, GtkWidget)

GtkWidget  *dp_chart_new (DpChartKind kind);
void        dp_chart_set_kind (DpChart *self, DpChartKind kind);
DpChartKind dp_chart_get_kind (DpChart *self);
void        dp_chart_set_x_axis (DpChart *self, DpChartXAxis axis);
/* Formatters for the tooltip's x and y values (NULL = a locale-formatted number). */
void        dp_chart_set_formatters (DpChart           *self,
                                     DpChartFormatFunc  x_format,
                                     DpChartFormatFunc  y_format,
                                     gpointer           user_data);
/* Shown in the middle when the chart has no data, e.g. "No finished games yet". */
void        dp_chart_set_empty_text (DpChart *self, const char *text);
/* The accessible name; also what a screen reader announces for the picture. */
void        dp_chart_set_title (DpChart *self, const char *title);

/* TRUE when the y values are counts (wins, places): the y axis has whole-number ticks. */
void        dp_chart_set_whole_numbers (DpChart *self, gboolean whole_numbers);

/* Removes every series and bar. */
void        dp_chart_clear (DpChart *self);
/* Adds one line of @n points; returns its index (its colour/marker number). */
guint       dp_chart_add_series (DpChart      *self,
                                 const char   *name,
                                 const double *x,
                                 const double *y,
                                 guint         n);
/* Replaces the bars: one per label, in the order given. */
void        dp_chart_set_bars (DpChart           *self,
                               const char *const *labels,
                               const double      *values,
                               guint              n);

/* What is shown, for tests and accessibility. */
guint       dp_chart_get_n_series (DpChart *self);
const char *dp_chart_get_series_name (DpChart *self, guint series);
guint       dp_chart_get_n_points (DpChart *self, guint series);
gboolean    dp_chart_get_point (DpChart *self, guint series, guint index, double *x, double *y);
/* The tooltip text for widget coordinates (@x, @y), or NULL when nothing is near. */
char       *dp_chart_dup_tooltip_at (DpChart *self, double x, double y);
/* Widget coordinates where a point (or for bars: the top middle of bar @index) is drawn. */
gboolean    dp_chart_get_point_position (DpChart *self, guint series, guint index, double *px, double *py);

/* The axis labels as drawn at the chart's current size (for tests). */
GStrv       dp_chart_dup_x_labels (DpChart *self);
GStrv       dp_chart_dup_y_labels (DpChart *self);

G_END_DECLS
