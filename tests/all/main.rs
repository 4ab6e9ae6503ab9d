//! Parlour's integration tests, built as one test binary. Those that need
//! something from outside the repository are in tests/external.

mod cardgames;
mod chance;
mod core_props;
mod fuzz_seeds;
mod golden;
mod habits;
mod help_guide;
mod help_html;
mod help_view;
mod host;
mod hostile;
mod install;
mod launcher;
mod look;
mod mines;
mod palettes;
mod pegs_solver;
mod pegs_view;
mod resume;
mod rummi_rules;
mod rummi_view;
mod scramble;
mod screen_options;
mod script;
mod select_game;
mod shots;
mod sokoban;
mod solitaire;
mod solitaire_solver;
mod solitaire_view;
mod solver_play;
mod status_line;
mod support;
mod tetris;
mod widgets;
