//! Parlour: period card and puzzle games drawn on software framebuffers that
//! mimic the machines they came from. See DESIGN.md in the shared folder for
//! the map of modules; the pure modules (`core`, `gfx`) never import the
//! presentation ones (`machines`, `app`).

pub mod app;
pub mod assets;
pub mod audio;
pub mod cards;
pub mod checks;
pub mod core;
pub mod games;
pub mod gfx;
pub mod help;
pub mod host;
pub mod machines;
pub mod solitaire;
pub mod views;
