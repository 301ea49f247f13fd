/* dp-history-model.c — the stored games as a GListModel, read from the store page by page
 *
 * Nothing here grows with the history on the window's thread (issue 26, item 11): a
 * reload reads at most SYNC_KEYS keys (an index range); when the filter matches more,
 * the count goes to a worker (dp_store_count_pages_async) and the list grows to its
 * full length when the count arrives. Pages are read from the key of the row before
 * them (keyset), never with OFFSET: a deep page costs what the first does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dp-history-format.h"
#include "dp-history-model.h"

/* ---- DpHistoryItem ---- */

struct _DpHistoryItem
{
  GObject        parent_instance;

  DpGameSummary  summary;
  char          *date_text;
  char          *kind_text;
  char          *players_text;
  char          *winners_text;
  char          *scores_text;
};

G_DEFINE_FINAL_TYPE (DpHistoryItem, dp_history_item, G_TYPE_OBJECT)

enum
{
  ITEM_PROP_0,
  ITEM_PROP_CREATED,
  ITEM_PROP_DATE_TEXT,
  ITEM_PROP_KIND_TEXT,
  ITEM_PROP_PLAYERS_TEXT,
  ITEM_PROP_WINNERS_TEXT,
  ITEM_PROP_SCORES_TEXT,
  N_ITEM_PROPS
};

static GParamSpec *item_properties[N_ITEM_PROPS];

static char *
build_winners_text (const DpGameSummary *summary)
{
  g_autoptr(GString) text = g_string_new (NULL);

  switch (summary->state)
    {
    case DP_GAME_STATE_IN_PROGRESS:
      /* Translators: the winner column of a game that is not finished */
      return g_strdup (_("In progress"));
    case DP_GAME_STATE_ABANDONED:
      /* Translators: the winner column of a game that was given up */
      return g_strdup (_("Abandoned"));
    case DP_GAME_STATE_FINISHED:
    default:
      break;
    }

  for (guint i = 0; i < summary->n_players && i < 4; i++)
    if (summary->winners[i])
      {
        if (text->len > 0)
          g_string_append (text, ", ");
        g_string_append (text, summary->names[i]);
      }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
dp_history_item_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  DpHistoryItem *self = DP_HISTORY_ITEM (object);

  switch (prop_id)
    {
    case ITEM_PROP_CREATED:
      g_value_set_int64 (value, self->summary.created);
      break;
    case ITEM_PROP_DATE_TEXT:
      g_value_set_string (value, self->date_text);
      break;
    case ITEM_PROP_KIND_TEXT:
      g_value_set_string (value, self->kind_text);
      break;
    case ITEM_PROP_PLAYERS_TEXT:
      g_value_set_string (value, self->players_text);
      break;
    case ITEM_PROP_WINNERS_TEXT:
      g_value_set_string (value, self->winners_text);
      break;
    case ITEM_PROP_SCORES_TEXT:
      g_value_set_string (value, self->scores_text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dp_history_item_finalize (GObject *object)
{
  DpHistoryItem *self = DP_HISTORY_ITEM (object);

  g_free (self->summary.id);
  g_free (self->summary.kind);
  for (guint i = 0; i < 4; i++)
    g_free (self->summary.names[i]);
  g_free (self->date_text);
  g_free (self->kind_text);
  g_free (self->players_text);
  g_free (self->winners_text);
  g_free (self->scores_text);

  G_OBJECT_CLASS (dp_history_item_parent_class)->finalize (object);
}

static void
dp_history_item_class_init (DpHistoryItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = dp_history_item_get_property;
  object_class->finalize = dp_history_item_finalize;

  item_properties[ITEM_PROP_CREATED] =
    g_param_spec_int64 ("created", NULL, NULL, G_MININT64, G_MAXINT64, 0,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  item_properties[ITEM_PROP_DATE_TEXT] =
    g_param_spec_string ("date-text", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  item_properties[ITEM_PROP_KIND_TEXT] =
    g_param_spec_string ("kind-text", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  item_properties[ITEM_PROP_PLAYERS_TEXT] =
    g_param_spec_string ("players-text", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  item_properties[ITEM_PROP_WINNERS_TEXT] =
    g_param_spec_string ("winners-text", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  item_properties[ITEM_PROP_SCORES_TEXT] =
    g_param_spec_string ("scores-text", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_ITEM_PROPS, item_properties);
}

static void
dp_history_item_init (DpHistoryItem *self)
{
}

DpHistoryItem *
dp_history_item_new (const DpGameSummary *summary)
{
  DpHistoryItem *self;
  const DpGameKind *kind;
  g_autoptr(GString) players = g_string_new (NULL);
  g_autoptr(GString) scores = g_string_new (NULL);

  g_return_val_if_fail (summary != NULL, NULL);

  self = g_object_new (DP_TYPE_HISTORY_ITEM, NULL);
  self->summary = *summary;
  self->summary.id = g_strdup (summary->id);
  self->summary.kind = g_strdup (summary->kind);
  for (guint i = 0; i < 4; i++)
    self->summary.names[i] = i < summary->n_players ? g_strdup (summary->names[i]) : NULL;

  kind = summary->kind != NULL ? dp_game_kind_lookup (summary->kind) : NULL;
  self->kind_text = g_strdup (kind != NULL ? dp_game_kind_get_name (kind) : summary->kind);
  self->date_text = dp_format_date_time (summary->created);

  /* Names and scores in seat order; each score names its player (issue 19). */
  for (guint i = 0; i < summary->n_players && i < 4; i++)
    {
      g_autofree char *total = dp_format_int (summary->totals[i]);

      if (i > 0)
        {
          g_string_append (players, ", ");
          g_string_append (scores, " · ");
        }
      g_string_append (players, summary->names[i]);
      /* Translators: one player's score in the History list: "Ina 31" */
      g_string_append_printf (scores, _("%s %s"), summary->names[i], total);
    }
  self->players_text = g_string_free (g_steal_pointer (&players), FALSE);
  self->scores_text = g_string_free (g_steal_pointer (&scores), FALSE);
  self->winners_text = build_winners_text (summary);

  return self;
}

const DpGameSummary *
dp_history_item_get_summary (DpHistoryItem *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_ITEM (self), NULL);
  return &self->summary;
}

const char *
dp_history_item_get_id (DpHistoryItem *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_ITEM (self), NULL);
  return self->summary.id;
}

gint64
dp_history_item_get_created (DpHistoryItem *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_ITEM (self), 0);
  return self->summary.created;
}

const char *
dp_history_item_get_date_text (DpHistoryItem *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_ITEM (self), NULL);
  return self->date_text;
}

const char *
dp_history_item_get_kind_text (DpHistoryItem *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_ITEM (self), NULL);
  return self->kind_text;
}

const char *
dp_history_item_get_players_text (DpHistoryItem *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_ITEM (self), NULL);
  return self->players_text;
}

const char *
dp_history_item_get_winners_text (DpHistoryItem *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_ITEM (self), NULL);
  return self->winners_text;
}

const char *
dp_history_item_get_scores_text (DpHistoryItem *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_ITEM (self), NULL);
  return self->scores_text;
}

/* ---- DpHistoryModel ---- */

struct _DpHistoryModel
{
  GObject       parent_instance;

  DpStore      *store;
  DpGameFilter  filter;   /* strings owned (the const is the store's contract) */
  guint         n_items;
  GHashTable   *pages;    /* page number → GPtrArray of DpHistoryItem */
  GError       *error;
  guint         n_queries;
  guint         empty_id;  /* idle: empty the model after a read error */
  GArray       *page_keys; /* DpGameKey: the last row of page k at k (page k + 1 follows it) */
  GCancellable *counting;  /* the count on a worker, while it runs */
};

/* Read at once on a reload: a filter matching fewer games is counted exactly, without
 * a worker. */
#define SYNC_KEYS (4 * DP_HISTORY_PAGE_SIZE)

enum
{
  MODEL_PROP_0,
  MODEL_PROP_COUNTING,
  N_MODEL_PROPS
};

static GParamSpec *model_properties[N_MODEL_PROPS];

static void dp_history_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (DpHistoryModel, dp_history_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, dp_history_model_list_model_init))

static void
clear_filter_strings (DpGameFilter *filter)
{
  g_free ((char *) filter->kind);
  g_free ((char *) filter->player);
  g_free ((char *) filter->search);
  filter->kind = filter->player = filter->search = NULL;
}

static void
set_error (DpHistoryModel *self,
           GError         *error)
{
  g_clear_error (&self->error);
  self->error = error;
}

/* A page could not be read: the model empties itself once GTK is done asking, so the
 * History page shows the error on its empty page instead of blank rows (issue 16,
 * item 8). */
static gboolean
empty_after_error_cb (gpointer data)
{
  DpHistoryModel *self = data;
  guint old_n = self->n_items;

  self->empty_id = 0;
  self->n_items = 0;
  g_hash_table_remove_all (self->pages);
  if (old_n > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old_n, 0);
  return G_SOURCE_REMOVE;
}

/* Page keys from the keys of the rows in order (every page's last row). */
static void
note_page_keys (DpHistoryModel *self,
                GArray         *keys)
{
  g_array_set_size (self->page_keys, 0);
  for (guint i = DP_HISTORY_PAGE_SIZE; i <= keys->len; i += DP_HISTORY_PAGE_SIZE)
    g_array_append_val (self->page_keys, g_array_index (keys, DpGameKey, i - 1));
}

static void
count_pages_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(DpHistoryModel) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) pages = NULL;
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (result));
  guint n = 0, old_n;

  pages = dp_store_count_pages_finish (DP_STORE (source), result, &n, &error);
  /* A newer filter or reload took over meanwhile. */
  if (cancellable != self->counting)
    return;
  g_clear_object (&self->counting);
  g_object_notify_by_pspec (G_OBJECT (self), model_properties[MODEL_PROP_COUNTING]);

  if (pages == NULL)
    {
      GError *count_error = NULL;

      /* The worker could not open the database a second time: counted here after all
       * (a slow count beats a list cut at 200 games). */
      g_debug ("Cannot count the stored games on a worker: %s", error->message);
      n = dp_store_count_games (self->store, &self->filter, &count_error);
      if (count_error != NULL)
        {
          set_error (self, count_error);
          return;
        }
    }
  else
    {
      g_array_set_size (self->page_keys, 0);
      g_array_append_vals (self->page_keys, pages->data, pages->len);
    }
  old_n = self->n_items;
  self->n_items = n;
  if (n > old_n)
    g_list_model_items_changed (G_LIST_MODEL (self), old_n, 0, n - old_n);
  else if (n < old_n)
    g_list_model_items_changed (G_LIST_MODEL (self), n, old_n - n, 0);
}

/* The length: exact at once for up to SYNC_KEYS games, else SYNC_KEYS until the
 * worker's count arrives. */
static guint
count_games (DpHistoryModel *self)
{
  GError *error = NULL;
  g_autoptr(GArray) keys = dp_store_list_game_keys (self->store, &self->filter, NULL, SYNC_KEYS, &error);

  g_cancellable_cancel (self->counting);
  g_clear_object (&self->counting);

  if (keys == NULL)
    {
      g_debug ("Cannot count the stored games: %s", error->message);
      set_error (self, error);
      return 0;
    }
  note_page_keys (self, keys);
  if (keys->len < SYNC_KEYS)
    return keys->len;

  self->counting = g_cancellable_new ();
  dp_store_count_pages_async (self->store, &self->filter, DP_HISTORY_PAGE_SIZE, self->counting,
                              count_pages_cb, g_object_ref (self));
  g_object_notify_by_pspec (G_OBJECT (self), model_properties[MODEL_PROP_COUNTING]);
  return keys->len;
}

/* Where page @page starts: after the key of the page before's last row. */
static gboolean
page_start (DpHistoryModel *self,
            guint           page,
            DpGameKey      *key)
{
  GPtrArray *before;

  if (page <= self->page_keys->len)
    {
      *key = g_array_index (self->page_keys, DpGameKey, page - 1);
      return TRUE;
    }
  before = g_hash_table_lookup (self->pages, GUINT_TO_POINTER (page - 1));
  if (before != NULL && before->len == DP_HISTORY_PAGE_SIZE)
    {
      const DpGameSummary *last = dp_history_item_get_summary (g_ptr_array_index (before, before->len - 1));

      key->created = last->created;
      key->row = last->row;
      return TRUE;
    }
  return FALSE;
}

static GPtrArray *
load_page (DpHistoryModel *self,
           guint           page)
{
  g_autoptr(GPtrArray) summaries = NULL;
  GPtrArray *items;
  GError *error = NULL;
  DpGameKey after;

  self->n_queries++;
  if (page == 0)
    summaries = dp_store_list_games_after (self->store, &self->filter, NULL, DP_HISTORY_PAGE_SIZE, &error);
  else if (page_start (self, page, &after))
    summaries = dp_store_list_games_after (self->store, &self->filter, &after, DP_HISTORY_PAGE_SIZE, &error);
  else
    /* Not reached: every page's start is known once the count is. */
    summaries = dp_store_list_games (self->store, &self->filter, page * DP_HISTORY_PAGE_SIZE,
                                     DP_HISTORY_PAGE_SIZE, &error);
  if (summaries == NULL)
    {
      g_debug ("Cannot read the stored games: %s", error != NULL ? error->message : "?");
      set_error (self, error);
      if (self->empty_id == 0)
        self->empty_id = g_idle_add (empty_after_error_cb, self);

      /* Until then its rows say what is wrong (a list model may not return NULL
       * inside its length). */
      summaries = g_ptr_array_new_with_free_func ((GDestroyNotify) dp_game_summary_free);
      for (guint i = 0; i < DP_HISTORY_PAGE_SIZE; i++)
        {
          DpGameSummary *stub = g_new0 (DpGameSummary, 1);

          stub->id = g_strdup ("");
          stub->kind = g_strdup (self->error->message);
          g_ptr_array_add (summaries, stub);
        }
    }

  items = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < summaries->len; i++)
    g_ptr_array_add (items, dp_history_item_new (g_ptr_array_index (summaries, i)));
  g_hash_table_insert (self->pages, GUINT_TO_POINTER (page), items);

  return items;
}

static GType
dp_history_model_get_item_type (GListModel *model)
{
  return DP_TYPE_HISTORY_ITEM;
}

static guint
dp_history_model_get_n_items (GListModel *model)
{
  return DP_HISTORY_MODEL (model)->n_items;
}

static gpointer
dp_history_model_get_item (GListModel *model,
                           guint       position)
{
  DpHistoryModel *self = DP_HISTORY_MODEL (model);
  guint page = position / DP_HISTORY_PAGE_SIZE;
  guint index = position % DP_HISTORY_PAGE_SIZE;
  GPtrArray *items;

  if (position >= self->n_items)
    return NULL;

  items = g_hash_table_lookup (self->pages, GUINT_TO_POINTER (page));
  if (items == NULL)
    items = load_page (self, page);

  /* Another program may have deleted games since we counted: a short page. */
  if (items == NULL || index >= items->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (items, index));
}

static void
dp_history_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = dp_history_model_get_item_type;
  iface->get_n_items = dp_history_model_get_n_items;
  iface->get_item = dp_history_model_get_item;
}

static void
dp_history_model_finalize (GObject *object)
{
  DpHistoryModel *self = DP_HISTORY_MODEL (object);

  clear_filter_strings (&self->filter);
  g_cancellable_cancel (self->counting);
  g_clear_object (&self->counting);
  g_clear_pointer (&self->page_keys, g_array_unref);
  g_clear_handle_id (&self->empty_id, g_source_remove);
  g_clear_pointer (&self->pages, g_hash_table_unref);
  g_clear_error (&self->error);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (dp_history_model_parent_class)->finalize (object);
}

static void
dp_history_model_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  DpHistoryModel *self = DP_HISTORY_MODEL (object);

  switch (prop_id)
    {
    case MODEL_PROP_COUNTING:
      g_value_set_boolean (value, self->counting != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dp_history_model_class_init (DpHistoryModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dp_history_model_finalize;
  object_class->get_property = dp_history_model_get_property;

  /* TRUE while the games are counted on a worker: the length is a lower bound. */
  model_properties[MODEL_PROP_COUNTING] =
    g_param_spec_boolean ("counting", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_MODEL_PROPS, model_properties);
}

static void
dp_history_model_init (DpHistoryModel *self)
{
  DpGameFilter init = DP_GAME_FILTER_INIT;

  self->filter = init;
  self->pages = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  self->page_keys = g_array_new (FALSE, FALSE, sizeof (DpGameKey));
}

DpHistoryModel *
dp_history_model_new (DpStore *store)
{
  DpHistoryModel *self;

  g_return_val_if_fail (DP_IS_STORE (store), NULL);

  self = g_object_new (DP_TYPE_HISTORY_MODEL, NULL);
  self->store = g_object_ref (store);
  self->n_items = count_games (self);

  return self;
}

DpStore *
dp_history_model_get_store (DpHistoryModel *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_MODEL (self), NULL);
  return self->store;
}

void
dp_history_model_set_filter (DpHistoryModel     *self,
                             const DpGameFilter *filter)
{
  DpGameFilter init = DP_GAME_FILTER_INIT;

  g_return_if_fail (DP_IS_HISTORY_MODEL (self));

  if (filter == NULL)
    filter = &init;

  clear_filter_strings (&self->filter);
  self->filter = *filter;
  self->filter.kind = g_strdup (filter->kind);
  self->filter.player = g_strdup (filter->player);
  /* An empty search box means no search. */
  self->filter.search = filter->search != NULL && filter->search[0] != '\0' ? g_strdup (filter->search) : NULL;

  dp_history_model_reload (self);
}

const DpGameFilter *
dp_history_model_get_filter (DpHistoryModel *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_MODEL (self), NULL);
  return &self->filter;
}

void
dp_history_model_reload (DpHistoryModel *self)
{
  guint old_n;

  g_return_if_fail (DP_IS_HISTORY_MODEL (self));

  old_n = self->n_items;
  g_clear_handle_id (&self->empty_id, g_source_remove);
  g_hash_table_remove_all (self->pages);
  g_clear_error (&self->error);

  /* Every row may have changed (a new order or another filter): replace them all,
   * as two changes. GTK 4.8's list views look up every added item among the removed
   * ones when one change does both, which would read every page of the store. */
  self->n_items = 0;
  if (old_n > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old_n, 0);
  self->n_items = count_games (self);
  if (self->n_items > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, 0, self->n_items);
}

const GError *
dp_history_model_get_error (DpHistoryModel *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_MODEL (self), NULL);
  return self->error;
}

gboolean
dp_history_model_is_counting (DpHistoryModel *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_MODEL (self), FALSE);
  return self->counting != NULL;
}

guint
dp_history_model_get_n_queries (DpHistoryModel *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_MODEL (self), 0);
  return self->n_queries;
}
