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

  DpStore   *store;
  char      *id;
  DpGame    *game;
  /* Entries the session made by itself (dp_game_dup_forced_action()): forced[i] is TRUE
   * when entry i (from 0) was one. Undo and redo take them together with the entry that
   * led to them. Only known for entries made while the session is open. */
  GArray    *forced;
  GPtrArray *last_forced;   /* the texts made by itself after the last entry */
};

/* Forced entries in a row, at most: every one ends a phase, so a game never needs many. */
#define MAX_FORCED 64

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
  g_clear_pointer (&self->forced, g_array_unref);
  g_clear_pointer (&self->last_forced, g_ptr_array_unref);

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
  self->forced = g_array_new (FALSE, TRUE, sizeof (gboolean));
  self->last_forced = g_ptr_array_new_with_free_func (g_free);
}

static void
mark_entry (DpSession *self,
            guint      index,
            gboolean   forced)
{
  if (self->forced->len <= index)
    g_array_set_size (self->forced, index + 1);
  g_array_index (self->forced, gboolean, index) = forced;
}

static gboolean
entry_is_forced (DpSession *self,
                 guint      index)
{
  return index < self->forced->len && g_array_index (self->forced, gboolean, index);
}

static void enter_forced (DpSession *self);

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
  DpSession *session;

  g_return_val_if_fail (DP_IS_STORE (store), NULL);
  g_return_val_if_fail (setup_json != NULL, NULL);

  game = dp_game_new_from_text (setup_json, error);
  if (game == NULL)
    return NULL;

  id = dp_store_create_game (store, game, error);
  if (id == NULL)
    return NULL;

  session = session_new (store, id, g_steal_pointer (&game));
  /* e.g. the first refill of a Cubitos race: all the starting dice */
  enter_forced (session);
  return session;
}

DpSession *
dp_session_load (DpStore     *store,
                 const char  *game_id,
                 GError     **error)
{
  DpGame *game;
  DpSession *session;

  g_return_val_if_fail (DP_IS_STORE (store), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  game = dp_store_load_game (store, game_id, error);
  if (game == NULL)
    return NULL;

  session = session_new (store, game_id, game);
  /* A game started elsewhere (dicepad-cli, an older Dicepad) may wait on what needs no
   * decision; a read-only store leaves it to the player. */
  if (!dp_store_is_read_only (store))
    enter_forced (session);
  return session;
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
  guint index = dp_game_get_n_actions (self->game);

  /* The store checks, commits, and only then changes self->game. */
  if (!dp_store_append_action (self->store, self->id, self->game, object, error))
    return FALSE;
  mark_entry (self, index, FALSE);
  g_array_set_size (self->forced, index + 1);   /* what could be redone is gone */
  enter_forced (self);

  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

/* What nobody has to decide or tell is entered at once (a player's only possible
 * action); it is stored like any entry, so the game script stays the same. */
static void
enter_forced (DpSession *self)
{
  char *forced;

  g_ptr_array_set_size (self->last_forced, 0);
  while (self->last_forced->len < MAX_FORCED && (forced = dp_game_dup_forced_action (self->game)) != NULL)
    {
      g_autoptr(GError) forced_error = NULL;
      g_autoptr(JsonParser) parser = json_parser_new ();
      guint index;

      g_ptr_array_add (self->last_forced, forced);
      index = dp_game_get_n_actions (self->game);
      if (!json_parser_load_from_data (parser, forced, -1, &forced_error)
          || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser))
          || !dp_store_append_action (self->store, self->id, self->game,
                                      json_node_get_object (json_parser_get_root (parser)), &forced_error))
        {
          /* Left to the player, whose board still offers it (the store said why when
           * the player enters it). */
          g_debug ("Could not enter %s: %s", forced, forced_error != NULL ? forced_error->message : "");
          g_ptr_array_remove_index (self->last_forced, self->last_forced->len - 1);
          break;
        }
      mark_entry (self, index, TRUE);
    }
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

const GPtrArray *
dp_session_get_forced (DpSession *self)
{
  g_return_val_if_fail (DP_IS_SESSION (self), NULL);
  return self->last_forced;
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

/* One step back or forward: the entry and the ones the session made by itself after it
 * (taking back only a forced entry would leave a state it would make again at once). */
static gboolean
step (DpSession  *self,
      gboolean    redo,
      GError    **error)
{
  g_autoptr(DpGame) game = NULL;
  gboolean more;

  g_ptr_array_set_size (self->last_forced, 0);
  do
    {
      DpGame *next = redo ? dp_store_redo (self->store, self->id, game != NULL ? game : self->game, error)
                          : dp_store_undo (self->store, self->id, game != NULL ? game : self->game, error);
      guint n;

      if (next == NULL)
        {
          /* Stopped half-way (the store refused): show where the store stands. */
          if (game != NULL)
            replace_game (self, g_steal_pointer (&game));
          return FALSE;
        }
      g_clear_pointer (&game, dp_game_free);
      game = next;
      n = dp_game_get_n_actions (game);
      more = redo ? entry_is_forced (self, n) && dp_store_get_n_redo (self->store, self->id) > 0
                  : entry_is_forced (self, n) && n > 0;
    }
  while (more);
  return replace_game (self, g_steal_pointer (&game));
}

gboolean
dp_session_undo (DpSession  *self,
                 GError    **error)
{
  g_return_val_if_fail (DP_IS_SESSION (self), FALSE);
  return step (self, FALSE, error);
}

gboolean
dp_session_redo (DpSession  *self,
                 GError    **error)
{
  g_return_val_if_fail (DP_IS_SESSION (self), FALSE);
  return step (self, TRUE, error);
}
