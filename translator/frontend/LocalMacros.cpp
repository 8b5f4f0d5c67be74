//===- LocalMacros.cpp - Macros a kernel must see --------------------------===//
#include "frontend/LocalMacros.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"

#include <map>
#include <set>

using namespace clang;

namespace omp2cu::pp {
namespace {

class Recorder : public PPCallbacks {
public:
  Recorder(Preprocessor &PP, MacroHistory &Out) : PP(PP), Out(Out) {}

  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    const MacroInfo *MI = MD->getMacroInfo();
    SourceLocation L = Name.getLocation();
    if (!MI || !L.isFileID() || !PP.getSourceManager().isWrittenInMainFile(L))
      return; // only definitions in the main file can lie between a kernel and its region
    Out.Events.push_back({MacroHistory::Event::Define, PP.getSpelling(Name), L, L,
                          definition(PP.getSpelling(Name), *MI)});
  }
  void MacroUndefined(const Token &Name, const MacroDefinition &MD,
                      const MacroDirective *) override {
    SourceLocation L = Name.getLocation();
    if (!MD || !L.isFileID() || !PP.getSourceManager().isWrittenInMainFile(L))
      return;
    Out.Events.push_back({MacroHistory::Event::Undef, PP.getSpelling(Name), L, {}, {}});
  }
  void MacroExpands(const Token &Name, const MacroDefinition &MD, SourceRange Range,
                    const MacroArgs *) override {
    const MacroInfo *MI = MD.getMacroInfo();
    if (!MI)
      return;
    const SourceManager &SM = PP.getSourceManager();
    SourceLocation L = SM.getExpansionLoc(Range.getBegin());
    if (!SM.isWrittenInMainFile(L))
      return;
    Out.Events.push_back(
        {MacroHistory::Event::Expand, PP.getSpelling(Name), L, MI->getDefinitionLoc(), {}});
  }

private:
  /// `NAME(params) body` as the definition is written (continuation lines joined).
  std::string definition(const std::string &Name, const MacroInfo &MI) const {
    const SourceManager &SM = PP.getSourceManager();
    std::string Text = Name;
    if (MI.isFunctionLike()) {
      Text += "(";
      bool First = true;
      for (const IdentifierInfo *P : MI.params()) {
        if (!First)
          Text += ", ";
        First = false;
        Text += P->getName() == "__VA_ARGS__" ? "..." : P->getName().str();
      }
      if (MI.isGNUVarargs())
        Text += "...";
      Text += ")";
    }
    if (MI.tokens_empty())
      return Text;
    SourceLocation B = MI.tokens_begin()->getLocation();
    SourceLocation E = Lexer::getLocForEndOfToken(MI.getDefinitionEndLoc(), 0, SM,
                                                  PP.getLangOpts());
    std::string Body = Lexer::getSourceText(CharSourceRange::getCharRange(B, E), SM,
                                            PP.getLangOpts())
                           .str();
    std::string Joined;
    for (size_t I = 0; I < Body.size(); ++I) {
      if (Body[I] == '\\' && I + 1 < Body.size() && (Body[I + 1] == '\n' || Body[I + 1] == '\r')) {
        while (I + 1 < Body.size() && (Body[I + 1] == '\n' || Body[I + 1] == '\r'))
          ++I;
        Joined += ' ';
        continue;
      }
      Joined += Body[I];
    }
    return Text + " " + Joined;
  }

  Preprocessor &PP;
  MacroHistory &Out;
};

} // namespace

void recordMacros(Preprocessor &PP, MacroHistory &Out) {
  PP.addPPCallbacks(std::make_unique<Recorder>(PP, Out));
}

MacroFrame macroFrame(const SourceManager &SM, const MacroHistory &H, SourceLocation At,
                      SourceRange Region) {
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(A, B);
  };
  // The names the region expands (with the definition it expanded), and those defined or
  // undefined in the main file between the kernel's place and the region.
  std::map<std::string, SourceLocation> Expanded;
  std::set<std::string> Changed;
  for (const MacroHistory::Event &E : H.Events) {
    if (E.K == MacroHistory::Event::Expand) {
      if (!Before(E.Loc, Region.getBegin()) && !Before(Region.getEnd(), E.Loc))
        Expanded.emplace(E.Name, E.DefinedAt);
    } else if (Before(At, E.Loc) && Before(E.Loc, Region.getBegin())) {
      Changed.insert(E.Name);
    }
  }
  MacroFrame F;
  for (const std::string &Name : Changed) {
    // The last #define or #undef of the name before the region: what the region sees.
    const MacroHistory::Event *Last = nullptr;
    for (const MacroHistory::Event &E : H.Events)
      if (E.K != MacroHistory::Event::Expand && E.Name == Name && Before(E.Loc, Region.getBegin()))
        Last = &E;
    if (!Last)
      continue;
    std::string Set;
    if (Last->K == MacroHistory::Event::Define) {
      auto It = Expanded.find(Name);
      if (It == Expanded.end())
        continue; // the region does not use it
      Set = "#define " + Last->Definition + "\n";
    }
    F.Before += "#pragma push_macro(\"" + Name + "\")\n#undef " + Name + "\n" + Set;
    F.After += "#pragma pop_macro(\"" + Name + "\")\n";
  }
  return F;
}

} // namespace omp2cu::pp
