// Published reference for the Taylor-Green vortex at Re = 1/nu = 1600 on
// [0, 2pi)^3 (V0 = 1, L = 1): the 512^3 pseudo-spectral DNS of
// W. M. van Rees, A. Leonard, D. I. Pullin, P. Koumoutsakos, "A comparison of
// vortex and pseudo-spectral methods for the simulation of periodic vortical
// flows at high Reynolds numbers", J. Comput. Phys. 230 (2011) 2794-2805,
// also the reference solution of the high-order CFD workshop's case C3.5.
// The same points, with their sources, are in docs/data/taylor_green_re1600_reference.csv.
#pragma once

namespace taylor_green::reference {

constexpr double kReynolds = 1600;
constexpr double kPeakDissipation = 0.0127;  // max of -dE/dt
constexpr double kPeakTime = 9.0;            // where it occurs (to about +-0.1)
// Exact at t = 0 for the initial condition: E = 1/8, Z = 3/8, so eps = 2 nu Z = 3/(4 Re).
constexpr double kInitialEnergy = 0.125;
constexpr double kInitialEnstrophy = 0.375;

}  // namespace taylor_green::reference
