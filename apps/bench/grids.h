// 3-D grids for the --3d modes: parsing --sizes, and the checks every grid
// mode makes before it allocates.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace fft3d_bench {

struct Grid {
  int nx, ny, nz;
  long long points() const { return (long long)nx * ny * nz; }
  std::string name() const {
    return std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz);
  }
};

// FFTW checks the whole output on one host thread; above this it takes too
// long and the errors are reported as n/a.
constexpr long long kMaxCheckedPoints = 256LL * 256 * 256;

// One extent of a --sizes entry (1 to 2^30); `usage` completes the error
// "--sizes: 'ENTRY' is not USAGE".
int parse_extent(const std::string& text, const std::string& entry, const std::string& usage);

// "256" is a cube, "256x128x64" is nx x ny x nz.
Grid parse_grid(const std::string& entry, const std::string& usage);

// parse_grid of each entry, at most 2^40 points each; no entries: the defaults.
std::vector<Grid> parse_grids(const std::vector<std::string>& entries, const std::vector<Grid>& defaults);

// False, with a note printed, when `bytes` (the buffers a grid needs) exceed
// 40% of the free device memory: the rest is left for work areas.
bool fits_in_device_memory(size_t bytes);

}  // namespace fft3d_bench
