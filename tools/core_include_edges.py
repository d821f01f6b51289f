#!/usr/bin/env python3
# Lists folder-level include edges of core/ (A -> B when a file in core/A includes "B/...")
# and reports any cycle among the folders.
import os, re, sys
root = sys.argv[1] if len(sys.argv) > 1 else "core"
folders = {d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d))}
edges = {}
inc = re.compile(r'^\s*#\s*include\s+"([^"/]+)/')
for d in sorted(folders):
    for dp, _, fs in os.walk(os.path.join(root, d)):
        for f in fs:
            if not f.endswith((".cpp", ".hpp", ".inc")): continue
            for line in open(os.path.join(dp, f), errors="replace"):
                m = inc.match(line)
                if m and m.group(1) in folders and m.group(1) != d:
                    edges.setdefault(d, set()).add(m.group(1))
for a in sorted(edges): print(a, "->", " ".join(sorted(edges[a])))
# cycles: Tarjan-free simple DFS for strongly connected components
index = {}; low = {}; stack = []; on = set(); sccs = []; n = [0]
def sc(v):
    index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
    for w in edges.get(v, ()):
        if w not in index: sc(w); low[v] = min(low[v], low[w])
        elif w in on: low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        c = []
        while True:
            w = stack.pop(); on.discard(w); c.append(w)
            if w == v: break
        if len(c) > 1: sccs.append(sorted(c))
for v in sorted(folders):
    if v not in index: sc(v)
print("cycles:", sccs if sccs else "none")
sys.exit(1 if sccs else 0)
