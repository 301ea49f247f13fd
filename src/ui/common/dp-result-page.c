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
  GPtrArray   *rank_texts;   /* char* */
  guint        n_columns;    /* Place, Player, then the game's (dup_result_columns) */

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

  G_OBJECT_CLASS (dp_result_page_parent_class)->dispose (object);
}

static void
dp_result_page_class_init (DpResultPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dp_result_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/dp-result-page.ui");
  gtk_widget_class_bind_template_child (widget_class, DpResultPage, headline_label);
  gtk_widget_class_bind_template_child (widget_class, DpResultPage, table_grid);
  gtk_widget_class_bind_template_child (widget_class, DpResultPage, sheets_box);
  gtk_widget_class_bind_template_child (widget_class, DpResultPage, play_again_button);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
dp_result_page_init (DpResultPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->order = g_array_new (FALSE, FALSE, sizeof (guint));
  self->rank_texts = g_ptr_array_new_with_free_func (g_free);
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

  /* By rank, seat order within a shared rank. */
  for (guint rank = 1; rank <= n_players; rank++)
    for (guint seat = 0; seat < n_players; seat++)
      if (dp_game_get_rank (game, seat) == rank)
        g_array_append_val (self->order, seat);

  g_clear_pointer (&self->headline, g_free);
  self->headline = view != NULL && view->dup_headline != NULL ? view->dup_headline (game) : g_strdup ("");
  gtk_label_set_text (self->headline_label, self->headline);

  /* The table: place, name, then the game's own columns. */
  clear_container (GTK_WIDGET (self->table_grid));
  self->n_columns = 2;
  gtk_grid_attach (self->table_grid, cell (C_("result table", "Place"), TRUE, 0), 0, 0, 1, 1);
  gtk_grid_attach (self->table_grid, cell (C_("result table", "Player"), TRUE, 0), 1, 0, 1, 1);

  for (guint r = 0; r < self->order->len; r++)
    {
      guint seat = g_array_index (self->order, guint, r);
      guint rank = dp_game_get_rank (game, seat);
      const char *name = dp_game_get_player_name (game, seat);
      gboolean shared = FALSE;
      char *rank_text;

      for (guint other = 0; other < n_players; other++)
        shared |= other != seat && dp_game_get_rank (game, other) == rank;

      if (shared)
        /* Translators: a shared place in the result table, "=1." */
        rank_text = g_strdup_printf (_("=%u."), rank);
      else
        /* Translators: a place in the result table, "1." */
        rank_text = g_strdup_printf (_("%u."), rank);
      g_ptr_array_add (self->rank_texts, rank_text);

      gtk_grid_attach (self->table_grid, cell (rank_text, rank == 1, 0), 0, r + 1, 1, 1);
      if (dp_game_is_winner (game, seat))
        {
          g_autofree char *with_star = g_strdup_printf (_("★ %s"), name);
          gtk_grid_attach (self->table_grid, cell (with_star, rank == 1, 0), 1, r + 1, 1, 1);
        }
      else
        gtk_grid_attach (self->table_grid, cell (name, rank == 1, 0), 1, r + 1, 1, 1);
    }

  if (view != NULL && view->dup_result_columns != NULL)
    {
      g_autoptr(GPtrArray) columns = view->dup_result_columns (game);

      for (guint i = 0; i < columns->len; i++)
        {
          DpResultColumn *column = g_ptr_array_index (columns, i);
          guint index = dp_result_page_add_column (self, column->heading, column->description, column->css_class);

          for (guint seat = 0; seat < column->cells->len && seat < n_players; seat++)
            dp_result_page_set_cell (self, index, seat, g_ptr_array_index (column->cells, seat), column->strong);
        }
    }

  /* Each sheet as it ended. */
  clear_container (GTK_WIDGET (self->sheets_box));
  for (guint r = 0; r < self->order->len; r++)
    gtk_box_append (self->sheets_box, dp_game_ui_new_sheet_view (ui, game, g_array_index (self->order, guint, r)));
}

guint
dp_result_page_add_column (DpResultPage *self,
                           const char   *heading,
                           const char   *description,
                           const char   *css_class)
{
  GtkWidget *label;

  g_return_val_if_fail (DP_IS_RESULT_PAGE (self), 0);
  g_return_val_if_fail (heading != NULL, 0);

  label = cell (heading, TRUE, 1);
  if (css_class != NULL)
    {
      g_auto(GStrv) classes = g_strsplit (css_class, " ", -1);

      for (guint i = 0; classes[i] != NULL; i++)
        if (classes[i][0] != '\0')
          gtk_widget_add_css_class (label, classes[i]);
    }
  if (description != NULL)
    {
      gtk_widget_set_tooltip_text (label, description);
      gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
    }
  gtk_grid_attach (self->table_grid, label, self->n_columns, 0, 1, 1);
  return self->n_columns++;
}

void
dp_result_page_set_cell (DpResultPage *self,
                         guint         column,
                         guint         seat,
                         const char   *text,
                         gboolean      strong)
{
  g_return_if_fail (DP_IS_RESULT_PAGE (self));
  g_return_if_fail (column >= 2 && column < self->n_columns);
  g_return_if_fail (text != NULL);

  for (guint r = 0; r < self->order->len; r++)
    if (g_array_index (self->order, guint, r) == seat)
      {
        gtk_grid_attach (self->table_grid, cell (text, strong, 1), column, r + 1, 1, 1);
        return;
      }
  g_return_if_reached ();
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
