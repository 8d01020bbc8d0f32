//! The one test that needs a live MLIR context: interning in
//! `SpirvTypeCache`.

use std::sync::Arc;

use melior::{Context, dialect::DialectRegistry, ir::Type, utility::register_all_dialects};
use spirv_opt_dialects::spirv::{
    attributes::StorageClass,
    types::{SpirvType, SpirvTypeCache},
};

#[test]
fn cache_parses_each_uniqued_type_once() {
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    let context = Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();

    let text =
        "!spirv.ptr<!spirv.struct<(f32 [0], !spirv.array<4 x f32, stride=4> [4])>, StorageBuffer>";
    let ty = Type::parse(&context, text).expect("MLIR parses the SPIR-V type");
    let cache = SpirvTypeCache::new(&context);
    assert!(cache.is_empty());

    let first = cache.read(ty).expect("model parses MLIR's printed form");
    assert_eq!(first.to_string(), text);
    assert_eq!(first.storage_class(), Some(StorageClass::StorageBuffer));
    let second = cache.read(ty).unwrap();
    assert!(Arc::ptr_eq(&first, &second));
    assert_eq!(cache.parses(), 1);

    // Parsing the text again yields the same uniqued MLIR type: still a hit.
    let again = Type::parse(&context, text).unwrap();
    assert!(Arc::ptr_eq(&first, &cache.read(again).unwrap()));
    assert_eq!(cache.parses(), 1);

    // A different type is a miss; builtin types go through the same path.
    let i32_type = Type::parse(&context, "i32").unwrap();
    assert_eq!(*cache.read(i32_type).unwrap(), SpirvType::int(32));
    assert_eq!((cache.parses(), cache.len()), (2, 2));
}
