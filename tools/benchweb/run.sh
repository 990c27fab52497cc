#!/usr/bin/env bash
# make bench-web: Lighthouse's mobile figures for the home screen and a
# game screen, against a fresh gygy serve of the tree as built by make.
# Measures, never asserts; not part of make test. GYGY_BENCH_THROTTLING=devtools
# slows the browser itself instead of Lighthouse's model; GYGY_BIN and
# GYGY_WEB serve another build (to compare). GYGY_BENCH_LANG=fr runs the
# browser in French (its languages and Accept-Language; every run prints
# the page's <html lang>). GYGY_BENCH_SCREENS picks the screens (Lighthouse:
# "home play"; GYGY_BENCH_TRACE=1: "home play again restart").
#
#   tools/benchweb/run.sh [RUNS] [OUT_DIR]     (RUNS defaults to 3)
set -euo pipefail
cd "$(dirname "$0")"
runs=${1:-3}
out=${2:-}
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
if [ ! -x node_modules/.bin/lighthouse ]; then
  # The versions are pinned in package.json.
  npm install --no-audit --no-fund --no-package-lock
fi
bin=${GYGY_BIN:-../../bin/gygy}
web=${GYGY_WEB:-../../web}
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$bin" serve --addr "127.0.0.1:$port" --web "$web" >serve.log 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  if grep -q "serving on" serve.log 2>/dev/null; then break; fi
  sleep 0.1
done
cat serve.log
echo "wasm files (raw / gzip / brotli bytes):"
for f in "$web"/*.wasm; do
  printf '  %s %d / %d / %d\n' "$(basename "$f")" "$(stat -c %s "$f")" "$(stat -c %s "$f.gz" 2>/dev/null || echo 0)" "$(stat -c %s "$f.br" 2>/dev/null || echo 0)"
done
if [ -n "${GYGY_BENCH_TRACE:-}" ]; then
  for screen in ${GYGY_BENCH_SCREENS:-home play again restart}; do
    node trace.mjs "http://127.0.0.1:$port" "$screen" "$runs" "$out"
  done
else
  node run.mjs "http://127.0.0.1:$port" "$runs" "$out"
fi
