/* dp-game-ui.c — the registry of per-game UI descriptions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dp-game-ui-private.h"
#include "cv-game-ui.h"
#include "cb-game-ui.h"

/* A per-game table starts with its kind id (dp_kind_tables_new()). */
G_STATIC_ASSERT (G_STRUCT_OFFSET (DpGameUi, kind_id) == 0);

/* One line per game, beside its DpGameKind in the core's registry (dp-game.c). */
static const DpGameUi *const builtin_uis[] = {
  &cv_game_ui,
  &cb_game_ui,
};

/* kind id → description: the built-in ones, then any a test program registered. */
static GHashTable *
registry (void)
{
  static GHashTable *uis = NULL;

  if (g_once_init_enter (&uis))
    g_once_init_leave (&uis, dp_kind_tables_new ((const gconstpointer *) builtin_uis,
                                                 G_N_ELEMENTS (builtin_uis)));
  return uis;
}

void
_dp_game_ui_register (const DpGameUi *ui)
{
  g_return_if_fail (ui != NULL && ui->kind_id != NULL);
  g_return_if_fail (dp_game_ui_lookup (ui->kind_id) == NULL);
  g_return_if_fail (ui->table_page_type != NULL && ui->new_sheet_view != NULL);

  g_hash_table_insert (registry (), (gpointer) ui->kind_id, (gpointer) ui);
}

GPtrArray *
dp_game_ui_dup_list (void)
{
  return dp_kind_tables_dup_list (registry ());
}

const DpGameUi *
dp_game_ui_get_default (void)
{
  g_autoptr(GPtrArray) list = dp_game_ui_dup_list ();

  g_return_val_if_fail (list->len > 0, NULL);
  return g_ptr_array_index (list, 0);
}

const DpGameUi *
dp_game_ui_lookup (const char *kind_id)
{
  if (kind_id == NULL)
    return NULL;
  return g_hash_table_lookup (registry (), kind_id);
}

const DpGameUi *
dp_game_ui_for_game (const DpGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);

  return dp_game_ui_lookup (dp_game_kind_get_id (dp_game_get_kind (game)));
}

char *
dp_game_ui_dup_plain_setup (const char        *kind_id,
                            const char *const *names)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  g_return_val_if_fail (kind_id != NULL, NULL);

  /* Built with json-glib, so any name is escaped correctly. */
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "game");
  json_builder_add_string_value (builder, kind_id);
  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    json_builder_add_string_value (builder, names[i]);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);

  return json_to_string (root, FALSE);
}

GtkWidget *
dp_game_ui_new_sheet_view (const DpGameUi *ui,
                           const DpGame   *game,
                           guint           seat)
{
  GtkWidget *view;

  g_return_val_if_fail (game != NULL, NULL);

  if (ui == NULL || ui->new_sheet_view == NULL)
    return gtk_label_new (dp_game_get_player_name (game, seat));

  view = ui->new_sheet_view ();
  dp_game_ui_update_sheet_view (ui, view, game, seat);
  return view;
}

void
dp_game_ui_update_sheet_view (const DpGameUi *ui,
                              GtkWidget      *view,
                              const DpGame   *game,
                              guint           seat)
{
  g_return_if_fail (GTK_IS_WIDGET (view));
  g_return_if_fail (game != NULL);

  if (ui != NULL && ui->update_sheet_view != NULL)
    ui->update_sheet_view (view, game, seat);
}
