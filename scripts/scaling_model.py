#!/usr/bin/env python3
"""The time model of docs/SCALING.md: one distributed forward 3-D FFT of an
N^3 single-complex grid over P GPUs, transposed output, slab or pencil.

  python3 scripts/scaling_model.py            # the tables in SCALING.md
  python3 scripts/scaling_model.py --net 25e9 --alpha-net 8e-6 ...

Local work is counted in passes over the rank's data (each pass reads and
writes it once at the measured copy rate); an exchange among G ranks costs a
per-message latency and the bytes that leave each GPU over NVLink (ranks on
its node) and over the network (the others), which run at the same time.
"""
import argparse
import math

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument("--mem", type=float, default=2.9e12, help="HBM copy rate, bytes read+written per s (H100: 2.9e12)")
p.add_argument("--nvlink", type=float, default=350e9, help="all-to-all bytes/s leaving a GPU over NVLink")
p.add_argument("--net", type=float, default=40e9, help="all-to-all bytes/s leaving a GPU over the network")
p.add_argument("--alpha-nvlink", type=float, default=3e-6, help="seconds per message within a node")
p.add_argument("--alpha-net", type=float, default=8e-6, help="seconds per message between nodes")
p.add_argument("--gpus-per-node", type=int, default=8)
p.add_argument("--gpu-memory", type=float, default=80e9, help="bytes per GPU (data + work buffer must fit)")
p.add_argument("--sizes", type=int, nargs="+", default=[512, 1024, 2048, 4096])
p.add_argument("--ranks", type=int, nargs="+", default=[2 ** k for k in range(1, 13)], help="GPU counts")
p.add_argument("--bytes", type=int, default=8, help="bytes per complex value (8: f32, 16: f64)")
args = p.parse_args()

# Passes over the local data on the GPU engine as implemented (transposed
# output): slab = x (1) + y through scratch (3) + z (1) + the final copy out of
# the work buffer (1, after an odd number of exchanges); pencil = x, y, z (3).
# An exchange adds a pack and an unpack pass; a group of one rank is a single
# local transpose (1 pass, no message).
SLAB_PASSES, PENCIL_PASSES = 6, 3


def allreduce_time(P):
    # Every transform first agrees on its arguments (one small MPI_Allreduce).
    return 2 * math.ceil(math.log2(P)) * (args.alpha_net if P > args.gpus_per_node else args.alpha_nvlink) if P > 1 else 0


def exchange_time(S, G, on_node):
    """One all-to-all among G ranks, on_node of them (self included) on this
    GPU's node; S bytes per rank, a share 1/G to each member."""
    off_node = G - on_node
    alpha = args.alpha_net if off_node else args.alpha_nvlink
    bw = max(S * off_node / G / args.net, S * (on_node - 1) / G / args.nvlink)
    return (G - 1) * alpha + bw


def slab(N, P):
    if P > N:
        return None
    S = args.bytes * N**3 / P
    local = (SLAB_PASSES + 2) * 2 * S / args.mem
    return local + exchange_time(S, P, min(P, args.gpus_per_node)) + allreduce_time(P), "1x%d" % P


def pencil(N, P):
    best = None
    S = args.bytes * N**3 / P
    g = args.gpus_per_node
    for p1 in range(1, P + 1):
        if P % p1 or p1 > N or P // p1 > N:
            continue
        p2 = P // p1
        # Row groups are p1 consecutive ranks; column members are p1 apart.
        rows_on_node = min(p1, g) if g % p1 == 0 or p1 % g == 0 else 1
        cols_on_node = max(1, g // p1) if p1 < g and g % p1 == 0 else 1
        cols_on_node = min(cols_on_node, p2)
        passes = PENCIL_PASSES + sum(2 if G > 1 else 1 for G in (p1, p2))
        t = passes * 2 * S / args.mem + allreduce_time(P)
        if p1 > 1:
            t += exchange_time(S, p1, rows_on_node)
        if p2 > 1:
            t += exchange_time(S, p2, cols_on_node)
        if best is None or t < best[0]:
            best = (t, "%dx%d" % (p1, p2))
    return best


def fits(N, P):
    return 2 * args.bytes * N**3 / P <= args.gpu_memory


def single_gpu(N):
    return 3 * 2 * args.bytes * N**3 / args.mem


print("| N | P | data/GPU | slab ms | pencil ms (grid) | faster | efficiency |")
print("|---:|---:|---:|---:|---:|---|---:|")
for N in args.sizes:
    for P in args.ranks:
        if not fits(N, P):
            continue
        s, q = slab(N, P), pencil(N, P)
        st = "%.3f" % (1e3 * s[0]) if s else "—"
        qt = "%.3f (%s)" % (1e3 * q[0], q[1])
        best = min(x[0] for x in (s, q) if x)
        if s and s[0] <= q[0]:
            win = "slab"
        else:
            win = "slab boxes, pencil route" if q[1].startswith("1x") else "pencil"
        eff = single_gpu(N) / (best * P)
        print("| %d | %d | %.3g GB | %s | %s | %s | %.2f |" % (N, P, args.bytes * N**3 / P / 1e9, st, qt, win, eff))
