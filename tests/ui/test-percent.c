/* test-percent.c — a percentage keeps its number and its sign on one line
 *
 * Runs with LANGUAGE=en, de and fr (tests/ui/meson.build): the spacing is each
 * catalogue's. wpolish item 2: "English "3 %" can wrap before the %. Every percentage
 * the app shows (assistant odds for both games, statistics) must keep the number and
 * its sign together: use a no-break space (U+00A0, or U+202F as the locale wants)."
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cb-odds.h"
#include "cv-odds.h"
#include "dp-history-format.h"
#include "dp-ui-test-util.h"

/* No line may break inside a percentage of @text: the character before each "%" is a
 * digit or a no-break space, never a plain space, and "<" or ">" before a number is
 * followed by a no-break space too. */
static void
assert_percent_glued (const char *text)
{
  g_assert_nonnull (text);
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      const char *prev = p > text ? g_utf8_find_prev_char (text, p) : NULL;
      gunichar before = prev != NULL ? g_utf8_get_char (prev) : 0;

      if (*p == '%')
        {
          if (!(g_unichar_isdigit (before) || before == 0x00A0 || before == 0x202F))
            g_error ("a break before the percent sign in “%s”", text);
        }
      else if ((*p == '<' || *p == '>') && p[1] == ' ' && g_ascii_isdigit (p[2]))
        g_error ("a break after “%c” in “%s”", *p, text);
    }
}

/* The percentages themselves: the assistants' (cv_odds_format_percent(), shared by
 * both games and the phones) and the statistics' (dp_format_percent()). */
static void
test_format (void)
{
  static const double shares[] = { 0.0, 0.001, 0.03, 0.094, 0.5, 0.999, 1.0 };

  for (guint i = 0; i < G_N_ELEMENTS (shares); i++)
    {
      g_autofree char *odds = cv_odds_format_percent (shares[i]);
      g_autofree char *stats = dp_format_percent (shares[i]);

      assert_percent_glued (odds);
      assert_percent_glued (stats);
      /* a percentage is one word: no plain space anywhere in it ("< 1 %" too) */
      g_assert_null (strchr (odds, ' '));
      g_assert_null (strchr (stats, ' '));
    }
}

/* The sentences the assistants show: Calavera's before the first roll and while
 * picking up dice (docs/assistant.md), Cubitos' "Push: 31 % bust — …" (issue 27). */
static void
test_sentences (void)
{
  g_autoptr(GError) error = NULL;
  CvOddsSheet sheet;
  guint first[CV_N_FACES] = { 0 };
  guint rolled[CV_N_FACES] = { 1, 1, 1, 1, 1, 1 };   /* one of each face */
  g_autoptr(CvOdds) before = NULL;
  g_autoptr(CvOdds) after = NULL;
  CbOdds cubitos = { 0 };

  cv_odds_sheet_init (&sheet);
  before = cv_odds_compute_turn (&sheet, first, CV_MAX_ROLLS, &error);
  g_assert_no_error (error);
  {
    g_autofree char *outlook = cv_odds_describe_outlook (before);
    g_autofree char *advice = cv_odds_describe_recommendation (before);

    g_assert_nonnull (strchr (outlook, '%'));
    assert_percent_glued (outlook);
    assert_percent_glued (advice);
  }
  after = cv_odds_compute_turn (&sheet, rolled, CV_MAX_ROLLS - 1, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < cv_odds_get_n_options (after); i++)
    {
      const CvOddsOption *option = cv_odds_get_option (after, i);
      g_autofree char *once = cv_odds_describe_option (after, option, CV_ODDS_PLAN_ONCE);
      g_autofree char *pick_up = option->n_pick_up > 0 ? cv_odds_describe_pick_up (after, option) : NULL;

      assert_percent_glued (once);
      if (pick_up != NULL)
        assert_percent_glued (pick_up);
    }

  /* Cubitos: 6 light grey and 3 brown dice ready, in danger (tests/core/cubitos). */
  cubitos.safe_card = cubitos.ignore_card[0] = cubitos.ignore_card[1] = -1;
  cubitos.input.ready[CB_KIND_LIGHT_GREY] = 6;
  cubitos.input.ready[CB_KIND_BROWN] = 3;
  cubitos.input.active = 3;
  cubitos.input.danger = TRUE;
  cubitos.input.limit = 9;
  cb_odds_compute_input (&cubitos.input, cubitos.plan);
  for (guint plan = 0; plan < CB_ODDS_N_PLANS; plan++)
    {
      g_autofree char *text = cb_odds_describe (&cubitos, plan);

      g_assert_nonnull (strchr (text, '%'));
      assert_percent_glued (text);
    }
}

int
main (int   argc,
      char *argv[])
{
  dp_ui_test_init (&argc, &argv, DP_UI_TEST_PLAIN);

  g_test_add_func ("/percent/format", test_format);
  g_test_add_func ("/percent/sentences", test_sentences);

  return g_test_run ();
}
