//===- OutOfLine.h - Member functions moved out of their class --*- C++ -*-===//
//
// Part of omp2cu. A target region's kernel is a function at namespace scope, defined before the
// function that launches it; a member function defined inside its class has no such place. The
// first pass (ThisCapture.h) therefore moves such a member function out of its class: the class
// keeps the declaration (default arguments, `virtual`, `static`, `override` stay there), and the
// definition follows the outermost enclosing class as `inline auto Outer::Inner::f(...) const ->
// R { ... }`, where names are looked up in the class as before. `#line` directives around the
// moved definition keep every diagnostic, kernel name and run-time message on the line the user
// wrote; the body's place in the class keeps its lines as blank ones, so nothing else moves.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_FRONTEND_OUTOFLINE_H
#define OMP2CU_TRANSLATOR_FRONTEND_OUTOFLINE_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <utility>

namespace clang {
class ASTContext;
class CXXMethodDecl;
class SourceLocation;
class SourceManager;
} // namespace clang

namespace omp2cu::outofline {

/// Edits of the main file by offset: the length of text replaced there and the new text.
using Edits = std::map<unsigned, std::pair<unsigned, std::string>>;

/// The definitions moved after one class, and the `#line` that numbers the lines after them.
struct Moved {
  std::string Definitions;
  std::string Restore;
};
/// Moved definitions by the offset where they go.
using Insertions = std::map<unsigned, Moved>;

/// The text of [\p Begin, \p End) of \p In with the edits that lie in it applied (an edit that
/// starts inside an earlier replacement is dropped).
std::string applied(llvm::StringRef In, const Edits &E, unsigned Begin, unsigned End);

/// The main file's text with \p E applied; empty when \p E is (a pass with nothing to do).
std::string mainFileWith(const clang::SourceManager &SM, const Edits &E);

/// The line breaks of \p S: what keeps the lines after a removed text where they were.
std::string lineBreaks(llvm::StringRef S);

/// `#line N "file" // omp2cu: Why` for the presumed position of \p L: around text that a first
/// pass moves, so that diagnostics and kernel names keep the lines the user wrote.
std::string lineDirective(const clang::SourceManager &SM, clang::SourceLocation L,
                          const std::string &Why);

/// Whether \p M is defined inside its class.
bool definedInClass(const clang::CXXMethodDecl *M);

/// Adds to \p E what moves \p M, defined inside its class, after the outermost enclosing class:
/// its body (and constructor initializers) become a `;` and blank lines, and the definition,
/// with the edits already in \p E for its text applied, is added to \p After where it goes. Reports an error and returns false where the move is not possible (a local
/// class, a member template, a return type written in a macro).
bool move(clang::ASTContext &Ctx, const clang::CXXMethodDecl *M, Edits &E, Insertions &After);

} // namespace omp2cu::outofline

#endif // OMP2CU_TRANSLATOR_FRONTEND_OUTOFLINE_H
