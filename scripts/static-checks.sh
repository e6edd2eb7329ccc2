#!/bin/sh
# The suite's static checks, lint (eslint, prettier) and types (tsc), at once: each keeps one core busy for 20 to
# 40 s, and the machine has two. Fails when either does.
npm run -s lint &
lint=$!
npm run -s typecheck
types=$?
wait "$lint"
lint=$?
[ "$lint" -eq 0 ] && [ "$types" -eq 0 ]
