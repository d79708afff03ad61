"""Reading a text to check: bounded in size, strictly UTF-8, one clear error otherwise."""

from __future__ import annotations

from derive.errors import TextError
from derive.text.check import MAX_TEXT


def decode_text(data: bytes, name: str) -> str:
    """The text of `data`, or `TextError` saying what is wrong and where."""
    if len(data) > MAX_TEXT * 4:
        raise TextError(
            f"{name}: {len(data):,} bytes; a text to check is at most {MAX_TEXT:,} characters"
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise TextError(
            f"{name}:{line}: not UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start}); "
            "save the text as UTF-8"
        ) from None
    if len(text) > MAX_TEXT:
        raise TextError(
            f"{name}: {len(text):,} characters; a text to check is at most {MAX_TEXT:,}"
        )
    return text
