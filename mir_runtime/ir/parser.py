"""Textual LLVM IR (LLVM 3.8 to 22) to the module model, in pure Python.

The reader follows LLParser where it matters for correctness: a block ends at its terminator,
numbered values must increase, every name an instruction uses must be defined and used with its
definition's type, and a label may only open a block. Everything the model does not need
(attribute groups, metadata bodies, comdats, use-list orders) is checked where LLVM's grammar
allows and kept as text or skipped, never interpreted.
"""
from __future__ import annotations

import re
from typing import Final

from mir_runtime.errors import IRParseError
from mir_runtime.ir import controlflow
from mir_runtime.ir import keywords as W
from mir_runtime.ir import shapes
from mir_runtime.ir import types as T
from mir_runtime.ir.cursor import Cursor, ParseFailure
from mir_runtime.ir.datalayout import layout_error
from mir_runtime.ir.instructions import CALL_PREFIXES, HANDLERS, Parts
from mir_runtime.ir.lexer import bracket_depth, strip_comment, tokenize
from mir_runtime.ir.model import (
    TERMINATORS,
    Argument,
    Block,
    Function,
    Global,
    Instruction,
    Module,
    OperandKind,
)

# The operand kinds the checks of every operand test, as constants: compiled (mypyc), each is a C
# static where ``OperandKind.LOCAL`` is an attribute lookup.
_LOCAL: Final = OperandKind.LOCAL
_BLOCK_KIND: Final = OperandKind.BLOCK
_ARGUMENT: Final = OperandKind.ARGUMENT
_GLOBAL: Final = OperandKind.GLOBAL
_FUNCTION: Final = OperandKind.FUNCTION
_CONSTANTS: Final = (OperandKind.CONSTANT_EXPR, OperandKind.CONSTANT)

_LABEL_RE = re.compile(r'^\s*([-a-zA-Z$._0-9]+|"[^"]*"):\s*$')  # LLVM lexes ``name:`` as one token
_OLD_LABEL_RE = re.compile(r"^\s*; <label>:(\d+)")
# A metadata definition's shape (its body: metadata_body): a numbered node, possibly distinct, or
# a named list of nodes. LLVM reads ``!.`` alone as a name and then wants its ``=``.
_METADATA_DEF_RE = re.compile(r"^!(?:\d+\s*=\s*(?:distinct\s+)?![{A-Za-z]|[-a-zA-Z$._\\][-a-zA-Z$._0-9\\]*\s*=\s*!\{)")
# Metadata bodies of the common shapes, read without tokens: a named node's list of node numbers;
# a tuple of node numbers, strings, nulls and small integers (TBAA, module flags), or a specialized
# node without nested brackets (``!DILocation(line: 3, scope: !7)``).
_NODE_LIST_RE = re.compile(r"\s*!\{\s*(?:!\d+(?:\s*,\s*!\d+)*)?\s*\}\s*")
_ELEMENT = r'(?:!\d+|!"[^"\n]*"|null|i(?:1|8|16|32|64) -?\d+)'
_PLAIN_NODE_RE = re.compile(rf'\s*(?:distinct\s+)?(?:!\{{\s*(?:{_ELEMENT}(?:\s*,\s*{_ELEMENT})*)?\s*\}}'
                            rf'|!DI[A-Za-z]+\((?:[^()"\n]|"[^"\n]*")*\))\s*')
# A numbered metadata reference, or a string or comment (matched to be passed over: a ``!3`` in
# them is no reference).
_NUMBERED_METADATA_RE = re.compile(r"!(\d+)")
_METADATA_REF_RE = re.compile(r'"[^"\n]*"|;[^\n]*|!(\d+)')
_TYPEDEF_RE = re.compile(r"^(%[-a-zA-Z$._0-9]+|%\"[^\"\n]*\") = type (.*)$", re.M)
_DEFAULT_GLOBAL_SPACE_RE = re.compile(r"(?:^|-)G[1-9]")  # a data layout's default address space of globals
_BLOCK = T.Type(T.LABEL, "label")  # a block's entry among a function's names (an argument may be a label too)
_STAR_RE = re.compile(r"\*")  # typed pointers
# "ptr" not inside a name or word (its look-behind after the literal, so that the search scans for it)
_OPAQUE_PTR_RE = re.compile(r"ptr(?<![%@$!\w.\-\"]ptr)(?![\w.])")
# An instruction line of LLVM < 3.7: ``%x = load i32* %p``. Anchored at the line's start (and no
# class that runs into the next match) so that it scans each line once: unanchored, a 300 kB
# comment repeating "= load " took 22 s.
_LEGACY_RE = re.compile(r'^[ \t]*%(?:[-a-zA-Z$._0-9]+|"[^"\n]*") = '
                        r"(?:load (?:atomic )?(?:volatile )?|getelementptr (?:inbounds )?)[^,\n(*]*\*+ [%@]", re.M)


_EMPTY_BODY = re.compile(r"[^{}]*\{\s*\}")  # after the parameters: define void @f() #0 {}
_ODD_BLANK = re.compile(r"[^\S \t\n\r]")  # whitespace to Python, not to LLVM's lexer
_TARGET_RE = re.compile(r"target\s+(triple|datalayout)(?![-\w.$])(.*)", re.S)  # as LLVM lexes it
_MODULE_STRING = re.compile(r'\s*=\s*("[^"]*")\s*')
_ORDERINGS = frozenset("unordered monotonic acquire release acq_rel seq_cst".split())
_ATOMIC_TAIL = frozenset(("load", "store", "cmpxchg", "atomicrmw"))  # may end in ", align N"
# The orderings each atomic instruction takes and those LLParser refuses there (cmpxchg: success,
# then failure ordering).
_REFUSED_ORDERINGS = {
    "load": (frozenset({"release", "acq_rel"}),), "store": (frozenset({"acquire", "acq_rel"}),),
    "atomicrmw": (frozenset({"unordered"}),), "fence": (frozenset({"unordered", "monotonic"}),),
    "cmpxchg": (frozenset({"unordered"}), frozenset({"unordered", "release", "acq_rel"})),
}
_TLS_MODELS = frozenset(("localdynamic", "initialexec", "localexec"))
_GLOBAL_FLAGS = frozenset(
    "no_sanitize_address no_sanitize_hwaddress sanitize_memtag sanitize_address_dyninit".split()
)
CONTINUATION_WORDS = ("to", "catch", "cleanup", "filter", "unwind")
# A line that continues the instruction before it: its first word (letters and _) is one of them.
_CONTINUATION = re.compile(rf"\s*(?:{'|'.join(CONTINUATION_WORDS)})(?![A-Za-z_])")


def _slot_number(name: str) -> int:
    """The number of ``%N``; one of more than 10 digits (values are numbered in 32 bits) as 2^40,
    which no counter reaches, so that it reads as out of order (``int`` refuses 4,300 digits)."""
    return int(name[1:]) if len(name) <= 11 else 1 << 40


def _indent(line: str) -> int:
    """The width of ``line``'s indentation: for error columns, so measured only for them."""
    return len(line) - len(line.lstrip())


class _Reader:
    """Reads a whole module, statement by statement, keeping line numbers for errors."""

    def __init__(self, text: str, path: str) -> None:
        self.path = path
        self.line = 1  # where reading is, for errors that no rule located
        self.text = text
        self.lines = text.split("\n")
        self.module = Module(path=path)
        self.module.opaque_pointers = _written(_OPAQUE_PTR_RE, text)
        self.module.legacy_syntax = _legacy_syntax(text)
        typedefs = _typedefs(text)
        self._typedef_names = [name for name, _ in typedefs]
        self._pending_typedefs = dict(typedefs)
        self.module.types = dict.fromkeys(self._pending_typedefs)  # the names, bodies read later
        # instructions of a shape read before are not read again; the two flags are all else their reading depends on
        self.shapes = shapes.Shapes(self.module.types, (self.module.opaque_pointers, self.module.legacy_syntax))
        # Numbered values must count up by one; LLVM 19 allows gaps, and only opaque-pointer IR
        # can come from it.
        self.gaps = self.module.opaque_pointers
        self.or_later = " or later" if self.gaps else ""
        self.references: list[tuple[str, int]] = []  # @names used outside instructions, and where
        self.block_addresses: list[tuple[str, int]] = []  # functions that blockaddress names, and where
        self.comdat_uses: list[tuple[str, int]] = []  # $names that globals and functions name
        self.entities_seen = False  # a global, function, type, metadata ... has been read
        self.function_types: dict[str, T.Type] = {}  # each function's type (its pointers' pointee)
        self.global_uses: list[tuple[str, T.Type, int]] = []  # @name, the type a constant gives it, line

    # -- errors -------------------------------------------------------------------------------
    def error(self, message: str, line: int, column: int = 1) -> IRParseError:
        return IRParseError(message, self.path, line, column)

    def token_error(self, fail: ParseFailure, toks: list, text: str, line: int, indent: int) -> IRParseError:
        idx = min(fail.index, len(toks))
        offset = sum(len(ws) + len(tok) for ws, tok in toks[:idx])
        if idx < len(toks):
            offset += len(toks[idx][0])
        before = text[:offset]
        nl = before.count("\n")
        column = offset - before.rfind("\n") if nl else offset + indent + 1
        return self.error(fail.message, line + nl, column)

    # -- statements ---------------------------------------------------------------------------
    def gather(self, i: int) -> tuple[str, int]:
        """The statement starting at line ``i`` (0-based), joined while brackets are open."""
        text = strip_comment(self.lines[i]).rstrip()
        depth = bracket_depth(text)
        j = i + 1
        while depth > 0 and j < len(self.lines):
            more = strip_comment(self.lines[j]).rstrip()
            text += "\n" + more
            depth += bracket_depth(more)
            j += 1
        if depth > 0:
            raise self.error("unexpected end of file: unclosed bracket", i + 1, 1)
        return text, j

    def parse(self) -> Module:
        lines = self.lines
        i = 0
        n = len(lines)
        while i < n:
            self.line = i + 1
            raw = lines[i]
            stripped = raw.strip()
            if not stripped or stripped[0] == ";":
                i += 1
                continue
            if stripped.startswith(("define", "declare")):
                self.entities_seen = True
            if stripped.startswith("define"):
                i = self.function(i, define=True)
            elif stripped.startswith("declare"):
                i = self.function(i, define=False)
            else:
                text, j = self.gather(i)
                self.top_level(text.strip(), i + 1)
                i = j
        return self.module

    def top_level(self, text: str, line: int) -> None:
        m = self.module
        c = text[0]
        target = _TARGET_RE.match(text) if text.startswith("target") else None
        if text.startswith("source_filename") or target:
            if self.entities_seen:  # LLParser reads these only before every other entity
                raise self.error("source_filename and target lines must come before every other entity", line)
        else:
            self.entities_seen = True
        if c == "@":
            self.global_value(text, line)
        elif c == "%":
            if not _TYPEDEF_RE.match(text):
                raise self.error("expected a type definition", line)
        elif c == "!":
            if not _METADATA_DEF_RE.match(text):
                raise self.error("expected '!N = [distinct] !...' or '!name = !{...}'", line)
            written, _, body = text.partition("=")
            name = written.strip()
            self.metadata_body(name, body, line, len(written) + 1)
            if name in m.metadata and name[1:].isdigit():
                raise self.error(f"redefinition of metadata {name}", line)
            m.metadata[name] = body.strip()
        elif c == "$":
            self.comdat(text, line)
            name, _, body = text.partition("=")
            if name.strip() in m.comdats:
                raise self.error(f"redefinition of comdat {name.strip()}", line)
            m.comdats[name.strip()] = body.strip()
        elif text.startswith("attributes "):
            self.attribute_group(text, line)
            name, _, body = text[len("attributes "):].partition("=")
            m.attribute_groups[name.strip()] = body.strip()
        elif text.startswith("source_filename"):
            m.source_filename = self.module_string(text[len("source_filename"):], "source_filename", line)
        elif target:
            value = self.module_string(target.group(2), f"target {target.group(1)}", line)
            if target.group(1) == "triple":
                m.target_triple = value
            else:
                refused = layout_error(value)
                if refused is not None:
                    column = max(self.lines[line - 1].find('"') + 1, 1)  # at the string, as LLVM
                    raise self.error(f"invalid data layout: {refused}", line, column)
                m.data_layout = value
        elif text.startswith("module asm"):
            m.module_asm.append(_unquote(text[len("module asm"):].strip()))
        elif text.startswith(("uselistorder", "deplibs")) or c == "^":
            pass  # ``^N = ...``: a ThinLTO module summary entry (-flto=thin), no code
        else:
            word = text.split()[0] if text.split() else text
            raise self.error(f"unknown top-level entity '{word[:40]}'", line)

    def metadata_body(self, name: str, body: str, line: int, indent: int) -> None:
        """A tuple's elements as LLParser reads them (a named node's: node numbers); a specialized
        node (``!DIFile(...)``) is one bracketed group, its fields kept as text."""
        numbered = name[1:].isdigit()
        if (_PLAIN_NODE_RE if numbered else _NODE_LIST_RE).fullmatch(body):
            return  # the common shapes, which need no tokens
        toks = tokenize(body)
        self.references += [(tok, line) for _, tok in toks if tok[0] == "@"]
        cur = Cursor(toks, self.module)
        try:
            if not numbered:
                cur.expect("!")
                cur.expect("{")
                while not cur.accept("}"):
                    if cur.toks[cur.i - 1][1] != "{":  # not the first element
                        cur.expect(",")
                    tok = cur.next()
                    if tok == "!DIExpression":
                        cur.skip_group()
                    elif not (tok[0] == "!" and tok[1:].isdigit()):
                        raise ParseFailure(f"expected a metadata node number, found '{tok[:40]}'", cur.i - 1)
            else:
                cur.accept("distinct")
                if cur.peek() == "!":
                    cur.metadata_tuple()
                else:
                    cur.metadata()
            if cur.i < cur.n:
                raise ParseFailure(f"unexpected '{cur.peek()[:40]}' after the metadata node", cur.i)
        except ParseFailure as fail:
            raise self.token_error(fail, toks, body, line, indent) from None

    def module_string(self, text: str, key: str, line: int) -> str:
        """``<key> = "..."``: exactly one string after the ``=`` (``text``: what follows the key), as
        LLVM requires."""
        value = _MODULE_STRING.fullmatch(text)
        if value is None:
            raise self.error(f"expected '{key} = \"...\"'", line)
        return _unquote(value.group(1))

    def comdat(self, text: str, line: int) -> None:
        """``$name = comdat <selection kind>``."""
        toks = tokenize(text)
        cur = Cursor(toks, self.module, 1)
        try:
            cur.expect("=")
            cur.expect("comdat")
            kind = cur.next()
            if kind not in W.COMDAT_KINDS:
                raise ParseFailure(f"unknown comdat selection kind '{kind}'", cur.i - 1)
            if cur.i < cur.n:
                raise ParseFailure(f"unexpected '{cur.peek()}' after the comdat", cur.i)
        except ParseFailure as fail:
            raise self.token_error(fail, toks, text, line, 0) from None

    def attribute_group(self, text: str, line: int) -> None:
        """``attributes #N = { ... }``: attribute words LLVM knows, with their arguments
        (``align=N`` here), and string attributes."""
        toks = tokenize(text)
        cur = Cursor(toks, self.module, 1)
        try:
            group = cur.next()
            if group[:1] != "#" or not group[1:].isdigit():
                raise ParseFailure(f"expected an attribute group id, found '{group}'", cur.i - 1)
            cur.expect("=")
            cur.expect("{")
            while not cur.accept("}"):
                tok = cur.peek()
                if tok == "align" or tok == "alignstack":
                    cur.i += 1
                    cur.expect("=")
                    cur.alignment()
                    continue
                before = cur.i
                cur.attributes(W.ATTRIBUTE_GROUP_WORDS)
                if cur.i == before:
                    raise ParseFailure(f"unknown attribute '{tok or 'end of statement'}'", cur.i)
            if cur.i < cur.n:
                raise ParseFailure(f"unexpected '{cur.peek()}' after the attribute group", cur.i)
        except ParseFailure as fail:
            raise self.token_error(fail, toks, text, line, 0) from None

    def comdat_use(self, cur: Cursor, name: str, line: int) -> None:
        """After ``comdat``: ``($name)``, or nothing (the comdat named as the global itself)."""
        if cur.accept("("):
            tok = cur.next()
            if tok[:1] != "$":
                raise ParseFailure(f"expected a comdat name, found '{tok}'", cur.i - 1)
            cur.expect(")")
            self.comdat_uses.append((tok, line))
        else:
            self.comdat_uses.append(("$" + name[1:], line))

    def resolve_types(self) -> None:
        if len(self._pending_typedefs) != len(self._typedef_names):
            seen: set[str] = set()
            for name in self._typedef_names:
                if name in seen:
                    raise self.error(f"redefinition of type {name}", _line_of(self.lines, name + " = type", 2))
                seen.add(name)
        # LLVM's order rule makes a name of a type that is no struct (``%t = type i32``) read as its
        # body wherever it is used: a type body may name such a type only after its definition
        read: set[str] = set()
        ahead: set[str] = set()  # names a body used before their own definition
        for name, body in self._pending_typedefs.items():
            body = strip_comment(body).strip()
            if body == "opaque":
                self.module.types[name] = None
                read.add(name)
                continue
            toks = tokenize(body)
            cur = Cursor(toks, self.module)
            try:
                ty = cur.type()
                if cur.i < cur.n:
                    raise ParseFailure(f"unexpected '{cur.peek()}' after the type", cur.i)
            except ParseFailure as fail:
                line = _line_of(self.lines, name + " = type")
                raise self.error(f"cannot read the body of type {name}: {fail.message}", line) from None
            used = {tok[1] for tok in toks if tok[1][:1] == "%"}
            if ty.kind != T.STRUCT and (name in used or name in ahead):
                reason = "non-struct types may not be recursive" if name in used else \
                    "forward references to non-struct type"
                raise self.error(f"{reason} ({name})", _line_of(self.lines, name + " = type"))
            self.module.types[name] = ty
            ahead |= used - read
            read.add(name)

    def global_value(self, text: str, line: int) -> None:
        toks = tokenize(text)
        name = toks[0][1]
        if len(toks) < 3 or toks[1][1] != "=":
            raise self.error(f"expected '=' after {name}", line)
        cur = Cursor(toks, self.module, 2)
        cur.global_uses = []
        space = 0
        try:
            cur.linkage()
            external = toks[2][1] in ("external", "extern_weak")  # a declaration: no initializer
            if cur.accept("thread_local") and cur.accept("("):
                if cur.next() not in _TLS_MODELS:
                    raise ParseFailure("expected a thread-local storage model", cur.i - 1)
                cur.expect(")")
            if cur.peek() in W.UNNAMED_ADDR:
                cur.i += 1
            tok = cur.next()
            if tok in ("alias", "ifunc"):
                value_ty = cur.type()
                if cur.accept(","):
                    target_ty = _aliasee_type(cur)
                else:  # LLVM < 3.7: alias <pointer type> @target
                    target_ty = value_ty
                    value_ty = value_ty.elem if value_ty.kind == T.PTR and value_ty.elem else value_ty
                    cur.constant(target_ty)
                if target_ty.kind == T.PTR:
                    space = target_ty.addrspace
                kind = tok
            else:
                if tok == "addrspace":
                    cur.expect("(")
                    space = cur.number()
                    cur.expect(")")
                    tok = cur.next()
                if tok == "externally_initialized":
                    tok = cur.next()
                if tok not in ("global", "constant"):
                    raise ParseFailure(f"expected 'global' or 'constant', found '{tok}'", cur.i - 1)
                value_ty = cur.type()
                if not external:
                    cur.constant(value_ty)  # the initializer
                kind = "variable"
            self.global_tail(cur, name, line)
        except ParseFailure as fail:
            raise self.token_error(fail, toks, text, line, 0) from None
        self.references += [(tok, line) for _, tok in toks[2:] if tok[0] == "@"]
        self.global_uses += [(used, ty, line) for used, ty in cur.global_uses]
        if "blockaddress" in text:
            self.block_addresses += [(name, line) for name in _block_address_functions(toks)]
        pointee = None if self.module.opaque_pointers else value_ty
        group = toks[-1][1] if toks[-1][1][0] == "#" else None
        self.module.globals.append(Global(name, kind, T.pointer_to(pointee, space), text, line, group))

    def global_tail(self, cur: Cursor, name: str, line: int) -> None:
        """What may follow a global's value: ``, align N``, ``, section "s"``, ``, comdat``,
        attachments, then attribute groups; anything else is an error, as in LLVM."""
        while cur.accept(","):
            tok = cur.next()
            if tok == "align":
                cur.alignment()
            elif tok in ("section", "partition", "code_model"):
                cur.string()
            elif tok == "comdat":
                self.comdat_use(cur, name, line)
            elif tok[:1] == "!" and len(tok) > 1 and cur.peek()[:1] == "!":
                cur.metadata()
            elif tok not in _GLOBAL_FLAGS:
                raise ParseFailure(f"unexpected '{tok}' in a global's attributes", cur.i - 1)
        while cur.peek()[:1] == "#" and cur.peek()[1:].isdigit():
            cur.i += 1
        if cur.i < cur.n:
            raise ParseFailure(f"unexpected '{cur.peek()}' after the global's definition", cur.i)

    # -- functions ----------------------------------------------------------------------------
    def function(self, i: int, define: bool) -> int:
        header_line = i + 1
        text = strip_comment(self.lines[i]).rstrip()
        j = i + 1
        if define:
            close = text.rfind(")")  # the parameters' end: one match from there, a linear scan
            if close >= 0 and _EMPTY_BODY.fullmatch(text, close + 1):
                raise self.error("function body requires at least one basic block", header_line)
            while not text.endswith("{"):
                if j >= len(self.lines):
                    raise self.error("unexpected end of file in function header", header_line)
                text += " " + strip_comment(self.lines[j]).strip()
                j += 1
            text = text[:-1]
        else:
            depth = bracket_depth(text)
            while depth > 0 and j < len(self.lines):
                more = strip_comment(self.lines[j]).strip()
                text += " " + more
                depth += bracket_depth(more)
                j += 1
        toks = tokenize(text.strip())
        try:
            fn, slot = self.header(toks, header_line, define)
        except ParseFailure as fail:
            raise self.token_error(fail, toks, text.strip(), header_line, 0) from None
        self.module.functions.append(fn)
        self.references += [(tok, header_line) for _, tok in toks if tok[0] == "@"][1:]  # personality ...
        if not define:
            return j
        return self.body(fn, j, slot)

    def header(self, toks: list, line: int, define: bool) -> tuple[Function, int]:
        """The function and its next free value number (after unnamed arguments). Every word is
        checked in LLParser's order: ``define [linkage ...] [cc] [return attributes] <type>
        @name(<parameters>) [unnamed_addr] [addrspace(N)] [function attributes] [section "s"]
        [partition "s"] [comdat] [align N] [gc "s"] [prefix|prologue|personality <constant>]``."""
        if toks[0][1] != ("define" if define else "declare"):
            raise ParseFailure(f"unknown top-level entity '{toks[0][1][:40]}'", 0)
        cur = Cursor(toks, self.module, 1)
        cur.global_uses = []
        if not define:
            _attachments(cur)  # declare !dbg !3 void @f()
        cur.linkage()
        if cur.peek() in W.CALLING_CONVENTIONS:
            cur.i += 1
        elif cur.accept("cc"):
            cur.number()
        cur.attributes(W.RETURN_ATTRIBUTES)
        ret = cur.type()
        name_at = cur.i
        name = cur.global_name()
        cur.expect("(")
        args: list[Argument] = []
        unnamed = 0
        vararg = False
        if not cur.accept(")"):
            while True:
                if cur.accept("..."):
                    cur.expect(")")
                    vararg = True
                    break
                ty = cur.type()
                cur.attributes(W.PARAMETER_ATTRIBUTES)
                arg = cur.next() if cur.peek()[:1] == "%" else None
                if arg is None:
                    arg = f"%{unnamed}"
                    unnamed += 1
                elif arg[1:].isdigit():
                    number = _slot_number(arg)
                    if number < unnamed or (number > unnamed and not self.gaps):
                        raise ParseFailure(f"argument {arg} is out of order (expected %{unnamed}{self.or_later})", cur.i - 1)
                    unnamed = number + 1
                args.append(Argument(arg, ty))
                if cur.accept(")"):
                    break
                cur.expect(",")
        tail = cur.i
        if cur.peek() in W.UNNAMED_ADDR:
            cur.i += 1
        if cur.accept("addrspace"):
            cur.expect("(")
            cur.number()
            cur.expect(")")
        cur.function_attributes()
        for word in ("section", "partition"):
            if cur.accept(word):
                cur.string()
        if cur.accept("comdat"):
            self.comdat_use(cur, name, line)
        if cur.accept("align"):
            cur.alignment()
        if cur.accept("gc"):
            cur.string()
        for word in ("prefix", "prologue", "personality"):
            if cur.accept(word):
                cur.constant(cur.type())
        if define:
            _attachments(cur)
        if cur.i < cur.n:
            raise ParseFailure(f"unexpected '{cur.peek()}' in the function header", cur.i)
        cur.i = tail
        group = None
        attachments = []
        rest = [tok for _, tok in toks[cur.i:]]
        for k, tok in enumerate(rest):
            if tok[0] == "#" and group is None:
                group = tok
            elif tok[0] == "!" and tok[1:2].isalpha() and k + 1 < len(rest) and rest[k + 1][:1] == "!":
                attachments.append((tok[1:], rest[k + 1]))
        fn = Function(toks[name_at][1], ret, args, [], not define, line, group, attachments)
        self.function_types[fn.name] = T.function_of(ret, tuple(a.type for a in args), vararg)
        self.global_uses += [(used, ty, line) for used, ty in cur.global_uses]
        return fn, unnamed

    def body(self, fn: Function, j: int, slot: int) -> int:
        lines = self.lines
        n = len(lines)
        defined: dict[str, T.Type] = {a.name: a.type for a in fn.arguments}  # each name's type; a block's: _BLOCK
        block: Block | None = None
        closed = True  # the previous block ended with a terminator
        instructions: list[Instruction] = []
        while True:
            if j >= n:
                raise self.error(f"unexpected end of file: function {fn.name} has no closing '}}'", fn.line)
            self.line = j + 1
            raw = lines[j]
            stripped = raw.strip()
            if not stripped:
                j += 1
                continue
            if stripped[0] == ";":  # a comment, or an LLVM <= 6 unnamed block: "; <label>:5"
                m = _OLD_LABEL_RE.match(stripped)
            else:
                if stripped[0] == "}":
                    if stripped.rstrip("}").strip() and not stripped[1:].lstrip().startswith(";"):
                        raise self.error("unexpected text after '}'", j + 1)
                    break
                if ";" in stripped:
                    stripped = strip_comment(stripped).strip()
                m = _LABEL_RE.match(stripped) if stripped[-1] == ":" else None  # only ``name:`` is a label
            if m or stripped[0] == ";":
                if m:
                    slot = self._open_block(fn, block, closed, "%" + m.group(1), slot, defined, j + 1)
                    block, closed = fn.blocks[-1], False
                j += 1
                continue
            if stripped.startswith("#dbg_") or stripped.startswith("uselistorder"):
                j += 1  # LLVM 19 debug records and use-list orders are not instructions
                continue
            text, j = self.instruction_text(j, stripped)
            if closed:
                slot = self._open_block(fn, block, closed, None, slot, defined, j)
                block, closed = fn.blocks[-1], False
            inst, slot = self.instruction(text, raw, j, fn, slot, defined)
            block.instructions.append(inst)  # type: ignore[union-attr]
            instructions.append(inst)
            if inst.opcode in TERMINATORS:
                closed = True
        if not fn.blocks:
            raise self.error(f"function {fn.name} has no basic blocks", fn.line)
        if not closed:
            last = fn.blocks[-1]
            raise self.error(f"block {last.name} in {fn.name} does not end with a terminator", last.line)
        self.check_uses(fn, instructions, defined)
        failure = controlflow.check_function(fn)
        if failure:
            raise self.error(*failure)
        return j + 1

    def _open_block(self, fn: Function, block: Block | None, closed: bool, label: str | None, slot: int,
                    defined: dict[str, T.Type], line: int) -> int:
        if not closed:
            raise self.error(f"label {label} inside block {block.name}: previous block has no terminator", line)  # type: ignore[union-attr]
        if label is None:
            label = f"%{slot}"
            slot += 1
        elif label[1:].isdigit():
            number = _slot_number(label)
            if number < slot or (number > slot and not self.gaps):
                raise self.error(f"block label {label} is out of order (expected %{slot}{self.or_later})", line)
            slot = number + 1
        if label in defined:
            raise self.error(f"redefinition of {label} in {fn.name}", line)
        defined[label] = _BLOCK
        fn.blocks.append(Block(label, [], line))
        return slot

    def instruction_text(self, j: int, text: str) -> tuple[str, int]:
        """An instruction's text from line ``j``, whose own ``text`` (the line without its comment
        and surrounding space) the caller has, continuing over brackets and continuation lines."""
        lines = self.lines
        j += 1
        if not text.endswith(",") and self.shapes.known(text) and \
                (j == len(lines) or _CONTINUATION.match(lines[j]) is None):
            return text, j  # read before, so its brackets close: not counted again (most lines)
        depth = bracket_depth(text)
        while j < len(lines):
            if depth <= 0 and not text.endswith(",") and \
                    _CONTINUATION.match(lines[j]) is None:
                break
            more = strip_comment(lines[j]).rstrip()
            text += "\n" + more
            depth += bracket_depth(more)
            j += 1
        if depth > 0:
            raise self.error("unexpected end of file: unclosed bracket in instruction", j)
        return text, j

    def instruction(self, text: str, raw: str, end_line: int, fn: Function, slot: int,
                    defined: dict[str, T.Type]) -> tuple[Instruction, int]:
        line = end_line - text.count("\n")
        name, opcode, found, said = self.shapes.read(text, lambda: self.read_instruction(text, line, _indent(raw)))
        if name is None:
            if found.type is not None:
                slot += 1  # an unnamed result takes the next number, as in LLVM
        else:
            if found.type is None:
                raise self.error(f"cannot name the void result of '{opcode}'", line, _indent(raw) + 1)
            if name[1:].isdigit():
                number = _slot_number(name)
                if number < slot or (number > slot and not self.gaps):
                    raise self.error(f"value {name} is out of order (expected %{slot}{self.or_later})", line,
                                     _indent(raw) + 1)
                slot = number + 1
            if name in defined:
                raise self.error(f"redefinition of {name} in {fn.name}", line, _indent(raw) + 1)
            defined[name] = found.type
        if opcode == "ret":
            returned = found.operands[0].type if found.operands else T.VOID_T
            if returned is not fn.return_type:
                raise self.error(f"ret {returned.text} in {fn.name}, which returns {fn.return_type.text}", line,  # type: ignore[union-attr]
                                 _indent(raw) + 1)
        inst = Instruction(opcode, name, found.type, found.operands, text, line, found.successors, found.callee,
                           found.blocks, said)
        return inst, slot

    def read_instruction(self, text: str, line: int, indent: int) -> tuple[str | None, str, Parts]:
        """An instruction's result name, opcode and what its opcode's grammar finds in its tokens."""
        toks = tokenize(text)
        name = None
        k = 0
        try:
            if toks and toks[0][1][0] == "%":
                if len(toks) < 2 or toks[1][1] != "=":
                    raise ParseFailure("expected '=' after the result name", 1)
                name = toks[0][1]
                k = 2
            if k >= len(toks):
                raise ParseFailure("expected an instruction opcode", k)
            opcode = toks[k][1]
            if opcode in CALL_PREFIXES:
                k += 1
                opcode = toks[k][1] if k < len(toks) else ""
                if opcode != "call":
                    raise ParseFailure("expected 'tail call', 'musttail call', or 'notail call'", k)
            handler = HANDLERS.get(opcode)
            if handler is None:
                raise ParseFailure(f"unknown instruction '{opcode[:40]}'", k)
            cur = Cursor(toks, self.module, k + 1)
            found = handler(cur)
            atomic = opcode not in ("load", "store") or (k + 1 < len(toks) and toks[k + 1][1] == "atomic")
            self.check_tail(cur, opcode, atomic)
        except ParseFailure as fail:
            raise self.token_error(fail, toks, text, line, indent) from None
        except RecursionError:
            raise self.error("instruction nested too deeply", line, indent + 1) from None
        return name, opcode, found

    def check_tail(self, cur: Cursor, opcode: str, atomic: bool) -> None:
        """After the operands: an atomic instruction's ``[syncscope(...)]`` and orderings (each one
        LLVM allows there), a memory access's ``, align N`` (required when atomic), then ``, !kind
        !N`` attachments; anything else is an error, as in LLVM."""
        aligned = attached = False
        if atomic and opcode in _REFUSED_ORDERINGS:
            if cur.accept("syncscope"):
                cur.skip_group()
            else:
                cur.accept("singlethread")  # LLVM < 5
            for k, refused in enumerate(_REFUSED_ORDERINGS[opcode]):
                ordering = cur.next()
                if ordering not in _ORDERINGS:
                    raise ParseFailure(f"expected an atomic ordering, found '{ordering}'", cur.i - 1)
                if ordering in refused:
                    what = "the failure ordering of cmpxchg" if k else ("atomic " * (opcode in ("load", "store"))) + opcode
                    raise ParseFailure(f"{what} cannot be {ordering}", cur.i - 1)
        while cur.i < cur.n:
            cur.expect(",")
            tok = cur.peek()
            if tok == "align" and opcode in _ATOMIC_TAIL and not attached:
                cur.i += 1
                cur.alignment()
                aligned = True
            elif tok[:1] == "!" and tok[1:2].isalpha() and cur.peek(1)[:1] == "!":
                cur.i += 1
                cur.metadata()
                attached = True  # attachments come last
            else:
                wanted = "a metadata attachment" + (" or 'align'" if opcode in _ATOMIC_TAIL and not attached else "")
                raise ParseFailure(f"expected {wanted}, found '{tok or 'end of statement'}'", cur.i)
        if atomic and opcode in ("load", "store") and not aligned:
            raise ParseFailure(f"atomic {opcode} without ', align N'", cur.i)

    def check_uses(self, fn: Function, instructions: list[Instruction], defined: dict) -> None:
        """Every value, block and phi block an instruction names is defined in the function, and a
        value is used with the type it was defined with (the type each use writes out), as in LLVM."""
        label = _BLOCK
        arguments = {a.name for a in fn.arguments}
        for inst in instructions:
            for op in inst.operands:
                if op.kind == _LOCAL:
                    ty = defined.get(op.text)
                    if ty is None:
                        raise self.error(f"use of undefined value {op.text}", inst.line)
                    if op.type is not ty and op.type is not None and not (
                            ty is label and op.type is T.LABEL_T):
                        raise self.error(_mismatch(op.text, ty.text, op.type), inst.line)
                    if ty is label:
                        op.kind = _BLOCK_KIND
                    elif op.text in arguments:
                        op.kind = _ARGUMENT
                elif op.kind == _BLOCK_KIND and defined.get(op.text) is not label:
                    raise self.error(f"branch to undefined block {op.text}", inst.line)
            for succ in inst.successors:
                if defined.get(succ) is not label:
                    raise self.error(f"branch to undefined block {succ}", inst.line)
            for block in inst.incoming:
                if defined.get(block) is not label:
                    raise self.error(f"incoming block {block} of a phi is not a block of {fn.name}", inst.line)

    def resolve_metadata(self) -> None:
        """Every numbered metadata node that the module names is defined in it, and numbered
        within 32 bits, as LLVM requires (the nodes' bodies stay text)."""
        defined = {_digits(name[1:]) for name in self.module.metadata if name[1:].isdigit()}
        numbers = {_digits(number) for number in _NUMBERED_METADATA_RE.findall(self.text)}
        if numbers <= defined and all(_fits_32_bits(number) for number in numbers):
            return  # the usual case, found fast; else strings and comments are passed over
        for m in _METADATA_REF_RE.finditer(self.text):
            number = m.group(1)
            fits = number is not None and _fits_32_bits(_digits(number))
            if number is None or (fits and _digits(number) in defined):
                continue
            line_start = self.text.rfind("\n", 0, m.start()) + 1
            message = f"use of undefined metadata '!{number[:20]}'" if fits else \
                f"metadata number !{number[:20]} is too large (32 bits at most)"
            raise self.error(message, self.text.count("\n", 0, m.start()) + 1, m.start() - line_start + 1)

    def global_types(self) -> dict[str, T.Type]:
        """The type each use of a global must give it: a variable's pointer type, and with typed
        pointers a function's type, which its pointers point to (in any address space: a call's
        may be the data layout's). No variable where the data layout puts globals in another
        address space by default."""
        types = {} if self.module.opaque_pointers else dict(self.function_types)
        if not _DEFAULT_GLOBAL_SPACE_RE.search(self.module.data_layout):
            types.update((g.name, g.type) for g in self.module.globals if g.kind == "variable")
        return types

    def check_global_use(self, types: dict[str, T.Type], name: str, ty: T.Type, line: int) -> None:
        """A use of global ``name`` as ``ty`` (written at the use) matches ``global_types``."""
        want = types.get(name)
        if want is None or ty is want or (want.kind == T.FUNC and ty.kind == T.PTR and ty.elem is want):
            return
        if want.kind == T.FUNC and not _written(_STAR_RE, self.text):
            return  # no pointer type written at all: LLVM >= 15 reads the module with opaque pointers
        raise self.error(_mismatch(name, want.text + "*" if want.kind == T.FUNC else want.text, ty), line)

    def resolve_globals(self) -> None:
        functions = {f.name for f in self.module.functions}
        variables = {g.name for g in self.module.globals}
        seen: set[str] = set()
        definitions = [(f.name, f.line) for f in self.module.functions] + [(g.name, g.line) for g in self.module.globals]
        for name, line in sorted(definitions, key=lambda d: d[1]):
            if name in seen:
                raise self.error(f"redefinition of {name}", line)
            seen.add(name)
        for name, line in self.references:
            if name not in functions and name not in variables:
                raise self.error(f"use of undefined global {name}", line)
        for name, line in self.comdat_uses:
            if name not in self.module.comdats:
                raise self.error(f"use of undefined comdat {name}", line)
        value_types = self.global_types()
        for name, ty, line in self.global_uses:
            self.check_global_use(value_types, name, ty, line)
        checked: set[str] = set()  # constants whose global uses are checked (each text once)
        for fn in self.module.functions:
            for block in fn.blocks:
                for inst in block.instructions:
                    for op in inst.operands:
                        if op.kind != _GLOBAL:
                            if "@" in op.text and op.kind in _CONSTANTS:
                                toks = tokenize(op.text)
                                for _, tok in toks:
                                    if tok[0] == "@" and tok not in functions and tok not in variables:
                                        raise self.error(f"use of undefined global {tok}", inst.line)
                                if "blockaddress" in op.text:
                                    self.block_addresses += [(name, inst.line) for name in _block_address_functions(toks)]
                                if value_types and op.text not in checked:
                                    checked.add(op.text)
                                    cur = Cursor(toks, self.module)
                                    cur.global_uses = []
                                    cur.constant(op.type)  # read before: this time for the globals it uses
                                    for name, ty in cur.global_uses:
                                        self.check_global_use(value_types, name, ty, inst.line)
                            continue
                        if op.text in functions:
                            op.kind = _FUNCTION
                        elif op.text not in variables:
                            raise self.error(f"use of undefined global {op.text}", inst.line)
                        if op.type is not None:
                            self.check_global_use(value_types, op.text, op.type, inst.line)
                    if inst.callee is not None and inst.callee not in functions:
                        inst.callee = None
        bodies = {f.name for f in self.module.functions if f.blocks}
        for name, line in self.block_addresses:
            if name not in bodies:
                raise self.error(f"blockaddress names {name}, which is not a defined function", line)


def _mismatch(name: str, defined: str, used: T.Type) -> str:
    return f"'{name}' defined with type '{defined}' but used as '{used.text}'"


def _written(pattern: re.Pattern, text: str) -> bool:
    """Whether ``pattern`` occurs in the module outside strings and comments: the type ``ptr``
    (opaque pointers, LLVM >= 15), which typed IR may hold in ``c"blowfish(ptr)"``, or a ``*``."""
    for m in pattern.finditer(text):
        prefix = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
        if prefix.count('"') % 2 == 0 and len(strip_comment(prefix)) == len(prefix):
            return True
    return False


def _digits(number: str) -> str:
    return number.lstrip("0") or "0"


def _fits_32_bits(digits: str) -> bool:
    """Whether a number without leading zeros is below 2**32 (LLVM numbers metadata in 32 bits)."""
    return len(digits) < 10 or (len(digits) == 10 and int(digits) < 1 << 32)


def _block_address_functions(toks: list) -> list[str]:
    """The functions that ``blockaddress(@f, %bb)`` constants among ``toks`` name."""
    return [toks[k + 2][1] for k in range(len(toks) - 2) if toks[k][1] == "blockaddress" and toks[k + 1][1] == "("]


def _attachments(cur: Cursor) -> None:
    """Metadata attachments of a function: ``!dbg !12 !prof !3``."""
    while cur.peek()[:1] == "!" and cur.peek()[1:2].isalpha() and cur.peek(1)[:1] == "!":
        cur.i += 1
        cur.metadata()


_UNTYPED_ALIASEES = ("bitcast", "getelementptr", "addrspacecast", "inttoptr")


def _aliasee_type(cur: Cursor) -> T.Type:
    """The type of an alias's aliasee: ``<type> @g``, or a cast or getelementptr written without
    a leading type (LLParser: the expression's own type), e.g. a C++ destructor aliased to its
    base's ``bitcast (void (%Base*)* @f to void (%Derived*)*)``."""
    op = cur.peek()
    if op not in _UNTYPED_ALIASEES:
        ty = cur.type()
        cur.constant(ty)  # a global or a constant expression, never a function's local
        return ty
    cur.i += 1
    if op == "getelementptr":
        cur.accept("inbounds")
        cur.expect("(")
        cur.type()
        cur.expect(",")
        base = cur.typed_value().type
        while cur.accept(","):
            cur.typed_value()
        cur.expect(")")
        return base  # type: ignore[return-value]
    cur.expect("(")
    cur.typed_value()
    cur.expect("to")
    ty = cur.type()
    cur.expect(")")
    return ty


def _unquote(text: str) -> str:
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        inner = text[1:-1]
        if "\\" in inner:
            inner = re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), inner)
        return inner
    return text


def _line_of(lines: list[str], needle: str, nth: int = 1) -> int:
    for k, line in enumerate(lines):
        if line.startswith(needle):
            nth -= 1
            if nth == 0:
                return k + 1
    return 0


_LEGACY_WORDS = (" = load ", " = getelementptr ")  # every match of _LEGACY_RE holds one of them


def _legacy_syntax(text: str) -> bool:
    """Whether ``_LEGACY_RE`` occurs in ``text``: tried only at the start of a line where one of
    ``_LEGACY_WORDS`` is followed by a ``*`` with no comma between (as in every match; LLVM >= 3.7
    writes ``load i32, i32* %p``), several times faster than the multi-line search, which tries
    it at every line."""
    for word in _LEGACY_WORDS:
        at = text.find(word)
        while at >= 0:
            end = text.find("\n", at)
            if end < 0:
                end = len(text)
            star = text.find("*", at, end)
            if star >= 0 and text.find(",", at, star) < 0 and \
                    _LEGACY_RE.match(text, text.rfind("\n", 0, at) + 1) is not None:
                return True
            at = text.find(word, at + 1)
    return False


def _typedefs(text: str) -> list[tuple[str, str]]:
    """The name and body of each type definition, as ``_TYPEDEF_RE.finditer`` finds them: the
    expression is tried only at the start of each line that holds " = type " (searching for the
    text first is seven times faster than trying the expression at every line)."""
    found = []
    at = text.find(" = type ")
    while at >= 0:
        m = _TYPEDEF_RE.match(text, text.rfind("\n", 0, at) + 1)
        if m is not None:
            found.append((m.group(1), m.group(2)))
        end = text.find("\n", at)
        if end < 0:
            break
        at = text.find(" = type ", end)
    return found


_ASCII_ODD_BLANKS = "\x0b\x0c\x1c\x1d\x1e\x1f"  # the ASCII characters _ODD_BLANK matches


def _has_odd_blank(text: str) -> bool:
    """Whether ``_ODD_BLANK`` occurs in ``text``: for ASCII text (nearly every module) a search for
    each of its six characters, twenty times faster than the expression."""
    if text.isascii():
        return any(blank in text for blank in _ASCII_ODD_BLANKS)
    return _ODD_BLANK.search(text) is not None


def _check_whitespace(text: str, path: str) -> None:
    """LLVM's lexer takes only space, tab and line ends as blanks: any other character that
    Python calls whitespace (vertical tab, form feed, \\x1c-\\x1f, no-break space ...) outside
    strings and comments is an error."""
    for k, line in enumerate(text.split("\n")):
        code = re.sub(r'"[^"]*"', lambda m: " " * len(m.group()), strip_comment(line))
        bad = _ODD_BLANK.search(code)
        if bad:
            raise IRParseError(f"unexpected character {bad.group()!r}", path, k + 1, bad.start() + 1)


def _check_comment_ends(text: str, path: str) -> None:
    """LLVM ends a comment at a carriage return too: text after one is code, which the reader
    (ending comments at line feeds) would skip, so it is an error."""
    for k, line in enumerate(text.split("\n")):
        if "\r" in line:
            comment = line[len(strip_comment(line)):]
            cr = comment.find("\r")
            if cr >= 0 and comment[cr:].strip():
                column = len(line) - len(comment) + cr + 2
                raise IRParseError("text after a carriage return that ends a comment", path, k + 1, column)


def parse_module(text: str, path: str = "<string>") -> Module:
    """Parse textual IR; every failure is an ``IRParseError`` located in ``path``."""
    if not text.strip():
        raise IRParseError("empty input: no LLVM IR", path, 1, 1)
    if _has_odd_blank(text):
        _check_whitespace(text, path)
    if "\r" in text and "\n" not in text:  # lines ended by carriage returns alone (classic Mac OS):
        text = text.replace("\r", "\n")  # LLVM reads a carriage return as a blank, and ends comments at one
    if "\r" in text:
        _check_comment_ends(text, path)
    reader = _Reader(text, path)
    try:
        reader.resolve_types()
        module = reader.parse()
        reader.resolve_globals()
        reader.resolve_metadata()
    except IRParseError:
        raise
    except RecursionError:
        raise IRParseError("input nested too deeply", path, reader.line, 1) from None
    except (ParseFailure, IndexError, ValueError, KeyError, AttributeError, TypeError) as exc:
        raise IRParseError(f"unreadable IR ({type(exc).__name__})", path, reader.line, 1) from None
    return module
