// Unit tests of SourceText: text::rewritten gives the same text as Rewriter::getRewrittenText for
// every range of a file after many edits (insertions before and after, replacements, removals),
// and edits of another file left out; the line and blank-text helpers of the first passes.
#include <catch2/catch.hpp>

#include "support/SourceText.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <random>

using namespace clang;
using namespace omp2cu;

TEST_CASE("text::rewritten agrees with Rewriter::getRewrittenText", "[text]") {
  std::string Code;
  for (int I = 0; I < 200; ++I)
    Code += "int f" + std::to_string(I) + "(int x) { return x * " + std::to_string(I) + "; }\n";
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCode(Code, "input.c");
  REQUIRE(AST);
  SourceManager &SM = AST->getSourceManager();
  Rewriter RW(SM, AST->getLangOpts());
  const FileID Main = SM.getMainFileID();
  const unsigned Size = SM.getBufferData(Main).size();
  auto At = [&](unsigned Off) { return SM.getLocForStartOfFile(Main).getLocWithOffset(Off); };

  // Before any edit: the source text.
  CharSourceRange All = CharSourceRange::getCharRange(At(0), At(Size));
  CHECK(text::rewritten(RW, All) == Code);

  std::mt19937 Rng(7);
  std::uniform_int_distribution<unsigned> Pos(0, Size - 20), Len(0, 15), Kind(0, 3);
  for (int Edit = 0; Edit < 300; ++Edit) {
    const unsigned P = Pos(Rng);
    switch (Kind(Rng)) {
    case 0:
      RW.InsertTextBefore(At(P), "<b" + std::to_string(Edit) + ">");
      break;
    case 1:
      RW.InsertTextAfter(At(P), "<a" + std::to_string(Edit) + ">");
      break;
    case 2:
      RW.ReplaceText(At(P), Len(Rng), "<r" + std::to_string(Edit) + ">");
      break;
    default:
      RW.RemoveText(At(P), Len(Rng));
      break;
    }
    if (Edit % 10)
      continue;
    for (int Probe = 0; Probe < 50; ++Probe) {
      const unsigned B = Pos(Rng), L = Len(Rng) * 7;
      // Ranges that overlapping edits turned inside out are left out: getRewrittenText reads
      // past them (text::rewritten gives "").
      CharSourceRange R = CharSourceRange::getCharRange(At(B), At(std::min(B + L, Size)));
      if (RW.getRangeSize(R) >= 0)
        REQUIRE(text::rewritten(RW, R) == RW.getRewrittenText(R));
      else
        REQUIRE(text::rewritten(RW, R).empty());
      // A token range: the last token measured as getRewrittenText does.
      CharSourceRange T = CharSourceRange::getTokenRange(At(B), At(B));
      if (RW.getRangeSize(T) >= 0)
        REQUIRE(text::rewritten(RW, T) == RW.getRewrittenText(T));
    }
  }
  CHECK(text::rewritten(RW, All) == RW.getRewrittenText(All));
}

TEST_CASE("text::lineStart and text::lineEnd: logical lines", "[text]") {
  const std::string T = "int a;\n#define X \\\n  1\n#if X \\\r\n  > 0\nint b;";
  CHECK(text::lineStart(T, 0) == 0);
  CHECK(text::lineStart(T, 3) == 0);
  CHECK(text::lineStart(T, 7) == 7);  // "#define"
  CHECK(text::lineStart(T, 20) == 19); // "  1": a physical line of its own
  // A backslash before the line break (also before \r\n) continues the line.
  CHECK(text::lineEnd(T, 7) == 23);  // after "  1\n"
  CHECK(text::lineEnd(T, 23) == 38); // "#if X \\\r\n  > 0\n"
  CHECK(text::lineEnd(T, 38) == T.size()); // the last line has no break
}

TEST_CASE("text::blank: white space and comments only", "[text]") {
  CHECK(text::blank(""));
  CHECK(text::blank(" \t\n  \r\n"));
  CHECK(text::blank("  // a comment\n  /* another\n one */  \n"));
  CHECK(text::blank("// the last line, no break"));
  CHECK_FALSE(text::blank("  x = 1; // code"));
  CHECK_FALSE(text::blank("/* not closed"));
  CHECK_FALSE(text::blank("// continued \\\n on the next line"));
  CHECK_FALSE(text::blank("  #pragma omp simd\n"));
}
