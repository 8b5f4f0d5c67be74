//===- DeclareVariant.cpp - Blocks of `begin declare variant` -------------===//
#include "frontend/DeclareVariant.h"

#include "support/SourceText.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"

using namespace clang;

namespace omp2cu::pp {
namespace {

class Recorder : public PPCallbacks {
public:
  Recorder(const SourceManager &SM, std::vector<SourceLocation> &Out) : SM(SM), Out(Out) {}

  void PragmaDirective(SourceLocation Loc, PragmaIntroducerKind Kind) override {
    SourceLocation Spelled = SM.getSpellingLoc(Loc);
    if (Spelled.isInvalid() || SM.isInSystemHeader(Spelled))
      return;
    bool Invalid = false;
    StringRef Buf = SM.getBufferData(SM.getFileID(Spelled), &Invalid);
    if (Invalid)
      return;
    unsigned Off = SM.getFileOffset(Spelled);
    StringRef Line = Buf.slice(Off, text::lineEnd(Buf, Off));
    StringRef Rest;
    if (Kind == PIK_HashPragma) {
      if (!text::ompDirectiveLine(Buf.slice(text::lineStart(Buf, Off), Line.end() - Buf.data()),
                                  Rest))
        return;
    } else { // _Pragma("omp ...") or __pragma(omp ...)
      size_t Open = Line.find('(');
      if (Open == StringRef::npos)
        return;
      Rest = Line.drop_front(Open + 1).ltrim().ltrim("\"L").ltrim();
      if (!Rest.consume_front("omp"))
        return;
    }
    if (text::directiveNamed(Rest, {"begin", "declare", "variant"}))
      Out.push_back(Loc);
  }

private:
  const SourceManager &SM;
  std::vector<SourceLocation> &Out;
};

} // namespace

void recordBeginDeclareVariant(Preprocessor &PP, std::vector<SourceLocation> &Out) {
  PP.addPPCallbacks(std::make_unique<Recorder>(PP.getSourceManager(), Out));
}

const char *beginDeclareVariantMessage() {
  return "'#pragma omp begin declare variant' is not supported yet in a file that offloads: "
         "clang selects the functions of the block for the host, and the kernels would "
         "call the host's choice (write the device's version without the block, or call it "
         "from the target region by its own name)";
}

} // namespace omp2cu::pp
