// Why a launched specialization did not become a point: a stable code per kind of reason
// (capture.json's `reasons`, counted in the summary line) beside the sentence that says it whole.
#pragma once
#include <array>
#include <string>
#include <string_view>
#include <utility>

#include "util/spelling.h"

namespace abt {

enum class MissReason {
  tensor_descriptor,        // a host tensor descriptor abtool cannot make again (its view, tile or padding)
  thread_block_clusters,    // num_ctas or cluster dims
  launch_option,            // maxnreg, a cooperative launch, programmatic dependent launch
  argument_type,            // an argument abtool cannot pass (a type, a dtype, a tuple, an empty tensor)
  constexpr_object,         // a constexpr abtool cannot rebuild (opspec/constexpr_literal.h)
  source_not_loadable,      // its source cannot be loaded again (the script itself, no source)
  no_write_seen,            // its first launch wrote none of its tensors
  tensor_not_stored,        // a tensor it needs could not be copied or stored
  launch_on_copies_failed,  // the shim's own launches on copies failed
  tuner,                    // the tuner's configs cannot be replayed as recorded
  inside_cuda_graph,        // launched only inside a CUDA graph capture, where nothing can be copied
  aliased_arguments,        // arguments sharing memory that abtool cannot lay out in one buffer
  other,                    // a reason an older shim gave as text only
};

template <>
struct Spellings<MissReason> {
  static constexpr std::array<std::pair<MissReason, std::string_view>, 13> table{
      {{MissReason::tensor_descriptor, "tensor_descriptor"},
       {MissReason::thread_block_clusters, "thread_block_clusters"},
       {MissReason::launch_option, "launch_option"},
       {MissReason::argument_type, "argument_type"},
       {MissReason::constexpr_object, "constexpr_object"},
       {MissReason::source_not_loadable, "source_not_loadable"},
       {MissReason::no_write_seen, "no_write_seen"},
       {MissReason::tensor_not_stored, "tensor_not_stored"},
       {MissReason::launch_on_copies_failed, "launch_on_copies_failed"},
       {MissReason::tuner, "tuner"},
       {MissReason::inside_cuda_graph, "inside_cuda_graph"},
       {MissReason::aliased_arguments, "aliased_arguments"},
       {MissReason::other, "other"}}};
};

struct Miss {
  MissReason reason = MissReason::other;
  std::string text;
  bool operator==(const Miss&) const = default;
};

}  // namespace abt
