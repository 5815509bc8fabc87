#include "options.h"

#include <filesystem>
#include <ostream>
#include <sstream>

#include <CLI/CLI.hpp>

#include "h5fft_error.h"

namespace h5fft {

namespace {

namespace fs = std::filesystem;

long long real_nx_for_inverse(const Options& o, const Field& f,
                              const std::optional<std::array<long long, 3>>& grid_size) {
  if (o.nx > 0) return o.nx;
  if (grid_size && (*grid_size)[0] / 2 + 1 == f.nx && (*grid_size)[1] == f.ny && (*grid_size)[2] == f.nz)
    return (*grid_size)[0];
  throw usage_error("--inverse --type r2c needs the real grid's nx, which " + std::to_string(f.nx) +
                    " complex values along x do not fix (nx = " + std::to_string(2 * (f.nx - 1)) + " or " +
                    std::to_string(2 * f.nx - 1) + "); the dataset has no matching grid_size attribute " +
                    "(h5fft's forward writes one): pass --nx");
}

}  // namespace

std::optional<int> parse_options(int argc, char** argv, Options& o, bool quiet) {
  CLI::App app{"h5fft: the 3-D FFT of an HDF5 dataset with fft3d (GPU when there is one, else FFTW).\n"
               "Dataset dims [nz][ny][nx] (slowest first) are the grid (nx, ny, nz), x fastest.\n"
               "Under mpirun (with the parallel HDF5), each rank reads, transforms and writes its own box."};
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
    std::ostringstream discard;
    const int status = quiet ? app.exit(e, discard, discard) : app.exit(e);
    return status == 0 ? kOk : kUsage;
  }
  if (o.out_dataset.empty()) o.out_dataset = o.dataset;
  if (o.normalize && !o.inverse)
    throw usage_error("--normalize scales the inverse; the forward transform is never scaled");
  if (o.nx > 0 && !(o.inverse && o.type == "r2c")) throw usage_error("--nx applies to --inverse --type r2c only");
  return std::nullopt;
}

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

TransformRequest transform_request(const Options& o, const Field& input,
                                   const std::optional<std::array<long long, 3>>& grid_size) {
  TransformRequest request;
  request.kind = o.type == "r2c" ? Kind::r2c : Kind::c2c;
  request.inverse = o.inverse;
  request.normalize = o.normalize;
  request.backend = o.backend;
  if (request.kind == Kind::r2c && o.inverse) request.real_nx = real_nx_for_inverse(o, input, grid_size);
  return request;
}

}  // namespace h5fft
