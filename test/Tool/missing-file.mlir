// RUN: not spirv-opt-rs %t.does-not-exist 2>&1 | FileCheck %s -DFILE=%t.does-not-exist
// RUN: not spirv-opt-rs %S 2>&1 | FileCheck %s --check-prefix=DIR -DDIR=%S

// CHECK: {{^}}spirv-opt-rs: error: cannot open input file '[[FILE]]': No such file or directory{{$}}
// DIR: {{^}}spirv-opt-rs: error: cannot open input file '[[DIR]]': Is a directory{{$}}
