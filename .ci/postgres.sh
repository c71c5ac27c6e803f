#!/usr/bin/env bash
# Start a throw-away PostgreSQL on loopback for the storage tests; sourced by .ci/run.
# Installs the distribution's packages if the server is missing. Exports
# TABLERO_TEST_DATABASE_URL and TABLERO_TEST_PG_CTL, a script that stops and starts this same
# server (`stop` fast, `start` with the same options, `freeze`/`thaw` every process of it with
# SIGSTOP/SIGCONT, `status`) for the outage tests, and stops
# the server when the calling shell exits.
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
pg_dir=$(mktemp -d /tmp/tablero-pg.XXXXXX)
chown "$pg_user" "$pg_dir"
pg_port=${TABLERO_PG_PORT:-54329}
as_pg() { runuser -u "$pg_user" -- "$@"; }

as_pg "$pg_bin/initdb" -D "$pg_dir/data" -U tablero --auth=trust > "$pg_dir/initdb.log"
# The one way this server is stopped and started, here and by the outage tests (an outage test
# stops it and always starts it again: the rest of the suite needs it; pytest runs serially).
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
trap 'runuser -u '"$pg_user"' -- '"$pg_bin"'/pg_ctl -D '"$pg_dir"'/data -m immediate stop > /dev/null 2>&1 || true' EXIT
as_pg "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U tablero tablero_test
export TABLERO_TEST_DATABASE_URL="postgresql://tablero@127.0.0.1:$pg_port/tablero_test"
export TABLERO_TEST_PG_CTL="$pg_ctl_script"
echo "== PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$pg_port"
