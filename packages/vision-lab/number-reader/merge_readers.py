"""Merges readers trained with different seeds into one ONNX file whose answer is their mean.

Each member is a reader as `train_number_reader.py` exports it (input "crop"; outputs "length",
"first", "second", probabilities). The merged file has the same input and outputs, so the engine
reads it as it reads one reader; each output is the members' probabilities averaged.
"""

from __future__ import annotations

import argparse
import os

import onnx
from onnx import compose, helper

OUTPUTS = ("length", "first", "second")


def merged(members: list[onnx.ModelProto]) -> onnx.ModelProto:
    nodes, initializers, value_info = [], [], []
    for i, member in enumerate(members):
        prefix = f"member{i}_"
        graph = compose.add_prefix(member, prefix).graph
        for node in graph.node:
            node.input[:] = ["crop" if name == f"{prefix}crop" else name for name in node.input]
        nodes.extend(graph.node)
        initializers.extend(graph.initializer)
        value_info.extend(graph.value_info)
    for name in OUTPUTS:
        nodes.append(helper.make_node("Mean", [f"member{i}_{name}" for i in range(len(members))], [name]))
    first = members[0].graph
    graph = helper.make_graph(
        nodes, "jersey-number-readers", list(first.input), list(first.output), initializers, value_info=value_info
    )
    model = helper.make_model(graph, opset_imports=list(members[0].opset_import))
    onnx.checker.check_model(model)
    return model


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("members", nargs="+", help="the readers' ONNX files")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    members = [onnx.load(path) for path in args.members]
    for member in members:
        names = [o.name for o in member.graph.output]
        assert names == list(OUTPUTS) and member.graph.input[0].name == "crop", f"not a reader: {names}"
    onnx.save(merged(members), args.out)
    print(f"wrote {args.out} ({os.path.getsize(args.out) / 1e6:.2f} MB) from {len(members)} readers", flush=True)


if __name__ == "__main__":
    main()
