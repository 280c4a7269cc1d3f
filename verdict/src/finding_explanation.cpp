// What each finding code means and what to do about it, for `abtool explain-finding CODE` (as
// cargo's --explain does for its codes). A code without its explanation does not compile (-Wswitch).
#include "verdict/finding.h"

namespace abt {

std::string_view finding_explanation(FindingCode code) {
  switch (code) {
    case FindingCode::missing:
      return "The point is in one run and not the other (a run stopped early, another selection, a shard). It has no "
             "verdict. Measure it on the side that lacks it (`--resume` finishes a stopped run), or diff runs of the "
             "same selection.";
    case FindingCode::failed:
      return "A side could not measure the point: its variant did not compile, failed verification against the "
             "reference, or faulted. The error names the side and the cause; a verification failure on B is a "
             "miscompile candidate and is never timed.";
    case FindingCode::too_few_samples:
      return "Fewer than 2 rounds or 10 samples per side: too little to put an interval on the ratio, so the verdict is "
             "AMBIGUOUS. Measure longer (--rep-ms) or with more rounds (--rounds).";
    case FindingCode::below_noise_floor:
      return "The interval says there is a change, but it is smaller than this point's noise floor: how far A's own "
             "code differs from itself between its even and odd rounds in the same process. A change that small is "
             "within what A alone shows, so the verdict is AMBIGUOUS. More rounds on a quieter machine lower the floor.";
    case FindingCode::crosses_threshold:
      return "The 95% interval of B/A crosses the bar a verdict needs: the --threshold, or this point's noise floor "
             "where that is higher (the note says which). Neither a change nor SAME is shown yet: AMBIGUOUS. The "
             "interval narrows as 1/sqrt(rounds); more_rounds, beside it, estimates how many would decide it.";
    case FindingCode::more_rounds:
      return "How many more rounds at this point's spread would make its interval decide, read off the interval as "
             "drawn; 'never' when the estimate lies on a threshold. Replay with that many more --rounds.";
    case FindingCode::replay_fallback:
      return "B could not replay A's recorded config at this point (the key was not in A's record, or the config did "
             "not compile on B) and swept its own: the two sides ran different configs, so the comparison is not of the "
             "compiler alone. UNTRUSTED. The marker's reason says why; fix the record or the op.";
    case FindingCode::configs_differ:
      return "A and B measured different configs at this point: the comparison mixes a tuning change with the compiler "
             "change. UNTRUSTED. Replay from A (replay --from) so B runs A's configs.";
    case FindingCode::timing_methods_differ:
      return "A and B were timed differently (a CUDA graph on one side, direct launches on the other, after a graph "
             "fallback): their times are not comparable. UNTRUSTED. The fallback marker says why a graph could not be "
             "used.";
    case FindingCode::gpu_busy:
      return "Another process computed on the GPU while this point was timed (GPU_BUSY): its kernels share the SMs and "
             "memory, so the time is not the code's alone. UNTRUSTED. Measure again when the GPU is idle "
             "(nvidia-smi shows who uses it).";
    case FindingCode::clock_throttled:
      return "The GPU's clocks were throttled while this point was timed (power, thermal or another reason NVML "
             "reports): the time reflects the throttling. UNTRUSTED. Measure again with the GPU cool and idle.";
    case FindingCode::round_signs:
      return "In an interleaved pair each round says which side was faster. A claimed FASTER or SLOWER stands only when "
             "every round that is not a tie agrees, or a two-sided sign test over the rounds says so at 5%; here too few "
             "rounds agree (the note gives the count and p), so a few lucky rounds may have moved the interval. "
             "AMBIGUOUS; more rounds decide it.";
    case FindingCode::sm_cycles:
      return "A GPU claim decided again in SM cycles (each round's time by its clock) did not hold there. When B's clock "
             "differs from A's in the direction that would make the change, by at least half of it, the claim is the "
             "clock's: UNTRUSTED. At equal clocks the claim stands with this note.";
    case FindingCode::host_busy:
      return "Other processes kept the host busy while this host point was timed (HOST_BUSY): runnable tasks beyond one "
             "per core, CPU time the others consumed beyond the cores the measuring task leaves them, or CPU stolen by a "
             "hypervisor, over the point's rounds. Such load can slow the code by up to its factor, so a claimed change no "
             "larger than that is UNTRUSTED (a larger one stands). Measure again on an idle machine, or for host ops decide "
             "by --metric instructions: instruction counts do not move with load.";
    case FindingCode::drift:
      return "A's code, measured again beside B, ran more than 10% away from A's own record: the machine is in another "
             "state than when A was recorded (clocks, a driver, load). A claimed change no larger than the drift is "
             "UNTRUSTED. Record A again on this machine as it is now, or find what changed.";
    case FindingCode::machine_speed:
      return "Without interleaving, each side times a fixed host probe; here the probe moved by more than 10% between "
             "the runs, which could explain the difference (another machine, another load). UNTRUSTED. Replay "
             "interleaved (the default) so both sides run in the same rounds.";
    case FindingCode::outliers:
      return "A side's slowest sample lies far beyond its spread (above q3 + 3 IQR and 1.2 q3): an interruption, a page "
             "fault, another process. The median and the interval resist a few, so this is a note that leaves the verdict "
             "as it is; outliers at many points point to a noisy machine.";
    case FindingCode::metrics_disagree:
      return "With --metric instructions the counts and the time point in opposite directions (fewer instructions, "
             "slower time, or the reverse) by more than the time's interval allows. The counts are exact, the time is "
             "what users feel: UNTRUSTED until it is understood (memory-bound code, a cache effect). explain names the "
             "pass that changed the code.";
    case FindingCode::decided_by_instructions:
      return "With --metric instructions the verdict is the instruction counts' (exact, with Valgrind), the change beyond "
             "--instructions-threshold or not; the note gives what the time alone said. On a busy host, where the time is "
             "void, the counts still decide.";
    case FindingCode::instructions_a_zero:
      return "A's call counted no instruction while B's counted some: no relative change can be stated against zero, so "
             "the counts leave the point AMBIGUOUS. Check that the op's launch really runs code on A's side.";
    case FindingCode::instructions_nondeterministic:
      return "The instruction counts of the same code differ between runs (threads, timing-dependent paths), by up to "
             "the spread in the note. A count change is claimed only beyond --instructions-threshold plus that spread, and "
             "SAME only within the threshold less it; in between the counts leave the point AMBIGUOUS.";
    case FindingCode::identical_code:
      return "A and B measured byte-identical binaries (the same sha256) at the same config: the point is SAME whatever "
             "the timing says, since a noisy machine cannot make the same code faster (LNT's rule). The timing's own "
             "verdict stays in the JSON (timing_verdict); an A/A run counts it to measure the false-positive rate.";
    case FindingCode::verified_against_baseline:
      return "The point was verified against A's output, not an independent reference (the op has none, or it was "
             "captured without one): B agrees with A, which shows no miscompile relative to A, but A itself was not "
             "checked.";
  }
  return "";
}

}  // namespace abt
