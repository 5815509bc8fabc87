// Shared-memory bank conflicts of the X kernel's exchanges (host only): the
// analytic read predictor of Nukada & Matsuoka, made exact for our shapes, and
// brute-force counts, both for one row and for a whole block of x_kernel.h.
//
// Degree of one access = the most DISTINCT addresses that any bank must serve
// (equal addresses are broadcast); 1 means conflict-free. Addresses are in
// elements. Banks: for float, 32 banks of one element and warps of 32 threads;
// for double, two half-warp phases of 16 threads over 16 element-wide banks.
#pragma once
#include <vector>

#include "fft1d/stockham_index.h"
#include "fft1d/x_layout.h"

namespace fft3d {

// Single-row model: `threads` butterflies j = 0..threads-1, one per thread,
// in warps of `banks` consecutive threads starting at j = 0 (the last warp may
// be partial); the k-th access of butterfly j is issued by its whole warp.

// True iff the unpadded read of stride P and radix r, f(j) = j % P +
// (j / P) * P * r + k * P, is conflict-free. Exact when banks is a power of two
// and threads is a multiple of P or at most P (always so for an exchange read:
// threads = N / r = P * (product of the earlier radices)).
bool predict_conflict_free_read(int P, int r, int threads, int banks);

// Brute-force degrees, maximised over warps and k, of the read above and of
// the write j + M * k (M = butterflies of the writing stage), through `map`.
int brute_force_read_degree(int P, int r, int threads, int banks, kern::PadMap map);
int brute_force_write_degree(int M, int r, int threads, int banks, kern::PadMap map);

struct ExchangeConflicts {
  int write_degree;  // write of stage e
  int read_degree;   // read of stage e + 1
};

// Exact simulation of one block of the X kernel: all rows (row_stride apart),
// threads_per_row, the per_thread loop and L's pad maps. element_bytes is the
// size of one real (4 or 8). One entry per exchange (L.stages - 1 entries).
std::vector<ExchangeConflicts> layout_conflicts(const kern::XLayout& L, int element_bytes);

}  // namespace fft3d
