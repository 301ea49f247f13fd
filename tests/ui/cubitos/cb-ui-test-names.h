/* cb-ui-test-names.h — every Cubitos window test also runs with other player names
 *
 * Issue 15 item 1: "Every Cubitos window test also runs with players named "Jürgen",
 * "Zoë" and "O'Brien"." The tests are written with Ina, Sami and Tom; meson runs each
 * binary again with DICEPAD_TEST_NAMES set (e.g. "Jürgen,Zoë,O'Brien"), and nm() puts
 * those names in place of Ina, Sami and Tom in every name-bearing text the test enters
 * or expects: script lines, setups, sentences. Without the variable nm() changes nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

static inline gboolean
nm_is_word_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || (c & 0x80) != 0;
}

/* @text with Ina, Sami and Tom (whole words) replaced by the names of
 * DICEPAD_TEST_NAMES; interned, so never freed. */
static inline const char *
nm (const char *text)
{
  static const char *const ours[] = { "Ina", "Sami", "Tom" };
  const char *env = g_getenv ("DICEPAD_TEST_NAMES");
  g_auto(GStrv) names = NULL;
  GString *out;

  if (text == NULL || env == NULL || *env == '\0')
    return text;
  names = g_strsplit (env, ",", 3);
  g_assert_cmpuint (g_strv_length (names), ==, 3);
  out = g_string_new (NULL);
  for (const char *p = text; *p != '\0';)
    {
      gboolean done = FALSE;

      if (p == text || !nm_is_word_char (p[-1]))
        for (guint i = 0; i < G_N_ELEMENTS (ours) && !done; i++)
          {
            gsize len = strlen (ours[i]);

            if (strncmp (p, ours[i], len) == 0 && !nm_is_word_char (p[len]))
              {
                g_string_append (out, names[i]);
                p += len;
                done = TRUE;
              }
          }
      if (!done)
        g_string_append_c (out, *p++);
    }
  {
    const char *interned = g_intern_string (out->str);
    g_string_free (out, TRUE);
    return interned;
  }
}
