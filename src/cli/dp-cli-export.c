/* dp-cli-export.c — export and import of stored games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "dp-cli-export.h"
#include "dp-script.h"

/* The export document versions this build reads (dp-store.h). */
#define EXPORT_FORMAT_NAME "dicepad-export"
#define EXPORT_MAX_VERSION 1

/* Games per page when walking the whole store. */
#define PAGE_SIZE 500

char *
dp_cli_format_date (gint64 unix_time)
{
  g_autoptr(GDateTime) date = g_date_time_new_from_unix_local (unix_time);

  if (date == NULL)
    return g_strdup ("");
  return g_date_time_format_iso8601 (date);
}

static gboolean
write_all (GOutputStream  *out,
           const char     *text,
           gsize           length,
           GCancellable   *cancellable,
           GError        **error)
{
  return g_output_stream_write_all (out, text, length, NULL, cancellable, error);
}

gboolean
dp_cli_export_json (DpStore            *store,
                    const char *const  *ids,
                    GOutputStream      *out,
                    GCancellable       *cancellable,
                    GError            **error)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonGenerator) generator = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;

  g_return_val_if_fail (DP_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);

  root = dp_store_export (store, ids, error);
  if (root == NULL)
    return FALSE;

  /* Pretty-printed, so that an import error can name a line a person can find. */
  generator = json_generator_new ();
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, &length);

  return write_all (out, text, length, cancellable, error) &&
         write_all (out, "\n", 1, cancellable, error);
}

void
dp_cli_csv_append_field (GString    *row,
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

gboolean
dp_cli_export_csv (DpStore            *store,
                   const char *const  *ids,
                   GOutputStream      *out,
                   GCancellable       *cancellable,
                   GError            **error)
{
  g_autoptr(GPtrArray) summaries = NULL;
  g_autoptr(GString) text = g_string_new ("date,game,player,seat,total,rank,winner\r\n");

  g_return_val_if_fail (DP_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);

  summaries = collect_summaries (store, ids, error);
  if (summaries == NULL)
    return FALSE;

  for (guint i = 0; i < summaries->len; i++)
    {
      DpGameSummary *summary = g_ptr_array_index (summaries, i);
      gboolean finished = summary->state == DP_GAME_STATE_FINISHED;
      g_autoptr(DpGame) game = NULL;
      g_autofree char *date = dp_cli_format_date (summary->created);

      /* Totals of a game still in progress are not in the summary: replay it. */
      if (!finished)
        {
          game = dp_store_load_game (store, summary->id, error);
          if (game == NULL)
            return FALSE;
        }

      for (guint seat = 0; seat < summary->n_players && seat < G_N_ELEMENTS (summary->names); seat++)
        {
          g_autofree char *seat_text = g_strdup_printf ("%u", seat + 1);
          g_autofree char *total = g_strdup_printf ("%d", finished ? summary->totals[seat]
                                                                   : dp_game_get_total (game, seat));
          g_autofree char *rank = finished ? g_strdup_printf ("%u", summary->ranks[seat]) : g_strdup ("");
          const char *winner = finished ? (summary->winners[seat] ? "1" : "0") : "";

          dp_cli_csv_append_field (text, date, FALSE);
          g_string_append_c (text, ',');
          dp_cli_csv_append_field (text, summary->kind, TRUE);
          g_string_append_c (text, ',');
          dp_cli_csv_append_field (text, summary->names[seat], TRUE);
          g_string_append_c (text, ',');
          dp_cli_csv_append_field (text, seat_text, FALSE);
          g_string_append_c (text, ',');
          dp_cli_csv_append_field (text, total, FALSE);
          g_string_append_c (text, ',');
          dp_cli_csv_append_field (text, rank, FALSE);
          g_string_append_c (text, ',');
          dp_cli_csv_append_field (text, winner, FALSE);
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

  return write_all (out, text->str, text->len, cancellable, error);
}

gboolean
dp_cli_export_script (DpStore       *store,
                      const char    *id,
                      GOutputStream *out,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_autoptr(GPtrArray) actions = NULL;
  g_autofree char *setup_text = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (DP_IS_STORE (store), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  actions = dp_store_get_actions (store, id, &setup_text, error);
  if (actions == NULL)
    return FALSE;

  /* The id goes in a comment: scripts ignore comments, people find the game again. */
  g_string_append_printf (text, "# Dicepad game %s\n", id);
  g_string_append (text, setup_text);
  g_string_append_c (text, '\n');
  for (guint i = 0; i < actions->len; i++)
    {
      g_string_append (text, g_ptr_array_index (actions, i));
      g_string_append_c (text, '\n');
    }

  return write_all (out, text->str, text->len, cancellable, error);
}

/* ---- Import ---- */

/* Remembers on which line each JSON object starts, so that a problem found after
 * parsing can still be shown with its line. */
typedef struct
{
  JsonParser *parser;
  GArray     *starts;  /* guint, a stack */
  GHashTable *lines;   /* JsonObject* → line */
} LineTracker;

static void
object_start_cb (JsonParser  *parser,
                 LineTracker *tracker)
{
  guint line = json_parser_get_current_line (parser);

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

static guint
line_of (GHashTable *lines,
         JsonObject *object)
{
  return object ? GPOINTER_TO_UINT (g_hash_table_lookup (lines, object)) : 0;
}

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

/* One game of the export: its keys and types, then a replay through the core. */
static gboolean
check_game (JsonNode    *game_node,
            guint        index,
            JsonObject  *root_object,
            GHashTable  *lines,
            guint       *error_line,
            GError     **error)
{
  JsonObject *game_object;
  JsonObject *setup;
  JsonArray *actions;
  guint game_line;
  g_autoptr(DpGame) game = NULL;
  g_autoptr(GError) local_error = NULL;

  if (!JSON_NODE_HOLDS_OBJECT (game_node))
    {
      g_autofree char *message = g_strdup_printf (_("Game %u is not a JSON object"), index + 1);
      return invalid_at (error_line, line_of (lines, root_object), error, message);
    }

  game_object = json_node_get_object (game_node);
  game_line = line_of (lines, game_object);

  if (!member_is_type (game_object, "id", G_TYPE_STRING, FALSE) ||
      !member_is_type (game_object, "created", G_TYPE_INT64, FALSE) ||
      !member_is_type (game_object, "finished", G_TYPE_INT64, FALSE) ||
      !member_is_type (game_object, "state", G_TYPE_STRING, FALSE))
    {
      g_autofree char *message = g_strdup_printf (_("Game %u: “id” and “state” must be text, “created” and “finished” whole numbers"),
                                                  index + 1);
      return invalid_at (error_line, game_line, error, message);
    }

  if (!member_is_type (game_object, "setup", JSON_TYPE_OBJECT, TRUE))
    {
      g_autofree char *message = g_strdup_printf (_("Game %u has no “setup” object"), index + 1);
      return invalid_at (error_line, game_line, error, message);
    }
  if (!member_is_type (game_object, "actions", JSON_TYPE_ARRAY, TRUE))
    {
      g_autofree char *message = g_strdup_printf (_("Game %u has no “actions” list"), index + 1);
      return invalid_at (error_line, game_line, error, message);
    }

  setup = json_object_get_object_member (game_object, "setup");
  actions = json_object_get_array_member (game_object, "actions");

  game = dp_game_new (setup, &local_error);
  if (game == NULL)
    {
      *error_line = line_of (lines, setup);
      g_set_error (error, local_error->domain, local_error->code,
                   _("Game %u, setup: %s"), index + 1, local_error->message);
      return FALSE;
    }

  for (guint i = 0; i < json_array_get_length (actions); i++)
    {
      JsonNode *node = json_array_get_element (actions, i);

      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          g_autofree char *message = g_strdup_printf (_("Game %u, action %u is not a JSON object"),
                                                      index + 1, i + 1);
          return invalid_at (error_line, game_line, error, message);
        }

      if (!dp_game_apply (game, json_node_get_object (node), &local_error))
        {
          *error_line = line_of (lines, json_node_get_object (node));
          g_set_error (error, local_error->domain, local_error->code,
                       _("Game %u, action %u: %s"), index + 1, i + 1, local_error->message);
          return FALSE;
        }
    }

  return TRUE;
}

gboolean
dp_cli_check_import (const char  *data,
                     gsize        length,
                     JsonNode   **root_out,
                     guint       *error_line,
                     GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GHashTable) lines = NULL;
  g_autoptr(GArray) starts = NULL;
  g_autoptr(GError) local_error = NULL;
  LineTracker tracker;
  const char *end = NULL;
  JsonNode *root;
  JsonObject *root_object;
  JsonNode *version;
  JsonArray *games;
  guint dummy_line;

  if (error_line == NULL)
    error_line = &dummy_line;
  *error_line = 0;

  if (!g_utf8_validate (data, length, &end))
    {
      guint line = 1;

      for (const char *p = data; p < end; p++)
        if (*p == '\n')
          line++;
      return invalid_at (error_line, line, error, _("The file is not valid UTF-8 text"));
    }

  if (!dp_json_check_text (data, length, TRUE, error_line, &local_error))
    {
      g_set_error_literal (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_IMPORT, local_error->message);
      return FALSE;
    }

  lines = g_hash_table_new (NULL, NULL);
  starts = g_array_new (FALSE, FALSE, sizeof (guint));
  parser = json_parser_new ();
  tracker = (LineTracker) { parser, starts, lines };
  g_signal_connect (parser, "object-start", G_CALLBACK (object_start_cb), &tracker);
  g_signal_connect (parser, "object-end", G_CALLBACK (object_end_cb), &tracker);

  if (!json_parser_load_from_data (parser, data, length, &local_error))
    {
      /* json-glib quotes what it decoded, which for "\ud800" is not UTF-8 */
      g_autofree char *message = g_utf8_make_valid (local_error->message, -1);
      guint err_line = 0, err_column = 0;
      int consumed = 0;

      if (sscanf (message, "<data>:%u:%u: %n", &err_line, &err_column, &consumed) == 2 && consumed > 0)
        {
          *error_line = err_line;
          g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_IMPORT,
                       _("This is not valid JSON (column %u): %s"), err_column, message + consumed);
        }
      else
        {
          g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_IMPORT,
                       _("This is not valid JSON: %s"), message);
        }
      return FALSE;
    }
  g_signal_handlers_disconnect_by_data (parser, &tracker);

  root = json_parser_get_root (parser);
  if (root == NULL)
    return invalid_at (error_line, 0, error, _("The file is empty"));
  if (!JSON_NODE_HOLDS_OBJECT (root))
    return invalid_at (error_line, 1, error, _("This is not a Dicepad export: it must be one JSON object"));

  root_object = json_node_get_object (root);
  if (!member_is_type (root_object, "format", G_TYPE_STRING, TRUE) ||
      g_strcmp0 (json_object_get_string_member (root_object, "format"), EXPORT_FORMAT_NAME) != 0)
    return invalid_at (error_line, line_of (lines, root_object), error,
                       /* Translators: do not translate "format": "dicepad-export" */
                       _("This is not a Dicepad export: it lacks \"format\": \"dicepad-export\""));

  version = json_object_get_member (root_object, "version");
  if (version == NULL || !JSON_NODE_HOLDS_VALUE (version) || json_node_get_value_type (version) != G_TYPE_INT64 ||
      json_node_get_int (version) < 1)
    return invalid_at (error_line, line_of (lines, root_object), error,
                       _("The export has no valid “version” number"));
  if (json_node_get_int (version) > EXPORT_MAX_VERSION)
    return invalid_at (error_line, line_of (lines, root_object), error,
                       _("The export was written by a newer version of Dicepad; update Dicepad to import it"));

  if (!member_is_type (root_object, "games", JSON_TYPE_ARRAY, TRUE))
    return invalid_at (error_line, line_of (lines, root_object), error,
                       _("The export has no “games” list"));

  games = json_object_get_array_member (root_object, "games");
  for (guint i = 0; i < json_array_get_length (games); i++)
    if (!check_game (json_array_get_element (games, i), i, root_object, lines, error_line, error))
      return FALSE;

  if (root_out != NULL)
    *root_out = json_node_ref (root);
  return TRUE;
}

/* Reads at most DP_CLI_MAX_IMPORT_SIZE + 1 bytes, so a huge file or an endless device
 * is refused without being read whole. */
static GBytes *
read_limited (GFile         *file,
              GCancellable  *cancellable,
              GError       **error)
{
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(GError) local_error = NULL;
  guint8 buffer[65536];

  stream = g_file_read (file, cancellable, &local_error);
  if (stream == NULL)
    {
      g_set_error (error, local_error->domain, local_error->code,
                   _("Cannot open the file: %s"), local_error->message);
      return NULL;
    }

  info = g_file_input_stream_query_info (stream, G_FILE_ATTRIBUTE_STANDARD_SIZE, cancellable, NULL);
  if (info != NULL && g_file_info_get_size (info) > DP_CLI_MAX_IMPORT_SIZE)
    goto too_large;

  for (;;)
    {
      gssize n = g_input_stream_read (G_INPUT_STREAM (stream), buffer, sizeof buffer, cancellable, &local_error);

      if (n < 0)
        {
          g_set_error (error, local_error->domain, local_error->code,
                       _("Cannot read the file: %s"), local_error->message);
          return NULL;
        }
      if (n == 0)
        break;
      if (bytes->len + (gsize) n > DP_CLI_MAX_IMPORT_SIZE)
        goto too_large;
      g_byte_array_append (bytes, buffer, n);
    }

  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));

too_large:
  g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_IMPORT,
               _("The file is larger than %u MiB, which no Dicepad export is; it was not read"),
               (guint) (DP_CLI_MAX_IMPORT_SIZE / (1024 * 1024)));
  return NULL;
}

gboolean
dp_cli_import_file (DpStore       *store,
                    GFile         *file,
                    guint         *n_imported,
                    guint         *n_skipped,
                    guint         *error_line,
                    GCancellable  *cancellable,
                    GError       **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JsonNode) root = NULL;
  guint imported = 0, skipped = 0;
  guint dummy_line;
  const char *data;
  gsize length;

  g_return_val_if_fail (DP_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (error_line == NULL)
    error_line = &dummy_line;
  *error_line = 0;

  bytes = read_limited (file, cancellable, error);
  if (bytes == NULL)
    return FALSE;

  data = g_bytes_get_data (bytes, &length);
  if (!dp_cli_check_import (data ? data : "", length, &root, error_line, error))
    return FALSE;

  if (!dp_store_import (store, root, &imported, &skipped, error))
    return FALSE;

  if (n_imported)
    *n_imported = imported;
  if (n_skipped)
    *n_skipped = skipped;
  return TRUE;
}
