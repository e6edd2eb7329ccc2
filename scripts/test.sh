#!/bin/sh
# npm test: the production build (the browser tests run it), then the static checks (eslint and prettier, tsc) side
# by side with the suite (vitest, given npm test's arguments). The suite waits on browsers, servers and databases
# much of the time, and the checks use that time: a minute less than running them first. Fails when any part does;
# their output comes as each ends.
npm run -s build || exit 1
log=$(mktemp -d)
npm run -s lint > "$log/lint" 2>&1 &
lint=$!
npm run -s typecheck > "$log/types" 2>&1 &
types=$!
vitest run "$@"
suite=$?
wait "$lint"
lint=$?
wait "$types"
types=$?
echo "lint (eslint, prettier): $([ "$lint" -eq 0 ] && echo passed || echo FAILED)"
[ "$lint" -eq 0 ] || cat "$log/lint"
echo "types (tsc): $([ "$types" -eq 0 ] && echo passed || echo FAILED)"
[ "$types" -eq 0 ] || cat "$log/types"
rm -rf "$log"
[ "$suite" -eq 0 ] && [ "$lint" -eq 0 ] && [ "$types" -eq 0 ]
