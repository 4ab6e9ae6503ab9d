//! Help inside the app: one document model, readers for AmigaGuide, the
//! Imaj-style Mac help format and YaZZle's game.html, and the layout the
//! viewer draws from.

pub mod amigaguide;
pub mod model;
