/* cb-test-util.h — helpers shared by the Cubitos tests
 *
 * Actions are written with single quotes for readability; q() turns them into JSON.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>

#include "cb-game.h"
#include "dp-game-private.h"

static inline char *
q (const char *text)
{
  char *s = g_strdup (text);
  for (char *c = s; *c; c++)
    if (*c == '\'')
      *c = '"';
  return s;
}

static inline CbGame *
new_game (const char *setup)
{
  g_autofree char *json = q (setup);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  CbGame *g;

  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g = cb_game_new_from_json (json_node_get_object (json_parser_get_root (parser)), &error);
  g_assert_no_error (error);
  g_assert_nonnull (g);
  return g;
}

/* The whole visible state as text, to check that a refused action changed nothing. */
static inline char *
state_text (const CbGame *g)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = json_node_new (JSON_NODE_OBJECT);
  JsonObject *o = json_object_new ();
  JsonArray *players = json_array_new ();

  cb_game_kind.add_json (g, o);
  for (guint s = 0; s < cb_game_get_n_players (g); s++)
    {
      JsonObject *p = json_object_new ();
      cb_game_kind.add_player_json (g, s, p);
      json_array_add_object_element (players, p);
    }
  json_object_set_array_member (o, "players", players);
  json_node_take_object (root, o);
  json_generator_set_root (gen, root);
  return json_generator_to_data (gen, NULL);
}

#define ok(g, action) ok_at (g, action, __FILE__, __LINE__)

static inline void
ok_at (CbGame *g, const char *action, const char *file, int line)
{
  g_autofree char *json = q (action);
  g_autoptr(GError) error = NULL;

  if (!cb_game_apply_text (g, json, &error))
    g_error ("%s:%d: %s refused: %s", file, line, json, error->message);
}

/* Applies @action expecting a refusal with @code; checks nothing changed. Returns the
 * message (free it) so the test can look at it. */
#define refused(g, action, code) refused_at (g, action, code, __FILE__, __LINE__)

static inline char *
refused_at (CbGame *g, const char *action, int code, const char *file, int line)
{
  g_autofree char *json = q (action);
  g_autofree char *before = state_text (g);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  if (cb_game_apply_text (g, json, &error))
    g_error ("%s:%d: %s was accepted", file, line, json);
  g_assert_error (error, DP_GAME_ERROR, code);
  g_assert_nonnull (error->message);
  g_assert_cmpstr (error->message, !=, "");
  after = state_text (g);
  g_assert_cmpstr (before, ==, after);
  return g_strdup (error->message);
}

#define DRAW   CB_ZONE_DRAW
#define READY  CB_ZONE_READY
#define ACTIVE CB_ZONE_ACTIVE
#define REST   CB_ZONE_REST
#define LG     CB_KIND_LIGHT_GREY
#define DG     CB_KIND_DARK_GREY
#define TD     CB_KIND_TOP_DOG
