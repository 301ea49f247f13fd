/* dp-game-view.c — the registry of per-game views
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dp-game-view-private.h"
#include "dp-session-resources.h"
#include "cv-game-view.h"
#include "cb-game-view.h"

/* A per-game table starts with its kind id (dp_kind_tables_new()). */
G_STATIC_ASSERT (G_STRUCT_OFFSET (DpGameView, kind_id) == 0);

/* One line per game, beside its DpGameKind in the core's registry (dp-game.c). */
static const DpGameView *const builtin_views[] = {
  &cv_game_view,
  &cb_game_view,
};

/* The first member of a per-game table. */
static const char *
kind_id_of (gconstpointer table)
{
  return *(const char *const *) table;
}

GHashTable *
dp_kind_tables_new (const gconstpointer *builtins,
                    guint                n)
{
  GHashTable *table = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < n; i++)
    g_hash_table_insert (table, (gpointer) kind_id_of (builtins[i]), (gpointer) builtins[i]);
  return table;
}

GPtrArray *
dp_kind_tables_dup_list (GHashTable *by_kind_id)
{
  guint n_kinds;
  const DpGameKind *const *kinds = dp_game_kinds_list (&n_kinds);
  GPtrArray *list = g_ptr_array_new ();

  for (guint i = 0; i < n_kinds; i++)
    {
      gpointer table = g_hash_table_lookup (by_kind_id, dp_game_kind_get_id (kinds[i]));

      if (table != NULL)
        g_ptr_array_add (list, table);
    }
  return list;
}

/* kind id → view: the built-in ones, then any a test program registered. */
static GHashTable *
registry (void)
{
  static GHashTable *views = NULL;

  if (g_once_init_enter (&views))
    g_once_init_leave (&views, dp_kind_tables_new ((const gconstpointer *) builtin_views,
                                                   G_N_ELEMENTS (builtin_views)));
  return views;
}

void
_dp_game_view_register (const DpGameView *view)
{
  g_return_if_fail (view != NULL && view->kind_id != NULL);
  g_return_if_fail (dp_game_view_lookup (view->kind_id) == NULL);

  g_hash_table_insert (registry (), (gpointer) view->kind_id, (gpointer) view);
}

GPtrArray *
dp_game_view_dup_list (void)
{
  return dp_kind_tables_dup_list (registry ());
}

const DpGameView *
dp_game_view_lookup (const char *kind_id)
{
  if (kind_id == NULL)
    return NULL;
  return g_hash_table_lookup (registry (), kind_id);
}

const DpGameView *
dp_game_view_for_game (const DpGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);

  return dp_game_view_lookup (dp_game_kind_get_id (dp_game_get_kind (game)));
}

char *
dp_game_view_dup_round_text (const DpGame *game)
{
  const DpGameView *view = dp_game_view_for_game (game);

  if (view != NULL && view->dup_round_text != NULL)
    return view->dup_round_text (game);
  return g_strdup (dp_game_kind_get_id (dp_game_get_kind (game)));
}

char *
dp_game_view_dup_turn_text (const DpGame *game)
{
  const DpGameView *view = dp_game_view_for_game (game);

  if (view != NULL && view->dup_turn_text != NULL)
    return view->dup_turn_text (game);
  return g_strdup ("");
}

char *
dp_game_view_dup_action_text (const DpGame *before,
                              const char   *action_text)
{
  const DpGameView *view = dp_game_view_for_game (before);

  g_return_val_if_fail (action_text != NULL, NULL);

  if (view != NULL && view->dup_action_text != NULL)
    return view->dup_action_text (before, action_text);
  return g_strdup (action_text);
}

char *
dp_game_view_dup_entry_toast (const DpGame      *before,
                              const char *const *actions,
                              guint              n_actions)
{
  const DpGameView *view = dp_game_view_for_game (before);

  g_return_val_if_fail (before != NULL, NULL);

  if (n_actions == 0)
    return g_strdup (_("Entry stored"));
  if (view != NULL && view->dup_entry_toast != NULL)
    return view->dup_entry_toast (before, actions, n_actions);
  return dp_game_view_dup_action_text (before, actions[0]);
}

char *
dp_game_view_dup_phone_toast (const DpGame *before,
                              const char   *action)
{
  g_autofree char *text = dp_game_view_dup_entry_toast (before, &action, 1);

  /* Translators: a toast on the window for an entry made on a player's phone, "Ina
   * passes (phone)"; keep it short (a toast at 360 px has two short lines) */
  return g_strdup_printf (_("%s (phone)"), text);
}

char *
dp_game_view_dup_undo_toast (const DpGame *before,
                             const DpGame *after,
                             gboolean      redo)
{
  const DpGameView *view = dp_game_view_for_game (before);

  g_return_val_if_fail (before != NULL && after != NULL, NULL);

  if (view != NULL && view->dup_undo_text != NULL)
    return view->dup_undo_text (before, after, redo);
  return g_strdup (redo ? _("Entry redone") : _("Entry undone"));
}

char *
dp_game_view_dup_elsewhere_toast (const DpGame *before,
                                  const char   *last,
                                  guint         added,
                                  guint         removed)
{
  g_autofree char *what = NULL;

  g_return_val_if_fail (before != NULL && last != NULL, NULL);

  if (added > 0 && removed > 0)
    return g_strdup (_("Changed elsewhere"));
  if (added > 1)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         /* Translators: a toast, another process (a phone at
                                          * `dicepad-cli serve`, the command line) made entries */
                                         "%u entry made elsewhere", "%u entries made elsewhere", added),
                            added);
  /* What was undone is on the table (the turn panel's line, the Cubitos status) */
  if (removed > 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         /* Translators: a toast, entries taken back by another
                                          * process */
                                         "%u entry undone elsewhere", "%u entries undone elsewhere", removed),
                            removed);
  what = dp_game_view_dup_entry_toast (before, &last, 1);
  /* Translators: a toast, an entry made by another process: "Elsewhere: Ina rolled" */
  return g_strdup_printf (_("Elsewhere: %s"), what);
}

DpResultColumn *
dp_result_column_new (const char *heading,
                      const char *description,
                      const char *css_class,
                      gboolean    strong)
{
  DpResultColumn *column = g_new0 (DpResultColumn, 1);

  g_return_val_if_fail (heading != NULL, NULL);

  column->heading = g_strdup (heading);
  column->description = g_strdup (description);
  column->css_class = g_strdup (css_class);
  column->strong = strong;
  column->cells = g_ptr_array_new_with_free_func (g_free);
  return column;
}

void
dp_result_column_free (DpResultColumn *column)
{
  if (column == NULL)
    return;
  g_free (column->heading);
  g_free (column->description);
  g_free (column->css_class);
  g_ptr_array_unref (column->cells);
  g_free (column);
}

/* The step @game is in; without the member, the number of actions applied. */
static guint
step_of (const DpGameView  *view,
         DpProgressionStep  by,
         const DpGame      *game)
{
  guint (*number) (const DpGame *game) = NULL;

  if (view != NULL)
    number = by == DP_PROGRESSION_BY_ROUND ? view->round_number : view->turn_number;
  return number != NULL ? number (game) : dp_game_get_n_actions (game);
}

gboolean
dp_game_view_compute_progression (const char         *setup_text,
                                  GPtrArray          *actions,
                                  DpProgressionStep   by,
                                  GArray            **steps_out,
                                  GPtrArray         **totals_out,
                                  GError            **error)
{
  g_autoptr(DpGame) game = NULL;
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GPtrArray) totals = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  const DpGameView *view;
  guint n_players, step;
  const double zero = 0.0;

  g_return_val_if_fail (setup_text != NULL && actions != NULL, FALSE);
  g_return_val_if_fail (steps_out != NULL && totals_out != NULL, FALSE);

  game = dp_game_new_from_text (setup_text, error);
  if (game == NULL)
    return FALSE;

  /* The start: everybody at 0. */
  view = dp_game_view_for_game (game);
  n_players = dp_game_get_n_players (game);
  g_array_append_val (steps, zero);
  for (guint seat = 0; seat < n_players; seat++)
    {
      GArray *column = g_array_new (FALSE, FALSE, sizeof (double));

      g_array_append_val (column, zero);
      g_ptr_array_add (totals, column);
    }

  step = step_of (view, by, game);
  for (guint i = 0; i < actions->len; i++)
    {
      guint next;
      gboolean ended;

      if (!dp_game_apply_text (game, g_ptr_array_index (actions, i), error))
        return FALSE;
      next = step_of (view, by, game);

      /* The action that begins a new step ended the one before: its totals are that
       * step's; the game's last action ends the step it is in. */
      ended = next != step;
      if (ended || i + 1 == actions->len)
        {
          double x = ended ? step : next;

          g_array_append_val (steps, x);
          for (guint seat = 0; seat < n_players; seat++)
            {
              double total = dp_game_get_total (game, seat);

              g_array_append_val (g_ptr_array_index (totals, seat), total);
            }
        }
      step = next;
    }

  *steps_out = g_steal_pointer (&steps);
  *totals_out = g_steal_pointer (&totals);
  return TRUE;
}

GBytes *
dp_game_view_dup_phone_files (const char *ext)
{
  g_autoptr(GPtrArray) views = dp_game_view_dup_list ();
  GString *out = g_string_new (NULL);
  gboolean css;

  g_return_val_if_fail (g_strcmp0 (ext, "js") == 0 || g_strcmp0 (ext, "css") == 0, NULL);
  css = g_str_equal (ext, "css");

  /* Referring to this library's resource links it in, so its constructor registers it
   * in the global table, where a test program's resources are too. */
  (void) dp_session_res_get_resource ();
  for (guint i = 0; i < views->len; i++)
    {
      const DpGameView *view = g_ptr_array_index (views, i);
      const char *path = css ? view->phone_style : view->phone_script;
      g_autoptr(GBytes) bytes = NULL;

      if (path == NULL)
        continue;
      bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
      if (bytes == NULL)
        {
          g_critical ("No resource %s for the phone page of %s", path, view->kind_id);
          continue;
        }
      g_string_append_printf (out, "/* %s */\n", view->kind_id);
      g_string_append_len (out, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      g_string_append_c (out, '\n');
    }
  return g_string_free_to_bytes (out);
}
