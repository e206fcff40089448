#!/usr/bin/env bash
# Serves the game on http://127.0.0.1:8080 with `trunk serve`. Installs what is missing first.
# Extra arguments go to trunk, e.g. `scripts/serve.sh --release`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
exec trunk serve "$@"
