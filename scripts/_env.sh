# shellcheck shell=bash
# Sourced by scripts/run, scripts/test and scripts/bench: prepares (once) what each tested Home
# Assistant release needs, outside the clone, keyed by a hash of its lock (requirements/NAME.lock,
# written by scripts/lock from requirements/NAME.txt), and runs commands in it.
#
# Two Pythons:
# - the minimum release (Home Assistant 2025.4.4) runs on Python 3.13 (what these machines have);
# - the current release (2026.10.4's test harness, 2026.11.0 itself) needs Python 3.14.2 or newer:
#   a `python3.14` on PATH is used when it is new enough; otherwise, on a Debian-family machine
#   where the script runs as root, a private Debian *testing* root is made with debootstrap
#   (it ships python3.14) under the cache folder, and commands run inside it with chroot, in a
#   mount namespace of their own (nothing stays mounted when they end).
set -euo pipefail

SHELLDON_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SHELLDON_CACHE="${SHELLDON_VENV_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/shelldon}"
# What the Debian root holds; changing it makes a new root.
DEBIAN_SUITE="testing"
DEBIAN_PACKAGES="python3.14 python3.14-venv python3.14-dev git g++ ca-certificates tzdata"
DEBIAN_EXTRA="${SHELLDON_DEBIAN_EXTRA:-chromium}"  # more packages (the dashboard test adds chromium)

say() { printf 'shelldon: %s\n' "$*" >&2; }

hash_of() { cat "$@" | sha256sum | cut -c1-12; }

# --- Python 3.13 (the minimum) ----------------------------------------------------------------

find_python313() {
  local candidate
  for candidate in "${SHELLDON_PYTHON:-}" "$(command -v python3.13 2>/dev/null || true)" \
      "$HOME"/.pyenv/versions/3.13.*/bin/python3.13 /usr/local/bin/python3.13 /usr/bin/python3.13; do
    [ -n "$candidate" ] && [ -x "$candidate" ] || continue
    if "$candidate" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 13))' 2>/dev/null; then
      printf '%s\n' "$candidate"
      return 0
    fi
  done
  say "Python 3.13 was not found (set SHELLDON_PYTHON to its path)"
  return 1
}

# pip as a fresh machine has it: no local indexes or constraints from the machine's pip config.
pip_install() {
  local python="$1"
  shift
  PIP_CONFIG_FILE=/dev/null "$python" -m pip install --quiet --disable-pip-version-check \
    --no-input --root-user-action=ignore "$@" >&2
}

# uv (Home Assistant's own installer; a binary wheel on the package index) builds the environments
# several times faster than pip: it resolves once, downloads in parallel and links from one cache.
# It is installed once into a small environment of its own; where that fails, pip does the work.
UV_VERSION="$(grep -oE '^uv==[0-9.]+' "$SHELLDON_ROOT/requirements/tools.txt" | cut -d= -f3)"
find_uv() {
  local home="$SHELLDON_CACHE/uv-$UV_VERSION"
  if [ "${SHELLDON_NO_UV:-}" = 1 ]; then
    return 1
  fi
  if [ ! -x "$home/bin/uv" ]; then
    mkdir -p "$SHELLDON_CACHE"
    (
      flock 9
      if [ ! -x "$home/bin/uv" ]; then
        rm -rf "$home"
        PIP_CONFIG_FILE=/dev/null "$(find_python313)" -m pip install --quiet \
          --disable-pip-version-check --no-input --root-user-action=ignore --target "$home/lib" "uv==$UV_VERSION" >&2 &&
          mkdir -p "$home/bin" && ln -sf ../lib/bin/uv "$home/bin/uv" || {
          say "uv could not be installed; pip builds the environments instead (slower)"
          rm -rf "$home"
        }
      fi
    ) 9>"$SHELLDON_CACHE/uv.lock"
  fi
  [ -x "$home/bin/uv" ] && printf '%s\n' "$home/bin/uv"
}

# A lock names every package at one version, so it is installed as it stands (--no-deps): nothing
# is resolved, which on a first run saves the half minute of reading every package's metadata.
# make_venv PYTHON DIR LOCK: one installer at a time; a half-built one is rebuilt.
make_venv() {
  local python="$1" venv="$2" lock="$3" uv
  mkdir -p "$(dirname "$venv")"
  (
    flock 9
    if [ ! -f "$venv/.ready" ]; then
      say "preparing $venv (once: a minute or two)"
      local started=$SECONDS
      rm -rf "$venv"
      if uv="$(find_uv)"; then
        # The machine's own certificate store (it knows a package proxy's certificate).
        export UV_CACHE_DIR="$SHELLDON_CACHE/uv-cache" UV_NO_CONFIG=1 UV_SYSTEM_CERTS=1
        "$uv" venv --quiet --seed --python "$python" "$venv"
        "$uv" pip install --quiet --no-deps --python "$venv/bin/python" -r "$lock" >&2
      else
        "$python" -m venv "$venv"
        pip_install "$venv/bin/python" --no-deps -r "$lock"
      fi
      touch "$venv/.ready"
      say "prepared $(basename "$venv") in $((SECONDS - started)) s"
    fi
  ) 9>"$venv.lock"
}

ensure_minimum() {
  local lock="$SHELLDON_ROOT/requirements/minimum.lock"
  MINIMUM_VENV="$SHELLDON_CACHE/venv-minimum-$(hash_of "$lock")"
  make_venv "$(find_python313)" "$MINIMUM_VENV" "$lock"
}

# --- Python 3.14 (the current release) --------------------------------------------------------

# A python3.14 of this machine that is 3.14.2 or newer, if there is one.
native_python314() {
  local candidate
  for candidate in "${SHELLDON_PYTHON314:-}" "$(command -v python3.14 2>/dev/null || true)" \
      "$HOME"/.pyenv/versions/3.14.*/bin/python3.14 /usr/local/bin/python3.14 /usr/bin/python3.14; do
    [ -n "$candidate" ] && [ -x "$candidate" ] || continue
    if "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 14, 2))' 2>/dev/null; then
      printf '%s\n' "$candidate"
      return 0
    fi
  done
  return 1
}

no_python314() {
  say "Home Assistant 2026.11 needs Python 3.14.2 or newer, and this machine has none."
  say "Install python3.14 (3.14.2+) and run this again (or set SHELLDON_PYTHON314 to it); on a"
  say "Debian or Ubuntu machine, running this as root instead makes a private Debian testing root"
  say "with it under $SHELLDON_CACHE (about 2 minutes, once)."
  exit 1
}

# The private Debian testing root: made once, then reused (keyed by what it holds).
ensure_debian_root() {
  local key
  key="$(printf '%s\n' "$DEBIAN_SUITE" "$DEBIAN_PACKAGES" | sha256sum | cut -c1-12)"
  DEBIAN_ROOT="$SHELLDON_CACHE/debian-$DEBIAN_SUITE-$key"
  mkdir -p "$SHELLDON_CACHE"
  (
    flock 9
    if [ ! -f "$DEBIAN_ROOT/.ready" ]; then
      local started=$SECONDS
      say "making a private Debian $DEBIAN_SUITE root with Python 3.14 in $DEBIAN_ROOT"
      say "(once: about a minute; it is only ever used through chroot by these scripts)"
      if ! command -v debootstrap >/dev/null 2>&1; then
        say "installing debootstrap (Debian's package)"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >/dev/null 2>&1 || {
          apt-get update -q >/dev/null 2>&1 || true
          DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >/dev/null
        }
      fi
      rm -rf "$DEBIAN_ROOT"
      debootstrap --variant=minbase --include=ca-certificates "$DEBIAN_SUITE" "$DEBIAN_ROOT" \
        >"$SHELLDON_CACHE/debootstrap.log" 2>&1 || {
        say "debootstrap failed; see $SHELLDON_CACHE/debootstrap.log"
        exit 1
      }
      root_apt_install $DEBIAN_PACKAGES
      touch "$DEBIAN_ROOT/.ready"
      say "the Debian root is ready ($((SECONDS - started)) s)"
    fi
    local extra missing=""
    for extra in $DEBIAN_EXTRA; do
      [ -f "$DEBIAN_ROOT/.has-$extra" ] || missing="$missing $extra"
    done
    if [ -n "$missing" ]; then
      local added=$SECONDS
      say "adding$missing to the Debian root (once: about half a minute)"
      root_apt_install $missing
      say "added$missing in $((SECONDS - added)) s"
      for extra in $missing; do touch "$DEBIAN_ROOT/.has-$extra"; done
    fi
  ) 9>"$SHELLDON_CACHE/debian.lock"
}

# What has to be copied in before anything inside the root verifies a download: the host's name
# servers and its CA bundle (only the host's bundle knows the package proxy's certificate).
refresh_root_files() {
  cp /etc/resolv.conf "$DEBIAN_ROOT/etc/resolv.conf"
  mkdir -p "$DEBIAN_ROOT/etc/ssl/certs"
  cp /etc/ssl/certs/ca-certificates.crt "$DEBIAN_ROOT/etc/ssl/certs/ca-certificates.crt"
}

root_apt_install() {
  refresh_root_files
  local apt=(apt-get -o Acquire::Check-Valid-Until=false -y -q --no-install-recommends)
  in_root_raw "${apt[@]}" install "$@" >>"$SHELLDON_CACHE/debootstrap.log" 2>&1 || {
    in_root_raw "${apt[@]}" update >>"$SHELLDON_CACHE/debootstrap.log" 2>&1 || true
    in_root_raw "${apt[@]}" install "$@" >>"$SHELLDON_CACHE/debootstrap.log" 2>&1 || {
      say "could not install $* in the Debian root; see $SHELLDON_CACHE/debootstrap.log"
      exit 1
    }
  }
}

# in_root_raw CMD...: run CMD inside the root (as root), with /proc, /dev and /sys from the host
# and this repository at the same path; the mounts live in a namespace that ends with CMD.
in_root_raw() {
  local keep=(HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" DEBIAN_FRONTEND=noninteractive
    PATH="${ROOT_PATH:-/usr/local/bin:/usr/bin:/bin}")
  local name
  for name in $(compgen -e); do
    case "$name" in
      SHELLDON_* | ANTHROPIC_API_KEY | CI | PYTEST_ADDOPTS | TZ) keep+=("$name=${!name}") ;;
    esac
  done
  unshare --mount --propagation private -- /bin/bash -c '
    set -e
    root="$1"; repo="$2"; cwd="$3"; shift 3
    mount --rbind /proc "$root/proc"
    mount --rbind /dev "$root/dev"
    mount --rbind /sys "$root/sys"
    mkdir -p "$root$repo"
    mount --bind "$repo" "$root$repo"
    exec chroot "$root" /usr/bin/env -i -C "$cwd" "$@"
  ' in-root "$DEBIAN_ROOT" "$SHELLDON_ROOT" "${ROOT_CWD:-/}" "${keep[@]}" "$@"
}

# ensure_py314: sets PY314 (a python to make venvs with) and IN_ROOT (1 when it is the root's).
ensure_py314() {
  if PY314="$(native_python314)"; then
    IN_ROOT=0
    return 0
  fi
  if [ "$(id -u)" != 0 ] || [ ! -f /etc/debian_version ] || ! command -v unshare >/dev/null; then
    no_python314
  fi
  ensure_debian_root
  refresh_root_files
  PY314=/usr/bin/python3.14
  IN_ROOT=1
}

# ensure_py314_venv NAME: sets VENV_<NAME> to the venv's folder as the commands inside see it.
ensure_py314_venv() {
  local name="$1" lock="$SHELLDON_ROOT/requirements/$1.lock" venv
  venv="venvs/$name-$(hash_of "$lock")"
  if [ "$IN_ROOT" = 1 ]; then
    (
      flock 9
      if [ ! -f "$DEBIAN_ROOT/$venv/.ready" ]; then
        local started=$SECONDS uv
        say "preparing /$venv in the Debian root (once: a minute or two)"
        rm -rf "${DEBIAN_ROOT:?}/$venv"
        if uv="$(find_uv)"; then
          # The root's uv is the same binary; its cache lives inside the root, beside the
          # environments it links into (hard links do not cross mounts).
          cp "$uv" "$DEBIAN_ROOT/usr/local/bin/uv"
          local uv_env=(UV_CACHE_DIR=/var/cache/uv UV_NO_CONFIG=1 UV_SYSTEM_CERTS=1)
          in_root_raw "${uv_env[@]}" /usr/local/bin/uv venv --quiet --seed --python "$PY314" \
            "/$venv"
          in_root_raw "${uv_env[@]}" /usr/local/bin/uv pip install --quiet --no-deps \
            --python "/$venv/bin/python" -r "$lock" >&2
        else
          in_root_raw "$PY314" -m venv "/$venv"
          in_root_raw "/$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
            --no-input --no-deps -r "$lock" >&2
        fi
        touch "$DEBIAN_ROOT/$venv/.ready"
        say "prepared $name in $((SECONDS - started)) s"
      fi
    ) 9>"$DEBIAN_ROOT/venvs.lock"
    printf -v "VENV_${name^^}" '%s' "/$venv"
  else
    make_venv "$PY314" "$SHELLDON_CACHE/$venv" "$lock"
    printf -v "VENV_${name^^}" '%s' "$SHELLDON_CACHE/$venv"
  fi
}

# in_py314 VENV CMD...: run CMD (from the repository's folder) with VENV's bin first on PATH.
in_py314() {
  local venv="$1"
  shift
  if [ "$IN_ROOT" = 1 ]; then
    ROOT_PATH="$venv/bin:/usr/local/bin:/usr/bin:/bin" ROOT_CWD="$SHELLDON_ROOT" \
      in_root_raw VIRTUAL_ENV="$venv" "$@"
  else
    (cd "$SHELLDON_ROOT" && PATH="$venv/bin:$PATH" VIRTUAL_ENV="$venv" "$@")
  fi
}
