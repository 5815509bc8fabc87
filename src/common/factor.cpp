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

int inverse_modulo(int a, int m) {
  if (m == 1) return 0;
  // Extended Euclid on (a mod m, m): r = s * a (mod m) throughout.
  long long r0 = m, r1 = ((a % m) + m) % m, s0 = 0, s1 = 1;
  while (r1 != 0) {
    const long long q = r0 / r1;
    const long long r2 = r0 - q * r1, s2 = s0 - q * s1;
    r0 = r1, r1 = r2, s0 = s1, s1 = s2;
  }
  if (r0 != 1) return -1;
  return static_cast<int>(((s0 % m) + m) % m);
}

}  // namespace fft3d
