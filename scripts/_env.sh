# shellcheck shell=bash
# Sourced by scripts/run and scripts/test: finds Python 3.13, and prepares (once)
# a virtual environment outside the clone, keyed by a hash of requirements.txt.
set -euo pipefail

SHELLDON_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

find_python() {
  local candidate
  for candidate in "${SHELLDON_PYTHON:-}" "$(command -v python3.13 2>/dev/null || true)" \
      "$HOME"/.pyenv/versions/3.13.*/bin/python3.13 /usr/local/bin/python3.13 /usr/bin/python3.13; do
    [ -n "$candidate" ] && [ -x "$candidate" ] || continue
    if "$candidate" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 13))' 2>/dev/null; then
      printf '%s\n' "$candidate"
      return 0
    fi
  done
  echo "shelldon: Python 3.13 was not found (set SHELLDON_PYTHON to its path)" >&2
  return 1
}

ensure_env() {
  local python hash base
  python="$(find_python)"
  hash="$(sha256sum "$SHELLDON_ROOT/requirements.txt" | cut -c1-12)"
  base="${SHELLDON_VENV_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/shelldon}"
  SHELLDON_VENV="$base/venv-$hash"
  mkdir -p "$base"
  (
    # One installer at a time; a half-built environment (no .ready) is rebuilt.
    flock 9
    if [ ! -f "$SHELLDON_VENV/.ready" ]; then
      echo "shelldon: preparing $SHELLDON_VENV (the first run takes a few minutes)" >&2
      rm -rf "$SHELLDON_VENV"
      "$python" -m venv "$SHELLDON_VENV"
      "$SHELLDON_VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
        -r "$SHELLDON_ROOT/requirements.txt" >&2
      touch "$SHELLDON_VENV/.ready"
    fi
  ) 9>"$base/.lock"
  export PATH="$SHELLDON_VENV/bin:$PATH"
  export VIRTUAL_ENV="$SHELLDON_VENV"
}
