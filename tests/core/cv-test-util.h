/* cv-test-util.h — small helpers for the Calavera rules tests
 *
 * Dice are written as one letter per die: O orange, G green, P pink, B black,
 * J joker, S skull. Every helper asserts that the action was accepted, so a test
 * reads like the turn it plays.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>

#include "cv-game.h"

static inline CvFace
face_of_letter (char c)
{
  switch (c)
    {
    case 'O': return CV_FACE_ORANGE;
    case 'G': return CV_FACE_GREEN;
    case 'P': return CV_FACE_PINK;
    case 'B': return CV_FACE_BLACK;
    case 'J': return CV_FACE_JOKER;
    case 'S': return CV_FACE_SKULL;
    default:
      g_error ("bad face letter %c", c);
      return CV_FACE_SKULL;
    }
}

static inline guint
faces_of (const char *letters,
          CvFace     *faces)
{
  guint n = strlen (letters);

  g_assert_cmpuint (n, <=, CV_N_DICE);
  for (guint i = 0; i < n; i++)
    faces[i] = face_of_letter (letters[i]);
  return n;
}

static inline CvGame *
new_game (const char *names)
{
  g_auto(GStrv) split = g_strsplit (names, " ", -1);
  g_autoptr(GError) error = NULL;
  CvGame *game;

  game = cv_game_new ((const char *const *) split, g_strv_length (split), &error);
  g_assert_no_error (error);
  return game;
}

static inline void
apply_ok (CvGame         *game,
          const CvAction *action)
{
  g_autoptr(GError) error = NULL;

  cv_game_apply (game, action, &error);
  g_assert_no_error (error);
}

static inline int
seat_of (CvGame     *game,
         const char *name)
{
  int seat;

  if (name == NULL)
    return -1;
  seat = cv_game_find_player (game, name);
  g_assert_cmpint (seat, >=, 0);
  return seat;
}

static inline void
roll (CvGame     *game,
      const char *letters)
{
  CvFace faces[CV_N_DICE];
  CvAction action;

  g_assert_cmpuint (faces_of (letters, faces), ==, CV_N_DICE);
  cv_action_init_roll (&action, -1, faces);
  apply_ok (game, &action);
}

static inline void
reroll (CvGame     *game,
        const char *picked,
        const char *result)
{
  CvFace p[CV_N_DICE], r[CV_N_DICE];
  CvAction action;
  guint n = faces_of (picked, p);

  g_assert_cmpuint (faces_of (result, r), ==, n);
  cv_action_init_reroll (&action, -1, n, p, r);
  apply_ok (game, &action);
}

static inline void
take (CvGame     *game,
      const char *who,
      CvFace      color)
{
  CvAction action;

  cv_action_init_take (&action, seat_of (game, who), color);
  apply_ok (game, &action);
}

static inline void
take_jokers (CvGame     *game,
             const char *who,
             CvFace      color)
{
  CvAction action;

  cv_action_init_take_jokers (&action, seat_of (game, who), color);
  apply_ok (game, &action);
}

static inline void
freeze (CvGame *game,
        CvFace  color)
{
  CvAction action;

  cv_action_init_freeze (&action, -1, color);
  apply_ok (game, &action);
}

/* One turn without skulls: roll, take a colour. */
static inline void
turn_take (CvGame     *game,
           const char *letters,
           CvFace      color)
{
  roll (game, letters);
  take (game, NULL, color);
}

/* Asserts that @action is refused with exactly @message and leaves @game as it was. */
static inline void
assert_refused (CvGame         *game,
                const CvAction *action,
                const char     *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CvGame) before = cv_game_copy (game);
  g_autoptr(GArray) legal = NULL;

  g_assert_false (cv_game_apply (game, action, &error));
  g_assert_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL);
  if (message != NULL)
    g_assert_cmpstr (error->message, ==, message);

  /* Untouched: the same to every observer. */
  g_assert_cmpint (cv_game_get_phase (game), ==, cv_game_get_phase (before));
  g_assert_cmpuint (cv_game_get_n_rolls (game), ==, cv_game_get_n_rolls (before));
  g_assert_cmpuint (cv_game_get_roller (game), ==, cv_game_get_roller (before));
  for (guint s = 0; s < cv_game_get_n_players (game); s++)
    {
      g_assert_cmpint (cv_game_get_total (game, s), ==, cv_game_get_total (before, s));
      g_assert_cmpint (cv_game_must_act (game, s), ==, cv_game_must_act (before, s));
      for (guint c = 0; c < CV_N_COLORS; c++)
        g_assert_cmpuint (cv_game_get_crosses (game, s, c), ==, cv_game_get_crosses (before, s, c));
    }
  for (guint i = 0; i < CV_N_DICE; i++)
    g_assert_cmpint (cv_game_get_die (game, i), ==, cv_game_get_die (before, i));

  /* A refused action is never offered. */
  legal = cv_game_legal_actions (game);
  for (guint i = 0; i < legal->len; i++)
    {
      const CvAction *l = &g_array_index (legal, CvAction, i);
      CvAction a = *action;

      if (a.player == -1)
        a.player = cv_game_get_default_actor (game);
      g_assert_false (cv_action_equal (l, &a));
    }
}

static inline void
assert_take_refused (CvGame     *game,
                     const char *who,
                     CvFace      color,
                     const char *message)
{
  CvAction action;

  cv_action_init_take (&action, seat_of (game, who), color);
  assert_refused (game, &action, message);
}

static inline guint
crosses (CvGame     *game,
         const char *who,
         CvFace      color)
{
  return cv_game_get_crosses (game, seat_of (game, who), color);
}

static inline guint
legal_len (CvGame *game)
{
  g_autoptr(GArray) legal = cv_game_legal_actions (game);

  return legal->len;
}
