"""The errors callers catch: bad input (``IRParseError``, the one type the IR reader raises) and a
worker process that died (``WorkerError``); light, so the command line imports them at start."""
from __future__ import annotations

_ESCAPES = {c: f"\\x{c:02x}" for c in (*range(32), 127)} | {9: "\\t", 10: "\\n", 13: "\\r"}


def shown(path: str) -> str:
    """``path`` for a message: control characters escaped (``\\n``, ``\\x1b``), so that a message
    naming a file stays one line, and a terminal shows it as it is, whatever the file is called."""
    return str(path).translate(_ESCAPES)


class IRParseError(ValueError):
    """Input that is not readable LLVM IR, located at a file, line and column (1-based).

    ``str(error)`` is the one-line form that the command line prints: ``file:line:col: message``.
    """

    def __init__(self, message: str, file: str = "<string>", line: int = 0, column: int = 0) -> None:
        self.message = message.replace("\n", " ")
        self.file = file
        self.line = line
        self.column = column
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"{shown(self.file)}:{self.line}:{self.column}: {self.message}"

    def __reduce__(self):  # keep the location when pickled across processes
        return (IRParseError, (self.message, self.file, self.line, self.column))


class WorkerError(RuntimeError):
    """A worker process ended abruptly (killed, out of memory), named by the first file it left
    unfinished: that file or one in flight after it (``mir_runtime.parallel``)."""
