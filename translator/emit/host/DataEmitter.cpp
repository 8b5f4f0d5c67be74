//===- DataEmitter.cpp - Host code of the data-mapping directives ---------===//
//
// Part of omp2cu. `target data`, `target enter data`, `target exit data` and
// `target update` run on the host: each becomes calls of the runtime's data
// environment (runtime/include/omp2cu/host), which keeps the present table
// and its reference counts as OpenMP 5.x specifies. See Emitter.h.
//
//===----------------------------------------------------------------------===//
#include "report/Diagnostics.h"
#include "emit/Emitter.h"
#include "analysis/RegionAnalysis.h"
#include "support/SourceText.h"
#include "emit/host/TargetTasks.h"

#include <algorithm>
#include <optional>

#include "clang/AST/OpenMPClause.h"
#include "llvm/Frontend/OpenMP/OMP.h"

#include <fmt/format.h>

using namespace clang;
using namespace omp2cu::model;

namespace omp2cu::emit {
namespace {

/// Clauses every data directive may have: if, device, and what is synchronous
/// here anyway.
struct Common {
  std::string If, Device;
  std::string Depend; ///< the depend clauses, as written (emit::undeferredTask)
  bool Ok = true;
};

/// A list item of a map/to/from clause, with what to do with it.
struct Item {
  RegionVar V;
  enum Action { Map, To, From } A = Map;
};

/// A member list item that is not a pointer section (s.x, s.a[0:4]).
bool valueMember(const Item &I) { return I.V.Member && I.V.K == RegionVar::MappedObject; }

/// The item of the directive that maps the struct member item \p I belongs to: `s` for s.x, a
/// section of g for g->x; null if there is none.
const Item *structItem(const Item &I, const std::vector<Item> &Items) {
  for (const Item &P : Items)
    if (!P.V.Member && P.V.Var == I.V.Var && (P.V.WholeObject || I.V.Arrow))
      return &P;
  return nullptr;
}

bool collect(ASTContext &Ctx, const OMPExecutableDirective *D, Common &C,
             std::vector<Item> &Items, std::vector<const VarDecl *> &UseDevicePtr,
             std::vector<const VarDecl *> &UseDeviceAddr) {
  DiagnosticsEngine &DE = Ctx.getDiagnostics();
  for (const OMPClause *Cl : D->clauses()) {
    if (Cl->isImplicit())
      continue;
    auto List = [&](ArrayRef<const Expr *> Vars, RegionVar::MapKind K, Item::Action A,
                    unsigned Mods) {
      for (const Expr *E : Vars) {
        Item I;
        I.V.Map = K;
        I.V.Mods = Mods;
        I.A = A;
        if (!analysis::parseListItem(Ctx, E, I.V, /*AllowStride=*/A != Item::Map)) {
          C.Ok = false;
        } else if (A == Item::From && analysis::inConstObject(Ctx, I.V)) {
          // `target update from` of a const object: nothing may be written into it.
        } else {
          analysis::keepConstObject(Ctx, I.V);
          Items.push_back(I);
        }
      }
    };
    auto Vars = [](auto *VL) {
      std::vector<const Expr *> Out(VL->varlist_begin(), VL->varlist_end());
      return Out;
    };
    unsigned Mods = 0;
    switch (Cl->getClauseKind()) {
    case llvm::omp::OMPC_map: {
      const auto *MC = cast<OMPMapClause>(Cl);
      if (!analysis::mapModifiers(Ctx, Cl, Mods)) {
        C.Ok = false;
        break;
      }
      RegionVar::MapKind K = RegionVar::ToFrom;
      switch (MC->getMapType()) {
      case OMPC_MAP_to: K = RegionVar::To; break;
      case OMPC_MAP_from: K = RegionVar::From; break;
      case OMPC_MAP_alloc: K = RegionVar::Alloc; break;
      case OMPC_MAP_release: K = RegionVar::Release; break;
      case OMPC_MAP_delete: K = RegionVar::Delete; break;
      default: break;
      }
      List(Vars(MC), K, Item::Map, Mods);
      break;
    }
    case llvm::omp::OMPC_to:
      if (analysis::mapModifiers(Ctx, Cl, Mods))
        List(Vars(cast<OMPToClause>(Cl)), RegionVar::To, Item::To, Mods);
      else
        C.Ok = false;
      break;
    case llvm::omp::OMPC_from:
      if (analysis::mapModifiers(Ctx, Cl, Mods))
        List(Vars(cast<OMPFromClause>(Cl)), RegionVar::From, Item::From, Mods);
      else
        C.Ok = false;
      break;
    case llvm::omp::OMPC_use_device_ptr:
      for (const Expr *E : cast<OMPUseDevicePtrClause>(Cl)->varlists())
        if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
          if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
            UseDevicePtr.push_back(V);
      break;
    case llvm::omp::OMPC_use_device_addr:
      for (const Expr *E : cast<OMPUseDeviceAddrClause>(Cl)->varlists()) {
        const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
        const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
        if (V)
          UseDeviceAddr.push_back(V);
        else {
          diag::error(DE, E->getBeginLoc(), "use_device_addr of this list item is not "
                                            "supported yet (variables only)");
          C.Ok = false;
        }
      }
      break;
    case llvm::omp::OMPC_if: {
      const auto *IC = cast<OMPIfClause>(Cl);
      C.If = analysis::clauseArg(Ctx, Cl, IC->getColonLoc().isValid() ? IC->getColonLoc()
                                                                      : IC->getLParenLoc());
      break;
    }
    case llvm::omp::OMPC_device: {
      C.Device = analysis::deviceArg(Ctx, cast<OMPDeviceClause>(Cl));
      break;
    }
    case llvm::omp::OMPC_nowait:
      // Runs synchronously: a valid execution of a deferrable task.
      break;
    case llvm::omp::OMPC_depend:
      if (std::string Dep = analysis::dependClause(Ctx, Cl); !Dep.empty())
        C.Depend += Dep;
      else
        C.Ok = false; // reported
      break;
    default:
      diag::error(DE, Cl->getBeginLoc(),
                  "clause '" + std::string(llvm::omp::getOpenMPClauseName(Cl->getClauseKind())) +
                      "' is not supported yet on this directive");
      C.Ok = false;
    }
  }
  // Members that are not pointer sections after the structs they belong to, which hold them
  // (map(s.x) before map(s) would make an entry that the struct's would partly overlap).
  std::stable_partition(Items.begin(), Items.end(),
                        [](const Item &I) { return !valueMember(I); });
  return C.Ok;
}

std::string where(ASTContext &Ctx, const OMPExecutableDirective *D, const std::string &Name) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = SM.getExpansionLoc(D->getBeginLoc());
  return fmt::format("\"{}\", \"{}\", {}", Name, text::cstring(text::fileName(SM, L)),
                     text::line(SM, L));
}

std::string deviceArg(const Common &C) { return C.Device.empty() ? "" : ", (" + C.Device + ")"; }

/// A struct variable of which a directive lists members that are not pointer sections (s.n,
/// s.a[0:4]), maybe with sections of pointer members (s.p[0:n]), but not the variable: one
/// entry over the bytes those members span (libomptarget's partial struct), with map-type Kind,
/// named Name in the generated code. Its value members are copied beside it (enter_member,
/// exit_member, map_member) and its pointer members attached in it. (Sections of pointer
/// members alone map no part of the struct: a target region that maps the whole struct later
/// would overlap the part.)
struct Spanned {
  const VarDecl *Var;
  std::vector<std::string> Fields; ///< the members as host code names them
  RegionVar::MapKind Kind;
  std::string Name;
};

std::vector<Spanned> spans(ASTContext &Ctx, const std::vector<Item> &Items,
                           RegionVar::MapKind Kind) {
  std::vector<Spanned> Out;
  for (const Item &I : Items) {
    if (!I.V.Member)
      continue;
    bool Values = false;
    for (const Item &P : Items)
      Values |= valueMember(P) && P.V.Var == I.V.Var;
    if (structItem(I, Items) || !Values)
      continue;
    auto It = std::find_if(Out.begin(), Out.end(),
                           [&](const Spanned &S) { return S.Var == I.V.Var; });
    if (It == Out.end())
      It = Out.insert(Out.end(),
                      {I.V.Var, {}, Kind, "omp2cu_span_" + I.V.Var->getNameAsString()});
    if (std::string Ref = memberRef(Ctx, I.V);
        std::find(It->Fields.begin(), It->Fields.end(), Ref) == It->Fields.end())
      It->Fields.push_back(Ref);
    if (I.V.Map == RegionVar::Delete)
      It->Kind = RegionVar::Delete;
  }
  return Out;
}

/// `const omp2cu::host::Span omp2cu_span_s = omp2cu::host::span_of(s.n, s.p);`
std::string spanDecl(const Spanned &S, const std::string &Ind) {
  std::string Fields;
  for (const std::string &F : S.Fields)
    Fields += (Fields.empty() ? "" : ", ") + F;
  return fmt::format("{}  const omp2cu::host::Span {} = omp2cu::host::span_of({});\n", Ind, S.Name,
                     Fields);
}

/// The map-type of the struct that holds value member \p I in the directive (listed, or the
/// span of its members), if any.
std::optional<RegionVar::MapKind> parentKind(const Item &I, const std::vector<Item> &Items,
                                             const std::vector<Spanned> &Spans) {
  if (!valueMember(I))
    return std::nullopt;
  if (const Item *P = structItem(I, Items))
    return P->V.Map;
  for (const Spanned &S : Spans)
    if (S.Var == I.V.Var)
      return S.Kind;
  return std::nullopt;
}

/// How messages name the struct of a span: "s", "*this".
std::string spanItemName(ASTContext &Ctx, const Spanned &S) {
  RegionVar V;
  V.Var = S.Var;
  return itemName(Ctx, V);
}

} // namespace

std::string emitStandaloneData(ASTContext &Ctx, const OMPExecutableDirective *D) {
  Common C;
  std::vector<Item> Items;
  std::vector<const VarDecl *> UDP, UDA;
  if (!collect(Ctx, D, C, Items, UDP, UDA))
    return "";
  std::string Name = llvm::omp::getOpenMPDirectiveName(D->getDirectiveKind()).str();
  std::string Ind = text::indentOf(Ctx.getSourceManager(), D->getBeginLoc());
  std::string Body, Attach;
  const OpenMPDirectiveKind K = D->getDirectiveKind();
  const bool Enter = K == llvm::omp::OMPD_target_enter_data;
  const bool Exit = K == llvm::omp::OMPD_target_exit_data;
  if (Exit) // members before their structs: copied back before the structs' entries go
    std::stable_partition(Items.begin(), Items.end(), valueMember);
  std::vector<Spanned> Spans;
  if (Enter || Exit)
    Spans = spans(Ctx, Items, Enter ? RegionVar::Alloc : RegionVar::Release);
  std::string SpanMaps;
  unsigned Kept = 0; // KeepHost objects
  for (const Spanned &S : Spans) {
    Body += spanDecl(S, Ind);
    SpanMaps += fmt::format("{}  omp2cu::host::{}({}.begin, 0, {}.bytes, {}, 0u, \"{}\", "
                            "omp2cu_where{});\n",
                            Ind, Enter ? "enter_data" : "exit_data", S.Name, S.Name,
                            mapKindName(S.Kind), spanItemName(Ctx, S), deviceArg(C));
  }
  if (Enter) { // the spans first: their members are copied into them
    Body += SpanMaps;
    SpanMaps.clear();
  }
  for (const Item &I : Items) {
    if (Exit && !SpanMaps.empty() && !valueMember(I)) { // after the members they hold
      Body += SpanMaps;
      SpanMaps.clear();
    }
    std::string Fn;
    switch (D->getDirectiveKind()) {
    case llvm::omp::OMPD_target_enter_data: Fn = "enter_data"; break;
    case llvm::omp::OMPD_target_exit_data: Fn = "exit_data"; break;
    default: Fn = I.A == Item::To ? "update_to" : "update_from"; break;
    }
    std::string Mods = modsArg(I.V.Mods);
    std::string ModsValue = Mods.empty() ? "0u" : Mods.substr(2);
    std::string N = itemName(Ctx, I.V);
    // A member beside its struct: the struct's entry holds it and counts for both.
    std::optional<RegionVar::MapKind> Parent = parentKind(I, Items, Spans);
    if (Parent && Fn == "enter_data")
      Body += fmt::format("{}  omp2cu::host::enter_member({}, {}, {}, \"{}\", omp2cu_where{});\n",
                          Ind, sectionArgs(Ctx, I.V), mapKindName(I.V.Map), ModsValue, N,
                          deviceArg(C));
    else if (Parent && Fn == "exit_data") {
      Body += fmt::format("{}  omp2cu::host::exit_member({}, {}, {}, {}, \"{}\", omp2cu_where{});\n",
                          Ind, sectionArgs(Ctx, I.V), mapKindName(I.V.Map), ModsValue,
                          mapKindName(*Parent), N, deviceArg(C));
      // The struct's copy-out leaves a member that copies nothing back alone.
      if (*Parent == RegionVar::From && I.V.Map != RegionVar::From)
        Body += fmt::format("{}  const omp2cu::host::KeepHost omp2cu_keep_{}({});\n", Ind,
                            Kept++, sectionArgs(Ctx, I.V));
    }
    else if (Fn == "enter_data" || Fn == "exit_data")
      Body += fmt::format("{}  omp2cu::host::{}({}, {}, {}, \"{}\", omp2cu_where{});\n", Ind, Fn,
                          sectionArgs(Ctx, I.V), mapKindName(I.V.Map), ModsValue, N,
                          deviceArg(C));
    else if (I.V.SectionStride)
      Body += fmt::format("{}  omp2cu::host::{}_strided({}, {}, {}, \"{}\", omp2cu_where{});\n",
                          Ind, Fn, sectionArgs(Ctx, I.V),
                          text::get(Ctx, I.V.SectionStride->getSourceRange()), ModsValue, N,
                          deviceArg(C));
    else
      Body += fmt::format("{}  omp2cu::host::{}({}, {}, \"{}\", omp2cu_where{});\n", Ind, Fn,
                          sectionArgs(Ctx, I.V), ModsValue, N, deviceArg(C));
    if (Fn == "enter_data" && I.V.Member && I.V.K == RegionVar::MappedPointer)
      Attach += fmt::format("{}  omp2cu::host::attach_if_mapped(&{}, {}, \"{}\", "
                            "omp2cu_where{});\n",
                            Ind, memberRef(Ctx, I.V), sectionLB(Ctx, I.V), N, deviceArg(C));
  }
  Body += SpanMaps; // exit data of members only
  // Pointer members of mapped structs point to their sections on the device (after all maps:
  // the struct may come after its member in the clauses).
  Body += Attach;
  std::string Out =
      fmt::format("// omp2cu: '#pragma omp {}'\n{}{{\n", text::directiveText(Ctx, D), Ind);
  Out += fmt::format("{}  const omp2cu::host::Where omp2cu_where{{{}}};\n", Ind,
                     where(Ctx, D, Name));
  if (!C.If.empty())
    Out += fmt::format("{}  if ({}) {{\n{}{}  }}\n", Ind, C.If, Body, Ind);
  else
    Out += Body;
  Out += Ind + "}";
  if (targettask::deferred(Ctx, D)) {
    // The task's lambda takes the storage of what is not a pointer by reference.
    // (A global pointer's value is copied now.)
    std::vector<std::string> Refs, Statics;
    for (const Item &I : Items) {
      const bool Pointer = I.V.Var->getType().getNonReferenceType()->isPointerType();
      if (targettask::capturable(I.V.Var) && !Pointer)
        Refs.push_back(I.V.Var->getNameAsString());
      else if (Pointer && targettask::staticCopy(I.V.Var))
        Statics.push_back(I.V.Var->getNameAsString());
    }
    return targettask::deferredTask(Ctx, D, Out, Refs, Statics, C.Depend, Ind);
  }
  return targettask::waitBefore(Ctx, D, Ind) +
         undeferredTask(C.Depend, Ind, analysis::dependNeedsTaskBody(D)) + Out;
}

bool emitDataRegion(ASTContext &Ctx, const OMPExecutableDirective *D, std::string &Open,
                    std::string &Close) {
  Common C;
  std::vector<Item> Items;
  std::vector<const VarDecl *> UDP, UDA;
  if (!collect(Ctx, D, C, Items, UDP, UDA))
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Ind = text::indentOf(SM, D->getBeginLoc());
  std::string R = "omp2cu_data_L" + std::to_string(text::line(SM, D->getBeginLoc()));
  std::string Maps, Attach;
  for (const Spanned &S : spans(Ctx, Items, RegionVar::Alloc))
    Maps += spanDecl(S, Ind) + fmt::format("{}  {}.map({}.begin, 0, {}.bytes, {}, \"{}\");\n",
                                           Ind, R, S.Name, S.Name, mapKindName(S.Kind),
                                           spanItemName(Ctx, S));
  for (const Item &I : Items) {
    std::string N = itemName(Ctx, I.V);
    // A member that is not a pointer section: copied by its own map-type into its struct's
    // entry (TargetRegion::map_member).
    Maps += fmt::format("{}  {}.{}({}, {}, \"{}\"{});\n", Ind, R,
                        valueMember(I) ? "map_member" : "map", sectionArgs(Ctx, I.V),
                        mapKindName(I.V.Map), N, modsArg(I.V.Mods));
    if (I.V.Member && I.V.K == RegionVar::MappedPointer)
      Attach += fmt::format("{}  omp2cu::host::attach_if_mapped(&{}, {}, \"{}\", {}.where(), "
                            "{}.device());\n",
                            Ind, memberRef(Ctx, I.V), sectionLB(Ctx, I.V), N, R, R);
  }
  Maps += Attach;
  Open = fmt::format("// omp2cu: '#pragma omp {}'\n{}{{\n", text::directiveText(Ctx, D), Ind);
  Open += fmt::format("{}  omp2cu::host::TargetRegion {}({}{});\n", Ind, R,
                      where(Ctx, D, "target data"), deviceArg(C));
  if (!C.If.empty())
    Open += fmt::format("{}  if ({}) {{\n{}{}  }}\n", Ind, C.If, Maps, Ind);
  else
    Open += Maps;
  Open += Ind + "  {";
  // In the structured block, the listed pointers and variables name the
  // device copies.
  for (const VarDecl *V : UDP)
    Open += fmt::format(" auto *omp2cu_outer_{0} = {0}; auto *{0} = {1}.device_address(omp2cu_outer_{0});",
                        V->getNameAsString(), R);
  for (const VarDecl *V : UDA)
    Open += fmt::format(" auto &omp2cu_outer_{0} = {0}; auto &{0} = *{1}.device_address(&omp2cu_outer_{0});",
                        V->getNameAsString(), R);
  Open += "\n" + Ind;
  Close = fmt::format("\n{}  }}\n{}  {}.end();\n{}}}", Ind, Ind, R, Ind);
  return true;
}

void commentOutDeclareTarget(ASTContext &Ctx, Rewriter &RW) {
  const SourceManager &SM = Ctx.getSourceManager();
  FileID Main = SM.getMainFileID();
  StringRef Buf = SM.getBufferData(Main);
  size_t Pos = 0;
  while (Pos < Buf.size()) {
    size_t End = Buf.find('\n', Pos);
    if (End == StringRef::npos)
      End = Buf.size();
    StringRef Line = Buf.slice(Pos, End), T;
    if (text::ompDirectiveLine(Line, T)) {
      if (T.consume_front("begin") || T.consume_front("end"))
        T = T.ltrim();
      if (T.starts_with("declare") && T.drop_front(7).ltrim().starts_with("target")) {
        // `//` also comments out the continuation lines of a pragma ending in `\`.
        size_t Hash = Pos + (Line.size() - Line.ltrim().size());
        RW.InsertTextBefore(SM.getLocForStartOfFile(Main).getLocWithOffset(Hash),
                            "// omp2cu: translated: ");
      }
    }
    Pos = End + 1;
  }
}

} // namespace omp2cu::emit
