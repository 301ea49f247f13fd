/* dp-exchange.c — export and import files, for dicepad-cli and the window alike
 *
 * Export writes the JSON document game by game as the store reads the games, in the
 * very bytes json-glib prints for the whole document (tests/store/test-exchange.c).
 * Import reads the document one game at a time: a small scanner walks the outer
 * object and the "games" list, and json-glib parses each game on its own, so a 60 MB
 * file never becomes a 1.5 GB tree. Every check happens here, once, with the line a
 * person finds in an editor; the store only writes what was checked (dp-store-private.h).
 * The export reads the store game by game here too (export_game), beside its reader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dp-exchange.h"
#include "dp-store-internal.h"

#define EXPORT_FORMAT_NAME "dicepad-export"
#define EXPORT_MAX_VERSION 1

/* Import limits: far above any real game, low enough that a hostile file cannot make
 * us build millions of rows. */
#define IMPORT_MAX_GAMES   1000000
#define IMPORT_MAX_ACTIONS 100000

/* Games per page when walking the whole store. */
#define PAGE_SIZE 500

/* ---- Formats ---- */

typedef gboolean (*WriteFunc) (DpStore            *store,
                               const char *const  *ids,
                               GOutputStream      *out,
                               GCancellable       *cancellable,
                               GError            **error);

static gboolean write_json   (DpStore *store, const char *const *ids, GOutputStream *out, GCancellable *cancellable, GError **error);
static gboolean write_csv    (DpStore *store, const char *const *ids, GOutputStream *out, GCancellable *cancellable, GError **error);
static gboolean write_script (DpStore *store, const char *const *ids, GOutputStream *out, GCancellable *cancellable, GError **error);

static const struct
{
  DpExchangeFormat  format;
  const char       *name;
  const char       *suffix;
  gboolean          single;
  WriteFunc         write;
} formats[] = {
  { DP_EXCHANGE_FORMAT_JSON,   "json",   "json",  FALSE, write_json },
  { DP_EXCHANGE_FORMAT_CSV,    "csv",    "csv",   FALSE, write_csv },
  { DP_EXCHANGE_FORMAT_SCRIPT, "script", "jsonl", TRUE,  write_script },
};

static guint
format_index (DpExchangeFormat format)
{
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (formats[i].format == format)
      return i;
  return 0;
}

gboolean
dp_exchange_format_from_string (const char       *name,
                                DpExchangeFormat *format)
{
  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (formats); i++)
    {
      if (strcmp (formats[i].name, name) == 0)
        {
          *format = formats[i].format;
          return TRUE;
        }
    }
  return FALSE;
}

const char *
dp_exchange_format_to_string (DpExchangeFormat format)
{
  return formats[format_index (format)].name;
}

const char *
dp_exchange_format_get_suffix (DpExchangeFormat format)
{
  return formats[format_index (format)].suffix;
}

gboolean
dp_exchange_format_is_single (DpExchangeFormat format)
{
  return formats[format_index (format)].single;
}

/* ---- Writing ---- */

void
dp_exchange_begin_json (JsonBuilder *builder)
{
  g_return_if_fail (JSON_IS_BUILDER (builder));

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, EXPORT_FORMAT_NAME);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, EXPORT_MAX_VERSION);
  json_builder_set_member_name (builder, "games");
  json_builder_begin_array (builder);
}

char *
dp_exchange_format_date (gint64 unix_time)
{
  g_autoptr(GDateTime) date = g_date_time_new_from_unix_local (unix_time);

  if (date == NULL)
    return g_strdup ("");
  return g_date_time_format_iso8601 (date);
}

/* ---- Games left out ---- */

/* The games an export or import leaves out, so that one bad game never costs the good
 * ones (issue 26, item 1). */
typedef struct
{
  GString *text;    /* "game 3 (line 120): …; …" */
  guint    n;
  guint    first_line;
  GError  *first;
} LeftOut;

#define LEFT_OUT_INIT { NULL, 0, 0, NULL }

static void
left_out_clear (LeftOut *left_out)
{
  if (left_out->text != NULL)
    g_string_free (left_out->text, TRUE);
  g_clear_error (&left_out->first);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (LeftOut, left_out_clear)

/* Takes @problem, the reason one game was left out (@line: where, for an import). */
static void
left_out_add (LeftOut *left_out,
              guint    line,
              GError  *problem)
{
  if (left_out->text == NULL)
    left_out->text = g_string_new (NULL);
  else
    g_string_append (left_out->text, "; ");
  if (line > 0)
    /* Translators: one game an import left out: "line 120: Game 3, action 5: …" */
    g_string_append_printf (left_out->text, _("line %u: %s"), line, problem->message);
  else
    g_string_append (left_out->text, problem->message);
  if (left_out->n++ == 0)
    {
      left_out->first_line = line;
      left_out->first = problem;
    }
  else
    {
      g_error_free (problem);
    }
}

/* TRUE when nothing was left out. When every game was left out, the first problem is
 * the error, as before (*error_line its line); otherwise DP_STORE_ERROR_SKIPPED_GAMES
 * names them all. */
static gboolean
left_out_finish (LeftOut   *left_out,
                 guint      n_done,
                 gboolean   import,
                 guint     *error_line,
                 GError   **error)
{
  if (left_out->n == 0)
    return TRUE;

  if (error_line != NULL)
    *error_line = left_out->first_line;
  if (n_done == 0)
    {
      g_propagate_error (error, g_steal_pointer (&left_out->first));
      return FALSE;
    }

  if (import)
    g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_SKIPPED_GAMES,
                 /* Translators: the other games were imported; then the reasons */
                 g_dngettext (GETTEXT_PACKAGE,
                              "%u game could not be imported; every other game was: %s",
                              "%u games could not be imported; every other game was: %s",
                              left_out->n),
                 left_out->n, left_out->text->str);
  else
    g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_SKIPPED_GAMES,
                 /* Translators: the other games were written; then the reasons */
                 g_dngettext (GETTEXT_PACKAGE,
                              "%u game is damaged in the database and was left out of the export; every other game is in it: %s",
                              "%u games are damaged in the database and were left out of the export; every other game is in it: %s",
                              left_out->n),
                 left_out->n, left_out->text->str);
  return FALSE;
}

/* ---- Reading the store for an export ---- */

static const char *const state_names[] = { "in-progress", "finished", "abandoned" };

static JsonNode *
parse_stored_object (const char  *text,
                     const char  *game_id,
                     int          action,
                     GError     **error)
{
  g_autoptr(JsonNode) node = NULL;

  /* A database file is input too: json-glib's recursive parser overflows the stack on
   * a row nested 100 000 levels deep (the check refuses it as not an object). */
  if (text != NULL && dp_json_check_text (text, -1, TRUE, NULL, NULL))
    node = json_from_string (text, NULL);

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      if (action < 0)
        g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
                     _("The stored setup of game “%s” cannot be read back."), game_id);
      else
        g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
                     _("Stored action %d of game “%s” cannot be read back: %s"),
                     action + 1, game_id, _("it is not a JSON object"));
      return NULL;
    }

  return g_steal_pointer (&node);
}

/* Game @row as one export object, or NULL with @error. */
static JsonNode *
export_game (DpStore      *self,
             gint64        row,
             GError      **error)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *uuid = NULL;
  g_autofree char *setup = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  g_autoptr(JsonNode) setup_node = NULL;
  gint64 created, finished;
  int state;

  {
    g_autoptr(DpStoreStmt) stmt = _dp_store_query (self, error,
                                                   "SELECT uuid, created, finished, state FROM games WHERE id = ?",
                                                   "I", row);
    gboolean has_row;

    if (stmt == NULL)
      return NULL;
    if (!_dp_store_step_row (self, stmt, &has_row, error))
      return NULL;
    /* The list of games named a row that is not there: a damaged index. */
    if (!has_row)
      {
        _dp_store_db_error (self, SQLITE_CORRUPT, error);
        return NULL;
      }
    uuid = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
    created = sqlite3_column_int64 (stmt, 1);
    state = CLAMP (sqlite3_column_int (stmt, 3), 0, 2);
    /* An unfinished game may keep the time it ended before an undo (for redo). */
    finished = state == DP_GAME_STATE_FINISHED ? sqlite3_column_int64 (stmt, 2) : 0;
  }

  if (uuid == NULL)
    {
      _dp_store_db_error (self, SQLITE_CORRUPT, error);
      return NULL;
    }
  if (!_dp_store_read_log (self, row, uuid, &setup, &actions, error))
    return NULL;

  /* Only a game that replays is written: an export must import back (issue 26, item 1:
   * an illegal action, an unknown game or a setup from a newer Dicepad made the whole
   * file refused). */
  {
    g_autoptr(DpGame) replayed = _dp_store_replay_log (uuid, setup, actions, actions->len, error);

    if (replayed == NULL)
      return NULL;
  }

  setup_node = parse_stored_object (setup, uuid, -1, error);
  if (setup_node == NULL)
    return NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, uuid);
  json_builder_set_member_name (builder, "created");
  json_builder_add_int_value (builder, created);
  json_builder_set_member_name (builder, "finished");
  json_builder_add_int_value (builder, finished);
  json_builder_set_member_name (builder, "state");
  json_builder_add_string_value (builder, state_names[state]);
  json_builder_set_member_name (builder, "setup");
  json_builder_add_value (builder, g_steal_pointer (&setup_node));
  json_builder_set_member_name (builder, "actions");
  json_builder_begin_array (builder);
  for (guint i = 0; i < actions->len; i++)
    {
      JsonNode *node = parse_stored_object (g_ptr_array_index (actions, i), uuid, (int) i, error);

      if (node == NULL)
        return NULL;
      json_builder_add_value (builder, node);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

gboolean
_dp_store_export_foreach (DpStore              *self,
                          const char *const    *ids,
                          DpStoreExportGameFunc func,
                          gpointer              user_data,
                          GError              **error)
{
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_auto(LeftOut) left_out = LEFT_OUT_INIT;
  guint n_written = 0;

  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (func != NULL, FALSE);

  /* One read transaction: the export is one consistent snapshot. */
  if (!_dp_store_exec (self, "BEGIN", error))
    return FALSE;

  if (ids == NULL)
    {
      g_autoptr(DpStoreStmt) stmt = _dp_store_prepare (self,
                                                       "SELECT id FROM games WHERE deleted = 0 ORDER BY created, id",
                                                       error);

      if (stmt == NULL)
        goto fail;
      for (;;)
        {
          gboolean has_row;
          gint64 row;

          if (!_dp_store_step_row (self, stmt, &has_row, error))
            goto fail;
          if (!has_row)
            break;
          row = sqlite3_column_int64 (stmt, 0);
          g_array_append_val (rows, row);
        }
    }
  else
    {
      for (guint i = 0; ids[i] != NULL; i++)
        {
          DpStoreGameRow info;

          if (!_dp_store_lookup_game (self, ids[i], &info, error))
            goto fail;
          g_array_append_val (rows, info.row);
        }
    }

  /* One game in memory at a time: the caller writes it before the next is read. A game
   * that cannot be read back or replayed is left out and named; the others are written. */
  for (guint i = 0; i < rows->len; i++)
    {
      g_autoptr(GError) game_error = NULL;
      g_autoptr(JsonNode) game = export_game (self, g_array_index (rows, gint64, i), &game_error);

      if (game == NULL && g_error_matches (game_error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW))
        {
          left_out_add (&left_out, 0, g_steal_pointer (&game_error));
          continue;
        }
      if (game == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&game_error));
          goto fail;
        }
      if (!func (game, user_data, error))
        goto fail;
      n_written++;
    }

  _dp_store_rollback (self);
  return left_out_finish (&left_out, n_written, FALSE, NULL, error);

fail:
  _dp_store_rollback (self);
  return FALSE;
}

static gboolean
export_add_game (JsonNode  *game,
                 gpointer   user_data,
                 GError   **error)
{
  json_builder_add_value (user_data, json_node_ref (game));
  return TRUE;
}

JsonNode *
dp_store_export (DpStore            *self,
                 const char *const  *ids,
                 GError            **error)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (DP_IS_STORE (self), NULL);

  dp_exchange_begin_json (builder);
  if (!_dp_store_export_foreach (self, ids, export_add_game, builder, error))
    return NULL;
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

gboolean
dp_store_import (DpStore   *self,
                 JsonNode  *export_root,
                 guint     *n_imported,
                 guint     *n_skipped,
                 GError   **error)
{
  g_autofree char *text = NULL;
  gsize length = 0;

  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (export_root != NULL, FALSE);

  /* One reader of the export format: the document goes through its text form. */
  text = json_to_string (export_root, FALSE);
  length = strlen (text);
  return dp_exchange_import_data (self, text, length, n_imported, n_skipped, NULL, error);
}

/* Writes @text to @out; a failure of the stream (full disk, a closed or broken stream)
 * keeps its GIOError domain and code, with a message that says what failed. */
static gboolean
write_all (GOutputStream  *out,
           const char     *text,
           gsize           length,
           GCancellable   *cancellable,
           GError        **error)
{
  g_autoptr(GError) local_error = NULL;

  if (g_output_stream_write_all (out, text, length, NULL, cancellable, &local_error))
    return TRUE;

  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_propagate_error (error, g_steal_pointer (&local_error));
  else
    g_set_error (error, local_error->domain, local_error->code,
                 _("Cannot write the export: %s"), local_error->message);
  return FALSE;
}

/* Text is gathered in a buffer of about this size and written when it is full. */
#define WRITE_CHUNK 65536

typedef struct
{
  GOutputStream  *out;
  GCancellable   *cancellable;
  JsonGenerator  *generator;
  GString        *text;
  guint           n_games;
} JsonWriter;

/* Writes what @writer gathered when it is more than a chunk (or @all of it). */
static gboolean
json_writer_flush (JsonWriter  *writer,
                   gboolean     all,
                   GError     **error)
{
  if (writer->text->len == 0 || (!all && writer->text->len < WRITE_CHUNK))
    return TRUE;
  if (!write_all (writer->out, writer->text->str, writer->text->len, writer->cancellable, error))
    return FALSE;
  g_string_truncate (writer->text, 0);
  return TRUE;
}

/* One game, exactly as json-glib prints it as an element of "games" in the whole
 * document: two levels deep, where its lines and its empty objects ("{    }" holds the
 * level's indent) are indented by four more spaces than the game printed alone. So it
 * is printed inside a stand-in of the same depth, {"g": [game]}, and cut out. */
#define GAME_WRAP_HEAD "{\n  \"g\" : [\n"
#define GAME_WRAP_TAIL "\n  ]\n}"

static gboolean
json_writer_add_game (JsonNode  *game,
                      gpointer   user_data,
                      GError   **error)
{
  JsonWriter *writer = user_data;
  g_autoptr(JsonArray) list = json_array_new ();
  g_autoptr(JsonObject) wrap = json_object_new ();
  g_autoptr(JsonNode) root = json_node_new (JSON_NODE_OBJECT);
  g_autofree char *text = NULL;
  gsize length = 0;

  json_array_add_element (list, json_node_ref (game));
  json_object_set_array_member (wrap, "g", json_array_ref (list));
  json_node_set_object (root, wrap);
  json_generator_set_root (writer->generator, root);
  text = json_generator_to_data (writer->generator, &length);

  /* json-glib's layout, not input: a differing one is a bug of this function. */
  g_assert (length >= strlen (GAME_WRAP_HEAD) + strlen (GAME_WRAP_TAIL) &&
            g_str_has_prefix (text, GAME_WRAP_HEAD) && g_str_has_suffix (text, GAME_WRAP_TAIL));

  /* An empty list is "[]", so the list's first line break comes with its first game. */
  g_string_append (writer->text, writer->n_games > 0 ? ",\n" : "\n");
  g_string_append_len (writer->text, text + strlen (GAME_WRAP_HEAD),
                       length - strlen (GAME_WRAP_HEAD) - strlen (GAME_WRAP_TAIL));
  writer->n_games++;

  return json_writer_flush (writer, FALSE, error);
}

/* The document is written game by game as the store reads them, so memory holds one
 * game and one chunk, whatever the number of games (bench/bench-export). The bytes are
 * those json-glib prints for the whole document (pretty, indent 2, then a line
 * break): tests/store/test-exchange.c compares the two. Pretty-printed, so that an
 * import error can name a line a person can find. */
static gboolean
write_json (DpStore            *store,
            const char *const  *ids,
            GOutputStream      *out,
            GCancellable       *cancellable,
            GError            **error)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) left_out = NULL;
  JsonWriter writer = { out, cancellable, generator, text, 0 };

  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);

  g_string_append_printf (text, "{\n  \"format\" : \"%s\",\n  \"version\" : %d,\n  \"games\" : [",
                          EXPORT_FORMAT_NAME, EXPORT_MAX_VERSION);
  /* Games left out: the document is still whole, with every other game. */
  if (!_dp_store_export_foreach (store, ids, json_writer_add_game, &writer, &left_out) &&
      !g_error_matches (left_out, DP_STORE_ERROR, DP_STORE_ERROR_SKIPPED_GAMES))
    {
      g_propagate_error (error, g_steal_pointer (&left_out));
      return FALSE;
    }
  g_string_append (text, writer.n_games > 0 ? "\n  ]\n}\n" : "]\n}\n");

  if (!json_writer_flush (&writer, TRUE, error))
    return FALSE;
  if (left_out != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&left_out));
      return FALSE;
    }
  return TRUE;
}

void
dp_exchange_csv_append_field (GString    *row,
                              const char *value,
                              gboolean    is_text)
{
  gboolean formula;

  if (value == NULL)
    value = "";

  formula = is_text && value[0] != '\0' && strchr ("=+-@", value[0]) != NULL;

  if (formula || strpbrk (value, ",\"\r\n") != NULL)
    {
      g_string_append_c (row, '"');
      if (formula)
        g_string_append_c (row, '\'');
      for (const char *p = value; *p; p++)
        {
          if (*p == '"')
            g_string_append_c (row, '"');
          g_string_append_c (row, *p);
        }
      g_string_append_c (row, '"');
    }
  else
    {
      g_string_append (row, value);
    }
}

/* The summaries of @ids, or of every stored game (newest first). */
static GPtrArray *
collect_summaries (DpStore            *store,
                   const char *const  *ids,
                   GError            **error)
{
  g_autoptr(GPtrArray) summaries = g_ptr_array_new_with_free_func ((GDestroyNotify) dp_game_summary_free);

  if (ids != NULL)
    {
      for (guint i = 0; ids[i] != NULL; i++)
        {
          DpGameSummary *summary = dp_store_get_summary (store, ids[i], error);

          if (summary == NULL)
            return NULL;
          g_ptr_array_add (summaries, summary);
        }
    }
  else
    {
      DpGameFilter filter = DP_GAME_FILTER_INIT;
      guint offset = 0;

      for (;;)
        {
          g_autoptr(GPtrArray) page = dp_store_list_games (store, &filter, offset, PAGE_SIZE, error);
          guint n;

          if (page == NULL)
            return NULL;
          n = page->len;
          /* Steal the elements: the page's free function must not free them. */
          g_ptr_array_set_free_func (page, NULL);
          for (guint i = 0; i < n; i++)
            g_ptr_array_add (summaries, g_ptr_array_index (page, i));
          if (n < PAGE_SIZE)
            break;
          offset += n;
        }
    }

  return g_steal_pointer (&summaries);
}

static gboolean
write_csv (DpStore            *store,
           const char *const  *ids,
           GOutputStream      *out,
           GCancellable       *cancellable,
           GError            **error)
{
  g_autoptr(GPtrArray) summaries = NULL;
  g_autoptr(GString) text = g_string_new ("date,game,player,seat,total,rank,winner\r\n");
  g_auto(LeftOut) left_out = LEFT_OUT_INIT;
  guint n_written = 0;

  summaries = collect_summaries (store, ids, error);
  if (summaries == NULL)
    return FALSE;

  for (guint i = 0; i < summaries->len; i++)
    {
      DpGameSummary *summary = g_ptr_array_index (summaries, i);
      gboolean finished = summary->state == DP_GAME_STATE_FINISHED;
      g_autoptr(DpGame) game = NULL;
      g_autofree char *date = dp_exchange_format_date (summary->created);

      /* Totals of a game still in progress are not in the summary: replay it. One that
       * cannot be replayed is left out and named. */
      if (!finished)
        {
          g_autoptr(GError) game_error = NULL;

          game = dp_store_load_game (store, summary->id, &game_error);
          if (game == NULL && g_error_matches (game_error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW))
            {
              left_out_add (&left_out, 0, g_steal_pointer (&game_error));
              continue;
            }
          if (game == NULL)
            {
              g_propagate_error (error, g_steal_pointer (&game_error));
              return FALSE;
            }
        }
      n_written++;

      for (guint seat = 0; seat < summary->n_players && seat < G_N_ELEMENTS (summary->names); seat++)
        {
          g_autofree char *seat_text = g_strdup_printf ("%u", seat + 1);
          g_autofree char *total = g_strdup_printf ("%d", finished ? summary->totals[seat]
                                                                   : dp_game_get_total (game, seat));
          g_autofree char *rank = finished ? g_strdup_printf ("%u", summary->ranks[seat]) : g_strdup ("");
          const char *winner = finished ? (summary->winners[seat] ? "1" : "0") : "";

          dp_exchange_csv_append_field (text, date, FALSE);
          g_string_append_c (text, ',');
          dp_exchange_csv_append_field (text, summary->kind, TRUE);
          g_string_append_c (text, ',');
          dp_exchange_csv_append_field (text, summary->names[seat], TRUE);
          g_string_append_c (text, ',');
          dp_exchange_csv_append_field (text, seat_text, FALSE);
          g_string_append_c (text, ',');
          dp_exchange_csv_append_field (text, total, FALSE);
          g_string_append_c (text, ',');
          dp_exchange_csv_append_field (text, rank, FALSE);
          g_string_append_c (text, ',');
          dp_exchange_csv_append_field (text, winner, FALSE);
          g_string_append (text, "\r\n");
        }

      /* Keep memory flat for large stores. */
      if (text->len > 65536)
        {
          if (!write_all (out, text->str, text->len, cancellable, error))
            return FALSE;
          g_string_truncate (text, 0);
        }
    }

  if (!write_all (out, text->str, text->len, cancellable, error))
    return FALSE;
  return left_out_finish (&left_out, n_written, FALSE, NULL, error);
}

static gboolean
write_script (DpStore            *store,
              const char *const  *ids,
              GOutputStream      *out,
              GCancellable       *cancellable,
              GError            **error)
{
  g_autoptr(GPtrArray) actions = NULL;
  g_autofree char *setup_text = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  const char *id = ids[0];
  guint n_stored = 0;

  /* A damaged log still gives the actions that can be read, marked incomplete (issue
   * 16, item 4: "offer what can be saved"); the caller then gets the error too. */
  actions = dp_store_get_readable_actions (store, id, &setup_text, &n_stored, error);
  if (actions == NULL)
    return FALSE;

  /* The id goes in a comment: scripts ignore comments, people find the game again. */
  g_string_append_printf (text, "# Dicepad game %s\n", id);
  if (actions->len < n_stored)
    g_string_append_printf (text, "# INCOMPLETE: the database is damaged; only the first %u of %u actions could be read\n",
                            actions->len, n_stored);
  g_string_append (text, setup_text);
  g_string_append_c (text, '\n');
  for (guint i = 0; i < actions->len; i++)
    {
      g_string_append (text, g_ptr_array_index (actions, i));
      g_string_append_c (text, '\n');
    }

  if (!write_all (out, text->str, text->len, cancellable, error))
    return FALSE;

  if (actions->len < n_stored)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
                   g_dngettext (GETTEXT_PACKAGE,
                                "The game “%s” is damaged in the database: only %u of its %u action can be read. "
                                "The script holds those, marked incomplete.",
                                "The game “%s” is damaged in the database: only %u of its %u actions can be read. "
                                "The script holds those, marked incomplete.",
                                n_stored),
                   id, actions->len, n_stored);
      return FALSE;
    }
  return TRUE;
}

gboolean
dp_exchange_write (DpStore            *store,
                   DpExchangeFormat    format,
                   const char *const  *ids,
                   GOutputStream      *out,
                   GCancellable       *cancellable,
                   GError            **error)
{
  guint i = format_index (format);

  g_return_val_if_fail (DP_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);
  g_return_val_if_fail (!formats[i].single || (ids != NULL && ids[0] != NULL && ids[1] == NULL), FALSE);

  return formats[i].write (store, ids, out, cancellable, error);
}

gboolean
dp_exchange_write_file (DpStore            *store,
                        DpExchangeFormat    format,
                        const char *const  *ids,
                        GFile              *file,
                        GCancellable       *cancellable,
                        GError            **error)
{
  g_autoptr(GFile) parent = NULL;
  g_autoptr(GFile) temp = NULL;
  g_autoptr(GFileOutputStream) out = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GError) left_out = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *temp_name = NULL;
  g_autofree char *random = NULL;

  g_return_val_if_fail (DP_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  /* A new file beside the chosen one (same folder, so the final move is a rename):
   * nothing the user had is touched until the export is complete. */
  parent = g_file_get_parent (file);
  basename = g_file_get_basename (file);
  if (parent == NULL || basename == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                   _("Choose a file name to export to."));
      return FALSE;
    }
  random = g_uuid_string_random ();
  temp_name = g_strdup_printf (".%s.%.8s.part", basename, random);
  temp = g_file_get_child (parent, temp_name);

  out = g_file_create (temp, G_FILE_CREATE_PRIVATE, cancellable, error);
  if (out == NULL)
    return FALSE;

  /* Games left out: the file holds every other game, and the error names them. */
  if (!dp_exchange_write (store, format, ids, G_OUTPUT_STREAM (out), cancellable, &left_out) &&
      !g_error_matches (left_out, DP_STORE_ERROR, DP_STORE_ERROR_SKIPPED_GAMES))
    {
      g_output_stream_close (G_OUTPUT_STREAM (out), NULL, NULL);
      g_file_delete (temp, NULL, NULL);
      g_propagate_error (error, g_steal_pointer (&left_out));
      return FALSE;
    }
  if (!g_output_stream_close (G_OUTPUT_STREAM (out), cancellable, &local_error) ||
      !g_file_move (temp, file, G_FILE_COPY_OVERWRITE | G_FILE_COPY_NO_FALLBACK_FOR_MOVE,
                    cancellable, NULL, NULL, &local_error))
    {
      g_output_stream_close (G_OUTPUT_STREAM (out), NULL, NULL);
      g_file_delete (temp, NULL, NULL);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  if (left_out != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&left_out));
      return FALSE;
    }
  return TRUE;
}

/* ---- Reading: the outer document ---- */

/* Where the scanner is: a position in the data and its 1-based line. */
typedef struct
{
  const char *data;
  const char *p;
  const char *end;
  guint       line;
  const char *line_start;
} Cursor;

static gboolean
invalid_at (guint       *error_line,
            guint        line,
            GError     **error,
            const char  *message)
{
  *error_line = line;
  g_set_error_literal (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_IMPORT, message);
  return FALSE;
}

static void
cursor_skip_space (Cursor *c)
{
  while (c->p < c->end && g_ascii_isspace (*c->p))
    {
      if (*c->p == '\n')
        {
          c->line++;
          c->line_start = c->p + 1;
        }
      c->p++;
    }
}

static gboolean
cursor_syntax_error (Cursor  *c,
                     guint   *error_line,
                     GError **error)
{
  g_autofree char *message = NULL;

  if (c->p >= c->end)
    message = g_strdup (_("This is not valid JSON: the file ends too early"));
  else
    message = g_strdup_printf (_("This is not valid JSON (column %u): unexpected “%c”"),
                               (guint) (c->p - c->line_start) + 1,
                               g_ascii_isprint (*c->p) ? *c->p : '?');
  return invalid_at (error_line, c->line, error, message);
}

/* Moves past one JSON value, counting lines. Only brackets and strings are followed
 * here; json-glib checks the value itself when it is parsed. */
static gboolean
cursor_skip_string (Cursor  *c,
                    guint   *error_line,
                    GError **error)
{
  for (c->p++; c->p < c->end && *c->p != '"'; c->p++)
    {
      if (*c->p == '\\' && c->p + 1 < c->end && c->p[1] != '\n')
        c->p++;
      else if (*c->p == '\n')
        break;   /* a line break inside a string is not JSON */
    }
  if (c->p >= c->end || *c->p != '"')
    return cursor_syntax_error (c, error_line, error);
  c->p++;
  return TRUE;
}

static gboolean
cursor_skip_value (Cursor  *c,
                   guint   *error_line,
                   GError **error)
{
  char stack[DP_JSON_MAX_DEPTH + 2];
  guint depth = 0;
  const char *start;

  cursor_skip_space (c);
  if (c->p >= c->end)
    return cursor_syntax_error (c, error_line, error);

  if (*c->p == '"')
    return cursor_skip_string (c, error_line, error);

  if (*c->p != '{' && *c->p != '[')
    {
      /* A number, true, false or null: up to the next delimiter. */
      start = c->p;
      while (c->p < c->end && strchr (",:{}[]\"", *c->p) == NULL && !g_ascii_isspace (*c->p))
        c->p++;
      if (c->p == start)
        return cursor_syntax_error (c, error_line, error);
      return TRUE;
    }

  do
    {
      char ch;

      if (c->p >= c->end)
        return cursor_syntax_error (c, error_line, error);

      ch = *c->p;
      if (ch == '"')
        {
          if (!cursor_skip_string (c, error_line, error))
            return FALSE;
          continue;
        }
      if (ch == '{' || ch == '[')
        {
          if (depth >= G_N_ELEMENTS (stack))
            return cursor_syntax_error (c, error_line, error);
          stack[depth++] = ch == '{' ? '}' : ']';
        }
      else if (ch == '}' || ch == ']')
        {
          if (stack[depth - 1] != ch)
            return cursor_syntax_error (c, error_line, error);
          depth--;
        }
      else if (ch == '\n')
        {
          c->line++;
          c->line_start = c->p + 1;
        }
      c->p++;
    }
  while (depth > 0);

  return TRUE;
}

/* A span of the document: one value and the line and column it starts at. */
typedef struct
{
  const char *start;
  const char *end;
  guint       line;
  guint       column;   /* 0-based */
} Span;

static void
span_begin (Span   *span,
            Cursor *c)
{
  span->start = c->p;
  span->line = c->line;
  span->column = (guint) (c->p - c->line_start);
}

/* Remembers on which line each JSON object starts, so that a problem found after
 * parsing can still be shown with its line. */
typedef struct
{
  GArray     *starts;  /* guint, a stack */
  GHashTable *lines;   /* JsonObject* → line */
  guint       offset;  /* lines before the parsed span */
} LineTracker;

static void
object_start_cb (JsonParser  *parser,
                 LineTracker *tracker)
{
  guint line = json_parser_get_current_line (parser) + tracker->offset;

  g_array_append_val (tracker->starts, line);
}

static void
object_end_cb (JsonParser  *parser,
               JsonObject  *object,
               LineTracker *tracker)
{
  guint line = 0;

  if (tracker->starts->len > 0)
    {
      line = g_array_index (tracker->starts, guint, tracker->starts->len - 1);
      g_array_set_size (tracker->starts, tracker->starts->len - 1);
    }
  g_hash_table_insert (tracker->lines, object, GUINT_TO_POINTER (line));
}

/* Parses one span with json-glib; parse errors name the line in the whole document. */
static JsonNode *
parse_span (const Span   *span,
            GHashTable   *lines,
            guint        *error_line,
            GError      **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GArray) starts = g_array_new (FALSE, FALSE, sizeof (guint));
  LineTracker tracker = { starts, lines, span->line - 1 };
  JsonNode *root;

  if (lines != NULL)
    {
      g_signal_connect (parser, "object-start", G_CALLBACK (object_start_cb), &tracker);
      g_signal_connect (parser, "object-end", G_CALLBACK (object_end_cb), &tracker);
    }

  if (!json_parser_load_from_data (parser, span->start, span->end - span->start, &local_error))
    {
      /* json-glib quotes what it decoded, which for "\ud800" is not UTF-8 */
      g_autofree char *message = g_utf8_make_valid (local_error->message, -1);
      guint err_line = 0, err_column = 0;
      int consumed = 0;

      if (sscanf (message, "<data>:%u:%u: %n", &err_line, &err_column, &consumed) == 2 && consumed > 0)
        {
          *error_line = err_line + span->line - 1;
          if (err_line == 1)
            err_column += span->column;
          g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_IMPORT,
                       _("This is not valid JSON (column %u): %s"), err_column, message + consumed);
        }
      else
        {
          *error_line = span->line;
          g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_IMPORT,
                       _("This is not valid JSON: %s"), message);
        }
      return NULL;
    }

  root = json_parser_get_root (parser);
  if (root == NULL)
    {
      invalid_at (error_line, span->line, error, _("This is not valid JSON: the file ends too early"));
      return NULL;
    }
  return json_node_ref (root);
}

/* What the document as a whole was checked for before the import read it one game at
 * a time (so that no part of a file need be in memory twice, issue 26 item 12): each
 * value is checked on its own before json-glib parses it — UTF-8 text, no nesting deeper
 * than DP_JSON_MAX_DEPTH, no \u0000 — with the line it has in the whole document. */
static gboolean
check_span (const Span  *span,
            guint       *error_line,
            GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  gsize length = (gsize) (span->end - span->start);
  const char *bad = NULL;
  guint line = 0;

  if (!g_utf8_validate (span->start, (gssize) length, &bad))
    {
      line = span->line;
      for (const char *p = span->start; p < bad; p++)
        if (*p == '\n')
          line++;
      return invalid_at (error_line, line, error, _("The file is not valid UTF-8 text"));
    }
  if (!dp_json_check_text (span->start, (gssize) length, TRUE, &line, &local_error))
    return invalid_at (error_line, span->line + line - 1, error, local_error->message);
  return TRUE;
}

/* ---- Reading: one game ---- */

static guint
line_of (GHashTable *lines,
         JsonObject *object)
{
  return object ? GPOINTER_TO_UINT (g_hash_table_lookup (lines, object)) : 0;
}

static gboolean
member_is_type (JsonObject *object,
                const char *name,
                GType       value_type,
                gboolean    required)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    return !required;
  if (value_type == JSON_TYPE_OBJECT)
    return JSON_NODE_HOLDS_OBJECT (node);
  if (value_type == JSON_TYPE_ARRAY)
    return JSON_NODE_HOLDS_ARRAY (node);
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == value_type;
}

static gboolean
game_invalid (guint       *error_line,
              guint        line,
              guint        number,
              GError     **error,
              const char  *reason)
{
  /* Translators: "Game 3: its “setup” is missing …"; %u counts the games in the file
   * from 1, %s is one of the reasons below ("it is not a JSON object", …) */
  g_autofree char *message = g_strdup_printf (_("Game %u: %s"), number, reason);

  return invalid_at (error_line, line, error, message);
}

/* Year 1970 to 9999: anything else is not a date a game was played on. */
static gboolean
get_date_member (JsonObject *object,
                 const char *name,
                 gint64     *out)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *out = json_node_get_int (node);
  return *out >= 0 && *out <= G_GINT64_CONSTANT (253402300799);
}

/* Reads the canonical text of one action and applies it. On a refusal the error is the
 * one dp_game_apply() gives, so the message and the exit status do not depend on which
 * step noticed. */
static char *
apply_action (DpGame      *game,
              JsonObject  *action,
              GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *text = dp_game_normalize_action (game, action, &local_error);

  if (text != NULL && dp_game_apply_text (game, text, &local_error))
    return g_steal_pointer (&text);

  if (!dp_game_apply (game, action, error))
    return NULL;
  /* Cannot happen (apply accepted what normalising refused): refuse it all the same,
   * after taking the action back by failing the whole import. */
  g_propagate_error (error, g_steal_pointer (&local_error));
  return NULL;
}

/* Checks game number @number (1-based) and, with a store, writes it. */
static gboolean
import_game (DpStore     *store,
             const Span  *span,
             guint        number,
             gboolean    *imported,
             GPtrArray   *skipped_ids,
             guint       *error_line,
             GError     **error)
{
  g_autoptr(GHashTable) lines = g_hash_table_new (NULL, NULL);
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(DpGame) game = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  JsonObject *object, *setup;
  JsonArray *actions;
  const char *uuid, *state_name;
  gint64 created, finished;
  guint game_line, n_actions;
  int state = -1;

  *imported = FALSE;

  if (!check_span (span, error_line, error))
    return FALSE;
  node = parse_span (span, lines, error_line, error);
  if (node == NULL)
    return FALSE;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autofree char *message = g_strdup_printf (_("Game %u is not a JSON object"), number);
      return invalid_at (error_line, span->line, error, message);
    }

  object = json_node_get_object (node);
  game_line = line_of (lines, object);

  if (!member_is_type (object, "id", G_TYPE_STRING, FALSE) ||
      !member_is_type (object, "created", G_TYPE_INT64, FALSE) ||
      !member_is_type (object, "finished", G_TYPE_INT64, FALSE) ||
      !member_is_type (object, "state", G_TYPE_STRING, FALSE))
    {
      g_autofree char *message = g_strdup_printf (_("Game %u: “id” and “state” must be text, “created” and “finished” whole numbers"),
                                                  number);
      return invalid_at (error_line, game_line, error, message);
    }

  uuid = json_object_get_string_member_with_default (object, "id", NULL);
  if (uuid == NULL || uuid[0] == '\0' || strlen (uuid) > 64)
    return game_invalid (error_line, game_line, number, error, _("its “id” is missing or not a short text"));
  if (!get_date_member (object, "created", &created))
    return game_invalid (error_line, game_line, number, error, _("its “created” time is missing or not a date"));
  if (!get_date_member (object, "finished", &finished))
    return game_invalid (error_line, game_line, number, error, _("its “finished” time is missing or not a date"));

  state_name = json_object_get_string_member_with_default (object, "state", NULL);
  for (guint i = 0; state_name != NULL && i < 3; i++)
    {

      if (strcmp (state_name, state_names[i]) == 0)
        state = (int) i;
    }
  if (state < 0)
    return game_invalid (error_line, game_line, number, error,
                         _("its “state” must be “in-progress”, “finished” or “abandoned”"));

  if (!member_is_type (object, "setup", JSON_TYPE_OBJECT, TRUE))
    {
      g_autofree char *message = g_strdup_printf (_("Game %u has no “setup” object"), number);
      return invalid_at (error_line, game_line, error, message);
    }
  if (!member_is_type (object, "actions", JSON_TYPE_ARRAY, TRUE))
    {
      g_autofree char *message = g_strdup_printf (_("Game %u has no “actions” list"), number);
      return invalid_at (error_line, game_line, error, message);
    }

  setup = json_object_get_object_member (object, "setup");
  actions = json_object_get_array_member (object, "actions");
  n_actions = json_array_get_length (actions);
  if (n_actions > IMPORT_MAX_ACTIONS)
    return game_invalid (error_line, game_line, number, error, _("it has too many actions"));

  /* A setup the rules refuse keeps the core's error (its exit status); a name the
   * store refuses is a fault of the file. */
  game = dp_game_new (setup, &local_error);
  if (game != NULL && !_dp_store_check_game_names (game, &local_error))
    {
      g_clear_pointer (&game, dp_game_free);
      local_error->domain = DP_STORE_ERROR;
      local_error->code = DP_STORE_ERROR_INVALID_IMPORT;
    }
  if (game == NULL)
    {
      *error_line = line_of (lines, setup);
      g_set_error (error, local_error->domain, local_error->code,
                   _("Game %u, setup: %s"), number, local_error->message);
      return FALSE;
    }

  for (guint i = 0; i < n_actions; i++)
    {
      JsonNode *action = json_array_get_element (actions, i);
      char *text;

      if (!JSON_NODE_HOLDS_OBJECT (action))
        {
          g_autofree char *message = g_strdup_printf (_("Game %u, action %u is not a JSON object"),
                                                      number, i + 1);
          return invalid_at (error_line, game_line, error, message);
        }

      text = apply_action (game, json_node_get_object (action), &local_error);
      if (text == NULL)
        {
          *error_line = line_of (lines, json_node_get_object (action));
          g_set_error (error, local_error->domain, local_error->code,
                       _("Game %u, action %u: %s"), number, i + 1, local_error->message);
          return FALSE;
        }
      g_ptr_array_add (texts, text);
    }

  if ((state == DP_GAME_STATE_FINISHED) != dp_game_is_finished (game))
    return game_invalid (error_line, game_line, number, error,
                         state == DP_GAME_STATE_FINISHED
                           ? _("it is marked finished, but its actions do not finish it")
                           : _("its actions finish it, but it is not marked finished"));

  if (store == NULL)
    return TRUE;

  if (!_dp_store_import_game (store, uuid, created, finished, (DpGameState) state,
                              game, texts, imported, error))
    return FALSE;
  if (!*imported && skipped_ids != NULL)
    g_ptr_array_add (skipped_ids, g_strdup (uuid));
  return TRUE;
}

/* The outer object, read member by member: "format", "version" and the "games" list. */
typedef struct
{
  guint     root_line;
  gboolean  has_format;
  gboolean  has_games;
  gboolean  games_read;   /* the list was imported while the outer object was read */
  JsonNode *version;
  Span      games;
} Outer;

static void
outer_clear (Outer *outer)
{
  g_clear_pointer (&outer->version, json_node_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Outer, outer_clear)

static gboolean
outer_version_ok (const Outer *outer)
{
  return outer->version != NULL && JSON_NODE_HOLDS_VALUE (outer->version) &&
         json_node_get_value_type (outer->version) == G_TYPE_INT64 &&
         json_node_get_int (outer->version) >= 1 &&
         json_node_get_int (outer->version) <= EXPORT_MAX_VERSION;
}

static gboolean
read_outer_start (Cursor   *c,
                  Outer    *outer,
                  guint    *error_line,
                  GError  **error)
{
  cursor_skip_space (c);
  if (c->p >= c->end)
    return invalid_at (error_line, 0, error, _("The file is empty"));
  outer->root_line = c->line;
  if (*c->p != '{')
    return invalid_at (error_line, outer->root_line, error, _("This is not a Dicepad export: it must be one JSON object"));
  c->p++;
  cursor_skip_space (c);
  return TRUE;
}

/* After a member's value: a comma (TRUE in *more) or the closing brace. */
static gboolean
read_outer_separator (Cursor   *c,
                      gboolean *more,
                      guint    *error_line,
                      GError  **error)
{
  cursor_skip_space (c);
  if (c->p < c->end && (*c->p == ',' || *c->p == '}'))
    {
      *more = *c->p == ',';
      c->p++;
      return TRUE;
    }
  return cursor_syntax_error (c, error_line, error);
}

/* Reads members up to the closing brace. With @stop_at_games, an export that named its
 * format and version first (as every export does) stops at its "games" list, left at
 * the cursor: the import then reads the list once, game by game, instead of walking
 * over it first. *stopped says which happened. */
static gboolean
read_outer_members (Cursor   *c,
                    Outer    *outer,
                    gboolean  stop_at_games,
                    gboolean *stopped,
                    guint    *error_line,
                    GError  **error)
{
  gboolean more = TRUE;

  *stopped = FALSE;
  cursor_skip_space (c);
  /* "{}" (but not "{…, }" when reading on after the games). */
  if (stop_at_games && c->p < c->end && *c->p == '}')
    {
      c->p++;
      return TRUE;
    }

  while (more)
    {
      const char *key_start;
      gsize key_length;
      Span key, value;

      cursor_skip_space (c);
      if (c->p >= c->end || *c->p != '"')
        return cursor_syntax_error (c, error_line, error);
      span_begin (&key, c);
      key_start = c->p + 1;
      if (!cursor_skip_value (c, error_line, error))
        return FALSE;
      key.end = c->p;
      key_length = (gsize) (c->p - 1 - key_start);
      if (!check_span (&key, error_line, error))
        return FALSE;

      cursor_skip_space (c);
      if (c->p >= c->end || *c->p != ':')
        return cursor_syntax_error (c, error_line, error);
      c->p++;
      cursor_skip_space (c);
      span_begin (&value, c);

#define KEY_IS(name) (key_length == strlen (name) && memcmp (key_start, name, key_length) == 0)
      if (KEY_IS ("games") && outer->games_read)
        return invalid_at (error_line, value.line, error, _("The export has more than one “games” list"));
      if (KEY_IS ("games") && stop_at_games && outer->has_format && outer_version_ok (outer) &&
          c->p < c->end && *c->p == '[')
        {
          outer->has_games = TRUE;
          outer->games = value;
          *stopped = TRUE;
          return TRUE;
        }

      if (!cursor_skip_value (c, error_line, error))
        return FALSE;
      value.end = c->p;
      if (*value.start != '[' && !check_span (&value, error_line, error))
        return FALSE;

      if (KEY_IS ("format"))
        {
          g_autoptr(JsonNode) node = parse_span (&value, NULL, error_line, error);

          if (node == NULL)
            return FALSE;
          outer->has_format = JSON_NODE_HOLDS_VALUE (node) &&
                              json_node_get_value_type (node) == G_TYPE_STRING &&
                              g_strcmp0 (json_node_get_string (node), EXPORT_FORMAT_NAME) == 0;
        }
      else if (KEY_IS ("version"))
        {
          g_clear_pointer (&outer->version, json_node_unref);
          outer->version = parse_span (&value, NULL, error_line, error);
          if (outer->version == NULL)
            return FALSE;
        }
      else if (KEY_IS ("games"))
        {
          outer->has_games = *value.start == '[';
          outer->games = value;
        }
#undef KEY_IS

      if (!read_outer_separator (c, &more, error_line, error))
        return FALSE;
    }
  return TRUE;
}

/* Once the outer object is read: nothing after it, and the members an export has. */
static gboolean
read_outer_end (Cursor      *c,
                const Outer *outer,
                guint       *error_line,
                GError     **error)
{
  /* Nothing but space may follow (json-glib would read "{…} {…}" as the first alone). */
  cursor_skip_space (c);
  if (c->p < c->end)
    /* Not the game scripts' hint about one action per line (issue 26, item 9). */
    return invalid_at (error_line, c->line, error,
                       _("There is more text after the end of the export: the file holds two documents or is damaged"));

  if (!outer->has_format)
    return invalid_at (error_line, outer->root_line, error,
                       /* Translators: do not translate "format": "dicepad-export" */
                       _("This is not a Dicepad export: it lacks \"format\": \"dicepad-export\""));

  if (outer->version == NULL || !JSON_NODE_HOLDS_VALUE (outer->version) ||
      json_node_get_value_type (outer->version) != G_TYPE_INT64 || json_node_get_int (outer->version) < 1)
    return invalid_at (error_line, outer->root_line, error, _("The export has no valid “version” number"));
  if (json_node_get_int (outer->version) > EXPORT_MAX_VERSION)
    return invalid_at (error_line, outer->root_line, error,
                       _("The export was written by a newer version of Dicepad; update Dicepad to import it"));

  if (!outer->has_games)
    return invalid_at (error_line, outer->root_line, error, _("The export has no “games” list"));

  return TRUE;
}

/* The part of a mapped file already read is given back to the system now and then, so
 * the memory an import holds stays flat however large the file is (issue 26, item 12:
 * 819 MiB for 50,000 games when the file was read whole). */
#define RELEASE_STEP (32 * 1024 * 1024)

typedef struct
{
  const char *base;       /* page-aligned start of the mapping; NULL: memory of the caller's */
  gsize       page_size;
  gsize       released;   /* bytes from base given back */
} Release;

static void
release_before (Release    *release,
                const char *p)
{
#ifdef MADV_DONTNEED
  gsize upto;

  if (release == NULL || release->base == NULL || release->page_size == 0)
    return;
  upto = (gsize) (p - release->base) / release->page_size * release->page_size;
  if (upto < release->released + RELEASE_STEP)
    return;
  /* A private read-only mapping: the pages are read from the file again if needed. */
  madvise ((char *) release->base + release->released, upto - release->released, MADV_DONTNEED);
  release->released = upto;
#endif
}

/* The "games" list starting at c->p ('['): each game checked and, with a store,
 * written. On return the cursor is past the closing ']'. */
static gboolean
read_games (DpStore    *store,
            Cursor     *c,
            guint       list_line,
            Release    *release,
            GPtrArray  *skipped_ids,
            LeftOut    *left_out,
            guint      *imported,
            guint      *skipped,
            guint      *error_line,
            GError    **error)
{
  guint number = 0;

  c->p++;
  cursor_skip_space (c);
  if (c->p < c->end && *c->p == ']')
    {
      c->p++;
      return TRUE;
    }

  for (;;)
    {
      Span game;
      gboolean done;

      cursor_skip_space (c);
      span_begin (&game, c);
      if (!cursor_skip_value (c, error_line, error))
        return FALSE;
      game.end = c->p;

      if (++number > IMPORT_MAX_GAMES)
        {
          g_autofree char *message = g_strdup_printf (_("This is not a Dicepad export: %s"),
                                                      _("it has too many games"));

          return invalid_at (error_line, list_line, error, message);
        }
      {
        g_autoptr(GError) game_error = NULL;
        guint game_error_line = 0;

        /* A game the rules or the checks refuse is left out and named; the others are
         * imported (issue 26, item 1). A problem of the database stops it all. */
        if (!import_game (store, &game, number, &done, skipped_ids, &game_error_line, &game_error))
          {
            if (game_error->domain != DP_GAME_ERROR &&
                !g_error_matches (game_error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_IMPORT))
              {
                *error_line = game_error_line;
                g_propagate_error (error, g_steal_pointer (&game_error));
                return FALSE;
              }
            left_out_add (left_out, game_error_line, g_steal_pointer (&game_error));
          }
        else if (done)
          (*imported)++;
        else
          (*skipped)++;
      }
      release_before (release, game.start);

      cursor_skip_space (c);
      if (c->p < c->end && *c->p == ',')
        {
          c->p++;
          continue;
        }
      if (c->p < c->end && *c->p == ']')
        {
          c->p++;
          return TRUE;
        }
      return cursor_syntax_error (c, error_line, error);
    }
}

/* The whole import of @data: the outer object, then its games one at a time. */
static gboolean
import_document (DpStore     *store,
                 const char  *data,
                 gsize        length,
                 Release     *release,
                 guint       *n_imported,
                 guint       *n_skipped,
                 GPtrArray   *skipped_ids,
                 guint       *error_line,
                 GError     **error)
{
  g_auto(Outer) outer = { 0, };
  g_auto(LeftOut) left_out = LEFT_OUT_INIT;
  guint imported = 0, skipped = 0;
  guint dummy_line;
  gboolean stopped;
  gboolean more = FALSE;
  Cursor c;

  g_return_val_if_fail (store == NULL || DP_IS_STORE (store), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (error_line == NULL)
    error_line = &dummy_line;
  *error_line = 0;
  if (n_imported != NULL)
    *n_imported = 0;
  if (n_skipped != NULL)
    *n_skipped = 0;
  if (data == NULL)
    data = "";

  c = (Cursor) { data, data, data + length, 1, data };
  if (!read_outer_start (&c, &outer, error_line, error) ||
      !read_outer_members (&c, &outer, TRUE, &stopped, error_line, error))
    return FALSE;
  if (!stopped && !read_outer_end (&c, &outer, error_line, error))
    return FALSE;
  /* The list was walked over to find the format and version: give it back. */
  release_before (release, c.p);

  /* One transaction: a file that is not a whole export is rolled back; a game refused
   * on its own is left out (left_out) and the others are kept. */
  if (store != NULL && !_dp_store_import_begin (store, error))
    return FALSE;

  if (stopped)
    {
      /* The usual export: the games are read where they stand, then the rest. */
      if (!read_games (store, &c, outer.games.line, release, skipped_ids, &left_out, &imported, &skipped,
                       error_line, error))
        goto fail;
      outer.games_read = TRUE;
      if (!read_outer_separator (&c, &more, error_line, error) ||
          (more && !read_outer_members (&c, &outer, FALSE, &stopped, error_line, error)) ||
          !read_outer_end (&c, &outer, error_line, error))
        goto fail;
    }
  else
    {
      Cursor games = { data, outer.games.start, outer.games.end, outer.games.line,
                       outer.games.start - outer.games.column };

      if (!read_games (store, &games, outer.games.line, release, skipped_ids, &left_out, &imported, &skipped,
                       error_line, error))
        goto fail;
    }

  /* Every game left out: the file is refused as before, with its first problem. */
  if (left_out.n > 0 && imported + skipped == 0)
    {
      left_out_finish (&left_out, 0, TRUE, error_line, error);
      goto fail;
    }

  if (store != NULL && !_dp_store_import_commit (store, error))
    return FALSE;

  if (n_imported != NULL)
    *n_imported = imported;
  if (n_skipped != NULL)
    *n_skipped = skipped;
  return left_out_finish (&left_out, imported + skipped, TRUE, error_line, error);

fail:
  if (store != NULL)
    _dp_store_import_rollback (store);
  return FALSE;
}

gboolean
dp_exchange_import_data (DpStore      *store,
                         const char   *data,
                         gsize         length,
                         guint        *n_imported,
                         guint        *n_skipped,
                         guint        *error_line,
                         GError      **error)
{
  return import_document (store, data, length, NULL, n_imported, n_skipped, NULL, error_line, error);
}

/* What is read from a stream that cannot be mapped (a pipe, a device) is held in memory:
 * at most this much, so an endless device is refused without being read whole. A
 * regular file (every export) has no limit. */
#define STREAM_MAX_SIZE (1024 * 1024 * 1024)

/* The document: a regular file mapped (*mapped), anything else read into *data. */
static gboolean
open_document (GFile         *file,
               GMappedFile  **mapped,
               char         **data,
               gsize         *length,
               GCancellable  *cancellable,
               GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GFileInputStream) in = NULL;
  g_autofree char *buffer = NULL;
  gsize allocated = 65536, n_read = 0;

  /* Only a regular file is mapped: opening a pipe to try would take its writer's data.
   * A file that cannot be mapped goes on below, where opening it names the problem. */
  if (path != NULL && g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      *mapped = g_mapped_file_new (path, FALSE, NULL);
      if (*mapped != NULL)
        return TRUE;
    }

  in = g_file_read (file, cancellable, &local_error);
  if (in == NULL)
    {
      g_set_error (error, local_error->domain, local_error->code,
                   _("Cannot open the file: %s"), local_error->message);
      return FALSE;
    }

  buffer = g_malloc (allocated);
  for (;;)
    {
      gssize n;

      if (n_read == allocated)
        {
          if (allocated > STREAM_MAX_SIZE)
            {
              g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_IMPORT,
                           _("The file is larger than %u MiB, which no Dicepad export is; it was not read"),
                           (guint) (STREAM_MAX_SIZE / (1024 * 1024)));
              return FALSE;
            }
          allocated = MIN (allocated * 2, (gsize) STREAM_MAX_SIZE + 1);
          buffer = g_realloc (buffer, allocated);
        }
      n = g_input_stream_read (G_INPUT_STREAM (in), buffer + n_read, allocated - n_read, cancellable, &local_error);
      if (n < 0)
        {
          g_set_error (error, local_error->domain, local_error->code,
                       _("Cannot read the file: %s"), local_error->message);
          return FALSE;
        }
      if (n == 0)
        break;
      n_read += (gsize) n;
    }
  *data = g_steal_pointer (&buffer);
  *length = n_read;
  return TRUE;
}

gboolean
dp_exchange_import_file_full (DpStore       *store,
                              GFile         *file,
                              guint         *n_imported,
                              guint         *n_skipped,
                              GStrv         *skipped_ids,
                              guint         *error_line,
                              GCancellable  *cancellable,
                              GError       **error)
{
  g_autoptr(GMappedFile) mapped = NULL;
  g_autofree char *data = NULL;
  const char *data_ptr;
  gsize length = 0;
  g_autoptr(GPtrArray) skipped = skipped_ids != NULL ? g_ptr_array_new_with_free_func (g_free) : NULL;
  Release release = { NULL, 0, 0 };
  guint dummy_line;

  g_return_val_if_fail (store == NULL || DP_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (error_line == NULL)
    error_line = &dummy_line;
  *error_line = 0;
  if (skipped_ids != NULL)
    *skipped_ids = NULL;

  /* No copy in memory and no size limit: the file is mapped and read once, game by
   * game; what is behind is given back (release_before()). */
  if (!open_document (file, &mapped, &data, &length, cancellable, error))
    return FALSE;
  if (mapped != NULL)
    {
      data_ptr = g_mapped_file_get_contents (mapped);
      length = g_mapped_file_get_length (mapped);
      release.base = length > 0 ? data_ptr : NULL;
      release.page_size = (gsize) MAX (sysconf (_SC_PAGESIZE), 0);
    }
  else
    data_ptr = data;

  if (!import_document (store, data_ptr, length, &release, n_imported, n_skipped, skipped, error_line, error))
    return FALSE;

  if (skipped_ids != NULL)
    {
      g_ptr_array_add (skipped, NULL);
      *skipped_ids = (GStrv) g_ptr_array_free (g_steal_pointer (&skipped), FALSE);
    }
  return TRUE;
}

gboolean
dp_exchange_import_file (DpStore       *store,
                         GFile         *file,
                         guint         *n_imported,
                         guint         *n_skipped,
                         guint         *error_line,
                         GCancellable  *cancellable,
                         GError       **error)
{
  return dp_exchange_import_file_full (store, file, n_imported, n_skipped, NULL, error_line, cancellable, error);
}
