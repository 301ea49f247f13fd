/* fuzz-util.h — what the libFuzzer targets share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One scratch folder per fuzzing process, for databases; removed at exit. */
const char *fuzz_scratch_dir (void);

/* Stops the fuzzer with a finding: an oracle that does not hold. */
#define FUZZ_CHECK(cond) \
  G_STMT_START { if (!(cond)) { g_printerr ("fuzz oracle failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__); __builtin_trap (); } } G_STMT_END

G_END_DECLS
