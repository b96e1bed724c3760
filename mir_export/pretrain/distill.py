"""Distillation: a smaller student encoder learns to reproduce a bigger teacher's statement vectors
and graph node latents (the ``distill`` pre-training task).

Why: on 2 CPU cores the encoders are most of ``embed``'s cost, and ``compact`` (d = 128, 2 + 2
layers) runs them at about a quarter of ``small``'s arithmetic; pre-trained from scratch it lost to
``small`` downstream. Taught by ``small`` instead, it keeps what ``small`` gives the heads (as
DistilBERT keeps BERT's): each step the frozen teacher and the student encode the same statements
(unmasked) and graphs, a linear map per branch from the student's width to the teacher's, trained
beside the student and never exported, carries the student's vectors into the teacher's space, and
the loss is their mean squared error over the teacher's variance in the batch (1: no better than
predicting the batch mean), text and graph summed. A linear map suffices for the means the runtime
pools (``mean-max-size``: the statements' mean, the graph vector): they commute with it. The
element-wise max over a file's statements does not, and the heads lean on it (the rare statement
a tuner decides on), so a third term compares the max of the mapped statement vectors over each
function of the batch with the teacher's max over the same statements. Mapped before the max, as
the student's embedding in the teacher's space pools it: each of the teacher's features keeps its
strongest statement. A map of the student's max instead mixes maxima of different
statements, and scored worse on the heads' inner folds (docs/encoder-candidates.md).
"""
from __future__ import annotations

from pathlib import Path

import torch
from torch import Tensor, nn
from torch.nn import functional as F

from mir_export.pretrain.model import MIREncoder, ModelConfig, sample_max
from mir_export.pretrain.batches import length_chunks


def statement_vectors(model: MIREncoder, ids: Tensor) -> Tensor:
    """One vector per statement of ``ids`` ``[S, L]``, padded per chunk of similar length only."""
    chunks = length_chunks(ids)
    vectors = [model.text(ids[rows, : int(ids[rows[-1]].ne(0).sum())]) for rows in chunks]
    return torch.empty(len(ids), vectors[0].shape[-1], dtype=vectors[0].dtype).index_copy(
        0, torch.cat(chunks), torch.cat(vectors))


def relative_mse(predicted: Tensor, target: Tensor) -> Tensor:
    """Mean squared error over the target's mean per-dimension variance."""
    return F.mse_loss(predicted, target) / target.var(0).mean().clamp(min=1e-8)


MAPS = ("text", "graph")  # the student-to-teacher maps: statements, node latents


class Distiller(nn.Module):
    """The frozen ``teacher`` and the maps (``MAPS``) from ``width`` (the student's) to its width."""

    def __init__(self, teacher: MIREncoder, width: int, seed: int = 0) -> None:
        super().__init__()
        self.teacher = teacher.eval().requires_grad_(False)
        with torch.random.fork_rng():  # the maps' start depends on the seed alone
            torch.manual_seed(seed)
            self.text = nn.Linear(width, teacher.cfg.vector_size)
            self.graph = nn.Linear(width, teacher.cfg.vector_size)

    def train(self, mode: bool = True) -> Distiller:
        super().train(mode)
        self.teacher.eval()  # no dropout in the targets
        return self

    def maps(self) -> dict[str, Tensor]:
        """The trained maps' weights (checkpointed with the student; the teacher is not)."""
        return {k: v for k, v in self.state_dict().items() if not k.startswith("teacher.")}

    def load_maps(self, state: dict[str, Tensor]) -> None:
        for name in MAPS:
            getattr(self, name).load_state_dict({k[len(name) + 1:]: v for k, v in state.items() if k.startswith(name + ".")})

    def forward(self, student: MIREncoder, batch, latents: Tensor) -> dict[str, Tensor]:
        """``distill_loss`` of a pre-training ``Batch`` (``latents``: the student's node latents
        of its graph, shared with the other tasks) and the cosines of the mapped vectors to the
        teacher's (``distill_text_cosine``, ``distill_graph_cosine``, ``distill_max_cosine``: batch means)."""
        graph = (batch.node_tokens, batch.token_node, batch.node_type, batch.edge_src, batch.edge_dst, batch.edge_flow)
        with torch.no_grad():
            text_target = statement_vectors(self.teacher, batch.ids)
            graph_target = self.teacher.graph.readout(self.teacher.graph.latents(*graph))
        vectors = statement_vectors(student, batch.ids)
        text = self.text(vectors)
        latents = self.graph(latents)
        strongest = sample_max(text, batch.statement_sample, batch.size)
        strongest_target = sample_max(text_target, batch.statement_sample, batch.size)
        return {
            "distill_loss": relative_mse(text, text_target) + relative_mse(latents, graph_target)
            + relative_mse(strongest, strongest_target),
            "distill_text_cosine": F.cosine_similarity(text, text_target).mean().detach(),
            "distill_graph_cosine": F.cosine_similarity(latents, graph_target).mean().detach(),
            "distill_max_cosine": F.cosine_similarity(strongest, strongest_target).mean().detach(),
        }


def fold(checkpoint: Path) -> MIREncoder:
    """The student of a distilled run's ``checkpoint`` with its distiller's maps as its branches'
    readouts (``ModelConfig.readout``): statement and graph vectors in the teacher's space, its
    width and its basis. Tree heads split on one feature at a time, so the basis matters to them:
    on the heads' inner folds the students gained 0.6 to 1.8 points in seven of eight cells there
    (docs/encoder-candidates.md). The maps are linear, so the map of the node latents' mean is the mean of
    the mapped latents the distiller trained; the statements' max is taken after the map, as the
    max term trains it."""
    saved = torch.load(checkpoint, weights_only=False, map_location="cpu")
    maps = saved.get("distiller")
    if not maps:
        raise ValueError(f"{checkpoint}: not a distilled run (its checkpoint holds no distiller maps)")
    model = MIREncoder(ModelConfig(**{**saved["model_config"], "readout": maps["text.weight"].shape[0]}))
    readouts = {f"{name}.readout.{key}": maps[f"{name}.{key}"] for name in MAPS for key in ("weight", "bias")}
    model.load_state_dict({**saved["model"], **readouts})
    return model.eval()
