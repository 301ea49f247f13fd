/* dp-result-page.c — the end of a game: the headline, the ranking, the sheets
 *
 * The ranks come from the game (dp_game_get_rank(): tied players share their place);
 * everything else a game shows here comes from its DpGameView (headline, columns) and
 * its DpGameUi (sheets).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dp-result-page-private.h"
#include "dp-game-ui.h"

struct _DpResultPage
{
  GtkWidget    parent_instance;

  char        *headline;
  GArray      *order;        /* guint seats */
  GPtrArray   *rank_texts;   /* char*, per row */
  GPtrArray   *name_texts;   /* char*, per row: the name, with a star for a winner */
  GArray      *leading;      /* gboolean, per row: first place, drawn bold */
  GPtrArray   *columns;      /* DpResultColumn*: the game's, after Place and Player */
  int          wide_width;   /* the table's natural width with every column */
  gboolean     folded;       /* too narrow for that: the game's figures under each name */
  guint        fold_idle;

  /* Template widgets */
  GtkLabel    *headline_label;
  GtkGrid     *table_grid;
  GtkBox      *sheets_box;
  GtkButton   *play_again_button;
};

G_DEFINE_FINAL_TYPE (DpResultPage, dp_result_page, GTK_TYPE_WIDGET)

static GtkWidget *
cell (const char *text,
      gboolean    bold,
      float       xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (bold)
    gtk_widget_add_css_class (label, "heading");
  return label;
}

static void
dp_result_page_dispose (GObject *object)
{
  DpResultPage *self = DP_RESULT_PAGE (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), DP_TYPE_RESULT_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->headline, g_free);
  g_clear_pointer (&self->order, g_array_unref);
  g_clear_pointer (&self->rank_texts, g_ptr_array_unref);
  g_clear_pointer (&self->name_texts, g_ptr_array_unref);
  g_clear_pointer (&self->leading, g_array_unref);
  g_clear_pointer (&self->columns, g_ptr_array_unref);
  g_clear_handle_id (&self->fold_idle, g_source_remove);

  G_OBJECT_CLASS (dp_result_page_parent_class)->dispose (object);
}

static void build_table (DpResultPage *self);

static gboolean
refold_idle (gpointer data)
{
  DpResultPage *self = data;

  self->fold_idle = 0;
  build_table (self);
  return G_SOURCE_REMOVE;
}

/* The room the table has at @width: the page's content margins (dp-result-page.ui). */
static gboolean
too_narrow (DpResultPage *self,
            int           width)
{
  return self->wide_width > 0 && width > 0 && width - 24 < self->wide_width;
}

static void
dp_result_page_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  DpResultPage *self = DP_RESULT_PAGE (widget);

  /* Folding rebuilds the table: after this allocation, never during it. */
  if (too_narrow (self, width) != self->folded && self->fold_idle == 0)
    self->fold_idle = g_idle_add (refold_idle, self);
  gtk_widget_size_allocate (gtk_widget_get_first_child (widget), &(GtkAllocation) { 0, 0, width, height }, baseline);
}

static void
dp_result_page_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  gtk_widget_measure (gtk_widget_get_first_child (widget), orientation, for_size, minimum, natural, NULL, NULL);
}

static void
dp_result_page_class_init (DpResultPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dp_result_page_dispose;
  widget_class->size_allocate = dp_result_page_size_allocate;
  widget_class->measure = dp_result_page_measure;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/dp-result-page.ui");
  gtk_widget_class_bind_template_child (widget_class, DpResultPage, headline_label);
  gtk_widget_class_bind_template_child (widget_class, DpResultPage, table_grid);
  gtk_widget_class_bind_template_child (widget_class, DpResultPage, sheets_box);
  gtk_widget_class_bind_template_child (widget_class, DpResultPage, play_again_button);
}

static void
dp_result_page_init (DpResultPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->order = g_array_new (FALSE, FALSE, sizeof (guint));
  self->rank_texts = g_ptr_array_new_with_free_func (g_free);
  self->name_texts = g_ptr_array_new_with_free_func (g_free);
  self->leading = g_array_new (FALSE, FALSE, sizeof (gboolean));
  self->columns = g_ptr_array_new_with_free_func ((GDestroyNotify) dp_result_column_free);
}

GtkWidget *
dp_result_page_new (void)
{
  return g_object_new (DP_TYPE_RESULT_PAGE, NULL);
}

static void
clear_container (GtkWidget *container)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (container)) != NULL)
    {
      if (GTK_IS_GRID (container))
        gtk_grid_remove (GTK_GRID (container), child);
      else
        gtk_box_remove (GTK_BOX (container), child);
    }
}

void
dp_result_page_set_game (DpResultPage *self,
                         const DpGame *game)
{
  const DpGameUi *ui;
  const DpGameView *view;
  guint n_players;

  g_return_if_fail (DP_IS_RESULT_PAGE (self));
  g_return_if_fail (game != NULL);

  ui = dp_game_ui_for_game (game);
  view = dp_game_view_for_game (game);
  n_players = dp_game_get_n_players (game);
  g_array_set_size (self->order, 0);
  g_ptr_array_set_size (self->rank_texts, 0);
  g_ptr_array_set_size (self->name_texts, 0);
  g_array_set_size (self->leading, 0);

  /* By rank, seat order within a shared rank. */
  for (guint rank = 1; rank <= n_players; rank++)
    for (guint seat = 0; seat < n_players; seat++)
      if (dp_game_get_rank (game, seat) == rank)
        g_array_append_val (self->order, seat);

  g_clear_pointer (&self->headline, g_free);
  self->headline = view != NULL && view->dup_headline != NULL ? view->dup_headline (game) : g_strdup ("");
  gtk_label_set_text (self->headline_label, self->headline);

  /* The table: place, name, then the game's own columns. */
  for (guint r = 0; r < self->order->len; r++)
    {
      guint seat = g_array_index (self->order, guint, r);
      guint rank = dp_game_get_rank (game, seat);
      const char *name = dp_game_get_player_name (game, seat);
      gboolean shared = FALSE, first = rank == 1;

      for (guint other = 0; other < n_players; other++)
        shared |= other != seat && dp_game_get_rank (game, other) == rank;

      if (shared)
        /* Translators: a shared place in the result table, "=1." */
        g_ptr_array_add (self->rank_texts, g_strdup_printf (_("=%u."), rank));
      else
        /* Translators: a place in the result table, "1." */
        g_ptr_array_add (self->rank_texts, g_strdup_printf (_("%u."), rank));
      g_ptr_array_add (self->name_texts,
                       dp_game_is_winner (game, seat) ? g_strdup_printf (_("★ %s"), name) : g_strdup (name));
      g_array_append_val (self->leading, first);
    }

  g_ptr_array_unref (self->columns);
  self->columns = view != NULL && view->dup_result_columns != NULL
                  ? view->dup_result_columns (game)
                  : g_ptr_array_new_with_free_func ((GDestroyNotify) dp_result_column_free);

  /* As wide as every column needs; folded at once if the page is narrower. */
  self->wide_width = 0;
  build_table (self);
  gtk_widget_measure (GTK_WIDGET (self->table_grid), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &self->wide_width,
                      NULL, NULL);
  if (too_narrow (self, gtk_widget_get_width (GTK_WIDGET (self))))
    build_table (self);

  /* Each sheet as it ended. */
  clear_container (GTK_WIDGET (self->sheets_box));
  for (guint r = 0; r < self->order->len; r++)
    gtk_box_append (self->sheets_box, dp_game_ui_new_sheet_view (ui, game, g_array_index (self->order, guint, r)));
}

static GtkWidget *
heading_cell (const DpResultColumn *column)
{
  GtkWidget *label = cell (column->heading, TRUE, 1);

  if (column->css_class != NULL)
    {
      g_auto(GStrv) classes = g_strsplit (column->css_class, " ", -1);

      for (guint i = 0; classes[i] != NULL; i++)
        if (classes[i][0] != '\0')
          gtk_widget_add_css_class (label, classes[i]);
    }
  if (column->description != NULL)
    {
      gtk_widget_set_tooltip_text (label, column->description);
      gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, column->description, -1);
    }
  return label;
}

static const char *
cell_text (const DpResultColumn *column,
           guint                 seat)
{
  return seat < column->cells->len ? g_ptr_array_index (column->cells, seat) : "";
}

/* Whether the game's column @c stays in the player's row when the table is folded: its
 * strong ones (a total, the spaces walked), or the first if none is. */
static gboolean
stays_in_row (DpResultPage *self,
              guint         c)
{
  gboolean any_strong = FALSE;

  if (!self->folded)
    return TRUE;
  for (guint i = 0; i < self->columns->len; i++)
    any_strong |= ((DpResultColumn *) g_ptr_array_index (self->columns, i))->strong;
  return any_strong ? ((DpResultColumn *) g_ptr_array_index (self->columns, c))->strong : c == 0;
}

/* Place, player and every column of the game in one row per player; or, folded (the
 * page is narrower than that: Cubitos' seven figures at 360 px), the strong columns in
 * the row and the others as one line under the name — nothing scrolls sideways or is
 * cut (issue 25, item 3.8). */
static void
build_table (DpResultPage *self)
{
  guint shown = 0, row_span;

  self->folded = too_narrow (self, gtk_widget_get_width (GTK_WIDGET (self)));
  clear_container (GTK_WIDGET (self->table_grid));
  gtk_grid_attach (self->table_grid, cell (C_("result table", "Place"), TRUE, 0), 0, 0, 1, 1);
  gtk_grid_attach (self->table_grid, cell (C_("result table", "Player"), TRUE, 0), 1, 0, 1, 1);
  for (guint c = 0; c < self->columns->len; c++)
    if (stays_in_row (self, c))
      gtk_grid_attach (self->table_grid, heading_cell (g_ptr_array_index (self->columns, c)), 2 + (int) shown++, 0, 1, 1);
  row_span = shown < self->columns->len ? 2 : 1;

  for (guint r = 0; r < self->order->len; r++)
    {
      guint seat = g_array_index (self->order, guint, r);
      gboolean first = g_array_index (self->leading, gboolean, r);
      int top = 1 + (int) (r * row_span), x = 2;
      g_autoptr(GString) rest = g_string_new (NULL);

      gtk_grid_attach (self->table_grid, cell (g_ptr_array_index (self->rank_texts, r), first, 0), 0, top, 1, 1);
      gtk_grid_attach (self->table_grid, cell (g_ptr_array_index (self->name_texts, r), first, 0), 1, top, 1, 1);
      for (guint c = 0; c < self->columns->len; c++)
        {
          const DpResultColumn *column = g_ptr_array_index (self->columns, c);

          if (stays_in_row (self, c))
            {
              gtk_grid_attach (self->table_grid, cell (cell_text (column, seat), column->strong, 1), x++, top, 1, 1);
              continue;
            }
          g_autoptr(GString) figure = g_string_new (NULL);

          /* Translators: a figure in the narrow result table, "Laps 1": the column's
           * name, then the player's value */
          g_string_printf (figure, C_("result table", "%s %s"),
                           column->description != NULL ? column->description : column->heading,
                           cell_text (column, seat));
          /* a figure is never split over two lines, only the line between figures */
          g_string_replace (figure, " ", "\u00a0", 0);
          if (rest->len > 0)
            /* Translators: between two figures of a player in the narrow result table */
            g_string_append (rest, C_("result table", " · "));
          g_string_append (rest, figure->str);
        }
      if (rest->len > 0)
        {
          GtkWidget *label = cell (rest->str, FALSE, 0);

          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_widget_add_css_class (label, "caption");
          gtk_widget_add_css_class (label, "dim-label");
          gtk_grid_attach (self->table_grid, label, 1, top + 1, 1 + (int) shown, 1);
        }
    }
}

const char *
dp_result_page_get_headline (DpResultPage *self)
{
  g_return_val_if_fail (DP_IS_RESULT_PAGE (self), NULL);
  return self->headline;
}

guint
dp_result_page_get_n_rows (DpResultPage *self)
{
  g_return_val_if_fail (DP_IS_RESULT_PAGE (self), 0);
  return self->order->len;
}

guint
dp_result_page_get_row_seat (DpResultPage *self,
                             guint         row)
{
  g_return_val_if_fail (DP_IS_RESULT_PAGE (self), 0);
  g_return_val_if_fail (row < self->order->len, 0);
  return g_array_index (self->order, guint, row);
}

const char *
dp_result_page_get_row_rank_text (DpResultPage *self,
                                  guint         row)
{
  g_return_val_if_fail (DP_IS_RESULT_PAGE (self), NULL);
  g_return_val_if_fail (row < self->rank_texts->len, NULL);
  return g_ptr_array_index (self->rank_texts, row);
}
