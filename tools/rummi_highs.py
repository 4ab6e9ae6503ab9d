"""Solves Rummi positions with the HiGHS ILP solver, for comparing with
Parlour's Expert (`parlour bench rummi --highs` runs it).

Each line of POSITIONS is `{"rack": [...], "table": [[...]], "first": bool}`.
The integer programme: every candidate set (runs of 3 to 5 and groups of 3
or 4, 185 in all; longer runs split into these) is used 0, 1 or 2 times;
every kind's tiles on the new table equal the table's plus those played
from the rack; maximise tiles played, then their total (weights 2048 per
tile plus the number). A first play totals at least 30, or plays nothing.

Prints one line per position (tiles, total, milliseconds for building and
solving the model), then the median and mean, of both and of the solving
alone. With RESULTS (Parlour's
`rummi best --batch` output for the same file), counts the positions where
both agree on tiles and total.
"""

import json
import statistics
import sys
import time

import highspy
import numpy as np

COLOURS = "RBYK"


def kind(name):
    return COLOURS.index(name[0]) * 13 + int(name[1:]) - 1


def candidate_sets():
    sets = []
    for c in range(4):
        for length in (3, 4, 5):
            for start in range(0, 13 - length + 1):
                sets.append([c * 13 + start + i for i in range(length)])
    for n in range(13):
        for leave_out in range(4):
            sets.append([c * 13 + n for c in range(4) if c != leave_out])
        sets.append([c * 13 + n for c in range(4)])
    return sets


SETS = candidate_sets()
assert len(SETS) == 185


def solve(position):
    rack = [0] * 52
    table = [0] * 52
    for t in position["rack"]:
        rack[kind(t)] += 1
    for s in position.get("table", []):
        for t in s:
            table[kind(t)] += 1
    first = position.get("first", False)
    n_sets, n_kinds = len(SETS), 52
    n_cols = n_sets + n_kinds + (1 if first else 0)
    lower = np.zeros(n_cols)
    upper = np.array([2.0] * n_sets + [min(rack[k], 2 - table[k]) for k in range(52)] + ([1.0] if first else []))
    cost = np.array([0.0] * n_sets + [2048.0 + k % 13 + 1 for k in range(52)] + ([0.0] if first else []))
    # Rows: per kind, sets using it minus played equals the table's count.
    columns = [[] for _ in range(n_cols)]
    for j, s in enumerate(SETS):
        for k in s:
            columns[j].append((k, 1.0))
    for k in range(52):
        columns[n_sets + k].append((k, -1.0))
    row_lower = [float(table[k]) for k in range(52)]
    row_upper = list(row_lower)
    if first:
        z = n_cols - 1
        # Total played - 30 z >= 0, and tiles played - 104 z <= 0.
        for k in range(52):
            columns[n_sets + k].append((52, float(k % 13 + 1)))
            columns[n_sets + k].append((53, 1.0))
        columns[z].append((52, -30.0))
        columns[z].append((53, -104.0))
        row_lower += [0.0, -highspy.kHighsInf]
        row_upper += [highspy.kHighsInf, 0.0]
    lp = highspy.HighsLp()
    lp.num_col_ = n_cols
    lp.num_row_ = len(row_lower)
    lp.col_cost_ = cost
    lp.col_lower_ = lower
    lp.col_upper_ = upper
    lp.row_lower_ = np.array(row_lower)
    lp.row_upper_ = np.array(row_upper)
    lp.sense_ = highspy.ObjSense.kMaximize
    starts, index, value = [0], [], []
    for col in columns:
        for r, v in col:
            index.append(r)
            value.append(v)
        starts.append(len(index))
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_ = np.array(starts, dtype=np.int32)
    lp.a_matrix_.index_ = np.array(index, dtype=np.int32)
    lp.a_matrix_.value_ = np.array(value)
    lp.integrality_ = [highspy.HighsVarType.kInteger] * n_cols
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    # Exact: the default gap would accept a total one or two short.
    h.setOptionValue("mip_rel_gap", 0.0)
    h.setOptionValue("mip_abs_gap", 0.0)
    h.passModel(lp)
    start = time.perf_counter()
    h.run()
    solve_ms = (time.perf_counter() - start) * 1000.0
    sol = h.getSolution().col_value
    played = [round(sol[n_sets + k]) for k in range(52)]
    tiles = sum(played)
    total = sum(p * (k % 13 + 1) for k, p in enumerate(played))
    return tiles, total, solve_ms


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: rummi_highs.py POSITIONS.jsonl [RESULTS.jsonl]")
    positions = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
    times, solves, answers = [], [], []
    for p in positions:
        start = time.perf_counter()
        tiles, total, solve_ms = solve(p)
        times.append((time.perf_counter() - start) * 1000.0)
        solves.append(solve_ms)
        answers.append((tiles, total))
    for (tiles, total), ms in zip(answers, times):
        print(f"{tiles} {total} {ms:.3f}")
    print(
        f"highs: {len(times)} positions, building and solving: median {statistics.median(times):.3f} ms, "
        f"mean {statistics.mean(times):.3f} ms; solving alone: median {statistics.median(solves):.3f} ms, "
        f"mean {statistics.mean(solves):.3f} ms"
    )
    if len(sys.argv) > 2:
        results = [json.loads(line) for line in open(sys.argv[2]) if line.strip()]
        ours = [(len(r["played"]), sum(int(t[1:]) for t in r["played"])) for r in results]
        same = sum(1 for a, b in zip(answers, ours) if a == b)
        print(f"agreement: {same} of {len(answers)} positions have the same tiles and total")
        for i, (a, b) in enumerate(zip(answers, ours)):
            if a != b:
                print(f"differs at line {i + 1}: highs {a}, parlour {b}")


if __name__ == "__main__":
    main()
