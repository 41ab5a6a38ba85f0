"""Ask the YAML language server what it would complete in a rule file.

Usage::

    python tools/editor_completion.py [FILE] [--where combination|top]
        [--server PATH] [--json]

This is what an editor does with the modeline on a rule file's first line
(``# yaml-language-server: $schema=...``). The script starts
``yaml-language-server --stdio`` (``--server``, else the environment variable
``AMBIGU_YAML_LANGUAGE_SERVER``, else the one on ``PATH``; ``npm i -E
yaml-language-server`` installs it), speaks the Language Server Protocol to
it over its standard input and output (JSON-RPC with ``Content-Length``
headers), opens FILE (default ``docs/variants/two-pairs.yaml``, a house file)
and asks for the completions at one place:

* ``--where combination`` (the default): a new item of ``combinations:``,
  just after its ``- `` (where the keys of a combination are offered);
* ``--where top``: a new line at the end of the file, at the top level.

The site that publishes the schemas need not be online: the file's modeline
is replaced, in the text sent to the server (the file is not changed), by
one naming the committed schema file (``rulesets/*.schema.json``) by its
``file://`` URL, the complete one or the one for ``extends:`` as the file
says. The server is told not to fetch the SchemaStore catalogue, so nothing
is asked of the network.

Prints one completion label per line (``--json``: the completion items the
server returned, as JSON), then on stderr the problems the server found
checking the text against the schema, ``file:line:col: message`` (with
``--where combination``, the empty item made for the cursor is one of them,
``Incorrect type. Expected "Combination"``, a line below ``combinations:``).
Exit status: 0 if the server offered at least one item, 1 if none,
2 if the server cannot be found or does not answer.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, BinaryIO

import yaml

from ambigu_rules.load.catalog import rulesets_dir
from ambigu_rules.load.schema import MODELINE_PREFIX, modeline, schema_name_for

ROOT = Path(__file__).resolve().parents[1]

#: Where a path to the server may be given instead of ``PATH``.
SERVER_VARIABLE = "AMBIGU_YAML_LANGUAGE_SERVER"
DEFAULT_FILE = ROOT / "docs" / "variants" / "two-pairs.yaml"
#: Seconds to wait for each answer of the server.
TIMEOUT = 60.0
#: The settings an editor would send: schemas from the modeline only.
SETTINGS: dict[str, Any] = {
    "yaml": {
        "validate": True, "completion": True, "hover": True,
        "schemaStore": {"enable": False},
        "kubernetesCRDStore": {"enable": False},
        "format": {"enable": False},
    },
    "http": {"proxy": "", "proxyStrictSSL": False},
}


class ServerError(Exception):
    """The language server could not be started, or did not answer as it should."""


def find_server(given: str | None = None) -> str | None:
    """The ``yaml-language-server`` command: ``given``, the environment variable, or ``PATH``."""
    for candidate in (given, os.environ.get(SERVER_VARIABLE)):
        if candidate:
            return candidate
    return shutil.which("yaml-language-server")


def local_text(path: Path) -> str:
    """The text of a rule file with its modeline naming the committed schema by file URL."""
    text = path.read_text(encoding="utf-8")
    name = schema_name_for(yaml.safe_load(text))
    line = modeline((rulesets_dir() / name).resolve().as_uri())
    body = text.split("\n", 1)[1] if text.startswith(MODELINE_PREFIX) else text
    return line + "\n" + body


def with_cursor(text: str, where: str) -> tuple[str, int, int]:
    """The text with room made for the completion, and the cursor's line and
    character (from 0, as LSP counts them)."""
    lines = text.split("\n")
    if where == "top":
        while lines and not lines[-1]:
            lines.pop()
        return "\n".join([*lines, "", ""]), len(lines), 0
    try:
        index = lines.index("combinations:")
    except ValueError:
        raise ServerError("the file has no 'combinations:' at the top level") from None
    lines.insert(index + 1, "  - ")
    return "\n".join(lines), index + 1, 4


class Client:
    """A minimal LSP client over a server's standard input and output."""

    def __init__(self, command: list[str]) -> None:
        try:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        except OSError as error:
            raise ServerError(f"cannot start {command[0]}: {error}") from None
        self.messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.diagnostics: list[dict[str, Any]] = []
        self.checked: set[str] = set()
        self.next_id = 0
        assert self.process.stdout is not None
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()

    def _read(self, stream: BinaryIO) -> None:
        """Put each message the server writes on the queue (None at the end)."""
        while True:
            length = None
            while True:
                header = stream.readline()
                if not header:
                    self.messages.put(None)
                    return
                header = header.strip()
                if not header:
                    break
                name, _, value = header.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            if length is not None:
                self.messages.put(json.loads(stream.read(length)))

    def send(self, message: dict[str, Any]) -> None:
        """Write one JSON-RPC message."""
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body)
        self.process.stdin.flush()

    def notify(self, method: str, params: Any) -> None:
        """Send a notification (no answer expected)."""
        self.send({"method": method, "params": params})

    def request(self, method: str, params: Any) -> Any:
        """Send a request and return its result, answering the server's own requests
        (its settings, capabilities it registers) meanwhile."""
        self.next_id += 1
        number = self.next_id
        self.send({"id": number, "method": method, "params": params})
        deadline = time.monotonic() + TIMEOUT
        while True:
            try:
                message = self.messages.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise ServerError(f"no answer to {method} in {TIMEOUT:.0f} s") from None
            if message is None:
                raise ServerError(f"the server stopped before answering {method}")
            if message.get("id") == number and "method" not in message:
                if "error" in message:
                    raise ServerError(f"{method}: {message['error']}")
                return message.get("result")
            self._handle(message)

    def wait_for_diagnostics(self, uri: str, timeout: float = 10.0) -> None:
        """Wait until the server has published its diagnostics of ``uri`` (it checks a
        file a moment after it is opened), or ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while uri not in self.checked:
            try:
                message = self.messages.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return
            if message is None:
                return
            self._handle(message)

    def _handle(self, message: dict[str, Any]) -> None:
        method = message.get("method")
        if method == "textDocument/publishDiagnostics":
            self.diagnostics = message["params"]["diagnostics"]
            self.checked.add(message["params"]["uri"])
        if "id" not in message or method is None:
            return  # a notification, or an answer to nothing we wait for
        result: Any = None
        if method == "workspace/configuration":
            result = [_section(item.get("section")) for item in message["params"]["items"]]
        self.send({"id": message["id"], "result": result})

    def close(self) -> None:
        """Shut the server down politely, then for good."""
        try:
            self.request("shutdown", None)
            self.notify("exit", None)
            self.process.wait(timeout=5)
        except (ServerError, OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()


def _section(name: str | None) -> Any:
    """The part of :data:`SETTINGS` a ``workspace/configuration`` item asks for."""
    value: Any = SETTINGS
    for part in (name or "").split(".") if name else []:
        value = value.get(part) if isinstance(value, dict) else None
    return value


def complete(path: Path, where: str = "combination",
             server: str | None = None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The completion items the server offers in ``path`` at ``where``, and its
    diagnostics of the text sent."""
    command = find_server(server)
    if command is None:
        raise ServerError(f"yaml-language-server not found (set {SERVER_VARIABLE} or PATH)")
    text, line, character = with_cursor(local_text(path), where)
    uri = path.resolve().as_uri()
    client = Client([command, "--stdio"])
    try:
        client.request("initialize", {
            "processId": os.getpid(), "rootUri": ROOT.as_uri(),
            "workspaceFolders": [{"uri": ROOT.as_uri(), "name": ROOT.name}],
            "capabilities": {
                "workspace": {"configuration": True, "didChangeConfiguration": {}},
                "textDocument": {"completion": {"completionItem": {"snippetSupport": False}},
                                 "publishDiagnostics": {}},
            },
            "initializationOptions": {},
        })
        client.notify("initialized", {})
        client.notify("workspace/didChangeConfiguration", {"settings": SETTINGS})
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": 1, "text": text}})
        result = client.request("textDocument/completion", {
            "textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
        client.wait_for_diagnostics(uri)
    finally:
        client.close()
    items = result.get("items", []) if isinstance(result, dict) else (result or [])
    return list(items), client.diagnostics


def main(argv: list[str]) -> int:
    """Print the completions (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT_FILE)
    parser.add_argument("--where", choices=("combination", "top"), default="combination")
    parser.add_argument("--server", help=f"the yaml-language-server command (else "
                                         f"${SERVER_VARIABLE}, else PATH)")
    parser.add_argument("--json", action="store_true", help="print the items as JSON")
    args = parser.parse_args(argv)
    try:
        items, diagnostics = complete(args.file, args.where, args.server)
    except ServerError as error:
        print(f"editor_completion: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(items, indent=2, ensure_ascii=False))
    else:
        for item in items:
            print(item["label"])
    for diagnostic in diagnostics:
        start = diagnostic["range"]["start"]
        print(f"{args.file}:{start['line'] + 1}:{start['character'] + 1}: "
              f"{diagnostic.get('message', '')}", file=sys.stderr)
    return 0 if items else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
