"""``mir-export passes pack``: the shipped ``passes`` task pack, from what the judge chose.

The judge's training modules chose, per feature set, a learner (inner folds only) and recorded its
inner score (``features.NAME.inner_log_gain``: mean log gain over -Oz of its inner-fold decisions).
The pack takes the feature set of the largest inner score among those the runtime computes itself
(``opcodes``, ``autophase``: ``mir_runtime.code_counts``; ``ours``: the model's embedding), equal
one-shot scores (-Oz on every inner module) decided by the ranking's inner score (what ``tune``
keeps with its first pipelines, ``ranking_inner_log_gain``); the held-out figures never choose.
The judge's learner for it is refitted on every training module the judge read (the same labels,
checked by sha256, the same held-out packages left out, the same feature matrix from the judge's cache, the same seed), exported to ONNX (``embedding`` [N, D] in,
``gains`` [N, C] out, -Oz's column carrying the learner's margin, so the runtime's arg-max is the
judge's one-shot decision; where the judge's ranking learner is another, its scores as a second
output, ``ranking``, the order ``tune`` tries the pipelines in) and checked twice before the pack
is renamed into place: the ONNX head against the learner on every training row, and ``mir_runtime`` serving the pack against the
learner on a few training modules, as every exported head is checked.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import shutil
import sys
from pathlib import Path

import numpy as np

from mir_runtime.tasks import RANKING
from mir_runtime.usage import UsageError

TASK_NAME = "passes"
HEAD = "passes.onnx"
LLVM = 14  # the corpus's LLVM: every label was counted by opt-14
# judge feature set -> the runtime's ``features`` of a pack reading it
SHIPPABLE = {"opcodes": "opcodes", "autophase": "autophase", "ours": "embedding"}
CHECK_MODULES = 3  # training modules predicted through mir_runtime after writing
TOLERANCE = 1e-3  # on gains (log units): float32 arithmetic, the embedding computed twice
DESCRIPTION = ("the opt -passes= pipeline of fewest IR instructions for an LLVM {llvm} module (gains: the predicted "
               "log of -Oz's IR instruction count over each pipeline's; default<Oz>'s column is the head's margin, "
               "{margin:g}: another pipeline is chosen only when its predicted gain clears it); features: {features}")


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_judge(path: Path) -> dict:
    """The judge's JSON, its fields this command reads checked (one-line UsageError naming the file)."""
    try:
        judge = json.loads(path.read_text())
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: cannot read ({getattr(exc, 'strerror', None) or exc})") from None
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path}:{exc.lineno}: not JSON (a 'mir-export passes judge' output)") from None
    if not isinstance(judge, dict):
        raise UsageError(f"{path}: not a judge's JSON object")
    for field, kind in (("pipelines", list), ("features", dict), ("inputs", dict), ("settings", dict),
                        ("modules", dict)):
        if not isinstance(judge.get(field), kind):
            raise UsageError(f"{path}: no {field} (a 'mir-export passes judge' output)")
    for name, entry in judge["features"].items():
        inner = entry.get("inner_log_gain", "") if isinstance(entry, dict) else ""
        scored = isinstance(inner, (int, float)) or inner is None and name not in SHIPPABLE  # fine-tuned: no inner folds
        if not isinstance(entry, dict) or not isinstance(entry.get("learner"), str) or not scored:
            raise UsageError(f"{path}: features.{name} has no learner and inner_log_gain")
    if not all(isinstance(n, str) for n in judge["pipelines"]):
        raise UsageError(f"{path}: pipelines must be names")
    for split in ("train", "test"):
        entry = judge["inputs"].get(split)
        if (split == "train" or entry is not None) and not (
                isinstance(entry, dict) and all(isinstance(entry.get(k), str) for k in ("file", "sha256"))):
            raise UsageError(f"{path}: inputs.{split} has no labels file and sha256")
    recorded = judge["inputs"].get("pipelines")
    if recorded is not None and not (isinstance(recorded, dict) and isinstance(recorded.get("passes", {}), dict)):
        raise UsageError(f"{path}: inputs.pipelines must be the judge's pipeline file entry")
    held = judge["settings"].get("test_packages")
    if held is not None and not (isinstance(held, list) and all(isinstance(h, str) for h in held)):
        raise UsageError(f"{path}: settings.test_packages must be a list of package names")
    sample = judge["settings"].get("train_sample")
    if sample is not None and (isinstance(sample, bool) or not isinstance(sample, int) or sample < 1):
        raise UsageError(f"{path}: settings.train_sample must be a number of modules")
    if not isinstance(judge["settings"].get("seed", 0), int) or not isinstance(judge["modules"].get("train"), int):
        raise UsageError(f"{path}: settings.seed and modules.train must be integers")
    return judge


def choose_features(judge: dict, forced: str | None, where: Path) -> str:
    """The judge's feature set to ship: ``forced``, else the largest inner score among those the
    runtime computes (ties: the larger ranking inner score, then the table's order). A set the
    runtime cannot compute is refused."""
    features = judge["features"]
    if forced is not None:
        if forced not in SHIPPABLE:
            raise UsageError(f"--features {forced}: the runtime cannot compute it (it computes "
                             f"{', '.join(SHIPPABLE)})")
        if forced not in features:
            raise UsageError(f"--features {forced}: {where} has no learner for it (the judge ran "
                             f"{', '.join(features)})")
        return forced
    candidates = [n for n in features if n in SHIPPABLE]
    if not candidates:
        raise UsageError(f"{where}: the judge ran no feature set the runtime computes ({', '.join(SHIPPABLE)})")
    chosen = max(candidates, key=lambda n: (features[n]["inner_log_gain"],
                                            features[n].get("ranking_inner_log_gain") or -math.inf))
    above = [n for n in features if features[n]["inner_log_gain"] is not None
             and features[n]["inner_log_gain"] > features[chosen]["inner_log_gain"]]
    if above:
        print(f"passes pack: note: {', '.join(above)} scored above {chosen} on the inner folds; the runtime "
              "cannot compute them", file=sys.stderr)
    return chosen


def pipelines_of(judge: dict, given: Path | None, where: Path) -> dict[str, str]:
    """Each judged pipeline's ``opt -passes=`` text, in the judge's order: from the judge's JSON
    (it records its pipeline file's), else from ``given`` (NAME<TAB>PASSES; standard levels known)."""
    from mir_export.tasks.passes.pipelines import STANDARD, PipelineError, read_pipelines

    recorded = judge["inputs"].get("pipelines")
    if given is not None:
        if recorded and recorded.get("sha256") not in (None, _sha256(given) if given.is_file() else None):
            raise UsageError(f"--pipelines {given}: not the file the judge read ({recorded.get('file')}, "
                             "another sha256)")
        try:
            passes = {**STANDARD, **read_pipelines(given)}
        except OSError as exc:
            raise UsageError(f"--pipelines {given}: {exc.strerror}") from None
        except (PipelineError, UnicodeDecodeError) as exc:
            raise UsageError(str(exc)) from None
    elif recorded and isinstance(recorded.get("passes"), dict):
        passes = {**STANDARD, **recorded["passes"]}
    else:
        passes = dict(STANDARD)
    missing = [n for n in judge["pipelines"] if n not in passes]
    if missing:
        source = f"--pipelines {given}" if given else f"{where} (give the judge's pipeline file: --pipelines FILE)"
        raise UsageError(f"{source}: no passes for pipeline {missing[0]!r} ({len(missing)} of "
                         f"{len(judge['pipelines'])} missing)")
    return {n: passes[n] for n in judge["pipelines"]}


def _labels(data: Path, judge: dict, given: Path | None, where: Path) -> tuple[Path, Path | None]:
    """The training (and held-out) label files the judge read, checked against its sha256."""
    inputs = judge["inputs"]
    train = given or data / inputs["train"]["file"]
    test = data / inputs["test"]["file"] if isinstance(inputs.get("test"), dict) else None
    for path, entry in ((train, inputs["train"]), (test, inputs.get("test"))):
        if path is None:
            continue
        if not path.is_file():
            raise UsageError(f"{path}: no such file (the labels {where} was judged on)")
        if _sha256(path) != entry.get("sha256"):
            raise UsageError(f"{path}: not the labels {where} was judged on (another sha256): run the judge again")
    return train, test


def training_rows(data: Path, judge: dict, train_file: Path | None, where: Path):
    """The judge's split of the labels (``task.Split``), checked to be the one it judged."""
    from mir_export.tasks.passes.task import LabelFileError, load_split

    train, test = _labels(data, judge, train_file, where)
    test_packages = judge["settings"].get("test_packages")
    try:
        split, _ = load_split(data / "ir", train, test, test_packages if test is None else None,
                              list(judge["pipelines"]), judge["settings"].get("train_sample"))
    except LabelFileError as exc:
        raise UsageError(str(exc)) from None
    if split.train.names != tuple(judge["pipelines"]) or len(split.train) != judge["modules"].get("train"):
        raise UsageError(f"{train}: {len(split.train)} training modules under {len(split.train.names)} pipelines, "
                         f"not the judge's {judge['modules'].get('train')} under {len(judge['pipelines'])}")
    missing = [m for m in (*split.train.modules, *split.test.modules) if not (split.ir / m).is_file()]
    if missing:
        raise UsageError(f"{split.ir / missing[0]}: no such module ({len(missing)} of the labelled modules missing)")
    return split


def learner_named(name: str, where: Path, ranking: bool = False):
    """The grid's learner that the judge recorded by ``name`` (``ranking``: of the ranking grid)."""
    from mir_export.evaluation.learners import PASSES_ONE_SHOT, PASSES_RANKERS

    found = next((lr for lr in (PASSES_RANKERS if ranking else PASSES_ONE_SHOT) if lr.name == name), None)
    if found is None:
        raise UsageError(f"{where}: learner {name!r} is not in the passes judge's {'ranking ' * ranking}grid")
    return found


def ranking_learner(entry: dict, learner, where: Path):
    """The judge's ranking learner for the feature set, or None where it ranks as the one-shot
    learner does (the same learner but for its margin, which moves no ranking) or the judge
    recorded none: the head's gains then rank the pipelines."""
    from mir_export.evaluation.learners import without_margin

    name = entry.get("ranking_learner")
    if name is None:
        return None
    if not isinstance(name, str):
        raise UsageError(f"{where}: a ranking_learner must be a learner's name")
    found = learner_named(name, where, ranking=True)
    return None if without_margin(found) == without_margin(learner) else found


def rename_output(path: Path, old: str, new: str) -> None:
    """The ONNX graph's output ``old`` renamed ``new`` (every node writing or reading it too)."""
    import onnx

    model = onnx.load(str(path))
    for node in model.graph.node:
        node.output[:] = [new if o == old else o for o in node.output]
        node.input[:] = [new if i == old else i for i in node.input]
    for out in model.graph.output:
        if out.name == old:
            out.name = new
    onnx.checker.check_model(model)
    path.write_bytes(model.SerializeToString())


def add_ranking(path: Path, ranking_head: Path) -> None:
    """The head at ``path`` given a second output ``ranking``: the ``scores`` of ``ranking_head`` (an
    exported head on the same ``embedding``), its graph beside the first under a ``ranking_`` prefix."""
    import onnx
    from onnx import compose, helper

    model, other = onnx.load(str(path)), compose.add_prefix(onnx.load(str(ranking_head)), "ranking_")
    graph = model.graph
    shared = _shared_initializers(graph, other.graph)
    for node in other.graph.node:
        node.input[:] = [shared.get(i, i) for i in node.input]
    graph.node.extend([helper.make_node("Identity", ["embedding"], ["ranking_embedding"]), *other.graph.node,
                       helper.make_node("Identity", ["ranking_scores"], [RANKING])])
    graph.initializer.extend(t for t in other.graph.initializer if t.name not in shared)
    graph.value_info.extend(other.graph.value_info)
    scores = next(o for o in other.graph.output if o.name == "ranking_scores")
    graph.output.append(helper.make_tensor_value_info(RANKING, scores.type.tensor_type.elem_type,
                                                      [d.dim_param or d.dim_value for d in
                                                       scores.type.tensor_type.shape.dim]))
    versions: dict[str, int] = {}
    for opset in (*model.opset_import, *other.opset_import):
        versions[opset.domain] = max(versions.get(opset.domain, 0), opset.version)
    del model.opset_import[:]
    model.opset_import.extend(helper.make_opsetid(domain, version) for domain, version in versions.items())
    model.ir_version = max(model.ir_version, other.ir_version)
    onnx.checker.check_model(model)
    path.write_bytes(model.SerializeToString())


def _shared_initializers(graph, other) -> dict[str, str]:
    """``other``'s initializers equal to one of ``graph``'s (same type, shape and bytes: two neighbour
    heads fitted on the same rows hold the same rows and targets), by name -> ``graph``'s name, so the
    pack carries them once."""
    from onnx import numpy_helper

    def key(tensor) -> tuple:
        return tensor.data_type, tuple(tensor.dims), numpy_helper.to_array(tensor).tobytes()

    ours = {key(t): t.name for t in graph.initializer}
    return {t.name: ours[key(t)] for t in other.initializer if key(t) in ours}


def _onnx_outputs(path: Path, x: np.ndarray, output: str = "gains") -> np.ndarray:
    import onnxruntime as ort

    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    return session.run([output], {"embedding": x.astype(np.float32)})[0]


def _tied(fitted, x: np.ndarray) -> np.ndarray:
    """[N] bool: rows a neighbour head may score otherwise in ONNX (``NeighbourHead.ties``); none
    for another learner or none at all (``fitted`` None)."""
    ties = getattr(fitted, "ties", None)
    return ties(x) if ties is not None else np.zeros(len(x), dtype=bool)


def _gap(served: np.ndarray, expected: np.ndarray, skip: np.ndarray) -> float:
    """The largest absolute difference over the rows not in ``skip``."""
    keep = ~np.asarray(skip, dtype=bool)
    return float(np.abs(served[keep] - expected[keep]).max()) if keep.any() else 0.0


def judge_agreement(judge: dict, name: str, split, gains: np.ndarray, mode: str = "one_shot") -> str:
    """On how many held-out modules the head's arg-max is the judge's one-shot decision for
    ``name`` (``mode`` "ranked": its first-ranked pipelines are the judge's ranking; the same
    learners, rows and seed: all, but for float ties), as "K/N"; a warning below N."""
    decisions = judge.get("decisions") if isinstance(judge.get("decisions"), list) else []
    recorded = {d.get("key"): d["features"][name].get(mode) for d in decisions if isinstance(d, dict)
                and isinstance(d.get("features"), dict) and isinstance(d["features"].get(name), dict)}
    if mode == "one_shot":
        ours: list = [split.test.names[i] for i in np.asarray(gains).argmax(1)] if len(gains) else []
    else:
        from mir_export.tasks.passes.task import top

        depth = max((len(r) for r in recorded.values() if isinstance(r, list)), default=0)
        ours = [[split.test.names[i] for i in row] for row in top(gains, depth)] if len(gains) else []
    same = sum(recorded.get(key) == pick for key, pick in zip(split.test.keys, ours))
    if same < len(ours):
        what = "one-shot decision" if mode == "one_shot" else "ranking"
        print(f"passes pack: warning: the head's {what} differs from the judge's on {len(ours) - same} "
              f"of {len(ours)} held-out modules", file=sys.stderr)
    return f"{same}/{len(ours)}"


def check_pack(pack: Path, model_dir: Path, modules: list[Path], expected: np.ndarray, names: tuple[str, ...],
               expected_order: np.ndarray | None = None) -> float:
    """The largest gap between ``mir_runtime``'s gains (and ranking scores) for ``modules`` (serving
    ``pack``) and ``expected`` (``expected_order``: the learners'); a UsageError above ``TOLERANCE``."""
    from mir_runtime.model import Model

    with Model.load(model_dir, precision="fp32", tasks=[pack], lazy=True) as model:
        predictions = [model.predict(TASK_NAME, m) for m in modules]
    # the head's -Oz column is the margin: predict shows -Oz's gain as 0 and the margin beside
    served = np.array([[p.margin if n == names[0] else p.gains[n] for n in names] for p in predictions])
    gap = float(np.abs(served - expected).max()) if len(modules) else 0.0
    if expected_order is not None and len(modules):
        order = np.array([[p.ranking.get(n, np.nan) for n in names] for p in predictions])
        gap = max(gap, float(np.nan_to_num(np.abs(order - expected_order), nan=np.inf).max()))
    if not gap <= TOLERANCE:
        raise UsageError(f"{pack}: mir_runtime's gains differ from the learner's by {gap:.2g} (over {TOLERANCE:g}) "
                         f"on {modules[0].name}: the pack is not written")
    return gap


def _writable_out(out: Path) -> None:
    if out.exists() and not (out.is_dir() and ((out / "task.json").is_file() or not any(out.iterdir()))):
        raise UsageError(f"-o {out}: exists and is not a task pack (nothing is replaced)")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"-o {out}: {exc.strerror}") from None


def _replace_dir(staged: Path, out: Path) -> None:
    """``staged`` renamed ``out``; a previous pack there is moved aside first, then removed."""
    old = out.with_name(f".{out.name}.old")
    shutil.rmtree(old, ignore_errors=True)
    if out.exists():
        out.replace(old)
    staged.replace(out)
    shutil.rmtree(old, ignore_errors=True)


def make_pack(args: argparse.Namespace) -> int:
    """Choose, refit, export, write, check and rename into place (see the module docstring)."""
    from mir_export.evaluation.constancy import constant_heads
    from mir_export.evaluation.suite import Context
    from mir_export.features.embedding import HEAD_PRECISION
    from mir_export.tasks.passes.judge import matrices
    from mir_runtime.model import default_model_dir
    from mir_runtime.modeldir import ModelDirectory
    from mir_runtime.packs import base_model, write_pack
    from mir_runtime.tasks import Task

    where = args.judge
    judge = read_judge(where)
    _writable_out(args.out)
    name = choose_features(judge, args.features, where)
    entry = judge["features"][name]
    learner = learner_named(entry["learner"], where)
    pipelines = pipelines_of(judge, args.pipelines, where)
    if not (args.data / "ir").is_dir():
        raise UsageError(f"{args.data}: no ir/ folder (the modules the labels name)")
    split = training_rows(args.data, judge, args.train, where)
    model_dir = args.model or default_model_dir()
    if not (model_dir / "manifest.json").is_file():
        raise UsageError(f"--model {model_dir}: no manifest.json (a model directory)")
    if name == "ours" and judge["settings"].get("model") not in (None, model_dir.name):
        print(f"passes pack: warning: the judge embedded with model {judge['settings']['model']!r}, this pack "
              f"with {model_dir.name!r}", file=sys.stderr)
    seed = int(judge["settings"].get("seed", 0))
    print(f"passes pack: {name} (inner {entry['inner_log_gain']:+.4f}), {learner.name}, refitted on "
          f"{len(split.train)} training modules", file=sys.stderr, flush=True)
    cache = args.cache or args.data / "judge"
    matrix, _ = matrices(split, [name], Context(model_dir, None, args.jobs), cache)[name]
    train_x = matrix[:len(split.train)]  # as the judge fitted it
    targets = split.train.targets()
    none = np.zeros((len(train_x), 0))
    fitted = learner.fit(train_x, none, targets, targets.shape[1], seed)
    expected = fitted.predict(train_x, none)
    ranker = ranking_learner(entry, learner, where)
    ranked = None if ranker is None else ranker.fit(train_x, none, targets, targets.shape[1], seed)
    expected_order = None if ranked is None else ranked.predict(train_x, none)

    staged = args.out.with_name(f".{args.out.name}.partial")
    shutil.rmtree(staged, ignore_errors=True)
    staged.mkdir(parents=True)
    try:
        head = staged / HEAD
        fitted.export(head)
        rename_output(head, "scores", "gains")
        if ranked is not None:
            ranked.export(staged / "ranking.onnx")
            add_ranking(head, staged / "ranking.onnx")
            (staged / "ranking.onnx").unlink()
        tied = _tied(fitted, train_x) | _tied(ranked, train_x)
        onnx_gap = _gap(_onnx_outputs(head, train_x), expected, tied)
        if expected_order is not None:
            onnx_gap = max(onnx_gap, _gap(_onnx_outputs(head, train_x, RANKING), expected_order, tied))
        if not onnx_gap <= TOLERANCE:
            raise UsageError(f"{head}: the ONNX head's outputs differ from the learners' by {onnx_gap:.2g}")
        if tied.any():
            print(f"passes pack: note: {int(tied.sum())} of {len(train_x)} training modules have equally near "
                  "neighbours (the same code); they are left out of the ONNX check", file=sys.stderr)
        test_x = matrix[len(split.train):]
        agreement = judge_agreement(judge, name, split, _onnx_outputs(head, test_x))
        ranked_agreement = judge_agreement(judge, name, split, _onnx_outputs(head, test_x, RANKING if ranked is not None else "gains"),
                                           "ranked")
        margin = float(dict(learner.settings).get("margin", 0.0))
        described = DESCRIPTION.format(llvm=LLVM, margin=margin, features=entry.get("description", name))
        constant = constant_heads({"": head}, list(pipelines))  # -Oz whatever the code, for one
        task_entry = {"description": described,
                      "kind": "passes", "head": HEAD, "inputs": [], **({"constant": constant} if constant else {}),
                      **({} if SHIPPABLE[name] == "embedding" else {"features": SHIPPABLE[name]}),
                      "pipelines": [{"name": n, "passes": p, "llvm": LLVM} for n, p in pipelines.items()]}
        try:
            task = Task.from_manifest(TASK_NAME, task_entry)
        except ValueError as exc:
            raise UsageError(f"{args.pipelines or where}: {exc}") from None
        sections = _sections(args, judge, name, learner, len(split.train), margin, ranker)
        sections["provenance"]["judge_one_shot_agreement"] = agreement
        sections["provenance"]["judge_ranking_agreement"] = ranked_agreement
        sections["provenance"]["recipe"] = recipe(args.data, judge)
        write_pack(staged, task, {HEAD: head}, base_model(ModelDirectory(model_dir), HEAD_PRECISION), sections)
        some = list(range(min(CHECK_MODULES, len(split.train))))
        runtime_gap = check_pack(staged, model_dir, [split.ir / split.train.modules[i] for i in some],
                                 expected[some], split.train.names,
                                 None if expected_order is None else expected_order[some])
        _replace_dir(staged, args.out)
    finally:
        shutil.rmtree(staged, ignore_errors=True)
    print(f"passes pack: {args.out} ({len(pipelines)} pipelines, features {SHIPPABLE[name]}); ONNX head vs learner "
          f"{onnx_gap:.1e} on {len(train_x) - int(tied.sum())} modules, mir_runtime vs learner {runtime_gap:.1e} "
          f"on {len(some)}; "
          f"the judge's one-shot decisions reproduced on {agreement}, its rankings on {ranked_agreement}")
    return 0


def _geomean(figures: object) -> float | None:
    """A judge figure's geometric mean, None where it has none."""
    value = figures.get("geomean") if isinstance(figures, dict) else None
    return value if isinstance(value, (int, float)) else None


def recipe(data: Path, judge: dict) -> dict:
    """How the labels were made, from their manifests beside them (``passes label``): the commands
    (the data directory as DATA), LLVM's tools and the Debian packages with their versions, so
    the pack can be made again from the registries (``scripts/passes_jobs.sh DATA [SEEDS]`` runs
    every step)."""
    out: dict = {"steps": "scripts/passes_jobs.sh DATA [SEEDS]: passes build (apt-get source of the Debian "
                          "bookworm packages below, clang-14), coreset, label; then passes judge and pack "
                          "(docs/passes.md)"}
    for split in ("train", "test"):
        entry = judge["inputs"].get(split)
        manifest = entry.get("manifest") if isinstance(entry, dict) else None
        path = data / manifest["file"] if isinstance(manifest, dict) and isinstance(manifest.get("file"), str) else None
        if path is None or not path.is_file():
            continue
        try:
            found = json.loads(path.read_text())
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise UsageError(f"{path}: not a labels manifest (JSON object)") from None
        if not isinstance(found, dict):
            raise UsageError(f"{path}: not a labels manifest (JSON object)")
        out[split] = {"command": " ".join(map(str, found.get("command", []))), "tools": found.get("tools"),
                      "modules": found.get("modules"),
                      "packages": [{k: p.get(k) for k in ("name", "version", "license")}
                                   for p in found.get("packages", []) if isinstance(p, dict)]}
    return out


def _sections(args: argparse.Namespace, judge: dict, name: str, learner, rows: int, margin: float,
              ranker=None) -> dict:
    """What the pack records beside its task: the learner, the judge's figures for the chosen
    feature set (held-out, reported, never used to choose) and where it all came from."""
    entry = judge["features"][name]
    references = judge.get("references") if isinstance(judge.get("references"), dict) else {}
    command = ["mir-export", "passes", "pack", "--data", "DATA", "--judge", args.judge.name,
               *(["--features", args.features] if args.features else []),
               *(["--pipelines", args.pipelines.name] if args.pipelines else []), "-o", args.out.name]
    return {
        "learners": {"": {**learner.to_dict(), "rows": rows, "inner_log_gain": entry["inner_log_gain"],
                          "margin": margin,
                          **({"ranking": {**ranker.to_dict(), "inner_log_gain": entry.get("ranking_inner_log_gain")}}
                             if ranker is not None else {})}},
        "seed": int(judge["settings"].get("seed", 0)),
        "metrics": {"features": name, **{mode: _geomean(entry.get(mode)) for mode in ("one_shot", "k3", "k5")},
                    "references": {r: _geomean(v) for r, v in references.items()}},
        "provenance": {
            "chosen_by": ("forced (--features)" if args.features else
                          "largest inner-fold log gain among the feature sets the runtime computes"),
            "inner_log_gain": {n: e["inner_log_gain"] for n, e in judge["features"].items()},
            "labels": {"file": judge["inputs"]["train"].get("file"), "sha256": judge["inputs"]["train"]["sha256"]},
            "held_out_packages": judge["settings"].get("test_packages"),
            "judge": {"file": args.judge.name, "sha256": _sha256(args.judge)},
            "pipelines": ({k: v for k, v in judge["inputs"]["pipelines"].items() if k != "passes"}
                          if judge["inputs"].get("pipelines") else
                          {"file": args.pipelines.name, "sha256": _sha256(args.pipelines)} if args.pipelines else None),
            "model": judge["settings"].get("model"),
            "command": " ".join(command),
        },
    }
