#!/usr/bin/env bash
# Prints what a part of the run said about its failures, for the last lines of the run's output:
# a reader who sees only the end of a long run still learns which tests failed and why
# (docs/decisions/180).
#   .ci/what-failed.sh TITLE LOG
set -uo pipefail
title="${1:?title}"
log="${2:?log file}"
plain() { sed -u 's/\x1b\[[0-9;]*[A-Za-z]//g' "$log"; }

echo "──── $title failed. What failed (the whole output is above): ────"
# Vitest: one `FAIL` line per failed test; Playwright's list reporter: a `✘` line per failed try.
plain | grep -aE '(^|\] ) *(FAIL |✘ )' | sort -u | head -n 30
# The first failure in full: Vitest's "Failed Tests" block, else Playwright's first numbered error.
first="$(plain | grep -anE 'Failed Tests [0-9]+|^(\[node [0-9]+\] )? +1\) ' | head -n 1 | cut -d: -f1)"
if [ -n "$first" ]; then
  echo "──── the first, as it was printed: ────"
  plain | tail -n "+$first" | head -n 60
else
  echo "──── no test failure was printed; the part's last lines: ────"
  plain | tail -n 40
fi
