"""The reader's settings: in the user config folder, moved once from the data folder, where
older versions kept them; a bad or unreadable file is just no settings, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import platformdirs
import pytest

from scorekeeper.services import settings


@pytest.fixture
def config(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "config"
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(folder))
    return folder


@pytest.fixture
def data(tmp_path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


def test_the_config_folder_is_the_users_unless_told(tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_CONFIG")
    monkeypatch.delenv("SCOREKEEPER_HOME", raising=False)
    expected = platformdirs.user_config_path("scorekeeper", appauthor=False)
    assert settings.config_root() == expected
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    assert settings.config_root() == tmp_path / "home" / "config"
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(tmp_path / "elsewhere"))
    assert settings.config_root() == tmp_path / "elsewhere"


def test_saved_settings_are_merged_and_read_back(config, data):
    assert settings.load(data) == {}
    assert settings.save(data, lang="ja")
    assert settings.save(data, theme="nord")
    assert settings.load(data) == {"lang": "ja", "theme": "nord"}
    assert json.loads((config / "settings.json").read_text()) == {"lang": "ja", "theme": "nord"}
    assert not (data / "settings.json").exists()  # never in the data folder


def test_old_settings_are_moved_once_from_the_data_folder(config, data):
    (data / "settings.json").write_text('{"lang": "ja"}', encoding="utf-8")
    assert settings.load(data) == {"lang": "ja"}
    assert json.loads((config / "settings.json").read_text()) == {"lang": "ja"}
    assert not (data / "settings.json").exists()
    assert json.loads((data / settings.MIGRATED).read_text()) == {"lang": "ja"}  # kept
    # read once: a settings file that turns up in the data folder again is not read
    (data / "settings.json").write_text('{"lang": "en"}', encoding="utf-8")
    assert settings.load(data) == {"lang": "ja"}
    assert settings.save(data, theme="nord")
    assert settings.load(data) == {"lang": "ja", "theme": "nord"}
    assert (data / "settings.json").read_text() == '{"lang": "en"}'  # left alone


@pytest.mark.parametrize(
    "content",
    [b"{not json", b'["a list"]', b"\xff\xfe garbage", b""],
    ids=["not-json", "not-an-object", "not-utf8", "empty"],
)
def test_a_bad_old_file_is_ignored_and_left_alone(config, data, content):
    (data / "settings.json").write_bytes(content)
    assert settings.load(data) == {}
    assert (data / "settings.json").read_bytes() == content
    assert settings.save(data, lang="en")
    assert settings.load(data) == {"lang": "en"}
    assert (data / "settings.json").read_bytes() == content


def test_an_unreadable_old_file_is_ignored(config, data):
    (data / "settings.json").mkdir()  # a folder where the file should be: cannot be read
    assert settings.load(data) == {}


def test_a_bad_new_file_is_no_settings_and_the_old_is_not_read_again(config, data):
    config.mkdir()
    (config / "settings.json").write_text("][", encoding="utf-8")
    (data / "settings.json").write_text('{"lang": "ja"}', encoding="utf-8")
    assert settings.load(data) == {}
    assert settings.save(data, lang="en")  # written over with good settings
    assert settings.load(data) == {"lang": "en"}


def test_a_config_folder_that_cannot_be_written_is_said_by_save(tmp_path, monkeypatch, data):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(blocker / "config"))
    (data / "settings.json").write_text('{"lang": "ja"}', encoding="utf-8")
    assert settings.load(data) == {"lang": "ja"}  # still used for this run
    assert (data / "settings.json").exists()  # not moved: the new file could not be written
    assert settings.save(data, lang="en") is False


def test_the_command_line_takes_the_language_from_the_moved_settings(tmp_path, monkeypatch):
    from scorekeeper import messages
    from scorekeeper.cli.main import main

    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text('{"lang": "ja"}', encoding="utf-8")
    monkeypatch.delenv("SCOREKEEPER_CONFIG")
    monkeypatch.delenv("SCOREKEEPER_LANG", raising=False)
    monkeypatch.setenv("SCOREKEEPER_HOME", str(home))
    assert main(["list"]) == 0
    assert messages.language() == "ja"
    assert json.loads((home / "config" / "settings.json").read_text()) == {"lang": "ja"}
    assert (home / settings.MIGRATED).exists()
