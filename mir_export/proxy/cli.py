"""``mir-export pretrain proxy``: the retrieval proxy's figures, and ``--record`` into a model directory."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from mir_runtime.usage import Formatter, UsageError


def add_command(cmds) -> None:
    """``proxy`` among the ``pretrain`` commands (``cmds``: their subparsers)."""
    from mir_export.proxy import METHODS

    proxy = cmds.add_parser("proxy", formatter_class=Formatter,
                            help="retrieval proxy: find a function's -O2 variant from its -O0 one (and across clangs)",
                            description="Recall@1 and MRR, by cosine similarity, of finding each held-out function's "
                                        "target variant from its query variant among all candidates, for the model "
                                        "and baselines that learn nothing. Exit status 1 when the "
                                        "headline task has fewer than --min-candidates candidates.")
    proxy.add_argument("--variants", type=Path, required=True, help="a directory written by 'corpus variants'")
    proxy.add_argument("--model", type=Path, required=True, help="model directory (artifacts: the shipped model)")
    proxy.add_argument("--out", type=Path, default=None, help="JSON file to write (default: stdout only)")
    proxy.add_argument("--split", choices=("held-out", "all"), default="held-out",
                       help="held-out functions only, or every function (not the bar's figure: the encoder may "
                            "have trained on them)")
    proxy.add_argument("--methods", default=",".join(METHODS),
                       help=f"comma-separated: {', '.join(METHODS)} (whitened: ours after the model's whitening, "
                            "'mir-export whiten'; identifiers and tokens: TF-IDF bags of the names the statements "
                            "reference and of the tokenizer's tokens, baselines that learn nothing)")
    proxy.add_argument("--min-candidates", type=int, default=1000, help="fewer candidates fail the run")
    proxy.add_argument("--jobs", type=int, default=1, help="parallel function extractions and embedding processes")
    proxy.add_argument("--record", action="store_true",
                       help="write the headline figures into --model's manifest.json (metrics.pretrain."
                            "variant_recall_at_1, variant_mrr, variant_proxy); held-out split and the minimum only")


def run(args: argparse.Namespace) -> int:
    """``pretrain proxy``: the figures as JSON on stdout (and ``--out``); 1 when below the minimum."""
    from mir_export.proxy import METHODS
    from mir_export.corpus.pairs import ProxyError
    from mir_export.proxy.run import run_proxy

    methods = tuple(m for m in args.methods.split(",") if m)
    unknown = set(methods) - set(METHODS)
    if unknown or not methods:
        raise UsageError(f"--methods: unknown {sorted(unknown)} (known: {', '.join(METHODS)})")
    if {"ours", "whitened"} & set(methods) and not (args.model / "manifest.json").is_file():
        raise UsageError(f"{args.model / 'manifest.json'}: missing (--model: a model directory)")
    if args.record and (args.split != "held-out" or "ours" not in methods):
        raise UsageError("--record: only the bar's figure is recorded: --split held-out and 'ours' in --methods")
    try:
        result = run_proxy(args.variants, args.model, methods, args.split == "held-out", args.min_candidates,
                           args.jobs)
    except ProxyError as exc:
        raise UsageError(str(exc)) from None
    if args.record and result["below_minimum"]:
        raise UsageError(f"--record: only the bar's figure is recorded: at least {args.min_candidates} candidates "
                         f"(got {result['candidates']})")
    text = json.dumps(result | {"command": args.invocation}, indent=2)
    if args.record:
        record_proxy(args.model, result, args.invocation)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n")
    print(text)
    if result["below_minimum"]:
        print(f"mir-export: {result['candidates']} candidates, below the minimum of {args.min_candidates}: these "
              "figures are not the bar's", file=sys.stderr)
        return 1
    return 0


OURS = ("ours", "whitened")  # the model's own figures; the other methods are baselines


def record_proxy(model: Path, result: dict, command: str | None) -> None:
    """The proxy's headline figures into ``model``'s manifest, with what they were measured on."""
    from mir_export.corpus.variant_build import MANIFEST
    from mir_export.export.encoders import update_manifest
    from mir_export.corpus.pairs import HEADLINE
    from mir_runtime.modeldir import file_sha256

    variants = Path(result["variants"])
    methods = result["tasks"][HEADLINE]["methods"]
    proxy = {"task": HEADLINE, "candidates": result["candidates"], "variants_manifest_sha256":
             file_sha256(variants / MANIFEST), "baselines": {m: f for m, f in methods.items() if m not in OURS},
             "command": command}
    figures = {"variant_recall_at_1": result["recall_at_1"], "variant_mrr": result["mrr"], "variant_proxy": proxy}
    whitened = methods.get("whitened", {})
    if "recall_at_1" in whitened:  # the embedding for similarity search ('embed --whiten'), beside the raw one
        figures |= {"variant_recall_at_1_whitened": whitened["recall_at_1"], "variant_mrr_whitened": whitened["mrr"]}
    pretrain = json.loads((model / "manifest.json").read_text()).get("metrics", {}).get("pretrain", {})
    stale = ("variant_recall_at_1_whitened", "variant_mrr_whitened")  # a model without a whitening now
    update_manifest(model, [], metrics={"pretrain": {k: v for k, v in pretrain.items() if k not in stale} | figures})
