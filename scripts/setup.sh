#!/usr/bin/env bash
# Installs whatever the project needs and skips what is already there.
# A second run on a machine that has everything touches no network.
# `setup.sh serve` installs only what serving the game needs (`make serve`): the tests'
# tools (Chromium, nginx, wasm-pack, cargo-fuzz, the fixture apps, the static build's
# musl) come with `setup.sh` alone, which `make test` runs.
set -euo pipefail
cd "$(dirname "$0")/.."
MODE=${1:-test}

WASM_BINDGEN_VERSION=0.2.130
WASM_PACK_VERSION=0.15.1
TRUNK_VERSION=0.21.14
CARGO_FUZZ_VERSION=0.13.2

export PATH="$HOME/.cargo/bin:$PATH"
log() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi
for comp in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$comp"; then
    log "adding rust component $comp"
    rustup component add "$comp"
  fi
done

have_version() { # cmd expected-version
  command -v "$1" >/dev/null 2>&1 && "$1" --version 2>/dev/null | grep -q "$2"
}

if ! have_version wasm-bindgen "$WASM_BINDGEN_VERSION"; then
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  # No --locked: the registry here lacks one crate version its lock file names.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi
if [ "$MODE" = test ] && ! have_version wasm-pack "$WASM_PACK_VERSION"; then
  log "installing wasm-pack $WASM_PACK_VERSION"
  cargo install wasm-pack --version "$WASM_PACK_VERSION" --force
fi
if ! have_version trunk "$TRUNK_VERSION"; then
  log "installing trunk $TRUNK_VERSION"
  # --locked is needed: without it the CSS crates fail to compile.
  cargo install trunk --version "$TRUNK_VERSION" --locked --force
fi

if [ "$MODE" = test ] && ! (cargo fuzz --version 2>/dev/null | grep -q "$CARGO_FUZZ_VERSION"); then
  log "installing cargo-fuzz $CARGO_FUZZ_VERSION"
  cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked --force
fi

# Debian's packages the tests use: Chromium (and an emoji font) for the browser tests,
# nginx, Caddy and openssl for the proxy tests, musl-tools for the static server binary,
# PostgreSQL for the stores' tests.
if [ "$MODE" = test ]; then
  missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
  [ -x /usr/sbin/nginx ] || missing+=(nginx)
  [ -x /usr/bin/caddy ] || missing+=(caddy)
  command -v openssl >/dev/null 2>&1 || missing+=(openssl)
  command -v musl-gcc >/dev/null 2>&1 || missing+=(musl-tools)
  # PostgreSQL's server, for the store's tests (each starts a throwaway cluster of its own).
  [ -d /usr/lib/postgresql ] || missing+=(postgresql)
  # The reactions' emoji, as a phone draws them, in the screenshots.
  [ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || missing+=(fonts-noto-color-emoji)
  if [ ${#missing[@]} -gt 0 ]; then
    log "installing ${missing[*]}"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
  fi
  if ! rustup target list --installed | grep -qx x86_64-unknown-linux-musl; then
    log "adding rust target x86_64-unknown-linux-musl (the static server binary)"
    rustup target add x86_64-unknown-linux-musl
  fi
fi

# Node packages (binaryen's wasm-opt 132, playwright-core, axe-core, esbuild), pinned by
# package-lock.json.
stamp=node_modules/.package-lock.stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  log "installing node packages"
  npm ci --no-audit --no-fund
  cp package-lock.json "$stamp"
fi
# The fixture apps the e2e tests embed the package in (Vite, webpack, …), each pinned by its
# own lock file.
for lock in tests/fixtures/*/package-lock.json; do
  [ "$MODE" = test ] || break
  dir=$(dirname "$lock")
  stamp=$dir/node_modules/.package-lock.stamp
  if [ ! -f "$stamp" ] || ! cmp -s "$lock" "$stamp"; then
    log "installing node packages for $dir"
    (cd "$dir" && npm ci --no-audit --no-fund)
    cp "$lock" "$stamp"
  fi
done
if ! node_modules/.bin/wasm-opt --version | grep -q "version 132"; then
  echo "node_modules/.bin/wasm-opt is not version 132" >&2
  exit 1
fi
log "all tools present"
