-- Schema version 4: the games to resume, found without reading every game.
-- SPDX-License-Identifier: GPL-3.0-or-later
--
-- The start page lists the games in progress at every launch. With games_by_created
-- SQLite walked all games and tested their state one by one (about 4 ms for 10,000
-- finished games, growing with the history); this index reads only the games in
-- progress, newest first, and covers the filter by state of the history queries too.

CREATE INDEX games_by_state ON games (deleted, state, created);
