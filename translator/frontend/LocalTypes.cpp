//===- LocalTypes.cpp - Structs of a function that its kernels use --------===//
//
// Part of omp2cu. See LocalTypes.h.
//
//===----------------------------------------------------------------------===//
#include "frontend/LocalTypes.h"
#include "support/SourceText.h"
#include "report/Diagnostics.h"
#include "frontend/OutOfLine.h"
#include "analysis/RegionAnalysis.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <map>
#include <set>

using namespace clang;

namespace omp2cu::localtypes {
namespace {

/// The outermost record that holds \p TD, or \p TD (a type nested in a record belongs to it).
const TagDecl *outermost(const TagDecl *TD) {
  while (const auto *P = dyn_cast<RecordDecl>(TD->getDeclContext()))
    TD = P;
  return TD;
}

/// The outermost type declared in a function that holds \p TD, or null.
const TagDecl *localTag(const TagDecl *TD) {
  if (!TD)
    return nullptr;
  TD = outermost(TD);
  return TD->getDeclContext()->isFunctionOrMethod() ? TD : nullptr;
}

/// The record or enum declared in a function that \p T names through typedefs, pointers,
/// references and arrays, or null.
const TagDecl *localTag(QualType T) { return localTag(analysis::namedTag(T)); }

/// The local records and enums that a target construct names: the types of its expressions
/// (variables, members, casts), the types it writes and the enumerators it names (of type int
/// in C), with where.
class Uses : public RecursiveASTVisitor<Uses> {
public:
  std::vector<std::pair<const TagDecl *, SourceLocation>> Found;
  bool VisitExpr(Expr *E) {
    add(E->getType(), E->getBeginLoc());
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
        if (const TagDecl *TD = localTag(cast<EnumDecl>(EC->getDeclContext())))
          Found.push_back({TD, E->getBeginLoc()});
    return true;
  }
  bool VisitTypeLoc(TypeLoc TL) {
    add(TL.getType(), TL.getBeginLoc());
    return true;
  }

private:
  void add(QualType T, SourceLocation L) {
    // A lambda's closure: the kernel defines the lambda again (analysis/LocalLambdas.h).
    if (const TagDecl *TD = localTag(T); TD && !isLambda(TD))
      Found.push_back({TD, L});
  }
  static bool isLambda(const TagDecl *TD) {
    const auto *RD = dyn_cast<CXXRecordDecl>(TD);
    return RD && RD->isLambda();
  }
};

/// \p Text with up to \p N leading blanks taken from each line after the first.
std::string dedent(llvm::StringRef Text, unsigned N) {
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  Text.split(Lines, '\n');
  std::string Out;
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef L = Lines[I];
    if (I > 0) {
      size_t K = 0;
      while (K < N && K < L.size() && (L[K] == ' ' || L[K] == '\t'))
        ++K;
      L = L.drop_front(K);
      Out += '\n';
    }
    Out += L.str();
  }
  return Out;
}

/// The declaration statement in \p S that declares \p D.
const DeclStmt *declStmtOf(const Stmt *S, const Decl *D) {
  if (!S)
    return nullptr;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *X : DS->decls())
      if (X == D)
        return DS;
  for (const Stmt *Ch : S->children())
    if (const DeclStmt *DS = declStmtOf(Ch, D))
      return DS;
  return nullptr;
}

/// One record or enum to move and how.
struct Move {
  const TagDecl *RD;
  const FunctionDecl *F;
  const DeclStmt *DS;
  enum Form { Whole, Typedefs, Variables } K = Whole;
  std::string Name; ///< the record's name: its own, or the one given to an anonymous one
};

class Hoister {
public:
  Hoister(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {
    for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
      global(D);
  }

  /// Adds \p RD, used at \p Use by a region of \p F, and the local types its members name.
  void add(const TagDecl *RD, const FunctionDecl *F, SourceLocation Use) {
    if (!Seen.insert(RD).second)
      return;
    const DeclStmt *DS = declStmtOf(F->getBody(), RD);
    std::string Why = check(RD, DS);
    Move M{RD, F, DS};
    if (Why.empty())
      Why = form(M);
    if (!Why.empty()) {
      fail(Use, RD, F, Why);
      return;
    }
    Moves.push_back(M);
    // The records, enums and typedefs its members name move too.
    if (const auto *Record = dyn_cast<RecordDecl>(RD))
      members(Record, F, Use);
  }

  bool ok() const { return Ok; }

  /// The text of the main file with the moves made; "" when there are none.
  std::string apply() {
    if (Moves.empty())
      return "";
    StringRef In = SM.getBufferData(SM.getMainFileID());
    outofline::Edits Names;
    if (!renames(Names)) {
      Ok = false;
      return "";
    }
    outofline::Edits E = Names;
    std::map<unsigned, std::string> Before; // by the offset of the function
    std::sort(Moves.begin(), Moves.end(), [&](const Move &A, const Move &B) {
      return SM.isBeforeInTranslationUnit(A.RD->getBeginLoc(), B.RD->getBeginLoc());
    });
    for (const Move &M : Moves) {
      const std::string Why = "moved before '" + M.F->getNameAsString() +
                              "', whose target regions use it";
      const unsigned RB = off(M.RD->getBeginLoc()), LB = off(M.RD->getBraceRange().getBegin()),
                     RE = off(M.RD->getBraceRange().getEnd()) + 1;
      std::string Text;
      if (M.K == Move::Variables) {
        // `struct S { ... } s;`: the definition moves, `struct S s;` stays.
        Text = StringRef(outofline::applied(In, Names, RB, LB)).rtrim().str();
        if (!M.RD->getIdentifier())
          Text += " " + M.Name;
        Text += " " + outofline::applied(In, Names, LB, RE) + ";";
        // Its lines stay, as blank ones after the declaration.
        unsigned After = RE; // and the blanks after its `}`
        while (After < In.size() && (In[After] == ' ' || In[After] == '\t'))
          ++After;
        E[LB] = {After - LB, M.RD->getIdentifier() ? "" : M.Name + " "};
        E[off(M.DS->getEndLoc()) + 1] = {0, outofline::lineBreaks(In.substr(LB, RE - LB))};
      } else {
        const unsigned DB = off(M.DS->getBeginLoc()), DE = off(M.DS->getEndLoc()) + 1;
        Text = outofline::applied(In, Names, DB, DE);
        E[DB] = {DE - DB, "/* omp2cu: " + Why + " */" + outofline::lineBreaks(Text)};
      }
      // Its lines lose the indentation of the function's body.
      const unsigned Indent = SM.getExpansionColumnNumber(
                                  M.K == Move::Variables ? M.RD->getBeginLoc()
                                                         : M.DS->getBeginLoc()) -
                              1;
      Text = dedent(Text, Indent);
      Before[off(functionBegin(M.F))] +=
          outofline::lineDirective(
              SM, M.K == Move::Variables ? M.RD->getBeginLoc() : M.DS->getBeginLoc(), Why) +
          Text + " // omp2cu: from function '" + M.F->getNameAsString() +
          "', whose target regions use it\n";
    }
    for (const auto &[At, Text] : Before) {
      const SourceLocation L = SM.getLocForStartOfFile(SM.getMainFileID()).getLocWithOffset(At);
      const bool LineStart = SM.getSpellingColumnNumber(L) == 1;
      E[At] = {0, (LineStart ? "" : "\n") + Text +
                      outofline::lineDirective(SM, L, "the function the types moved before")};
    }
    return outofline::applied(In, E, 0, In.size());
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  bool Ok = true;
  std::set<const TagDecl *> Seen;
  std::vector<Move> Moves;
  std::set<std::string> Names; ///< declared at namespace scope, or by a move
  /// Moved records, enums, their enumerators and typedefs whose names are taken: their new
  /// names, and their functions.
  std::map<const Decl *, std::pair<std::string, const FunctionDecl *>> Renamed;

  /// The edits that write the new names of Renamed types and enumerators where their functions
  /// name them (and where they are declared, in the argument of a macro too); false, with an
  /// error, where a name is written in a macro's definition.
  bool renames(outofline::Edits &E) {
    class Refs : public RecursiveASTVisitor<Refs> {
    public:
      std::vector<std::pair<const Decl *, SourceLocation>> Found;
      bool VisitDeclRefExpr(DeclRefExpr *DRE) {
        if (isa<EnumConstantDecl>(DRE->getDecl()))
          Found.push_back({DRE->getDecl(), DRE->getLocation()});
        return true;
      }
      bool VisitTagTypeLoc(TagTypeLoc TL) {
        Found.push_back({TL.getDecl()->getCanonicalDecl(), TL.getNameLoc()});
        return true;
      }
      bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
        Found.push_back({TL.getTypedefNameDecl()->getCanonicalDecl(), TL.getNameLoc()});
        return true;
      }
    };
    std::set<const FunctionDecl *> Functions;
    for (const auto &[D, To] : Renamed)
      Functions.insert(To.second);
    bool Good = true;
    auto Write = [&](const Decl *D, SourceLocation L) {
      const auto It = Renamed.find(D->getCanonicalDecl());
      if (It == Renamed.end())
        return;
      const auto *ND = cast<NamedDecl>(D);
      // A name in a macro's argument is written where the macro is used.
      const SourceLocation At = L.isMacroID() && SM.isMacroArgExpansion(L) ? SM.getSpellingLoc(L) : L;
      if (!At.isFileID() || !SM.isWrittenInMainFile(At)) {
        diag::error(Ctx.getDiagnostics(), L,
                    "'" + ND->getName().str() + "', " +
                        (isa<EnumConstantDecl>(ND) ? "an enumerator" : "a type") +
                        " of function '" + It->second.second->getNameAsString() +
                        "' that its target regions use, is named in a macro here: omp2cu cannot "
                        "give it the new name it needs before the function (its name is taken "
                        "at namespace scope); rename it");
        Good = false;
        return;
      }
      E[SM.getFileOffset(At)] = {static_cast<unsigned>(ND->getName().size()), It->second.first};
    };
    for (const FunctionDecl *F : Functions) {
      Refs R;
      R.TraverseStmt(F->getBody());
      for (const auto &[D, L] : R.Found)
        Write(D, L);
    }
    for (const auto &[D, To] : Renamed)
      for (const Decl *Redecl : D->redecls())
        if (SM.isBeforeInTranslationUnit(functionBegin(To.second), Redecl->getLocation()))
          Write(Redecl, Redecl->getLocation()); // the declarations in the function
    return Good;
  }

  void global(const Decl *D) {
    if (const auto *LS = dyn_cast<LinkageSpecDecl>(D)) {
      for (const Decl *X : LS->decls())
        global(X);
      return;
    }
    if (const auto *ND = dyn_cast<NamedDecl>(D); ND && ND->getIdentifier())
      Names.insert(ND->getName().str());
    // The enumerators of an unscoped enum are names at namespace scope too.
    if (const auto *ED = dyn_cast<EnumDecl>(D); ED && !ED->isScoped())
      for (const EnumConstantDecl *EC : ED->enumerators())
        Names.insert(EC->getName().str());
  }

  unsigned off(SourceLocation L) const { return SM.getFileOffset(SM.getExpansionLoc(L)); }

  SourceLocation functionBegin(const FunctionDecl *F) const {
    return SM.getExpansionLoc(F->getBeginLoc());
  }

  /// Whether the text from \p B to \p E is written in the main file, outside macros.
  bool written(SourceLocation B, SourceLocation E) const {
    return B.isValid() && E.isValid() && B.isFileID() && E.isFileID() &&
           SM.isWrittenInMainFile(B) && SM.isWrittenInMainFile(E);
  }

  /// "" when \p RD may move out of its function, else why not.
  std::string check(const TagDecl *RD, const DeclStmt *DS) {
    if (!RD->isCompleteDefinition())
      return "it is not defined there";
    if (!DS)
      return "it is not declared by a statement of the function's body";
    if (!written(RD->getBeginLoc(), RD->getBraceRange().getEnd()) ||
        !written(DS->getBeginLoc(), DS->getEndLoc()))
      return "it is written in a macro";
    if (const auto *ED = dyn_cast<EnumDecl>(RD)) {
      // `enum E : T`: T must not be the function's own typedef.
      if (const TypeSourceInfo *TI = ED->getIntegerTypeSourceInfo())
        if (const auto *TT = TI->getType()->getAs<TypedefType>();
            TT && TT->getDecl()->getDeclContext()->isFunctionOrMethod())
          return "its underlying type is a typedef of the function";
      return "";
    }
    return plain(cast<RecordDecl>(RD));
  }

  /// "" when \p RD (and each record nested in it) has members only: C++ member functions or
  /// base classes could name what the function declares.
  std::string plain(const RecordDecl *RD) {
    if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD)) {
      if (CRD->getNumBases() > 0)
        return "it has base classes";
      for (const CXXMethodDecl *M : CRD->methods())
        if (!M->isImplicit())
          return "it has member functions";
    }
    for (const Decl *D : RD->decls()) {
      if (D->isImplicit() || isa<FieldDecl>(D) || isa<IndirectFieldDecl>(D))
        continue;
      if (const auto *Inner = dyn_cast<RecordDecl>(D)) {
        if (std::string Why = plain(Inner); !Why.empty())
          return Why;
        continue;
      }
      return "it declares more than members";
    }
    return "";
  }

  /// Sets the form of \p M (and the name of an anonymous record declared with variables); ""
  /// or why the record cannot move.
  std::string form(Move &M) {
    bool Typedefs = false, Variables = false;
    for (const Decl *D : M.DS->decls()) {
      if (D == M.RD)
        continue;
      if (const auto *TD = dyn_cast<TypedefNameDecl>(D)) {
        Typedefs = true;
        name(TD, M.F);
      } else if (isa<VarDecl>(D)) {
        Variables = true;
      } else {
        return "its declaration declares more than it and variables or typedefs";
      }
    }
    M.K = Variables ? Move::Variables : Typedefs ? Move::Typedefs : Move::Whole;
    if (M.RD->getIdentifier()) {
      M.Name = name(M.RD, M.F);
    } else if (Variables) {
      const std::string Base = "omp2cu_" + M.F->getNameAsString() + "_L" +
                               std::to_string(SM.getExpansionLineNumber(M.RD->getBeginLoc()));
      M.Name = Base;
      for (unsigned K = 2; Names.count(M.Name); ++K)
        M.Name = Base + "_" + std::to_string(K);
      Names.insert(M.Name);
    }
    // The enumerators of an unscoped enum become names at namespace scope.
    if (const auto *ED = dyn_cast<EnumDecl>(M.RD); ED && !ED->isScoped())
      for (const EnumConstantDecl *EC : ED->enumerators())
        name(EC, M.F);
    return "";
  }

  /// The name \p D (a record, enum, enumerator or typedef of \p F) has at namespace scope: its own, unless a
  /// declaration there (or another moved type: functions declare their own `struct node`)
  /// has it; then `omp2cu_<F>_<name>`, written wherever the function names it.
  std::string name(const NamedDecl *D, const FunctionDecl *F) {
    std::string N = D->getName().str();
    if (Names.insert(N).second)
      return N;
    const std::string Base = "omp2cu_" + F->getNameAsString() + "_" + N;
    N = Base;
    for (unsigned K = 2; !Names.insert(N).second; ++K)
      N = Base + "_" + std::to_string(K);
    Renamed[D->getCanonicalDecl()] = {N, F};
    return N;
  }

  /// The local records, enums and typedefs that the members of \p RD name move with it; a member
  /// of another local type (a typedef of the function not declared with a moving record) stops
  /// the move.
  void members(const RecordDecl *RD, const FunctionDecl *F, SourceLocation Use) {
    for (const FieldDecl *FD : RD->fields()) {
      if (const RecordDecl *Inner = FD->getType()->getAsRecordDecl();
          Inner && Inner->getDeclContext() == RD) {
        members(Inner, F, Use); // a record declared in RD: moves with it
        continue;
      }
      // The type as written, through its typedefs, pointers and arrays.
      for (QualType U = FD->getType(); !U.isNull();) {
        const Type *Ty = U.getTypePtr();
        if (const auto *TT = dyn_cast<TypedefType>(Ty)) {
          const TypedefNameDecl *TD = TT->getDecl();
          if (TD->getDeclContext()->isFunctionOrMethod()) {
            // A typedef that moves with its record: `typedef struct { ... } vec;`.
            const TagDecl *Of = localTag(TD->getUnderlyingType());
            const DeclStmt *DS = Of ? declStmtOf(F->getBody(), TD) : nullptr;
            if (!Of || !DS || declStmtOf(F->getBody(), Of) != DS) {
              fail(Use, RD, F, "its member '" + FD->getName().str() + "' has the type '" +
                                   TD->getName().str() + "' of the function");
              return;
            }
            add(Of, F, Use);
          }
          U = TT->desugar();
        } else if (const auto *TT = dyn_cast<TagType>(Ty)) {
          if (const TagDecl *Other = localTag(QualType(TT, 0)); Other && Other != RD)
            add(Other, F, Use);
          break;
        } else if (const auto *PT = dyn_cast<PointerType>(Ty)) {
          U = PT->getPointeeType();
        } else if (const auto *AT = dyn_cast<ArrayType>(Ty)) {
          U = AT->getElementType();
        } else {
          QualType D = U.getSingleStepDesugaredType(Ctx);
          if (D == U)
            break;
          U = D;
        }
      }
    }
  }

  void fail(SourceLocation Use, const TagDecl *RD, const FunctionDecl *F,
            const std::string &Why) {
    Ok = false;
    std::string What = RD->getIdentifier() ? "'" + RD->getKindName().str() + " " +
                                                 RD->getName().str() + "'"
                                           : "the " + RD->getKindName().str() + " at line " +
                                                 std::to_string(SM.getExpansionLineNumber(
                                                     RD->getBeginLoc()));
    diag::error(Ctx.getDiagnostics(), Use,
                What + " is declared inside function '" + F->getNameAsString() +
                    "', and the kernel of the target region that uses it is a function outside "
                    "it; omp2cu moves such a type before the function, but not this one: " +
                    Why + " (declare the type at namespace scope)");
  }
};

} // namespace

bool hoist(ASTContext &Ctx,
           const std::vector<std::pair<const OMPExecutableDirective *, const FunctionDecl *>>
               &Regions,
           std::string &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  Hoister H(Ctx);
  for (const auto &[D, F] : Regions) {
    // Function templates and member functions: the analysis reports their local types.
    if (!F || F->isTemplated() || isa<CXXMethodDecl>(F) || !F->getBody())
      continue;
    Uses U;
    U.TraverseStmt(const_cast<OMPExecutableDirective *>(D));
    const SourceLocation Begin = SM.getExpansionLoc(D->getBeginLoc());
    for (const auto &[RD, Use] : U.Found)
      // Declared in the region: part of the kernel's own text.
      if (RD->getDeclContext() == static_cast<const DeclContext *>(F) &&
          SM.isBeforeInTranslationUnit(SM.getExpansionLoc(RD->getBeginLoc()), Begin))
        H.add(RD, F, Use);
  }
  if (!H.ok())
    return false;
  Out = H.apply();
  return H.ok();
}

} // namespace omp2cu::localtypes
