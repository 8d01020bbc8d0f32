// Whether LLVM knows a CPU name for a target: MCSubtargetInfo's check, which
// LLVM's C API does not offer. Without it an unknown --mcpu only gets a
// warning, and some targets then abort in code generation.
#include <memory>
#include <string>

#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

// 1: valid, 0: unknown CPU, -1: unknown target (targets must be initialized).
extern "C" int spirv_opt_rs_cpu_is_valid(const char *triple, const char *cpu) {
  llvm::Triple target_triple(triple);
  std::string error;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(target_triple, error);
  if (target == nullptr) return -1;
  std::unique_ptr<llvm::MCSubtargetInfo> info(target->createMCSubtargetInfo(target_triple, "", ""));
  if (!info) return -1;
  return info->isCPUStringValid(cpu) ? 1 : 0;
}
