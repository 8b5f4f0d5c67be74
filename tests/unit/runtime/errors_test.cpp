// Fatal run-time errors: message format `omp2cu: error: <what> in <kernel> (<file>:<line>)` and
// exit status 1. Each scenario runs in a child process (omp2cu_rt_error_child).
#include <omp2cu/omp2cu.h>

#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace {

struct Outcome {
  int status = -1;
  std::string output;
};

Outcome runChild(const std::string &Scenario) {
  Outcome O;
  const std::string Cmd = std::string("'") + OMP2CU_ERROR_CHILD + "' " + Scenario + " 2>&1";
  FILE *P = popen(Cmd.c_str(), "r");
  REQUIRE(P != nullptr);
  char Buf[512];
  while (std::fgets(Buf, sizeof Buf, P))
    O.output += Buf;
  const int St = pclose(P);
  O.status = WIFEXITED(St) ? WEXITSTATUS(St) : 128 + WTERMSIG(St);
  return O;
}

} // namespace

TEST_CASE("format_error", "[errors]") {
  CHECK(omp2cu::host::format_error("boom", {"k", "f.c", 3}) ==
        "omp2cu: error: boom in k (f.c:3)");
}

TEST_CASE("the child helper succeeds when nothing is wrong", "[errors]") {
  Outcome O = runChild("ok");
  CHECK(O.status == 0);
  CHECK(O.output.empty());
}

TEST_CASE("translate of a pointer into no mapped block is fatal", "[errors]") {
  Outcome O = runChild("translate");
  CHECK(O.status == 1);
  CHECK_THAT(O.output, Catch::StartsWith("omp2cu: error: pointer 'p' (0x") &&
                           Catch::EndsWith(") points into no mapped data in kern_translate "
                                           "(input.c:42)\n"));
  CHECK_THAT(O.output, !Catch::Contains("not reached"));
}

TEST_CASE("a partially overlapping map is fatal and names both ranges", "[errors]") {
  Outcome O = runChild("overlap");
  CHECK(O.status == 1);
  CHECK_THAT(O.output, Catch::Matches("omp2cu: error: map of 'y' \\[0x[0-9a-f]+, 0x[0-9a-f]+\\) "
                                      "partially overlaps the mapped 'x' \\[0x[0-9a-f]+, "
                                      "0x[0-9a-f]+\\) in kern_overlap \\(input.c:7\\)\n"));
}

TEST_CASE("a kernel that deadlocks is reported with its name and line", "[errors]") {
  Outcome O = runChild("deadlock");
  CHECK(O.status == 1);
  CHECK_THAT(O.output, Catch::StartsWith("omp2cu: error: deadlock: ") &&
                           Catch::EndsWith("in kern_deadlock (input.c:99)\n"));
}
