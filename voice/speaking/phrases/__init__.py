"""Every sentence the app speaks, loaded from ``<lang>.toml`` beside this file.

Keys are dotted (``"wordup.correct"``); values are ``str.format`` templates
with named fields, or lists of variants (the dialogue rotates through them so a
long game does not sound like a loop). Code never builds spoken English
itself: wording changes here without code changes, and tests assert on keys.
The ``[pronounce]`` table maps words the TTS says badly to respellings.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any


class PhraseError(KeyError):
    """A phrase key or one of its fields is missing: a bug in code or in the phrases file."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "phrase error"


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(_flatten(value, f"{name}."))
        elif isinstance(value, str):
            out[name] = [value]
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            out[name] = list(value)
        else:
            raise PhraseError(f"phrase {name!r} must be a string or a list of strings")
    return out


def template_fields(template: str) -> set[str]:
    """The named fields a template uses (``{name}`` -> ``name``)."""
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


@dataclass
class Phrases:
    """Spoken templates by key, plus the pronunciation overrides."""

    templates: dict[str, list[str]]
    pronounce: dict[str, str] = field(default_factory=dict)
    _turn: dict[str, int] = field(default_factory=dict)

    @staticmethod
    def load(lang: str = "en") -> Phrases:
        text = resources.files(__name__).joinpath(f"{lang}.toml").read_text(encoding="utf-8")
        return Phrases.from_toml(text)

    @staticmethod
    def from_toml(text: str) -> Phrases:
        data = tomllib.loads(text)
        pronounce = {str(k).lower(): str(v) for k, v in data.pop("pronounce", {}).items()}
        return Phrases(_flatten(data), pronounce)

    def has(self, key: str) -> bool:
        return key in self.templates

    def text(self, key: str, /, **fields: Any) -> str:
        """The sentence for ``key`` with ``fields`` filled in; variants rotate per key."""
        said = self.peek(key, **fields)
        self._turn[key] = self._turn.get(key, 0) + 1
        return said

    def peek(self, key: str, /, **fields: Any) -> str:
        """The sentence the next :meth:`text` for ``key`` would give, without turning the
        variants (to render a line ahead of saying it)."""
        variants = self.templates.get(key)
        if variants is None:
            raise PhraseError(f"no phrase {key!r} in the phrases file")
        template = variants[self._turn.get(key, 0) % len(variants)]
        try:
            return template.format(**fields)
        except KeyError as exc:
            raise PhraseError(f"phrase {key!r} needs field {exc.args[0]!r}") from None
