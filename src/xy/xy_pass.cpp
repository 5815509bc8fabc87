#include "xy/xy_pass.h"

#include <algorithm>
#include <sstream>

#include "common/error.h"
#include "gpu/cluster_launch.h"
#include "gpu/cuda_check.h"
#include "gpu/dependent_launch.h"
#include "gpu/device_twiddles.h"
#include "gpu/module_cache.h"
#include "tune/thread_pool.h"
#include "xy/xy_kernel.h"
#include "xy/xy_kernel_source.h"

namespace fft3d {

namespace {

// The launch of `blocks` blocks of the pass's kernels in clusters (gpu/cluster_launch.h).
cudaLaunchConfig_t xy_cluster_launch(long long blocks, const XYVariantFacts& facts, cudaStream_t stream,
                                     cudaLaunchAttribute (&attrs)[2], int cluster_size, bool dependent) {
  return cluster_launch(blocks, facts.threads_per_block, facts.shared_bytes, stream, attrs, cluster_size, dependent);
}

// One cluster per plane (or per pair of planes: per_cluster 2, real
// pairs); a grid has at most 2^31 - 1 blocks, so very many planes take
// several launches. A persistent (double-buffered, or ring) kernel runs
// `persistent_clusters` clusters that walk the planes between them.
template <typename Real>
void launch(cudaKernel_t kernel, const XYVariantFacts& facts, int cluster_size, long long persistent_clusters,
            kern::XYArgs<Real> args, cudaStream_t stream, bool dependent, int per_cluster) {
  if (persistent_clusters > 0) {
    cudaLaunchAttribute attrs[2];
    const long long blocks = std::min(persistent_clusters, args.planes) * cluster_size;
    const cudaLaunchConfig_t config = xy_cluster_launch(blocks, facts, stream, attrs, cluster_size, dependent);
    void* params[] = {&args};
    FFT3D_CUDA_CHECK(cudaLaunchKernelExC(&config, reinterpret_cast<const void*>(kernel), params));
    FFT3D_CUDA_CHECK(cudaGetLastError());
    return;
  }
  const long long max_planes = 2147483647LL / cluster_size * per_cluster;
  kern::Complex<Real>* const first_plane = args.data;
  const kern::Complex<Real>* const first_in = args.in;
  const long long planes = args.planes;
  for (long long first = 0; first < planes; first += max_planes) {
    args.data = first_plane + first * args.plane_stride;
    if (first_in) args.in = first_in + first * args.plane_stride;
    args.planes = std::min(max_planes, planes - first);
    const long long clusters = (args.planes + per_cluster - 1) / per_cluster;
    cudaLaunchAttribute attrs[2];
    const cudaLaunchConfig_t config =
        xy_cluster_launch(clusters * cluster_size, facts, stream, attrs, cluster_size, dependent);
    void* params[] = {&args};
    FFT3D_CUDA_CHECK(cudaLaunchKernelExC(&config, reinterpret_cast<const void*>(kernel), params));
    FFT3D_CUDA_CHECK(cudaGetLastError());
  }
}

// The kernel's arguments for one precision: in == out is in place.
template <typename Real>
kern::XYArgs<Real> make_args(const void* in, void* out, long long planes, long long plane_stride,
                             const void* x_twiddles, const void* y_twiddles, double scale) {
  using C = kern::Complex<Real>;
  return kern::XYArgs<Real>{static_cast<C*>(out), planes, plane_stride, static_cast<const C*>(x_twiddles),
                            static_cast<const C*>(y_twiddles), static_cast<Real>(scale),
                            in == out ? nullptr : static_cast<const C*>(in)};
}

}  // namespace

XYPass::XYPass(int nx, int ny, Precision precision, const XYVariant& variant, const DeviceInfo& device, int split,
               int row_stride)
    : nx_(nx), ny_(ny), split_(split), row_stride_(row_stride), precision_(precision), variant_(variant) {
  if (split > 1 && (variant.x.real != RealRows::none || variant.strided_rows))
    fail(FFT3D_ERROR_INTERNAL, "the split-Y pass transforms complex rows in whole rows per block only");
  if (!make_xy_layout(nx, ny, precision, variant, split, row_stride).row_stride_fits())
    fail(FFT3D_ERROR_INTERNAL, "rows apart (XZ planes) take whole rows, one share, no split (rows_may_lie_apart)");
  if (!xy_variant_valid(nx, ny, precision, variant, device.limits()))
    fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "XY variant " + variant.name() + " for " + std::to_string(nx) + " x " +
                                           std::to_string(ny) + " exceeds the limits of " + device.name);
  facts_ = xy_variant_facts(nx, ny, precision, variant);
  library_ =
      std::make_unique<GpuLibrary>(cached_cubin(xy_kernel_source(nx, ny, precision, variant, split, row_stride),
                                                device.arch()));
  // Real rows run one way (xy_kernel_source): the R2C forward X first, the
  // C2R inverse columns first; real pairs forward.
  const bool real = variant.x.real != RealRows::none;
  if (!real || !variant.columns_first) forward_ = library_->kernel(kXYForwardKernel, facts_.shared_bytes);
  if (!real || variant.columns_first) inverse_ = library_->kernel(kXYInverseKernel, facts_.shared_bytes);
  // The fewer of the two kernels' resident clusters: the persistent grid.
  for (cudaKernel_t k : {forward_, inverse_}) {
    if (!k) continue;
    if (variant.cluster > kPortableCluster)
      FFT3D_CUDA_CHECK(cudaFuncSetAttribute(reinterpret_cast<const void*>(k),
                                            cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    cudaLaunchAttribute attrs[2];
    const cudaLaunchConfig_t config = xy_cluster_launch(variant.cluster, facts_, nullptr, attrs, variant.cluster, false);
    int clusters = 0;
    FFT3D_CUDA_CHECK(cudaOccupancyMaxActiveClusters(&clusters, reinterpret_cast<const void*>(k), &config));
    max_active_clusters_ = max_active_clusters_ == 0 ? clusters : std::min(max_active_clusters_, clusters);
    if (clusters < 1)
      fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "the device cannot schedule a cluster of " + std::to_string(variant.cluster) +
                                             " blocks with " + std::to_string(facts_.shared_bytes) +
                                             " B of shared memory each (" + variant.name() + ")");
  }
  if (variant.x.twiddle_table) x_twiddles_ = upload_twiddle_table(xy_row_points(nx, variant), precision);
  if (variant.y.twiddle_table) y_twiddles_ = upload_twiddle_table(ny, precision);
}

void XYPass::run(void* data, long long planes, int sign, cudaStream_t stream, kern::RowGeometry geometry,
                 double scale) const {
  run_out(data, data, planes, sign, stream, geometry.outer, scale);
}

void XYPass::run_out(const void* in, void* out, long long planes, int sign, cudaStream_t stream,
                     long long plane_stride, double scale) const {
  if (planes == 0) return;
  cudaKernel_t k = sign < 0 ? forward_ : inverse_;
  if (!k)
    fail(FFT3D_ERROR_INTERNAL, std::string("this fused XY pass of real rows runs ") +
                                   (variant_.columns_first ? "inverse (C2R) only" : "forward (R2C) only"));
  const void* xt = x_twiddles_.get();
  const void* yt = y_twiddles_.get();
  const long long persistent = facts_.persistent ? max_active_clusters_ : 0;
  const int per_cluster = variant_.x.real == RealRows::pair ? 2 : 1;
  if (precision_ == Precision::f32)
    launch<float>(k, facts_, variant_.cluster, persistent,
                  make_args<float>(in, out, planes, plane_stride, xt, yt, scale), stream, dependent_, per_cluster);
  else
    launch<double>(k, facts_, variant_.cluster, persistent,
                   make_args<double>(in, out, planes, plane_stride, xt, yt, scale), stream, dependent_, per_cluster);
}

std::string XYPass::describe() const {
  std::ostringstream s;
  s << (split_ > 1 ? "split-Y first pass (" + std::to_string(split_) + " residue classes of rows per plane), " : "")
    << (row_stride_ > 0 ? "XZ planes (X rows and Z columns, rows " + std::to_string(row_stride_) + " apart), " : "")
    << (variant_.columns_first ? "fused YX, columns first" : "fused XY") << " (cluster of " << variant_.cluster
    << (variant_.x.real == RealRows::pair ? " blocks per two real planes as one complex plane" : " blocks per plane")
    << ", distributed shared memory), " << nx_
    << " x " << ny_ << " " << precision_name(precision_) << ", variant " << variant_.name() << ", "
    << facts_.threads_per_block << " threads/block, " << facts_.shared_bytes << " B shared/block ("
    << facts_.share_bytes << " B share" << (variant_.buffers == 2 ? ", two of them: persistent, double-buffered" : "")
    << (variant_.ring_rows > 0 ? ": a ring of " + std::to_string(variant_.ring_rows) + " rows, persistent" : "")
    << "), " << max_active_clusters_ << " clusters resident";
  return s.str();
}

void precompile_xy_variants(int nx, int ny, Precision precision, const std::vector<XYVariant>& variants,
                            const DeviceInfo& device) {
  if (module_cache_dir().empty()) return;
  std::vector<XYVariant> runnable;
  for (const XYVariant& v : variants)
    if (xy_variant_valid(nx, ny, precision, v, device.limits())) runnable.push_back(v);
  if (runnable.size() < 2) return;  // one compile gains nothing from a thread
  const std::string arch = device.arch();
  parallel_for(runnable.size(), default_compile_threads(), [&](size_t i) {
    try {
      cached_cubin(xy_kernel_source(nx, ny, precision, runnable[i]), arch);
    } catch (const std::exception&) {
      // Compiled again, and reported, by the XYPass that needs it.
    }
  });
}

}  // namespace fft3d
