"""The errors callers catch: bad input (``IRParseError``, the one type the IR reader raises) and a
worker process that died (``WorkerError``); light, so the command line imports them at start."""
from __future__ import annotations


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
        return f"{self.file}:{self.line}:{self.column}: {self.message}"

    def __reduce__(self):  # keep the location when pickled across processes
        return (IRParseError, (self.message, self.file, self.line, self.column))


class WorkerError(RuntimeError):
    """A worker process ended abruptly (killed, out of memory), named by the first file it left
    unfinished: that file or one in flight after it (``mir_runtime.parallel``)."""
