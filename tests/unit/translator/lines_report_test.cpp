// Unit tests of the #line mapping of the output (LineDirectives.cpp) and of the parts of
// `omp2cu --report` that need no AST: reading ptxas's output, matching kernels, the geometry
// rules of a planned kernel.
#include <catch2/catch.hpp>

#include "emit/LineDirectives.h"
#include "report/Report.h"

#include <string>

using namespace omp2cu;

TEST_CASE("unchanged, inserted and edited lines map to the input") {
  std::string In = "int a;\nint f(void *p) {\n  int *q = p;\n  return *q;\n}\n";
  std::string Out = "#include <x.h>\nint a;\n/// kernel\n__global__ void k() {}\n"
                    "int f(void *p) {\n  int *q = (int *)(p);\n  return *q;\n}\n";
  std::vector<unsigned> M = lines::mapLines(In, Out);
  REQUIRE(M.size() == 8);
  CHECK(M == std::vector<unsigned>{0, 1, 0, 0, 2, 3, 4, 5});
}

TEST_CASE("a replaced directive maps its first generated line, not the rest") {
  std::string In = "void g(int n, int *a) {\n#pragma omp target\n  for (;;) a[0] = n;\n}\n";
  std::string Out = "void g(int n, int *a) {\n{ // omp2cu: '#pragma omp target'\n"
                    "  omp2cu::launch(k, n);\n}\n}\n";
  std::vector<unsigned> M = lines::mapLines(In, Out);
  REQUIRE(M.size() == 5);
  CHECK(M[0] == 1);
  CHECK(M[1] == 2);
  CHECK(M[2] == 0);
  CHECK((M[3] == 4) != (M[4] == 4)); // the input's `}` is one of the two

}

TEST_CASE("#line directives: input lines keep their numbers, generated lines name the output") {
  std::string In = "a\nb\nc\n";
  std::string Out = "gen1\na\ngen2\ngen3\nb\nc\n";
  std::string R = lines::addLineDirectives(In, Out, "in.c", "out.cu");
  CHECK(R == "gen1\n#line 1 \"in.c\"\na\n#line 5 \"out.cu\"\ngen2\ngen3\n#line 2 \"in.c\"\nb\nc\n");
}

TEST_CASE("kernel marks: copied text takes its input lines, generated text and the host keep theirs") {
  // A kernel above the host code it comes from: its body (input lines 3-4, whose inner
  // construct, input lines 4-5, was replaced by two generated lines) and an atomic's call.
  std::string In = "int main() {\n#pragma omp target\n  { x = 1;\n#pragma omp atomic\n"
                   "    y++; }\n  return 0;\n}\n";
  std::string Gen = "__global__ void k() {\n  gen();\n  " + lines::sourceMark(3) + "{ x = 1;\n" +
                    lines::sourceMark(0) + "  atomic_add(&y, 1);\n  more();\n" +
                    lines::sourceMark(5) + " }" + lines::sourceMark(0) + "\n}\n" +
                    "int main() {\n  launch();\n  return 0;\n}\n";
  std::string Out = Gen;
  std::vector<unsigned> Marked = lines::stripMarks(Out);
  CHECK(Out.find("omp2cu-line") == std::string::npos);
  REQUIRE(Marked.size() >= 10);
  CHECK(std::vector<unsigned>(Marked.begin(), Marked.begin() + 7) ==
        std::vector<unsigned>{0, 0, 3, 0, 0, 5, 0});
  std::string R = lines::addLineDirectives(In, Out, "in.c", "out.cu", Marked);
  CHECK(R.find("#line 3 \"in.c\"\n  { x = 1;\n") != std::string::npos);
  CHECK(R.find("#line 5 \"in.c\"\n }\n") != std::string::npos);
  CHECK(R.find("#line 6 \"in.c\"\n  return 0;\n") != std::string::npos);
  std::string Plain = "int x;\n";
  CHECK(lines::stripMarks(Plain).empty());
  CHECK(Plain == "int x;\n");
}

TEST_CASE("kernel marks: the mark's letters in the user's text are text (found by the fuzzer)") {
  // Unterminated, without digits, or not closed right after them: kept as they are, and the
  // marks around them still count (an unterminated one once made stripMarks loop for minutes).
  std::string Out = "// /*omp2cu-line:\n" + lines::sourceMark(7) + "a; /*omp2cu-line:x*/\n" +
                    "b; /*omp2cu-line:12 */\nc;\n";
  std::vector<unsigned> Marked = lines::stripMarks(Out);
  CHECK(Out == "// /*omp2cu-line:\na; /*omp2cu-line:x*/\nb; /*omp2cu-line:12 */\nc;\n");
  CHECK(Marked == std::vector<unsigned>{0, 7, 8, 9, 10});
}

TEST_CASE("no directive after a line continuation, none for inputs with #line of their own") {
  std::string In = "#define M(x) \\\n  (x)\nint y;\n";
  std::string Out = "#define M(x) \\\ngen\n  (x)\nint y;\n";
  std::string R = lines::addLineDirectives(In, Out, "in.c", "out.cu");
  CHECK(R.find("\\\n#line") == std::string::npos);
  std::string Own = "#line 10 \"grammar.y\"\nint x;\n";
  CHECK(lines::addLineDirectives(Own, "gen\n" + Own, "in.c", "out.cu") == "gen\n" + Own);
}

TEST_CASE("too many differences give no mapping") {
  std::string In, Out;
  for (int I = 0; I < 50; ++I) {
    In += "in" + std::to_string(I) + "\n";
    Out += "out" + std::to_string(I) + "\n";
  }
  CHECK(lines::mapLines(In, Out, 20).empty());
  CHECK(lines::addLineDirectives(In, Out, "a", "b") == Out);
}

TEST_CASE("ptxas -v output: registers, shared memory, stack and spills per entry") {
  std::string Text =
      "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Compiling entry function '_Z15main_L43_kernelPiPd' for 'sm_90'\n"
      "ptxas info    : Function properties for _Z15main_L43_kernelPiPd\n"
      "    8 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads\n"
      "ptxas info    : Used 32 registers, used 1 barriers, 2048 bytes smem\n"
      "ptxas info    : Compiling entry function 'k2_L9_kernel' for 'sm_90'\n"
      "ptxas info    : Used 16 registers, used 0 barriers, 372 bytes cmem[0]\n";
  std::vector<report::Resources> R = report::parsePtxasOutput(Text);
  REQUIRE(R.size() == 2);
  CHECK(R[0].Entry == "_Z15main_L43_kernelPiPd");
  CHECK(R[0].Arch == "sm_90");
  CHECK(R[0].Registers == 32);
  CHECK(R[0].SharedBytes == 2048);
  CHECK(R[0].StackBytes == 8);
  CHECK(R[0].SpillStores == 4);
  CHECK(R[1].Registers == 16);
  CHECK(R[1].SharedBytes == 0);
  CHECK(report::entryIsKernel(R[0].Entry, "main_L43_kernel"));
  CHECK(!report::entryIsKernel(R[0].Entry, "ain_L43_kernel"));
  CHECK(!report::entryIsKernel("_Z115main_L43_kernelv", "main_L43_kernel"));
  CHECK(report::entryIsKernel(R[1].Entry, "k2_L9_kernel"));
  CHECK(report::entryIsKernel("_ZN12_GLOBAL__N_115main_L43_kernelEv", "main_L43_kernel"));
}

TEST_CASE("the report of a combined construct names its levels, G and the launch rules") {
  model::Region R;
  R.Root = std::make_unique<model::Construct>();
  R.Root->Leaves = model::LeafTarget | model::LeafTeams | model::LeafDistribute |
                   model::LeafParallel | model::LeafFor | model::LeafSimd;
  R.Root->IsLoop = true;
  R.Root->DirectiveText = "target teams distribute parallel for simd simdlen(8)";
  R.Root->Line = 12;
  R.KernelName = "f_L12_kernel";
  R.FileName = "f.c";
  R.Line = 12;
  R.Simdlen = "8";
  R.NumThreads = "64";
  plan::PlanError E;
  std::optional<plan::KernelPlan> P = plan::planKernel(*R.Root, E);
  REQUIRE(P);
  report::KernelReport K = report::describe(R, *P);
  REQUIRE(K.Nest.size() == 1);
  CHECK(K.Nest[0].find("iterations over teams x threads x lanes") != std::string::npos);
  CHECK(K.G.find("simdlen(8)") != std::string::npos);
  CHECK(K.Threads.find("num_threads(64)") != std::string::npos);
  CHECK(K.Blocks.find("trip count") != std::string::npos);
  report::Resources Use{"_Z12f_L12_kernelv", "sm_90", 40, 512};
  std::string Text = report::format(K, {&Use});
  CHECK(Text.find("f.c:12: kernel f_L12_kernel") == 0);
  CHECK(Text.find("ptxas (sm_90): 40 registers, 512 bytes shared memory") != std::string::npos);
}
