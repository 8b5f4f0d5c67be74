//===- SourceText.h - Source ranges and text of AST nodes -------*- C++ -*-===//
//
// Part of omp2cu. Small helpers that turn AST nodes into the exact text the
// user wrote, find the full extent of a directive and its statement, and print
// types as CUDA C++.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_SUPPORT_SOURCETEXT_H
#define OMP2CU_TRANSLATOR_SUPPORT_SOURCETEXT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <string>
#include <vector>

namespace omp2cu::text {

/// The text of \p R as written (a token range), or "" for macro locations.
std::string get(const clang::ASTContext &Ctx, clang::SourceRange R);
/// The text of an expression, parenthesized when it is not a primary.
std::string expr(const clang::ASTContext &Ctx, const clang::Expr *E);
/// The character range of a directive together with its associated
/// statement: from the `#` of `#pragma` to the end of the statement,
/// including a trailing `;`.
clang::CharSourceRange directiveWithStmt(const clang::ASTContext &Ctx,
                                         const clang::Stmt *Directive,
                                         const clang::Stmt *Assoc);
/// The character range of a statement, including a trailing `;`.
clang::CharSourceRange stmtRange(const clang::ASTContext &Ctx,
                                 const clang::Stmt *S);
/// The pragma text after `#pragma omp `, whitespace collapsed.
std::string directiveText(const clang::ASTContext &Ctx,
                          const clang::Stmt *Directive);
/// Prints \p T as CUDA C++, declaring \p Name (e.g. "double (*A)[8]").
std::string declare(const clang::ASTContext &Ctx, clang::QualType T,
                    const std::string &Name);
/// Prints \p T as CUDA C++.
std::string type(const clang::ASTContext &Ctx, clang::QualType T);
/// The type of the value of \p E, whose text in the output is \p Text: its unqualified type, or
/// for an expression of a template whose type Clang leaves undetermined (`p[i]` with a dependent
/// `p`), `std::remove_cv_t<std::remove_reference_t<decltype(Text)>>`.
std::string valueType(const clang::ASTContext &Ctx, const clang::Expr *E, llvm::StringRef Text);
/// The indentation (spaces/tabs) of the line holding \p Loc.
std::string indentOf(const clang::SourceManager &SM, clang::SourceLocation Loc);
/// How host code names variable \p V: its name, qualified from the global
/// namespace for a variable of a namespace or class ("::ns::x"), so that code
/// written elsewhere (a launch in another namespace) finds it.
std::string varRef(const clang::VarDecl *V);
/// \p D's qualified name as code names it: "ns::Outer::Inner", without "(anonymous namespace)".
std::string qualifiedName(const clang::NamedDecl *D);
/// The text of \p R with the edits of \p RW, as Rewriter::getRewrittenText
/// gives it (insertions at both ends included), in time proportional to the
/// number of edit pieces before \p R and the length of the text, where
/// Rewriter::getRewrittenText walks the file up to \p R character by
/// character (that made translation quadratic in the number of regions).
std::string rewritten(const clang::Rewriter &RW, clang::CharSourceRange R);
/// The line of \p L (of its expansion) as the user wrote it: the presumed line, which `#line`
/// directives set (the first pass writes them around member functions it moves, OutOfLine.h).
unsigned line(const clang::SourceManager &SM, clang::SourceLocation L);
/// The name of the file of \p L (of its expansion), without directories, as `#line` sets it.
std::string fileName(const clang::SourceManager &SM, clang::SourceLocation L);
/// \p S with each identifier that is one of \p Names prefixed with \p Prefix (outside string
/// and character literals).
std::string renamedWords(llvm::StringRef S, const std::vector<std::string> &Names,
                         llvm::StringRef Prefix);
/// Escapes text for a C string literal.
std::string cstring(llvm::StringRef S);
/// Where text can be inserted before the token at \p L: \p L in a file, or where a macro
/// argument that holds the token is written. Invalid in a macro's definition, where an edit
/// would change every use of the macro.
clang::SourceLocation editableLoc(const clang::SourceManager &SM, clang::SourceLocation L);
/// The error for a call of \p Callee (the OpenMP API) where editableLoc() finds no place.
std::string uneditableCall(llvm::StringRef Callee);
/// The offset of the start of the line of \p Text that holds offset \p Off.
unsigned lineStart(llvm::StringRef Text, unsigned Off);
/// The offset just after the end of the logical line of \p Text that holds \p Off (its `\n`
/// included; lines continued with a backslash are one line).
unsigned lineEnd(llvm::StringRef Text, unsigned Off);
/// Whether \p S holds only white space and comments.
bool blank(llvm::StringRef S);
/// Whether the source line holds only white space and comments from \p L (the end of a
/// character range) on.
bool restOfLineBlank(const clang::SourceManager &SM, clang::SourceLocation L);
/// Whether \p Line is an OpenMP directive line (`#pragma omp ...`, spaces allowed around `#`);
/// then \p Rest is the text after `omp`, leading spaces removed.
bool ompDirectiveLine(llvm::StringRef Line, llvm::StringRef &Rest);
/// Whether \p Rest (a directive's text after `omp`) starts with the directive name \p Words
/// (`{"begin", "declare", "variant"}`), white space and backslash-newlines between them.
bool directiveNamed(llvm::StringRef Rest, llvm::ArrayRef<llvm::StringRef> Words);

} // namespace omp2cu::text

#endif // OMP2CU_TRANSLATOR_SUPPORT_SOURCETEXT_H
