"""``mir-export``: the training-side command line."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mir-export", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    corpus = sub.add_parser("corpus", help="the pre-training IR corpus")
    corpus_sub = corpus.add_subparsers(dest="corpus_command", required=True)

    build = corpus_sub.add_parser("build", help="fetch, build and harvest IR; write corpus-manifest.json")
    build.add_argument("--out", type=Path, required=True, help="corpus directory (outside the repository)")
    build.add_argument("--packages", nargs="+", help="only these packages (default: all pinned packages)")
    build.add_argument("--jobs", type=int, default=2, help="parallel compiles and readers (default 2)")
    build.add_argument("--no-prepare", action="store_true",
                       help="skip the deb-src entry, apt-get and pip installs (machine already prepared)")
    build.add_argument("--max-share", type=float, default=0.25,
                       help="cap on one package's share of unique statements (default 0.25)")
    build.add_argument("--eval-ir", default=None,
                       help="glob of evaluation IR that must not overlap the corpus "
                            "(default: ../shared/datasets/*/kernels_ir/*.ll next to the repository)")

    stats = corpus_sub.add_parser("stats", help="modules, functions and statements, by source and language")
    stats.add_argument("corpus", type=Path, help="corpus directory or a corpus-manifest.json")

    from mir_export.pretrain_cli import add_commands as add_pretrain_commands

    add_pretrain_commands(sub)
    from mir_export.downstream_cli import add_commands as add_downstream_commands

    add_downstream_commands(sub)
    return parser


def _corpus(args: argparse.Namespace) -> int:
    if args.corpus_command == "stats":
        from mir_export.corpus.stats import print_stats

        return print_stats(args.corpus)
    from mir_export.corpus.build import build
    from mir_export.corpus.manifest import default_eval_glob, write_manifest
    from mir_export.corpus.packages import by_name

    packages = by_name(args.packages)
    records = build(args.out, packages, args.jobs, prepare=not args.no_prepare)
    manifest = write_manifest(args.out, records, jobs=args.jobs, max_share=args.max_share,
                              eval_glob=args.eval_ir or default_eval_glob())
    print(f"corpus: {manifest['modules']} modules, {manifest['unique_functions']} unique functions, "
          f"{manifest['unique_statements']} unique statements from {len(manifest['packages'])} packages; "
          f"eval overlap: {manifest['eval_check']['overlapping_functions']} functions")
    return 1 if manifest["eval_check"]["overlapping_functions"] else 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "corpus":
        return _corpus(args)
    if args.command == "pretrain":
        from mir_export.pretrain_cli import run

        return run(args)
    if args.command == "export":
        from mir_export.pretrain_cli import run_export

        return run_export(args)
    if args.command == "downstream":
        from mir_export.downstream_cli import run as run_downstream

        return run_downstream(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
