// What the h5fft tests share: a scratch folder per test, a command run with
// its standard output and error captured, and the check that a failed run
// left neither its output nor a temporary file of it behind.
#pragma once
#include <gtest/gtest.h>
#include <hdf5.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace h5fft_test {

struct Result {
  int status = -1;
  std::string out, err;
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class ScratchFolderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() / ("h5fft-test-" + std::to_string(getpid()) + "-" +
                                                     info->test_suite_name() + "-" + info->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  Result run(const std::string& command) const {
    const std::filesystem::path out = dir_ / "stdout.txt", err = dir_ / "stderr.txt";
    Result r;
    const int raw = std::system((command + " >" + out.string() + " 2>" + err.string()).c_str());
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
  }

  // No output and no temporary file of it were left in the folder.
  void expect_no_output(const std::string& output) const {
    EXPECT_FALSE(std::filesystem::exists(output)) << output;
    for (const auto& e : std::filesystem::directory_iterator(dir_))
      EXPECT_EQ(e.path().string().find(".h5fft-tmp-"), std::string::npos) << e.path();
  }

  std::filesystem::path dir_;
};

}  // namespace h5fft_test
