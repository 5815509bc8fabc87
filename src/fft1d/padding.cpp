#include "fft1d/padding.h"

#include <map>
#include <mutex>
#include <tuple>

#include "fft1d/bank_conflicts.h"

namespace fft3d {
namespace {

bool is_pow2(int x) { return x > 0 && (x & (x - 1)) == 0; }

// Method (1): b elements after each block of P*r elements turn the read into
// s + q * (P r + b) + k P, i.e. the block step P r becomes P r + b. The paper
// takes b = -P(r-1) mod banks (step = P mod banks, always conflict-free); we
// take the smallest b that is conflict-free for this shape, often 1, to waste
// less shared memory. Some b < banks always works (the paper's), but fall back
// to the least-conflicting b anyway.
kern::PadMap search_gap_map(int P, int r, int threads, int banks) {
  int best_b = 0, best_degree = 0;
  for (int b = 0; b < banks; ++b) {
    const int d = brute_force_read_degree(P, r, threads, banks, kern::PadMap{P * r, b});
    if (b == 0 || d < best_degree) best_b = b, best_degree = d;
    if (d == 1) break;
  }
  return best_b == 0 ? kern::PadMap{1, 0} : kern::PadMap{P * r, best_b};
}

// The search simulates whole rows; the enumerator asks for the same shapes
// over and over, so remember the answers (a pure function of its arguments).
kern::PadMap gap_map(int P, int r, int threads, int banks) {
  static std::mutex mutex;
  static std::map<std::tuple<int, int, int, int>, kern::PadMap> memo;
  const auto key = std::make_tuple(P, r, threads, banks);
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
  }
  const kern::PadMap map = search_gap_map(P, r, threads, banks);
  std::lock_guard<std::mutex> lock(mutex);
  memo.emplace(key, map);
  return map;
}

// Method (2): for P, r powers of two and P < banks, P elements after every
// `banks` elements. With K = banks / P, element s + P x (x = q r + k) lands
// on bank s + P ((x + x / K) mod K); over a warp's K consecutive blocks q this
// is distinct iff P r <= banks. For P r > banks (e.g. float, P = 4, r = 16:
// degree 2) we pad P after every P r elements instead: x + q = q (r+1) + k,
// and r + 1 is odd, so again distinct. Both are the period max(banks, P r).
kern::PadMap periodic_map(int P, int r, int banks) {
  if (!is_pow2(P) || !is_pow2(r) || P >= banks) return kern::PadMap{1, 0};
  return kern::PadMap{P * r > banks ? P * r : banks, P};
}

}  // namespace

const char* pad_method_name(PadMethod method) {
  switch (method) {
    case PadMethod::none: return "none";
    case PadMethod::gap: return "gap";
    case PadMethod::periodic: return "periodic";
  }
  return "unknown";
}

kern::PadMap choose_pad_map(PadMethod method, int P, int r, int threads, int banks) {
  switch (method) {
    case PadMethod::gap: return gap_map(P, r, threads, banks);
    case PadMethod::periodic: return periodic_map(P, r, banks);
    case PadMethod::none: break;
  }
  return kern::PadMap{1, 0};
}

}  // namespace fft3d
