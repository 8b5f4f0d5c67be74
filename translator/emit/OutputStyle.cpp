//===- OutputStyle.cpp - The output formatted in the input's style -------===//
//
// Part of omp2cu. See OutputStyle.h.
//
//===----------------------------------------------------------------------===//
#include "emit/OutputStyle.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <unordered_map>

#include <algorithm>

using namespace clang;

namespace omp2cu::style {

namespace {
// Two control characters that C and C++ source does not hold outside literals, and that no
// emitter writes otherwise; strip() removes every one before the text leaves the translator.
constexpr char Open = '\x0e';
constexpr char Close = '\x0f';

/// The offsets at which the lines of \p Text start.
std::vector<unsigned> lineStarts(llvm::StringRef Text) {
  std::vector<unsigned> Starts{0};
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n' && I + 1 < Text.size())
      Starts.push_back(static_cast<unsigned>(I + 1));
  return Starts;
}
std::vector<llvm::StringRef> splitLines(llvm::StringRef Text) {
  std::vector<llvm::StringRef> Lines;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Lines.push_back(Line);
    Text = Rest;
  }
  return Lines;
}

/// The parentheses and brackets that \p Line opens and leaves open (negative: closes more than it
/// opens), outside comments and literals; \p InComment carries a block comment across lines.
int openBrackets(llvm::StringRef Line, bool &InComment) {
  int Open = 0;
  for (size_t I = 0; I < Line.size(); ++I) {
    char C = Line[I];
    if (InComment) {
      if (C == '*' && I + 1 < Line.size() && Line[I + 1] == '/')
        InComment = false, ++I;
      continue;
    }
    if (C == '/' && I + 1 < Line.size() && Line[I + 1] == '/')
      break;
    if (C == '/' && I + 1 < Line.size() && Line[I + 1] == '*') {
      InComment = true, ++I;
      continue;
    }
    if (C == '"' || C == '\'') {
      for (++I; I < Line.size() && Line[I] != C; ++I)
        if (Line[I] == '\\')
          ++I;
      continue;
    }
    if (C == '(' || C == '[')
      ++Open;
    else if (C == ')' || C == ']')
      --Open;
  }
  return Open;
}

/// Patience diff: marks in \p Kept the lines of B[B0, B1) equal to lines of A[A0, A1) in a common
/// subsequence anchored on the lines that occur once in each; between anchors, the same again,
/// and where no line is unique, the equal lines at the start and the end of the gap.
void patience(const std::vector<unsigned> &A, const std::vector<unsigned> &B, size_t A0,
              size_t A1, size_t B0, size_t B1, std::vector<bool> &Kept, unsigned Depth = 0) {
  while (A0 < A1 && B0 < B1 && A[A0] == B[B0])
    Kept[B0++] = true, ++A0;
  while (A0 < A1 && B0 < B1 && A[A1 - 1] == B[B1 - 1])
    Kept[--B1] = true, --A1;
  if (A0 == A1 || B0 == B1 || Depth > 64)
    return;
  // Lines unique in both ranges, in A's order, with their place in B.
  std::unordered_map<unsigned, std::pair<int, size_t>> CountA, CountB; // id -> (count, index)
  for (size_t I = A0; I < A1; ++I) {
    auto &E = CountA[A[I]];
    E.first++, E.second = I;
  }
  for (size_t J = B0; J < B1; ++J) {
    auto &E = CountB[B[J]];
    E.first++, E.second = J;
  }
  std::vector<std::pair<size_t, size_t>> Unique; // (i, j)
  for (size_t I = A0; I < A1; ++I) {
    auto EA = CountA.find(A[I]);
    auto EB = CountB.find(A[I]);
    if (EA->second.first == 1 && EB != CountB.end() && EB->second.first == 1)
      Unique.push_back({I, EB->second.second});
  }
  if (Unique.empty())
    return;
  // The longest run of them increasing in B too (patience sorting).
  std::vector<size_t> Tops, Prev(Unique.size(), SIZE_MAX);
  for (size_t K = 0; K < Unique.size(); ++K) {
    size_t Pos = std::lower_bound(Tops.begin(), Tops.end(), K,
                                  [&](size_t T, size_t) {
                                    return Unique[T].second < Unique[K].second;
                                  }) -
                 Tops.begin();
    if (Pos > 0)
      Prev[K] = Tops[Pos - 1];
    if (Pos == Tops.size())
      Tops.push_back(K);
    else
      Tops[Pos] = K;
  }
  std::vector<std::pair<size_t, size_t>> Anchors;
  for (size_t K = Tops.back(); K != SIZE_MAX; K = Prev[K])
    Anchors.push_back(Unique[K]);
  std::reverse(Anchors.begin(), Anchors.end());
  size_t PA = A0, PB = B0;
  for (auto [I, J] : Anchors) {
    patience(A, B, PA, I, PB, J, Kept, Depth + 1);
    Kept[J] = true;
    PA = I + 1, PB = J + 1;
  }
  patience(A, B, PA, A1, PB, B1, Kept, Depth + 1);
}
} // namespace

std::vector<tooling::Range> changedLines(llvm::StringRef Original, llvm::StringRef Generated) {
  std::vector<llvm::StringRef> LA = splitLines(Original), LB = splitLines(Generated);
  llvm::StringMap<unsigned> Ids;
  auto Intern = [&](const std::vector<llvm::StringRef> &L) {
    std::vector<unsigned> Out;
    Out.reserve(L.size());
    for (llvm::StringRef S : L)
      Out.push_back(Ids.try_emplace(S, Ids.size()).first->second);
    return Out;
  };
  std::vector<unsigned> A = Intern(LA), B = Intern(LB);
  std::vector<bool> Kept(B.size(), false);
  patience(A, B, 0, A.size(), 0, B.size(), Kept);
  std::vector<size_t> Start(LB.size() + 1, 0);
  for (size_t J = 0; J < LB.size(); ++J)
    Start[J + 1] = Start[J] + LB[J].size() + 1;
  // Runs of changed lines, without the blank lines they start with (which belong to the user's
  // line before them as much as to the change); blank lines at their ends are theirs (the lines
  // of a member function moved out of its class, which libFormat then drops).
  std::vector<tooling::Range> Ranges;
  for (size_t J = 0; J < LB.size();) {
    if (Kept[J]) {
      ++J;
      continue;
    }
    size_t E = J;
    while (E < LB.size() && !Kept[E])
      ++E;
    size_t First = J, Last = E;
    while (First < Last && LB[First].trim().empty())
      ++First;
    if (First == Last) {
      J = E;
      continue;
    }
    // A statement that the change leaves open goes on to where its parentheses close: libFormat
    // formats it whole (`omp2cu::f(a,` edited, `b);` as it was).
    bool InComment = false;
    int Open = 0;
    for (size_t K = First; K < Last; ++K)
      Open += openBrackets(LB[K], InComment);
    for (size_t More = 0; Open > 0 && Last < LB.size() && More < 64; ++More)
      Open += openBrackets(LB[Last++], InComment);
    Ranges.emplace_back(Start[First], Start[Last - 1] + LB[Last - 1].size() - Start[First]);
    J = std::max(E, Last);
  }
  return Ranges;
}

std::vector<tooling::Range> unite(llvm::ArrayRef<tooling::Range> A,
                                  llvm::ArrayRef<tooling::Range> B) {
  std::vector<tooling::Range> All(A.begin(), A.end());
  All.insert(All.end(), B.begin(), B.end());
  llvm::sort(All, [](const tooling::Range &X, const tooling::Range &Y) {
    return X.getOffset() < Y.getOffset();
  });
  std::vector<tooling::Range> Out;
  for (const tooling::Range &R : All) {
    if (!Out.empty() && Out.back().getOffset() + Out.back().getLength() >= R.getOffset()) {
      unsigned End = std::max(Out.back().getOffset() + Out.back().getLength(),
                              R.getOffset() + R.getLength());
      Out.back() = tooling::Range(Out.back().getOffset(), End - Out.back().getOffset());
      continue;
    }
    Out.push_back(R);
  }
  return Out;
}

std::string generated(llvm::StringRef Text) {
  std::string Out;
  Out.reserve(Text.size() + 2);
  Out += Open;
  Out += Text;
  Out += Close;
  return Out;
}

std::vector<tooling::Range> strip(std::string &Text) {
  std::vector<std::pair<size_t, size_t>> Spans; // [begin, end) in the stripped text
  std::string Out;
  Out.reserve(Text.size());
  unsigned Depth = 0;
  size_t Begin = 0;
  for (char C : Text) {
    if (C == Open) {
      if (Depth++ == 0)
        Begin = Out.size();
    } else if (C == Close) {
      if (Depth > 0 && --Depth == 0)
        Spans.push_back({Begin, Out.size()});
    } else {
      Out += C;
    }
  }
  if (Depth > 0)
    Spans.push_back({Begin, Out.size()});
  Text = std::move(Out);
  std::vector<tooling::Range> Ranges;
  for (auto [B, E] : Spans) {
    // Leading blank lines and the line break before the text, and the trailing white space:
    // the user's lines around the insertion stay as they are.
    size_t First = B;
    while (First < E && (Text[First] == ' ' || Text[First] == '\t' || Text[First] == '\n'))
      ++First;
    size_t Break = Text.rfind('\n', First);
    if (Break != std::string::npos && Break >= B && Break < First)
      B = Break + 1;
    while (E > B && (Text[E - 1] == ' ' || Text[E - 1] == '\t' || Text[E - 1] == '\n'))
      --E;
    if (E <= B)
      continue;
    if (!Ranges.empty() && Ranges.back().getOffset() + Ranges.back().getLength() >= B) {
      unsigned Off = Ranges.back().getOffset();
      unsigned End = std::max<unsigned>(Off + Ranges.back().getLength(), E);
      Ranges.back() = tooling::Range(Off, End - Off);
      continue;
    }
    Ranges.emplace_back(static_cast<unsigned>(B), static_cast<unsigned>(E - B));
  }
  return Ranges;
}

llvm::Expected<format::FormatStyle> styleFor(llvm::StringRef StyleName, llvm::StringRef InputFile,
                                             llvm::StringRef Code) {
  if (StyleName.equals_insensitive("none")) {
    format::FormatStyle S = format::getNoStyle();
    S.Language = format::FormatStyle::LK_Cpp;
    return S;
  }
  llvm::Expected<format::FormatStyle> S =
      format::getStyle(StyleName.empty() ? "file" : StyleName, InputFile, "LLVM", Code);
  if (S && S->Language != format::FormatStyle::LK_Cpp)
    S->Language = format::FormatStyle::LK_Cpp;
  return S;
}

namespace {

/// The offsets at which \p Text may be cut into pieces that libFormat formats alone, as it would
/// format them in the whole text: the starts of lines outside every brace, parenthesis, comment,
/// literal and preprocessor conditional (code there is at the top level). Only 0 where a raw
/// string literal may hide a line break.
std::vector<unsigned> cutPoints(llvm::StringRef Text) {
  std::vector<unsigned> Cuts{0};
  int Depth = 0, Conditionals = 0;
  bool LineStart = true;
  for (size_t I = 0; I < Text.size();) {
    char C = Text[I];
    if (LineStart) {
      size_t J = I;
      while (J < Text.size() && (Text[J] == ' ' || Text[J] == '\t'))
        ++J;
      if (J < Text.size() && Text[J] == '#') { // a preprocessor line, with its continuations
        llvm::StringRef Name = Text.substr(J + 1).ltrim(" \t");
        if (Name.starts_with("if"))
          ++Conditionals;
        else if (Name.starts_with("endif"))
          --Conditionals;
        for (I = J; I < Text.size() && !(Text[I] == '\n' && Text[I - 1] != '\\'); ++I)
          ;
        if (I < Text.size())
          ++I;
        if (Depth == 0 && Conditionals == 0 && I < Text.size())
          Cuts.push_back(static_cast<unsigned>(I));
        continue;
      }
      LineStart = false;
    }
    if (C == '/' && I + 1 < Text.size() && Text[I + 1] == '/') {
      I = Text.find('\n', I);
      if (I == llvm::StringRef::npos)
        break;
      continue; // the line break ends the line below
    }
    if (C == '/' && I + 1 < Text.size() && Text[I + 1] == '*') {
      size_t End = Text.find("*/", I + 2);
      I = End == llvm::StringRef::npos ? Text.size() : End + 2;
      continue;
    }
    if (C == 'R' && I + 1 < Text.size() && Text[I + 1] == '"')
      return {0};
    if (C == '"' || C == '\'') {
      for (++I; I < Text.size() && Text[I] != C && Text[I] != '\n'; ++I)
        if (Text[I] == '\\')
          ++I;
      ++I;
      continue;
    }
    if (C == '{' || C == '(' || C == '[')
      ++Depth;
    else if (C == '}' || C == ')' || C == ']')
      --Depth;
    ++I;
    if (C == '\n') {
      LineStart = true;
      if (Depth == 0 && Conditionals == 0 && I < Text.size())
        Cuts.push_back(static_cast<unsigned>(I));
    }
  }
  return Cuts;
}

} // namespace

bool format(std::string &Text, llvm::ArrayRef<tooling::Range> Ranges,
            const format::FormatStyle &Style, llvm::StringRef FileName,
            std::vector<unsigned> &LineMap, std::string &Error) {
  if (Style.DisableFormat || Ranges.empty())
    return true;
  // Pieces of the text that hold ranges are formatted alone (libFormat compares every line with
  // every range: one call for the whole text takes time quadratic in the regions).
  const std::vector<unsigned> Cuts = cutPoints(Text);
  auto CutBefore = [&](unsigned Off) {
    return *(std::upper_bound(Cuts.begin(), Cuts.end(), Off) - 1);
  };
  auto CutAfter = [&](unsigned Off) {
    auto It = std::upper_bound(Cuts.begin(), Cuts.end(), Off);
    return It == Cuts.end() ? static_cast<unsigned>(Text.size()) : *It;
  };
  // Only the changes inside the ranges: libFormat also reflows a comment that follows a
  // formatted line ending in one, and re-indents a line whose white space a range reaches; the
  // user's lines stay as they are. A change of the white space before a range's first token
  // is the range's own (its indentation). Nor in the `#line` directives of the first pass,
  // whose comments the last steps read.
  auto InLineDirective = [&](unsigned Off) { // before the line break of a `#line` line
    if (Off >= Text.size() || Text[Off] == '\n')
      return false;
    size_t Break = Off == 0 ? std::string::npos : Text.rfind('\n', Off - 1);
    size_t Start = Break == std::string::npos ? 0 : Break + 1;
    return llvm::StringRef(Text).substr(Start).ltrim(" \t").starts_with("#line ");
  };
  tooling::Replacements R;
  for (size_t First = 0; First < Ranges.size();) {
    const unsigned Begin = CutBefore(Ranges[First].getOffset());
    unsigned End = CutAfter(Ranges[First].getOffset() + Ranges[First].getLength());
    size_t Last = First + 1;
    // Up to 16 ranges a call, where pieces of their own would not hold more (each call sets
    // up a lexer and parses its text again).
    while (Last < Ranges.size() && (Ranges[Last].getOffset() < End || Last - First < 16))
      End = std::max(End, CutAfter(Ranges[Last].getOffset() + Ranges[Last].getLength())), ++Last;
    llvm::ArrayRef<tooling::Range> Mine = Ranges.slice(First, Last - First);
    First = Last;
    // libFormat formats a line when a range touches its first token or the white space before
    // it, ends included: a range that ends where the next line's white space starts would
    // format that line too. Each range gives up its last character (its last token still
    // touches it).
    std::vector<tooling::Range> Inner;
    for (const tooling::Range &Rg : Mine)
      if (Rg.getLength() > 1)
        Inner.emplace_back(Rg.getOffset() - Begin, Rg.getLength() - 1);
    format::FormattingAttemptStatus Status;
    tooling::Replacements All = format::reformat(
        Style, llvm::StringRef(Text).slice(Begin, End), Inner, FileName, &Status);
    if (!Status.FormatComplete) {
      Error = "libFormat could not format the generated code (line " +
              std::to_string(llvm::StringRef(Text).take_front(Begin).count('\n') + Status.Line) +
              ")";
      return false;
    }
    for (const tooling::Replacement &Local : All) {
      const unsigned B = Begin + Local.getOffset(), E = B + Local.getLength();
      if (InLineDirective(B))
        continue;
      const tooling::Range *Own = nullptr;
      for (const tooling::Range &Rg : Mine)
        if (B < Rg.getOffset() + Rg.getLength() && E >= Rg.getOffset())
          Own = &Rg;
      if (!Own)
        continue;
      // A change of the white space after a range's last token keeps the indentation of the
      // user's line that follows (and its line break: no line is joined to it).
      std::string New = Local.getReplacementText().str();
      if (E > Own->getOffset() + Own->getLength()) {
        llvm::StringRef Old = llvm::StringRef(Text).slice(B, E);
        size_t OldBreak = Old.rfind('\n'), NewBreak = New.rfind('\n');
        if (OldBreak == llvm::StringRef::npos || NewBreak == std::string::npos)
          continue;
        New = New.substr(0, NewBreak + 1) + Old.drop_front(OldBreak + 1).str();
        if (New == Old)
          continue;
      }
      if (llvm::Error Err = R.add(tooling::Replacement(FileName, B, E - B, New))) {
        Error = llvm::toString(std::move(Err));
        return false;
      }
    }
  }
  llvm::Expected<std::string> New = tooling::applyAllReplacements(Text, R);
  if (!New) {
    Error = llvm::toString(New.takeError());
    return false;
  }
  if (!LineMap.empty()) {
    // Where formatting put the first character of each old line (one sweep over the sorted
    // replacements); a new line takes the entry of the last old line that starts on it or
    // before it.
    std::vector<unsigned> Old = lineStarts(Text), Starts = lineStarts(*New);
    std::vector<size_t> NewLine(Old.size());
    auto It = R.begin();
    long Shift = 0;
    for (size_t K = 0; K < Old.size(); ++K) {
      const unsigned O = Old[K];
      while (It != R.end() && It->getOffset() + It->getLength() <= O) {
        Shift += static_cast<long>(It->getReplacementText().size()) - It->getLength();
        ++It;
      }
      long At = static_cast<long>(O) + Shift;
      if (It != R.end() && It->getOffset() < O) // inside a replaced stretch of white space
        At = It->getOffset() + Shift +
             std::min<long>(O - It->getOffset(), It->getReplacementText().size());
      NewLine[K] = std::upper_bound(Starts.begin(), Starts.end(), static_cast<unsigned>(At)) -
                   Starts.begin() - 1;
    }
    std::vector<unsigned> Map(Starts.size(), 0);
    for (size_t J = 0, K = 0; J < Starts.size(); ++J) {
      while (K + 1 < Old.size() && NewLine[K + 1] <= J)
        ++K;
      Map[J] = K < LineMap.size() ? LineMap[K] : 0;
    }
    LineMap = std::move(Map);
  }
  Text = std::move(*New);
  return true;
}

} // namespace omp2cu::style
