# Tablero in a container: slim Python, a non-root user, the SQLite file on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    TABLERO_DB_PATH=/data/tablero.db

WORKDIR /app
COPY pyproject.toml README.md ./
COPY games ./games
COPY words ./words
COPY render ./render
COPY storage ./storage
COPY ratings ./ratings
COPY bot ./bot
RUN pip install --no-cache-dir . \
    && useradd --create-home --uid 10001 tablero \
    && mkdir -p /data \
    && chown tablero:tablero /data

USER tablero
VOLUME ["/data"]
ENTRYPOINT ["tablero"]
# The bot; DISCORD_TOKEN (and DATABASE_URL or TABLERO_DB_PATH) come from the environment.
CMD ["run"]
