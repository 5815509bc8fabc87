#include "grids.h"

#include <iostream>

#include <cuda_runtime_api.h>

#include "check.h"

namespace fft3d_bench {

namespace {

constexpr double kMaxFreeMemoryShare = 0.4;
const char* const kGridUsage = "a grid (256 for a cube, or NXxNYxNZ)";

}  // namespace

int parse_extent(const std::string& text, const std::string& entry, const std::string& usage) {
  size_t used = 0;
  long long n = 0;
  try {
    n = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || n < 1 || n > (1LL << 30))
    throw BenchError("--sizes: '" + entry + "' is not " + usage);
  return int(n);
}

Grid parse_grid(const std::string& entry, const std::string& usage) {
  std::vector<int> extents;
  for (size_t start = 0;;) {
    const size_t x = entry.find('x', start);
    extents.push_back(parse_extent(entry.substr(start, x - start), entry, usage));
    if (x == std::string::npos) break;
    start = x + 1;
  }
  if (extents.size() == 1) extents = {extents[0], extents[0], extents[0]};
  if (extents.size() != 3) throw BenchError("--sizes: '" + entry + "' is not " + usage);
  return Grid{extents[0], extents[1], extents[2]};
}

// "256" is a cube, "256x128x64" is nx x ny x nz.
std::vector<Grid> parse_grids(const std::vector<std::string>& entries, const std::vector<Grid>& defaults) {
  if (entries.empty()) return defaults;
  std::vector<Grid> grids;
  for (const std::string& entry : entries) {
    const Grid grid = parse_grid(entry, kGridUsage);
    // Far beyond any device; the bound keeps the byte counts from overflowing.
    if (double(grid.nx) * grid.ny * grid.nz > 0x1p40)
      throw BenchError("--sizes: '" + entry + "' has more than 2^40 points");
    grids.push_back(grid);
  }
  return grids;
}

bool fits_in_device_memory(size_t bytes) {
  size_t free = 0, total = 0;
  CUDA_CHECK(cudaMemGetInfo(&free, &total));
  if (double(bytes) <= kMaxFreeMemoryShare * double(free)) return true;
  std::cout << "skipped: " << (bytes >> 20) << " MiB is more than "
            << int(100 * kMaxFreeMemoryShare) << "% of the " << (free >> 20)
            << " MiB of free device memory" << std::endl;
  return false;
}

}  // namespace fft3d_bench
