#!/usr/bin/env python3
# Writes the demo's deliberately unfaithful scorer for university_tests.tsv: entailed axioms score
# high, undetermined ones inversely to P, and a few contradictions outrank many consistent axioms;
# every ranking candidate (slot filled with each class name) gets a score so MRR/Hits/Adm@k exist.
import random, re, sys

tests_path, out_path = sys.argv[1], sys.argv[2]
rng = random.Random(20240607)
rows = []
for line in open(tests_path, encoding="utf-8"):
    if not line.strip() or line.startswith("#") or line.startswith("status"):
        continue
    f = line.rstrip("\n").split("\t")
    p = f[3].split()[0] if len(f) > 3 else None
    rows.append((f[0], f[1], f[2], p))

def pval(p):
    if p is None:
        return 0.5
    if "/" in p:
        a, b = p.split("/")
        return int(a) / int(b)
    return float(p)

classes = set()
for _, nf, ax, _ in rows:
    if nf == "CA":
        classes.add(ax.split("(")[0])
    else:
        for m in re.finditer(r"(\w+)", ax):
            w = m.group(1)
            if w in ("SubClassOf", "some", "and"):
                continue
            after = ax[m.end():].lstrip()
            if not after.startswith("some"):
                classes.add(w)
scores = {}
bad = 0
for status, nf, ax, p in rows:
    if status == "entailed":
        s = 0.62 + 0.3 * rng.random()
    elif status == "undetermined":
        s = 0.75 - 0.45 * pval(p) + 0.12 * rng.random()  # larger P, lower score: anti-faithful
    else:
        bad += 1
        s = 0.7 + 0.25 * rng.random() if bad % 4 == 0 else 0.05 + 0.35 * rng.random()
    scores[ax] = round(s, 4)
out = []
for status, nf, ax, p in rows:
    if status != "entailed":
        continue
    if nf == "CA":
        cls, rest = ax.split("(", 1)
        cands = [c + "(" + rest for c in sorted(classes)]
    else:
        head, last = ax.rsplit(" ", 1)
        cands = [head + " " + c for c in sorted(classes)]
    for c in cands:
        if c not in scores:
            scores[c] = round(0.5 * rng.random(), 4)
with open(out_path, "w", encoding="utf-8") as f:
    f.write("# Demo: a deliberately unfaithful scorer for university_tests.tsv, written by\n")
    f.write("# make_unfaithful_scores.py (seeded): not a trained model.\n")
    f.write("axiom\tscore\n")
    for ax, s in scores.items():
        f.write(f"{ax}\t{s}\n")
