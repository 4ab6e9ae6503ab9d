//! Parlour's integration tests, built as one test binary.

mod core_props;
mod golden;
mod help_guide;
mod help_html;
mod help_view;
mod host;
mod install;
mod launcher;
mod mines;
mod palettes;
mod pegs_solver;
mod pegs_view;
mod resume;
mod rummi_rules;
mod rummi_view;
mod script;
mod shots;
mod sokoban;
mod solitaire;
mod solitaire_view;
mod support;
mod tetris;
mod window;
