#include "gpu/kernel_resources.h"

#include <regex>
#include <sstream>

#include "gpu/nvrtc_compiler.h"

namespace fft3d {

std::vector<KernelResources> parse_ptxas_report(const std::string& log) {
  // ptxas prints, for each function it compiles:
  //   ptxas info    : Compiling entry function 'NAME' for 'sm_90'
  //   ptxas info    : Function properties for NAME
  //   ptxas         .     8 bytes stack frame, 8 bytes spill stores, 8 bytes spill loads
  //   ptxas info    : Used 48 registers, used 1 barriers, 8 bytes cumulative stack size
  // (device functions: "Function properties for" without an entry line).
  static const std::regex entry_line(R"(Compiling entry function '([^']+)')");
  static const std::regex properties_line(R"(Function properties for (\S+))");
  static const std::regex frame_line(
      R"((\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads)");
  static const std::regex registers_line(R"(Used (\d+) registers)");
  std::vector<KernelResources> kernels;
  bool in_entry = false;       // lines since the last "Compiling entry function"
  bool entry_frame = false;    // the next frame line is the entry's own
  std::istringstream lines(log);
  std::smatch m;
  for (std::string line; std::getline(lines, line);) {
    if (std::regex_search(line, m, entry_line)) {
      kernels.push_back(KernelResources{m[1].str()});
      in_entry = true;
      entry_frame = false;
    } else if (std::regex_search(line, m, properties_line)) {
      entry_frame = in_entry && m[1].str() == kernels.back().entry;
    } else if (std::regex_search(line, m, frame_line)) {
      if (entry_frame) {
        kernels.back().stack_bytes = std::stoi(m[1].str());
        kernels.back().spill_store_bytes = std::stoi(m[2].str());
        kernels.back().spill_load_bytes = std::stoi(m[3].str());
      }
      entry_frame = false;
    } else if (in_entry && std::regex_search(line, m, registers_line)) {
      kernels.back().registers = std::stoi(m[1].str());
      in_entry = false;  // the entry's last line
    }
  }
  return kernels;
}

std::vector<KernelResources> kernel_resources(const std::string& source, const std::string& arch) {
  return parse_ptxas_report(compile_with_nvrtc(source, arch, {"--ptxas-options=-v"}).log);
}

}  // namespace fft3d
