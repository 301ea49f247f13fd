/* dp-statistics-page.c — who wins most, who freezes best: numbers and charts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <adwaita.h>

#include "dp-application.h"
#include "dp-game-replay-page.h"
#include "dp-game-view.h"
#include "dp-history-format.h"
#include "dp-statistics-page.h"

/* How many players the wins chart shows (most wins first). */
#define MAX_BARS 8

struct _DpStatisticsPage
{
  GtkWidget         parent_instance;

  DpStore          *store;
  char             *kind;
  const DpGameView *view;          /* of `kind`; NULL for All Games: only what all share */
  DpStatisticsColumn columns[DP_STATISTICS_N_COLUMNS];  /* shown, in order */
  guint             n_columns;
  char             *player;
  char             *h2h_a;
  char             *h2h_b;
  GPtrArray        *stats;         /* DpPlayerStats* */
  GStrv             kind_ids;
  GStrv             names;         /* the players of `stats`, in its order */
  GStrv             dropdown_names; /* the names the player dropdowns list */
  GHashTable       *detail_texts;  /* key → shown text */
  char             *h2h_text;
  gboolean          updating_widgets;
  gboolean          shown_before;   /* mapped since the store was set */

  /* Template widgets */
  GtkStack         *content_stack;
  AdwStatusPage    *empty_page;
  GtkDropDown      *kind_dropdown;
  GtkDropDown      *player_dropdown;
  GtkGrid          *players_grid;
  GtkLabel         *player_heading;
  GtkFlowBox       *cards_box;
  GtkWidget        *details_box;
  GtkLabel         *rows_title;
  GtkLabel         *bonus_title;
  GtkLabel         *totals_title;
  GtkListBox       *rows_list;
  GtkListBox       *bonus_list;
  DpChart          *totals_chart;
  DpChart          *wins_chart;
  DpChart          *progression_chart;
  GtkLabel         *progression_label;
  GtkDropDown      *h2h_a_dropdown;
  GtkDropDown      *h2h_b_dropdown;
  GtkLabel         *h2h_label;
};

G_DEFINE_FINAL_TYPE (DpStatisticsPage, dp_statistics_page, GTK_TYPE_WIDGET)

static void update_all (DpStatisticsPage *self);

/* A total as the game names it ("26 points", "26 spaces"); @user_data the DpGameView. */
static char *
format_total (double   value,
              gpointer user_data)
{
  const DpGameView *view = user_data;

  if (view != NULL && view->dup_total_text != NULL)
    return view->dup_total_text (value);
  return dp_format_int ((gint64) value);
}

static char *
format_place (double   value,
              gpointer user_data)
{
  /* Translators: a finishing place in a chart tooltip: "Place 2" */
  return g_strdup_printf (_("Place %d"), (int) value);
}

static char *
format_wins (double   value,
             gpointer user_data)
{
  g_autofree char *number = dp_format_int ((gint64) value);

  /* Translators: a bar of the wins chart: "12 wins" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s win", "%s wins", (gulong) value), number);
}

static char *
format_round (double   value,
              gpointer user_data)
{
  /* Translators: the x value in a score progression tooltip */
  return g_strdup_printf (_("Round %d"), (int) value);
}

static char *
format_game_date (double   value,
                  gpointer user_data)
{
  return dp_format_date_time ((gint64) value);
}

static void
clear_container (GtkWidget *container)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (container)) != NULL)
    {
      if (GTK_IS_LIST_BOX (container))
        gtk_list_box_remove (GTK_LIST_BOX (container), child);
      else if (GTK_IS_FLOW_BOX (container))
        gtk_flow_box_remove (GTK_FLOW_BOX (container), child);
      else if (GTK_IS_GRID (container))
        gtk_grid_remove (GTK_GRID (container), child);
    }
}

static void
grid_attach_label (GtkGrid    *grid,
                   const char *text,
                   int         column,
                   int         row,
                   gboolean    header)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), column == 0 ? 0.0f : 1.0f);
  if (column == 0)
    {
      /* Long names end in "…", but a name is never squeezed to nothing. */
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), 8);
    }
  gtk_widget_set_hexpand (label, column == 0);
  if (header)
    gtk_widget_add_css_class (label, "heading");
  else if (column > 0)
    gtk_widget_add_css_class (label, "numeric");
  gtk_grid_attach (grid, label, column, row, 1, 1);
}

static DpPlayerStats *
find_stats (DpStatisticsPage *self,
            const char       *name)
{
  for (guint i = 0; self->stats != NULL && i < self->stats->len; i++)
    {
      DpPlayerStats *stats = g_ptr_array_index (self->stats, i);

      if (g_strcmp0 (stats->name, name) == 0)
        return stats;
    }
  return NULL;
}

/* The table's columns: what every game shares (games, wins, win rate, average place),
 * then for a game that compares totals its average, best and worst total. */
static void
choose_columns (DpStatisticsPage *self)
{
  static const DpStatisticsColumn shared[] = {
    DP_STATISTICS_COLUMN_PLAYER, DP_STATISTICS_COLUMN_GAMES, DP_STATISTICS_COLUMN_WINS,
    DP_STATISTICS_COLUMN_WIN_RATE, DP_STATISTICS_COLUMN_PLACE,
  };

  self->n_columns = 0;
  for (guint i = 0; i < G_N_ELEMENTS (shared); i++)
    self->columns[self->n_columns++] = shared[i];
  if (self->view != NULL && self->view->total_heading != NULL)
    {
      self->columns[self->n_columns++] = DP_STATISTICS_COLUMN_AVERAGE;
      self->columns[self->n_columns++] = DP_STATISTICS_COLUMN_BEST;
      self->columns[self->n_columns++] = DP_STATISTICS_COLUMN_WORST;
    }
}

static char *
dup_cell_text (DpPlayerStats      *stats,
               DpStatisticsColumn  column)
{
  switch (column)
    {
    case DP_STATISTICS_COLUMN_PLAYER:
      return g_strdup (stats->name);
    case DP_STATISTICS_COLUMN_GAMES:
      return dp_format_int (stats->games);
    case DP_STATISTICS_COLUMN_WINS:
      return dp_format_int (stats->wins);
    case DP_STATISTICS_COLUMN_WIN_RATE:
      return dp_format_percent (stats->win_rate);
    case DP_STATISTICS_COLUMN_PLACE:
      return dp_format_double (stats->average_place, 1);
    case DP_STATISTICS_COLUMN_AVERAGE:
      return dp_format_double (stats->average_total, 1);
    case DP_STATISTICS_COLUMN_BEST:
      return dp_format_int (stats->best_total);
    case DP_STATISTICS_COLUMN_WORST:
      return dp_format_int (stats->worst_total);
    case DP_STATISTICS_N_COLUMNS:
    default:
      return g_strdup ("");
    }
}

static const char *
column_heading (DpStatisticsPage   *self,
                DpStatisticsColumn  column)
{
  switch (column)
    {
    case DP_STATISTICS_COLUMN_PLAYER:
      return _("Player");
    case DP_STATISTICS_COLUMN_GAMES:
      return _("Games");
    case DP_STATISTICS_COLUMN_WINS:
      return _("Wins");
    case DP_STATISTICS_COLUMN_WIN_RATE:
      return _("Win Rate");
    case DP_STATISTICS_COLUMN_PLACE:
      /* Translators: a column of the statistics: the average finishing place (1 = first) */
      return _("Average Place");
    case DP_STATISTICS_COLUMN_AVERAGE:
      return _(self->view->total_heading);
    case DP_STATISTICS_COLUMN_BEST:
      return _("Best");
    case DP_STATISTICS_COLUMN_WORST:
      return _("Worst");
    case DP_STATISTICS_N_COLUMNS:
    default:
      return "";
    }
}

static void
update_players_grid (DpStatisticsPage *self)
{
  clear_container (GTK_WIDGET (self->players_grid));
  choose_columns (self);

  for (guint c = 0; c < self->n_columns; c++)
    grid_attach_label (self->players_grid, column_heading (self, self->columns[c]), c, 0, TRUE);

  for (guint i = 0; i < self->stats->len; i++)
    {
      DpPlayerStats *stats = g_ptr_array_index (self->stats, i);

      for (guint c = 0; c < self->n_columns; c++)
        {
          g_autofree char *text = dup_cell_text (stats, self->columns[c]);
          grid_attach_label (self->players_grid, text, c, i + 1, FALSE);
        }
    }
}

static GtkWidget *
big_number_card (const char *value,
                 const char *caption)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *number = gtk_label_new (value);
  GtkWidget *label = gtk_label_new (caption);

  gtk_widget_add_css_class (box, "card");
  gtk_widget_set_size_request (box, 130, -1);
  gtk_widget_add_css_class (number, "title-1");
  gtk_widget_add_css_class (number, "numeric");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_margin_top (number, 12);
  gtk_widget_set_margin_bottom (label, 12);
  gtk_widget_set_margin_start (box, 0);
  gtk_box_append (GTK_BOX (box), number);
  gtk_box_append (GTK_BOX (box), label);
  return box;
}

static void
add_detail_row (DpStatisticsPage *self,
                GtkListBox       *list,
                const char       *key,
                const char       *title,
                const char       *value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (value);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_widget_add_css_class (label, "numeric");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  gtk_list_box_append (list, row);
  g_hash_table_insert (self->detail_texts, g_strdup (key), g_strdup (value));
}

static void
add_card (DpStatisticsPage *self,
          const char       *key,
          const char       *value,
          const char       *caption)
{
  gtk_flow_box_append (self->cards_box, big_number_card (value, caption));
  g_hash_table_insert (self->detail_texts, g_strdup (key), g_strdup (value));
}

/* The chosen player: big numbers, then the game's own figures (DpGameView.stats), each
 * under the game's headings with its unit. "All Games" shows only the shared numbers. */
static void
update_player_details (DpStatisticsPage *self)
{
  DpPlayerStats *stats = find_stats (self, self->player);
  const DpGameView *view = self->view;
  g_autofree char *games = NULL, *wins = NULL, *rate = NULL, *place = NULL;

  clear_container (GTK_WIDGET (self->cards_box));
  clear_container (GTK_WIDGET (self->rows_list));
  clear_container (GTK_WIDGET (self->bonus_list));
  g_hash_table_remove_all (self->detail_texts);
  gtk_widget_set_visible (self->details_box, view != NULL);

  if (stats == NULL)
    {
      gtk_label_set_label (self->player_heading, "");
      return;
    }

  gtk_label_set_label (self->player_heading, stats->name);

  games = dp_format_int (stats->games);
  wins = dp_format_int (stats->wins);
  rate = dp_format_percent (stats->win_rate);
  place = dp_format_double (stats->average_place, 1);
  /* Translators: captions under the big numbers of a player's statistics */
  add_card (self, "games", games, g_dngettext (GETTEXT_PACKAGE, "game", "games", stats->games));
  add_card (self, "wins", wins, g_dngettext (GETTEXT_PACKAGE, "win", "wins", stats->wins));
  add_card (self, "win_rate", rate, _("win rate"));
  /* Translators: caption of a big number: the average finishing place (1 = first) */
  add_card (self, "average_place", place, _("average place"));

  if (view == NULL)
    return;

  if (view->total_heading != NULL)
    {
      g_autofree char *average = dp_format_double (stats->average_total, 1);
      g_autofree char *best = dp_format_int (stats->best_total);
      g_autofree char *worst = dp_format_int (stats->worst_total);

      /* The table's heading above names the unit ("Average Points"). */
      add_card (self, "average_total", average, _("average total"));
      add_card (self, "best_total", best, _("best total"));
      add_card (self, "worst_total", worst, _("worst total"));
    }

  gtk_label_set_label (self->rows_title, _(view->score_group_title));
  gtk_label_set_label (self->bonus_title, _(view->play_group_title));
  for (guint i = 0; i < view->n_stats; i++)
    {
      const DpStatDescriptor *figure = &view->stats[i];
      double *value = NULL;
      double derived;
      g_autofree char *text = NULL;
      g_autofree char *shown = NULL;

      if (stats->averages == NULL)
        continue;
      if (figure->from_key != NULL)
        {
          double *from = g_hash_table_lookup (stats->averages, figure->from_key);
          double *minus = g_hash_table_lookup (stats->averages, figure->minus_key);

          if (from == NULL || minus == NULL)
            continue;
          derived = MAX (*from - *minus, 0.0);
          value = &derived;
        }
      else if ((value = g_hash_table_lookup (stats->averages, figure->key)) == NULL)
        continue;

      switch (figure->format)
        {
        case DP_STAT_FORMAT_AMOUNT:
          text = dp_format_double (*value, 1);
          break;
        case DP_STAT_FORMAT_SHARE:
          text = dp_format_percent (*value);
          break;
        case DP_STAT_FORMAT_COUNT:
        default:
          text = dp_format_double (*value, 2);
          break;
        }

      /* Translators: a figure with its unit in the statistics: "12.5 points" */
      shown = figure->unit != NULL ? g_strdup_printf (_("%s %s"), text, _(figure->unit)) : g_strdup (text);
      add_detail_row (self, figure->group == DP_STAT_GROUP_SCORE ? self->rows_list : self->bonus_list,
                      figure->key, _(figure->heading), shown);
      g_hash_table_insert (self->detail_texts, g_strdup (figure->key), g_steal_pointer (&text));
    }

  gtk_widget_set_visible (GTK_WIDGET (self->rows_list), gtk_widget_get_first_child (GTK_WIDGET (self->rows_list)) != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->bonus_list), gtk_widget_get_first_child (GTK_WIDGET (self->bonus_list)) != NULL);
}

/* A player's games over time: the final total where the game compares totals, else
 * (a race, or All Games) the place, on a whole-number axis. */
static void
update_totals_chart (DpStatisticsPage *self)
{
  DpGameFilter filter = DP_GAME_FILTER_INIT;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) x = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) y = g_array_new (FALSE, FALSE, sizeof (double));
  gboolean totals = self->view != NULL && self->view->total_heading != NULL;

  dp_chart_clear (self->totals_chart);
  gtk_label_set_label (self->totals_title, totals ? _("Totals over Time") : _("Places over Time"));
  dp_chart_set_formatters (self->totals_chart, format_game_date, totals ? format_total : format_place,
                           (gpointer) self->view);
  dp_chart_set_whole_numbers (self->totals_chart, !totals);
  if (self->player == NULL)
    return;

  /* The newest games of this player, one page: never every game in memory. */
  filter.kind = self->kind;
  filter.player = self->player;
  filter.state = DP_GAME_STATE_FINISHED;
  filter.sort = DP_GAME_SORT_NEWEST;
  games = dp_store_list_games (self->store, &filter, 0, DP_STATISTICS_TOTALS_LIMIT, &error);
  if (games == NULL)
    {
      g_debug ("Cannot read the games of %s: %s", self->player, error->message);  /* damage: no chart */
      return;
    }

  for (guint i = games->len; i > 0; i--)
    {
      DpGameSummary *summary = g_ptr_array_index (games, i - 1);

      for (guint seat = 0; seat < summary->n_players && seat < 4; seat++)
        if (g_strcmp0 (summary->names[seat], self->player) == 0)
          {
            double created = summary->created;
            double value = totals ? (double) summary->totals[seat] : (double) summary->ranks[seat];

            g_array_append_val (x, created);
            g_array_append_val (y, value);
            break;
          }
    }

  dp_chart_add_series (self->totals_chart, self->player, (const double *) x->data, (const double *) y->data, x->len);
}

static void
update_wins_chart (DpStatisticsPage *self)
{
  guint n = MIN (self->stats->len, MAX_BARS);
  g_autofree const char **labels = g_new0 (const char *, n + 1);
  g_autofree double *values = g_new0 (double, n + 1);

  /* The store lists players with the most wins first. */
  for (guint i = 0; i < n; i++)
    {
      DpPlayerStats *stats = g_ptr_array_index (self->stats, i);

      labels[i] = stats->name;
      values[i] = stats->wins;
    }
  dp_chart_set_bars (self->wins_chart, labels, values, n);
}

static void
update_progression_chart (DpStatisticsPage *self)
{
  DpGameFilter filter = DP_GAME_FILTER_INIT;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  g_autoptr(GArray) rounds = NULL;
  g_autoptr(GPtrArray) totals = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *setup = NULL;
  g_autofree char *date = NULL;
  g_autofree char *caption = NULL;
  DpGameSummary *latest;
  const DpGameView *view;

  dp_chart_clear (self->progression_chart);
  gtk_label_set_label (self->progression_label, "");

  filter.kind = self->kind;
  filter.player = self->player;
  filter.state = DP_GAME_STATE_FINISHED;
  games = dp_store_list_games (self->store, &filter, 0, 1, &error);
  if (games == NULL || games->len == 0)
    return;

  latest = g_ptr_array_index (games, 0);
  view = dp_game_view_lookup (latest->kind);
  actions = dp_store_get_actions (self->store, latest->id, &setup, &error);
  if (actions == NULL ||
      !dp_game_view_compute_progression (setup, actions, DP_PROGRESSION_BY_ROUND,
                                         &rounds, &totals, &error))
    {
      g_debug ("Cannot replay game %s: %s", latest->id, error->message);  /* damage: no chart */
      return;
    }

  /* The game shown names its own totals ("26 spaces" in a race). */
  dp_chart_set_formatters (self->progression_chart, format_round, format_total, (gpointer) view);
  for (guint seat = 0; seat < totals->len && seat < latest->n_players; seat++)
    {
      GArray *column = g_ptr_array_index (totals, seat);
      dp_chart_add_series (self->progression_chart, latest->names[seat],
                           (const double *) rounds->data, (const double *) column->data, column->len);
    }

  date = dp_format_date_time (latest->created);
  /* Translators: under the progression chart: which game it shows, "12/05/2024 20:15" */
  caption = g_strdup_printf (_("The latest game, %s"), date);
  gtk_label_set_label (self->progression_label, caption);
}

static void
update_head_to_head (DpStatisticsPage *self)
{
  DpHeadToHead h2h = { 0 };
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->h2h_text, g_free);

  if (self->h2h_a == NULL || self->h2h_b == NULL || g_str_equal (self->h2h_a, self->h2h_b))
    self->h2h_text = g_strdup (_("Choose two different players."));
  else if (!dp_store_head_to_head (self->store, self->kind, self->h2h_a, self->h2h_b, &h2h, &error))
    self->h2h_text = g_strdup (error->message);
  else if (h2h.games == 0)
    /* Translators: head-to-head of two players who never met */
    self->h2h_text = g_strdup_printf (_("%s and %s have not played a finished game together yet."),
                                      self->h2h_a, self->h2h_b);
  else
    {
      g_autofree char *games = dp_format_int (h2h.games);
      g_autofree char *wins_a = dp_format_int (h2h.wins_a);
      g_autofree char *wins_b = dp_format_int (h2h.wins_b);
      g_autofree char *ties = dp_format_int (h2h.ties);
      g_autofree char *played = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                              /* Translators: head-to-head, first part: "3 games together" */
                                                              "%s game together", "%s games together", h2h.games),
                                                 games);
      g_autofree char *shared = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                              /* Translators: head-to-head, last part: "1 shared win" */
                                                              "%s shared win", "%s shared wins", h2h.ties),
                                                 ties);

      /* Translators: head-to-head: "Ina 5 : 3 Sami — 9 games together, 1 shared win" */
      self->h2h_text = g_strdup_printf (_("%s %s : %s %s — %s, %s"),
                                        self->h2h_a, wins_a, wins_b, self->h2h_b, played, shared);
    }

  gtk_label_set_label (self->h2h_label, self->h2h_text);
}

/* The game filter's entries never change while the program runs: its model is set
 * once here, never again. Replacing a dropdown's model from inside that dropdown's own
 * selection handler (as update_all() once did) makes GTK select, notify and replace
 * without end (issue 19: "Statistics hangs for good when a game is picked"). */
static void
fill_kind_dropdown (DpStatisticsPage *self)
{
  guint n_kinds;
  const DpGameKind *const *kinds = dp_game_kinds_list (&n_kinds);
  g_autoptr(GtkStringList) kind_list = gtk_string_list_new (NULL);
  GStrvBuilder *ids = g_strv_builder_new ();

  gtk_string_list_append (kind_list, _("All Games"));
  for (guint i = 0; i < n_kinds; i++)
    {
      gtk_string_list_append (kind_list, dp_game_kind_get_name (kinds[i]));
      g_strv_builder_add (ids, dp_game_kind_get_id (kinds[i]));
    }
  g_strfreev (self->kind_ids);
  self->kind_ids = g_strv_builder_end (ids);
  g_strv_builder_unref (ids);

  self->updating_widgets = TRUE;
  gtk_drop_down_set_model (self->kind_dropdown, G_LIST_MODEL (kind_list));
  gtk_drop_down_set_selected (self->kind_dropdown, 0);
  self->updating_widgets = FALSE;
}

static void
select_name (DpStatisticsPage *self,
             GtkDropDown      *dropdown,
             const char       *name)
{
  for (guint i = 0; self->names[i] != NULL; i++)
    if (g_strcmp0 (self->names[i], name) == 0 && gtk_drop_down_get_selected (dropdown) != i)
      gtk_drop_down_set_selected (dropdown, i);
}

/* Brings the dropdowns in line with the page's state. The player lists get a new model
 * only when the players changed, and the game filter only a new selection. */
static void
sync_dropdowns (DpStatisticsPage *self)
{
  guint kind_selected = 0;

  for (guint i = 0; self->kind_ids[i] != NULL; i++)
    if (g_strcmp0 (self->kind, self->kind_ids[i]) == 0)
      kind_selected = i + 1;

  self->updating_widgets = TRUE;
  if (gtk_drop_down_get_selected (self->kind_dropdown) != kind_selected)
    gtk_drop_down_set_selected (self->kind_dropdown, kind_selected);

  if (self->dropdown_names == NULL ||
      !g_strv_equal ((const char *const *) self->dropdown_names, (const char *const *) self->names))
    {
      g_autoptr(GtkStringList) names_list = gtk_string_list_new ((const char *const *) self->names);

      g_strfreev (self->dropdown_names);
      self->dropdown_names = g_strdupv (self->names);
      gtk_drop_down_set_model (self->player_dropdown, G_LIST_MODEL (names_list));
      gtk_drop_down_set_model (self->h2h_a_dropdown, G_LIST_MODEL (names_list));
      gtk_drop_down_set_model (self->h2h_b_dropdown, G_LIST_MODEL (names_list));
    }
  select_name (self, self->player_dropdown, self->player);
  /* Nobody to pick (no finished game of this kind): no picker, rather than GTK's
   * untranslated "(None)" beside "No Finished Games Yet". */
  gtk_widget_set_visible (GTK_WIDGET (self->player_dropdown), self->names[0] != NULL);
  select_name (self, self->h2h_a_dropdown, self->h2h_a);
  select_name (self, self->h2h_b_dropdown, self->h2h_b);
  self->updating_widgets = FALSE;
}

static gboolean
names_contain (GStrv       names,
               const char *name)
{
  return name != NULL && g_strv_contains ((const char *const *) names, name);
}

static void
update_all (DpStatisticsPage *self)
{
  g_autoptr(GError) error = NULL;
  GStrvBuilder *builder;

  if (self->store == NULL)
    return;

  g_clear_pointer (&self->stats, g_ptr_array_unref);
  self->stats = dp_store_player_stats (self->store, self->kind, NULL, &error);
  if (self->stats == NULL)
    {
      self->stats = g_ptr_array_new_with_free_func ((GDestroyNotify) dp_player_stats_free);
      adw_status_page_set_icon_name (self->empty_page, "dialog-warning-symbolic");
      adw_status_page_set_title (self->empty_page, _("Cannot Read the Statistics"));
      adw_status_page_set_description (self->empty_page, error->message);
    }
  else
    {
      adw_status_page_set_icon_name (self->empty_page, "view-list-bullet-symbolic");
      adw_status_page_set_title (self->empty_page, _("No Finished Games Yet"));
      adw_status_page_set_description (self->empty_page, _("Statistics appear here once a game has been played to the end."));
    }

  builder = g_strv_builder_new ();
  for (guint i = 0; i < self->stats->len; i++)
    g_strv_builder_add (builder, ((DpPlayerStats *) g_ptr_array_index (self->stats, i))->name);
  g_strfreev (self->names);
  self->names = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);

  /* Keep the chosen players while they have games; else the players with most wins. */
  if (!names_contain (self->names, self->player))
    {
      g_free (self->player);
      self->player = g_strdup (self->names[0]);
    }
  if (!names_contain (self->names, self->h2h_a))
    {
      g_free (self->h2h_a);
      self->h2h_a = g_strdup (self->names[0]);
    }
  if (!names_contain (self->names, self->h2h_b))
    {
      g_free (self->h2h_b);
      self->h2h_b = g_strdup (self->names[0] != NULL ? self->names[1] : NULL);
    }

  sync_dropdowns (self);

  gtk_stack_set_visible_child_name (self->content_stack, self->stats->len > 0 ? "stats" : "empty");
  update_players_grid (self);
  update_player_details (self);
  update_totals_chart (self);
  update_wins_chart (self);
  update_progression_chart (self);
  update_head_to_head (self);
}

static const char *
dropdown_name (DpStatisticsPage *self,
               GtkDropDown      *dropdown)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (self->names == NULL || selected >= g_strv_length (self->names))
    return NULL;
  return self->names[selected];
}

static void
kind_selected_cb (GtkDropDown      *dropdown,
                  GParamSpec       *pspec,
                  DpStatisticsPage *self)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (self->updating_widgets)
    return;

  dp_statistics_page_set_kind (self, selected > 0 && selected <= g_strv_length (self->kind_ids)
                                     ? self->kind_ids[selected - 1] : NULL);
}

static void
player_selected_cb (GtkDropDown      *dropdown,
                    GParamSpec       *pspec,
                    DpStatisticsPage *self)
{
  if (self->updating_widgets)
    return;

  dp_statistics_page_set_player (self, dropdown_name (self, dropdown));
}

static void
h2h_selected_cb (GtkDropDown      *dropdown,
                 GParamSpec       *pspec,
                 DpStatisticsPage *self)
{
  if (self->updating_widgets)
    return;

  dp_statistics_page_set_head_to_head (self, dropdown_name (self, self->h2h_a_dropdown),
                                       dropdown_name (self, self->h2h_b_dropdown));
}

static void
ensure_store (DpStatisticsPage *self)
{
  DpStore *store = NULL;

  if (self->store != NULL)
    return;

  if (!dp_application_find_store (GTK_WIDGET (self), self->empty_page, _("Cannot Read the Statistics"), &store))
    gtk_stack_set_visible_child_name (self->content_stack, "empty");
  else if (store != NULL)
    dp_statistics_page_set_store (self, store);
}

static void
dp_statistics_page_map (GtkWidget *widget)
{
  DpStatisticsPage *self = DP_STATISTICS_PAGE (widget);
  GTK_WIDGET_CLASS (dp_statistics_page_parent_class)->map (widget);

  /* Games end at the table while this page is hidden: count again when shown again
   * (set_store() has just counted the first time). */
  ensure_store (self);
  if (self->shown_before)
    update_all (self);
  self->shown_before = self->store != NULL;
}

static void
dp_statistics_page_dispose (GObject *object)
{
  GtkWidget *child;
  gtk_widget_dispose_template (GTK_WIDGET (object), DP_TYPE_STATISTICS_PAGE);
  /* The template's unnamed top box is not a bound child: unparent it too. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (dp_statistics_page_parent_class)->dispose (object);
}

static void
dp_statistics_page_finalize (GObject *object)
{
  DpStatisticsPage *self = DP_STATISTICS_PAGE (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->kind, g_free);
  g_clear_pointer (&self->player, g_free);
  g_clear_pointer (&self->h2h_a, g_free);
  g_clear_pointer (&self->h2h_b, g_free);
  g_clear_pointer (&self->stats, g_ptr_array_unref);
  g_clear_pointer (&self->kind_ids, g_strfreev);
  g_clear_pointer (&self->names, g_strfreev);
  g_clear_pointer (&self->dropdown_names, g_strfreev);
  g_clear_pointer (&self->detail_texts, g_hash_table_unref);
  g_clear_pointer (&self->h2h_text, g_free);

  G_OBJECT_CLASS (dp_statistics_page_parent_class)->finalize (object);
}

static void
dp_statistics_page_class_init (DpStatisticsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dp_statistics_page_dispose;
  object_class->finalize = dp_statistics_page_finalize;
  widget_class->map = dp_statistics_page_map;

  g_type_ensure (DP_TYPE_CHART);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/dp-statistics-page.ui");
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, empty_page);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, player_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, players_grid);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, player_heading);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, cards_box);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, details_box);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, rows_title);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, bonus_title);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, totals_title);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, rows_list);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, bonus_list);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, totals_chart);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, wins_chart);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, progression_chart);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, progression_label);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, h2h_a_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, h2h_b_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DpStatisticsPage, h2h_label);
  gtk_widget_class_bind_template_callback (widget_class, kind_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, player_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, h2h_selected_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
dp_statistics_page_init (DpStatisticsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->detail_texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->names = g_new0 (char *, 1);
  fill_kind_dropdown (self);

  dp_chart_set_kind (self->totals_chart, DP_CHART_LINES);
  dp_chart_set_x_axis (self->totals_chart, DP_CHART_X_DATE);
  dp_chart_set_formatters (self->totals_chart, format_game_date, format_place, NULL);
  dp_chart_set_title (self->totals_chart, _("Totals over time"));
  dp_chart_set_empty_text (self->totals_chart, _("No finished games yet"));

  dp_chart_set_kind (self->wins_chart, DP_CHART_BARS);
  dp_chart_set_formatters (self->wins_chart, NULL, format_wins, NULL);
  dp_chart_set_whole_numbers (self->wins_chart, TRUE);
  dp_chart_set_title (self->wins_chart, _("Wins per player"));
  dp_chart_set_empty_text (self->wins_chart, _("No finished games yet"));

  dp_chart_set_kind (self->progression_chart, DP_CHART_LINES);
  dp_chart_set_x_axis (self->progression_chart, DP_CHART_X_NUMBER);
  dp_chart_set_formatters (self->progression_chart, format_round, format_total, NULL);
  /* Points and spaces are whole: so are the ticks. */
  dp_chart_set_whole_numbers (self->progression_chart, TRUE);
  dp_chart_set_title (self->progression_chart, _("Score progression, round by round"));
  dp_chart_set_empty_text (self->progression_chart, _("No finished games yet"));
}

GtkWidget *
dp_statistics_page_new (void)
{
  return g_object_new (DP_TYPE_STATISTICS_PAGE, NULL);
}

void
dp_statistics_page_set_store (DpStatisticsPage *self,
                              DpStore          *store)
{
  g_return_if_fail (DP_IS_STATISTICS_PAGE (self));
  g_return_if_fail (DP_IS_STORE (store));

  if (g_set_object (&self->store, store))
    {
      self->shown_before = FALSE;
      update_all (self);
    }
}

void
dp_statistics_page_reload (DpStatisticsPage *self)
{
  g_return_if_fail (DP_IS_STATISTICS_PAGE (self));
  update_all (self);
}

void
dp_statistics_page_set_kind (DpStatisticsPage *self,
                             const char       *kind)
{
  g_return_if_fail (DP_IS_STATISTICS_PAGE (self));

  g_free (self->kind);
  self->kind = g_strdup (kind);
  self->view = kind != NULL ? dp_game_view_lookup (kind) : NULL;
  update_all (self);
}

void
dp_statistics_page_set_player (DpStatisticsPage *self,
                               const char       *player)
{
  g_return_if_fail (DP_IS_STATISTICS_PAGE (self));

  if (g_strcmp0 (self->player, player) == 0)
    return;

  g_free (self->player);
  self->player = g_strdup (player);

  self->updating_widgets = TRUE;
  for (guint i = 0; self->names[i] != NULL; i++)
    if (g_strcmp0 (self->names[i], player) == 0)
      gtk_drop_down_set_selected (self->player_dropdown, i);
  self->updating_widgets = FALSE;

  if (self->store == NULL)
    return;
  update_player_details (self);
  update_totals_chart (self);
  update_progression_chart (self);
}

const char *
dp_statistics_page_get_player (DpStatisticsPage *self)
{
  g_return_val_if_fail (DP_IS_STATISTICS_PAGE (self), NULL);
  return self->player;
}

void
dp_statistics_page_set_head_to_head (DpStatisticsPage *self,
                                     const char       *a,
                                     const char       *b)
{
  g_return_if_fail (DP_IS_STATISTICS_PAGE (self));

  g_free (self->h2h_a);
  self->h2h_a = g_strdup (a);
  g_free (self->h2h_b);
  self->h2h_b = g_strdup (b);

  self->updating_widgets = TRUE;
  for (guint i = 0; self->names[i] != NULL; i++)
    {
      if (g_strcmp0 (self->names[i], a) == 0)
        gtk_drop_down_set_selected (self->h2h_a_dropdown, i);
      if (g_strcmp0 (self->names[i], b) == 0)
        gtk_drop_down_set_selected (self->h2h_b_dropdown, i);
    }
  self->updating_widgets = FALSE;

  if (self->store != NULL)
    update_head_to_head (self);
}

guint
dp_statistics_page_get_n_players (DpStatisticsPage *self)
{
  g_return_val_if_fail (DP_IS_STATISTICS_PAGE (self), 0);
  return self->stats != NULL ? self->stats->len : 0;
}

const char *
dp_statistics_page_get_cell (DpStatisticsPage   *self,
                             guint               row,
                             DpStatisticsColumn  column)
{
  GtkWidget *label;

  g_return_val_if_fail (DP_IS_STATISTICS_PAGE (self), NULL);

  /* Only the columns the game shows: NULL for the others. */
  for (guint c = 0; c < self->n_columns; c++)
    if (self->columns[c] == column)
      {
        label = gtk_grid_get_child_at (self->players_grid, c, row + 1);
        return GTK_IS_LABEL (label) ? gtk_label_get_label (GTK_LABEL (label)) : NULL;
      }
  return NULL;
}

const char *
dp_statistics_page_get_detail (DpStatisticsPage *self,
                               const char       *key)
{
  g_return_val_if_fail (DP_IS_STATISTICS_PAGE (self), NULL);
  return g_hash_table_lookup (self->detail_texts, key);
}

const char *
dp_statistics_page_get_head_to_head_text (DpStatisticsPage *self)
{
  g_return_val_if_fail (DP_IS_STATISTICS_PAGE (self), NULL);
  return self->h2h_text;
}

DpChart *
dp_statistics_page_get_totals_chart (DpStatisticsPage *self)
{
  g_return_val_if_fail (DP_IS_STATISTICS_PAGE (self), NULL);
  return self->totals_chart;
}

DpChart *
dp_statistics_page_get_wins_chart (DpStatisticsPage *self)
{
  g_return_val_if_fail (DP_IS_STATISTICS_PAGE (self), NULL);
  return self->wins_chart;
}

DpChart *
dp_statistics_page_get_progression_chart (DpStatisticsPage *self)
{
  g_return_val_if_fail (DP_IS_STATISTICS_PAGE (self), NULL);
  return self->progression_chart;
}
