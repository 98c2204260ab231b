"""The import rules of DESIGN.md, checked on the source.

- engine is stdlib-only and imports nothing of ours; content never imports voice;
- inside voice/, each layer imports only the layers below it:
  commands -> games -> learning -> hosting -> speaking / understanding / hearing
  -> audio -> errors (and content, engine below all of voice);
- no import circles anywhere, counting imports inside functions too (only
  ``if TYPE_CHECKING:`` blocks, which never run, are left out);
- no module is much over 600 lines.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OURS = {"engine", "voice", "content", "models", "tools", "bench", "tests"}
PACKAGES = ("engine", "content", "voice", "models")

LAYERS: dict[str, int] = {
    "engine": 0,
    "content": 1,
    "models": 1,
    "voice.errors": 2,
    "voice.reply_kind": 2,
    "voice.audio": 3,
    "voice.hearing": 4,
    "voice.speaking": 4,
    "voice.understanding": 4,
    "voice.hosting": 5,
    "voice.learning": 6,
    "voice.games": 7,
    "voice.commands": 8,
    "voice.cli": 9,
}
"""Rank of each layer: a module may import its own layer and lower ranks only.
Layers of one rank (hearing, speaking, understanding) may not import each other."""

MAX_LINES = 620
"""'About 600 lines': a module past this is doing more than one job."""


def _imports(path: Path) -> set[str]:
    """Top-level package names imported anywhere in ``path``."""
    return {name.split(".")[0] for name, _ in _imported_modules(path)}


def _in_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _walk(tree: ast.AST) -> Iterator[ast.AST]:
    """ast.walk, skipping ``if TYPE_CHECKING:`` bodies."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.If) and _in_type_checking(node):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))


def _imported_modules(path: Path) -> list[tuple[str, int]]:
    """(dotted name, line) of every import in ``path``; ``from a import b`` gives a and a.b."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[str, int]] = []
    for node in _walk(tree):
        if isinstance(node, ast.Import):
            out += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.append((node.module, node.lineno))
            out += [(f"{node.module}.{alias.name}", node.lineno) for alias in node.names]
    return out


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    for n in (2, 1):
        head = ".".join(parts[:n])
        if head in LAYERS:
            return head
    return None


def layer_violations(root: Path) -> list[str]:
    """Every import of a layer by a module of an equal-or-lower rank (other layer), as text."""
    bad = []
    for pkg in PACKAGES:
        for path in sorted((root / pkg).rglob("*.py")):
            me = layer_of(_module_name(path, root))
            if me is None:
                continue
            for name, line in _imported_modules(path):
                other = layer_of(name)
                if other is None or other == me:
                    continue
                if LAYERS[other] >= LAYERS[me]:
                    bad.append(f"{path.relative_to(root)}:{line}: {me} imports {name} "
                               f"({other} is not below {me})")
    return bad


def import_cycles(root: Path) -> list[list[str]]:
    """Circles in the graph of our modules (an edge for each import, wherever it is)."""
    modules: dict[str, Path] = {}
    for pkg in PACKAGES:
        for path in (root / pkg).rglob("*.py"):
            modules[_module_name(path, root)] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges = set()
        for imported, _ in _imported_modules(path):
            if imported in modules and imported != name:
                edges.add(imported)
        graph[name] = edges
    cycles: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return cycles


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


def test_every_voice_module_belongs_to_a_layer() -> None:
    for path in sorted((ROOT / "voice").rglob("*.py")):
        name = _module_name(path, ROOT)
        assert name == "voice" or layer_of(name) is not None, (
            f"{path.relative_to(ROOT)} is in no layer; put it in one of {', '.join(LAYERS)}")


def test_each_layer_imports_only_the_layers_below_it() -> None:
    assert layer_violations(ROOT) == []


def test_there_are_no_import_circles() -> None:
    assert import_cycles(ROOT) == []


def test_no_module_is_much_over_600_lines() -> None:
    long = []
    for pkg in (*PACKAGES, "tools", "bench"):
        for path in sorted((ROOT / pkg).rglob("*.py")):
            n = len(path.read_text(encoding="utf-8").splitlines())
            if n > MAX_LINES:
                long.append(f"{path.relative_to(ROOT)}: {n} lines")
    assert long == []


# -- the checkers catch what they are for ----------------------------------------------


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for pkg in PACKAGES:
        (tmp_path / pkg).mkdir(exist_ok=True)
    return tmp_path


def test_checker_catches_a_forbidden_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import voice.cli\nfrom rapidfuzz import fuzz\n", encoding="utf-8")
    assert _imports(bad) == {"voice", "rapidfuzz"}


@pytest.mark.parametrize("importer, imported", [
    ("voice/hosting/dialogue.py", "voice.games.wordup"),       # hosting -> games
    ("voice/understanding/judge.py", "voice.hearing.asr.base"),  # a peer of the same rank
    ("voice/games/wordup.py", "voice.commands.content"),        # games -> commands
    ("voice/audio/clips.py", "voice.speaking.tts"),             # audio -> speaking
])
def test_layer_check_fails_when_a_lower_layer_imports_a_higher_one(
        tmp_path: Path, importer: str, imported: str) -> None:
    root = _tree(tmp_path, {importer: f"def f():\n    import {imported}\n"})
    found = layer_violations(root)
    assert len(found) == 1 and imported in found[0] and importer in found[0]


def test_layer_check_allows_imports_downwards_and_within_a_layer(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "voice/games/wordup.py": "from voice.hosting.dialogue import Line\n"
                                 "from voice.games import wordup_say\nimport engine.core\n",
        "voice/hosting/driver.py": "from typing import TYPE_CHECKING\n"
                                   "if TYPE_CHECKING:\n    from voice.games import Host\n",
    })
    assert layer_violations(root) == []


def test_cycle_check_finds_a_circle_through_a_function_level_import(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "engine/a.py": "from engine.b import x\n",
        "engine/b.py": "def x():\n    from engine.a import y\n",
        "engine/c.py": "from engine.a import x\n",
    })
    assert import_cycles(root) == [["engine.a", "engine.b", "engine.a"]]
