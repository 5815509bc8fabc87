// Integer factorisation helpers for transform lengths.
#pragma once
#include <vector>

namespace fft3d {

// Prime factors of n (n >= 1) in ascending order, with multiplicity.
std::vector<long long> prime_factors(long long n);

// The smallest prime factor of n that is larger than 7, or 0 if n is
// 7-smooth (n = 2^a 3^b 5^c 7^d), which is what the GPU kernels support.
long long first_unsupported_factor(long long n);

// x in [0, m) with a * x = 1 modulo m, for a and m >= 1 without a common
// factor (0 for m = 1); -1 where they have one.
int inverse_modulo(int a, int m);

}  // namespace fft3d
