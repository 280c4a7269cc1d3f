// --compile-instructions, below the engine: the stages read from a compile's callgrind dumps
// (compilers/compile_counting.h) and a compile profile as results.json spells it
// (model/compile_profile_json.h), damage included.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "compilers/compile_counting.h"
#include "model/compile_profile_json.h"

namespace abt {
namespace {

std::string dump(long pid, const std::string& command, const std::string& trigger, uint64_t instructions) {
  return fmt::format("# callgrind format\nversion: 1\ncreator: callgrind-3.19.0\npid: {}\ncmd:  {}\npart: 1\n\n"
                     "desc: Trigger: {}\n\npositions: line\nevents: Ir\nsummary: {}\n\nfn=x\n0 {}\n\ntotals: {}\n",
                     pid, command, trigger, instructions, instructions, instructions);
}

std::vector<std::string> names(const CompileProfile& profile) {
  std::vector<std::string> stages;
  for (const auto& stage : profile.stages) stages.push_back(stage.name);
  return stages;
}

TEST(CompileCounting, ADriversProcessesAreItsStagesByProgramInTheOrderTheyStarted) {
  const CompileProfile profile = profile_from_dumps({
      {"cg.103", dump(103, "/usr/bin/as --64 -o /tmp/cc.o /tmp/cc.s", "Program termination", 3000)},
      {"cg.101", dump(101, "/usr/bin/g++ -O3 -x c++ - -shared -o v.so", "Program termination", 1000)},
      {"cg.102", dump(102, "/usr/lib/gcc/x86_64-linux-gnu/12/cc1plus -quiet -", "Program termination", 200000)},
      {"cg.104", dump(104, "/usr/bin/ld -shared", "Program termination", 90000)},
      {"cg.105", dump(105, "/usr/bin/as --64 -o /tmp/cd.o /tmp/cd.s", "Program termination", 500)},
  }, "g++");
  EXPECT_EQ(profile.counted_by, "callgrind");
  EXPECT_EQ(names(profile), (std::vector<std::string>{"g++", "cc1plus", "as", "ld"}));
  EXPECT_EQ(*profile.stage("as")->instructions, 3500u) << "two assembler runs are one stage";
  EXPECT_EQ(profile.total_instructions(), 294500u);
  for (const auto& stage : profile.stages) EXPECT_FALSE(stage.ms);
}

TEST(CompileCounting, AMarkedProcessGivesItsMarkedStagesOnlyAndItsChildrenComeWhole) {
  const std::string python = "/venv/bin/python3 /tmp/abtool_triton_compile.py";
  const CompileProfile profile = profile_from_dumps({
      {"cg.200.1", dump(200, python, "Client Request: abtool-stage ast", 150)},
      {"cg.200.2", dump(200, python, "Client Request: abtool-stage ttir", 30)},
      {"cg.200.3", dump(200, python, "Client Request: abtool-stage cubin", 12)},
      {"cg.200", dump(200, python, "Program termination", 9000000)},  // the interpreter's start and imports
      {"cg.201", dump(201, "/venv/lib/triton/backends/nvidia/bin/ptxas --version", "Program termination", 20)},
      {"cg.202", dump(202, "/venv/lib/triton/backends/nvidia/bin/ptxas -lineinfo -v --gpu-name sm_90 k.ptx", "Program termination", 800)},
  }, "python3");
  EXPECT_EQ(names(profile), (std::vector<std::string>{"ast", "ttir", "cubin", "ptxas"}));
  EXPECT_EQ(*profile.stage("ptxas")->instructions, 820u);
  EXPECT_EQ(profile.total_instructions(), 1012u);
}

// A busy machine's pids wrap around pid_max: a child can have a smaller pid than its compiler
// (seen in CI: ptxas listed before the Triton helper's stages).
TEST(CompileCounting, TheCompilerComesFirstWhenPidsWrappedAround) {
  const std::string python = "/venv/bin/python3 /tmp/abtool_triton_compile.py";
  const CompileProfile triton = profile_from_dumps({
      {"cg.32760.1", dump(32760, python, "Client Request: abtool-stage ast", 150)},
      {"cg.32760.2", dump(32760, python, "Client Request: abtool-stage cubin", 12)},
      {"cg.32760", dump(32760, python, "Program termination", 9000000)},
      {"cg.301", dump(301, "/venv/bin/ptxas -v k.ptx", "Program termination", 800)},
  }, "python3");
  EXPECT_EQ(names(triton), (std::vector<std::string>{"ast", "cubin", "ptxas"}));
  const CompileProfile host = profile_from_dumps({
      {"cg.12", dump(12, "/usr/bin/ld -shared", "Program termination", 90)},
      {"cg.4194300", dump(4194300, "/usr/bin/g++ -O3 -x c++ -", "Program termination", 10)},
      {"cg.4194303", dump(4194303, "/usr/lib/gcc/x86_64-linux-gnu/12/cc1plus -quiet -", "Program termination", 900)},
      {"cg.3", dump(3, "/usr/bin/as --64", "Program termination", 30)},
  }, "g++");
  EXPECT_EQ(names(host), (std::vector<std::string>{"g++", "cc1plus", "as", "ld"}));
}

TEST(CompileCounting, AFileThatIsNoDumpIsAnErrorAndNoDumpAtAllToo) {
  EXPECT_THROW(profile_from_dumps({{"cg.1", "garbage"}}, "g++"), CompileCountError);
  EXPECT_THROW(profile_from_dumps({}, "g++"), CompileCountError);
}

TEST(CompileProfileJson, RoundTripsAndAddsCountsToTimedStages) {
  CompileProfile timed;
  timed.stages = {{"ast", 12.5, std::nullopt}, {"ttgir", 40.0, std::nullopt}};
  CompileProfile counted;
  counted.counted_by = "callgrind";
  counted.same_binary = true;
  counted.stages = {{"ast", std::nullopt, 150}, {"ttgir", std::nullopt, 400}, {"ptxas", std::nullopt, 800}};
  timed.add_counts(counted);
  ASSERT_EQ(names(timed), (std::vector<std::string>{"ast", "ttgir", "ptxas"}));
  EXPECT_EQ(*timed.stages[0].ms, 12.5);
  EXPECT_EQ(*timed.stages[0].instructions, 150u);
  EXPECT_FALSE(timed.stages[2].ms);

  const nlohmann::json json{{"compile_profile", compile_profile_json(timed)}};
  const auto read = compile_profile_from_json(JsonFields(json, "results.json: point 1"), "compile_profile");
  ASSERT_TRUE(read);
  EXPECT_EQ(compile_profile_json(*read), json["compile_profile"]);
  EXPECT_FALSE(compile_profile_from_json(JsonFields(nlohmann::json{{"compile_profile", nullptr}}, "x"), "compile_profile"));
}

std::string read_error(const nlohmann::json& profile) {
  try {
    compile_profile_from_json(JsonFields(nlohmann::json{{"compile_profile", profile}}, "results.json: point 1"), "compile_profile");
  } catch (const RunFormatError& error) {
    return error.what();
  }
  return "";
}

TEST(CompileProfileJson, DamageIsOneLineNamingTheField) {
  const nlohmann::json stage{{"stage", "ttir"}, {"ms", 1.0}, {"instructions", 5}};
  EXPECT_NE(read_error({{"counted_by", "perf"}, {"same_binary", nullptr}, {"stages", {stage}}}).find("counted_by"), std::string::npos);
  EXPECT_NE(read_error({{"counted_by", nullptr}, {"same_binary", nullptr}, {"stages", {stage}}}).find("instructions"), std::string::npos)
      << "counts without a counter";
  nlohmann::json negative = stage;
  negative["ms"] = -3;
  EXPECT_NE(read_error({{"counted_by", "callgrind"}, {"same_binary", true}, {"stages", {negative}}}).find("ms"), std::string::npos);
  nlohmann::json unnamed = stage;
  unnamed["stage"] = "";
  EXPECT_NE(read_error({{"counted_by", "callgrind"}, {"same_binary", true}, {"stages", {unnamed}}}).find("stage"), std::string::npos);
  EXPECT_NE(read_error({{"counted_by", "callgrind"}, {"same_binary", true}, {"stages", 7}}).find("stages"), std::string::npos);
}

}  // namespace
}  // namespace abt
