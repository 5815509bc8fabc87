#include "fft1d/bank_conflicts.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace fft3d {
namespace {

// Degree of one access phase: the most distinct addresses on one bank.
int phase_degree(std::vector<int>& addr, std::vector<int>& count, int banks) {
  std::sort(addr.begin(), addr.end());
  addr.erase(std::unique(addr.begin(), addr.end()), addr.end());
  count.assign(static_cast<size_t>(banks), 0);
  int worst = 0;
  for (int a : addr) worst = std::max(worst, ++count[static_cast<size_t>(a % banks)]);
  return worst;
}

// Single-row model: warps of `banks` consecutive butterflies j, one access per k.
template <class Index>
int single_row_degree(int threads, int r, int banks, kern::PadMap map, Index index) {
  std::vector<int> addr, count;
  int worst = 0;
  for (int w0 = 0; w0 < threads; w0 += banks)
    for (int k = 0; k < r; ++k) {
      addr.clear();
      for (int j = w0; j < std::min(w0 + banks, threads); ++j)
        addr.push_back(kern::padded_index(map, index(j, k)));
      worst = std::max(worst, phase_degree(addr, count, banks));
    }
  return worst;
}

// Degree of stage g's reads (or writes) through `map` in one block: every
// (u, k) iteration is one access, issued by each phase of `lanes` consecutive
// tids; only threads with a butterfly j < g.butterflies take part.
int block_degree(const kern::XLayout& L, const kern::StageGeom& g, bool read, kern::PadMap map,
                 int row_stride, int threads_per_block, int lanes) {
  std::vector<int> addr, count;
  int worst = 0;
  // Phases starting lcm(threads per row, lanes) tids apart see the same j
  // pattern shifted by whole rows, i.e. the same banks rotated: one period
  // of phases decides the degree (a final partial phase only drops lanes).
  // (Column layouts map tids the other way round: simulate the whole block.)
  const int period = L.columns ? threads_per_block : std::min(threads_per_block, std::lcm(g.threads, lanes));
  for (int u = 0; u < g.per_thread; ++u)
    for (int k = 0; k < g.radix; ++k)
      for (int p0 = 0; p0 < period; p0 += lanes) {
        addr.clear();
        for (int tid = p0; tid < std::min(p0 + lanes, threads_per_block); ++tid) {
          const int j = L.thread_in_row(tid) + u * g.threads;
          if (j >= g.butterflies) continue;
          const int idx = read ? kern::stockham_read_index(j, k, g.stride, g.radix)
                               : kern::stockham_write_index(j, k, g.butterflies);
          addr.push_back(L.local_row(tid) * row_stride + kern::padded_index(map, idx));
        }
        worst = std::max(worst, phase_degree(addr, count, lanes));
      }
  return worst;
}

// min over 1 <= e <= n of the circular distance of e * a (mod B) from 0.
// By the three-distance theorem the record approaches to 0 from above (lo,
// reached by multiple elo) and from below (hi, by ehi) only improve at
// multiple elo + ehi, whose residue is lo - hi: a subtractive Euclid on (lo, hi).
long long min_multiple_distance(long long a, long long B, long long n) {
  long long lo = a % B, hi = B - lo, elo = 1, ehi = 1;
  if (lo == 0) return 0;
  while (elo + ehi <= n) {
    if (lo == hi) return 0;  // multiple elo + ehi is 0 mod B
    if (lo > hi) {
      lo -= hi;
      elo += ehi;
    } else {
      hi -= lo;
      ehi += elo;
    }
  }
  return std::min(lo, hi);
}

}  // namespace

// Let B = banks = 2^beta, P = 2^m * l (l odd), D = P (r - 1). Then f(j) =
// j % P + (j / P) P r + k P = j + (j / P) D + k P: within block q = j / P the
// addresses are consecutive, so a warp's image mod B is a union of arcs, one
// per block it touches (k P shifts all alike), and it is conflict-free iff
// the arcs are disjoint. Paper = (b) or (c) or (d); (a), (e), (f) make it exact.
bool predict_conflict_free_read(int P, int r, int threads, int banks) {
  const long long B = banks, D = static_cast<long long>(P) * (r - 1);
  // (a) One block (P >= threads): f(j) = j + kP, warps of <= B consecutive j.
  if (P >= threads) return true;
  // (b) B | P (m >= beta): each warp lies in one block, again consecutive.
  if (P % B == 0) return true;
  // (c) D = 0 mod B: f(j) = j + kP (mod B) for every j.
  if (D % B == 0) return true;
  // (d) P = 2^m < B, r odd: P | B, so a warp holds (part of) blocks q0..q0 +
  // B/P - 1, at offsets P (q r mod B/P); r is invertible mod B/P: all differ.
  int l = P;
  while (l % 2 == 0) l /= 2;
  if (l == 1 && r % 2 == 1) return true;
  // (e) Otherwise a full warp always conflicts: its B addresses would have to
  // tile Z_B, each arc ending where the next one starts.
  //  P > B: the warp around j = P is full (P + B < 2P <= threads); its j >= P
  //   arc must start where its j < P arc ends: D = 0 mod B, excluded.
  //  P < B: warp 0 (full when threads >= B) holds c = B / P >= 1 whole arcs,
  //   starting at e P r (e < c), plus a partial one at c P r unless P | B.
  //   r even: starts are multiples of 2^v, v = v2(P r) > m, but the end
  //   e P r + P of a whole arc is not (its v2 is m), so it starts nothing.
  //   r odd (so l >= 3, 2c < K = 2^(beta-m)): whole arc e is followed by arc
  //   e + w, w = r^-1 mod K. The c + 1 arcs form one chain of indices in
  //   [0, c] ending at the partial arc c; as 2c < K all c steps are the same
  //   integer d = w (mod K) with |d| <= c, and landing on c forces d = 1,
  //   i.e. r = 1 mod K, i.e. D = 0 mod B, excluded.
  if (threads >= B) return false;
  // (f) One partial warp of R = threads / P >= 2 whole blocks: arcs of length
  // P at e P r (mod B), e < R, are disjoint iff every difference e P r,
  // 1 <= e < R, is at circular distance >= P from 0.
  return min_multiple_distance(static_cast<long long>(P) * r, B, threads / P - 1) >= P;
}

int brute_force_read_degree(int P, int r, int threads, int banks, kern::PadMap map) {
  return single_row_degree(threads, r, banks, map,
                           [&](int j, int k) { return kern::stockham_read_index(j, k, P, r); });
}

int brute_force_write_degree(int M, int r, int threads, int banks, kern::PadMap map) {
  return single_row_degree(threads, r, banks, map,
                           [&](int j, int k) { return kern::stockham_write_index(j, k, M); });
}

std::vector<ExchangeConflicts> layout_conflicts(const kern::XLayout& L, int element_bytes) {
  if (element_bytes != 4 && element_bytes != 8)
    throw std::invalid_argument("layout_conflicts: element_bytes must be 4 or 8");
  // float: a warp of 32 lanes on 32 banks. double: each 8-byte element takes
  // two of the 32 banks, served in half-warps: 16 lanes on 16 element banks.
  const int lanes = element_bytes == 4 ? 32 : 16;
  const int stride = L.row_stride(), tpb = L.threads_per_block();
  std::vector<ExchangeConflicts> out;
  for (int e = 0; e + 1 < L.stages; ++e) {
    const kern::PadMap map = L.exchange_map(e);
    out.push_back({block_degree(L, L.stage(e), false, map, stride, tpb, lanes),
                   block_degree(L, L.stage(e + 1), true, map, stride, tpb, lanes)});
  }
  return out;
}

}  // namespace fft3d
