// The tuner's search space for one pass: which kernels are worth compiling
// and timing. Host arithmetic on variant facts only; nothing here compiles
// or measures (search.h does, through a PassTimer).
#pragma once
#include <string>
#include <vector>

#include "common/precision.h"
#include "fft1d/x_variant.h"
#include "fft3d/plan.h"
#include "multirow/five_step.h"

namespace fft3d {

// One kernel the tuner can choose for a pass: a Stockham variant (rows, or
// one-pass columns), or for columns the two-pass five-step form.
struct Candidate {
  XVariant x;
  FiveStepVariant five_step;  // n1 > 0: this candidate is the five-step form

  bool is_five_step() const { return five_step.n1 > 0; }
  std::string name() const { return is_five_step() ? five_step.name() : x.name(); }
  bool operator==(const Candidate& o) const { return name() == o.name(); }
  bool operator!=(const Candidate& o) const { return !(*this == o); }
};

// Parses Candidate::name() (an XVariant name or a five-step name such as
// "fivestep16x16.cols32.tw-sincos"); throws Error(INVALID_ARGUMENT).
Candidate parse_candidate(const std::string& name);

// Registers per thread after Dotsenko et al.: P * (2 + 0.8) * R, with R the
// complex values a thread holds and P = 1 (f32) or 2 (f64).
int dotsenko_registers(Precision precision, int elems_per_thread);

// Registers per thread the compiler may use under __launch_bounds__(threads,
// min_blocks) (min_blocks 0: none): the register file shared by the resident
// blocks, in allocation units of 8, at most the device's per-thread limit.
int register_cap(int threads_per_block, int min_blocks_per_sm, const DeviceLimits& limits);

// Whether the Dotsenko estimate clearly overflows the cap (by more than a
// quarter): such a kernel spills and is not worth compiling.
bool register_overflow(int n, Precision precision, const XVariant& v, const DeviceLimits& limits);

// Whether two radices of the multiset multiply to a codelet radix (2,2 -> 4;
// 4,4 or 2,8 -> 16; 3,3 -> 9): one stage fewer does the same work.
bool has_mergeable_radices(const std::vector<int>& radices);

// Every multiset of codelet radices (descending) whose product is n, without
// mergeable pairs, with at most `extra_stages` stages more than the fewest.
std::vector<std::vector<int>> radix_multisets(int n, int extra_stages);

// Every variant of the given radix multiset: each distinct ordering x
// threads per row x rows (or columns) per block x padding that changes an
// exchange x twiddle source, within the limits; the rules of
// enumerate_x_variants, which makes the same set for its own multiset
// (preferred_radices), as a test checks.
std::vector<XVariant> variants_of_multiset(int n, Precision precision, const DeviceLimits& limits, bool columns,
                                           const std::vector<int>& radices);

// A cheap relative cost (1 = ideal) of a variant, to rank before compiling:
// bytes in flight per SM (memory latency), shared-memory stages and their
// bank conflicts, idle threads in the heaviest stage, coalescing of columns,
// twiddle source and pad arithmetic. Only the order matters.
double model_cost(int n, Precision precision, const DeviceLimits& limits, const XVariant& v);

// The candidates of one pass and what pruning removed.
struct CandidateSet {
  std::vector<Candidate> list;  // list[0] is the ESTIMATE choice; the rest roughly by model cost
  int enumerated = 0;           // variants made (five-step included) before register pruning
  int pruned_registers = 0;     // Dotsenko estimate clearly over the register cap
  int pruned_merge = 0;         // radix multisets (of as few stages as those kept) with a mergeable pair
  int orderings_skipped = 0;    // MEASURE: radix orderings ranked too low to be enumerated
  int not_selected = 0;         // survivors of pruning left out of the list (MEASURE)
};

// The candidates for a pass of length n (rows or columns), from the radix
// multisets with the fewest stages (EXHAUSTIVE: one stage more too), none
// with a mergeable pair but the pairs of rows of one codelet (16 = 4 * 4:
// several threads a row, whose loads coalesce), register overflows pruned:
// - MEASURE: the orderings ranked by model_cost of one representative
//   shape each; the best three (and the estimate's) enumerated, and of each
//   the cheapest variant of its three best (threads per row, rows per block)
//   shapes; the ESTIMATE choice and its padding/twiddle siblings; for
//   columns the ESTIMATE five-step form where n splits into two radices.
//   At most 18 kernels to compile (9 for powers of two up to 256).
// - EXHAUSTIVE: every survivor, and every five-step split, block width and
//   twiddle source.
// Real rows (estimate.x.real) keep their real input and output; odd ones
// are also timed in the estimate's shape with the other of one or two rows
// to a transform (RealRows::full, RealRows::pair).
CandidateSet pass_candidates(int n, Precision precision, const DeviceLimits& limits, bool columns, TuneMode mode,
                             const Candidate& estimate);

// The resident-blocks-per-SM hints above c's, in climbing order: only those
// that lower the register cap (others compile to the same code), up to the
// occupancy the threads and shared memory allow, stopping before
// the register estimate clearly overflows; at most max_steps. Empty for
// five-step candidates.
std::vector<Candidate> occupancy_climb(int n, Precision precision, const DeviceLimits& limits, const Candidate& c,
                                       int max_steps);

}  // namespace fft3d
