/* dp-session.c — the game being played at the table: its store id and its state
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dp-game-view.h"
#include "dp-session.h"
#include "dp-table-view.h"

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
  /* One truth across processes (issue 24, item 10): the canonical texts of the entries
   * in @game, as stored, and the store's data_version when they were last compared. */
  GPtrArray *log;
  gint64     data_version;
  guint      watch_id;
};

/* Forced entries in a row, at most: every one ends a phase, so a game never needs many. */
#define MAX_FORCED 64

G_DEFINE_FINAL_TYPE (DpSession, dp_session, G_TYPE_OBJECT)

enum {
  CHANGED,
  RELOADED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
dp_session_finalize (GObject *object)
{
  DpSession *self = DP_SESSION (object);

  g_clear_handle_id (&self->watch_id, g_source_remove);
  g_clear_pointer (&self->log, g_ptr_array_unref);
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

  /**
   * DpSession::reloaded:
   * @text: what happened, for a toast: "Undone elsewhere: Cleo: 1 cross in green"
   *
   * Another process (or another window) changed the game's log; the session loaded the
   * stored game again. Emitted after ::changed.
   */
  signals[RELOADED] = g_signal_new ("reloaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
dp_session_init (DpSession *self)
{
  self->forced = g_array_new (FALSE, TRUE, sizeof (gboolean));
  self->last_forced = g_ptr_array_new_with_free_func (g_free);
  self->log = g_ptr_array_new_with_free_func (g_free);
  self->data_version = -1;
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
  dp_store_get_data_version (store, &self->data_version, NULL);
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
  {
    g_autoptr(GPtrArray) log = dp_store_get_actions (store, game_id, NULL, NULL);
    if (log != NULL)
      {
        g_ptr_array_unref (session->log);
        session->log = g_steal_pointer (&log);
      }
  }
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

static gboolean reload (DpSession *self, GError **error);

/* The entry was made on a state that is not stored any more: the stored game is shown. */
static gboolean
refuse_out_of_date (DpSession  *self,
                    GError    **error)
{
  g_autoptr(GError) local = NULL;

  if (!reload (self, &local) && local != NULL)
    g_debug ("Could not load the game again: %s", local->message);
  g_clear_error (error);
  g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_OUT_OF_DATE,
               _("This game was changed elsewhere: it now shows what is stored. Nothing was entered."));
  return FALSE;
}

static gboolean
apply_object (DpSession   *self,
              JsonObject  *object,
              GError     **error)
{
  guint index = dp_game_get_n_actions (self->game);
  g_autofree char *text = NULL;
  g_autoptr(GError) local = NULL;

  /* Another process moved the game on: this entry was made on what it no longer is. */
  if (dp_session_refresh (self, NULL))
    return refuse_out_of_date (self, error);
  text = dp_game_normalize_action (self->game, object, error);
  if (text == NULL)
    return FALSE;
  /* The store checks, commits, and only then changes self->game. */
  if (!dp_store_append_action (self->store, self->id, self->game, object, &local))
    {
      if (g_error_matches (local, DP_STORE_ERROR, DP_STORE_ERROR_OUT_OF_DATE))
        return refuse_out_of_date (self, error);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  g_ptr_array_add (self->log, g_steal_pointer (&text));
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
      g_ptr_array_add (self->log, g_strdup (forced));
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
  g_autoptr(GPtrArray) log = NULL;

  if (game == NULL)
    return FALSE;

  g_clear_pointer (&self->game, dp_game_free);
  self->game = game;
  /* Undone or redone: the log as stored now (one game's entries). */
  log = dp_store_get_actions (self->store, self->id, NULL, NULL);
  if (log != NULL)
    {
      g_ptr_array_unref (self->log);
      self->log = g_steal_pointer (&log);
    }
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

  if (dp_session_refresh (self, NULL))
    return refuse_out_of_date (self, error);

  g_ptr_array_set_size (self->last_forced, 0);
  do
    {
      g_autoptr(GError) local = NULL;
      DpGame *next = redo ? dp_store_redo (self->store, self->id, game != NULL ? game : self->game, &local)
                          : dp_store_undo (self->store, self->id, game != NULL ? game : self->game, &local);
      guint n;

      if (next == NULL)
        {
          /* Stopped half-way (the store refused): show where the store stands. */
          if (game != NULL)
            replace_game (self, g_steal_pointer (&game));
          else if (g_error_matches (local, DP_STORE_ERROR, DP_STORE_ERROR_OUT_OF_DATE))
            return refuse_out_of_date (self, error);
          g_propagate_error (error, g_steal_pointer (&local));
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

/* ---- One truth across processes ---- */

/* The first position where @a and @b differ. */
static guint
common_prefix (GPtrArray *a,
               GPtrArray *b)
{
  guint k = 0;

  while (k < a->len && k < b->len && g_str_equal (g_ptr_array_index (a, k), g_ptr_array_index (b, k)))
    k++;
  return k;
}

/* "Undone elsewhere: Cleo: 1 cross in green": what changed between @old and @now, told
 * by its last entry in the window's words. */
static char *
describe_change (const char *setup,
                 GPtrArray  *old,
                 GPtrArray  *now,
                 guint       common)
{
  guint removed = old->len - common;
  guint added = now->len - common;
  GPtrArray *source = added > 0 ? now : old;
  g_autoptr(DpGame) before = NULL;

  if (source->len == 0)
    return g_strdup (_("Changed elsewhere"));
  before = dp_game_replay (setup, (const char *const *) source->pdata, source->len - 1, NULL, NULL);
  if (before == NULL)
    return g_strdup (_("Changed elsewhere"));
  return dp_game_view_dup_elsewhere_toast (before, g_ptr_array_index (source, source->len - 1), added, removed);
}

/* Loads the stored game again when its log is not the one the session shows; TRUE when
 * it did (::changed and ::reloaded were emitted). Reads and replays one game's entries. */
static gboolean
reload (DpSession  *self,
        GError    **error)
{
  g_autofree char *setup = NULL;
  g_autoptr(GPtrArray) stored = dp_store_get_actions (self->store, self->id, &setup, error);
  g_autoptr(DpGame) game = NULL;
  g_autofree char *text = NULL;
  guint common;

  if (stored == NULL)
    return FALSE;
  common = common_prefix (stored, self->log);
  if (common == stored->len && common == self->log->len && common == dp_game_get_n_actions (self->game))
    return FALSE;
  game = dp_game_replay (setup, (const char *const *) stored->pdata, stored->len, NULL, error);
  if (game == NULL)
    return FALSE;

  text = describe_change (setup, self->log, stored, common);
  g_clear_pointer (&self->game, dp_game_free);
  self->game = g_steal_pointer (&game);
  g_ptr_array_unref (self->log);
  self->log = g_steal_pointer (&stored);
  /* Entries made elsewhere were decisions as far as undo here knows. */
  g_array_set_size (self->forced, MIN (common, self->forced->len));
  g_ptr_array_set_size (self->last_forced, 0);
  g_signal_emit (self, signals[CHANGED], 0);
  g_signal_emit (self, signals[RELOADED], 0, text);
  return TRUE;
}

gboolean
dp_session_refresh (DpSession  *self,
                    GError    **error)
{
  gint64 version;

  g_return_val_if_fail (DP_IS_SESSION (self), FALSE);

  if (!dp_store_get_data_version (self->store, &version, error) || version == self->data_version)
    return FALSE;
  self->data_version = version;
  return reload (self, error);
}

static gboolean
watch_cb (gpointer user_data)
{
  g_autoptr(GError) error = NULL;

  dp_session_refresh (DP_SESSION (user_data), &error);
  if (error != NULL)
    g_debug ("Could not check the stored game: %s", error->message);
  return G_SOURCE_CONTINUE;
}

void
dp_session_watch (DpSession *self,
                  guint      interval_ms)
{
  g_return_if_fail (DP_IS_SESSION (self));

  g_clear_handle_id (&self->watch_id, g_source_remove);
  if (interval_ms > 0)
    self->watch_id = g_timeout_add (interval_ms, watch_cb, self);
}
