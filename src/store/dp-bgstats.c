/* dp-bgstats.c — finished games for BG Stats (dp-bgstats.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dp-bgstats.h"
#include "dp-game.h"

#define PUSH_PLAY_URL "https://app.bgstatsapp.com/createPlay.html?data="
/* What a play logger shows as the app a play came from. */
#define SOURCE_NAME "Dicepad"

/* One finished game with what BG Stats asks beyond its summary. */
typedef struct
{
  DpGameSummary    *summary;
  const DpGameKind *kind;
  guint             start_seat;
} Play;

static void
play_clear (Play *play)
{
  g_clear_pointer (&play->summary, dp_game_summary_free);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Play, play_clear)

/* The seat whose player began: the setup's "first" (a Cubitos race names it), else the
 * first seat (Calavera's youngest player sits there: calavera-rules-de.txt, "Der jüngste
 * Spieler beginnt"). */
static guint
start_seat (const char          *setup_text,
            const DpGameSummary *summary)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonNode *root;
  const char *first = NULL;

  if (setup_text != NULL && json_parser_load_from_data (parser, setup_text, -1, NULL))
    {
      root = json_parser_get_root (parser);
      if (root != NULL && JSON_NODE_HOLDS_OBJECT (root))
        first = json_object_get_string_member_with_default (json_node_get_object (root), "first", NULL);
    }
  for (guint seat = 0; first != NULL && seat < summary->n_players; seat++)
    if (g_strcmp0 (summary->names[seat], first) == 0)
      return seat;
  return 0;
}

/* @summary (taken; NULL: read from the store) is @game_id's when the caller has it. */
static gboolean
play_init (Play          *play,
           DpStore       *store,
           const char    *game_id,
           DpGameSummary *summary,
           GError       **error)
{
  g_autofree char *setup = NULL;
  g_autoptr(GPtrArray) actions = NULL;

  memset (play, 0, sizeof *play);
  play->summary = summary != NULL ? summary : dp_store_get_summary (store, game_id, error);
  if (play->summary == NULL)
    return FALSE;
  if (play->summary->state != DP_GAME_STATE_FINISHED)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_FOUND,
                   _("Game %s is not finished: only finished games can go to BG Stats"), game_id);
      play_clear (play);
      return FALSE;
    }
  actions = dp_store_get_actions (store, game_id, &setup, error);
  if (actions == NULL)
    {
      play_clear (play);
      return FALSE;
    }
  play->kind = dp_game_kind_lookup (play->summary->kind);
  play->start_seat = start_seat (setup, play->summary);
  return TRUE;
}

/* BG Stats writes dates as local "YYYY-MM-DD HH:MM:SS". */
static char *
bgstats_date (gint64 unix_time)
{
  g_autoptr(GDateTime) time = g_date_time_new_from_unix_local (unix_time);

  return time != NULL ? g_date_time_format (time, "%Y-%m-%d %H:%M:%S") : g_strdup ("");
}

static gint64
duration_min (const DpGameSummary *summary)
{
  return summary->finished > summary->created ? (summary->finished - summary->created + 59) / 60 : 0;
}

static const char *
box_name (const Play *play)
{
  const DpGameBox *box = play->kind != NULL ? dp_game_kind_get_box (play->kind) : NULL;

  return box != NULL && box->box_name != NULL ? box->box_name : play->summary->kind;
}

/* Whether BG Stats may find the winners itself from the scores: only where the highest
 * total wins (Calavera); a Cubitos race is won at the finish line. */
static gboolean
highest_total_wins (const Play *play)
{
  return play->kind != NULL && dp_game_kind_get_box (play->kind)->highest_total_wins;
}

char *
dp_bgstats_dup_name_uuid (const char *space,
                          const char *name)
{
  g_autofree char *key = NULL;
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA1);
  guint8 digest[20];
  gsize length = sizeof digest;

  g_return_val_if_fail (space != NULL && name != NULL, NULL);

  /* A name-based uuid in the manner of RFC 4122's version 5: SHA-1 of a namespace and
   * the name, with the version and variant bits set. */
  key = g_strconcat ("io.github.dicepad.Dicepad/", space, "/", name, NULL);
  g_checksum_update (checksum, (const guchar *) key, -1);
  g_checksum_get_digest (checksum, digest, &length);
  digest[6] = (digest[6] & 0x0f) | 0x50;
  digest[8] = (digest[8] & 0x3f) | 0x80;
  return g_strdup_printf ("%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
                          digest[0], digest[1], digest[2], digest[3], digest[4], digest[5],
                          digest[6], digest[7], digest[8], digest[9], digest[10], digest[11],
                          digest[12], digest[13], digest[14], digest[15]);
}

/* ---- Push play ---- */

JsonNode *
dp_bgstats_build_push_play (DpStore     *store,
                            const char  *game_id,
                            const char  *location,
                            GError     **error)
{
  g_auto(Play) play = { 0 };
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *date = NULL;
  const DpGameBox *box;

  g_return_val_if_fail (DP_IS_STORE (store), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  if (!play_init (&play, store, game_id, NULL, error))
    return NULL;
  box = play.kind != NULL ? dp_game_kind_get_box (play.kind) : NULL;
  date = bgstats_date (play.summary->created);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "sourceName");
  json_builder_add_string_value (builder, SOURCE_NAME);
  json_builder_set_member_name (builder, "sourcePlayId");
  json_builder_add_string_value (builder, play.summary->id);
  json_builder_set_member_name (builder, "playDate");
  json_builder_add_string_value (builder, date);
  json_builder_set_member_name (builder, "durationMin");
  json_builder_add_int_value (builder, duration_min (play.summary));
  if (location != NULL && *location != '\0')
    {
      json_builder_set_member_name (builder, "location");
      json_builder_add_string_value (builder, location);
    }
  json_builder_set_member_name (builder, "comments");
  json_builder_add_string_value (builder, "");

  json_builder_set_member_name (builder, "game");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, box_name (&play));
  /* GAME-DATA.md / ECOSYSTEM.md: no invented BoardGameGeek id; left out where unknown. */
  if (box != NULL && box->bgg_id != 0)
    {
      json_builder_set_member_name (builder, "bggId");
      json_builder_add_int_value (builder, box->bgg_id);
    }
  /* Both games count a higher total as better; the winners below are Dicepad's own. */
  json_builder_set_member_name (builder, "highestWins");
  json_builder_add_boolean_value (builder, TRUE);
  json_builder_set_member_name (builder, "noPoints");
  json_builder_add_boolean_value (builder, FALSE);
  json_builder_set_member_name (builder, "sourceGameId");
  json_builder_add_string_value (builder, play.summary->kind);
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint seat = 0; seat < play.summary->n_players; seat++)
    {
      g_autofree char *player_uuid = dp_bgstats_dup_name_uuid ("player", play.summary->names[seat]);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, play.summary->names[seat]);
      json_builder_set_member_name (builder, "score");
      json_builder_add_int_value (builder, play.summary->totals[seat]);
      json_builder_set_member_name (builder, "rank");
      json_builder_add_int_value (builder, play.summary->ranks[seat]);
      json_builder_set_member_name (builder, "winner");
      json_builder_add_boolean_value (builder, play.summary->winners[seat]);
      json_builder_set_member_name (builder, "startPlayer");
      json_builder_add_boolean_value (builder, seat == play.start_seat);
      json_builder_set_member_name (builder, "role");
      json_builder_add_string_value (builder, "");
      json_builder_set_member_name (builder, "sourcePlayerId");
      json_builder_add_string_value (builder, player_uuid);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

char *
dp_bgstats_dup_push_link (DpStore     *store,
                          const char  *game_id,
                          const char  *location,
                          GError     **error)
{
  g_autoptr(JsonNode) node = dp_bgstats_build_push_play (store, game_id, location, error);
  g_autofree char *json = NULL;
  g_autofree char *escaped = NULL;

  if (node == NULL)
    return NULL;
  json = json_to_string (node, FALSE);
  escaped = g_uri_escape_string (json, NULL, FALSE);
  return g_strconcat (PUSH_PLAY_URL, escaped, NULL);
}

/* ---- The export shape ---- */

/* BG Stats refers to games, players and locations by small integer ids within a file
 * ("gameRefId", "playerRefId"): one table per kind of thing, in the order first met. */
typedef struct
{
  GHashTable *ids;      /* key → id */
  GPtrArray  *keys;     /* in id order */
  GArray     *counts;   /* guint: plays that name it */
} RefTable;

static void
ref_table_init (RefTable *table)
{
  table->ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  table->keys = g_ptr_array_new ();
  table->counts = g_array_new (FALSE, TRUE, sizeof (guint));
}

static void
ref_table_clear (RefTable *table)
{
  g_clear_pointer (&table->keys, g_ptr_array_unref);
  g_clear_pointer (&table->ids, g_hash_table_unref);
  g_clear_pointer (&table->counts, g_array_unref);
}

static gint64
ref_table_id (RefTable   *table,
              const char *key)
{
  gpointer found = g_hash_table_lookup (table->ids, key);
  guint zero = 0;
  char *owned;

  if (found == NULL)
    {
      owned = g_strdup (key);
      g_ptr_array_add (table->keys, owned);
      g_array_append_val (table->counts, zero);
      found = GUINT_TO_POINTER (table->keys->len);
      g_hash_table_insert (table->ids, owned, found);
    }
  g_array_index (table->counts, guint, GPOINTER_TO_UINT (found) - 1)++;
  return GPOINTER_TO_UINT (found);
}

static void
add_player_score (JsonBuilder *builder,
                  const Play  *play,
                  guint        seat,
                  gint64       player_ref)
{
  g_autofree char *score = g_strdup_printf ("%d", play->summary->totals[seat]);

  json_builder_begin_object (builder);
  /* BG Stats' own exports write a score as text. */
  json_builder_set_member_name (builder, "score");
  json_builder_add_string_value (builder, score);
  json_builder_set_member_name (builder, "winner");
  json_builder_add_boolean_value (builder, play->summary->winners[seat]);
  json_builder_set_member_name (builder, "newPlayer");
  json_builder_add_boolean_value (builder, FALSE);
  json_builder_set_member_name (builder, "startPlayer");
  json_builder_add_boolean_value (builder, seat == play->start_seat);
  json_builder_set_member_name (builder, "playerRefId");
  json_builder_add_int_value (builder, player_ref);
  json_builder_set_member_name (builder, "role");
  json_builder_add_string_value (builder, "");
  json_builder_set_member_name (builder, "rank");
  json_builder_add_int_value (builder, play->summary->ranks[seat]);
  json_builder_set_member_name (builder, "seatOrder");
  json_builder_add_int_value (builder, seat + 1);
  json_builder_end_object (builder);
}

static void
add_play (JsonBuilder *builder,
          const Play  *play,
          RefTable    *games,
          RefTable    *players,
          gint64       location_ref)
{
  g_autofree char *date = bgstats_date (play->summary->created);
  g_autofree char *finished = bgstats_date (play->summary->finished);
  gint64 player_refs[G_N_ELEMENTS (play->summary->names)];

  for (guint seat = 0; seat < play->summary->n_players; seat++)
    player_refs[seat] = ref_table_id (players, play->summary->names[seat]);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "uuid");
  json_builder_add_string_value (builder, play->summary->id);
  json_builder_set_member_name (builder, "modificationDate");
  json_builder_add_string_value (builder, finished);
  json_builder_set_member_name (builder, "entryDate");
  json_builder_add_string_value (builder, finished);
  json_builder_set_member_name (builder, "playDate");
  json_builder_add_string_value (builder, date);
  json_builder_set_member_name (builder, "usesTeams");
  json_builder_add_boolean_value (builder, FALSE);
  json_builder_set_member_name (builder, "durationMin");
  json_builder_add_int_value (builder, duration_min (play->summary));
  json_builder_set_member_name (builder, "ignored");
  json_builder_add_boolean_value (builder, FALSE);
  /* Where the winners are not the top scores' (a Cubitos race), BG Stats must take them
   * as given rather than compute them. */
  json_builder_set_member_name (builder, "manualWinner");
  json_builder_add_boolean_value (builder, !highest_total_wins (play));
  json_builder_set_member_name (builder, "rounds");
  json_builder_add_int_value (builder, 0);
  if (location_ref > 0)
    {
      json_builder_set_member_name (builder, "locationRefId");
      json_builder_add_int_value (builder, location_ref);
    }
  json_builder_set_member_name (builder, "gameRefId");
  json_builder_add_int_value (builder, ref_table_id (games, play->summary->kind));
  json_builder_set_member_name (builder, "board");
  json_builder_add_string_value (builder, "");
  json_builder_set_member_name (builder, "rating");
  json_builder_add_int_value (builder, 0);
  json_builder_set_member_name (builder, "nemestatsId");
  json_builder_add_int_value (builder, 0);
  json_builder_set_member_name (builder, "playerScores");
  json_builder_begin_array (builder);
  for (guint seat = 0; seat < play->summary->n_players; seat++)
    add_player_score (builder, play, seat, player_refs[seat]);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "expansionPlays");
  json_builder_begin_array (builder);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

static void
add_game (JsonBuilder      *builder,
          const char       *kind_id,
          gint64            ref,
          const char       *date)
{
  const DpGameKind *kind = dp_game_kind_lookup (kind_id);
  const DpGameBox *box = kind != NULL ? dp_game_kind_get_box (kind) : NULL;
  const char *name = box != NULL && box->box_name != NULL ? box->box_name : kind_id;
  g_autofree char *uuid = dp_bgstats_dup_name_uuid ("game", kind_id);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "uuid");
  json_builder_add_string_value (builder, uuid);
  json_builder_set_member_name (builder, "id");
  json_builder_add_int_value (builder, ref);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, name);
  json_builder_set_member_name (builder, "modificationDate");
  json_builder_add_string_value (builder, date);
  json_builder_set_member_name (builder, "cooperative");
  json_builder_add_boolean_value (builder, FALSE);
  json_builder_set_member_name (builder, "highestWins");
  json_builder_add_boolean_value (builder, TRUE);
  json_builder_set_member_name (builder, "noPoints");
  json_builder_add_boolean_value (builder, FALSE);
  json_builder_set_member_name (builder, "usesTeams");
  json_builder_add_boolean_value (builder, FALSE);
  json_builder_set_member_name (builder, "urlThumb");
  json_builder_add_string_value (builder, "");
  json_builder_set_member_name (builder, "urlImage");
  json_builder_add_string_value (builder, "");
  json_builder_set_member_name (builder, "bggName");
  json_builder_add_string_value (builder, box != NULL && box->bgg_id != 0 ? name : "");
  json_builder_set_member_name (builder, "bggYear");
  json_builder_add_int_value (builder, 0);
  json_builder_set_member_name (builder, "bggId");
  json_builder_add_int_value (builder, box != NULL ? box->bgg_id : 0);
  json_builder_set_member_name (builder, "designers");
  json_builder_add_string_value (builder, box != NULL && box->designers != NULL ? box->designers : "");
  /* BG Stats writes these as 0/1 integers, not booleans. */
  json_builder_set_member_name (builder, "isBaseGame");
  json_builder_add_int_value (builder, 1);
  json_builder_set_member_name (builder, "isExpansion");
  json_builder_add_int_value (builder, 0);
  json_builder_set_member_name (builder, "rating");
  json_builder_add_int_value (builder, 0);
  json_builder_set_member_name (builder, "minPlayerCount");
  json_builder_add_int_value (builder, box != NULL ? box->min_players : 0);
  json_builder_set_member_name (builder, "maxPlayerCount");
  json_builder_add_int_value (builder, box != NULL ? box->max_players : 0);
  json_builder_set_member_name (builder, "minPlayTime");
  json_builder_add_int_value (builder, 0);
  json_builder_set_member_name (builder, "maxPlayTime");
  json_builder_add_int_value (builder, 0);
  json_builder_set_member_name (builder, "minAge");
  json_builder_add_int_value (builder, box != NULL ? box->min_age : 0);
  json_builder_end_object (builder);
}

static void
add_named (JsonBuilder *builder,
           const char  *space,
           const char  *name,
           gint64       ref,
           const char  *date,
           gboolean     is_player)
{
  g_autofree char *uuid = dp_bgstats_dup_name_uuid (space, name);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "uuid");
  json_builder_add_string_value (builder, uuid);
  json_builder_set_member_name (builder, "id");
  json_builder_add_int_value (builder, ref);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, name);
  if (is_player)
    {
      json_builder_set_member_name (builder, "isAnonymous");
      json_builder_add_boolean_value (builder, FALSE);
    }
  json_builder_set_member_name (builder, "modificationDate");
  json_builder_add_string_value (builder, date);
  if (is_player)
    {
      json_builder_set_member_name (builder, "bggUsername");
      json_builder_add_string_value (builder, "");
    }
  json_builder_end_object (builder);
}

static void
add_empty_array (JsonBuilder *builder,
                 const char  *name)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  json_builder_end_array (builder);
}

/* Called for every play of an export, in order; the play is only lent. */
typedef gboolean (*PlayFunc) (const Play *play, gpointer data, GError **error);

/* The plays of @ids, or of every finished game (oldest first), one at a time: a page of
 * summaries is read at a time, from the key of the last one (issue 26: an export of a
 * million games never holds them all). */
#define PLAYS_PAGE 500

static gboolean
each_play (DpStore            *store,
           const char *const  *ids,
           PlayFunc            func,
           gpointer            data,
           GError            **error)
{
  DpGameFilter filter = DP_GAME_FILTER_INIT;
  DpGameKey key = { 0, 0 };
  gboolean have_key = FALSE;

  if (ids != NULL)
    {
      for (guint i = 0; ids[i] != NULL; i++)
        {
          g_auto(Play) play = { NULL, };

          if (!play_init (&play, store, ids[i], NULL, error) || !func (&play, data, error))
            return FALSE;
        }
      return TRUE;
    }

  filter.state = DP_GAME_STATE_FINISHED;
  filter.sort = DP_GAME_SORT_OLDEST;
  for (;;)
    {
      g_autoptr(GPtrArray) games = dp_store_list_games_after (store, &filter, have_key ? &key : NULL, PLAYS_PAGE, error);

      if (games == NULL)
        return FALSE;
      if (games->len == 0)
        return TRUE;
      for (guint i = 0; i < games->len; i++)
        {
          DpGameSummary *summary = g_steal_pointer (&g_ptr_array_index (games, i));
          g_auto(Play) play = { NULL, };

          key.created = summary->created;
          key.row = summary->row;
          have_key = TRUE;
          /* The list's own summary: no second read of the same game. */
          if (!play_init (&play, store, summary->id, summary, error) || !func (&play, data, error))
            return FALSE;
        }
    }
}

/* What an export gathers from its plays for the tables after them. */
typedef struct
{
  RefTable games;
  RefTable players;
  gint64   location_ref;
  gint64   latest;
} Tables;

static JsonNode *
play_node (const Play *play,
           Tables     *tables)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  add_play (builder, play, &tables->games, &tables->players, tables->location_ref);
  tables->latest = MAX (tables->latest, play->summary->finished);
  return json_builder_get_root (builder);
}

/* The members after "plays", into @builder's open object: the games and players the
 * plays named, the location, BG Stats' empty lists and who exported. */
static void
add_tables (JsonBuilder *builder,
            Tables      *tables,
            const char  *location,
            GDateTime   *now)
{
  g_autofree char *export_date = g_date_time_format (now, "%Y-%m-%d %H:%M:%S");
  g_autofree char *newest = bgstats_date (tables->latest > 0 ? tables->latest : g_date_time_to_unix (now));
  guint me = 0;

  json_builder_set_member_name (builder, "games");
  json_builder_begin_array (builder);
  for (guint i = 0; i < tables->games.keys->len; i++)
    add_game (builder, g_ptr_array_index (tables->games.keys, i), i + 1, newest);
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint i = 0; i < tables->players.keys->len; i++)
    {
      add_named (builder, "player", g_ptr_array_index (tables->players.keys, i), i + 1, newest, TRUE);
      /* BG Stats asks whose device this is ("meRefId"): a table's device belongs to the
       * group, so the player of most plays stands for it (the first met on a tie). */
      if (g_array_index (tables->players.counts, guint, i) > g_array_index (tables->players.counts, guint, me))
        me = i;
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "locations");
  json_builder_begin_array (builder);
  if (tables->location_ref > 0)
    add_named (builder, "location", location, tables->location_ref, newest, FALSE);
  json_builder_end_array (builder);

  add_empty_array (builder, "tags");
  add_empty_array (builder, "groups");
  add_empty_array (builder, "challenges");
  add_empty_array (builder, "deletedObjects");

  json_builder_set_member_name (builder, "userInfo");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "meRefId");
  json_builder_add_int_value (builder, tables->players.keys->len > 0 ? me + 1 : 0);
  json_builder_set_member_name (builder, "exportDate");
  json_builder_add_string_value (builder, export_date);
  json_builder_set_member_name (builder, "appVersion");
  json_builder_add_string_value (builder, SOURCE_NAME " " VERSION);
  json_builder_end_object (builder);
}

static void
tables_init (Tables     *tables,
             const char *location)
{
  ref_table_init (&tables->games);
  ref_table_init (&tables->players);
  tables->location_ref = location != NULL && *location != '\0' ? 1 : 0;
  tables->latest = 0;
}

static void
tables_clear (Tables *tables)
{
  ref_table_clear (&tables->games);
  ref_table_clear (&tables->players);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Tables, tables_clear)

typedef struct
{
  JsonBuilder *builder;
  Tables      *tables;
} TreeData;

static gboolean
add_to_tree (const Play  *play,
             gpointer     data,
             GError     **error)
{
  TreeData *tree = data;

  json_builder_add_value (tree->builder, play_node (play, tree->tables));
  return TRUE;
}

JsonNode *
dp_bgstats_build_export (DpStore            *store,
                         const char *const  *ids,
                         const char         *location,
                         GError            **error)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_auto(Tables) tables = { { NULL, NULL, NULL }, { NULL, NULL, NULL }, 0, 0 };
  TreeData tree = { builder, &tables };

  g_return_val_if_fail (DP_IS_STORE (store), NULL);

  tables_init (&tables, location);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "about");
  json_builder_add_string_value (builder, SOURCE_NAME " " VERSION);
  /* The plays first, so the tables of games and players below hold exactly what they use. */
  json_builder_set_member_name (builder, "plays");
  json_builder_begin_array (builder);
  if (!each_play (store, ids, add_to_tree, &tree, error))
    return NULL;
  json_builder_end_array (builder);
  add_tables (builder, &tables, location, now);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* @text with @indent spaces before each line. */
static gboolean
write_indented (GOutputStream  *out,
                const char     *text,
                guint           indent,
                GCancellable   *cancellable,
                GError        **error)
{
  static const char spaces[] = "        ";

  g_assert (indent < sizeof spaces);
  for (const char *line = text; *line != '\0';)
    {
      const char *end = strchr (line, '\n');
      gsize len = end != NULL ? (gsize) (end - line + 1) : strlen (line);

      if (!g_output_stream_write_all (out, spaces, indent, NULL, cancellable, error) ||
          !g_output_stream_write_all (out, line, len, NULL, cancellable, error))
        return FALSE;
      line += len;
    }
  return TRUE;
}

typedef struct
{
  GOutputStream *out;
  GCancellable  *cancellable;
  Tables        *tables;
  guint          n;
} StreamData;

static gboolean
write_play (const Play  *play,
            gpointer     data,
            GError     **error)
{
  StreamData *stream = data;
  g_autoptr(JsonNode) node = play_node (play, stream->tables);
  g_autofree char *text = json_to_string (node, TRUE);

  const char *separator = stream->n++ > 0 ? ",\n" : "\n";

  return g_output_stream_write_all (stream->out, separator, strlen (separator), NULL, stream->cancellable, error)
         && write_indented (stream->out, text, 4, stream->cancellable, error);
}

gboolean
dp_bgstats_write_export (DpStore            *store,
                         const char *const  *ids,
                         const char         *location,
                         GOutputStream      *out,
                         GCancellable       *cancellable,
                         GError            **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) about = json_node_init_string (json_node_alloc (), SOURCE_NAME " " VERSION);
  g_autoptr(JsonNode) rest = NULL;
  g_autofree char *about_text = json_to_string (about, FALSE);
  g_autofree char *head = NULL;
  g_autofree char *rest_text = NULL;
  g_auto(Tables) tables = { { NULL, NULL, NULL }, { NULL, NULL, NULL }, 0, 0 };
  StreamData stream = { out, cancellable, &tables, 0 };

  g_return_val_if_fail (DP_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);

  /* Written as it is read, play by play: the document is the one
   * dp_bgstats_build_export() builds, pretty-printed the way json-glib prints it. */
  tables_init (&tables, location);
  head = g_strdup_printf ("{\n  \"about\" : %s,\n  \"plays\" : [", about_text);
  if (!g_output_stream_write_all (out, head, strlen (head), NULL, cancellable, error) ||
      !each_play (store, ids, write_play, &stream, error) ||
      /* json-glib prints an empty array as [] */
      !g_output_stream_write_all (out, stream.n > 0 ? "\n  ],\n" : "],\n", stream.n > 0 ? 6 : 3, NULL,
                                  cancellable, error))
    return FALSE;

  /* The tables after the plays: an object of their own whose members, printed at the
   * same depth, follow the plays (its opening brace left out). */
  json_builder_begin_object (builder);
  add_tables (builder, &tables, location, now);
  json_builder_end_object (builder);
  rest = json_builder_get_root (builder);
  rest_text = json_to_string (rest, TRUE);
  g_assert (g_str_has_prefix (rest_text, "{\n"));
  return g_output_stream_write_all (out, rest_text + 2, strlen (rest_text + 2), NULL, cancellable, error)
         && g_output_stream_write_all (out, "\n", 1, NULL, cancellable, error);
}
