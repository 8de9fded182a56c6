# Sourced by the object-storage comparison scripts: serve_s3 DIR BUCKET starts a fresh SeaweedFS
# server (scripts/seaweedfs.sh) with its files in DIR/seaweedfs and the bucket BUCKET, stops it when
# the script exits, and exports its endpoint and credentials, with LINESTORE_S3_CACHE=DIR/cache.
serve_s3() {
  local dir=$1 bucket=$2 seaweedfs
  seaweedfs="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/seaweedfs.sh"
  server="$dir/seaweedfs"
  "$seaweedfs" stop "$server" > /dev/null 2>&1 || true
  rm -rf "$server"
  LINESTORE_SEAWEEDFS_BUCKETS=$bucket "$seaweedfs" start "$server" > /dev/null
  trap '"'"$seaweedfs"'" stop "$server" > /dev/null 2>&1 || true' EXIT
  set -a && . "$server/env" && set +a
  export LINESTORE_S3_CACHE="$dir/cache"
}
