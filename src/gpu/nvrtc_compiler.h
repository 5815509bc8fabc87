// Compiles a kernel source (which includes the embedded kernel headers) to a
// CUBIN for one GPU architecture with NVRTC. Needs no GPU.
#pragma once
#include <string>
#include <vector>

namespace fft3d {

struct NvrtcResult {
  std::vector<char> cubin;
  std::string log;  // compiler messages (ptxas -v output when asked for)
};

// arch: "sm_90" etc. Throws Error(NVRTC) with the compile log on failure.
NvrtcResult compile_with_nvrtc(const std::string& source, const std::string& arch,
                               const std::vector<std::string>& extra_options = {});

// The PTX of source for a virtual architecture ("compute_90"), for checks of
// the generated code that need no GPU. Throws Error(NVRTC) on failure.
std::string compile_to_ptx(const std::string& source, const std::string& virtual_arch);

// The options every compile uses for `arch` (part of the cache key).
std::vector<std::string> nvrtc_options(const std::string& arch);

// "major.minor" of the NVRTC library in use.
std::string nvrtc_version();

// A hash of every embedded header's name and text.
unsigned long long embedded_headers_hash();

}  // namespace fft3d
