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
  // Without the sanitizers' own notes ("==1234==WARNING: AddressSanitizer failed to allocate"
  // when the runtime is built with ASan): the runtime's messages are what is tested.
  std::string Kept;
  for (std::size_t B = 0; B < O.output.size();) {
    std::size_t E = O.output.find('\n', B);
    E = E == std::string::npos ? O.output.size() : E + 1;
    if (O.output.compare(B, 2, "==") != 0)
      Kept.append(O.output, B, E - B);
    B = E;
  }
  O.output = Kept;
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

// A pointer into no mapped data keeps its value (OpenMP 5.1); what stays fatal is a structure
// whose listed members span data present only in part.
TEST_CASE("map_struct of members spanning present data only in part is fatal", "[errors]") {
  Outcome O = runChild("struct_span");
  CHECK(O.status == 1);
  CHECK_THAT(O.output, Catch::Matches("omp2cu: error: map of 'S' \\[0x[0-9a-f]+, 0x[0-9a-f]+\\) "
                                      "partially overlaps the mapped 'S.a' \\[0x[0-9a-f]+, "
                                      "0x[0-9a-f]+\\) in kern_struct \\(input.c:42\\)\n"));
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

TEST_CASE("format_error without a source position", "[errors]") {
  CHECK(omp2cu::host::format_error("boom", {"omp_target_alloc", nullptr, 0}) ==
        "omp2cu: error: boom in omp_target_alloc");
}

TEST_CASE("map with the present modifier of absent data is fatal", "[errors][data]") {
  Outcome O = runChild("present_map");
  CHECK(O.status == 1);
  CHECK(O.output == "omp2cu: error: 'x' is not present on device 0 in kern_present (input.c:5)\n");
}

TEST_CASE("exit data with the present modifier of absent data is fatal", "[errors][data]") {
  Outcome O = runChild("present_exit");
  CHECK(O.status == 1);
  CHECK(O.output ==
        "omp2cu: error: 'y' is not present on device 0 in target exit data (input.c:6)\n");
}

TEST_CASE("update with the present modifier of absent data is fatal", "[errors][data]") {
  Outcome O = runChild("present_update");
  CHECK(O.status == 1);
  CHECK(O.output == "omp2cu: error: 'u' is not present on device 0 in target update (input.c:9)\n");
}

TEST_CASE("a target region on a device that does not exist is fatal", "[errors][devices]") {
  Outcome O = runChild("bad_device");
  CHECK(O.status == 1);
  CHECK(O.output ==
        "omp2cu: error: invalid device number 3 (the program has 1 device) in kern_dev "
        "(input.c:11)\n");
}

TEST_CASE("a kernel launch on the initial device is fatal", "[errors][devices]") {
  Outcome O = runChild("initial_device_region");
  CHECK(O.status == 1);
  CHECK(O.output == "omp2cu: error: a kernel cannot run on the initial device 1 (the host runs "
                    "the region's host fallback) in kern_host (input.c:12)\n");
}

TEST_CASE("a member with the present modifier in a structure that was not present is fatal",
          "[errors][data]") {
  Outcome O = runChild("present_member");
  CHECK(O.status == 1);
  CHECK(O.output ==
        "omp2cu: error: 's.x' is not present on device 0 in target enter data (input.c:18)\n");
  O = runChild("present_member_region");
  CHECK(O.status == 1);
  CHECK(O.output ==
        "omp2cu: error: 's.y' is not present on device 0 in kern_member (input.c:19)\n");
}

TEST_CASE("a zero-length section with the present modifier needs data that contains it",
          "[errors][data]") {
  Outcome O = runChild("present_zero_length");
  CHECK(O.status == 1);
  CHECK(O.output == "omp2cu: error: 'arr[0:0]' is not present on device 0 in target exit data "
                    "(input.c:20)\n");
}

TEST_CASE("an invalid default device is fatal where it is used", "[errors][devices]") {
  Outcome O = runChild("bad_default_device");
  CHECK(O.status == 1);
  CHECK(O.output == "omp2cu: error: invalid default device number 5 (the program has 1 device) "
                    "in target enter data (input.c:13)\n");
}

TEST_CASE("the device API with a device that does not exist is fatal", "[errors][devices]") {
  Outcome O = runChild("api_bad_device");
  CHECK(O.status == 1);
  CHECK(O.output ==
        "omp2cu: error: invalid device number 7 (the program has 1 device) in omp_target_alloc\n");
  O = runChild("api_negative_device");
  CHECK(O.status == 1);
  CHECK(O.output ==
        "omp2cu: error: invalid device number -3 (the program has 1 device) in omp_target_memcpy\n");
}

TEST_CASE("omp_target_free of a pointer it did not allocate is fatal, not a libc abort",
          "[errors][api]") {
  Outcome O = runChild("double_free");
  CHECK(O.status == 1);
  CHECK_THAT(O.output, Catch::StartsWith("omp2cu: error: cannot free 0x") &&
                           Catch::EndsWith(" on device 0: it was not returned by "
                                           "omp_target_alloc for device 0 or was freed already "
                                           "in omp_target_free\n"));
  O = runChild("free_interior");
  CHECK(O.status == 1);
  CHECK_THAT(O.output, Catch::Contains(": it points into the 64-byte block at 0x") &&
                           Catch::EndsWith(" in omp_target_free\n"));
  O = runChild("free_other_device");
  CHECK(O.status == 1);
  CHECK_THAT(O.output, Catch::EndsWith(" on device 0: it was allocated on device 1 in "
                                       "omp_target_free\n"));
}

TEST_CASE("omp_target_memcpy past the end of a device block is fatal", "[errors][api]") {
  Outcome O = runChild("memcpy_overrun");
  CHECK(O.status == 1);
  CHECK_THAT(O.output, Catch::StartsWith("omp2cu: error: 16 bytes at dst 0x") &&
                           Catch::Contains(" on device 0 run past the end of the 64-byte block "
                                           "that omp_target_alloc returned at 0x") &&
                           Catch::EndsWith(" in omp_target_memcpy\n"));
  O = runChild("memcpy_rect_overrun");
  CHECK(O.status == 1);
  CHECK_THAT(O.output, Catch::StartsWith("omp2cu: error: 48 bytes at src 0x") &&
                           Catch::Contains("run past the end of the device copy of 'A' (40 bytes") &&
                           Catch::EndsWith(" in omp_target_memcpy_rect\n"));
}

TEST_CASE("a failed allocation reports the requested size", "[errors][data]") {
  Outcome O = runChild("alloc_failure");
  CHECK(O.status == 1);
  CHECK_THAT(O.output, Catch::StartsWith("omp2cu: error: cannot allocate 1152921504606846976 "
                                         "bytes on device 0 for 'huge' [0x") &&
                           Catch::EndsWith("in kern_big (input.c:14)\n"));
}

TEST_CASE("map-type release on a target construct is fatal", "[errors][data]") {
  Outcome O = runChild("release_in_region");
  CHECK(O.status == 1);
  CHECK(O.output ==
        "omp2cu: error: map-type release of 'r' on a target construct in kern_release "
        "(input.c:15)\n");
}

TEST_CASE("exit data of a section that partially overlaps mapped data is fatal",
          "[errors][data]") {
  Outcome O = runChild("exit_overlap");
  CHECK(O.status == 1);
  CHECK_THAT(O.output, Catch::Matches("omp2cu: error: unmap of 'B' \\[0x[0-9a-f]+, 0x[0-9a-f]+\\) "
                                      "partially overlaps the mapped 'A' \\[0x[0-9a-f]+, "
                                      "0x[0-9a-f]+\\) in target exit data \\(input.c:17\\)\n"));
}
