#include "manufactured_solution.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace poisson {

double mean_exp_sin_product() {
  double sum = 0, c = 1, factorial = 1;  // c_0 = 1, (2*0)! = 1
  for (int j = 0; j < 40; ++j) {
    if (j > 0) {
      c *= (2.0 * j - 1) / (2.0 * j);  // C(2j,j)/4^j from the previous j
      factorial *= (2.0 * j - 1) * (2.0 * j);
    }
    sum += c * c * c / factorial;
  }
  return sum;
}

ManufacturedSolution::ManufacturedSolution()
    : modes_{{{1, 0, 0}, 1.0, 0.0},
             {{1, 2, 3}, 0.5, 0.7},
             {{-2, 1, 2}, 0.3, 1.9},
             {{3, -3, 1}, 0.2, -0.4},
             {{0, 4, -1}, 0.1, 2.5}},
      exp_mean_(mean_exp_sin_product()) {}

int ManufacturedSolution::max_mode() const {
  int m = 0;
  for (const FourierMode& mode : modes_)
    for (int k : mode.k) m = std::max(m, std::abs(k));
  return m;
}

double ManufacturedSolution::u(double x, double y, double z) const {
  double sum = 0;
  for (const FourierMode& m : modes_) sum += m.amplitude * std::cos(m.k[0] * x + m.k[1] * y + m.k[2] * z + m.phase);
  return sum + std::exp(std::sin(x) * std::sin(y) * std::sin(z)) - exp_mean_;
}

double ManufacturedSolution::f(double x, double y, double z) const {
  double sum = 0;
  for (const FourierMode& m : modes_) {
    const double k2 = m.k[0] * m.k[0] + m.k[1] * m.k[1] + m.k[2] * m.k[2];
    sum -= k2 * m.amplitude * std::cos(m.k[0] * x + m.k[1] * y + m.k[2] * z + m.phase);
  }
  // laplacian exp(s) = exp(s) (|grad s|^2 + laplacian s), and laplacian s = -3 s for s = sin x sin y sin z.
  const double sx = std::sin(x), sy = std::sin(y), sz = std::sin(z);
  const double cx = std::cos(x), cy = std::cos(y), cz = std::cos(z);
  const double s = sx * sy * sz;
  const double grad2 = cx * sy * sz * cx * sy * sz + sx * cy * sz * sx * cy * sz + sx * sy * cz * sx * sy * cz;
  return sum + std::exp(s) * (grad2 - 3 * s);
}

}  // namespace poisson
