"""``read_text``: a regular file up to its cap, read at once; anything else one ``ConfigError`` line naming it."""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

import pytest

from deckhand.core import files
from deckhand.core.errors import ConfigError, file_token, quote, shown_path
from deckhand.core.files import GAME_FILE_LIMIT, read_text, size_text


def refused(path: object, match: str, **kwargs: int) -> str:
    with pytest.raises(ConfigError, match=match) as info:
        read_text(path, what="deck file", **kwargs)  # type: ignore[arg-type]
    message = str(info.value)
    assert "\n" not in message and len(message) < 300, message
    return message


def test_a_regular_file_is_read_and_a_bom_dropped(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(b"\xef\xbb\xbfSA\r\nH9\n")
    assert read_text(path) == "SA\r\nH9\n"
    assert read_text(str(path)) == "SA\r\nH9\n"


def test_a_link_to_a_regular_file_is_a_regular_file(tmp_path: Path) -> None:
    (tmp_path / "deck.txt").write_text("SA\n")
    (tmp_path / "link.txt").symlink_to(tmp_path / "deck.txt")
    assert read_text(tmp_path / "link.txt") == "SA\n"


def test_a_file_of_exactly_the_cap_is_read_and_one_byte_more_is_not(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(b"x" * 100)
    assert len(read_text(path, limit=100)) == 100
    path.write_bytes(b"x" * 101)
    assert refused(path, "larger than 100 bytes", limit=100).startswith(str(path))


def test_the_default_cap_is_one_mebibyte(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    with path.open("wb") as handle:
        handle.truncate(GAME_FILE_LIMIT + 1)
    refused(path, "cannot read deck file: larger than 1 MiB")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_a_device_is_refused_before_it_is_read() -> None:
    refused("/dev/zero", r"^/dev/zero: cannot read deck file: not a regular file \(a device\)$")


def test_a_directory_is_refused(tmp_path: Path) -> None:
    refused(tmp_path, r"not a regular file \(a directory\)")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_at_once_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "deck.txt"
    os.mkfifo(fifo)
    outcome: list[BaseException] = []

    def read() -> None:
        try:
            read_text(fifo)
        except BaseException as exc:
            outcome.append(exc)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(5)
    if reader.is_alive():  # a regression: release the reader (a writer's open unblocks it), then fail
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(5)
        pytest.fail("reading a FIFO waited for a writer")
    assert isinstance(outcome[0], ConfigError), outcome
    assert str(outcome[0]).endswith("not a regular file (a FIFO)")


def test_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(b"SA\n\xff\xfe\n")
    refused(path, "not UTF-8 text$")


def test_a_missing_file_and_a_name_the_system_refuses(tmp_path: Path) -> None:
    refused(tmp_path / "missing.txt", "cannot read deck file: no such file or directory")
    refused(f"{tmp_path}/a\x00b", "not a file name")
    refused(tmp_path / ("x" * 5000), "file name too long")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any file")
def test_a_file_that_may_not_be_read(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("SA\n")
    path.chmod(0)
    refused(path, "cannot read deck file: permission denied")


def test_a_file_the_system_will_not_open_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("SA\n")

    def denied(*_args: object, **_kwargs: object) -> int:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(files.os, "open", denied)  # what a file of mode 000 gives anyone but root
    refused(path, "cannot read deck file: permission denied$")


def test_a_name_with_a_line_break_is_shown_on_one_line(tmp_path: Path) -> None:
    message = refused(tmp_path / "a\nb.txt", "no such file")
    assert "a\\nb.txt" in message
    assert shown_path("x" * 500).startswith("…") and len(shown_path("x" * 500)) == 100


def test_a_word_of_a_file_is_shown_only_when_short() -> None:
    assert file_token("SZ") == "'SZ'"
    assert file_token("hunter2") == "a word of 7 characters"
    assert "hunter2" not in file_token("DB_PASSWORD=hunter2-very-secret")


def test_a_value_without_a_repr_is_still_quoted() -> None:
    class NoRepr:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert quote(10**5000) == "<int>"
    assert quote(NoRepr()).startswith("<NoRepr")
    assert quote(list(range(10**6))).startswith("[0, 1, 2")


def test_sizes_are_written_in_the_largest_whole_unit() -> None:
    assert [size_text(n) for n in (1 << 20, 16 << 20, 64 << 10, 1000)] == ["1 MiB", "16 MiB", "64 KiB", "1000 bytes"]
