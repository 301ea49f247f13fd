-- Schema version 7: facts that outlive a game, kept as a running "newest wins".
-- SPDX-License-Identifier: GPL-3.0-or-later
--
-- Some games ask the table for what only the physical game shows and is the same in
-- every game (Cubitos: a card's printed cost, what a fan-track space gives;
-- dp_game_dup_facts()). A later game should never ask again, and the window replayed up
-- to 50 stored games to learn them (issue 17: "the same cost for 10 or 10,000 games").
--
-- game_facts: the facts each game holds (key → value text, both the game's own), with
-- the game's kind and creation time copied in so that the newest holder of a key is the
-- last entry of the primary key. Like seat_stats, rows exist exactly for the games that
-- are not deleted; the store rewrites a game's rows whenever its actions change
-- (append, undo, redo, import) and removes or writes them when it is deleted or restored.
CREATE TABLE game_facts (
  kind    TEXT    NOT NULL,
  key     TEXT    NOT NULL,
  created INTEGER NOT NULL,
  game    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  value   TEXT    NOT NULL,
  PRIMARY KEY (kind, key, created, game)
) WITHOUT ROWID;

CREATE INDEX game_facts_by_game ON game_facts (game, key);

-- known_facts: per game kind and key, the value of the newest game holding it (the
-- highest created, then the highest id), kept by the triggers below. Reading every fact
-- of a kind is one walk of the primary key, whatever the number of games.
CREATE TABLE known_facts (
  kind    TEXT    NOT NULL,
  key     TEXT    NOT NULL,
  value   TEXT    NOT NULL,
  created INTEGER NOT NULL,
  game    INTEGER NOT NULL,
  PRIMARY KEY (kind, key)
) WITHOUT ROWID;

CREATE TRIGGER game_facts_added AFTER INSERT ON game_facts
BEGIN
  INSERT INTO known_facts (kind, key, value, created, game)
    VALUES (NEW.kind, NEW.key, NEW.value, NEW.created, NEW.game)
    ON CONFLICT (kind, key) DO UPDATE SET
        value = excluded.value, created = excluded.created, game = excluded.game
      WHERE (excluded.created, excluded.game) >= (known_facts.created, known_facts.game);
END;

-- The newest holder lost the fact (undo, deletion): the next newest takes its place,
-- one step down the primary key.
CREATE TRIGGER game_facts_removed AFTER DELETE ON game_facts
BEGIN
  DELETE FROM known_facts
    WHERE kind = OLD.kind AND key = OLD.key AND game = OLD.game;
  INSERT OR IGNORE INTO known_facts (kind, key, value, created, game)
    SELECT kind, key, value, created, game FROM game_facts
      WHERE kind = OLD.kind AND key = OLD.key
      ORDER BY created DESC, game DESC LIMIT 1;
END;

-- Only the engine knows which facts the games stored so far hold: the store fills
-- game_facts right after this script, in the same transaction, by replaying each game
-- that is not deleted and whose kind tells facts (dp-store.c, fill_facts).
