// Choosing the radices of an X-axis transform: which multiset of codelet
// radices makes up N, and every distinct order in which to apply them.
#pragma once
#include <optional>
#include <vector>

namespace fft3d {

// Every non-increasing sequence of supported radices (codelets.h) whose
// product is n; empty for n < 2 or n not 7-smooth.
std::vector<std::vector<int>> all_radix_multisets(int n);

// Whether the ESTIMATE's pairs of radices (balanced_radix_pair, and the
// fused pass's re-paired rows) may use radix r: all supported radices but
// 24 and 30. Those codelets were added for the fused pass's Y splits of
// 384 = 24 * 16 and 480 = 30 * 16 (xy_estimate.cpp); 24 as a pair of rows or
// columns lost at 480 = 24 * 20 (3-D f32 1.915 ms against 1.887, f64 3.797
// against 3.767 on an H100) and tied at 384, so only the tuner tries them
// in rows and columns.
bool is_estimate_radix(int r);

// The pairs of supported radices (is_estimate_radix) of at most max_radix
// points whose product is n, each sorted descending, the most balanced
// first: the larger radix as small as possible (400: 20 * 20, then 25 * 16).
std::vector<std::vector<int>> radix_pairs(int n, int max_radix);

// The first of radix_pairs (192 = 16 * 12, not 32 * 6); nothing where no
// such pair exists.
std::optional<std::vector<int>> balanced_radix_pair(int n, int max_radix);

// The ESTIMATE's multiset for a 7-smooth n >= 2: pairs of 3s as 9, then 3,
// 5 and 7 as themselves, the power of two split into the fewest radices from
// {16, 8, 4, 2}, as evenly as possible (32 -> 8*4, 512 -> 8*8*8), since
// fewer stages mean fewer passes through shared memory. Sorted descending.
// Empty for n == 1. The composite codelets (radices 6 to 32) are mostly left
// to the tuner: its fewest-stage multisets ran 5-45 % faster on X rows and
// non-power-of-two columns of an H200, but an ESTIMATE that used them
// everywhere lost at 192, 243, 343 and 384 (which ordering, threads and
// twiddles win differs from size to size: docs/TUNING.md). Only some
// lengths take them untuned (composite_radices in x_estimate.cpp).
std::vector<int> preferred_radices(int n);

// Every distinct permutation of a multiset (480 = {8,5,4,3} gives 24).
std::vector<std::vector<int>> distinct_orderings(std::vector<int> radices);

}  // namespace fft3d
