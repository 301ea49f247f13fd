-- Schema version 2: the redo list and soft deletion.
-- SPDX-License-Identifier: GPL-3.0-or-later

-- Undone actions of a game, a stack: the highest pos is redone first. Appending a
-- new action empties it.
CREATE TABLE redo (
  game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  pos  INTEGER NOT NULL CHECK (pos >= 0),
  json TEXT    NOT NULL,
  PRIMARY KEY (game, pos)
) WITHOUT ROWID;

-- A deleted game is hidden everywhere until it is purged, so the UI can offer Undo.
ALTER TABLE games ADD COLUMN deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1));

DROP INDEX games_by_created;
DROP INDEX games_by_kind;
CREATE INDEX games_by_created ON games (deleted, created);
CREATE INDEX games_by_kind ON games (deleted, kind, created);
