-- Schema version 1: players, games, seats, the action log and the summaries the
-- history and statistics pages read. Runs inside one transaction (dp-store.c).
-- SPDX-License-Identifier: GPL-3.0-or-later

-- A name used again is the same player; renaming changes only this row, so every
-- game, score and statistic stays attached to the player.
CREATE TABLE players (
  id        INTEGER PRIMARY KEY,
  name      TEXT    NOT NULL UNIQUE,
  last_used INTEGER NOT NULL DEFAULT 0
);

-- uuid survives export/import; id is only the local row number.
-- state: 0 in progress, 1 finished, 2 abandoned (DpGameState).
CREATE TABLE games (
  id        INTEGER PRIMARY KEY,
  uuid      TEXT    NOT NULL UNIQUE,
  kind      TEXT    NOT NULL,
  created   INTEGER NOT NULL,
  finished  INTEGER NOT NULL DEFAULT 0,
  state     INTEGER NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2)),
  setup     TEXT    NOT NULL,
  n_players INTEGER NOT NULL CHECK (n_players > 0),
  n_actions INTEGER NOT NULL DEFAULT 0 CHECK (n_actions >= 0)
);

-- total/rank/winner are the final result, NULL/0 until the game is finished
-- (undoing the finishing action clears them again).
CREATE TABLE seats (
  game    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seat    INTEGER NOT NULL CHECK (seat >= 0),
  player  INTEGER NOT NULL REFERENCES players (id),
  total   INTEGER,
  rank    INTEGER,
  winner  INTEGER NOT NULL DEFAULT 0 CHECK (winner IN (0, 1)),
  PRIMARY KEY (game, seat),
  UNIQUE (game, player)
) WITHOUT ROWID;

-- The append-only log: seq is 0, 1, 2, … without gaps; json is the canonical text
-- form of the action (dp_game_normalize_action()).
CREATE TABLE actions (
  game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seq  INTEGER NOT NULL CHECK (seq >= 0),
  json TEXT    NOT NULL,
  PRIMARY KEY (game, seq)
) WITHOUT ROWID;

-- Per finished seat, the numbers of dp_game_dup_seat_stats(), so that an average
-- per key is one GROUP BY.
CREATE TABLE seat_stats (
  game  INTEGER NOT NULL,
  seat  INTEGER NOT NULL,
  key   TEXT    NOT NULL,
  value REAL    NOT NULL,
  PRIMARY KEY (game, seat, key),
  FOREIGN KEY (game, seat) REFERENCES seats (game, seat) ON DELETE CASCADE
) WITHOUT ROWID;

-- History: newest first, optionally by kind; player filters go through seats.
CREATE INDEX games_by_created ON games (created);
CREATE INDEX games_by_kind ON games (kind, created);
CREATE INDEX seats_by_player ON seats (player, game);
