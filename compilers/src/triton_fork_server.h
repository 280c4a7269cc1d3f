// The Triton helper as a fork server (abtool_triton_compile.py --serve): one interpreter per
// compiler imports Triton once, and every batch is compiled in a process forked from it, so a run
// starts Python and imports Triton once per interpreter instead of once per batch. A batch is
// still a process of its own: one that hangs is killed at its limit, one that crashes ends alone,
// and what it replied so far is kept (triton_compiler.cpp retries the rest).
#pragma once
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "util/files.h"
#include "util/process.h"

namespace abt {

class TritonForkServer {
 public:
  // Starts `python helper --serve` with `env` added; its first line describes the install
  // (helper --describe) but libtriton's sha256, which the server hashes beside its first requests
  // (`digest`; without it, not at all). Throws std::runtime_error, with what the interpreter said,
  // when it does not start or cannot import Triton.
  enum class Digest { wanted, known };
  TritonForkServer(const std::string& python, const std::string& helper, const std::map<std::string, std::string>& env,
                   Digest digest = Digest::wanted);
  ~TritonForkServer();
  TritonForkServer(const TritonForkServer&) = delete;
  TritonForkServer& operator=(const TritonForkServer&) = delete;

  const nlohmann::json& description() const { return description_; }
  // The sha256 of libtriton.so (Digest::wanted), waiting for the server's message. Throws
  // std::runtime_error when the server ends, or has not said it within the start limit.
  std::string libtriton_sha256();
  // One batch (helper < request.json), as run_process would report it: the reply lines in `out`,
  // the batch's stderr in `err`, timed_out after `limit`. Throws std::runtime_error when the
  // server itself is gone (the caller runs the batch as a process of its own instead).
  ProcessResult run(nlohmann::json request, std::chrono::seconds limit);
  // A batch's request marked "prepare": the server imports what it names and warms Triton's
  // compiler up, for the batches after it, and answers nothing. Throws when the server is gone.
  void prepare(const nlohmann::json& request);

 private:
  struct Batch {
    std::optional<int> pid, exit_code, signal;
  };
  class Process;  // the interpreter and its pipes
  void read_messages();

  TempDir files_;
  std::unique_ptr<Process> process_;
  nlohmann::json description_;
  std::thread reader_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<uint64_t, Batch> batches_;
  uint64_t next_id_ = 0;
  bool gone_ = false;
  std::string gone_why_;
  std::optional<std::string> libtriton_sha256_;
};

}  // namespace abt
