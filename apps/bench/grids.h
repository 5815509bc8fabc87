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

// FFTW checks whole outputs on the host. Above this size the --3d modes
// report the errors as n/a, so that a sweep stays short, unless asked for
// every size (--check-every-size).
constexpr long long kMaxCheckedPoints = 256LL * 256 * 256;
inline bool checks_errors(bool every_size, long long points) { return every_size || points <= kMaxCheckedPoints; }
// The tables' note on which grids have errors.
inline const char* checked_grids_note(bool every_size) {
  return every_size ? "every grid" : "n/a above 256^3 points";
}

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
