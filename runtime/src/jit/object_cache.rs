//! Compiled objects kept between runs ([`crate::CompileOptions::object_cache`]):
//! the JIT's machine code for one LLVM IR module on this CPU, so that a later
//! compile of the same module (the same kernel run again with other inputs,
//! another thread count, or a mode that leaves the IR as it was) skips LLVM's
//! code generation, about half of a compile.
//!
//! An entry is one file, `<hash>.o` in the cache folder: a header, the whole
//! key (the IR text, the CPU and its features, the LLVM and runner versions)
//! and the object file. A hit compares the whole key, so a hash collision or
//! a file of another build is a miss, never the wrong code. Entries are
//! written to a temporary name and renamed into place: processes sharing the
//! folder (lit's workers, fuzz-diff's jobs) never read half a file. The cache
//! is best effort: a folder that cannot be read or written only costs the
//! compile it would have saved.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// The first bytes of an entry; bumped when what the JIT makes of the same
/// IR changes without the key showing it (its code-generation settings).
const MAGIC: &[u8] = b"spirv-run-rs object cache 1\n";

/// Everything the machine code depends on besides the IR text.
fn target_key() -> String {
    let (mut major, mut minor, mut patch) = (0, 0, 0);
    // SAFETY: writes three integers through the pointers given.
    unsafe { inkwell::llvm_sys::core::LLVMGetVersion(&mut major, &mut minor, &mut patch) };
    format!(
        "{}\n{}\nLLVM {major}.{minor}.{patch}\nspirv-run {}\n",
        super::host_cpu(),
        super::host_features(),
        env!("CARGO_PKG_VERSION")
    )
}

/// One module's place in the cache.
pub(crate) struct Entry {
    path: PathBuf,
    key: Vec<u8>,
}

impl Entry {
    /// The entry of `llvm_ir` in the cache folder `dir`.
    pub(crate) fn new(dir: &Path, llvm_ir: &str) -> Self {
        let mut key = target_key().into_bytes();
        key.extend_from_slice(llvm_ir.as_bytes());
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        key.hash(&mut hasher);
        Self { path: dir.join(format!("{:016x}.o", hasher.finish())), key }
    }

    /// The object compiled for exactly this key before, if the cache has it.
    pub(crate) fn load(&self) -> Option<Vec<u8>> {
        let bytes = std::fs::read(&self.path).ok()?;
        let rest = bytes.strip_prefix(MAGIC)?;
        let (length, rest) = rest.split_first_chunk::<8>()?;
        let length = usize::try_from(u64::from_le_bytes(*length)).ok()?;
        if rest.get(..length)? != self.key.as_slice() {
            tracing::debug!(path = %self.path.display(), "object cache: another module under this hash");
            return None;
        }
        let object = rest[length..].to_vec();
        (!object.is_empty()).then_some(object)
    }

    /// Keeps `object` (what the JIT compiled for this key); failures are
    /// only logged.
    pub(crate) fn store(&self, object: &[u8]) {
        let write = || -> std::io::Result<()> {
            let dir = self.path.parent().unwrap_or(Path::new("."));
            std::fs::create_dir_all(dir)?;
            let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
            let temporary = dir.join(format!(".{}.{}.{nanos}.tmp", std::process::id(), self.key.len()));
            let mut bytes = Vec::with_capacity(MAGIC.len() + 8 + self.key.len() + object.len());
            bytes.extend_from_slice(MAGIC);
            bytes.extend_from_slice(&(self.key.len() as u64).to_le_bytes());
            bytes.extend_from_slice(&self.key);
            bytes.extend_from_slice(object);
            std::fs::write(&temporary, bytes)?;
            std::fs::rename(&temporary, &self.path).inspect_err(|_| {
                let _ = std::fs::remove_file(&temporary);
            })
        };
        if let Err(error) = write() {
            tracing::warn!(path = %self.path.display(), %error, "object cache: entry not written");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_other_keys_miss() {
        let dir = std::env::temp_dir().join(format!("spirv-run-object-cache-{}", std::process::id()));
        let first = Entry::new(&dir, "define void @f() { ret void }");
        assert_eq!(first.load(), None, "an empty cache has nothing");
        first.store(b"\x7fELF object");
        assert_eq!(first.load().as_deref(), Some(&b"\x7fELF object"[..]));
        // Another module is another key; one forced onto the same file (a
        // hash collision) is a miss, not the first module's code.
        let other = Entry::new(&dir, "define void @g() { ret void }");
        assert_eq!(other.load(), None);
        let collision = Entry { path: first.path.clone(), key: other.key.clone() };
        assert_eq!(collision.load(), None);
        // A truncated or foreign file is a miss.
        std::fs::write(&first.path, &MAGIC[..5]).unwrap();
        assert_eq!(first.load(), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
