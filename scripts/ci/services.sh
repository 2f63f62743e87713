#!/usr/bin/env bash
# Installs and starts the services the tests use, from Debian's packages, on loopback only.
# Idempotent: a service already installed and running is left as it is. Prints the
# variables the tests read (eval "$(scripts/ci/services.sh)").
#   PostgreSQL → WEFT_TEST_PG_URL
# Later services (MariaDB, Chromium) follow the same pattern: one ensure_* function each.
set -euo pipefail

log() { echo "services: $*" >&2; }

APT_UPDATED=""
apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ -z "$APT_UPDATED" ]; then
    log "apt-get update"
    apt-get update -qq >&2
    APT_UPDATED=1
  fi
  log "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

ensure_postgres() {
  apt_install postgresql postgresql-client
  local version cluster
  version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
  cluster=main
  if ! pg_lsclusters -h 2>/dev/null | awk '{print $1" "$2}' | grep -qx "$version $cluster"; then
    pg_createcluster "$version" "$cluster" >&2
  fi
  # Loopback only.
  sed -i "s/^#\?listen_addresses.*/listen_addresses = '127.0.0.1'/" "/etc/postgresql/$version/$cluster/postgresql.conf"
  if ! pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1==v && $2==c {print $4}' | grep -q online; then
    log "starting PostgreSQL $version"
    pg_ctlcluster "$version" "$cluster" start >&2
  fi
  local port
  port=$(pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1==v && $2==c {print $3}')
  for _ in $(seq 1 50); do
    pg_isready -q -h 127.0.0.1 -p "$port" && break
    sleep 0.2
  done
  su postgres -c "psql -q -p $port -tAc \"SELECT 1 FROM pg_roles WHERE rolname='weft'\"" | grep -q 1 ||
    su postgres -c "psql -q -p $port -c \"CREATE ROLE weft LOGIN CREATEDB PASSWORD 'weft'\"" >&2
  su postgres -c "psql -q -p $port -tAc \"SELECT 1 FROM pg_database WHERE datname='weft'\"" | grep -q 1 ||
    su postgres -c "psql -q -p $port -c 'CREATE DATABASE weft OWNER weft'" >&2
  echo "export WEFT_TEST_PG_URL=postgres://weft:weft@127.0.0.1:$port/weft"
}

ensure_postgres
