//! Help inside the app: one document model, readers for AmigaGuide, the
//! Imaj-style Mac help format and YaZZle's game.html, and the layout the
//! viewer draws from.

pub mod amigaguide;
pub mod html;
pub mod html_build;
pub mod imaj;
pub mod layout;
pub mod model;
