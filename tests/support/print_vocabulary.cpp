//===- print_vocabulary.cpp - The OpenMP vocabulary of omp2cu's front end -===//
//
// Part of omp2cu. Prints, one JSON object per line, every directive and clause that the front end
// omp2cu translates with (Clang 19's OpenMP parser, llvm/Frontend/OpenMP/OMP.td) knows, and for
// each directive the clauses that OpenMP version VERSION (default 52) allows on it:
//   {"directive": "target teams", "association": "block", "category": "executable",
//    "leaves": ["target", "teams"], "clauses": ["if", "map", ...]}
// gen_support.py probes the translator with every pair (docs/support.md).
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/StringRef.h"
#include "llvm/Frontend/OpenMP/OMP.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;
using namespace llvm::omp;

namespace {
StringRef association(Association A) {
  switch (A) {
  case Association::Block: return "block";
  case Association::Declaration: return "declaration";
  case Association::Delimited: return "delimited";
  case Association::Loop: return "loop";
  case Association::None: return "none";
  case Association::Separating: return "separating";
  }
  return "?";
}

StringRef category(Category C) {
  switch (C) {
  case Category::Declarative: return "declarative";
  case Category::Executable: return "executable";
  case Category::Informational: return "informational";
  case Category::Meta: return "meta";
  case Category::Subsidiary: return "subsidiary";
  case Category::Utility: return "utility";
  }
  return "?";
}
} // namespace

int main(int argc, char **argv) {
  const unsigned Version = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 52;
  raw_ostream &OS = outs();
  for (size_t I = 0; I < Directive_enumSize; ++I) {
    const auto D = static_cast<Directive>(I);
    if (D == OMPD_unknown)
      continue;
    OS << "{\"directive\": \"" << getOpenMPDirectiveName(D) << "\", \"association\": \""
       << association(getDirectiveAssociation(D)) << "\", \"category\": \""
       << category(getDirectiveCategory(D)) << "\", \"leaves\": [";
    const char *Sep = "";
    for (Directive L : getLeafConstructsOrSelf(D)) {
      OS << Sep << '"' << getOpenMPDirectiveName(L) << '"';
      Sep = ", ";
    }
    OS << "], \"clauses\": [";
    Sep = "";
    for (size_t J = 0; J < Clause_enumSize; ++J) {
      const auto C = static_cast<Clause>(J);
      if (C != OMPC_unknown && isAllowedClauseForDirective(D, C, Version)) {
        OS << Sep << '"' << getOpenMPClauseName(C) << '"';
        Sep = ", ";
      }
    }
    OS << "]}\n";
  }
  return 0;
}
