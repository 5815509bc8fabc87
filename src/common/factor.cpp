#include "common/factor.h"

namespace fft3d {

std::vector<long long> prime_factors(long long n) {
  std::vector<long long> factors;
  for (long long p = 2; p * p <= n; ++p)
    while (n % p == 0) {
      factors.push_back(p);
      n /= p;
    }
  if (n > 1) factors.push_back(n);
  return factors;
}

long long first_unsupported_factor(long long n) {
  for (long long p : prime_factors(n))
    if (p > 7) return p;
  return 0;
}

}  // namespace fft3d
