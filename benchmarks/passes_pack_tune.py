"""``tune --budget K`` with a pack of ``mir-export passes pack`` on the judge's held-out modules:
does the runtime keep what the judge scored?

Each held-out module the judge's JSON names (``decisions``) is read from DATA/ir, ``optnone`` and
``noinline`` removed as the labels remove them (``mir_export.tasks.passes.measure.prepare``), and
tuned in one process with the pack's model loaded once (``tune(..., model=Model)``). Reported: the
geometric mean of -Oz's IR instructions over the kept IR's, beside the judge's figure for the
pack's feature set at K (the labels' counts of the judge's own decisions), on how many modules the
kept pipeline (or its gain) is the judge's, and on how many tune kept more than -Oz (never, by
construction).

    python benchmarks/passes_pack_tune.py --pack OUT/passes --judge results/passes/judge.json --data DATA [--budget 3]
"""
from __future__ import annotations

import argparse
import json
import math
import tempfile
from pathlib import Path


def main() -> None:
    from mir_export.tasks.passes.measure import prepare
    from mir_runtime.model import Model
    from mir_runtime.packs import read_pack
    from mir_runtime.tuning import tune

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pack", type=Path, required=True, help="a pack of 'mir-export passes pack'")
    parser.add_argument("--judge", type=Path, required=True, help="the judge's JSON the pack was made from")
    parser.add_argument("--data", type=Path, required=True, help="the task directory the judge read")
    parser.add_argument("--budget", type=int, default=3, choices=(3, 5), help="K (the judge scores 3 and 5)")
    args = parser.parse_args()
    judge = json.loads(args.judge.read_text())
    feature = read_pack(args.pack).sections["metrics"]["features"]
    train = args.data / judge["inputs"]["train"]["file"]
    test = args.data / judge["inputs"]["test"]["file"] if judge["inputs"].get("test") else train
    counts = {row["key"]: row.get("counts") for row in map(json.loads, test.read_text().splitlines()) if row}
    ours, judged, same, worse = [], [], 0, 0
    with tempfile.TemporaryDirectory() as work, Model.load(precision="fp32", tasks=[args.pack]) as model:
        for decision in judge["decisions"]:
            source = Path(work) / "module.ll"
            source.write_text(prepare((args.data / "ir" / decision["module"]).read_text(), decision["form"]))
            result = tune(source, budget=args.budget, model=model, jobs=2)
            kept = decision["features"][feature][f"k{args.budget}"]
            row = counts[decision["key"]]
            judged.append(math.log(max(row["Oz"], 1) / max(row[kept], 1)))
            ours.append(result.gain)
            same += result.chosen.name == kept or abs(result.gain - judged[-1]) < 1e-9
            worse += result.instructions > result.oz_instructions

    def geo(gains: list[float]) -> float:
        return round(math.exp(sum(gains) / len(gains)), 5)

    print(json.dumps({"features": feature, "budget": args.budget, "modules": len(ours), "tune_geomean": geo(ours),
                      "judge_geomean": judge["features"][feature][f"k{args.budget}"]["geomean"],
                      "labels_of_the_judges_decisions": geo(judged), "same_as_the_judge": same,
                      "worse_than_oz": worse}))


if __name__ == "__main__":
    main()
