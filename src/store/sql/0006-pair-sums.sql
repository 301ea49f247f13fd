-- Schema version 6: head-to-head and best/worst totals as running sums.
-- SPDX-License-Identifier: GPL-3.0-or-later
--
-- With 10,000 games per game kind the statistics page spent most of its time in two
-- queries that read every game of a player: the head-to-head (all seats of player A
-- joined with the seats of player B) and the best and worst total for one game kind
-- (seats_by_total walked past the other kind's seats). DESIGN.md asks for "the same
-- cost for 10 or 10,000 games"; like stat_sums, both are now kept by triggers on
-- seat_stats, whose rows exist exactly for the finished games that are not deleted.
--
-- pair_sums: per game kind and ordered pair of players (a, b) the games they both
-- played, the games a won and b did not, b won and a did not, and both won. A pair of
-- seats counts while both their "#wins" rows exist: a new "#wins" row adds its pairs
-- with the rows already there, a removed one takes away its pairs with those left.
CREATE TABLE pair_sums (
  a      INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  b      INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  kind   TEXT    NOT NULL,
  games  INTEGER NOT NULL,
  wins_a INTEGER NOT NULL,
  wins_b INTEGER NOT NULL,
  ties   INTEGER NOT NULL,
  PRIMARY KEY (a, b, kind)
) WITHOUT ROWID;

INSERT INTO pair_sums (a, b, kind, games, wins_a, wins_b, ties)
  SELECT sa.player, sb.player, g.kind, count (*),
         sum (wa.value <> 0 AND wb.value = 0),
         sum (wb.value <> 0 AND wa.value = 0),
         sum (wa.value <> 0 AND wb.value <> 0)
    FROM seat_stats wa
    JOIN seat_stats wb ON wb.game = wa.game AND wb.key = '#wins' AND wb.seat <> wa.seat
    JOIN seats sa ON sa.game = wa.game AND sa.seat = wa.seat
    JOIN seats sb ON sb.game = wb.game AND sb.seat = wb.seat
    JOIN games g ON g.id = wa.game
    WHERE wa.key = '#wins' AND sa.player <> sb.player
    GROUP BY sa.player, sb.player, g.kind;

CREATE TRIGGER seat_stats_pairs_added AFTER INSERT ON seat_stats WHEN NEW.key = '#wins'
BEGIN
  INSERT INTO pair_sums (a, b, kind, games, wins_a, wins_b, ties)
    SELECT d.a, d.b, g.kind, 1, d.wins_a, d.wins_b, d.ties
      FROM (SELECT me.player AS a, other.player AS b,
                   (NEW.value <> 0 AND w.value = 0) AS wins_a,
                   (w.value <> 0 AND NEW.value = 0) AS wins_b,
                   (NEW.value <> 0 AND w.value <> 0) AS ties
              FROM seat_stats w
              JOIN seats other ON other.game = w.game AND other.seat = w.seat
              JOIN seats me ON me.game = NEW.game AND me.seat = NEW.seat
              WHERE w.game = NEW.game AND w.key = '#wins' AND w.seat <> NEW.seat
            UNION ALL
            SELECT other.player, me.player,
                   (w.value <> 0 AND NEW.value = 0),
                   (NEW.value <> 0 AND w.value = 0),
                   (NEW.value <> 0 AND w.value <> 0)
              FROM seat_stats w
              JOIN seats other ON other.game = w.game AND other.seat = w.seat
              JOIN seats me ON me.game = NEW.game AND me.seat = NEW.seat
              WHERE w.game = NEW.game AND w.key = '#wins' AND w.seat <> NEW.seat) d
      JOIN games g ON g.id = NEW.game
      WHERE d.a <> d.b
    ON CONFLICT (a, b, kind) DO UPDATE SET
      games = pair_sums.games + 1,
      wins_a = pair_sums.wins_a + excluded.wins_a,
      wins_b = pair_sums.wins_b + excluded.wins_b,
      ties = pair_sums.ties + excluded.ties;
END;

-- As for stat_sums, the game and seat rows still exist here (see 0003-stat-sums.sql).
CREATE TRIGGER seat_stats_pairs_removed AFTER DELETE ON seat_stats WHEN OLD.key = '#wins'
BEGIN
  UPDATE pair_sums SET
      games = pair_sums.games - d.games,
      wins_a = pair_sums.wins_a - d.wins_a,
      wins_b = pair_sums.wins_b - d.wins_b,
      ties = pair_sums.ties - d.ties
    FROM (SELECT a, b, count (*) AS games, sum (wins_a) AS wins_a, sum (wins_b) AS wins_b,
                 sum (ties) AS ties
            FROM (SELECT me.player AS a, other.player AS b,
                         (OLD.value <> 0 AND w.value = 0) AS wins_a,
                         (w.value <> 0 AND OLD.value = 0) AS wins_b,
                         (OLD.value <> 0 AND w.value <> 0) AS ties
                    FROM seat_stats w
                    JOIN seats other ON other.game = w.game AND other.seat = w.seat
                    JOIN seats me ON me.game = OLD.game AND me.seat = OLD.seat
                    WHERE w.game = OLD.game AND w.key = '#wins' AND w.seat <> OLD.seat
                  UNION ALL
                  SELECT other.player, me.player,
                         (w.value <> 0 AND OLD.value = 0),
                         (OLD.value <> 0 AND w.value = 0),
                         (OLD.value <> 0 AND w.value <> 0)
                    FROM seat_stats w
                    JOIN seats other ON other.game = w.game AND other.seat = w.seat
                    JOIN seats me ON me.game = OLD.game AND me.seat = OLD.seat
                    WHERE w.game = OLD.game AND w.key = '#wins' AND w.seat <> OLD.seat)
            GROUP BY a, b) AS d
    WHERE pair_sums.a = d.a AND pair_sums.b = d.b
      AND pair_sums.kind = (SELECT kind FROM games WHERE id = OLD.game);
END;

-- stat_totals: the "#total" of every counted seat, ordered per game kind and player,
-- so a player's best and worst total for one game kind is the first entry from either
-- end (seats_by_total cannot tell the kinds apart).
CREATE TABLE stat_totals (
  kind   TEXT    NOT NULL,
  player INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  total  REAL    NOT NULL,
  game   INTEGER NOT NULL,
  seat   INTEGER NOT NULL,
  PRIMARY KEY (kind, player, total, game, seat)
) WITHOUT ROWID;

INSERT INTO stat_totals (kind, player, total, game, seat)
  SELECT g.kind, s.player, st.value, st.game, st.seat
    FROM seat_stats st
    JOIN seats s ON s.game = st.game AND s.seat = st.seat
    JOIN games g ON g.id = st.game
    WHERE st.key = '#total';

CREATE TRIGGER seat_stats_total_added AFTER INSERT ON seat_stats WHEN NEW.key = '#total'
BEGIN
  INSERT OR IGNORE INTO stat_totals (kind, player, total, game, seat)
    SELECT g.kind, s.player, NEW.value, NEW.game, NEW.seat
      FROM games g JOIN seats s ON s.game = g.id
      WHERE g.id = NEW.game AND s.seat = NEW.seat;
END;

CREATE TRIGGER seat_stats_total_removed AFTER DELETE ON seat_stats WHEN OLD.key = '#total'
BEGIN
  DELETE FROM stat_totals
    WHERE kind = (SELECT kind FROM games WHERE id = OLD.game)
      AND player = (SELECT player FROM seats WHERE game = OLD.game AND seat = OLD.seat)
      AND total = OLD.value AND game = OLD.game AND seat = OLD.seat;
END;
