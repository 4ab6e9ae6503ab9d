//! The `parlour` command; everything lives in the library.

fn main() {
    parlour::app::signals::write_past_size_limit_fails();
    if let Err(f) = parlour::app::cli::main_with_args(std::env::args_os()) {
        // Each line its own, as a list of a file's problems is; a message
        // quoting a file never sends the terminal a control character.
        for line in f.message.lines() {
            parlour::tell!("parlour: {}", parlour::core::escape_controls(line));
        }
        std::process::exit(f.code);
    }
}
