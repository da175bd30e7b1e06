#!/usr/bin/env bash
# Builds the container image (Dockerfile) and checks it runs: /readyz, a registration with its
# activation mail in the data volume, a project with a saved form step read back, the image's
# HEALTHCHECK. Where no registry can be reached, the base image is a local stand-in for the
# official Node image (build-stand-in-base.sh, cached). The container talks to the PostgreSQL
# server on 127.0.0.1:5432 (a database of its own, dropped afterwards) over the host network.
#
# Usage: bash tools/container/check-image.sh      (exit code 0: everything checked out)
set -euo pipefail
cd "$(dirname "$0")/../.."

# podman's Debian default runtime crun refuses this machine's hybrid cgroups; runc works. The
# stand-in base image needs debootstrap. Both from Debian, as .ci/run installs its tools.
if ! command -v runc >/dev/null 2>&1 || ! command -v debootstrap >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq runc debootstrap >/dev/null
fi
source tools/container/podman-env.sh

IMAGE="localhost/fragewerk:check"
PG_URL="${CONTAINER_CHECK_DATABASE_SERVER:-postgres://postgres@127.0.0.1:5432}"
NAME="fragewerk-check-$$"
DATABASE="fragewerk_container_$$_$(date +%s)"
VOLUME="$NAME-data"

step() { echo "== $*"; }

cleanup() {
  local status=$?
  if [ "$status" -ne 0 ] && pm container exists "$NAME" 2>/dev/null; then
    echo "-- Log des Containers (Ende):"
    pm logs --tail 40 "$NAME" 2>&1 || true
  fi
  pm rm -f -t 5 "$NAME" >/dev/null 2>&1 || true
  pm volume rm -f "$VOLUME" >/dev/null 2>&1 || true
  psql "$PG_URL/postgres" -q -c "drop database if exists \"$DATABASE\" with (force)" \
    >/dev/null 2>&1 || true
  if [ "$status" -eq 0 ]; then echo "== Container-Prüfung bestanden"; else
    echo "== Container-Prüfung FEHLGESCHLAGEN (Exit $status)"; fi
}
trap cleanup EXIT

step "Basis-Image (Node 24, Debian bookworm)"
BASE="$(bash tools/container/build-stand-in-base.sh)"

step "Image bauen: $IMAGE auf $BASE"
started=$(date +%s)
pm build --quiet --format docker --network=host "${PM_ULIMITS[@]}" \
  --build-arg "NODE_IMAGE=$BASE" -t "$IMAGE" . >/dev/null
# The build stage under a tag of its own (all cached, seconds): it stays the cache of the next
# build while the pruning drops what earlier builds left behind untagged.
pm build --quiet --format docker --network=host "${PM_ULIMITS[@]}" --target build \
  --build-arg "NODE_IMAGE=$BASE" -t "$IMAGE-build" . >/dev/null
pm image prune -f >/dev/null
size=$(pm image inspect --format '{{.Size}}' "$IMAGE")
echo "   gebaut in $(($(date +%s) - started)) s, Größe $((size / 1000000)) MB"

step "Datenbank $DATABASE anlegen"
psql "$PG_URL/postgres" -q -v ON_ERROR_STOP=1 -c "create database \"$DATABASE\"" >/dev/null

PORT="$(node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => {
  console.log(s.address().port); s.close(); });")"
step "Container starten auf Port $PORT"
pm volume create "$VOLUME" >/dev/null
# Without systemd podman cannot schedule the HEALTHCHECK itself and says so; the check below
# runs it by hand instead.
pm run -d --name "$NAME" --network=host "${PM_ULIMITS[@]}" \
  -e "PORT=$PORT" -e "APP_URL=http://127.0.0.1:$PORT" \
  -e "DATABASE_URL=$PG_URL/$DATABASE" \
  -v "$VOLUME:/data" "$IMAGE" 2>&1 >/dev/null | { grep -v 'systemd connection' || true; } >&2
[ "$(pm exec "$NAME" id -un)" = node ] || { echo "Der Server läuft nicht als Benutzer node."; exit 1; }

step "Smoke-Test: /readyz, Registrierung, Projekt, gespeicherter Schritt"
MAIL_DIR="$(pm volume inspect --format '{{.Mountpoint}}' "$VOLUME")/mail"
npx tsx tools/container/smoke.ts "http://127.0.0.1:$PORT" "$MAIL_DIR"

step "HEALTHCHECK des Images"
pm healthcheck run "$NAME"
echo "OK  podman healthcheck run: gesund"
