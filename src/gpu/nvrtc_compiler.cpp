#include "gpu/nvrtc_compiler.h"

#include <memory>

#include "common/hash.h"
#include "gpu/cuda_check.h"
#include "gpu/embedded_headers.h"

namespace fft3d {

namespace {

struct ProgramDeleter {
  void operator()(nvrtcProgram* p) const {
    nvrtcDestroyProgram(p);
    delete p;
  }
};

}  // namespace

std::vector<std::string> nvrtc_options(const std::string& arch) {
  return {"--std=c++17", "--gpu-architecture=" + arch, "-default-device", "-lineinfo"};
}

std::string nvrtc_version() {
  int major = 0, minor = 0;
  FFT3D_NVRTC_CHECK(nvrtcVersion(&major, &minor));
  return std::to_string(major) + "." + std::to_string(minor);
}

unsigned long long embedded_headers_hash() {
  Fnv1a h;
  for (int i = 0; i < kEmbeddedHeaderCount; ++i) {
    h.add(kEmbeddedHeaders[i].include_name);
    h.add(kEmbeddedHeaders[i].text);
  }
  return h.value();
}

namespace {

// Compiles source with the embedded headers; returns the program, which the
// caller reads (CUBIN or PTX) before it is destroyed.
std::unique_ptr<nvrtcProgram, ProgramDeleter> compile_program(const std::string& source,
                                                              const std::string& arch,
                                                              const std::vector<std::string>& extra_options,
                                                              std::string* log) {
  std::vector<const char*> names, texts;
  for (int i = 0; i < kEmbeddedHeaderCount; ++i) {
    names.push_back(kEmbeddedHeaders[i].include_name);
    texts.push_back(kEmbeddedHeaders[i].text);
  }
  std::unique_ptr<nvrtcProgram, ProgramDeleter> prog(new nvrtcProgram{});
  FFT3D_NVRTC_CHECK(nvrtcCreateProgram(prog.get(), source.c_str(), "fft3d_kernel.cu",
                                       kEmbeddedHeaderCount, texts.data(), names.data()));
  std::vector<std::string> options = nvrtc_options(arch);
  options.insert(options.end(), extra_options.begin(), extra_options.end());
  std::vector<const char*> opts;
  for (const std::string& o : options) opts.push_back(o.c_str());

  const nvrtcResult compiled = nvrtcCompileProgram(*prog, static_cast<int>(opts.size()), opts.data());
  size_t log_size = 0;
  FFT3D_NVRTC_CHECK(nvrtcGetProgramLogSize(*prog, &log_size));
  log->assign(log_size, '\0');
  if (log_size > 0) FFT3D_NVRTC_CHECK(nvrtcGetProgramLog(*prog, &(*log)[0]));
  while (!log->empty() && log->back() == '\0') log->pop_back();
  if (compiled != NVRTC_SUCCESS)
    fail(FFT3D_ERROR_NVRTC, std::string("NVRTC could not compile a kernel for ") + arch + ": " +
                                nvrtcGetErrorString(compiled) + "\n" + *log);
  return prog;
}

}  // namespace

NvrtcResult compile_with_nvrtc(const std::string& source, const std::string& arch,
                               const std::vector<std::string>& extra_options) {
  NvrtcResult result;
  auto prog = compile_program(source, arch, extra_options, &result.log);
  size_t size = 0;
  FFT3D_NVRTC_CHECK(nvrtcGetCUBINSize(*prog, &size));
  result.cubin.resize(size);
  FFT3D_NVRTC_CHECK(nvrtcGetCUBIN(*prog, result.cubin.data()));
  return result;
}

std::string compile_to_ptx(const std::string& source, const std::string& virtual_arch) {
  std::string log;
  auto prog = compile_program(source, virtual_arch, {}, &log);
  size_t size = 0;
  FFT3D_NVRTC_CHECK(nvrtcGetPTXSize(*prog, &size));
  std::string ptx(size, '\0');
  FFT3D_NVRTC_CHECK(nvrtcGetPTX(*prog, &ptx[0]));
  return ptx;
}

}  // namespace fft3d
