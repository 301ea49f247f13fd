/* dp-cli.c — the commands of dicepad-cli
 *
 * Every error message starts with "FILE:LINE: " (line 0 when the problem concerns the
 * whole file, e.g. it cannot be opened, or the database as a whole), or with
 * "dicepad-cli: " for a mistake on the command line itself (docs/cli.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dp-backup.h"
#include "dp-cli.h"
#include "dp-bgstats.h"
#include "dp-exchange.h"
#include "dp-game.h"
#include "dp-script.h"
#include "dp-store.h"
#include "cv-odds.h"
#include "cb-odds.h"
#include "cb-game.h"

#define PROGRAM_NAME "dicepad-cli"

typedef struct
{
  GOutputStream *out;
  GOutputStream *err;
} DpCli;

typedef struct _Command Command;

/* What a command accepts besides its arguments. */
typedef enum
{
  OPT_NONE     = 0,
  OPT_DATABASE = 1 << 0,
  OPT_FORMAT   = 1 << 1,
  OPT_PLAYER   = 1 << 2,
  OPT_GAME     = 1 << 3,
  OPT_DELETED  = 1 << 4,
  OPT_YES      = 1 << 5,
  OPT_LOCATION = 1 << 6,
} CommandOptions;

/* The options of one command line, filled by GOptionContext. */
typedef struct
{
  char     *database;
  char     *format;
  char     *player;
  char     *game;
  gboolean  deleted;
  gboolean  yes;
  char     *location;
  gboolean  help;
} Options;

struct _Command
{
  const char     *name;
  const char     *parameters;   /* e.g. N_("FILE"); shown in --help */
  const char     *summary;      /* one line for the command list */
  const char     *description;  /* shown below the options in --help, or NULL */
  CommandOptions  options;
  guint           min_args;
  guint           max_args;     /* G_MAXUINT = any number */
};

static void
options_clear (Options *options)
{
  g_clear_pointer (&options->database, g_free);
  g_clear_pointer (&options->format, g_free);
  g_clear_pointer (&options->player, g_free);
  g_clear_pointer (&options->game, g_free);
  g_clear_pointer (&options->location, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Options, options_clear)

/* ---- Output ---- */

static void
write_text (GOutputStream *stream,
            const char    *text)
{
  /* A closed pipe (dicepad-cli list | head) is not worth a second error. */
  g_output_stream_write_all (stream, text, strlen (text), NULL, NULL, NULL);
}

static void G_GNUC_PRINTF (2, 3)
cli_print (DpCli      *cli,
           const char *format,
           ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  write_text (cli->out, text);
}

/* "FILE:LINE: message" on the error stream. */
static void
cli_error_at (DpCli      *cli,
              const char *file,
              guint       line,
              const char *message)
{
  g_autofree char *text = g_strdup_printf ("%s:%u: %s\n", file, line, message);

  write_text (cli->err, text);
}

static int G_GNUC_PRINTF (3, 4)
cli_usage_error (DpCli         *cli,
                 const Command *command,
                 const char    *format,
                 ...)
{
  g_autofree char *message = NULL;
  g_autofree char *hint = NULL;
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (command != NULL)
    /* Translators: %s is a command, e.g. replay */
    hint = g_strdup_printf (_("Run “dicepad-cli %s --help” to see how to use it."), command->name);
  else
    hint = g_strdup (_("Run “dicepad-cli --help” to see the commands."));

  text = g_strdup_printf ("%s: %s\n%s\n", PROGRAM_NAME, message, hint);
  write_text (cli->err, text);
  return DP_CLI_EXIT_MALFORMED;
}

static int
exit_status_for (const GError *error)
{
  if (error != NULL && error->domain == DP_GAME_ERROR && error->code == DP_GAME_ERROR_ILLEGAL)
    return DP_CLI_EXIT_ILLEGAL;
  if (g_error_matches (error, DP_STORE_ERROR, DP_STORE_ERROR_SKIPPED_GAMES))
    return DP_CLI_EXIT_LEFT_OUT;
  return DP_CLI_EXIT_MALFORMED;
}

static void
cli_print_json (DpCli    *cli,
                JsonNode *node)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_root (generator, node);
  text = json_generator_to_data (generator, NULL);
  write_text (cli->out, text);
  write_text (cli->out, "\n");
}

static void
cli_print_game (DpCli        *cli,
                const DpGame *game)
{
  g_autoptr(JsonNode) node = dp_game_to_json (game);

  cli_print_json (cli, node);
}

/* ---- The database ---- */

/* Reading commands (@for_reading) open a database that cannot be written read-only. */
static DpStore *
cli_open_store (DpCli       *cli,
                const char  *option,
                gboolean     for_reading,
                char       **path_out)
{
  g_autofree char *path = dp_store_resolve_path (option);
  g_autoptr(GError) error = NULL;
  DpStore *store;

  /* A reader reads a missing database as an empty history and creates nothing; a
   * mistyped path is worth a word (issue 26, item 9). */
  if (for_reading && !g_file_test (path, G_FILE_TEST_EXISTS))
    cli_error_at (cli, path, 0, _("There is no game database here yet; nothing was created."));

  store = for_reading ? dp_store_open_for_reading (path, &error) : dp_store_open (path, &error);
  if (store == NULL)
    {
      cli_error_at (cli, path, 0, error->message);
      return NULL;
    }

  if (path_out)
    *path_out = g_steal_pointer (&path);
  return store;
}

/* ---- Command-line parsing ---- */

/* The usage line GOptionContext writes names the program only; ours names the command
 * too ("dicepad-cli replay [OPTION…] FILE"). */
static char *
command_help (GOptionContext *context,
              const Command  *command)
{
  g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
  const char *prgname = g_get_prgname ();
  g_autofree char *needle = g_strdup_printf (" %s ", prgname ? prgname : "<unknown>");
  g_autofree char *replacement = g_strdup_printf (" %s %s ", PROGRAM_NAME, command->name);
  const char *found = strstr (help, needle);

  if (found == NULL)
    return g_steal_pointer (&help);

  return g_strdup_printf ("%.*s%s%s", (int) (found - help), help, replacement, found + strlen (needle));
}

/* Parses the options of @command from @argv (argv[0] is the command). Returns the
 * remaining arguments, or NULL with *status set when the command is done (help shown,
 * or a usage error reported). */
static GStrv
parse_command_line (DpCli         *cli,
                    const Command *command,
                    Options       *options,
                    int            argc,
                    char         **argv,
                    int           *status)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) args = NULL;
  g_autoptr(GArray) entry_array = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));
  guint n_args;
  const GOptionEntry help_entry =
    { "help", 'h', 0, G_OPTION_ARG_NONE, &options->help, N_("Show this help"), NULL };
  const GOptionEntry database_entry =
    { "database", 'd', 0, G_OPTION_ARG_FILENAME, &options->database,
      N_("The database file (default: $DICEPAD_DATABASE, else the one Dicepad uses)"), N_("DB") };
  const GOptionEntry format_entry =
    { "format", 'f', 0, G_OPTION_ARG_STRING, &options->format,
      N_("json (default), csv, script (one game as a game script), or bgstats (BG Stats plays)"), N_("FORMAT") };
  const GOptionEntry player_entry =
    { "player", 'p', 0, G_OPTION_ARG_STRING, &options->player,
      N_("Only this player (exact name)"), N_("NAME") };
  const GOptionEntry game_entry =
    { "game", 'g', 0, G_OPTION_ARG_STRING, &options->game,
      N_("Only games of this kind, e.g. calavera"), N_("GAME") };
  const GOptionEntry deleted_entry =
    { "deleted", 0, 0, G_OPTION_ARG_NONE, &options->deleted,
      N_("Only the deleted games (History’s Deleted view)"), NULL };
  const GOptionEntry yes_entry =
    { "yes", 'y', 0, G_OPTION_ARG_NONE, &options->yes,
      N_("Yes, delete it for good"), NULL };
  const GOptionEntry location_entry =
    { "location", 'l', 0, G_OPTION_ARG_STRING, &options->location,
      N_("Where the games were played, for BG Stats (default: none)"), N_("PLACE") };

  if (command->options & OPT_DATABASE)
    g_array_append_val (entry_array, database_entry);
  if (command->options & OPT_FORMAT)
    g_array_append_val (entry_array, format_entry);
  if (command->options & OPT_GAME)
    g_array_append_val (entry_array, game_entry);
  if (command->options & OPT_PLAYER)
    g_array_append_val (entry_array, player_entry);
  if (command->options & OPT_DELETED)
    g_array_append_val (entry_array, deleted_entry);
  if (command->options & OPT_YES)
    g_array_append_val (entry_array, yes_entry);
  if (command->options & OPT_LOCATION)
    g_array_append_val (entry_array, location_entry);
  g_array_append_val (entry_array, help_entry);

  context = g_option_context_new (command->parameters ? _(command->parameters) : NULL);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  /* GOption's own --help would print to the process's stdout and exit. */
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_set_summary (context, _(command->summary));
  if (command->description)
    g_option_context_set_description (context, _(command->description));
  g_option_context_add_main_entries (context, (const GOptionEntry *) (gpointer) entry_array->data, GETTEXT_PACKAGE);

  /* parse_strv wants argv[0] as the program; the command stands in its place. */
  args = g_new0 (char *, argc + 1);
  for (int i = 0; i < argc; i++)
    args[i] = g_strdup (argv[i]);

  if (!g_option_context_parse_strv (context, &args, &error))
    {
      *status = cli_usage_error (cli, command, "%s", error->message);
      return NULL;
    }

  if (options->help)
    {
      g_autofree char *help = command_help (context, command);

      write_text (cli->out, help);
      /* The description, when there is one, comes without a final newline. */
      if (!g_str_has_suffix (help, "\n"))
        write_text (cli->out, "\n");
      *status = DP_CLI_EXIT_OK;
      return NULL;
    }

  n_args = g_strv_length (args) - 1;
  if (n_args < command->min_args)
    {
      *status = cli_usage_error (cli, command,
                                 /* Translators: %s is e.g. "FILE" or "ID" */
                                 _("Missing argument: %s"), _(command->parameters));
      return NULL;
    }
  if (n_args > command->max_args)
    {
      *status = cli_usage_error (cli, command, _("Unexpected argument “%s”"),
                                 args[command->max_args + 1]);
      return NULL;
    }

  /* Drop the command name. */
  g_free (args[0]);
  memmove (args, args + 1, n_args * sizeof (char *));
  args[n_args] = NULL;

  return g_steal_pointer (&args);
}

static gboolean
check_game_kind (DpCli         *cli,
                 const Command *command,
                 const char    *kind,
                 int           *status)
{
  if (kind == NULL || dp_game_kind_lookup (kind) != NULL)
    return TRUE;

  *status = cli_usage_error (cli, command, _("Unknown game “%s”"), kind);
  return FALSE;
}

/* ---- Commands ---- */

static int
run_script (DpCli      *cli,
            const char *path,
            DpGame    **game_out,
            GPtrArray  *actions,
            GArray     *action_lines)
{
  g_autoptr(GError) error = NULL;
  guint line = 0;
  DpGame *game;

  game = dp_script_replay_path (path, actions, action_lines, &line, &error);
  if (game == NULL)
    {
      cli_error_at (cli, path, line, error->message);
      return exit_status_for (error);
    }

  *game_out = game;
  return DP_CLI_EXIT_OK;
}

static int
cmd_replay (DpCli         *cli,
            const Command *command,
            char         **args)
{
  g_autoptr(DpGame) game = NULL;
  int status = run_script (cli, args[0], &game, NULL, NULL);

  if (status == DP_CLI_EXIT_OK)
    cli_print_game (cli, game);
  return status;
}

static int
cmd_validate (DpCli         *cli,
              const Command *command,
              char         **args)
{
  g_autoptr(DpGame) game = NULL;
  int status = run_script (cli, args[0], &game, NULL, NULL);

  if (status == DP_CLI_EXIT_OK)
    cli_print (cli, "ok\n");
  return status;
}

/* The turn assistant's answer for the state after a game script (docs/assistant.md). The
 * core computes everything; the command only prints it. */
static int
cmd_odds (DpCli         *cli,
          const Command *command,
          char         **args)
{
  g_autoptr(DpGame) game = NULL;
  g_autoptr(CvOdds) odds = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  const CvGame *calavera;
  int status = run_script (cli, args[0], &game, NULL, NULL);

  if (status != DP_CLI_EXIT_OK)
    return status;

  calavera = cv_game_from_dp_const (game);
  if (calavera == NULL && cb_game_from_dp_const (game) != NULL)
    {
      /* Cubitos: the odds of pushing for everyone deciding to push or pass now; a race
       * that is over has none, a rule matter as in Calavera */
      if (cb_game_is_finished (cb_game_from_dp_const (game)))
        {
          cli_error_at (cli, args[0], 0, _("The game is over: there is no turn to advise on"));
          return DP_CLI_EXIT_ILLEGAL;
        }
      node = cb_odds_game_to_json (cb_game_from_dp_const (game));
      cli_print_json (cli, node);
      return DP_CLI_EXIT_OK;
    }
  if (calavera == NULL)
    {
      /* Translators: the turn assistant exists for Calavera only */
      cli_error_at (cli, args[0], 0, _("The turn assistant knows Calavera games only"));
      return DP_CLI_EXIT_ILLEGAL;
    }

  odds = cv_odds_compute (calavera, &error);
  if (odds == NULL)
    {
      cli_error_at (cli, args[0], 0, error->message);
      return exit_status_for (error);
    }

  node = cv_odds_to_json (odds, calavera);
  cli_print_json (cli, node);
  return DP_CLI_EXIT_OK;
}

static int
cmd_play (DpCli         *cli,
          const Command *command,
          char         **args,
          const Options *options)
{
  g_autoptr(DpGame) checked = NULL;
  g_autoptr(DpGame) game = NULL;
  g_autoptr(DpStore) store = NULL;
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  g_autofree char *setup_text = NULL;
  g_autofree char *db_path = NULL;
  g_autofree char *id = NULL;
  int status;

  /* The whole script is checked before the database is touched: a refused script
   * leaves no half game behind. */
  status = run_script (cli, args[0], &checked, actions, lines);
  if (status != DP_CLI_EXIT_OK)
    return status;

  store = cli_open_store (cli, options->database, FALSE, &db_path);
  if (store == NULL)
    return DP_CLI_EXIT_MALFORMED;

  setup_text = dp_game_dup_setup_text (checked);
  game = dp_game_new_from_text (setup_text, &error);
  if (game == NULL)
    {
      cli_error_at (cli, args[0], 0, error->message);
      return exit_status_for (error);
    }

  id = dp_store_create_game (store, game, &error);
  if (id == NULL)
    {
      cli_error_at (cli, db_path, 0, error->message);
      return DP_CLI_EXIT_MALFORMED;
    }

  /* One committed action per line, exactly as the app stores a game at the table. */
  for (guint i = 0; i < actions->len; i++)
    {
      if (!dp_store_append_action (store, id, game, g_ptr_array_index (actions, i), &error))
        {
          g_autofree char *message =
            g_strdup_printf (_("%s (game %s keeps the actions before this line)"), error->message, id);

          cli_error_at (cli, args[0], g_array_index (lines, guint, i), message);
          return exit_status_for (error);
        }
    }

  cli_print (cli, "%s\n", id);
  return DP_CLI_EXIT_OK;
}

typedef enum
{
  STORED_SHOW,
  STORED_UNDO,
  STORED_REDO,
} StoredAction;

static int
cmd_stored_game (DpCli         *cli,
                 const char    *id,
                 const Options *options,
                 StoredAction   what)
{
  g_autoptr(DpStore) store = NULL;
  g_autoptr(DpGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *db_path = NULL;

  store = cli_open_store (cli, options->database, what == STORED_SHOW, &db_path);
  if (store == NULL)
    return DP_CLI_EXIT_MALFORMED;

  switch (what)
    {
    case STORED_SHOW:
      game = dp_store_load_game (store, id, &error);
      break;
    case STORED_UNDO:
      game = dp_store_undo (store, id, NULL, &error);
      break;
    case STORED_REDO:
      game = dp_store_redo (store, id, NULL, &error);
      break;
    default:
      g_assert_not_reached ();
    }

  if (game == NULL)
    {
      cli_error_at (cli, db_path, 0, error->message);
      return DP_CLI_EXIT_MALFORMED;
    }

  cli_print_game (cli, game);
  return DP_CLI_EXIT_OK;
}

/* Tabs and line breaks would break the columns of `list`. */
static void
append_cell (GString    *row,
             const char *text)
{
  for (const char *p = text ? text : ""; *p; p++)
    g_string_append_c (row, (*p == '\t' || *p == '\n' || *p == '\r') ? ' ' : *p);
}

/* --player as the History's search takes it: "jurgen" is the stored "Jürgen" (issue 26,
 * item 8). A name no one has stays as given (an empty list); one that matches several
 * stored names without being one of them is refused. FALSE when refused or unreadable. */
static gboolean
resolve_player (DpCli       *cli,
                DpStore     *store,
                const char  *db_path,
                const char  *given,
                char       **player_out)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = NULL;

  if (given == NULL)
    return TRUE;

  names = dp_store_match_player_names (store, given, &error);
  if (names == NULL)
    {
      cli_error_at (cli, db_path, 0, error->message);
      return FALSE;
    }
  if (names[0] != NULL && names[1] != NULL && !g_str_equal (names[0], given))
    {
      g_autofree char *joined = g_strjoinv (", ", names);
      g_autofree char *message =
        /* Translators: --player jurgen when Jürgen and Jurgen both played; then the names */
        g_strdup_printf (_("“%s” is the name of several players: %s. Give the name exactly."), given, joined);

      cli_error_at (cli, db_path, 0, message);
      return FALSE;
    }
  *player_out = g_strdup (names[0] != NULL ? names[0] : given);
  return TRUE;
}

static int
cmd_list (DpCli         *cli,
          const Command *command,
          char         **args,
          const Options *options)
{
  g_autoptr(DpStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *db_path = NULL;
  g_autofree char *player = NULL;
  DpGameFilter filter = DP_GAME_FILTER_INIT;
  DpGameKey after = { 0, 0 };
  gboolean have_after = FALSE;
  int status;

  if (!check_game_kind (cli, command, options->game, &status))
    return status;

  store = cli_open_store (cli, options->database, TRUE, &db_path);
  if (store == NULL)
    return DP_CLI_EXIT_MALFORMED;
  if (!resolve_player (cli, store, db_path, options->player, &player))
    return DP_CLI_EXIT_MALFORMED;

  filter.kind = options->game;
  filter.player = player;
  filter.deleted = options->deleted;

  /* Column names are a format, not prose: they stay untranslated. */
  write_text (cli->out, "id\tkind\tdate\tplayers\tfinished\twinner\n");

  for (;;)
    {
      /* Each page from the last row of the one before (a deep page costs what the first does). */
      g_autoptr(GPtrArray) page = dp_store_list_games_after (store, &filter, have_after ? &after : NULL, 500, &error);

      if (page == NULL)
        {
          cli_error_at (cli, db_path, 0, error->message);
          return DP_CLI_EXIT_MALFORMED;
        }

      for (guint i = 0; i < page->len; i++)
        {
          DpGameSummary *summary = g_ptr_array_index (page, i);
          g_autoptr(GString) row = g_string_new (NULL);
          g_autofree char *date = dp_exchange_format_date (summary->created);
          gboolean finished = summary->state == DP_GAME_STATE_FINISHED;
          gboolean first_winner = TRUE;
          guint n_players = MIN (summary->n_players, G_N_ELEMENTS (summary->names));

          append_cell (row, summary->id);
          g_string_append_c (row, '\t');
          append_cell (row, summary->kind);
          g_string_append_c (row, '\t');
          append_cell (row, date);
          g_string_append_c (row, '\t');
          for (guint seat = 0; seat < n_players; seat++)
            {
              if (seat > 0)
                g_string_append (row, ", ");
              append_cell (row, summary->names[seat]);
            }
          g_string_append_c (row, '\t');
          g_string_append (row, finished ? "yes" : "no");
          g_string_append_c (row, '\t');
          for (guint seat = 0; finished && seat < n_players; seat++)
            {
              if (!summary->winners[seat])
                continue;
              if (!first_winner)
                g_string_append (row, ", ");
              append_cell (row, summary->names[seat]);
              first_winner = FALSE;
            }
          g_string_append_c (row, '\n');
          write_text (cli->out, row->str);
        }

      if (page->len < 500)
        break;
      after.created = ((DpGameSummary *) g_ptr_array_index (page, page->len - 1))->created;
      after.row = ((DpGameSummary *) g_ptr_array_index (page, page->len - 1))->row;
      have_after = TRUE;
    }

  return DP_CLI_EXIT_OK;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static int
cmd_stats (DpCli         *cli,
           const Command *command,
           char         **args,
           const Options *options)
{
  g_autoptr(DpStore) store = NULL;
  g_autoptr(GPtrArray) stats = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *db_path = NULL;
  g_autofree char *player_name = NULL;
  int status;

  if (!check_game_kind (cli, command, options->game, &status))
    return status;

  store = cli_open_store (cli, options->database, TRUE, &db_path);
  if (store == NULL)
    return DP_CLI_EXIT_MALFORMED;
  if (!resolve_player (cli, store, db_path, options->player, &player_name))
    return DP_CLI_EXIT_MALFORMED;

  stats = dp_store_player_stats (store, options->game, player_name, &error);
  if (stats == NULL)
    {
      cli_error_at (cli, db_path, 0, error->message);
      return DP_CLI_EXIT_MALFORMED;
    }

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "game");
  if (options->game)
    json_builder_add_string_value (builder, options->game);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint i = 0; i < stats->len; i++)
    {
      DpPlayerStats *player = g_ptr_array_index (stats, i);
      g_autofree gpointer *keys = NULL;
      guint n_keys = 0;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, player->name);
      json_builder_set_member_name (builder, "games");
      json_builder_add_int_value (builder, player->games);
      json_builder_set_member_name (builder, "wins");
      json_builder_add_int_value (builder, player->wins);
      json_builder_set_member_name (builder, "win_rate");
      json_builder_add_double_value (builder, player->win_rate);
      json_builder_set_member_name (builder, "average_total");
      json_builder_add_double_value (builder, player->average_total);
      json_builder_set_member_name (builder, "best_total");
      json_builder_add_int_value (builder, player->best_total);
      json_builder_set_member_name (builder, "worst_total");
      json_builder_add_int_value (builder, player->worst_total);

      /* Sorted, so the output of two runs can be compared line by line. */
      json_builder_set_member_name (builder, "averages");
      json_builder_begin_object (builder);
      if (player->averages != NULL)
        {
          keys = g_hash_table_get_keys_as_array (player->averages, &n_keys);
          qsort (keys, n_keys, sizeof (gpointer), compare_strings);
          for (guint k = 0; k < n_keys; k++)
            {
              const double *value = g_hash_table_lookup (player->averages, keys[k]);

              json_builder_set_member_name (builder, keys[k]);
              json_builder_add_double_value (builder, value ? *value : 0.0);
            }
        }
      json_builder_end_object (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  cli_print_json (cli, root);
  return DP_CLI_EXIT_OK;
}

static int
cmd_export (DpCli         *cli,
            const Command *command,
            char         **args,
            const Options *options)
{
  g_autoptr(DpStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *db_path = NULL;
  const char *format_name = options->format ? options->format : "json";
  const char *const *ids = args[0] != NULL ? (const char *const *) args : NULL;
  DpExchangeFormat format;
  gboolean bgstats = g_str_equal (format_name, "bgstats");
  gboolean ok;

  if (!bgstats && !dp_exchange_format_from_string (format_name, &format))
    return cli_usage_error (cli, command,
                            /* Translators: do not translate json, csv, script, bgstats */
                            _("Unknown format “%s”; use json, csv, script or bgstats"), format_name);
  if (!bgstats && options->location != NULL)
    return cli_usage_error (cli, command, _("--location goes with --format bgstats"));

  if (!bgstats && dp_exchange_format_is_single (format) && g_strv_length (args) != 1)
    return cli_usage_error (cli, command, _("--format script writes exactly one game: give one ID"));

  store = cli_open_store (cli, options->database, TRUE, &db_path);
  if (store == NULL)
    return DP_CLI_EXIT_MALFORMED;

  if (bgstats)
    ok = dp_bgstats_write_export (store, ids, options->location, cli->out, NULL, &error);
  else
    ok = dp_exchange_write (store, format, ids, cli->out, NULL, &error);

  /* Games left out (exit 3): every other game was written, the message names them. */
  if (!ok)
    {
      cli_error_at (cli, db_path, 0, error->message);
      return g_error_matches (error, DP_STORE_ERROR, DP_STORE_ERROR_SKIPPED_GAMES)
             ? DP_CLI_EXIT_LEFT_OUT : DP_CLI_EXIT_MALFORMED;
    }

  return DP_CLI_EXIT_OK;
}

static int
cmd_bgstats_link (DpCli         *cli,
                  const Command *command,
                  char         **args,
                  const Options *options)
{
  g_autoptr(DpStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *db_path = NULL;
  g_autofree char *link = NULL;

  store = cli_open_store (cli, options->database, TRUE, &db_path);
  if (store == NULL)
    return DP_CLI_EXIT_MALFORMED;

  link = dp_bgstats_dup_push_link (store, args[0], options->location, &error);
  if (link == NULL)
    {
      cli_error_at (cli, db_path, 0, error->message);
      return exit_status_for (error);
    }
  cli_print (cli, "%s\n", link);
  return DP_CLI_EXIT_OK;
}

static int
cmd_import (DpCli         *cli,
            const Command *command,
            char         **args,
            const Options *options)
{
  g_autoptr(DpStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *db_path = NULL;
  guint n_imported = 0, n_skipped = 0;
  guint line = 0;

  store = cli_open_store (cli, options->database, FALSE, &db_path);
  if (store == NULL)
    return DP_CLI_EXIT_MALFORMED;

  file = g_file_new_for_commandline_arg (args[0]);
  if (!dp_exchange_import_file (store, file, &n_imported, &n_skipped, &line, NULL, &error) &&
      !g_error_matches (error, DP_STORE_ERROR, DP_STORE_ERROR_SKIPPED_GAMES))
    {
      /* A problem of the database itself is not a problem of the file. */
      if (error->domain == DP_STORE_ERROR && error->code != DP_STORE_ERROR_INVALID_IMPORT)
        cli_error_at (cli, db_path, 0, error->message);
      else
        cli_error_at (cli, args[0], line, error->message);
      return exit_status_for (error);
    }

  cli_print (cli, g_dngettext (GETTEXT_PACKAGE, "Imported %u game.", "Imported %u games.", n_imported),
             n_imported);
  if (n_skipped > 0)
    {
      cli_print (cli, " ");
      cli_print (cli, g_dngettext (GETTEXT_PACKAGE,
                                   "Skipped %u game that is already stored.",
                                   "Skipped %u games that are already stored.", n_skipped),
                 n_skipped);
    }
  cli_print (cli, "\n");

  /* Games left out (exit 3): every other one was imported; the message names them. */
  if (error != NULL)
    {
      cli_error_at (cli, args[0], line, error->message);
      return DP_CLI_EXIT_LEFT_OUT;
    }
  return DP_CLI_EXIT_OK;
}

/* ---- History: delete, restore, delete for good, backups ---- */

/* A game as the window's toasts name it: "Calavera with Ina, Sami". */
static char *
dup_game_text (DpStore    *store,
               const char *id)
{
  g_autoptr(DpGameSummary) summary = dp_store_get_summary (store, id, NULL);
  g_autoptr(GString) players = g_string_new (NULL);
  const DpGameKind *kind;

  if (summary == NULL)
    return g_strdup (id);
  kind = dp_game_kind_lookup (summary->kind);
  for (guint seat = 0; seat < summary->n_players && seat < G_N_ELEMENTS (summary->names); seat++)
    {
      if (seat > 0)
        g_string_append (players, ", ");
      g_string_append (players, summary->names[seat]);
    }
  /* Translators: a game in a toast, "Calavera with Ina, Sami, Tom" */
  return g_strdup_printf (_("%s with %s"), kind != NULL ? dp_game_kind_get_name (kind) : summary->kind,
                          players->str);
}

/* delete ID, restore ID: the History's Delete and Restore (dp_store_set_deleted()). */
static int
cmd_set_deleted (DpCli         *cli,
                 const char    *id,
                 const Options *options,
                 gboolean       deleted)
{
  g_autoptr(DpStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *db_path = NULL;
  g_autofree char *game = NULL;

  store = cli_open_store (cli, options->database, FALSE, &db_path);
  if (store == NULL)
    return DP_CLI_EXIT_MALFORMED;

  /* Named while the store lists it: before deleting, after restoring. */
  if (deleted)
    game = dup_game_text (store, id);
  if (!dp_store_set_deleted (store, id, deleted, &error))
    {
      cli_error_at (cli, db_path, 0, error->message);
      return DP_CLI_EXIT_MALFORMED;
    }
  if (!deleted)
    game = dup_game_text (store, id);

  if (deleted)
    /* Translators: a toast after deleting a game in History, "Deleted: Calavera with Ina, Tom" */
    cli_print (cli, _("Deleted: %s"), game);
  else
    /* Translators: a toast after a deleted game came back, "Restored: Calavera with Ina, Tom" */
    cli_print (cli, _("Restored: %s"), game);
  cli_print (cli, "\n");
  return DP_CLI_EXIT_OK;
}

/* purge ID --yes: the Deleted view's "Delete for Good", after the same question. */
static int
cmd_purge (DpCli         *cli,
           const Command *command,
           char         **args,
           const Options *options)
{
  g_autoptr(DpStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *db_path = NULL;

  if (!options->yes)
    {
      g_autofree char *message =
        g_strdup_printf ("%s %s %s", _("Delete the Game for Good?"),
                         _("Its sheets and its replay are removed from this computer. "
                           "Only a backup or an exported file can bring it back."),
                         /* Translators: do not translate --yes */
                         _("Add --yes to delete it for good."));

      return cli_usage_error (cli, command, "%s", message);
    }

  store = cli_open_store (cli, options->database, FALSE, &db_path);
  if (store == NULL)
    return DP_CLI_EXIT_MALFORMED;

  if (!dp_store_purge_game (store, args[0], &error))
    {
      cli_error_at (cli, db_path, 0, error->message);
      return DP_CLI_EXIT_MALFORMED;
    }
  /* Translators: after "dicepad-cli purge ID --yes"; %s is the game's id */
  cli_print (cli, _("The game “%s” is deleted for good."), args[0]);
  cli_print (cli, "\n");
  return DP_CLI_EXIT_OK;
}

/* backup [FILE]: the Preferences' "Back Up Now" (into the backup folder), or a copy
 * into FILE. Prints the copy's path. */
static int
cmd_backup (DpCli         *cli,
            const Command *command,
            char         **args,
            const Options *options)
{
  g_autoptr(DpStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *db_path = NULL;
  g_autofree char *copy = NULL;

  /* Opened (read-only when it must be) first: only a Dicepad database is copied, and a
   * mistyped path is refused, never created. */
  store = cli_open_store (cli, options->database, TRUE, &db_path);
  if (store == NULL || !g_file_test (db_path, G_FILE_TEST_EXISTS))
    return DP_CLI_EXIT_MALFORMED;

  if (args[0] != NULL)
    {
      if (dp_backup_create_file (db_path, args[0], &error))
        copy = g_strdup (args[0]);
    }
  else
    {
      g_autofree char *dir = dp_backup_dir_for_database (db_path);

      copy = dp_backup_create (db_path, dir, DP_BACKUP_DAILY, NULL, &error);
    }
  if (copy == NULL)
    {
      cli_error_at (cli, args[0] != NULL ? args[0] : db_path, 0, error->message);
      return DP_CLI_EXIT_MALFORMED;
    }

  cli_print (cli, "%s\n", copy);
  return DP_CLI_EXIT_OK;
}

/* backups: the copies in the backup folder, newest first. */
static int
cmd_backups (DpCli         *cli,
             const Command *command,
             char         **args,
             const Options *options)
{
  static const char *const reasons[] = {
    [DP_BACKUP_DAILY] = "daily",
    [DP_BACKUP_BEFORE_MIGRATION] = "before-upgrade",
    [DP_BACKUP_BEFORE_RESTORE] = "before-restore",
  };
  g_autofree char *db_path = dp_store_resolve_path (options->database);
  g_autofree char *dir = dp_backup_dir_for_database (db_path);
  g_autoptr(GPtrArray) backups = NULL;
  g_autoptr(GError) error = NULL;

  backups = dp_backup_list (dir, &error);
  if (backups == NULL)
    {
      cli_error_at (cli, dir, 0, error->message);
      return DP_CLI_EXIT_MALFORMED;
    }

  /* Column names and reasons are a format, not prose: they stay untranslated. */
  write_text (cli->out, "path\tdate\treason\tsize\n");
  for (guint i = 0; i < backups->len; i++)
    {
      DpBackupInfo *info = g_ptr_array_index (backups, i);
      g_autoptr(GString) row = g_string_new (NULL);
      g_autofree char *date = dp_exchange_format_date (g_date_time_to_unix (info->time));

      append_cell (row, info->path);
      g_string_append_printf (row, "\t%s\t%s\t%" G_GINT64_FORMAT "\n", date,
                              info->reason < G_N_ELEMENTS (reasons) ? reasons[info->reason] : "",
                              info->size);
      write_text (cli->out, row->str);
    }
  return DP_CLI_EXIT_OK;
}

/* restore-backup FILE: the Preferences' Restore, which copies the games stored now
 * first. Prints where that copy is. */
static int
cmd_restore_backup (DpCli         *cli,
                    const Command *command,
                    char         **args,
                    const Options *options)
{
  g_autoptr(DpStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *db_path = NULL;
  g_autofree char *safety = NULL;

  store = cli_open_store (cli, options->database, FALSE, &db_path);
  if (store == NULL)
    return DP_CLI_EXIT_MALFORMED;

  if (!dp_backup_restore (store, args[0], &safety, &error))
    {
      /* A backup that is no Dicepad database is a problem of the file. */
      cli_error_at (cli, error->domain == DP_STORE_ERROR && error->code != DP_STORE_ERROR_IO ? args[0] : db_path,
                    0, error->message);
      return DP_CLI_EXIT_MALFORMED;
    }

  cli_print (cli, "%s\n%s\n", _("Games restored; the games before are in a copy of their own"), safety);
  return DP_CLI_EXIT_OK;
}

/* ---- Dispatch ---- */

static const Command commands[] = {
  { "replay", N_("FILE"), N_("Replay a game script and print the resulting state as JSON."),
    N_("FILE is a game script (docs/game-script.md); “-” reads standard input.\n"
       "Exit status: 0 fine, 1 an action breaks a rule, 2 malformed input."),
    OPT_NONE, 1, 1 },
  { "validate", N_("FILE"), N_("Check a game script; print “ok” or the first problem."),
    N_("Exit status: 0 fine, 1 an action breaks a rule, 2 malformed input."),
    OPT_NONE, 1, 1 },
  { "odds", N_("FILE"), N_("Print the turn assistant’s odds and advice (Calavera) or odds of pushing (Cubitos) for the state after a game script, as JSON."),
    N_("See docs/assistant.md for every number.\n"
       "Exit status: 0 fine, 1 an action breaks a rule or the game is over, 2 malformed input."),
    OPT_NONE, 1, 1 },
  { "play", N_("FILE"), N_("Store a game script as a new game, one action at a time; print the game’s id."),
    N_("The whole script is checked first; a refused script stores nothing."),
    OPT_DATABASE, 1, 1 },
  { "show", N_("ID"), N_("Print the state of a stored game as JSON (as replay does)."),
    NULL, OPT_DATABASE, 1, 1 },
  { "undo", N_("ID"), N_("Take back the last action of a stored game and print the new state."),
    NULL, OPT_DATABASE, 1, 1 },
  { "redo", N_("ID"), N_("Apply the last undone action of a stored game again and print the new state."),
    NULL, OPT_DATABASE, 1, 1 },
  { "list", NULL, N_("List the stored games, newest first."),
    N_("One line per game, tab-separated: id, kind, date, players, finished (yes/no), winner.\n"
       "The first line names the columns."),
    OPT_DATABASE | OPT_GAME | OPT_PLAYER | OPT_DELETED, 0, 0 },
  { "stats", NULL, N_("Print statistics per player as JSON."),
    NULL, OPT_DATABASE | OPT_GAME | OPT_PLAYER, 0, 0 },
  { "export", N_("[ID…]"), N_("Write stored games (all of them without ID) to standard output."),
    N_("json holds whole games and imports back to identical games; csv holds one row per player\n"
       "per game (date,game,player,seat,total,rank,winner) for spreadsheets."),
    OPT_DATABASE | OPT_FORMAT | OPT_LOCATION, 0, G_MAXUINT },
  { "bgstats-link", N_("ID"), N_("Print the link that creates a finished game’s play in BG Stats."),
    N_("Opened on a phone with BG Stats (or scanned from the window’s QR code), the link\n"
       "creates the play there with its players, scores, ranks and winners."),
    OPT_DATABASE | OPT_LOCATION, 1, 1 },
  { "import", N_("FILE"), N_("Import the games of a JSON export; games already stored are skipped."),
    N_("A file that is not a whole export is refused; the database is then unchanged. A game\n"
       "in it that is refused is left out and named, every other game imported (exit status 3)."),
    OPT_DATABASE, 1, 1 },
  { "delete", N_("ID"), N_("Delete a stored game (it can be restored until it is deleted for good)."),
    NULL, OPT_DATABASE, 1, 1 },
  { "restore", N_("ID"), N_("Bring a deleted game back."),
    NULL, OPT_DATABASE, 1, 1 },
  { "purge", N_("ID"), N_("Delete a deleted game for good."),
    N_("Only a game already deleted can be deleted for good; --yes confirms it."),
    OPT_DATABASE | OPT_YES, 1, 1 },
  { "backup", N_("[FILE]"), N_("Copy every game now, into the backup folder or into FILE; print the copy’s path."),
    NULL, OPT_DATABASE, 0, 1 },
  { "backups", NULL, N_("List the copies in the backup folder, newest first."),
    N_("One line per copy, tab-separated: path, date, reason (daily, before-upgrade,\n"
       "before-restore), size in bytes. The first line names the columns."),
    OPT_DATABASE, 0, 0 },
  { "restore-backup", N_("FILE"), N_("Replace the stored games by those of a backup; the games stored now are copied first."),
    NULL, OPT_DATABASE, 1, 1 },
};

/* Commands the dicepad-cli program runs itself (so the window's CLI library carries no
 * server): listed in the main help all the same (issue 24). */
static const Command program_commands[] = {
  { "serve", N_("ID"), N_("Let the players’ phones join a stored game until interrupted; print the address phones open."),
    NULL, OPT_DATABASE, 1, 1 },
};

static int
run_command (DpCli         *cli,
             const Command *command,
             int            argc,
             char         **argv)
{
  g_auto(Options) options = { NULL, };
  g_auto(GStrv) args = NULL;
  int status = DP_CLI_EXIT_OK;
  const char *name = command->name;

  args = parse_command_line (cli, command, &options, argc, argv, &status);
  if (args == NULL)
    return status;

  if (g_str_equal (name, "replay"))
    return cmd_replay (cli, command, args);
  if (g_str_equal (name, "validate"))
    return cmd_validate (cli, command, args);
  if (g_str_equal (name, "odds"))
    return cmd_odds (cli, command, args);
  if (g_str_equal (name, "play"))
    return cmd_play (cli, command, args, &options);
  if (g_str_equal (name, "show"))
    return cmd_stored_game (cli, args[0], &options, STORED_SHOW);
  if (g_str_equal (name, "undo"))
    return cmd_stored_game (cli, args[0], &options, STORED_UNDO);
  if (g_str_equal (name, "redo"))
    return cmd_stored_game (cli, args[0], &options, STORED_REDO);
  if (g_str_equal (name, "list"))
    return cmd_list (cli, command, args, &options);
  if (g_str_equal (name, "stats"))
    return cmd_stats (cli, command, args, &options);
  if (g_str_equal (name, "export"))
    return cmd_export (cli, command, args, &options);
  if (g_str_equal (name, "import"))
    return cmd_import (cli, command, args, &options);
  if (g_str_equal (name, "delete"))
    return cmd_set_deleted (cli, args[0], &options, TRUE);
  if (g_str_equal (name, "restore"))
    return cmd_set_deleted (cli, args[0], &options, FALSE);
  if (g_str_equal (name, "purge"))
    return cmd_purge (cli, command, args, &options);
  if (g_str_equal (name, "backup"))
    return cmd_backup (cli, command, args, &options);
  if (g_str_equal (name, "backups"))
    return cmd_backups (cli, command, args, &options);
  if (g_str_equal (name, "restore-backup"))
    return cmd_restore_backup (cli, command, args, &options);
  if (g_str_equal (name, "bgstats-link"))
    return cmd_bgstats_link (cli, command, args, &options);

  g_return_val_if_reached (DP_CLI_EXIT_MALFORMED);
}

static void
print_main_help (DpCli *cli)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint width = 0;

  g_string_append_printf (text, "%s\n  %s %s\n\n%s\n\n%s\n",
                          _("Usage:"), PROGRAM_NAME, _("COMMAND [OPTION…] [ARGUMENT…]"),
                          _("Replay, check and store Dicepad games without a window."),
                          _("Commands:"));

  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < G_N_ELEMENTS (commands) + G_N_ELEMENTS (program_commands); i++)
      {
        const Command *command = i < G_N_ELEMENTS (commands) ? &commands[i]
                                                             : &program_commands[i - G_N_ELEMENTS (commands)];
        g_autofree char *left = g_strdup_printf ("%s %s", command->name,
                                                 command->parameters ? _(command->parameters) : "");

        if (pass == 0)
          width = MAX (width, g_utf8_strlen (left, -1));
        else
          g_string_append_printf (text, "  %s%*s%s\n", left, (int) (width - g_utf8_strlen (left, -1) + 2), "",
                                  _(command->summary));
      }

  g_string_append_printf (text, "\n%s\n%s\n%s\n",
                          _("Exit status: 0 fine, 1 an action breaks a rule, 2 malformed input or usage, 3 export or import left out the games it names."),
                          _("Error messages start with FILE:LINE: (line 0: the file as a whole)."),
                          _("Run “dicepad-cli COMMAND --help” for the options of a command."));
  write_text (cli->out, text->str);
}

int
dp_cli_run (int            argc,
            char         **argv,
            GOutputStream *out,
            GOutputStream *err)
{
  DpCli cli = { out, err };
  const char *name;

  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), DP_CLI_EXIT_MALFORMED);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (err), DP_CLI_EXIT_MALFORMED);

  if (argc < 2 || argv[1] == NULL)
    return cli_usage_error (&cli, NULL, _("No command given"));

  name = argv[1];

  if (g_str_equal (name, "--help") || g_str_equal (name, "-h") || g_str_equal (name, "help"))
    {
      /* "help COMMAND" is the same as "COMMAND --help". */
      if (g_str_equal (name, "help") && argc > 2)
        {
          char *help_argv[] = { argv[2], (char *) "--help", NULL };

          for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
            if (g_str_equal (commands[i].name, argv[2]))
              return run_command (&cli, &commands[i], 2, help_argv);
          return cli_usage_error (&cli, NULL, _("Unknown command “%s”"), argv[2]);
        }
      print_main_help (&cli);
      return DP_CLI_EXIT_OK;
    }

  if (g_str_equal (name, "--version"))
    {
      cli_print (&cli, "%s %s\n", PROGRAM_NAME, VERSION);
      return DP_CLI_EXIT_OK;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (commands[i].name, name))
      return run_command (&cli, &commands[i], argc - 1, argv + 1);

  return cli_usage_error (&cli, NULL, _("Unknown command “%s”"), name);
}
