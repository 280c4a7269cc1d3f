// abtool-count-host: run under Valgrind's callgrind by counters/host_instruction_counter.cpp,
// never by hand. It loads each variant's shared object, lays out the point's arguments as the
// arguments file gives them (every block 4096-aligned, so a vectorised loop's peeling is the same
// in every run), calls each variant once uncounted (lazy bindings, first-touch faults), then
// counts its calls with callgrind's client requests around the call alone, each dump named
// "side<i>.call<c>", and one empty call ("empty": what the counting itself costs).
//   usage: abtool-count-host ARGS_FILE CALLS LIBRARY ENTRY [LIBRARY ENTRY ...]
// Exit 0 when every call ran; 2 with one line on stderr when a file or symbol cannot be used.
#include <dlfcn.h>
#include <valgrind/callgrind.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "args_file.h"

namespace {

using Entry = void (*)(void* const*);

[[noreturn]] void fail(const std::string& message) {
  std::fprintf(stderr, "abtool-count-host: %s\n", message.c_str());
  std::exit(2);
}

struct Block {
  void* data = nullptr;
  std::string pristine;
};

// Out of line, so every counted call executes the same instructions around the entry.
__attribute__((noinline)) void counted_call(Entry entry, void* const* args, const char* name) {
  CALLGRIND_TOGGLE_COLLECT;
  entry(args);
  CALLGRIND_TOGGLE_COLLECT;
  CALLGRIND_DUMP_STATS_AT(name);
}

__attribute__((noinline)) void empty_entry(void* const*) { __asm__ volatile(""); }

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5 || argc % 2 != 1) fail("usage: abtool-count-host ARGS_FILE CALLS LIBRARY ENTRY [LIBRARY ENTRY ...]");
  std::ifstream file(argv[1], std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  std::vector<std::string> blocks;
  try {
    blocks = abt::decode_count_args(text.str());
  } catch (const std::exception& error) {
    fail(std::string(argv[1]) + ": " + error.what());
  }
  const int calls = std::atoi(argv[2]);
  if (calls < 1) fail("CALLS must be at least 1");

  std::vector<Block> memory(blocks.size());
  std::vector<void*> args(blocks.size());
  for (size_t i = 0; i < blocks.size(); ++i) {
    const size_t size = (blocks[i].size() + 4095) / 4096 * 4096;
    memory[i].data = std::aligned_alloc(4096, size == 0 ? 4096 : size);  // the process's lifetime: never freed
    if (!memory[i].data) fail("no memory for argument " + std::to_string(i + 1) + " (" + std::to_string(size) + " bytes)");
    memory[i].pristine = std::move(blocks[i]);
    args[i] = memory[i].data;
  }
  auto restore = [&] {
    for (auto& block : memory) std::memcpy(block.data, block.pristine.data(), block.pristine.size());
  };

  std::vector<Entry> entries;
  for (int i = 3; i + 1 < argc; i += 2) {
    void* library = dlopen(argv[i], RTLD_NOW | RTLD_LOCAL);
    if (!library) fail(std::string("cannot load ") + argv[i] + ": " + dlerror());
    void* symbol = dlsym(library, argv[i + 1]);
    if (!symbol) fail(std::string(argv[i]) + " has no symbol " + argv[i + 1]);
    entries.push_back(reinterpret_cast<Entry>(symbol));
  }

  CALLGRIND_START_INSTRUMENTATION;
  for (Entry entry : entries) {
    restore();
    entry(args.data());
  }
  for (int call = 0; call < calls; ++call)
    for (size_t side = 0; side < entries.size(); ++side) {
      restore();
      const std::string name = "side" + std::to_string(side) + ".call" + std::to_string(call);
      counted_call(entries[side], args.data(), name.c_str());
    }
  counted_call(empty_entry, args.data(), "empty");
  return 0;
}
