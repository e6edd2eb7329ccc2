#!/bin/sh
# npm test: the static checks (lint and types), the production build, then the whole suite (vitest, with any
# arguments given to npm test).
#
# Where the packages were installed without their install scripts (`npm ci --ignore-scripts`, as .ci/run installs
# them), better-sqlite3's addon is not built yet: it is compiled here, beside the static checks, and with gcc's -O1
# rather than the package's -O3. SQLite at -O3 took one core 2 min 17 s on this machine, at -O1 1 min 1 s (a run of
# the suite spends little of its time inside SQLite's C; what a user's `npm install` builds is the package's own
# -O3). Here lint and types use the time. The suite starts once all three are done.
set -u
log="${TMPDIR:-/tmp}/better-sqlite3-build.$$.log"
native=""
if ! node -e 'require("better-sqlite3")(":memory:").close()' 2>/dev/null; then
  echo "test: building better-sqlite3's addon beside the static checks (its log: $log)"
  CFLAGS=-O1 npm rebuild better-sqlite3 --foreground-scripts >"$log" 2>&1 &
  native=$!
fi

# A step below the compile, which is then the longest of the three: it keeps its core, they share the other.
if [ -n "$native" ]; then nice -n 5 sh scripts/static-checks.sh; else sh scripts/static-checks.sh; fi
static=$?
npm run -s build
build=$?

if [ -n "$native" ]; then
  if ! wait "$native"; then
    tail -n 40 "$log"
    echo "test: better-sqlite3's addon did not build" >&2
    exit 1
  fi
  rm -f "$log"
fi
[ "$static" -eq 0 ] && [ "$build" -eq 0 ] || exit 1

exec npx vitest run "$@"
