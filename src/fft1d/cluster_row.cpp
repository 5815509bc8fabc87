#include "fft1d/cluster_row.h"

#include <algorithm>
#include <sstream>

#include "common/error.h"
#include "fft1d/codelets.h"
#include "fft1d/x_kernel_source.h"

namespace fft3d {

std::string ClusterRowVariant::name() const {
  const std::string form = real ? ".real-half." : columns > 0 ? ".cols" + std::to_string(columns) + "." : ".";
  return "cluster" + std::to_string(cluster) + form + local.name();
}

kern::ClusterRowLayout make_cluster_row_layout(int length, Precision precision, const ClusterRowVariant& v) {
  if (v.cluster < 2 || !kern::is_supported_radix(v.cluster) || length % v.cluster != 0)
    fail(FFT3D_ERROR_INTERNAL, "cluster rows: " + std::to_string(v.cluster) + " blocks do not split rows of " +
                                   std::to_string(length));
  const XVariant& x = v.local;
  const int lines = v.columns > 0 ? v.columns : 1;
  if (x.rows_per_block != lines || x.exchange_buffers != 1 || x.columns || x.real != RealRows::none ||
      (v.real && v.columns > 0))
    fail(FFT3D_ERROR_INTERNAL, "cluster " + std::string(v.columns > 0 ? "columns" : "rows") +
                                   " need a complex row kernel of one row a line and one exchange buffer, not " +
                                   x.name());
  kern::XLayout local = make_x_layout(length / v.cluster, precision, x);
  if (v.columns > 0) {
    const int banks = shared_banks(precision);
    local.row_pad = 0;
    local.row_pad = ((1 - local.row_stride()) % banks + banks) % banks;
  }
  const kern::ClusterRowLayout L{local, v.cluster, v.real, v.columns};
  // Columns: each block's gather share is whole (n / C positions), a
  // thread's DFTs fit its registers between the gather's steps, and its
  // loads and stores are whole too (n / threads per column each).
  if (v.columns > 0 && (local.n % v.cluster != 0 || local.n % local.threads_per_row != 0 ||
                        L.gather_items() * v.cluster > local.elems_per_thread()))
    fail(FFT3D_ERROR_INTERNAL, "cluster columns " + v.name() + ": " + std::to_string(v.cluster) +
                                   " blocks of " + std::to_string(local.n) + " points do not split evenly into " +
                                   std::to_string(L.threads()) + " threads' registers");
  return L;
}

bool cluster_row_fits(int length, Precision precision, const ClusterRowVariant& v, const DeviceLimits& limits) {
  if (v.cluster > limits.max_cluster) return false;
  const kern::ClusterRowLayout L = make_cluster_row_layout(length, precision, v);
  return L.local.stages >= 2 && x_variant_fits(layout_facts(L.local, precision), limits);
}

namespace {

// Blocks of this many bytes of shared memory an SM holds (Hopper: 228 KB an
// SM, 1 KB of it reserved for each block).
int blocks_per_sm(long long shared_bytes, const DeviceLimits& limits) {
  constexpr long long kReserved = 1024;
  return static_cast<int>((limits.shared_bytes_per_block + kReserved) / (shared_bytes + kReserved));
}

// The local kernel's threads: kClusterValuesPerThread values a thread where
// the SM still holds kClusterMinWarpsPerSm warps of such blocks, else the
// row ESTIMATE's (which holds fewer values a thread).
void hold_more_values_a_thread(int n, Precision precision, const DeviceLimits& limits, XVariant& local) {
  XVariant more = local;
  more.threads_per_row = (n / kClusterValuesPerThread + 31) / 32 * 32;
  if (more.threads_per_row >= local.threads_per_row) return;
  const XVariantFacts f = x_variant_facts(n, precision, more);
  if (!x_variant_fits(f, limits)) return;
  if (blocks_per_sm(f.shared_bytes, limits) * f.threads_per_block / 32 < kClusterMinWarpsPerSm) return;
  local = more;
}

// Clusters of c blocks for rows of length, with the ESTIMATE's local kernel; none where it does not fit.
std::optional<ClusterRowVariant> cluster_of(int c, int length, Precision precision, const DeviceLimits& limits) {
  if (!kern::is_supported_radix(c) || length % c != 0) return std::nullopt;
  XVariant local;
  try {
    local = estimate_x_variant(length / c, precision, limits);
  } catch (const Error&) {
    return std::nullopt;  // the rows of length / c fit no block
  }
  local.rows_per_block = 1;
  local.exchange_buffers = 1;
  hold_more_values_a_thread(length / c, precision, limits, local);
  const ClusterRowVariant v{c, local};
  if (!cluster_row_fits(length, precision, v, limits)) return std::nullopt;
  return v;
}

// The smallest cluster of at most max_cluster blocks whose blocks have at
// most max_threads threads.
std::optional<ClusterRowVariant> small_blocks(int length, Precision precision, const DeviceLimits& limits,
                                              int max_cluster, int max_threads) {
  DeviceLimits capped = limits;
  capped.max_cluster = std::min(limits.max_cluster, max_cluster);
  for (int c = 2; c <= capped.max_cluster; ++c) {
    const auto v = cluster_of(c, length, precision, capped);
    if (v && v->local.threads_per_row <= max_threads) return v;
  }
  return std::nullopt;
}

}  // namespace

std::optional<ClusterRowVariant> cluster_column_variant(int length, Precision precision, const DeviceLimits& limits,
                                                        int cluster, int columns) {
  // The gather's shares must be whole: C divides n = length / C.
  if (!kern::is_supported_radix(cluster) || length % cluster != 0 || (length / cluster) % cluster != 0 ||
      columns < 1)
    return std::nullopt;
  const int n = length / cluster;
  XVariant local;
  try {
    local = estimate_x_variant(n, precision, limits);
  } catch (const Error&) {
    return std::nullopt;
  }
  local.rows_per_block = columns;
  local.exchange_buffers = 1;
  local.columns = false;
  local.min_blocks_per_sm = 0;
  for (int threads : threads_per_row_options(n, local.radices)) {  // ascending
    XVariant v = local;
    v.threads_per_row = threads;
    const ClusterRowVariant c{cluster, v, false, columns};
    kern::ClusterRowLayout L;
    try {
      L = make_cluster_row_layout(length, precision, c);
    } catch (const Error&) {
      continue;  // the gather's values do not fit these threads' registers
    }
    if (L.local.elems_per_thread() > kClusterValuesPerThread) continue;
    if (cluster_row_fits(length, precision, c, limits)) return c;
  }
  return std::nullopt;
}

std::optional<ClusterRowVariant> cluster_row_variant(int length, Precision precision, const DeviceLimits& limits,
                                                     int cluster) {
  for (int c = 2; c <= limits.max_cluster; ++c)
    if (cluster == 0 || c == cluster)
      if (auto v = cluster_of(c, length, precision, limits)) return v;
  return std::nullopt;
}

std::optional<ClusterRowVariant> estimate_cluster_row_variant(int length, Precision precision,
                                                              const DeviceLimits& limits) {
  for (int threads : {kClusterRowSmallBlockThreads, kClusterRowBlockThreads})
    if (auto v = small_blocks(length, precision, limits, kPortableCluster, threads)) return v;
  if (precision == Precision::f64)
    return small_blocks(length, precision, limits, limits.max_cluster, kClusterRowBlockThreads);
  DeviceLimits portable = limits;
  portable.max_cluster = std::min(limits.max_cluster, kPortableCluster);
  if (auto v = cluster_row_variant(length, precision, portable)) return v;
  return cluster_row_variant(length, precision, limits);
}

std::string cluster_row_source(int length, Precision precision, const ClusterRowVariant& v) {
  const kern::ClusterRowLayout L = make_cluster_row_layout(length, precision, v);
  const char* real = precision == Precision::f32 ? "float" : "double";
  std::ostringstream s;
  s << "// fft3d cluster rows: n=" << length << " " << precision_name(precision) << " " << v.name()
    << "\n#include \"fft1d/cluster_row_kernel.h\"\n\n";
  for (int sign : {-1, +1}) {
    s << "struct Cfg" << (sign < 0 ? "Forward" : "Inverse") << " {\n"
      << "  using Real = " << real << ";\n"
      << "  static constexpr int kSign = " << sign << ";\n"
      << "  __host__ __device__ static constexpr fft3d::kern::ClusterRowLayout layout() {\n"
      << "    return fft3d::kern::ClusterRowLayout{" << x_layout_initializer(L.local) << ", " << L.cluster << ", "
      << (L.real ? "true" : "false") << ", " << L.columns << "};\n  }\n};\n";
  }
  std::ostringstream bounds;
  bounds << L.threads();
  if (v.local.min_blocks_per_sm > 0) bounds << ", " << v.local.min_blocks_per_sm;
  for (int sign : {-1, +1}) {
    s << "\nextern \"C\" __global__ void __launch_bounds__(" << bounds.str() << ") "
      << (sign < 0 ? kClusterRowForwardKernel : kClusterRowInverseKernel) << x_kernel_parameters(real)
      << " {\n  fft3d::kern::await_previous_grid();\n  fft3d::kern::cluster_row_device<Cfg"
      << (sign < 0 ? "Forward" : "Inverse") << ">(" << x_kernel_arguments(real) << ");\n}\n";
  }
  return s.str();
}

}  // namespace fft3d
