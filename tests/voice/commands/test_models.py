"""models/: the manifest, where models are found, and `tabletop models` against a local
HTTP server (the Vosk site is out of reach here): resume, checksum, extract, verify."""

from __future__ import annotations

import hashlib
import http.server
import re
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import models
from voice.cli import main
from voice.commands import models as cmd
from voice.errors import UserError


def test_manifest_lists_both_models_default_first() -> None:
    entries = models.manifest()
    names = [m.name for m in entries]
    assert names == ["vosk-model-small-en-us-0.15", "vosk-model-en-us-0.22-lgraph"]
    assert entries[0].default and not entries[1].default
    for m in entries:
        assert m.url == f"https://alphacephei.com/vosk/models/{m.name}.zip"
        assert m.grammar and m.size_mb
        assert m.sha256 is None  # not published: none invented
    text = (Path(models.__file__).parent / "manifest.toml").read_text()
    assert text.count("not published") >= 2


def test_env_var_overrides_the_search(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    model = _model_dir(tmp_path / "mine")
    monkeypatch.setenv(models.ENV_VAR, str(model))
    assert models.locate_vosk_model() == (model, f"{models.ENV_VAR}={model}")
    monkeypatch.setenv(models.ENV_VAR, str(tmp_path / "nothing"))
    path, why = models.locate_vosk_model()
    assert path is None and "not a Vosk model folder" in why


def test_installed_models_are_found_in_the_search_folders(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(models.ENV_VAR, raising=False)
    monkeypatch.setattr(models, "search_dirs", lambda: [tmp_path])
    assert models.locate_vosk_model()[0] is None
    _model_dir(tmp_path / "vosk-model-en-us-0.22-lgraph")
    _model_dir(tmp_path / "vosk-model-small-en-us-0.15")
    found, why = models.locate_vosk_model()
    assert found == tmp_path / "vosk-model-small-en-us-0.15"  # the default first
    assert "vosk-model-small-en-us-0.15" in why


def test_model_folders_are_git_ignored() -> None:
    root = Path(models.__file__).resolve().parents[1]
    ignore = (root / ".gitignore").read_text()
    assert "/models/*/" in ignore


# -- downloading ----------------------------------------------------------------------


def _model_dir(path: Path) -> Path:
    (path / "am").mkdir(parents=True)
    (path / "am" / "final.mdl").write_bytes(b"acoustic model")
    (path / "conf").mkdir()
    (path / "conf" / "model.conf").write_text("--endpoint.rule2.min-trailing-silence=0.5\n")
    (path / "graph").mkdir()
    (path / "graph" / "HCLr.fst").write_bytes(b"x" * 50_000)
    (path / "graph" / "Gr.fst").write_bytes(b"y")
    return path


def _zip(tmp: Path, name: str) -> bytes:
    src = _model_dir(tmp / "src" / name)
    out = tmp / f"{name}.zip"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        for f in sorted(src.rglob("*")):
            z.write(f, f.relative_to(src.parent))
    return out.read_bytes()


class _Server:
    """Serves one body with HTTP Range support, like the model site does."""

    def __init__(self, body: bytes, ranges_ok: bool = True) -> None:
        self.body = body
        self.ranges: list[str | None] = []
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                rng = self.headers.get("Range")
                outer.ranges.append(rng)
                data, status = outer.body, 200
                m = re.fullmatch(r"bytes=(\d+)-", rng or "")
                if m and ranges_ok:
                    start = int(m.group(1))
                    if start >= len(outer.body):
                        self.send_response(416)
                        self.end_headers()
                        return
                    data, status = outer.body[start:], 206
                self.send_response(status)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/model.zip"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[_Server]:
    srv = _Server(_zip(tmp_path, "vosk-model-small-en-us-0.15"))
    yield srv
    srv.httpd.shutdown()
    srv.httpd.server_close()


def _info(sha: str | None = None) -> models.ModelInfo:
    return models.ModelInfo("vosk-model-small-en-us-0.15", "http://unused", 1, sha, "en-us",
                            True, True)


def test_download_extracts_into_place_atomically(server: _Server, tmp_path: Path) -> None:
    target = tmp_path / "models"
    path = cmd.download(_info(), target, url=server.url, progress=False)
    assert path == target / "vosk-model-small-en-us-0.15"
    assert models.is_model_dir(path)
    assert sorted(p.name for p in target.iterdir()) == ["vosk-model-small-en-us-0.15"]  # no temp, no zip


def test_download_resumes_a_partial_file(server: _Server, tmp_path: Path) -> None:
    target = tmp_path / "models"
    target.mkdir()
    half = len(server.body) // 2
    (target / "vosk-model-small-en-us-0.15.zip.part").write_bytes(server.body[:half])
    cmd.fetch(server.url, target / "vosk-model-small-en-us-0.15.zip", progress=False)
    assert server.ranges == [f"bytes={half}-"]
    assert (target / "vosk-model-small-en-us-0.15.zip").read_bytes() == server.body


def test_a_server_without_ranges_restarts_the_download(tmp_path: Path) -> None:
    srv = _Server(_zip(tmp_path, "m"), ranges_ok=False)
    try:
        dest = tmp_path / "m.zip"
        dest.with_name("m.zip.part").write_bytes(b"stale bytes from another file")
        cmd.fetch(srv.url, dest, progress=False)
        assert dest.read_bytes() == srv.body  # not appended to the stale part
    finally:
        srv.httpd.shutdown()
        srv.httpd.server_close()


def test_checksum_is_checked_when_known(server: _Server, tmp_path: Path) -> None:
    good = hashlib.sha256(server.body).hexdigest()
    assert models.is_model_dir(cmd.download(_info(good), tmp_path / "a", url=server.url,
                                            progress=False))
    with pytest.raises(UserError, match="does not match"):
        cmd.download(_info("0" * 64), tmp_path / "b", url=server.url, progress=False)
    assert not (tmp_path / "b" / "vosk-model-small-en-us-0.15").exists()
    assert not (tmp_path / "b" / "vosk-model-small-en-us-0.15.zip").exists()


def test_a_zip_without_a_model_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.zip"
    with zipfile.ZipFile(bad, "w") as z:
        z.writestr("readme.txt", "hello")
    with pytest.raises(UserError, match="does not contain a Vosk model"):
        cmd.extract(bad, tmp_path, "m")
    (tmp_path / "junk.zip").write_bytes(b"not a zip")
    with pytest.raises(UserError, match="not a valid zip"):
        cmd.extract(tmp_path / "junk.zip", tmp_path, "m")
    assert [p.name for p in tmp_path.iterdir() if p.is_dir()] == []


def test_cli_download_verify_list_and_path(server: _Server, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "models"
    monkeypatch.delenv(models.ENV_VAR, raising=False)
    monkeypatch.setattr(models, "search_dirs", lambda: [target])
    monkeypatch.setattr(models, "install_dir", lambda: target)
    assert main(["models", "download", "--url", server.url, "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "SHA-256" in out and "no published checksum" in out and "installed" in out
    assert (target / "vosk-model-small-en-us-0.15" / models.CHECKSUMS).is_file()
    assert main(["models", "verify"]) == 0
    assert "ok (takes grammars; 4 files match their checksums)" in capsys.readouterr().out
    (target / "vosk-model-small-en-us-0.15" / "conf" / "model.conf").write_text("changed\n")
    assert main(["models", "verify"]) == 1
    assert "broken: conf/model.conf has changed" in capsys.readouterr().out
    assert main(["models", "list"]) == 0
    assert "vosk-model-small-en-us-0.15 (default): en-us, 40 MB; installed" in \
        capsys.readouterr().out
    assert main(["models", "path"]) == 0
    assert capsys.readouterr().out.strip() == str(target / "vosk-model-small-en-us-0.15")
    (target / "vosk-model-small-en-us-0.15" / "am" / "final.mdl").unlink()
    assert main(["models", "verify", str(target / "vosk-model-small-en-us-0.15")]) == 1
    assert "broken: am/final.mdl missing" in capsys.readouterr().out


def test_no_network_is_one_plain_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = main(["models", "download", "--url", f"http://127.0.0.1:{port}/m.zip",
                 "--dir", str(tmp_path), "--timeout", "2", "--quiet"])
    err = capsys.readouterr().err
    assert code == 1
    assert err.count("\n") == 1 and "cannot download from 127.0.0.1" in err
    assert models.ENV_VAR in err and "Traceback" not in err


def test_unknown_model_name_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["models", "download", "vosk-model-klingon"]) == 2
    assert "known: vosk-model-small-en-us-0.15" in capsys.readouterr().err


def test_a_damaged_zip_is_refused_by_its_crc(tmp_path: Path) -> None:
    good = tmp_path / "good.zip"
    good.write_bytes(_zip(tmp_path, "m"))
    data = bytearray(good.read_bytes())
    at = data.index(b"acoustic model")  # a stored (uncompressed) member's bytes
    data[at] ^= 0xFF
    (tmp_path / "bad.zip").write_bytes(bytes(data))
    with pytest.raises(UserError, match="CRC check failed"):
        cmd.extract(tmp_path / "bad.zip", tmp_path, "m")
    assert not (tmp_path / "m").exists()


def _copy_model(src: Path, dest: Path) -> Path:
    """A copy of a model folder whose big files are hard links (changed only by replacing)."""
    import os
    import shutil
    shutil.copytree(src, dest, copy_function=os.link)
    return dest


@pytest.mark.slow
def test_verify_loads_a_model_with_no_record_and_records_it(
        korean_model: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy_model(korean_model, tmp_path / "ko")
    assert main(["models", "verify", str(folder)]) == 0
    assert "Vosk loads it; no checksum record" in capsys.readouterr().out
    assert main(["models", "verify", "--record", str(folder)]) == 0
    assert (folder / models.CHECKSUMS).is_file()
    assert main(["models", "verify", str(folder)]) == 0
    assert "files match their checksums" in capsys.readouterr().out.splitlines()[-1]
    mat = folder / "ivector" / "final.mat"
    body = bytearray(mat.read_bytes())
    body[100] ^= 0xFF
    mat.unlink()  # a new file: the hard-linked original stays as it was
    mat.write_bytes(bytes(body))
    assert main(["models", "verify", str(folder)]) == 1
    assert "broken: ivector/final.mat has changed" in capsys.readouterr().out


@pytest.mark.slow
def test_random_contents_under_the_right_names_are_broken(
        korean_model: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import random

    rng = random.Random(0)
    fake = tmp_path / "fake"
    for path in korean_model.rglob("*"):
        if path.is_file():
            dest = fake / path.relative_to(korean_model)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(path.read_bytes() if path.parent.name == "conf"
                             else rng.randbytes(2000))
    assert main(["models", "verify", str(fake)]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "broken: Vosk cannot load it" in out
    from voice.hearing.asr.vosk import VoskRecognizer
    with pytest.raises(UserError, match="could not load the model") as err:
        VoskRecognizer(fake)
    assert "\n" not in str(err.value)
