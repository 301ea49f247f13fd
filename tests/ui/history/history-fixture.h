/* history-fixture.h — a database of random legal games, and what the test knows of them
 *
 * The games are played through the store (dp_store_create_game_at and
 * dp_store_append_action), one random legal action at a time (dp_game_legal_actions
 * with a seeded GRand). While playing, the fixture writes down what the live game
 * showed after every action and at the end, so the tests compare the pages with
 * values that did not come from the pages' own queries.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cv-game.h"
#include "dp-store.h"

G_BEGIN_DECLS

typedef struct
{
  guint crosses[CV_MAX_PLAYERS][CV_N_COLORS];
  int   totals[CV_MAX_PLAYERS];
} FixtureSnapshot;

typedef struct
{
  char            *id;
  gint64           created;
  guint            n_players;
  char            *names[CV_MAX_PLAYERS];
  gboolean         finished;
  int              totals[CV_MAX_PLAYERS];
  gboolean         winners[CV_MAX_PLAYERS];
  int              row_points[CV_MAX_PLAYERS][CV_N_COLORS];
  guint            frozen_rows[CV_MAX_PLAYERS];
  guint            bonus_first[CV_MAX_PLAYERS];
  guint            n_actions;
  FixtureSnapshot *snapshots;  /* n_actions + 1: before any action, after each */
} FixtureGame;

typedef struct
{
  DpStore   *store;
  GPtrArray *games;  /* FixtureGame*, in the order they were created */
} Fixture;

/* Fills a new database at @path with @n_games games (the last one left unfinished)
 * from @seed. */
Fixture *fixture_new (const char *path, guint n_games, guint32 seed);
void     fixture_free (Fixture *fixture);

/* TRUE if @game has a player called @name. */
gboolean fixture_game_has_player (const FixtureGame *game, const char *name);

G_END_DECLS
