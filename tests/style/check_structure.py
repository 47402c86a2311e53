#!/usr/bin/env python3
"""Fails when sim/ breaks the layout rules of docs/architecture.md ("Modules"):
- a source file over 400 lines;
- an include cycle between modules. A module is a header with its .cpp (sim/mem/dram/dram_memory.h
  and .cpp); module A depends on B when any file of A includes B's header. A cycle means two parts
  cannot be understood, tested or replaced apart (e.g. an interface whose .cpp builds the
  implementations that include it: the factory belongs in a module of its own).
Usage: check_structure.py SOURCE_TREE"""
import os
import re
import sys

MAX_LINES = 400
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def modules_of(sim):
    modules = {}
    for folder, _, files in os.walk(sim):
        for name in files:
            if name.endswith((".h", ".cpp")):
                path = os.path.relpath(os.path.join(folder, name), sim)
                modules.setdefault(os.path.splitext(path)[0], []).append(path)
    return modules


def dependencies(sim, modules):
    edges = {m: set() for m in modules}
    for module, files in modules.items():
        for path in files:
            with open(os.path.join(sim, path), encoding="utf-8") as f:
                for line in f:
                    match = INCLUDE.match(line)
                    if not match:
                        continue
                    header = match.group(1)
                    for candidate in (os.path.normpath(os.path.join(os.path.dirname(path), header)), header):
                        target = os.path.splitext(candidate)[0]
                        if target in modules:
                            if target != module:
                                edges[module].add(target)
                            break
    return edges


def cycles(edges):
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(edges[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def main():
    sim = os.path.join(sys.argv[1], "sim")
    modules = modules_of(sim)
    problems = []
    for files in modules.values():
        for path in files:
            with open(os.path.join(sim, path), encoding="utf-8") as f:
                lines = sum(1 for _ in f)
            if lines > MAX_LINES:
                problems.append(f"sim/{path}: {lines} lines, over the limit of {MAX_LINES}")
    for component in cycles(dependencies(sim, modules)):
        problems.append("include cycle between the modules " + ", ".join("sim/" + m for m in component))
    for problem in problems:
        print(problem)
    print(f"{sum(len(f) for f in modules.values())} files in {len(modules)} modules: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
