from pathlib import Path

import pytest

from schema.errors import CatalogError
from schema.yaml_source import read_located


def write(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "f.yaml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_scalars_stay_as_written(tmp_path: Path) -> None:
    # YAML 1.1 would read these as False, a string, 15 and a date.
    doc = read_located(write(tmp_path, "a: no\nb: 1e3\nc: 017\nd: 2025-04-09\ne: 7.37\n"), "f.yaml")
    assert doc.data == {"a": "no", "b": "1e3", "c": "017", "d": "2025-04-09", "e": "7.37"}


def test_explicit_nulls_are_none_but_quoted_null_is_text(tmp_path: Path) -> None:
    doc = read_located(write(tmp_path, "a: ~\nb:\nc: 'null'\n"), "f.yaml")
    assert doc.data == {"a": None, "b": None, "c": "null"}


def test_lines_are_kept_per_key_and_item(tmp_path: Path) -> None:
    doc = read_located(write(tmp_path, "facts:\n  - id: a\n    value: 1\n  - id: b\n"), "f.yaml")
    assert doc.line(("facts", 0, "value")) == 3
    assert doc.line(("facts", 1)) == 4
    assert doc.line(("facts", 1, "missing")) == 4


def test_duplicate_keys_are_refused_with_their_line(tmp_path: Path) -> None:
    with pytest.raises(CatalogError) as caught:
        read_located(write(tmp_path, "facts:\n  - id: a\n    id: b\n"), "f.yaml")
    assert str(caught.value).startswith("f.yaml:3: facts[0].id: this key is given twice")


def test_non_utf8_names_the_line(tmp_path: Path) -> None:
    with pytest.raises(CatalogError) as caught:
        read_located(write(tmp_path, b"a: 1\nb: caf\xe9\n"), "f.yaml")
    assert str(caught.value) == "f.yaml:2: byte 0xe9 is not UTF-8; save the file as UTF-8"
