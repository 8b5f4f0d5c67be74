//===- DeclaredMappers.cpp - declare mapper, applied where it is used -----===//
//
// Part of omp2cu. See DeclaredMappers.h.
//
//===----------------------------------------------------------------------===//
#include "frontend/DeclaredMappers.h"
#include "analysis/Analyzer.h"
#include "report/Diagnostics.h"
#include "frontend/OutOfLine.h"
#include "support/SourceText.h"

#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <functional>
#include <map>
#include <set>

using namespace clang;

namespace omp2cu::mapper {
namespace {

/// The transfers of a map type: 1 to the device, 2 from it.
unsigned transfers(OpenMPMapClauseKind K) {
  switch (K) {
  case OMPC_MAP_to: return 1;
  case OMPC_MAP_from: return 2;
  case OMPC_MAP_alloc: return 0;
  default: return 3; // tofrom, or no map type written
  }
}

/// The map type of an item that a mapper's clause of type \p Member maps for a clause of type
/// \p Invoking (5.8.8, map-type decay); \p Exit: in `target exit data`, where an item that moves
/// nothing is released.
OpenMPMapClauseKind decay(OpenMPMapClauseKind Invoking, OpenMPMapClauseKind Member, bool Exit) {
  if (Invoking == OMPC_MAP_release || Invoking == OMPC_MAP_delete)
    return Invoking;
  switch (transfers(Invoking) & transfers(Member)) {
  case 1: return OMPC_MAP_to;
  case 2: return OMPC_MAP_from;
  case 3: return OMPC_MAP_tofrom;
  default: return Exit ? OMPC_MAP_release : OMPC_MAP_alloc;
  }
}

StringRef mapTypeName(OpenMPMapClauseKind K) {
  switch (K) {
  case OMPC_MAP_alloc: return "alloc";
  case OMPC_MAP_to: return "to";
  case OMPC_MAP_from: return "from";
  case OMPC_MAP_release: return "release";
  case OMPC_MAP_delete: return "delete";
  default: return "tofrom";
  }
}

/// The modifiers that go to every item a mapper maps (`mapper` and `iterator` do not).
std::set<OpenMPMapModifierKind> passedModifiers(const OMPMapClause *C) {
  std::set<OpenMPMapModifierKind> Mods;
  for (OpenMPMapModifierKind M : C->getMapTypeModifiers())
    if (M == OMPC_MAP_MODIFIER_always || M == OMPC_MAP_MODIFIER_close ||
        M == OMPC_MAP_MODIFIER_present || M == OMPC_MAP_MODIFIER_ompx_hold)
      Mods.insert(M);
  return Mods;
}

StringRef modifierName(OpenMPMapModifierKind M) {
  switch (M) {
  case OMPC_MAP_MODIFIER_always: return "always";
  case OMPC_MAP_MODIFIER_close: return "close";
  case OMPC_MAP_MODIFIER_present: return "present";
  default: return "ompx_hold";
  }
}

/// One list item as a mapper writes it out.
struct Item {
  OpenMPMapClauseKind Type;
  std::set<OpenMPMapModifierKind> Mods;
  std::string Text;
  const VarDecl *Root; ///< the variable it is part of (null: `this`)
};

/// The mapper that Sema chose for a list item (an entry of a clause's mapper list), or null.
const OMPDeclareMapperDecl *mapperOf(const Expr *Ref) {
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Ref))
    return dyn_cast<OMPDeclareMapperDecl>(DRE->getDecl());
  return nullptr;
}

/// The items of a map, to or from clause \p Cl and the mappers Sema chose for them.
void listOf(const OMPClause *Cl, std::vector<const Expr *> &Items,
            std::vector<const Expr *> &Mappers) {
  auto Take = [&](auto Is, auto Ms) {
    Items.assign(Is.begin(), Is.end());
    Mappers.assign(Ms.begin(), Ms.end());
  };
  if (const auto *MC = dyn_cast<OMPMapClause>(Cl))
    Take(MC->varlists(), MC->mapperlists());
  else if (const auto *TC = dyn_cast<OMPToClause>(Cl))
    Take(TC->varlists(), TC->mapperlists());
  else if (const auto *FC = dyn_cast<OMPFromClause>(Cl))
    Take(FC->varlists(), FC->mapperlists());
}

/// Whether \p E can stand in front of `.member` or `[i]` without parentheses.
bool postfix(const Expr *E) {
  E = E->IgnoreImpCasts();
  return isa<DeclRefExpr, MemberExpr, ArraySubscriptExpr, ParenExpr>(E);
}

/// Whether \p DC is (in) a template instantiation: its directives are the pattern's text.
bool instantiated(const DeclContext *DC) {
  for (; DC; DC = DC->getParent()) {
    if (const auto *F = dyn_cast<FunctionDecl>(DC); F && F->isTemplateInstantiation())
      return true;
    if (const auto *R = dyn_cast<CXXRecordDecl>(DC);
        R && R->getTemplateSpecializationKind() != TSK_Undeclared &&
        R->getTemplateSpecializationKind() != TSK_ExplicitSpecialization)
      return true;
  }
  return false;
}

/// The mappers and directives of the translation unit (template instantiations too).
class Collect : public RecursiveASTVisitor<Collect> {
public:
  explicit Collect(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBodies() const { return true; }

  std::vector<const OMPDeclareMapperDecl *> Mappers;
  /// Each directive, and whether it lies in a template instantiation.
  std::vector<std::pair<const OMPExecutableDirective *, bool>> Directives;

  bool VisitOMPDeclareMapperDecl(OMPDeclareMapperDecl *D) {
    if (std::find(Mappers.begin(), Mappers.end(), D) == Mappers.end())
      Mappers.push_back(D);
    return true;
  }
  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    // The system headers' declarations hold no mapper and no directive of the program.
    if (!isa<TranslationUnitDecl, NamespaceDecl, LinkageSpecDecl>(D) &&
        D->getLocation().isValid() &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    const DeclContext *Saved = Context;
    if (auto *DC = dyn_cast<DeclContext>(D))
      Context = DC;
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    Context = Saved;
    return R;
  }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    Directives.push_back({D, instantiated(Context)});
    return true;
  }

private:
  const SourceManager &SM;
  const DeclContext *Context = nullptr;
};

class Expander {
public:
  explicit Expander(ASTContext &Ctx)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), DE(Ctx.getDiagnostics()),
        In(SM.getBufferData(SM.getMainFileID())) {}

  bool Ok = true;
  outofline::Edits Edits;

  /// Removes mapper \p D's directive from the text; false (reported) where it lies elsewhere.
  bool remove(const OMPDeclareMapperDecl *D) {
    SourceLocation L = D->getLocation();
    if (SM.isInSystemHeader(SM.getExpansionLoc(L)))
      return true;
    if (L.isMacroID() || !SM.isInMainFile(L))
      return fail(L, std::string("'#pragma omp declare mapper' ") +
                         (L.isMacroID() ? "written by a macro" : "in an included file") +
                         " is not supported yet; write it in the file being translated");
    unsigned Off = SM.getFileOffset(L);
    unsigned B = text::lineStart(In, Off);
    // A directive continued over lines: its first line.
    while (B > 1 && In[B - 1] == '\n' && (In[B - 2] == '\\' || (B > 2 && In[B - 2] == '\r' &&
                                                                In[B - 3] == '\\')))
      B = text::lineStart(In, B - 2);
    unsigned E = text::lineEnd(In, Off);
    StringRef Rest;
    if (!text::ompDirectiveLine(In.slice(B, E), Rest) ||
        !text::directiveNamed(Rest, {"declare", "mapper"}))
      return fail(L, "this 'declare mapper' directive cannot be read as written (it is not on "
                     "a line of its own)");
    StringRef Line = In.slice(B, E);
    if (Line.ends_with("\n"))
      Line = Line.drop_back();
    std::string Written; // on one line, the continuations' spaces as one
    for (char Ch : Line.trim()) {
      if (Ch == '\n' || Ch == '\\' || Ch == '\r' || Ch == '\t')
        Ch = ' ';
      if (Ch != ' ' || (!Written.empty() && Written.back() != ' '))
        Written += Ch;
    }
    Edits[B] = {Line.size(), "// omp2cu: '" + Written + "', written out where it maps" +
                                 outofline::lineBreaks(Line)};
    return true;
  }

  /// Writes out the mappers of directive \p D's clauses.
  void directive(const OMPExecutableDirective *D, bool Instantiated) {
    if (Instantiated) {
      if (dependentInTemplate(D))
        return;
      // Written out in the template's text, once for all instantiations (instantiation()).
      outofline::Edits Saved;
      std::swap(Saved, Edits);
      directive(D, false);
      std::swap(Saved, Edits);
      Instantiations[D->getBeginLoc().getRawEncoding()].push_back({D, std::move(Saved)});
      return;
    }
    const bool Exit = D->getDirectiveKind() == llvm::omp::OMPD_target_exit_data;
    const bool Update = D->getDirectiveKind() == llvm::omp::OMPD_target_update;
    std::vector<Item> Implicit;
    std::vector<Motion> Motions; // of target update: each item of its to and from clauses
    bool UpdateThroughMapper = false;
    for (const OMPClause *Cl : D->clauses()) {
      std::vector<Item> Out;
      bool Any = false;
      if (const auto *MC = dyn_cast<OMPMapClause>(Cl)) {
        if (!items(D, Cl, MC->varlists(), MC->mapperlists(), MC, MC->getMapType(),
                   passedModifiers(MC), Exit, Out, Any))
          return;
        if (!Any)
          continue;
        if (Cl->isImplicit() || Cl->getBeginLoc().isInvalid())
          Implicit.insert(Implicit.end(), Out.begin(), Out.end());
        else
          replaceClause(Cl, mapClauses(Out));
      } else if (isa<OMPToClause, OMPFromClause>(Cl)) {
        const auto *TC = dyn_cast<OMPToClause>(Cl);
        const auto *FC = dyn_cast<OMPFromClause>(Cl);
        const unsigned Dir = TC ? 1 : 2;
        const bool Present =
            TC ? llvm::is_contained(TC->getMotionModifiers(), OMPC_MOTION_MODIFIER_present)
               : llvm::is_contained(FC->getMotionModifiers(), OMPC_MOTION_MODIFIER_present);
        bool Good = TC ? items(D, Cl, TC->varlists(), TC->mapperlists(), nullptr, OMPC_MAP_to,
                               {}, Exit, Out, Any)
                       : items(D, Cl, FC->varlists(), FC->mapperlists(), nullptr,
                               OMPC_MAP_from, {}, Exit, Out, Any);
        if (!Good)
          return;
        UpdateThroughMapper |= Any;
        for (const Item &It : Out)
          if (transfers(It.Type) & Dir)
            Motions.push_back({Dir, Present, It});
          else if (Present)
            return (void)fail(Cl->getBeginLoc(),
                              "with the 'present' modifier, an item that its mapper does not "
                              "move '" + std::string(Dir == 1 ? "to" : "from") +
                                  "' is not supported yet ('" + It.Text + "')");
      }
    }
    if (Update && UpdateThroughMapper)
      replaceUpdate(D, Motions);
    if (Implicit.empty())
      return;
    if (D->getBeginLoc().isMacroID() || !SM.isInMainFile(D->getBeginLoc()))
      return (void)fail(D->getBeginLoc(), "a target construct written by a macro or in an "
                                          "included file maps a variable through 'declare "
                                          "mapper' implicitly; map it with a map clause");
    Edits[directiveEnd(D)] = {0, " " + mapClauses(Implicit)};
  }

  /// Adds the edits of the instantiations of each template's directive: where they differ
  /// (items whose types depend on the template), an error.
  void instantiations() {
    for (auto &[Key, List] : Instantiations) {
      bool Same = true;
      for (const auto &[D, E] : List)
        Same &= E == List.front().second;
      if (!Same) {
        fail(List.front().first->getBeginLoc(),
             "the instantiations of this template map its items through different mappers "
             "of 'declare mapper' (or some through none), and omp2cu writes the template's "
             "text once; map the members with map clauses");
        continue;
      }
      for (const auto &[Off, Edit] : List.front().second)
        Edits[Off] = Edit;
    }
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  DiagnosticsEngine &DE;
  StringRef In;
  /// The edits of each instantiation of a template's directive, by the directive's place.
  std::map<unsigned, std::vector<std::pair<const OMPExecutableDirective *, outofline::Edits>>>
      Instantiations;
public:
  /// The directives of templates (not of their instantiations), by their places.
  std::map<unsigned, const OMPExecutableDirective *> Patterns;

private:
  /// The errors reported (an instantiation repeats its template's).
  std::set<std::pair<unsigned, std::string>> Reported;

  bool fail(SourceLocation L, const std::string &Message) {
    if (Reported.insert({L.getRawEncoding(), Message}).second)
      diag::error(DE, L, Message);
    Ok = false;
    return false;
  }

  std::string source(SourceRange R) const {
    return Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM, Ctx.getLangOpts()).str();
  }

  /// The offset just after the last token of directive \p D (comments after it stay after it).
  unsigned directiveEnd(const OMPExecutableDirective *D) const {
    unsigned B = SM.getFileOffset(D->getBeginLoc());
    unsigned E = text::lineEnd(In, B);
    Lexer Raw(SM.getLocForStartOfFile(SM.getMainFileID()), Ctx.getLangOpts(), In.begin(),
              In.begin() + B, In.end());
    unsigned Last = B;
    Token T;
    while (!Raw.LexFromRawLexer(T)) {
      unsigned Off = SM.getFileOffset(T.getLocation());
      if (Off >= E)
        break;
      Last = Off + T.getLength();
    }
    return Last;
  }

  /// `map(...)` clauses for \p Items, one for each map type and set of modifiers, in order.
  static std::string mapClauses(const std::vector<Item> &Items) {
    std::vector<std::pair<std::pair<OpenMPMapClauseKind, std::set<OpenMPMapModifierKind>>,
                          std::string>>
        Groups;
    for (const Item &I : Items) {
      auto Key = std::make_pair(I.Type, I.Mods);
      auto G = llvm::find_if(Groups, [&](const auto &P) { return P.first == Key; });
      if (G == Groups.end()) {
        Groups.push_back({Key, I.Text});
        continue;
      }
      G->second += ", " + I.Text;
    }
    std::string Out;
    for (const auto &[Key, List] : Groups) {
      std::string Head;
      for (OpenMPMapModifierKind M : Key.second)
        Head += modifierName(M).str() + ", ";
      Out += (Out.empty() ? "" : " ") + ("map(" + Head + mapTypeName(Key.first).str() + ": " +
                                         List + ")");
    }
    return Out;
  }

  /// One item of the to and from clauses of a target update.
  struct Motion {
    unsigned Dir; ///< 1: to, 2: from
    bool Present;
    Item It;
  };

  /// The items of clause \p Cl of \p D, its mappers written out, in \p Out (\p Any: some item
  /// has a mapper). \p Map: the clause when it is a map clause, whose items without a mapper keep
  /// its map type \p Invoking and modifiers \p Mods. False (reported) where that is not possible.
  template <class Vars, class Mappers>
  bool items(const OMPExecutableDirective *D, const OMPClause *Cl, Vars Items, Mappers Refs,
             const OMPMapClause *Map, OpenMPMapClauseKind Invoking,
             const std::set<OpenMPMapModifierKind> &Mods, bool Exit, std::vector<Item> &Out,
             bool &Any) {
    std::vector<const Expr *> Es(Items.begin(), Items.end());
    std::vector<const Expr *> Ms(Refs.begin(), Refs.end());
    for (const Expr *M : Ms)
      Any |= mapperOf(M) != nullptr;
    if (!Any)
      return true;
    const bool IsImplicit = Cl->isImplicit() || Cl->getBeginLoc().isInvalid();
    SourceLocation At = IsImplicit ? D->getBeginLoc() : Cl->getBeginLoc();
    if (Map && const_cast<OMPMapClause *>(Map)->getIteratorModifier())
      return fail(At, "the 'iterator' modifier of a map clause whose items are mapped through "
                      "'declare mapper' is not supported yet");
    if (!IsImplicit && (Cl->getBeginLoc().isMacroID() || Cl->getEndLoc().isMacroID() ||
                        !SM.isInMainFile(Cl->getBeginLoc())))
      return fail(At, "a clause written by a macro or in an included file maps items through "
                      "'declare mapper'; write the clause in the file itself");
    for (unsigned I = 0; I < Es.size(); ++I) {
      const Expr *E = Es[I];
      const OMPDeclareMapperDecl *M = I < Ms.size() ? mapperOf(Ms[I]) : nullptr;
      if (!IsImplicit && (E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID()))
        return fail(E->getExprLoc(), std::string("a list item written by a macro ") +
                                         (M ? "is mapped through 'declare mapper'"
                                            : "is in a clause whose items are mapped through "
                                              "'declare mapper'") +
                                         "; write it out");
      std::string T = IsImplicit ? implicitText(E) : source(E->getSourceRange());
      if (T.empty())
        return fail(At, "a list item mapped through 'declare mapper' is not a variable that "
                        "omp2cu can name here");
      const VarDecl *Root = analysis::listItemVar(E);
      if (!M) {
        Out.push_back({Invoking, Mods, T, Root});
        continue;
      }
      if (!apply(M, E, T, Root, postfix(E), Invoking, Mods, Exit, 0, Out))
        return false;
    }
    return true;
  }

  /// Whether instantiation \p D maps through a mapper an item whose type depends on the
  /// template in the template's text (reported: that text cannot name the mapper's items).
  bool dependentInTemplate(const OMPExecutableDirective *D) {
    auto P = Patterns.find(D->getBeginLoc().getRawEncoding());
    if (P == Patterns.end())
      return false;
    bool Dependent = false;
    auto Report = [&](SourceLocation L, const Expr *E, const OMPDeclareMapperDecl *M,
                      bool Implicit) {
      Dependent = true;
      fail(L, "in an instantiation of this template, '" + implicitText(E) +
                  "' is mapped through 'declare mapper " + mapperName(M) + "'" +
                  (Implicit ? " implicitly" : "") +
                  ", and its type depends on the template: omp2cu cannot write the mapper "
                  "out in the template's text; map its members with map clauses");
    };
    for (const OMPClause *Cl : D->clauses()) {
      std::vector<const Expr *> Es, Ms;
      listOf(Cl, Es, Ms);
      const bool IsImplicit = Cl->isImplicit() || Cl->getBeginLoc().isInvalid();
      for (unsigned I = 0; I < Es.size() && I < Ms.size(); ++I) {
        const OMPDeclareMapperDecl *M = mapperOf(Ms[I]);
        if (!M)
          continue;
        if (!IsImplicit) {
          // The template's clause at the same place, and its item.
          for (const OMPClause *PC : P->second->clauses())
            if (PC->getBeginLoc() == Cl->getBeginLoc()) {
              std::vector<const Expr *> PEs, PMs;
              listOf(PC, PEs, PMs);
              if (I < PEs.size() && PEs[I] && PEs[I]->isTypeDependent())
                Report(Es[I]->getExprLoc(), Es[I], M, false);
            }
          continue;
        }
        // An implicit map: the variable's uses in the template's region.
        const VarDecl *Root = analysis::listItemVar(Es[I]);
        if (!Root)
          continue;
        std::function<void(const Stmt *)> Find = [&](const Stmt *S) {
          if (!S || Dependent)
            return;
          if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
              DRE && DRE->getDecl()->getName() == Root->getName() && DRE->isTypeDependent())
            return Report(D->getBeginLoc(), Es[I], M, true);
          if (const auto *CS = dyn_cast<CapturedStmt>(S)) // its children are the captures
            return Find(CS->getCapturedStmt());
          for (const Stmt *Child : S->children())
            Find(Child);
        };
        Find(P->second->getAssociatedStmt());
      }
    }
    return Dependent;
  }

  /// Replaces clause \p Cl with \p Text, keeping its line breaks (a directive continued over
  /// lines keeps its lines).
  void replaceClause(const OMPClause *Cl, std::string Text) {
    unsigned B = SM.getFileOffset(Cl->getBeginLoc());
    unsigned E = SM.getFileOffset(
        Lexer::getLocForEndOfToken(Cl->getEndLoc(), 0, SM, Ctx.getLangOpts()));
    for (size_t N = In.slice(B, E).count('\n'); N; --N)
      Text += " \\\n";
    Edits[B] = {E - B, Text};
  }

  /// Writes target update \p D with the items \p Motions of its to and from clauses. A variable
  /// may be named once in a target update: where its mapper names it and its members, the
  /// directive becomes several, each with the other clauses, on the directive's lines.
  void replaceUpdate(const OMPExecutableDirective *D, const std::vector<Motion> &Motions) {
    if (D->getBeginLoc().isMacroID() || !SM.isInMainFile(D->getBeginLoc()))
      return (void)fail(D->getBeginLoc(), "a target update written by a macro or in an "
                                          "included file moves items through 'declare "
                                          "mapper'; write it in the file itself");
    std::string Others;
    for (const OMPClause *Cl : D->clauses())
      if (!isa<OMPToClause, OMPFromClause>(Cl) && !Cl->isImplicit() &&
          Cl->getBeginLoc().isValid()) {
        if (Motions.empty() && isa<OMPDependClause>(Cl))
          return (void)fail(Cl->getBeginLoc(), "this target update moves nothing through its "
                                               "mappers, and a target update with 'depend' "
                                               "and nothing to move is not supported yet");
        if (Cl->getBeginLoc().isMacroID() || Cl->getEndLoc().isMacroID())
          return (void)fail(Cl->getBeginLoc(), "a clause written by a macro in a target update "
                                               "that moves items through 'declare mapper'");
        Others += " " + source(SourceRange(Cl->getBeginLoc(), Cl->getEndLoc()));
      }
    // Directive K moves the K-th item of each variable.
    std::vector<std::vector<const Motion *>> Directives;
    std::map<const VarDecl *, unsigned> Seen;
    for (const Motion &M : Motions) {
      unsigned K = Seen[M.It.Root]++; // (null: members of `this`, kept apart too)
      if (Directives.size() <= K)
        Directives.resize(K + 1);
      Directives[K].push_back(&M);
    }
    std::string Text;
    if (Directives.empty()) // every item's mapper moves it the other way
      Text = "// omp2cu: a 'target update' that moves nothing through its mappers";
    const std::string Indent = text::indentOf(SM, D->getBeginLoc());
    for (unsigned K = 0; K < Directives.size(); ++K) {
      std::string Clauses;
      for (unsigned Dir : {1u, 2u})
        for (bool Present : {false, true}) {
          std::string List;
          for (const Motion *M : Directives[K])
            if (M->Dir == Dir && M->Present == Present)
              List += (List.empty() ? "" : ", ") + M->It.Text;
          if (!List.empty())
            Clauses += std::string(Dir == 1 ? " to(" : " from(") +
                       (Present ? "present: " : "") + List + ")";
        }
      if (K)
        Text += "\n" + outofline::lineDirective(SM, D->getBeginLoc(),
                                                "target update through its mappers") +
                Indent;
      Text += "#pragma omp target update" + Clauses + Others;
    }
    unsigned B = SM.getFileOffset(D->getBeginLoc());
    unsigned E = text::lineEnd(In, B);
    StringRef Old = In.slice(B, E);
    if (Old.ends_with("\n"))
      Old = Old.drop_back();
    if (Directives.size() > 1 || Old.contains('\n')) {
      SourceLocation Next =
          SM.translateLineCol(SM.getMainFileID(), SM.getSpellingLineNumber(D->getBeginLoc()) +
                                                      Old.count('\n') + 1, 1);
      Text += "\n" + outofline::lineDirective(SM, Next, "the code after it");
      Text.pop_back(); // the directive's own line break follows
    }
    Edits[B] = {Old.size(), Text};
  }

  /// The text of an implicit map clause's item: a variable, or members of one or of `this`
  /// (Sema maps the members of a mapped struct whose types have default mappers); empty
  /// otherwise.
  static std::string implicitText(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *OV = dyn_cast<OpaqueValueExpr>(E); OV && OV->getSourceExpr())
      return implicitText(OV->getSourceExpr());
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return isa<VarDecl>(DRE->getDecl()) ? DRE->getDecl()->getNameAsString() : "";
    if (isa<CXXThisExpr>(E))
      return "this";
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      std::string Base = implicitText(ME->getBase());
      if (Base.empty() || !isa<FieldDecl>(ME->getMemberDecl()))
        return "";
      return Base + (ME->isArrow() ? "->" : ".") + ME->getMemberDecl()->getNameAsString();
    }
    return "";
  }

  static std::string mapperName(const OMPDeclareMapperDecl *M) {
    std::string Id = M->getName().str();
    return "(" + (Id == "default" ? "" : Id + ": ") + M->getType().getAsString() + " " +
           const_cast<OMPDeclareMapperDecl *>(M)->getVarName().getAsString() + ")";
  }

  /// Appends to \p Out the items that mapper \p M maps for item \p E (written \p X; \p Postfix:
  /// it needs no parentheses before `.m`) of a clause of type \p Invoking with modifiers \p Mods.
  bool apply(const OMPDeclareMapperDecl *M, const Expr *E, const std::string &X,
             const VarDecl *Root, bool Postfix,
             OpenMPMapClauseKind Invoking, const std::set<OpenMPMapModifierKind> &Mods, bool Exit,
             unsigned Depth, std::vector<Item> &Out) {
    const Expr *Stripped = E->IgnoreParenImpCasts();
    if (isa<ArraySectionExpr>(Stripped) || E->getType()->isArrayType())
      return fail(E->getExprLoc(), "'declare mapper " + mapperName(M) + "' would map each "
                                   "element of '" + X + "': mappers of arrays and array "
                                   "sections are not supported yet; map the elements' members "
                                   "with map clauses");
    if (Depth > 8)
      return fail(E->getExprLoc(), "'declare mapper " + mapperName(M) + "' applies itself to "
                                   "the members of '" + X + "' (a linked structure): not "
                                   "supported; map the members with map clauses");
    if (M->getLocation().isMacroID() || !SM.isInMainFile(M->getLocation()))
      return false; // reported with the directive (remove)
    const auto *VarRef = dyn_cast_or_null<DeclRefExpr>(M->getMapperVarRef());
    if (!VarRef)
      return fail(M->getLocation(), "this 'declare mapper' directive cannot be read");
    const ValueDecl *V = VarRef->getDecl();
    const std::string Whole = Postfix ? X : "(" + X + ")";
    // `*p` through a mapper of `v.m`: `p->m`, the form list items take.
    std::string Pointer;
    if (const auto *UO = dyn_cast<UnaryOperator>(Stripped);
        Depth == 0 && UO && UO->getOpcode() == UO_Deref && postfix(UO->getSubExpr()) &&
        !UO->getSubExpr()->getBeginLoc().isMacroID())
      Pointer = source(UO->getSubExpr()->getSourceRange());
    for (const OMPClause *C : M->clauselists()) {
      const auto *MC = dyn_cast<OMPMapClause>(C);
      if (!MC)
        continue;
      if (const_cast<OMPMapClause *>(MC)->getIteratorModifier())
        return fail(MC->getBeginLoc(), "the 'iterator' modifier in 'declare mapper' is not "
                                       "supported yet");
      OpenMPMapClauseKind Type = decay(Invoking, MC->getMapType(), Exit);
      std::set<OpenMPMapModifierKind> ItemMods = Mods;
      for (OpenMPMapModifierKind K : passedModifiers(MC))
        ItemMods.insert(K);
      std::vector<const Expr *> Refs(MC->mapperlist_begin(), MC->mapperlist_end());
      unsigned I = 0;
      for (const Expr *Member : MC->varlists()) {
        const OMPDeclareMapperDecl *Nested = I < Refs.size() ? mapperOf(Refs[I]) : nullptr;
        ++I;
        std::string T;
        if (!substitute(Member, V, X, Whole, Pointer, T))
          return fail(Member->getExprLoc(), "this item of 'declare mapper' cannot be read as "
                                            "written (a macro?)");
        const auto *Self = dyn_cast<DeclRefExpr>(Member->IgnoreParenImpCasts());
        if (Nested && !(Self && Self->getDecl() == V)) {
          if (!apply(Nested, Member, T, Root, postfix(Member), Type, ItemMods, Exit, Depth + 1,
                     Out))
            return false;
          continue;
        }
        Out.push_back({Type, ItemMods, T, Root});
      }
    }
    return true;
  }

  /// \p E's text with each reference to \p V replaced by \p X (alone) or \p Whole (in a
  /// larger expression), in \p T; with \p Pointer (\p X is `*p`), `v.m` becomes `p->m`.
  bool substitute(const Expr *E, const ValueDecl *V, const std::string &X,
                  const std::string &Whole, const std::string &Pointer, std::string &T) const {
    if (E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID())
      return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
        DRE && DRE->getDecl() == V) {
      T = X;
      return true;
    }
    std::map<unsigned, std::pair<unsigned, std::string>> Repl; // offset: length, text
    bool Good = true;
    auto Token = [&](SourceLocation L) {
      return Lexer::MeasureTokenLength(L, SM, Ctx.getLangOpts());
    };
    std::function<void(const Stmt *)> Find = [&](const Stmt *S) {
      if (!S)
        return;
      if (const auto *ME = dyn_cast<MemberExpr>(S); ME && !ME->isArrow() && !Pointer.empty())
        if (const auto *DRE = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreImpCasts());
            DRE && DRE->getDecl() == V) {
          if (DRE->getLocation().isMacroID() || ME->getOperatorLoc().isMacroID()) {
            Good = false;
            return;
          }
          Repl[SM.getFileOffset(DRE->getLocation())] = {Token(DRE->getLocation()), Pointer};
          Repl[SM.getFileOffset(ME->getOperatorLoc())] = {1, "->"};
          return;
        }
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V) {
        if (DRE->getLocation().isMacroID())
          Good = false;
        else
          Repl[SM.getFileOffset(DRE->getLocation())] = {Token(DRE->getLocation()), Whole};
      }
      for (const Stmt *Child : S->children())
        Find(Child);
    };
    Find(E);
    unsigned B = SM.getFileOffset(E->getBeginLoc());
    unsigned End =
        SM.getFileOffset(Lexer::getLocForEndOfToken(E->getEndLoc(), 0, SM, Ctx.getLangOpts()));
    unsigned At = B;
    for (const auto &[Off, R] : Repl) {
      if (Off < At || Off >= End)
        return false;
      T += In.slice(At, Off).str() + R.second;
      At = Off + R.first;
    }
    T += In.slice(At, End).str();
    // A mapper written over lines: its items on the clause's one line.
    for (char &Ch : T)
      if (Ch == '\n' || Ch == '\\')
        Ch = ' ';
    return Good;
  }
};

} // namespace

bool expand(ASTContext &Ctx, std::string &Out, bool &Declared) {
  Collect C(Ctx.getSourceManager());
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  Declared = !C.Mappers.empty();
  if (C.Mappers.empty())
    return true;
  Expander X(Ctx);
  bool Removed = false;
  for (const OMPDeclareMapperDecl *D : C.Mappers) {
    const SourceManager &SM = Ctx.getSourceManager();
    if (instantiated(D->getDeclContext()) ||
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      continue;
    if (D->getDeclContext()->isDependentContext()) {
      diag::error(Ctx.getDiagnostics(), D->getLocation(),
                  "'#pragma omp declare mapper' in a template is not supported yet");
      X.Ok = false;
      continue;
    }
    Removed |= X.remove(D);
  }
  for (const auto &[D, Instantiated] : C.Directives)
    if (!Instantiated) {
      X.Patterns[D->getBeginLoc().getRawEncoding()] = D;
      X.directive(D, false);
    }
  for (const auto &[D, Instantiated] : C.Directives)
    if (Instantiated)
      X.directive(D, true);
  X.instantiations();
  if (!X.Ok || !Removed)
    return X.Ok;
  StringRef In = Ctx.getSourceManager().getBufferData(Ctx.getSourceManager().getMainFileID());
  Out = outofline::applied(In, X.Edits, 0, In.size());
  return true;
}

} // namespace omp2cu::mapper
