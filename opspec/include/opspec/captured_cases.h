// What `abtool capture` saw of each point of a captured op (its op.yaml's `captured: {cases}`,
// a JSON file of format abtool.capture_cases/1 beside it): the stored inputs and outputs of the
// first launch, the scalar and constexpr values it passed, the grid of every config of its tune
// space (evaluated from the library's grid function at capture time), and the config the
// library's own tuner chose. Keyed by point id ("<op>/<shape>/<dtype>").
#pragma once
#include <array>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace abt {

struct Point;

// The capture directory's formats (SPEC section 5b): capture.json, and each op's cases.json.
inline constexpr const char* kCaptureFormat = "abtool.capture/1";
inline constexpr const char* kCaseFormat = "abtool.capture_cases/1";

struct CapturedArg {
  std::optional<std::filesystem::path> input;   // the bytes before the launch (absolute; inside the capture)
  std::optional<std::filesystem::path> output;  // the bytes after it: the reference
  std::optional<std::string> value;             // a scalar's or constexpr's value as Triton took it
};

struct CapturedCase {
  std::map<std::string, CapturedArg> args;
  // The grid of each config the point can run, by config text (opspec config_text): the point's
  // share of the op's config space is the configs listed here.
  std::map<std::string, std::array<long long, 3>> grids;
  std::optional<std::string> library_choice;  // config text of the library's pick
  long long launches = 0;
  // What Triton's JIT specialized the launch on: integer arguments equal to 1 (compiled in as
  // constexprs), arguments with tt.divisibility=16 (scalars divisible by 16, 16-byte aligned buffers).
  std::set<std::string> equal_one, divisible;
};

struct CapturedCases {
  std::filesystem::path file;
  std::filesystem::path root;  // the capture directory: every file named stays inside it
  std::map<std::string, CapturedCase> by_point;
  // InputError naming the file when the point was not captured.
  const CapturedCase& at(const Point& point) const;
};

// Reads and validates cases.json; paths in it are relative to `root` and must stay inside it.
// Throws InputError naming the file and the entry.
CapturedCases load_captured_cases(const std::filesystem::path& file, const std::filesystem::path& root);

}  // namespace abt
