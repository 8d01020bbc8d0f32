//! Compiles the C++ shims of the FFI edge (src/ffi/cpu.cpp, src/ffi/stream.cpp)
//! against Debian's LLVM/MLIR 22 headers; the libraries they use are already
//! linked through mlir-sys and inkwell.

fn main() {
    let config = std::env::var("LLVM_CONFIG").unwrap_or_else(|_| "/usr/lib/llvm-22/bin/llvm-config".to_owned());
    let include = std::process::Command::new(&config)
        .arg("--includedir")
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_owned())
        .unwrap_or_else(|| "/usr/lib/llvm-22/include".to_owned());
    println!("cargo:rerun-if-changed=src/ffi/cpu.cpp");
    println!("cargo:rerun-if-changed=src/ffi/stream.cpp");
    println!("cargo:rerun-if-env-changed=LLVM_CONFIG");
    cc::Build::new()
        .cpp(true)
        .file("src/ffi/cpu.cpp")
        .file("src/ffi/stream.cpp")
        .include(include)
        .flag("-std=c++17")
        .flag("-fno-exceptions")
        .flag("-fno-rtti")
        .define("_GLIBCXX_USE_CXX11_ABI", "1")
        .warnings(false)
        .compile("spirv_opt_rs_cpu");
}
