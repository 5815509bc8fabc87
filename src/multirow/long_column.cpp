#include "multirow/long_column.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>

#include "common/block_executor.h"
#include "common/error.h"
#include "fft1d/twiddle_table.h"
#include "fft1d/x_kernel_host.h"
#include "fft1d/x_kernel_source.h"

namespace fft3d {

std::string LongColumnVariant::name() const {
  std::ostringstream s;
  s << "long" << n1 << "x" << n2 << "." << a.name();
  if (b_in_shared_memory())
    s << ".b-" << b.name();
  else
    s << ".b" << b_threads;
  s << ".work" << (work_bytes >> 20) << "M";
  return s.str();
}

bool LongColumnVariant::operator==(const LongColumnVariant& o) const {
  return n1 == o.n1 && n2 == o.n2 && a == o.a && b_threads == o.b_threads && b == o.b &&
         work_bytes == o.work_bytes;
}

namespace {

// Pass A's column kernel of n1 points: the column ESTIMATE, on blocks of
// 16 columns (128-byte segments) in single precision where they fit:
// 64 x 64 x 16384 on an H200 0.966 ms against 1.012 with the column
// ESTIMATE's 8 of 1024 points. Double precision kept its 4 (8 lost: 2.011
// ms against 1.974). Throws where n1 has no column kernel that fits.
XVariant long_pass_a_variant(int n1, Precision precision, const DeviceLimits& limits) {
  XVariant a = estimate_column_variant(n1, precision, limits);
  XVariant wide = a;
  wide.rows_per_block = std::max(wide.rows_per_block, 128 / complex_bytes(precision));
  if (precision == Precision::f32 && x_variant_fits(x_variant_facts(n1, precision, wide), limits)) return wide;
  return a;
}

// Long rows' passes move lines of exactly 128 bytes in single precision
// (16), not the ESTIMATE's 32 of 256 and 512 points: blocks of half the
// shared memory share an SM. H200, batched f32 (ms): 262144 0.706 → 0.620,
// 131072 0.587 → 0.556, 65536 tied. Double precision keeps at least 8
// (16 tied: f64 131072 0.597 against 0.593).
constexpr int kLongRowLinesF32 = 16;

// Pass B's row kernel of n2 points with the transposed store: the row
// ESTIMATE, else the column ESTIMATE's radices and threads as rows (512: 16
// threads a row, not 64), with lines of 128 bytes of a store (f64: at
// least) in at most kLongRowBThreads; else the row ESTIMATE as it is. Rows
// of 512 as r8-8-8 on 1024 threads ran at 54 % of DRAM throughput (H200).
constexpr int kLongRowBThreads = 512;

std::optional<XVariant> long_pass_b_variant(int n2, Precision precision, const DeviceLimits& limits) {
  auto fits = [&](const XVariant& v) {
    const XVariantFacts f = layout_facts(long_row_b_layout(n2, precision, v), precision);
    return x_variant_fits(f, limits) && f.threads_per_block <= kLongRowBThreads;
  };
  std::vector<XVariant> bases;
  try {
    bases.push_back(estimate_x_variant(n2, precision, limits));
    XVariant c = estimate_column_variant(n2, precision, limits);
    c.columns = false;
    bases.push_back(c);
  } catch (const Error&) {
  }
  for (XVariant& base : bases) {
    base.exchange_buffers = 1;  // long_row_b_layout
    XVariant wide = base;
    wide.rows_per_block = precision == Precision::f32 ? kLongRowLinesF32
                                                      : std::max(base.rows_per_block, 128 / complex_bytes(precision));
    if (fits(wide)) return wide;
  }
  if (!bases.empty() && fits(bases.front())) return bases.front();
  return std::nullopt;
}

// The largest integer whose square is at most n: the largest n2 of a
// balanced split n1 * n2 with n1 >= n2.
int integer_sqrt(int n) {
  int root = static_cast<int>(std::sqrt(static_cast<double>(n)));
  while (static_cast<long long>(root) * root > n) --root;
  while (static_cast<long long>(root + 1) * (root + 1) <= n) ++root;
  return root;
}

}  // namespace

LongColumnVariant long_row_balanced_split(int n, Precision precision, const DeviceLimits& limits) {
  LongColumnVariant v;
  const long long bytes = complex_bytes(precision);
  for (int n2 = integer_sqrt(n); n2 > 32; --n2) {
    if (n % n2 != 0) continue;
    // n1 grows as n2 falls: once its columns outgrow a block, none fits.
    if ((n / n2) * bytes > limits.shared_bytes_per_block) break;
    const std::optional<XVariant> b = long_pass_b_variant(n2, precision, limits);
    if (!b) continue;
    try {
      v.a = long_pass_a_variant(n / n2, precision, limits);
    } catch (const Error&) {
      continue;
    }
    if (precision == Precision::f32) {
      XVariant lines = v.a;
      lines.rows_per_block = kLongRowLinesF32;
      if (x_variant_fits(x_variant_facts(n / n2, precision, lines), limits)) v.a = lines;
    }
    v.b = *b;
    v.n1 = n / n2;
    v.n2 = n2;
    v.work_bytes = kLongColumnWorkBytes;
    return v;
  }
  return LongColumnVariant{};
}

LongColumnVariant long_column_balanced_split(int n, Precision precision, const DeviceLimits& limits) {
  for (int n2 = integer_sqrt(n); n2 > 16; --n2) {
    if (n % n2 != 0) continue;
    LongColumnVariant v;
    try {
      v.a = long_pass_a_variant(n / n2, precision, limits);
      v.b = long_pass_a_variant(n2, precision, limits);
    } catch (const Error&) {
      continue;  // n1 or n2 has no column kernel that fits
    }
    v.n1 = n / n2;
    v.n2 = n2;
    v.work_bytes = kLongColumnWorkBytes;
    return v;
  }
  return LongColumnVariant{};
}

kern::XLayout long_column_b_layout_in_shared_memory(const LongColumnVariant& v, Precision precision) {
  if (v.rows_in_shared_memory()) return long_row_b_layout(v.n2, precision, v.b);
  if (!v.columns_in_shared_memory()) fail(FFT3D_ERROR_INTERNAL, "long-column pass B runs in registers");
  kern::XLayout b = make_x_layout(v.n2, precision, v.b);
  b.long_n2 = 1;
  return b;
}

LongColumnVariant estimate_long_column_variant(int n, Precision precision, const DeviceLimits& limits, bool rows) {
  LongColumnVariant balanced =
      rows ? long_row_balanced_split(n, precision, limits) : long_column_balanced_split(n, precision, limits);
  if (balanced.n1 > 0) return balanced;
  LongColumnVariant v;
  for (int n2 : {32, 16, 9, 8, 7, 5, 4, 3, 2}) {
    if (n2 == 32 && !rows) continue;
    if (n % n2 != 0 || n / n2 < 2) continue;
    try {
      v.a = long_pass_a_variant(n / n2, precision, limits);
    } catch (const Error&) {
      continue;  // n1 has no column kernel that fits
    }
    v.n1 = n / n2;
    v.n2 = n2;
    v.work_bytes = kLongColumnWorkBytes;
    return v;
  }
  return v;
}

std::vector<LongColumnChunk> long_column_chunks(int n1, int n2, long long count, const kern::RowGeometry& g,
                                                long long work_elements) {
  const long long w = g.inner, length = static_cast<long long>(n1) * n2;
  if (g.split != 0 || g.stride != w || w < 1 || count % w != 0)
    fail(FFT3D_ERROR_INTERNAL, "long columns need the geometry of a Y or Z pass");
  const long long planes = count / w;
  std::vector<LongColumnChunk> chunks;
  if (w * length <= work_elements) {  // whole planes of columns a chunk
    const long long per_chunk = std::min(planes, work_elements / (w * length));
    for (long long v0 = 0; v0 < planes; v0 += per_chunk) {
      const long long p = std::min(per_chunk, planes - v0);
      chunks.push_back(LongColumnChunk{v0 * g.outer,
                                       w * n2 * p,
                                       w * n1 * p,
                                       {w * n2, g.outer, n2 * w},
                                       {w * n2, w * length, n2 * w},
                                       {w, n2 * w, w},
                                       {w * n1, g.outer, n1 * w},
                                       w});
    }
    return chunks;
  }
  // Runs of c neighbouring columns within a plane: the workspace holds them
  // c wide.
  const long long width = std::min(w, std::max(32LL, work_elements / length / 32 * 32));
  for (long long v0 = 0; v0 < planes; ++v0)
    for (long long u0 = 0; u0 < w; u0 += width) {
      const long long c = std::min(width, w - u0);
      chunks.push_back(LongColumnChunk{v0 * g.outer + u0,
                                       c * n2,
                                       c * n1,
                                       {c, w, n2 * w},
                                       {c, c, n2 * c},
                                       {c, n2 * c, c},
                                       {c, w, n1 * w},
                                       c});
    }
  return chunks;
}

std::vector<LongColumnChunk> long_column_chunks(const LongColumnVariant& v, Precision precision, long long count,
                                                const kern::RowGeometry& geometry) {
  // Pass B's row kernel reads the workspace's lines as contiguous rows.
  if (v.rows_in_shared_memory() && geometry.inner != 1)
    fail(FFT3D_ERROR_INTERNAL, "long rows in balance run on rows only");
  return long_column_chunks(v.n1, v.n2, count, geometry, v.work_bytes / complex_bytes(precision));
}

long long long_column_work_elements(int n1, const std::vector<LongColumnChunk>& chunks) {
  long long most = 0;
  for (const LongColumnChunk& c : chunks) most = std::max(most, c.a_columns * n1);
  return most;
}

kern::LongColumnBLayout long_column_b_layout(const LongColumnVariant& v) {
  if (v.n1 == 0) fail(FFT3D_ERROR_INTERNAL, "long-column variant without a split");
  return kern::LongColumnBLayout{v.n1, v.n2, v.b_threads};
}

std::string long_column_b_source(const LongColumnVariant& v, Precision precision) {
  const char* real = precision == Precision::f32 ? "float" : "double";
  const kern::LongColumnBLayout L = long_column_b_layout(v);
  std::ostringstream s;
  s << "// fft3d long-column pass B: " << v.name() << " " << precision_name(precision) << "\n"
    << "#include \"multirow/long_column_kernel.h\"\n";
  for (int sign : {-1, +1}) {
    const std::string cfg = sign < 0 ? "CfgForward" : "CfgInverse";
    s << "struct " << cfg << " {\n  using Real = " << real << ";\n  static constexpr int kSign = " << sign
      << ", kN2 = " << L.n2 << ";\n"
      << "  __host__ __device__ static constexpr fft3d::kern::LongColumnBLayout layout() {\n"
      << "    return fft3d::kern::LongColumnBLayout{" << L.n1 << ", " << L.n2 << ", " << L.threads << "};\n  }\n};\n"
      << "extern \"C\" __global__ void __launch_bounds__(" << L.threads << ") fft3d_long_b_"
      << (sign < 0 ? "forward" : "inverse") << x_kernel_parameters(real)
      << " {\n  fft3d::kern::await_previous_grid();\n  fft3d::kern::long_column_b_device<" << cfg << ">("
      << x_kernel_arguments(real) << ");\n}\n";
  }
  return s.str();
}

namespace {

template <typename Real, int Sign>
struct LongColumnBOnHost {
  using Regs = kern::LongColumnRegs<Real>;
  kern::LongColumnBLayout layout;
  kern::XArgs<Real> args;
  int threads() const { return layout.threads; }
  long long shared_bytes() const { return 0; }
  int phases() const { return 1; }
  void phase(int, const kern::ThreadCoord& tc, Regs& regs, void*) const {
    kern::long_column_b_on_host<Sign>(layout, tc, regs, args);
  }
};

}  // namespace

template <typename Real>
void run_long_column_on_cpu(const LongColumnVariant& v, int sign, kern::Complex<Real>* data, long long count,
                            const kern::RowGeometry& geometry, double scale) {
  const std::vector<LongColumnChunk> chunks = long_column_chunks(v, precision_of<Real>(), count, geometry);
  std::vector<kern::Complex<Real>> work(static_cast<size_t>(long_column_work_elements(v.n1, chunks)));
  const auto table_n1 = forward_twiddle_table<Real>(v.n1);
  const auto table_l = long_twiddle_table<Real>(v.n1, v.n2);
  kern::XLayout a_layout = make_x_layout(v.n1, precision_of<Real>(), v.a);
  a_layout.long_n2 = v.n2;
  const kern::LongColumnBLayout b_layout = long_column_b_layout(v);
  const kern::XLayout b_shared =
      v.b_in_shared_memory() ? long_column_b_layout_in_shared_memory(v, precision_of<Real>()) : kern::XLayout{};
  const auto table_n2 = forward_twiddle_table<Real>(v.n2);
  for (const LongColumnChunk& c : chunks) {
    run_x_kernel_on_cpu<Real>(a_layout, sign,
                              long_column_a_args<Real>(c, data, work.data(), table_n1.data(), table_l.data()));
    const kern::XArgs<Real> b =
        long_column_b_args<Real>(c, data, work.data(), static_cast<Real>(scale), table_n2.data());
    if (v.b_in_shared_memory()) {
      run_x_kernel_on_cpu<Real>(b_shared, sign, b);
      continue;
    }
    const long long blocks = (c.b_lines + b_layout.threads - 1) / b_layout.threads;
    if (sign < 0)
      run_blocks_on_cpu(LongColumnBOnHost<Real, -1>{b_layout, b}, blocks);
    else
      run_blocks_on_cpu(LongColumnBOnHost<Real, +1>{b_layout, b}, blocks);
  }
}

template void run_long_column_on_cpu<float>(const LongColumnVariant&, int, kern::Complex<float>*, long long,
                                            const kern::RowGeometry&, double);
template void run_long_column_on_cpu<double>(const LongColumnVariant&, int, kern::Complex<double>*, long long,
                                             const kern::RowGeometry&, double);

}  // namespace fft3d
