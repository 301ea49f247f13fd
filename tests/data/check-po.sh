#!/usr/bin/env bash
# Every language in po/LINGUAS must be complete: no untranslated, no fuzzy entry, valid formats,
# and the catalogue must hold every string the sources mark (po/POTFILES.in).
set -euo pipefail
podir=$1
srcdir=$(dirname "$podir")
status=0

pot=$(mktemp --suffix=.pot)
trap 'rm -f "$pot"' EXIT
(cd "$srcdir" && xgettext --files-from=<(grep -v '^#' po/POTFILES.in | grep -v '^$') \
   --from-code=UTF-8 --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
   --keyword=g_dngettext:2,3 --keyword=ngettext:1,2 --add-comments=Translators \
   --output="$pot" 2>/dev/null)

for lang in $(grep -v '^#' "$podir/LINGUAS"); do
  po="$podir/$lang.po"
  stats=$(msgfmt --check --statistics -o /dev/null "$po" 2>&1) || { echo "$po: $stats"; status=1; continue; }
  echo "$lang: $stats"
  case "$stats" in
    *untranslated*|*fuzzy*) echo "$po is not complete"; status=1;;
  esac
  # Strings in the sources that the catalogue lacks:
  missing=$(msgcmp --use-untranslated "$po" "$pot" 2>&1 | grep -c 'this message is used but not defined' || true)
  if [ "$missing" != 0 ]; then
    echo "$po lacks $missing strings of the sources (run tools/update-po):"
    msgcmp --use-untranslated "$po" "$pot" 2>&1 | grep -A1 'used but not defined' | head -20
    status=1
  fi
done
exit $status
