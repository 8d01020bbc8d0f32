//! The SPIR-V dialect: types and enum attributes.

pub mod attributes;
pub mod deserialize;
pub mod types;
