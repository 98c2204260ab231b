"""Where speech models live, and what ``models/manifest.toml`` says about them.

Search order for a Vosk model: ``TABLETOP_VOSK_MODEL`` (a model folder), then
this ``models/`` folder when running from a checkout, then the user data
folder (platformdirs). The manifest ships as package data, so an installed
wheel knows the same models. Nothing here downloads anything.
"""

from __future__ import annotations

import hashlib
import os
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

ENV_VAR = "TABLETOP_VOSK_MODEL"
APP_NAME = "tabletop-voice"


@dataclass(frozen=True)
class ModelInfo:
    """One downloadable model from the manifest."""

    name: str
    url: str
    size_mb: int | None
    """Published download size (megabytes, approximate), None when not published."""
    sha256: str | None
    """Published SHA-256 of the zip, None when not published."""
    lang: str
    grammar: bool
    """Whether it accepts runtime grammars (has HCLr.fst + Gr.fst)."""
    default: bool
    note: str = ""


def _manifest_data(text: str | None = None) -> dict[str, Any]:
    """The manifest, parsed: ``text`` when given (tests), else the shipped manifest.toml."""
    if text is None:
        text = resources.files(__name__).joinpath("manifest.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def manifest(text: str | None = None) -> list[ModelInfo]:
    """The manifest's models, the default first."""
    data = _manifest_data(text)
    out = []
    for name, entry in data.get("model", {}).items():
        out.append(ModelInfo(name=name, url=entry["url"], size_mb=entry.get("size_mb"),
                             sha256=entry.get("sha256") or None, lang=entry.get("lang", "en"),
                             grammar=bool(entry.get("grammar", True)),
                             default=bool(entry.get("default", False)),
                             note=entry.get("note", "")))
    return sorted(out, key=lambda m: not m.default)


@dataclass(frozen=True)
class EmbeddedModel:
    """A recognizer model that ships inside a pip package (no download ever)."""

    name: str
    package: str
    """The importable package that holds it."""
    folder: str
    """Its folder inside the package."""
    sha256: dict[str, str]
    """File name -> SHA-256, checked when the model is loaded."""

    def path(self) -> Path | None:
        """The model folder, or None when the package is not installed."""
        import importlib.util
        try:
            spec = importlib.util.find_spec(self.package)
        except (ImportError, ValueError):
            return None
        if spec is None or not spec.submodule_search_locations:
            return None
        return Path(list(spec.submodule_search_locations)[0]) / self.folder


def embedded(name: str = "whisper-tiny.en", text: str | None = None) -> EmbeddedModel:
    """The manifest's entry for an embedded model."""
    entry = _manifest_data(text)["embedded"][name]
    return EmbeddedModel(name, entry["package"], entry["folder"], dict(entry["sha256"]))


def voice(name: str = "joe-medium", text: str | None = None) -> EmbeddedModel:
    """The manifest's entry for a packaged TTS voice (the natural voice's weights)."""
    entry = _manifest_data(text)["voice"][name]
    return EmbeddedModel(name, entry["package"], entry["folder"], dict(entry["sha256"]))


def letter_head_sha256(text: str | None = None) -> str:
    """The SHA-256 the shipped letter-name classifier (``letter_head.npz``) must have."""
    return str(_manifest_data(text)["head"]["letter-names"]["sha256"])


def find(name: str) -> ModelInfo | None:
    return next((m for m in manifest() if m.name == name), None)


def default_model() -> ModelInfo:
    return manifest()[0]


def checkout_dir() -> Path | None:
    """This models/ folder when running from a source checkout (beside pyproject.toml)."""
    here = Path(__file__).resolve().parent
    return here if (here.parent / "pyproject.toml").is_file() else None


def user_dir() -> Path:
    from platformdirs import user_data_path
    return user_data_path(APP_NAME) / "models"


def install_dir() -> Path:
    """Where ``tabletop models download`` puts models."""
    return checkout_dir() or user_dir()


def search_dirs() -> list[Path]:
    dirs = [d for d in (checkout_dir(), user_dir()) if d is not None]
    return list(dict.fromkeys(dirs))


def is_model_dir(path: Path) -> bool:
    return (path / "am" / "final.mdl").is_file() and (path / "conf").is_dir()


def installed() -> list[Path]:
    """Model folders present in the search folders (manifest models first)."""
    names = [m.name for m in manifest()]
    found: list[Path] = []
    for d in search_dirs():
        if not d.is_dir():
            continue
        for name in names:
            if is_model_dir(d / name):
                found.append(d / name)
        for sub in sorted(d.iterdir()):
            if sub.name not in names and sub.is_dir() and is_model_dir(sub):
                found.append(sub)
    return found


def locate_vosk_model() -> tuple[Path | None, str]:
    """The Vosk model to use and why (a one-line reason either way)."""
    env = os.environ.get(ENV_VAR)
    if env:
        p = Path(env).expanduser()
        if is_model_dir(p):
            return p, f"{ENV_VAR}={p}"
        return None, f"{ENV_VAR}={p} is not a Vosk model folder (no am/final.mdl)"
    found = installed()
    if found:
        return found[0], f"model {found[0].name} in {found[0].parent}"
    where = " or ".join(str(d) for d in search_dirs())
    return None, (f"no Vosk model in {where}; run `tabletop models download "
                  f"{default_model().name}` or set {ENV_VAR}")


# -- checksums --------------------------------------------------------------------------

CHECKSUMS = "SHA256SUMS"
"""File inside a model folder: ``<sha256>  <relative path>`` per file, written when
``tabletop models download`` unpacks the model (after the zip's own CRCs passed)."""


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def model_files(folder: Path) -> list[Path]:
    """Every file of a model folder except the checksum record, sorted."""
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.name != CHECKSUMS)


def write_checksums(folder: Path) -> Path:
    """Record the SHA-256 of every file in ``folder`` (``SHA256SUMS`` beside them)."""
    lines = [f"{sha256_file(p)}  {p.relative_to(folder).as_posix()}" for p in model_files(folder)]
    record = folder / CHECKSUMS
    tmp = record.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tmp.replace(record)
    return record


def read_checksums(folder: Path) -> dict[str, str] | None:
    """relative path -> SHA-256 from the folder's record; None when there is no record."""
    record = folder / CHECKSUMS
    if not record.is_file():
        return None
    out: dict[str, str] = {}
    for line in record.read_text(encoding="utf-8", errors="replace").splitlines():
        digest, _, rel = line.strip().partition("  ")
        if len(digest) == 64 and rel:
            out[rel] = digest.lower()
    return out


def checksum_problems(folder: Path, expected: dict[str, str]) -> list[str]:
    """Files missing from ``folder`` or whose SHA-256 differs from ``expected``."""
    problems = []
    for rel, digest in sorted(expected.items()):
        path = folder / rel
        if not path.is_file():
            problems.append(f"{rel} is missing")
        elif sha256_file(path) != digest:
            problems.append(f"{rel} has changed (SHA-256 differs from the record)")
    return problems
