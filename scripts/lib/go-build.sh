# Shared by the build-*.sh scripts (source it): building one tool from a
# wrapper Go module into a cache directory, atomically.

# ensure_go <what needs it>: puts Go's standard install on PATH when `go` is
# missing there; fails with a message naming what needs it when there is no Go.
ensure_go() {
  if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
    export PATH="$PATH:/usr/local/go/bin"
  fi
  if ! command -v go >/dev/null 2>&1; then
    echo "$1" >&2
    return 1
  fi
}

# go_build_into <wrapper module dir> <output binary> <main package> <ldflags> [extra go build flags...]:
# builds with CGO off, read-only modules and -trimpath into a temporary file
# beside the output, then renames it into place (so a stopped build leaves
# no half-written binary). Build output goes to stderr.
go_build_into() {
  local wrapper="$1" out="$2" main="$3" ldflags="$4"
  shift 4
  local tmp
  tmp="$(mktemp "$(dirname "$out")/.$(basename "$out").XXXXXX")"
  if ! (cd "$wrapper" && CGO_ENABLED=0 go build -mod=readonly -trimpath "$@" -ldflags "$ldflags" -o "$tmp" "$main") >&2; then
    rm -f "$tmp"
    return 1
  fi
  chmod 0755 "$tmp"
  mv -f "$tmp" "$out"
}
