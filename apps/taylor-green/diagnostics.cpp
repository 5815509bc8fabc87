#include "diagnostics.h"

#include <iomanip>
#include <stdexcept>

namespace taylor_green {

Diagnostics::Diagnostics(const std::string& csv_path, double nu) : nu_(nu) {
  if (csv_path.empty()) return;
  csv_.open(csv_path);
  if (!csv_) throw std::runtime_error("cannot write " + csv_path);
  csv_ << "step,time,energy,enstrophy,dissipation_2nu_enstrophy,dissipation_minus_dEdt\n" << std::setprecision(10);
}

Diagnostics::~Diagnostics() {
  if (!finished_) finish();
}

void Diagnostics::record(long long step, double time, double energy, double enstrophy) {
  step_.push_back(step);
  time_.push_back(time);
  energy_.push_back(energy);
  enstrophy_.push_back(enstrophy);
  // Row i needs sample i + 1 for its central difference.
  while (written_ + 1 < time_.size()) write_row(written_++);
}

void Diagnostics::finish() {
  while (written_ < time_.size()) write_row(written_++);
  if (csv_.is_open()) csv_.flush();
  finished_ = true;
}

double Diagnostics::minus_dedt(std::size_t i) const {
  if (time_.size() < 2) return 0;
  const std::size_t lo = i == 0 ? 0 : i - 1;
  const std::size_t hi = i + 1 < time_.size() ? i + 1 : i;
  return -(energy_[hi] - energy_[lo]) / (time_[hi] - time_[lo]);
}

void Diagnostics::write_row(std::size_t i) {
  if (!csv_.is_open()) return;
  csv_ << step_[i] << ',' << time_[i] << ',' << energy_[i] << ',' << enstrophy_[i] << ',' << 2 * nu_ * enstrophy_[i]
       << ',' << minus_dedt(i) << '\n';
}

Peak Diagnostics::peak_of(const std::vector<double>& t, const std::vector<double>& v) {
  if (v.empty()) return {};
  std::size_t m = 0;
  for (std::size_t i = 1; i < v.size(); ++i)
    if (v[i] > v[m]) m = i;
  if (m == 0 || m + 1 == v.size()) return {t[m], v[m]};
  // Parabola through (t[m-1], v[m-1]), (t[m], v[m]), (t[m+1], v[m+1]) (Newton form).
  const double t0 = t[m - 1], t1 = t[m], t2 = t[m + 1];
  const double d01 = (v[m] - v[m - 1]) / (t1 - t0), d12 = (v[m + 1] - v[m]) / (t2 - t1);
  const double c = (d12 - d01) / (t2 - t0);
  if (c >= 0) return {t1, v[m]};
  const double b = d01 - c * (t0 + t1);  // v = v0 + d01 (t - t0) + c (t - t0)(t - t1) = c t^2 + b t + ...
  const double tp = -b / (2 * c);
  const double vp = v[m - 1] + d01 * (tp - t0) + c * (tp - t0) * (tp - t1);
  return {tp, vp};
}

Peak Diagnostics::peak_enstrophy_dissipation() const {
  std::vector<double> eps(enstrophy_.size());
  for (std::size_t i = 0; i < eps.size(); ++i) eps[i] = 2 * nu_ * enstrophy_[i];
  return peak_of(time_, eps);
}

Peak Diagnostics::peak_energy_decay() const {
  std::vector<double> eps(time_.size());
  for (std::size_t i = 0; i < eps.size(); ++i) eps[i] = minus_dedt(i);
  return peak_of(time_, eps);
}

}  // namespace taylor_green
