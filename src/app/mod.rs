//! The application: launcher, menus, settings, the window loop, the
//! headless driver and the command-line commands.

pub mod bench;
pub mod capture;
pub mod catalog;
pub mod cli;
pub mod contact;
pub mod data_dirs;
pub mod driver;
pub mod help_source;
pub mod launcher;
pub mod mines_cli;
pub mod new_type;
pub mod present;
pub mod rummi;
pub mod script;
pub mod settings;
pub mod shell;
pub mod signals;
pub mod sokoban_cmd;
pub mod solve_cmd;
pub mod survey;
pub mod tetris_cmd;
pub mod ticks;
pub mod window;
