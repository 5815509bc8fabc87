#include "fft1d/radix.h"

#include <algorithm>
#include <functional>
#include <iterator>

#include "fft1d/codelets.h"

namespace fft3d {

namespace {

// Splits 2^bits into the fewest powers of two from {2, 4, 8, 16}, as evenly
// as possible: ceil(bits / 4) radices whose exponents differ by at most one.
std::vector<int> split_power_of_two(int bits) {
  std::vector<int> out;
  if (bits == 0) return out;
  const int count = (bits + 3) / 4;
  for (int i = 0; i < count; ++i) {
    const int e = bits / count + (i < bits % count ? 1 : 0);
    out.push_back(1 << e);
  }
  return out;
}

}  // namespace

std::vector<std::vector<int>> all_radix_multisets(int n) {
  std::vector<std::vector<int>> all;
  std::vector<int> current;
  std::function<void(int, size_t)> grow = [&](int rest, size_t first) {
    if (rest == 1) {
      if (!current.empty()) all.push_back(current);
      return;
    }
    for (size_t i = first; i < std::size(kern::kSupportedRadices); ++i)
      if (rest % kern::kSupportedRadices[i] == 0) {
        current.push_back(kern::kSupportedRadices[i]);
        grow(rest / kern::kSupportedRadices[i], i);
        current.pop_back();
      }
  };
  if (n >= 2) grow(n, 0);
  return all;
}

bool is_estimate_radix(int r) { return kern::is_supported_radix(r) && r != 24 && r != 30; }

std::vector<std::vector<int>> radix_pairs(int n, int max_radix) {
  std::vector<std::vector<int>> pairs;
  for (const std::vector<int>& m : all_radix_multisets(n))  // each sorted descending
    if (m.size() == 2 && m[0] <= max_radix && is_estimate_radix(m[0]) && is_estimate_radix(m[1]))
      pairs.push_back(m);
  std::sort(pairs.begin(), pairs.end(), [](const auto& a, const auto& b) { return a[0] < b[0]; });
  return pairs;
}

std::optional<std::vector<int>> balanced_radix_pair(int n, int max_radix) {
  const std::vector<std::vector<int>> pairs = radix_pairs(n, max_radix);
  if (pairs.empty()) return std::nullopt;
  return pairs.front();
}

std::vector<int> preferred_radices(int n) {
  std::vector<int> radices;
  int bits = 0;
  while (n % 2 == 0) {
    n /= 2;
    ++bits;
  }
  while (n % 9 == 0) {  // pairs of 3s as one radix-9 stage
    radices.push_back(9);
    n /= 9;
  }
  for (int p : {3, 5, 7})
    while (n % p == 0) {
      radices.push_back(p);
      n /= p;
    }
  if (n != 1) return {};  // not 7-smooth: the caller reports the factor
  for (int r : split_power_of_two(bits)) radices.push_back(r);
  std::sort(radices.rbegin(), radices.rend());
  return radices;
}

std::vector<std::vector<int>> distinct_orderings(std::vector<int> radices) {
  std::vector<std::vector<int>> out;
  std::sort(radices.begin(), radices.end());
  do out.push_back(radices);
  while (std::next_permutation(radices.begin(), radices.end()));
  return out;
}

}  // namespace fft3d
