# Tablero in a container: slim Python, a non-root user, the SQLite file (if any) on /data.
# docs/deploy.md; CI rebuilds this recipe without a daemon (.ci/image-context).

# Stage 1: the wheel, built from the whole build context (`COPY . .`, minus .dockerignore), so a
# new package or data file is in it unless pyproject.toml or .dockerignore leaves it out.
FROM python:3.11-slim AS wheel
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore
WORKDIR /src
COPY . .
RUN pip wheel --no-deps --wheel-dir /wheels .

# Stage 2: the image. It holds the installed package only, not the source, so what runs is
# exactly what the wheel ships (no checkout on sys.path to hide a missing data file).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_ROOT_USER_ACTION=ignore \
    TABLERO_DB_PATH=/data/tablero.db \
    TABLERO_HTTP_PORT=8080

# PID 1 is tini. `tablero run` installs its SIGTERM/SIGINT handlers (bot/run.py) only once the
# database is open, and restores the defaults while it closes it; a PID 1 without a handler
# ignores SIGTERM, so `docker stop` would wait for SIGKILL in those moments. tini forwards the
# signal to tablero (default action before the handlers: stop at once; with them: the orderly
# shutdown, exit 0) and reaps orphans. It is in the image, not `docker run --init`, because
# Kubernetes has no --init.
RUN apt-get update \
    && apt-get install -y --no-install-recommends tini \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --gid 10001 tablero \
    && useradd --uid 10001 --gid 10001 --create-home tablero \
    && mkdir -p /data \
    && chown 10001:10001 /data

# The dependencies, in a layer of their own: rebuilt only when pyproject.toml changes.
COPY pyproject.toml /tmp/pyproject.toml
RUN python -c "import tomllib; print(*tomllib.load(open('/tmp/pyproject.toml', 'rb'))['project']['dependencies'], sep='\n')" > /tmp/requirements.txt \
    && pip install -r /tmp/requirements.txt \
    && rm /tmp/requirements.txt /tmp/pyproject.toml

# Tablero itself (its fonts and catalogs are package data, inside the wheel).
COPY --from=wheel /wheels /tmp/wheels
RUN pip install --no-deps /tmp/wheels/*.whl && rm -rf /tmp/wheels

# A numeric user, so Kubernetes' runAsNonRoot can check it.
USER 10001:10001
WORKDIR /data
VOLUME ["/data"]
# /healthz and /metrics (Prometheus); TABLERO_HTTP_PORT=… moves them, TABLERO_HTTP_HOST binds.
EXPOSE 8080
STOPSIGNAL SIGTERM
# 200 once the bot is ready, 503 while it is not; no curl in a slim image, so Python's urllib.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % (os.environ.get('TABLERO_HTTP_PORT') or '8080'), timeout=4)"]
ENTRYPOINT ["/usr/bin/tini", "--", "tablero"]
# The bot; DISCORD_TOKEN (and DATABASE_URL) come from the environment, never from the image.
CMD ["run"]
