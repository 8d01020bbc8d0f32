// Printing MLIR operations and LLVM modules through a buffered stream.
//
// MLIR's C API prints through an unbuffered stream (CallbackOstream): one
// callback per token, about 10% of a parse-and-print run. LLVM's
// LLVMPrintModuleToString prints into an unbuffered std::string stream
// (so the formatted stream over it is unbuffered too), then copies the
// text into a C string. Here both print into a stream with a 64 KiB
// buffer that hands the text to the callback one buffer at a time.
#include <cstdint>

#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "mlir-c/IR.h"
#include "mlir/CAPI/IR.h"
#include "mlir/IR/Operation.h"

namespace {

class CallbackStream final : public llvm::raw_ostream {
 public:
  CallbackStream(MlirStringCallback callback, void *user_data)
      : llvm::raw_ostream(/*unbuffered=*/false), callback_(callback), user_data_(user_data) {
    SetBufferSize(1 << 16);
  }
  ~CallbackStream() override { flush(); }

 private:
  void write_impl(const char *data, size_t size) override {
    if (size != 0) callback_(mlirStringRefCreate(data, size), user_data_);
    position_ += size;
  }
  uint64_t current_pos() const override { return position_; }

  MlirStringCallback callback_;
  void *user_data_;
  uint64_t position_ = 0;
};

}  // namespace

// mlirOperationPrintWithFlags, buffered.
extern "C" void spirv_opt_rs_print_operation(MlirOperation operation, MlirOpPrintingFlags flags,
                                             MlirStringCallback callback, void *user_data) {
  CallbackStream stream(callback, user_data);
  unwrap(operation)->print(stream, *unwrap(flags));
}

// LLVMPrintModuleToString, buffered and without the copy.
extern "C" void spirv_opt_rs_print_llvm_module(LLVMModuleRef module, MlirStringCallback callback,
                                               void *user_data) {
  CallbackStream stream(callback, user_data);
  llvm::unwrap(module)->print(stream, nullptr);
}
