"""The runtime's release, in a module of its own: the package's ``__init__`` and the embedding
store (which keys its databases by it) both read it, and neither imports the other."""

__version__ = "0.1.0"
