//! The `parlour` command; everything lives in the library.

fn main() {
    parlour::app::signals::write_past_size_limit_fails();
    let mut code = 0;
    if let Err(f) = parlour::app::cli::main_with_args(std::env::args_os()) {
        // Each line its own, as a list of a file's problems is; a message
        // quoting a file never sends the terminal a control character.
        for line in f.message.lines() {
            parlour::tell!("parlour: {}", parlour::core::escape_controls(line));
        }
        code = f.code;
    }
    // Output lost (a full disk) is a failure, told as coreutils tell it;
    // a command's own failure keeps its code.
    if let Some(why) = parlour::stdout_failure() {
        parlour::tell!("parlour: standard output cannot be written: {why}");
        if code == 0 {
            code = 1;
        }
    }
    std::process::exit(code);
}
