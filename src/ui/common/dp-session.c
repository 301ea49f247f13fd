/* dp-session.c — the game being played at the table: its store id and its state
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dp-session.h"

struct _DpSession
{
  GObject  parent_instance;

  DpStore *store;
  char    *id;
  DpGame  *game;
};

G_DEFINE_FINAL_TYPE (DpSession, dp_session, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
dp_session_finalize (GObject *object)
{
  DpSession *self = DP_SESSION (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->game, dp_game_free);

  G_OBJECT_CLASS (dp_session_parent_class)->finalize (object);
}

static void
dp_session_class_init (DpSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dp_session_finalize;

  /**
   * DpSession::changed:
   *
   * The state changed: an entry was stored, undone or redone.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dp_session_init (DpSession *self)
{
}

static DpSession *
session_new (DpStore    *store,
             const char *id,
             DpGame     *game)
{
  DpSession *self = g_object_new (DP_TYPE_SESSION, NULL);

  self->store = g_object_ref (store);
  self->id = g_strdup (id);
  self->game = game;
  return self;
}

DpSession *
dp_session_new (DpStore     *store,
                const char  *setup_json,
                GError     **error)
{
  g_autoptr(DpGame) game = NULL;
  g_autofree char *id = NULL;

  g_return_val_if_fail (DP_IS_STORE (store), NULL);
  g_return_val_if_fail (setup_json != NULL, NULL);

  game = dp_game_new_from_text (setup_json, error);
  if (game == NULL)
    return NULL;

  id = dp_store_create_game (store, game, error);
  if (id == NULL)
    return NULL;

  return session_new (store, id, g_steal_pointer (&game));
}

DpSession *
dp_session_load (DpStore     *store,
                 const char  *game_id,
                 GError     **error)
{
  DpGame *game;

  g_return_val_if_fail (DP_IS_STORE (store), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  game = dp_store_load_game (store, game_id, error);
  if (game == NULL)
    return NULL;

  return session_new (store, game_id, game);
}

const char *
dp_session_get_id (DpSession *self)
{
  g_return_val_if_fail (DP_IS_SESSION (self), NULL);
  return self->id;
}

DpStore *
dp_session_get_store (DpSession *self)
{
  g_return_val_if_fail (DP_IS_SESSION (self), NULL);
  return self->store;
}

const DpGame *
dp_session_get_game (DpSession *self)
{
  g_return_val_if_fail (DP_IS_SESSION (self), NULL);
  return self->game;
}

static gboolean
apply_object (DpSession   *self,
              JsonObject  *object,
              GError     **error)
{
  /* The store checks, commits, and only then changes self->game. */
  if (!dp_store_append_action (self->store, self->id, self->game, object, error))
    return FALSE;

  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

gboolean
dp_session_apply (DpSession   *self,
                  JsonObject  *action,
                  GError     **error)
{
  g_return_val_if_fail (DP_IS_SESSION (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  return apply_object (self, action, error);
}

gboolean
dp_session_apply_text (DpSession   *self,
                       const char  *action_json,
                       GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonNode *root;

  g_return_val_if_fail (DP_IS_SESSION (self), FALSE);
  g_return_val_if_fail (action_json != NULL, FALSE);

  if (!json_parser_load_from_data (parser, action_json, -1, error))
    return FALSE;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("The entry could not be written down"));
      return FALSE;
    }

  return apply_object (self, json_node_get_object (root), error);
}

gboolean
dp_session_can_undo (DpSession *self)
{
  g_return_val_if_fail (DP_IS_SESSION (self), FALSE);
  return dp_game_get_n_actions (self->game) > 0;
}

gboolean
dp_session_can_redo (DpSession *self)
{
  g_return_val_if_fail (DP_IS_SESSION (self), FALSE);
  return dp_store_get_n_redo (self->store, self->id) > 0;
}

static gboolean
replace_game (DpSession *self,
              DpGame    *game)
{
  if (game == NULL)
    return FALSE;

  g_clear_pointer (&self->game, dp_game_free);
  self->game = game;
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

gboolean
dp_session_undo (DpSession  *self,
                 GError    **error)
{
  g_return_val_if_fail (DP_IS_SESSION (self), FALSE);
  return replace_game (self, dp_store_undo (self->store, self->id, self->game, error));
}

gboolean
dp_session_redo (DpSession  *self,
                 GError    **error)
{
  g_return_val_if_fail (DP_IS_SESSION (self), FALSE);
  return replace_game (self, dp_store_redo (self->store, self->id, self->game, error));
}
