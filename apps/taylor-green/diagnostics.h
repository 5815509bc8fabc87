// The Taylor-Green run's history: kinetic energy E = 1/2 <|u|^2>, enstrophy
// Z = 1/2 <|omega|^2> and the dissipation rate two ways, eps = 2 nu Z and
// -dE/dt (central differences of E between neighbouring samples). For the
// truncated (dealiased) system the two agree up to time-stepping error; the
// physics test is how both compare with the resolved DNS.
#pragma once

#include <fstream>
#include <string>
#include <vector>

namespace taylor_green {

struct Peak {
  double time = 0, value = 0;
};

class Diagnostics {
 public:
  // An empty path keeps the history in memory only.
  Diagnostics(const std::string& csv_path, double nu);
  ~Diagnostics();

  void record(long long step, double time, double energy, double enstrophy);
  // Writes the last row (one-sided -dE/dt); call once at the end.
  void finish();

  // Peaks located by a parabola through the largest sample and its neighbours.
  Peak peak_enstrophy_dissipation() const;  // of 2 nu Z
  Peak peak_energy_decay() const;           // of -dE/dt
  double last_energy() const { return energy_.empty() ? 0 : energy_.back(); }
  double last_dissipation() const { return enstrophy_.empty() ? 0 : 2 * nu_ * enstrophy_.back(); }

 private:
  double minus_dedt(std::size_t i) const;
  void write_row(std::size_t i);
  static Peak peak_of(const std::vector<double>& t, const std::vector<double>& v);

  std::ofstream csv_;
  double nu_;
  std::vector<long long> step_;
  std::vector<double> time_, energy_, enstrophy_;
  std::size_t written_ = 0;
  bool finished_ = false;
};

}  // namespace taylor_green
