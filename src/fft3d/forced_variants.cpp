#include "fft3d/forced_variants.h"

#include <cstdio>
#include <cstdlib>
#include <utility>

#include "common/error.h"

namespace fft3d {

namespace {

std::string environment(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

// FFT3D_COLUMN_CLUSTER=CxW: clusters of C blocks, W columns a cluster, for
// the column lengths where they fit (plan descriptions show which).
std::optional<ClusterRowVariant> forced_cluster_columns(int n, Precision precision, const DeviceLimits& limits,
                                                        const std::string& shape) {
  int cluster = 0, columns = 0;
  char x = 0;
  if (std::sscanf(shape.c_str(), "%d%c%d", &cluster, &x, &columns) != 3 || x != 'x' || cluster < 2 || columns < 1)
    fail(FFT3D_ERROR_INVALID_ARGUMENT, "FFT3D_COLUMN_CLUSTER must read CxW (e.g. 4x16), not '" + shape + "'");
  return cluster_column_variant(n, precision, limits, cluster, columns);  // none: the pass's usual form
}

}  // namespace

std::optional<XVariant> forced_variant(const std::string& kind, int n, Precision precision,
                                       const DeviceLimits& limits, const std::string& rows_name,
                                       const std::string& columns_name, const std::string& z_columns_name) {
  const bool z_columns = kind == "z-columns", columns = kind == "columns" || z_columns;
  const std::string& name = z_columns ? z_columns_name
                            : columns ? columns_name
                            : kind == "rows" ? rows_name
                                             : std::string();
  if (name.empty()) return std::nullopt;
  const char* variable = z_columns ? "FFT3D_Z_COLUMN_VARIANT " : columns ? "FFT3D_COLUMN_VARIANT " : "FFT3D_X_VARIANT ";
  const XVariant v = parse_x_variant(name);
  if (v.columns != columns || v.real != RealRows::none) {
    if (columns) fail(FFT3D_ERROR_INVALID_ARGUMENT, variable + name + " is not a column variant (.cols)");
    return std::nullopt;  // rows of another kind: a real plan's, or columns
  }
  if (!variant_factors(v, n)) return std::nullopt;  // a pass of another length
  if (!x_variant_fits(x_variant_facts(n, precision, v), limits))
    fail(FFT3D_ERROR_INVALID_ARGUMENT, variable + name + " does not fit this device for n=" + std::to_string(n) +
                                           " " + precision_name(precision));
  return v;
}

VariantPreference with_forced_variants(VariantPreference fallback, Precision precision, const DeviceLimits& limits) {
  std::string rows = environment("FFT3D_X_VARIANT"), columns = environment("FFT3D_COLUMN_VARIANT"),
              z_columns = environment("FFT3D_Z_COLUMN_VARIANT"), cluster = environment("FFT3D_COLUMN_CLUSTER");
  if (rows.empty() && columns.empty() && z_columns.empty() && cluster.empty()) return fallback;
  return [fallback = std::move(fallback), precision, limits, rows = std::move(rows), columns = std::move(columns),
          z_columns = std::move(z_columns), cluster = std::move(cluster)](
             const std::string& kind, int n, long long stride) -> std::optional<PreferredVariant> {
    if (kind == "cluster-columns") {
      if (!cluster.empty())
        if (std::optional<ClusterRowVariant> v = forced_cluster_columns(n, precision, limits, cluster)) return *v;
      return fallback ? fallback(kind, n, stride) : std::nullopt;
    }
    if (std::optional<XVariant> v = forced_variant(kind, n, precision, limits, rows, columns, z_columns)) return *v;
    return fallback ? fallback(kind, n, stride) : std::nullopt;
  };
}

}  // namespace fft3d
