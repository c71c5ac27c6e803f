#!/usr/bin/env bash
# Start throw-away PostgreSQL servers on loopback for the storage tests; sourced by .ci/run.
# Installs the distribution's packages if the server is missing. Starts TABLERO_PG_SERVERS
# servers (default 1: one per parallel test worker, tests/conftest.py) on ports from
# TABLERO_PG_PORT (default 54329) up. Exports, for server k, TABLERO_TEST_DATABASE_URL_k and
# TABLERO_TEST_PG_CTL_k, a script that stops and starts that same server (`stop` fast, `start`
# with the same options, `freeze`/`thaw` every process of it with SIGSTOP/SIGCONT, `status`)
# for the outage tests; server 0's also as TABLERO_TEST_DATABASE_URL and TABLERO_TEST_PG_CTL.
# Stops every server when the calling shell exits.
set -euo pipefail

pg_bin=""
for candidate in /usr/lib/postgresql/*/bin; do
    [ -x "$candidate/initdb" ] && pg_bin=$candidate
done
if [ -z "$pg_bin" ]; then
    echo "== installing PostgreSQL from the distribution's packages"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq postgresql > /dev/null
    for candidate in /usr/lib/postgresql/*/bin; do
        [ -x "$candidate/initdb" ] && pg_bin=$candidate
    done
fi
[ -n "$pg_bin" ] || { echo "PostgreSQL is not available" >&2; exit 1; }

pg_user=postgres
id "$pg_user" > /dev/null 2>&1 || useradd --system --no-create-home "$pg_user"
as_pg() { runuser -u "$pg_user" -- "$@"; }
pg_stops=""

# One server: its data directory, its control script, started, its database made; exported.
start_pg_server() {
    local index=$1 pg_port=$2 pg_dir pg_ctl_script
    pg_dir=$(mktemp -d /tmp/tablero-pg.XXXXXX)
    chown "$pg_user" "$pg_dir"
    as_pg "$pg_bin/initdb" -D "$pg_dir/data" -U tablero --auth=trust > "$pg_dir/initdb.log"
    # The one way this server is stopped and started, here and by the outage tests (an outage
    # test stops it and always starts it again: the rest of its worker's tests need it).
    pg_ctl_script=$pg_dir/pg-ctl
    cat > "$pg_ctl_script" <<SCRIPT
#!/usr/bin/env bash
# Usage: $pg_ctl_script stop|start|freeze|thaw|status — this test server only (written by
# .ci/postgres.sh).
set -euo pipefail
ctl() { runuser -u $pg_user -- $pg_bin/pg_ctl -D $pg_dir/data "\$@"; }
# Every process of the server (its postmaster and backends), to freeze or thaw: a hung server.
signal() {
    [ -f $pg_dir/data/postmaster.pid ] || return 0
    pid=\$(head -1 $pg_dir/data/postmaster.pid)
    kids=\$(cat /proc/"\$pid"/task/*/children 2> /dev/null || true)
    kill -"\$1" "\$pid" \$kids 2> /dev/null || true
}
case "\${1:-}" in
    stop) signal CONT; ctl -m fast -w stop > /dev/null ;;
    start) signal CONT; ctl status > /dev/null || ctl -l $pg_dir/server.log -w \\
        -o "-c listen_addresses=127.0.0.1 -p $pg_port -k $pg_dir -c fsync=off" start > /dev/null ;;
    freeze) signal STOP ;;
    thaw) signal CONT ;;
    status) ctl status > /dev/null ;;
    *) echo "usage: \$0 stop|start|freeze|thaw|status" >&2; exit 2 ;;
esac
SCRIPT
    chmod 755 "$pg_ctl_script"
    "$pg_ctl_script" start
    pg_stops="$pg_stops runuser -u $pg_user -- $pg_bin/pg_ctl -D $pg_dir/data -m immediate stop > /dev/null 2>&1 || true;"
    # shellcheck disable=SC2064
    trap "$pg_stops" EXIT
    as_pg "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U tablero tablero_test
    export "TABLERO_TEST_DATABASE_URL_$index=postgresql://tablero@127.0.0.1:$pg_port/tablero_test"
    export "TABLERO_TEST_PG_CTL_$index=$pg_ctl_script"
    echo "== PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$pg_port"
}

pg_first_port=${TABLERO_PG_PORT:-54329}
for ((pg_index = 0; pg_index < ${TABLERO_PG_SERVERS:-1}; pg_index++)); do
    start_pg_server "$pg_index" $((pg_first_port + pg_index))
done
export TABLERO_TEST_DATABASE_URL=$TABLERO_TEST_DATABASE_URL_0
export TABLERO_TEST_PG_CTL=$TABLERO_TEST_PG_CTL_0
