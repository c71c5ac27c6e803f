"""What `tablero run` does to the process's memory (bot/memory.py): freed image-sized buffers go
back to the system at the next trim, even after a bigger buffer raised glibc's mmap threshold;
what start-up made is exempt from garbage collection once the bot is ready."""

from __future__ import annotations

import asyncio
import gc
import io
import signal
import subprocess
import sys

import pytest

from bot import memory
from bot import run as tablero_run
from tests.bot.conftest import Server, recorded_bots

FRAGMENTS = """
import sys
from bot.memory import trim
def rss_mb():
    return int(open("/proc/self/status").read().split("VmRSS:")[1].split()[0]) / 1024
big = bytearray(8 << 20); del big  # glibc's threshold now says: below 8 MB, from the heap
kept, buffers = [], []
for _ in range(400):
    buffers.append(bytearray(150_000))  # a rendered image's buffer...
    kept.append(bytearray(2_000))  # ...and something that outlives it, beside it
before = rss_mb()
buffers.clear()
if sys.argv[1] == "trimmed":
    assert trim()
print(before - rss_mb())
"""

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc")


def given_back_mb(mode: str) -> float:
    """MB of 60 MB of freed 150 KB buffers the process gave back to the system."""
    done = subprocess.run(
        [sys.executable, "-c", FRAGMENTS, mode], capture_output=True, text=True, check=True
    )
    return float(done.stdout)


@linux_only
def test_a_trim_gives_freed_image_buffers_back_to_the_system() -> None:
    assert given_back_mb("trimmed") > 45


async def test_the_bot_trims_every_so_often(monkeypatch: pytest.MonkeyPatch) -> None:
    trims: list[int] = []
    monkeypatch.setattr(memory, "trim", lambda: trims.append(1) or True)
    task = asyncio.create_task(memory.trim_forever(every_s=0.01))
    await asyncio.sleep(0.2)
    task.cancel()
    assert len(trims) >= 3


@linux_only
def test_two_arenas_unless_the_host_tuned_malloc_itself() -> None:
    assert memory.tune_allocator({}) is True
    assert memory.tune_allocator({"MALLOC_ARENA_MAX": "4"}) is False
    assert memory.tune_allocator({"MALLOC_MMAP_THRESHOLD_": "131072"}) is False


def test_freezing_exempts_what_is_alive_from_collection_and_spaces_young_collections() -> None:
    before, thresholds = gc.get_freeze_count(), gc.get_threshold()
    try:
        memory.freeze_startup_objects()
        assert gc.get_freeze_count() > before
        assert gc.get_threshold() == (memory.YOUNG_THRESHOLD, *thresholds[1:])
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def test_the_collector_is_paused_inside_and_left_as_it_was_after() -> None:
    assert gc.isenabled()
    with pytest.raises(RuntimeError), memory.collector_paused():
        assert not gc.isenabled()
        raise RuntimeError("a rebuild that failed")
    assert gc.isenabled(), "back on, even after an error"
    gc.disable()
    try:
        with memory.collector_paused():
            pass
        assert not gc.isenabled(), "off before: still off"
    finally:
        gc.enable()


async def test_tablero_run_freezes_start_up_once_the_bot_is_ready(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`run` serves with `freeze=True`: at the first on_ready, not before (the rebuilt matches
    are made in setup_hook), and the bot runs on."""
    made, thresholds = recorded_bots(monkeypatch), gc.get_threshold()
    gc.unfreeze()
    async with server.fake.loopback():
        serving = asyncio.create_task(
            tablero_run.serve(server.config(), "fake-token", io.StringIO(), freeze=True)
        )
        try:
            for _ in range(500):
                if made and made[0].is_ready() and gc.get_freeze_count():
                    break
                await asyncio.sleep(0.02)
            assert made and made[0].is_ready() and gc.get_freeze_count() > 0
            signal.raise_signal(signal.SIGTERM)
            assert await asyncio.wait_for(serving, 5) == 0
        finally:
            gc.unfreeze()
            gc.set_threshold(*thresholds)
            serving.cancel()
            await asyncio.gather(serving, return_exceptions=True)
