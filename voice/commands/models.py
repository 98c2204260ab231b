"""``tabletop models list | download NAME | verify [NAME] | path [NAME]``.

Downloads resume (HTTP Range) from a ``.part`` file, show a progress bar,
check the SHA-256 where the manifest has one, unpack into a temporary folder
and move the model into place with one rename, so a half-finished download
never looks like a model. The game itself never downloads.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import urllib.error
import urllib.request
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import models
from voice.errors import UsageError, UserError

CHUNK_BYTES = 1 << 16


def register(sub: Any) -> None:
    p = sub.add_parser("models", help="list, download, verify or locate speech models")
    msub = p.add_subparsers(dest="action", metavar="ACTION")
    msub.required = True
    msub.add_parser("list", help="the models the app knows, and which are installed")
    d = msub.add_parser("download", help="fetch a model (resumable) and unpack it")
    d.add_argument("name", nargs="?", help="a model from `tabletop models list` (default: the default)")
    d.add_argument("--url", help="fetch from this mirror URL instead of the manifest's")
    d.add_argument("--dir", help="install into this folder (default: models/ or the user data folder)")
    d.add_argument("--timeout", type=float, default=20.0, help="network timeout in seconds")
    d.add_argument("--quiet", action="store_true", help="no progress bar")
    v = msub.add_parser("verify", help="check installed model folders: every file's checksum")
    v.add_argument("name", nargs="?", help="one model name or folder (default: all installed)")
    v.add_argument("--record", action="store_true",
                   help="for a model you unpacked yourself: if Vosk loads it, record its "
                        f"files' checksums ({models.CHECKSUMS}) so later checks compare them")
    pa = msub.add_parser("path", help="print the folder of the model the game would use")
    pa.add_argument("name", nargs="?", help="where this manifest model is or would be installed")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.action == "list":
        return _list()
    if args.action == "download":
        info = _info(args.name)
        target = Path(args.dir) if args.dir else models.install_dir()
        path = download(info, target, url=args.url, timeout_s=args.timeout,
                        progress=not args.quiet)
        print(f"installed {info.name} in {path}")
        return 0
    if args.action == "verify":
        return _verify(args.name, record=args.record)
    if args.action == "path":
        if args.name:
            info = _info(args.name)
            for d in models.search_dirs():
                if models.is_model_dir(d / info.name):
                    print(d / info.name)
                    return 0
            print(models.install_dir() / info.name)
            return 0
        found, why = models.locate_vosk_model()
        if found is None:
            raise UserError(why)
        print(found)
        return 0
    raise UsageError(f"unknown action {args.action!r}")


def _info(name: str | None) -> models.ModelInfo:
    if not name:
        return models.default_model()
    info = models.find(name)
    if info is None:
        names = ", ".join(m.name for m in models.manifest())
        raise UsageError(f"unknown model {name!r}; known: {names}")
    return info


def _list() -> int:
    have = {p.name: p for p in models.installed()}
    for m in models.manifest():
        size = f"{m.size_mb} MB" if m.size_mb else "size not published"
        mark = "installed " + str(have[m.name]) if m.name in have else "not installed"
        default = " (default)" if m.default else ""
        print(f"{m.name}{default}: {m.lang}, {size}; {mark}")
    for name, path in have.items():
        if models.find(name) is None:
            print(f"{name}: not in the manifest; installed {path}")
    env = os.environ.get(models.ENV_VAR)
    if env:
        print(f"{models.ENV_VAR}={env} overrides the above")
    return 0


def _verify(name: str | None, record: bool = False) -> int:
    """Each model folder: complete, and every file as recorded when it was unpacked.

    A folder with no record (unpacked by hand, or TABLETOP_VOSK_MODEL) is loaded
    by Vosk in a separate process instead: random contents under the right file
    names fail there, not in the middle of a game.
    """
    from voice.hearing.asr.vosk import check_model_dir, probe_load, supports_grammar

    if name:
        candidate = Path(name)
        if not candidate.is_dir():
            info = _info(name)
            found = [d / info.name for d in models.search_dirs() if (d / info.name).is_dir()]
            if not found:
                raise UserError(f"{info.name} is not installed; run `tabletop models download "
                                f"{info.name}`")
            candidate = found[0]
        paths = [candidate]
    else:
        paths = models.installed()
        env = os.environ.get(models.ENV_VAR)
        if env:
            paths.insert(0, Path(env))
        if not paths:
            raise UserError(models.locate_vosk_model()[1])
    bad = 0
    for p in paths:
        problems = check_model_dir(p)
        expected = models.read_checksums(p) if not problems else None
        if expected is not None:
            problems = models.checksum_problems(p, expected)
            how = f"{len(expected)} files match their checksums"
        elif not problems:
            failure = probe_load(p)
            if failure:
                problems = [f"Vosk cannot load it ({failure})"]
            elif record:
                models.write_checksums(p)
                how = f"Vosk loads it; checksums recorded in {models.CHECKSUMS}"
            else:
                how = (f"Vosk loads it; no checksum record ({models.CHECKSUMS}), so changes "
                       "to its files cannot be seen: `tabletop models verify --record` adds one")
        if problems:
            bad += 1
            print(f"{p}: broken: {'; '.join(problems)}; download it again "
                  "(`tabletop models download`)")
        else:
            grammar = "takes grammars" if supports_grammar(p) else "static graph, ignores grammars"
            print(f"{p}: ok ({grammar}; {how})")
    return 1 if bad else 0


# -- downloading ------------------------------------------------------------------------


def _network_error(url: str, exc: BaseException) -> UserError:
    host = urlparse(url).netloc or url
    reason = getattr(exc, "reason", exc)
    return UserError(f"cannot download from {host} ({reason}); check the network, or fetch "
                     f"{url} by hand, unzip it and set {models.ENV_VAR} to the folder")


def fetch(url: str, dest: Path, timeout_s: float = 20.0, progress: bool = True) -> Path:
    """Download ``url`` to ``dest``, resuming from ``dest.part`` when the server allows."""
    part = dest.with_name(dest.name + ".part")
    have = part.stat().st_size if part.exists() else 0
    req = urllib.request.Request(url, headers={"User-Agent": "tabletop-voice"})
    if have:
        req.add_header("Range", f"bytes={have}-")
    try:
        resp = urllib.request.urlopen(req, timeout=timeout_s)
    except urllib.error.HTTPError as exc:
        if exc.code == 416 and have:  # already complete
            part.replace(dest)
            return dest
        raise UserError(f"download failed: {url} answered HTTP {exc.code} {exc.reason}") from None
    except (TimeoutError, urllib.error.URLError, OSError) as exc:
        raise _network_error(url, exc) from None
    with resp:
        resumed = resp.status == 206
        if not resumed:
            have = 0
        length = resp.headers.get("Content-Length")
        total = have + int(length) if length and length.isdigit() else None
        bar = _bar(total, have, dest.name, progress)
        try:
            with open(part, "ab" if resumed else "wb") as f:
                while True:
                    block = resp.read(CHUNK_BYTES)
                    if not block:
                        break
                    f.write(block)
                    bar.update(len(block))
        except (TimeoutError, urllib.error.URLError, OSError) as exc:
            raise _network_error(url, exc) from None
        finally:
            bar.close()
    if total is not None and part.stat().st_size != total:
        raise UserError(f"download of {dest.name} stopped at {part.stat().st_size} of {total} "
                        "bytes; run the same command again to resume")
    part.replace(dest)
    return dest


def _bar(total: int | None, initial: int, name: str, enabled: bool) -> Any:
    from tqdm import tqdm
    return tqdm(total=total, initial=initial, unit="B", unit_scale=True, unit_divisor=1024,
                desc=name, disable=not enabled, leave=False)


def sha256_of(path: Path) -> str:
    return models.sha256_file(path)


def extract(zip_path: Path, target_dir: Path, name: str) -> Path:
    """Unpack into a temporary folder beside the target, then rename into place."""
    final = target_dir / name
    tmp = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=target_dir))
    try:
        try:
            with zipfile.ZipFile(zip_path) as z:
                for member in z.namelist():
                    dest = (tmp / member).resolve()
                    if not dest.is_relative_to(tmp.resolve()):
                        raise UserError(f"{zip_path.name} has an unsafe path {member!r}")
                broken = z.testzip()
                if broken is not None:
                    raise UserError(f"{zip_path.name}: {broken} is damaged (CRC check failed); "
                                    "delete the zip and download again")
                z.extractall(tmp)
        except zipfile.BadZipFile:
            raise UserError(f"{zip_path} is not a valid zip; delete it and download again") \
                from None
        entries = [p for p in tmp.iterdir() if not p.name.startswith("__MACOSX")]
        root = entries[0] if len(entries) == 1 and entries[0].is_dir() else tmp
        if not models.is_model_dir(root):
            raise UserError(f"{zip_path.name} does not contain a Vosk model (no am/final.mdl)")
        models.write_checksums(root)  # what the zip held, for `verify` and for loading
        if final.exists():
            shutil.rmtree(final)
        root.rename(final)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    return final


def download(info: models.ModelInfo, target_dir: Path, url: str | None = None,
             timeout_s: float = 20.0, progress: bool = True) -> Path:
    target_dir.mkdir(parents=True, exist_ok=True)
    src = url or info.url
    zip_path = target_dir / f"{info.name}.zip"
    fetch(src, zip_path, timeout_s, progress)
    digest = sha256_of(zip_path)
    if info.sha256 and digest != info.sha256.lower():
        zip_path.unlink()
        raise UserError(f"{zip_path.name}: SHA-256 {digest} does not match the manifest's "
                        f"{info.sha256}; the file was deleted, try again")
    if not info.sha256:
        print(f"{zip_path.name}: SHA-256 {digest} (no published checksum to compare)")
    path = extract(zip_path, target_dir, info.name)
    zip_path.unlink()
    return path
