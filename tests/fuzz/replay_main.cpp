// The fuzz targets without libFuzzer, in the dev and asan builds: the empty input, then every file named
// on the command line (a folder: each file in it, by name), each one input, as libFuzzer replays a corpus.
// ctest runs each target over its seed corpus (fuzz-seeds/<target>), so a target that no longer compiles
// against the parser it fuzzes fails the build, and a seed that crashes or breaks a property fails a test.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    if (!fs::is_directory(argv[i])) {
      inputs.emplace_back(argv[i]);
      continue;
    }
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(argv[i])) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    inputs.insert(inputs.end(), files.begin(), files.end());
  }
  if (inputs.empty()) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR|FILE...: no input named\n", argv[0]);
    return 2;
  }
  static const std::uint8_t none = 0;
  LLVMFuzzerTestOneInput(&none, 0);  // as libFuzzer passes the empty input: never a null pointer
  for (const auto& path : inputs) {
    std::ifstream in(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in && !in.eof()) {
      std::fprintf(stderr, "cannot read %s\n", path.string().c_str());
      return 2;
    }
    const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());  // NOLINT: the bytes as libFuzzer passes them
    LLVMFuzzerTestOneInput(data, bytes.size());
  }
  std::printf("%zu input(s) replayed, and the empty one\n", inputs.size());
  return 0;
}
