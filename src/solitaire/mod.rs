//! Data-driven solitaire: YaZZle game.ini game types read, validated and
//! played by one pile engine. Uses `core` and `cards` only.

pub mod chance;
pub mod deal;
pub mod engine;
pub mod ini;
pub mod library;
pub mod lint;
pub mod quick;
pub mod rules;
pub mod solver;
pub mod spec;
