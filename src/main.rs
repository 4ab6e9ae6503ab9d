//! The `parlour` command; everything lives in the library.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Err(f) = parlour::app::cli::main_with_args(args) {
        if !f.message.is_empty() {
            eprintln!("parlour: {}", f.message);
        }
        std::process::exit(f.code);
    }
}
