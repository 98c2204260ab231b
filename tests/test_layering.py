"""The import rules of DESIGN.md: engine is stdlib-only and imports nothing of ours."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OURS = {"engine", "voice", "content", "models", "tools", "bench", "tests"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_engine_imports_only_stdlib_and_itself() -> None:
    files = sorted((ROOT / "engine").rglob("*.py"))
    assert files, "engine/ has no modules"
    for path in files:
        for name in _imports(path):
            if name == "engine":
                continue
            assert name not in OURS, f"{path.name} imports {name}: engine must not import it"
            assert name in sys.stdlib_module_names or name == "__future__", (
                f"{path.name} imports {name}, which is not in the standard library"
            )


def test_content_does_not_import_voice() -> None:
    for path in sorted((ROOT / "content").rglob("*.py")):
        assert "voice" not in _imports(path), f"{path} imports voice"


def test_checker_catches_a_forbidden_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import voice.cli\nfrom rapidfuzz import fuzz\n", encoding="utf-8")
    assert _imports(bad) == {"voice", "rapidfuzz"}
