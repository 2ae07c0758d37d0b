#!/bin/sh
# `npm run typecheck`: the three projects `tsc -b web` checks, the library (tsconfig.build.json),
# src/'s tests (tsconfig.json) and the console with the browser tests (web/tsconfig.json), with
# TypeScript's native compiler (tsgo, @typescript/native-preview) for the last two: the same
# errors, a fifth of tsc's CPU (docs/benchmarks.md, "The test suite").
# - The library by tsc, as `npm run build` compiles it into dist/: after the build it is up to
#   date and not checked again; after a change to src/ it is compiled again, as before. Not tsgo:
#   its dist/ would differ from tsc's (declarations' member order, source maps), and in build
#   mode it compiles dist/ again, the build info being tsc's.
# - The tests and the console read the library's declarations in dist/ (their project
#   references'), and the console the tests' support's, which the second command writes
#   (node_modules/.cache/tsc). One thread each: tsgo's parallel checkers took 1.4 times the CPU.
# Each runs when one before it failed, as `tsc -b` goes on past a project with errors.
status=0
tsc -b tsconfig.build.json || status=1
tsgo -p tsconfig.json --singleThreaded || status=1
tsgo -p web/tsconfig.json --singleThreaded || status=1
exit $status
