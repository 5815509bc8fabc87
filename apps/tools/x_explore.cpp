// fft3d-x-explore: times a sample of X-axis variants per size on the GPU, to
// see which parameters win and how far the ESTIMATE choice is from the best.
// A measuring tool for developers (the seed of the tuner), linked against the
// library's internals; users run fft3d-bench.
#include <CLI/CLI.hpp>
#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdio>
#include <future>
#include <random>
#include <string>
#include <vector>

#include "fft1d/x_kernel_source.h"
#include "fft1d/x_pass.h"
#include "gpu/device.h"
#include "gpu/module_cache.h"
#include "gpu_timer.h"

using namespace fft3d;

namespace {

struct Timed {
  XVariant variant;
  double ms;
};

// The estimate, its twiddle and padding siblings, and a random sample.
std::vector<XVariant> candidates(int n, Precision p, const DeviceInfo& dev, int samples,
                                 const std::vector<std::string>& extra, bool columns) {
  std::vector<XVariant> out;
  const XVariant est = columns ? estimate_column_variant(n, p, dev.limits()) : estimate_x_variant(n, p, dev.limits());
  out.push_back(est);
  std::vector<XVariant> all = enumerate_x_variants(n, p, dev.limits(), columns);
  for (const XVariant& v : all)
    if (v.radices == est.radices && v.threads_per_row == est.threads_per_row && !(v == est)) out.push_back(v);
  for (int mb : {2, 3, 4}) {  // occupancy hints (register caps) on the estimate
    XVariant v = est;
    v.min_blocks_per_sm = mb;
    out.push_back(v);
  }
  for (const std::string& name : extra) {  // named variants whose radices make n
    const XVariant v = parse_x_variant(name);
    if (variant_factors(v, n) && v.columns == columns) out.push_back(v);
  }
  std::mt19937 rng(static_cast<unsigned>(n));
  std::shuffle(all.begin(), all.end(), rng);
  for (int i = 0; i < samples && i < static_cast<int>(all.size()); ++i) out.push_back(all[static_cast<size_t>(i)]);
  return out;
}

void compile_all(int n, Precision p, const std::vector<XVariant>& vs, const DeviceInfo& dev) {
  std::vector<std::future<void>> jobs;
  for (const XVariant& v : vs)
    jobs.push_back(std::async(std::launch::async, [&, v] { cached_cubin(x_kernel_source(n, p, v), dev.arch()); }));
  for (auto& j : jobs) j.get();
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"fft3d-x-explore: time X-axis variants per size"};
  std::vector<int> sizes = {64, 128, 192, 256, 432, 480, 512, 1024, 2048, 4096};
  std::string prec = "f32";
  int samples = 24;
  long long mib = 256;
  std::vector<std::string> extra;
  bool columns = false;
  app.add_option("--sizes", sizes)->delimiter(',');
  app.add_option("--precision", prec)->check(CLI::IsMember({"f32", "f64"}));
  app.add_option("--samples", samples, "random variants per size besides the estimate's family");
  app.add_option("--mib", mib, "MiB of rows per size");
  app.add_option("--extra", extra, "variant names to time too (where their radices make n)")->delimiter(',');
  bool all = false;
  app.add_flag("--all", all, "print every variant timed, not only the six fastest");
  app.add_flag("--columns", columns, "time column variants on the Z pass of a (plane x n) grid, plane a multiple of 16");
  CLI11_PARSE(app, argc, argv);
  if (!gpu_present()) {
    std::printf("no CUDA device\n");
    return 0;
  }
  const Precision p = prec == "f32" ? Precision::f32 : Precision::f64;
  const DeviceInfo dev = current_device_info();
  fft3d_bench::Stream stream;
  for (int n : sizes) {
    long long rows = (mib << 20) / (static_cast<long long>(n) * complex_bytes(p));
    if (columns) rows -= rows % 16;
    // Columns: the Z pass of a (rows x n) grid, element stride = rows.
    const kern::RowGeometry geometry = columns ? kern::RowGeometry{rows, rows, rows} : kern::RowGeometry{1, 0, 1};
    const size_t bytes = static_cast<size_t>(rows) * n * complex_bytes(p);
    void* data = nullptr;
    if (cudaMalloc(&data, bytes) != cudaSuccess) return 1;
    cudaMemset(data, 0x3c, bytes);  // finite, non-zero values
    const std::vector<XVariant> vs = candidates(n, p, dev, samples, extra, columns);
    compile_all(n, p, vs, dev);
    std::vector<Timed> timed;
    for (const XVariant& v : vs) {
      const XPass pass(n, p, v, dev);
      // Forward then inverse keeps the values bounded over many repetitions.
      auto t = fft3d_bench::time_repetitions(stream, 2, 10, [&] { pass.run(data, rows, +1, stream.get(), geometry); },
                                             [&] { pass.run(data, rows, -1, stream.get(), geometry); });
      timed.push_back({v, fft3d_bench::median(t)});
    }
    cudaFree(data);
    const double est_ms = timed.front().ms;
    std::sort(timed.begin(), timed.end(), [](const Timed& a, const Timed& b) { return a.ms < b.ms; });
    std::printf("%s %s n=%d rows=%lld: estimate %.4f ms (%.0f GB/s), best %.4f ms (%.0f GB/s), %zu variants\n",
                prec.c_str(), columns ? "columns" : "rows", n, rows, est_ms, 2.0 * bytes / est_ms / 1e6, timed.front().ms,
                2.0 * bytes / timed.front().ms / 1e6, timed.size());
    for (size_t i = 0; i < timed.size() && (all || i < 6); ++i)
      std::printf("    %.4f ms  %s%s\n", timed[i].ms, timed[i].variant.name().c_str(),
                  timed[i].variant == vs.front() ? "  <- estimate" : "");
    for (size_t i = all ? timed.size() : 6; i < timed.size(); ++i)
      if (timed[i].variant == vs.front()) std::printf("    %.4f ms  %s  <- estimate (rank %zu)\n", timed[i].ms, timed[i].variant.name().c_str(), i + 1);
  }
  return 0;
}
