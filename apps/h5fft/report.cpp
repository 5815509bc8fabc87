#include "report.h"

#include <iomanip>
#include <sstream>

#include "fft3d.h"

namespace h5fft {

std::vector<Attribute> output_attributes(const Options& o, const TransformRequest& r, const TransformFacts& t,
                                         Precision precision) {
  const bool forward = !r.inverse;
  std::vector<Attribute> a;
  a.push_back({"grid_size", std::vector<long long>{t.nx, t.ny, t.nz}});
  a.push_back({"layout", std::string("HDF5 dims [nz][ny][nx], x varying fastest; grid_size is (nx, ny, nz)") +
                             (r.kind == Kind::r2c ? "; the complex side holds nx/2+1 values along x" : "")});
  a.push_back({"transform_type", std::string(r.kind == Kind::c2c ? "c2c" : "r2c")});
  a.push_back({"direction", std::string(forward ? "forward" : "inverse")});
  a.push_back({"sign_convention", std::string(forward ? "exp(-2 pi i k.x/n)" : "exp(+2 pi i k.x/n)")});
  a.push_back({"normalization", std::string(r.normalize ? "1/N, N = nx*ny*nz" : "none")});
  a.push_back({"precision", std::string(precision_name(precision))});
  a.push_back({"backend", t.backend});
  a.push_back({"device", t.device});
  a.push_back({"plan", t.plan});
  a.push_back({"library_version", std::string(fft3d_version_string())});
  a.push_back({"plan_seconds", t.plan_seconds});
  a.push_back({"transform_seconds", t.transform_seconds});
  a.push_back({"source_file", o.input});
  a.push_back({"source_dataset", o.dataset});
  return a;
}

std::string summary_text(const Options& o, const TransformRequest& r, const Field& in, const Field& out,
                         const TransformFacts& t, const Peak& peak, int ranks) {
  std::ostringstream s;
  s << "h5fft: " << o.input << ":" << o.dataset << " " << in.dims_text() << " " << in.kind_text() << " -> "
    << o.output << ":" << o.out_dataset << " " << out.dims_text() << " " << out.kind_text() << "\n"
    << "       " << o.type << (r.inverse ? " inverse" : " forward") << (r.normalize ? " (1/N)" : "") << " of the "
    << t.nx << "x" << t.ny << "x" << t.nz << " grid on " << t.backend << " (" << t.device << ")";
  if (ranks > 0) s << " over " << ranks << " MPI rank" << (ranks > 1 ? "s" : "");
  s << " in " << std::fixed << std::setprecision(3) << 1e3 * t.transform_seconds << " ms\n"
    << "       " << peak_text(peak, !r.inverse);
  return s.str();
}

}  // namespace h5fft
