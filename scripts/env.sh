# Sourced by the scripts: tool paths. binaryen's wasm-opt 132 from npm comes first.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"
