-- Schema version 5: the average place as a running sum, like the other statistics.
-- SPDX-License-Identifier: GPL-3.0-or-later
--
-- Cubitos ranks runners by place; the statistics page read every finished game of a
-- player to average it (issue 17: "the same cost for 10 or 10,000 games"). The store's
-- own key "#place" (the final rank, 1 = first) joins "#games", "#wins" and "#total" in
-- seat_stats; the stat_sums triggers keep its sum.

INSERT INTO seat_stats (game, seat, key, value)
  SELECT s.game, s.seat, '#place', coalesce (s.rank, 0)
    FROM seats s JOIN games g ON g.id = s.game
    WHERE g.state = 1 AND g.deleted = 0 AND s.rank IS NOT NULL AND s.rank > 0;
