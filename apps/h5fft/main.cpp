// h5fft: the 3-D FFT of one HDF5 dataset, written to a new HDF5 file.
//
//   h5fft --input FILE --dataset PATH --output FILE [--out-dataset PATH]
//         [--inverse] [--type c2c|r2c] [--normalize] [--backend auto|cpu|gpu]
//         [--nx N] [--force]
//
// Reads a 3-D float or double dataset, real or complex, transforms it with
// fft3d (on the GPU when there is one, else FFTW; --backend chooses), and
// writes the result with attributes saying what was done. Dataset dims
// [nz][ny][nx] are the grid (nx, ny, nz) with x fastest (field.h). Exit
// status: 0 done, 1 an error with the data or files, 2 a command line that
// cannot work. The output appears only when complete, and never replaces an
// existing file (the input least of all) without --force.
#include <exception>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "fft3d.h"
#include "h5_handle.h"
#include "h5fft_error.h"
#include "peak.h"
#include "read_field.h"
#include "transform.h"
#include "write_field.h"

namespace h5fft {
namespace {

namespace fs = std::filesystem;

struct Options {
  std::string input, dataset, output, out_dataset, type = "c2c", backend = "auto";
  bool inverse = false, normalize = false, force = false;
  long long nx = 0;  // --inverse --type r2c only
};

// The output must be a new file, unless --force: never the input, nor any
// existing file, replaced by accident.
void check_output(const Options& o) {
  std::error_code ec;
  const fs::path out(o.output);
  const fs::path dir = out.has_parent_path() ? out.parent_path() : fs::path(".");
  if (!fs::is_directory(dir, ec)) throw H5fftError("output directory '" + dir.string() + "' does not exist");
  if (!fs::exists(out, ec)) return;
  if (fs::is_directory(out, ec)) throw H5fftError("output '" + o.output + "' is a directory");
  if (fs::equivalent(o.input, out, ec)) {
    if (!o.force)
      throw H5fftError("output '" + o.output + "' is the input file; h5fft does not overwrite its input without " +
                       "--force (with it, the file is replaced by one holding only the result)");
  } else if (!o.force) {
    throw H5fftError("output '" + o.output + "' exists; pass --force to replace it");
  }
}

// The real grid's nx for an r2c inverse: --nx, else the grid_size attribute
// h5fft wrote with the forward transform.
long long real_nx_for_inverse(const Options& o, const InputField& in) {
  if (o.nx > 0) return o.nx;
  const Field& f = in.field;
  if (in.grid_size && (*in.grid_size)[0] / 2 + 1 == f.nx && (*in.grid_size)[1] == f.ny && (*in.grid_size)[2] == f.nz)
    return (*in.grid_size)[0];
  throw usage_error("--inverse --type r2c needs the real grid's nx, which " + std::to_string(f.nx) +
                    " complex values along x do not fix (nx = " + std::to_string(2 * (f.nx - 1)) + " or " +
                    std::to_string(2 * f.nx - 1) + "); the dataset has no matching grid_size attribute " +
                    "(h5fft's forward writes one): pass --nx");
}

std::vector<Attribute> output_attributes(const Options& o, const TransformRequest& r, const TransformResult& t,
                                         const Field& in) {
  const bool forward = !r.inverse;
  std::vector<Attribute> a;
  a.push_back({"grid_size", std::vector<long long>{t.nx, t.ny, t.nz}});
  a.push_back({"layout", std::string("HDF5 dims [nz][ny][nx], x varying fastest; grid_size is (nx, ny, nz)") +
                             (r.kind == Kind::r2c ? "; the complex side holds nx/2+1 values along x" : "")});
  a.push_back({"transform_type", std::string(r.kind == Kind::c2c ? "c2c" : "r2c")});
  a.push_back({"direction", std::string(forward ? "forward" : "inverse")});
  a.push_back({"sign_convention", std::string(forward ? "exp(-2 pi i k.x/n)" : "exp(+2 pi i k.x/n)")});
  a.push_back({"normalization", std::string(r.normalize ? "1/N, N = nx*ny*nz" : "none")});
  a.push_back({"precision", std::string(precision_name(in.precision))});
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

int run(int argc, char** argv) {
  CLI::App app{"h5fft: the 3-D FFT of an HDF5 dataset with fft3d (GPU when there is one, else FFTW).\n"
               "Dataset dims [nz][ny][nx] (slowest first) are the grid (nx, ny, nz), x fastest."};
  Options o;
  app.add_option("--input", o.input, "HDF5 file to read")->required();
  app.add_option("--dataset", o.dataset,
                 "3-D dataset in --input: float or double, real or complex (compound {r, i} as h5py "
                 "writes it, or a trailing dimension of 2)")
      ->required();
  app.add_option("--output", o.output, "HDF5 file to write: a new file holding the result dataset")->required();
  app.add_option("--out-dataset", o.out_dataset, "dataset in --output (default: the --dataset path)");
  app.add_flag("--inverse", o.inverse, "inverse transform, exp(+2 pi i k.x/n) (default: forward)");
  app.add_option("--type", o.type, "c2c, or r2c: real input to nx/2+1 complex values along x (the inverse back)")
      ->check(CLI::IsMember({"c2c", "r2c"}))
      ->capture_default_str();
  app.add_flag("--normalize", o.normalize, "scale the inverse by 1/(nx*ny*nz)");
  app.add_option("--backend", o.backend, "where to transform")
      ->check(CLI::IsMember({"auto", "cpu", "gpu"}))
      ->capture_default_str();
  app.add_option("--nx", o.nx,
                 "--inverse --type r2c: the real grid's nx (default: the grid_size attribute of the input, "
                 "which h5fft's forward writes)")
      ->check(CLI::PositiveNumber);
  app.add_flag("--force", o.force, "replace --output if it exists, even when it is --input");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? kOk : kUsage;
  }
  if (o.out_dataset.empty()) o.out_dataset = o.dataset;
  if (o.normalize && !o.inverse)
    throw usage_error("--normalize scales the inverse; the forward transform is never scaled");
  if (o.nx > 0 && !(o.inverse && o.type == "r2c")) throw usage_error("--nx applies to --inverse --type r2c only");

  silence_hdf5_errors();
  require_hdf5_file(o.input);
  check_output(o);
  const InputField in = read_field(o.input, o.dataset);

  TransformRequest request;
  request.kind = o.type == "r2c" ? Kind::r2c : Kind::c2c;
  request.inverse = o.inverse;
  request.normalize = o.normalize;
  request.backend = o.backend;
  if (request.kind == Kind::r2c && o.inverse) request.real_nx = real_nx_for_inverse(o, in);
  const TransformResult result = transform(in.field, request);

  write_field(o.output, o.out_dataset, result.output, output_attributes(o, request, result, in.field));

  const Field& f = in.field;
  std::cout << "h5fft: " << o.input << ":" << o.dataset << " " << f.dims_text() << " " << f.kind_text() << " -> "
            << o.output << ":" << o.out_dataset << " " << result.output.dims_text() << " "
            << result.output.kind_text() << "\n"
            << "       " << o.type << (o.inverse ? " inverse" : " forward") << (o.normalize ? " (1/N)" : "")
            << " of the " << result.nx << "x" << result.ny << "x" << result.nz << " grid on " << result.backend
            << " (" << result.device << ") in " << std::fixed << std::setprecision(3)
            << 1e3 * result.transform_seconds << " ms\n"
            << "       "
            << peak_text(find_peak(result.output, !o.inverse, request.kind == Kind::r2c ? result.nx : 0), !o.inverse)
            << std::endl;
  return kOk;
}

}  // namespace
}  // namespace h5fft

int main(int argc, char** argv) {
  try {
    return h5fft::run(argc, argv);
  } catch (const h5fft::H5fftError& e) {
    std::cerr << "h5fft: error: " << e.what() << std::endl;
    return e.exit_status();
  } catch (const std::exception& e) {
    std::cerr << "h5fft: error: " << e.what() << std::endl;
    return h5fft::kFailed;
  }
}
