"""The house's floors (README, "Architecture"), checked from the source with ``ast``.

- ``tournaments/api/`` imports nothing from ``tournaments/web/``, nor the other way;
  what both need lives below them (``tournaments.live``, ``tournaments.http``).
- No import cycle among the project's modules, function-level imports included.
- No Python module handles HTML comment markers (pages are composed, not spliced).
- No module past 400 lines.
- Only ``tournaments/http/`` decides whether a request is for the API (the
  ``/api`` prefix) or builds the error body (a dict with an ``errors`` list).
- No hand-made TCP server or proxy: the app is served by an existing server.
"""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tournaments", "scoring", "config")
MAX_LINES = 400


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = _modules()


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _imports(name: str) -> Iterator[tuple[str, int]]:
    """Every project module ``name`` imports (at any level), with the line."""
    tree = ast.parse(MODULES[name].read_text(), filename=str(MODULES[name]))
    here = name if _is_package(name) else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield from _known(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = here.split(".")
                base_parts = base_parts[: len(base_parts) - node.level + 1]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for alias in node.names:
                target = f"{base}.{alias.name}"
                if target in MODULES:
                    yield target, node.lineno
                else:
                    yield from _known(base, node.lineno)


def _known(module: str, line: int) -> Iterator[tuple[str, int]]:
    """``module`` itself if it is the project's, else its nearest project ancestor."""
    parts = module.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in MODULES:
            yield candidate, line
            return
        parts.pop()


@cache
def _graph() -> dict[str, frozenset[str]]:
    return {name: frozenset(t for t, _ in _imports(name) if t != name) for name in MODULES}


def _inside(name: str, package: str) -> bool:
    return name == package or name.startswith(f"{package}.")


@pytest.mark.parametrize(
    ("floor", "forbidden"),
    [("tournaments.api", "tournaments.web"), ("tournaments.web", "tournaments.api")],
)
def test_api_and_web_import_nothing_of_each_other(floor, forbidden):
    crossings = [
        f"{name}:{line} imports {target}"
        for name in MODULES
        if _inside(name, floor)
        for target, line in _imports(name)
        if _inside(target, forbidden)
    ]
    assert crossings == []


def test_the_live_and_http_floors_import_neither_web_nor_api():
    crossings = [
        f"{name}:{line} imports {target}"
        for name in MODULES
        if _inside(name, "tournaments.live") or _inside(name, "tournaments.http")
        for target, line in _imports(name)
        if _inside(target, "tournaments.web") or _inside(target, "tournaments.api")
    ]
    assert crossings == []


def _cycles(graph: dict[str, frozenset[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _without_package_reexports(graph: dict[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    """A package's ``__init__`` re-exporting its own modules is no dependency of theirs
    on each other: a module that imports ``tournaments.models`` depends on the
    models, not on every module the package's ``__init__`` happens to import."""
    return {
        name: frozenset(
            target for target in targets if not (_is_package(name) and _inside(target, name))
        )
        for name, targets in graph.items()
    }


#: Cycles that exist and are being removed elsewhere (issue 20, "services only
#: write": the reads ``group_stage_drawn`` and ``tournament_characters`` move to
#: selectors). Empty this once that has landed; nothing may be added.
KNOWN_CYCLES: list[list[str]] = []


def test_no_import_cycle_among_the_projects_modules():
    cycles = _cycles(_without_package_reexports(_graph()))
    assert [cycle for cycle in cycles if cycle not in KNOWN_CYCLES] == []


def test_the_cycle_finder_finds_a_cycle():
    graph = {"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"}), "d": frozenset()}
    assert _cycles(graph) == [["a", "b", "c"]]


def test_no_python_module_handles_html_comment_markers():
    marker = "<" + "!--"
    handling = [
        str(path.relative_to(ROOT)) for path in MODULES.values() if marker in path.read_text()
    ]
    assert handling == []


def test_no_module_is_past_400_lines():
    long = {
        str(path.relative_to(ROOT)): lines
        for path in MODULES.values()
        if (lines := len(path.read_text().splitlines())) > MAX_LINES
    }
    assert long == {}


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), filename=str(path))


def _code_strings(tree: ast.AST) -> Iterator[ast.Constant]:
    """The string and bytes constants of the code, without docstrings and other bare strings."""
    bare = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    for node in ast.walk(tree):
        is_string = isinstance(node, ast.Constant) and isinstance(node.value, str | bytes)
        if is_string and id(node) not in bare:
            yield node


def _api_prefix_checks(tree: ast.AST) -> Iterator[int]:
    """Lines that spell the API's prefix itself (``"/api/"``, ``"/api"``, ``r"^/api/"``):
    a test of whether a path is the API's. A whole endpoint's path is not one."""
    for node in _code_strings(tree):
        text = node.value.decode("latin-1") if isinstance(node.value, bytes) else node.value
        if text.lstrip("^").rstrip("$") in {"/api", "/api/"} or text.lstrip("^").startswith(
            "/api("
        ):
            yield node.lineno


def _error_bodies(tree: ast.AST) -> Iterator[int]:
    """Lines that build the error body: ``{"errors": [...]}`` or ``dict(errors=...)``.
    (A schema's ``"errors": {...}`` describes the body; it does not build one.)"""
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                named = isinstance(key, ast.Constant) and key.value == "errors"
                if named and not isinstance(value, ast.Dict):
                    yield node.lineno
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "dict":
            yield from (node.lineno for keyword in node.keywords if keyword.arg == "errors")


@pytest.mark.parametrize("finder", [_api_prefix_checks, _error_bodies])
def test_only_the_http_floor_says_what_the_api_is_and_how_its_errors_look(finder):
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for name, path in MODULES.items()
        if not _inside(name, "tournaments.http")
        for line in finder(_tree(path))
    ]
    assert found == []


def test_the_api_and_error_body_finders_find_them():
    source = textwrap.dedent(
        """
        \"""Docs may say /api/ and {"errors": [...]}.\"""
        API = "/api/"
        def f(request):
            "a docstring: /api"
            if request.path.startswith("/api/") or request.path == "/api":
                return {"errors": [{"code": "x", "message": "y"}]}
            PATTERN = rb"^/api/"
            return dict(errors=[]), {"properties": {"errors": {"type": "array"}}}
        EVENTS = "/api/tournaments/1/events/"
        """
    )
    tree = ast.parse(source)
    assert sorted(_api_prefix_checks(tree)) == [3, 6, 6, 8]
    assert sorted(_error_bodies(tree)) == [7, 9]


#: Network servers and connections to other servers: what a hand-made server or proxy is made of.
SERVER_CALLS = frozenset(
    {
        "start_server",
        "start_unix_server",
        "open_connection",
        "open_unix_connection",
        "create_server",
        "create_unix_server",
        "serve_forever",
    }
)
SERVER_MODULES = frozenset({"socketserver", "http.server", "wsgiref.simple_server"})
#: On a socket: listening for connections (only checked where ``socket`` is imported,
#: since ``pubsub.listen()`` is Redis').
SOCKET_SERVER_CALLS = frozenset({"listen", "accept"})


def _server_code(tree: ast.AST) -> list[str]:
    """What in ``tree`` serves connections or opens them to another server."""
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    calls = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if called in SERVER_CALLS or ("socket" in imported and called in SOCKET_SERVER_CALLS):
            calls.append((node.lineno, f"{node.lineno}: {called}()"))
    return [f"imports {module}" for module in sorted(imported & SERVER_MODULES)] + [
        what for _line, what in sorted(calls)
    ]


def test_no_hand_made_tcp_server_or_proxy_in_the_app():
    found = [
        f"{relative}: {what}"
        for name, path in MODULES.items()
        if name.partition(".")[0] in {"tournaments", "config"}
        and (relative := str(path.relative_to(ROOT)))
        for what in _server_code(_tree(path))
    ]
    assert found == []


def test_the_server_finder_finds_one():
    source = textwrap.dedent(
        """
        import asyncio, socket
        from http.server import ThreadingHTTPServer
        async def main():
            await asyncio.start_server(None, "0.0.0.0", 8000)
            reader, writer = await asyncio.open_connection("127.0.0.1", 8001)
            with socket.socket() as sock:
                sock.bind(("127.0.0.1", 0))  # a free port for a server of its own: allowed
                sock.listen()
        """
    )
    assert _server_code(ast.parse(source)) == [
        "imports http.server",
        "5: start_server()",
        "6: open_connection()",
        "9: listen()",
    ]
    assert _server_code(ast.parse("async def f(pubsub):\n    await pubsub.listen()")) == []
