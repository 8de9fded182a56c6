# Sourced by the comparison scripts: need TOOL PACKAGE installs PACKAGE with apt-get when TOOL is not on
# PATH and apt-get is there, and says which rows are skipped when it is still missing.
need() {
  local tool=$1 package=$2
  command -v "$tool" >/dev/null && return
  if command -v apt-get >/dev/null; then
    echo "installing $package (for $tool)..." >&2
    apt-get install -y "$package" >/dev/null 2>&1 || sudo apt-get install -y "$package" >/dev/null 2>&1 || true
  fi
  command -v "$tool" >/dev/null || echo "$(basename "$0"): $tool is missing; its rows are skipped" >&2
}
