"""`tablero demo`: one computer match of each game, written out as the images players see."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot.cli import main
from bot.demo import run_demo
from render import kero


def test_the_demo_writes_every_game_s_images_and_results(tmp_path: Path) -> None:
    written = run_demo(tmp_path, every=6, seed="test")
    folders = {path.parent.name for path in written}
    assert folders == {"kero", "keer-kids"}
    for game in folders:
        names = sorted(p.name for p in written if p.parent.name == game)
        assert "results.png" in names
        assert len(names) >= 3, names
    for path in written:
        with Image.open(io.BytesIO(path.read_bytes())) as image:
            assert image.format == "PNG" and image.width >= 390  # at least a phone's width
            if path.parent.name == "kero" and path.name != "results.png":
                assert image.height == kero.HEIGHT  # the whole board, not the table alone


def test_every_n_turns_writes_fewer_images(tmp_path: Path) -> None:
    every_turn = run_demo(tmp_path / "a", every=1, seed="test")
    every_fifth = run_demo(tmp_path / "b", every=5, seed="test")
    assert len(every_fifth) < len(every_turn)


def test_the_command_says_where_the_images_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "--out", str(tmp_path), "--every", "10"]) == 0
    out = capsys.readouterr().out
    assert "one computer-only match of each game" in out
    assert str(tmp_path / "kero") in out and str(tmp_path / "keer-kids") in out
    assert (tmp_path / "kero" / "results.png").is_file()


def test_an_unwritable_folder_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["demo", "--out", str(blocker / "sub")]) == 2
    assert "cannot write the images to" in capsys.readouterr().err


def test_names_given_are_drawn_in_place_of_the_computers(tmp_path: Path) -> None:
    mine = run_demo(tmp_path / "mine", every=1000, seed="test", names=["Mika 美香 🦁", "سارة"])
    theirs = run_demo(tmp_path / "theirs", every=1000, seed="test")
    assert [p.relative_to(tmp_path / "mine") for p in mine] == [
        p.relative_to(tmp_path / "theirs") for p in theirs
    ]
    named = [  # the images that show names (Kero's board shows only its clans)
        (a, b) for a, b in zip(mine, theirs, strict=True) if "keer" in str(a) or "results" in a.name
    ]
    assert len(named) >= 3
    for a, b in named:  # the same matches with other names: other pixels
        assert a.read_bytes() != b.read_bytes(), a


@pytest.mark.parametrize("names", ["", "Ana,,Bo", "a,b,c,d,e", "x" * 33])
def test_names_that_no_seat_could_have_are_refused(
    names: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["demo", "--names", names])
    assert exit_.value.code == 2 and "--names" in capsys.readouterr().err


@pytest.mark.parametrize("locale", ["es", "nl"])
def test_the_demo_draws_its_images_in_the_language_asked_for(
    tmp_path: Path, locale: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["demo", "--out", str(tmp_path / locale), "--every", "1000", "--locale", locale]) == 0
    )
    english = run_demo(tmp_path / "en", every=1000, seed="demo")
    translated = sorted((tmp_path / locale).rglob("*.png"))
    assert [p.relative_to(tmp_path / locale) for p in translated] == [
        p.relative_to(tmp_path / "en") for p in sorted(english)
    ]
    for ours, theirs in zip(translated, sorted(english), strict=True):  # every image has words
        assert ours.read_bytes() != theirs.read_bytes(), ours


def test_a_language_tablero_does_not_speak_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["demo", "--locale", "fr"])
    assert exit_.value.code == 2 and "--locale" in capsys.readouterr().err
