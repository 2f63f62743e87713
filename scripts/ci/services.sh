#!/usr/bin/env bash
# Installs and starts the services the tests use, from Debian's packages, on loopback only.
# Idempotent: a service already installed and running is left as it is. Prints the
# variables the tests read (eval "$(scripts/ci/services.sh)").
#   PostgreSQL → WEFT_TEST_PG_URL
#   MariaDB    → WEFT_TEST_MYSQL_URL
# Later services (Chromium) follow the same pattern: one ensure_* function each.
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

ensure_mariadb() {
  apt_install mariadb-server mariadb-client
  # Debian's configuration binds 127.0.0.1; the init script works without systemd.
  grep -q '^bind-address *= *127.0.0.1' /etc/mysql/mariadb.conf.d/50-server.cnf ||
    sed -i 's/^#\?bind-address.*/bind-address = 127.0.0.1/' /etc/mysql/mariadb.conf.d/50-server.cnf
  if ! mariadb-admin ping >/dev/null 2>&1; then
    log "starting MariaDB"
    /etc/init.d/mariadb start >&2
  fi
  for _ in $(seq 1 50); do
    mariadb-admin ping >/dev/null 2>&1 && break
    sleep 0.2
  done
  mariadb -e "CREATE USER IF NOT EXISTS 'weft'@'127.0.0.1' IDENTIFIED BY 'weft';
    CREATE DATABASE IF NOT EXISTS weft; GRANT ALL ON weft.* TO 'weft'@'127.0.0.1'; FLUSH PRIVILEGES;" >&2
  echo "export WEFT_TEST_MYSQL_URL=mysql://weft:weft@127.0.0.1:3306/weft"
}

ensure_postgres
ensure_mariadb
