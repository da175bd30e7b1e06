# Sourced by the container scripts: how podman runs on this machine (no systemd, no cgroup
# delegation, a default ulimit podman cannot raise inside the CI sandbox). `pm` is podman with
# those flags; the scripts call it instead of podman.
# A configuration of our own unless the caller brings one: no default ulimits (the explicit ones
# below are the only ones).
if [ -z "${CONTAINERS_CONF:-}" ]; then
  CONTAINERS_CONF="${TMPDIR:-/tmp}/fragewerk-containers.conf"
  printf '[containers]\ndefault_ulimits = []\n' >"$CONTAINERS_CONF"
fi
export CONTAINERS_CONF

# runc: crun, podman's Debian default, refuses this machine's hybrid cgroups (check-image.sh
# installs runc where it is missing).
pm() {
  podman --runtime runc --cgroup-manager cgroupfs "$@"
}

# The limits every `podman run`/`podman build` passes explicitly (none come from the config):
# at most this shell's hard limit (a container cannot raise it) and 65536 open files / 32768
# processes (the sandbox here refuses a higher process limit even below the hard one).
pm_limit() {
  local hard="$1" cap="$2"
  if [ "$hard" = unlimited ] || [ "$hard" -gt "$cap" ]; then echo "$cap"; else echo "$hard"; fi
}
PM_NOFILE="$(pm_limit "$(ulimit -Hn)" 65536)"
PM_NPROC="$(pm_limit "$(ulimit -Hu)" 32768)"
PM_ULIMITS=(--ulimit "nofile=$PM_NOFILE:$PM_NOFILE" --ulimit "nproc=$PM_NPROC:$PM_NPROC")
