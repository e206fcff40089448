#!/usr/bin/env bash
# Builds the npm package and serves the embedding example on
# http://127.0.0.1:8081/examples/ (it imports the built package from pkg/).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/package.sh
echo "the example: http://127.0.0.1:8081/examples/"
exec node scripts/serve-static.mjs . 8081
