//===- LineDirectives.cpp - #line directives in the output ----------------===//
#include "emit/LineDirectives.h"
#include "support/SourceText.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace llvm;

namespace omp2cu::lines {
namespace {

std::vector<StringRef> splitLines(StringRef Text) {
  std::vector<StringRef> Lines;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Lines.push_back(Line.rtrim('\r'));
    Text = Rest;
  }
  return Lines;
}

/// The characters of \p Orig (blanks aside) appear in order in \p Out.
bool editedFrom(StringRef Orig, StringRef Out) {
  size_t P = 0;
  for (char C : Orig) {
    if (C == ' ' || C == '\t')
      continue;
    P = Out.find(C, P);
    if (P == StringRef::npos)
      return false;
    ++P;
  }
  return true;
}

enum class Op { Equal, Delete, Insert };

/// Myers' O(ND) line diff of A and B (as ids), forward; empty if D > Max.
std::vector<Op> diff(const std::vector<unsigned> &A, const std::vector<unsigned> &B,
                     unsigned Max) {
  const int N = A.size(), M = B.size();
  const int Limit = std::min<int>(N + M, Max);
  const int Off = Limit + 1;
  std::vector<int> V(2 * Limit + 3, 0);
  std::vector<std::vector<int>> Trace; // V[-d-1 .. d+1] at the start of round d
  int Found = -1;
  for (int D = 0; D <= Limit && Found < 0; ++D) {
    Trace.emplace_back(V.begin() + Off - D - 1, V.begin() + Off + D + 2);
    for (int K = -D; K <= D; K += 2) {
      int X = (K == -D || (K != D && V[Off + K - 1] < V[Off + K + 1])) ? V[Off + K + 1]
                                                                        : V[Off + K - 1] + 1;
      int Y = X - K;
      while (X < N && Y < M && A[X] == B[Y])
        ++X, ++Y;
      V[Off + K] = X;
      if (X >= N && Y >= M) {
        Found = D;
        break;
      }
    }
  }
  if (Found < 0)
    return {};
  std::vector<Op> Ops;
  int X = N, Y = M;
  for (int D = Found; D > 0; --D) {
    const std::vector<int> &T = Trace[D];
    auto At = [&](int K) { return T[K + D + 1]; };
    int K = X - Y;
    int PK = (K == -D || (K != D && At(K - 1) < At(K + 1))) ? K + 1 : K - 1;
    int PX = At(PK), PY = PX - PK;
    while (X > PX && Y > PY) {
      Ops.push_back(Op::Equal);
      --X, --Y;
    }
    Ops.push_back(X == PX ? Op::Insert : Op::Delete);
    X = PX;
    Y = PY;
  }
  while (X > 0 && Y > 0) {
    Ops.push_back(Op::Equal);
    --X, --Y;
  }
  std::reverse(Ops.begin(), Ops.end());
  return Ops;
}

/// Maps the output lines of a changed hunk to its input lines: the longest
/// runs of lines edited in place at its start and at its end.
void mapHunk(const std::vector<StringRef> &A, const std::vector<StringRef> &B, unsigned A0,
             unsigned A1, unsigned B0, unsigned B1, std::vector<unsigned> &Map) {
  unsigned NA = A1 - A0, NB = B1 - B0;
  unsigned Pre = 0; // input lines edited in place at the start of the hunk
  while (Pre < NA && Pre < NB && editedFrom(A[A0 + Pre], B[B0 + Pre])) {
    Map[B0 + Pre] = A0 + Pre + 1;
    ++Pre;
  }
  // ... and at its end (e.g. a function after a kernel inserted before it)
  for (unsigned T = 1; T <= NA - Pre && T <= NB - Pre && editedFrom(A[A1 - T], B[B1 - T]); ++T)
    Map[B1 - T] = A1 - T + 1;
}

} // namespace

std::vector<unsigned> mapLines(StringRef Original, StringRef Generated, unsigned MaxEdits) {
  std::vector<StringRef> A = splitLines(Original), B = splitLines(Generated);
  StringMap<unsigned> Ids;
  auto Intern = [&](const std::vector<StringRef> &L) {
    std::vector<unsigned> Out;
    for (StringRef S : L)
      Out.push_back(Ids.try_emplace(S, Ids.size()).first->second);
    return Out;
  };
  std::vector<unsigned> IA = Intern(A), IB = Intern(B);
  std::vector<Op> Ops = diff(IA, IB, MaxEdits);
  if (Ops.empty() && !(A.empty() && B.empty()))
    return {};
  std::vector<unsigned> Map(B.size(), 0);
  unsigned I = 0, J = 0, HA = 0, HB = 0;
  bool InHunk = false;
  for (Op O : Ops) {
    if (O == Op::Equal) {
      if (InHunk)
        mapHunk(A, B, HA, I, HB, J, Map);
      InHunk = false;
      Map[J] = I + 1;
      ++I, ++J;
      continue;
    }
    if (!InHunk) {
      HA = I;
      HB = J;
      InHunk = true;
    }
    if (O == Op::Delete)
      ++I;
    else
      ++J;
  }
  if (InHunk)
    mapHunk(A, B, HA, I, HB, J, Map);
  return Map;
}

namespace {

/// The lines of an input as `#line` directives in it number them: 0 for the directives
/// themselves; \p Files holds the file each line belongs to ("" for the input's own). Empty if
/// a directive that the first pass did not write names another file (generated code keeps its
/// own directives); the first pass names the headers it inlines (HeaderInlining.h).
std::vector<unsigned> presumedLines(const std::vector<StringRef> &Lines, StringRef FileName,
                                    std::vector<bool> &Directive,
                                    std::vector<std::string> &Files) {
  std::vector<unsigned> Out;
  Directive.assign(Lines.size(), false);
  Files.assign(Lines.size(), "");
  unsigned Next = 1;
  std::string Current;
  for (size_t I = 0; I < Lines.size(); ++I) {
    StringRef L = Lines[I].ltrim(" \t");
    if (L.consume_front("#")) {
      L = L.ltrim(" \t");
      if (L.consume_front("line") && !L.empty() && L[0] != ' ' && L[0] != '\t')
        L = ""; // not `#line`
      L = L.ltrim(" \t");
      if (!L.empty() && isDigit(L[0])) { // `#line N "file"` or `# N "file" flags`
        StringRef Num = L.take_while(isDigit);
        StringRef File = L.drop_front(Num.size()).ltrim(" \t");
        if (File.consume_front("\"")) {
          StringRef Name = File.take_until([](char C) { return C == '"'; });
          if (sys::path::filename(Name) != sys::path::filename(FileName)) {
            if (!File.contains(FirstPassMark))
              return {};
            Current = Name.str(); // as written: escaped
          } else {
            Current.clear();
          }
        }
        Num.getAsInteger(10, Next);
        Out.push_back(0);
        Directive[I] = true;
        continue;
      }
    }
    Files[I] = Current;
    Out.push_back(Next++);
  }
  return Out;
}

} // namespace

std::string sourceMark(unsigned Line) { return "/*omp2cu-line:" + std::to_string(Line) + "*/"; }

std::vector<unsigned> stripMarks(std::string &Text) {
  static constexpr StringRef Open = "/*omp2cu-line:";
  size_t Next = Text.find(Open.data(), 0, Open.size());
  if (Next == std::string::npos)
    return {};
  std::vector<unsigned> Lines;
  std::string Out;
  Out.reserve(Text.size());
  unsigned State = 0;   // the input line of the text here (0: generated)
  unsigned Current = 0; // the line's, once its first character is seen
  bool Started = false;
  for (size_t I = 0; I < Text.size();) {
    if (I == Next) {
      // A mark is `/*omp2cu-line:` DIGITS `*/`; the same letters written otherwise (the user's
      // text may hold them, in a comment or a string) are text.
      size_t End = I + Open.size();
      while (End < Text.size() && Text[End] >= '0' && Text[End] <= '9')
        ++End;
      unsigned Line = 0;
      if (End > I + Open.size() && StringRef(Text).substr(End).starts_with("*/") &&
          !StringRef(Text).slice(I + Open.size(), End).getAsInteger(10, Line)) {
        State = Line;
        I = End + 2;
        Next = Text.find(Open.data(), I, Open.size());
        continue;
      }
      Next = Text.find(Open.data(), I + 1, Open.size());
    }
    const char C = Text[I++];
    if (C == '\n') {
      Lines.push_back(Started ? Current : State);
      Started = false;
      if (State)
        ++State; // the input's text goes on on its next line
    } else if (!Started && C != ' ' && C != '\t') {
      Current = State;
      Started = true;
    }
    Out += C;
  }
  Lines.push_back(Started ? Current : State);
  Text = std::move(Out);
  return Lines;
}

std::string addLineDirectives(StringRef Original, StringRef Generated, StringRef OriginalName,
                              StringRef GeneratedName, ArrayRef<unsigned> Marked) {
  // The input's own #line directives renumber its lines: the first pass writes them around the
  // member functions it moves out of their classes (OutOfLine.h); generated code naming other
  // files keeps its directives and gets no new ones.
  std::vector<StringRef> A = splitLines(Original);
  std::vector<bool> Directive;
  std::vector<std::string> Files;
  std::vector<unsigned> Presumed = presumedLines(A, OriginalName, Directive, Files);
  if (Presumed.empty() && !A.empty())
    return Generated.str();
  std::vector<unsigned> Map = mapLines(Original, Generated);
  std::vector<StringRef> B = splitLines(Generated);
  if (Map.empty() && !Marked.empty())
    Map.assign(B.size(), 0);
  if (Map.empty())
    return Generated.str();
  for (size_t J = 0; J < Map.size() && J < Marked.size(); ++J)
    if (Marked[J] && Marked[J] <= Presumed.size() && !Directive[Marked[J] - 1])
      Map[J] = Marked[J];
  std::string OrigQ = "\"" + text::cstring(OriginalName) + "\"";
  std::string GenQ = "\"" + text::cstring(GeneratedName) + "\"";
  std::string Out;
  Out.reserve(Generated.size() + Generated.size() / 8);
  // The file the compiler assigns to the next line ("" for the generated file's own lines,
  // else the quoted name), and its line number.
  std::string PresumedFile;
  unsigned PresumedLine = 1;
  unsigned Phys = 1;          // the next line's number in the output
  bool Continued = false;     // the previous line ends with a backslash
  for (size_t J = 0; J < B.size(); ++J) {
    if (Map[J] && Directive[Map[J] - 1] && !Continued)
      continue; // the input's own #line: replaced by ours
    unsigned From = Map[J] ? Presumed[Map[J] - 1] : 0;
    std::string WantFile;
    if (From != 0)
      WantFile = Files[Map[J] - 1].empty()
                     ? OrigQ
                     : "\"" + Files[Map[J] - 1] + "\"";
    unsigned WantLine = From != 0 ? From : Phys;
    if ((WantFile != PresumedFile || WantLine != PresumedLine) && !Continued) {
      if (WantFile.empty())
        WantLine = Phys + 1; // the directive takes a line
      Out += "#line " + std::to_string(WantLine) + " " + (WantFile.empty() ? GenQ : WantFile) +
             "\n";
      ++Phys;
      PresumedFile = WantFile;
      PresumedLine = WantLine;
    }
    Out += B[J];
    if (J + 1 < B.size() || Generated.ends_with("\n"))
      Out += "\n";
    Continued = B[J].ends_with("\\");
    ++Phys;
    ++PresumedLine;
  }
  return Out;
}

std::string dropFirstPassDirectives(StringRef Generated) {
  std::string Out;
  Out.reserve(Generated.size());
  while (!Generated.empty()) {
    auto [Line, Rest] = Generated.split('\n');
    if (!(Line.starts_with("#line ") && Line.contains(FirstPassMark))) {
      Out += Line;
      if (Rest.data() != Line.data() + Line.size() || Generated.size() > Line.size())
        Out += "\n";
    }
    Generated = Rest;
  }
  return Out;
}

} // namespace omp2cu::lines
