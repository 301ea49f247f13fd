/* dp-result-page.c — the end of a game: ranks, totals, rows and bonus, the sheets
 *
 * Rules, "End of the Game": "The player with the most points wins. In case of a tie,
 * it is a shared victory." Tied players share their place.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dp-result-page.h"
#include "cv-presenter.h"
#include "cv-sheet-view.h"
#include "cb-board-view.h"
#include "cb-presenter.h"

struct _DpResultPage
{
  GtkWidget    parent_instance;

  char        *headline;
  GArray      *order;        /* guint seats */
  GPtrArray   *rank_texts;   /* char* */

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
                         const CvGame *game)
{
  guint n_players;
  const char *winners[CV_MAX_PLAYERS];
  guint n_winners = 0;
  g_autofree char *joined = NULL;
  int best = 0;

  g_return_if_fail (DP_IS_RESULT_PAGE (self));
  g_return_if_fail (game != NULL);

  n_players = cv_game_get_n_players (game);
  g_array_set_size (self->order, 0);
  g_ptr_array_set_size (self->rank_texts, 0);

  /* By rank, seat order within a shared rank. */
  for (guint rank = 1; rank <= n_players; rank++)
    for (guint seat = 0; seat < n_players; seat++)
      if (cv_game_get_rank (game, seat) == rank)
        g_array_append_val (self->order, seat);

  for (guint seat = 0; seat < n_players; seat++)
    if (cv_game_is_winner (game, seat))
      {
        winners[n_winners++] = cv_game_get_player_name (game, seat);
        best = cv_game_get_total (game, seat);
      }
  joined = cv_presenter_join_names (winners, n_winners);
  g_clear_pointer (&self->headline, g_free);
  if (n_winners == 1)
    self->headline = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   /* Translators: "Ina wins with 31 points" */
                                                   "%s wins with %d point",
                                                   "%s wins with %d points", ABS (best)),
                                      joined, best);
  else
    self->headline = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   /* Translators: "Shared win: Ina and Sami with 31 points" */
                                                   "Shared win: %s with %d point",
                                                   "Shared win: %s with %d points", ABS (best)),
                                      joined, best);
  gtk_label_set_text (self->headline_label, self->headline);

  /* The table: place, name, the four rows, bonus, total. */
  clear_container (GTK_WIDGET (self->table_grid));
  gtk_grid_attach (self->table_grid, cell (C_("result table", "Place"), TRUE, 0), 0, 0, 1, 1);
  gtk_grid_attach (self->table_grid, cell (C_("result table", "Player"), TRUE, 0), 1, 0, 1, 1);
  for (guint c = 0; c < CV_N_COLORS; c++)
    {
      char header[32];
      char letter[8] = { 0, };
      GtkWidget *label;

      g_unichar_to_utf8 (cv_face_get_letter ((CvFace) c), letter);
      g_snprintf (header, sizeof header, "%s %s", cv_face_get_symbol ((CvFace) c), letter);
      label = cell (header, TRUE, 1);
      gtk_widget_add_css_class (label, cv_face_get_css_class ((CvFace) c));
      gtk_widget_add_css_class (label, "row-header");
      gtk_widget_set_tooltip_text (label, cv_face_get_name ((CvFace) c));
      gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      cv_face_get_name ((CvFace) c), -1);
      gtk_grid_attach (self->table_grid, label, 2 + c, 0, 1, 1);
    }
  gtk_grid_attach (self->table_grid, cell (C_("result table", "Bonus"), TRUE, 1), 6, 0, 1, 1);
  gtk_grid_attach (self->table_grid, cell (C_("result table", "Total"), TRUE, 1), 7, 0, 1, 1);

  for (guint r = 0; r < self->order->len; r++)
    {
      guint seat = g_array_index (self->order, guint, r);
      guint rank = cv_game_get_rank (game, seat);
      gboolean shared = FALSE;
      char *rank_text;
      g_autofree char *bonus = g_strdup_printf ("%d", cv_game_get_bonus_points (game, seat));
      g_autofree char *total = g_strdup_printf ("%d", cv_game_get_total (game, seat));
      GtkWidget *name;

      for (guint other = 0; other < n_players; other++)
        shared |= other != seat && cv_game_get_rank (game, other) == rank;

      if (shared)
        /* Translators: a shared place in the result table, "=1." */
        rank_text = g_strdup_printf (_("=%u."), rank);
      else
        /* Translators: a place in the result table, "1." */
        rank_text = g_strdup_printf (_("%u."), rank);
      g_ptr_array_add (self->rank_texts, rank_text);

      gtk_grid_attach (self->table_grid, cell (rank_text, rank == 1, 0), 0, r + 1, 1, 1);
      name = cell (cv_game_get_player_name (game, seat), rank == 1, 0);
      if (cv_game_is_winner (game, seat))
        {
          g_autofree char *with_star = g_strdup_printf (_("★ %s"), cv_game_get_player_name (game, seat));
          gtk_label_set_text (GTK_LABEL (name), with_star);
        }
      gtk_grid_attach (self->table_grid, name, 1, r + 1, 1, 1);
      for (guint c = 0; c < CV_N_COLORS; c++)
        {
          g_autofree char *points = g_strdup_printf ("%d", cv_game_get_row_points (game, seat, (CvFace) c));
          gtk_grid_attach (self->table_grid, cell (points, FALSE, 1), 2 + c, r + 1, 1, 1);
        }
      gtk_grid_attach (self->table_grid, cell (bonus, FALSE, 1), 6, r + 1, 1, 1);
      gtk_grid_attach (self->table_grid, cell (total, TRUE, 1), 7, r + 1, 1, 1);
    }

  /* Each sheet as it ended. */
  clear_container (GTK_WIDGET (self->sheets_box));
  for (guint r = 0; r < self->order->len; r++)
    {
      GtkWidget *sheet = cv_sheet_view_new ();

      cv_sheet_view_update (CV_SHEET_VIEW (sheet), game, g_array_index (self->order, guint, r));
      gtk_box_append (self->sheets_box, sheet);
    }
}

/* Rulebook p. 10 „Spielende“: a lone finisher wins; several: the farthest beyond the
 * start. The others are ranked by what Dicepad knows (cb_game_get_rank). */
void
dp_result_page_set_cubitos (DpResultPage *self,
                            const CbGame *game)
{
  guint n_players;
  static const char *const headers[] = {
    /* Translators: columns of the Cubitos result table */
    NC_("result table", "Place"), NC_("result table", "Player"), NC_("result table", "Spaces"),
    NC_("result table", "Laps"), NC_("result table", "Beyond start"), NC_("result table", "Fans"),
    NC_("result table", "Credits"), NC_("result table", "Supply"), NC_("result table", "Dice"),
  };

  g_return_if_fail (DP_IS_RESULT_PAGE (self));
  g_return_if_fail (game != NULL);

  n_players = cb_game_get_n_players (game);
  g_array_set_size (self->order, 0);
  g_ptr_array_set_size (self->rank_texts, 0);
  for (guint rank = 1; rank <= n_players; rank++)
    for (guint seat = 0; seat < n_players; seat++)
      if (cb_game_get_rank (game, seat) == rank)
        g_array_append_val (self->order, seat);

  g_clear_pointer (&self->headline, g_free);
  self->headline = cb_presenter_dup_headline (game);
  gtk_label_set_text (self->headline_label, self->headline);

  clear_container (GTK_WIDGET (self->table_grid));
  for (guint c = 0; c < G_N_ELEMENTS (headers); c++)
    gtk_grid_attach (self->table_grid, cell (g_dpgettext2 (GETTEXT_PACKAGE, "result table", headers[c]), TRUE,
                                             c < 2 ? 0 : 1), c, 0, 1, 1);

  for (guint r = 0; r < self->order->len; r++)
    {
      guint seat = g_array_index (self->order, guint, r);
      guint rank = cb_game_get_rank (game, seat);
      gboolean shared = FALSE;
      char *rank_text;
      const char *name = cb_game_get_player_name (game, seat);
      g_autofree char *with_star = g_strdup_printf (_("★ %s"), name);
      guint dice = 0;
      int beyond = cb_game_get_beyond (game, seat);
      guint values[] = {
        cb_game_get_spaces_moved (game, seat), cb_game_get_laps_done (game, seat), 0,
        cb_game_get_fans (game, seat), cb_game_get_credits (game, seat), cb_game_get_supply_tokens (game, seat), 0,
      };

      for (guint z = 0; z < CB_N_ZONES; z++)
        dice += cb_game_count_zone (game, seat, (CbZone) z);
      values[6] = dice;
      for (guint other = 0; other < n_players; other++)
        shared |= other != seat && cb_game_get_rank (game, other) == rank;
      rank_text = shared ? g_strdup_printf (_("=%u."), rank) : g_strdup_printf (_("%u."), rank);
      g_ptr_array_add (self->rank_texts, rank_text);

      gtk_grid_attach (self->table_grid, cell (rank_text, rank == 1, 0), 0, r + 1, 1, 1);
      gtk_grid_attach (self->table_grid, cell (cb_game_is_winner (game, seat) ? with_star : name, rank == 1, 0),
                       1, r + 1, 1, 1);
      for (guint c = 0; c < G_N_ELEMENTS (values); c++)
        {
          g_autofree char *text = NULL;

          if (c == 2)
            text = beyond >= 0 ? g_strdup_printf ("%d", beyond) : g_strdup ("–");
          else
            text = g_strdup_printf ("%u", values[c]);
          gtk_grid_attach (self->table_grid, cell (text, c == 0, 1), c + 2, r + 1, 1, 1);
        }
    }

  /* Each team board as the race ended. */
  clear_container (GTK_WIDGET (self->sheets_box));
  for (guint r = 0; r < self->order->len; r++)
    {
      GtkWidget *board = cb_board_view_new ();

      cb_board_view_update (CB_BOARD_VIEW (board), game, g_array_index (self->order, guint, r));
      gtk_box_append (self->sheets_box, board);
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
