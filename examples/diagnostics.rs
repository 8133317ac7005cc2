//! Load a definition from a string and print its diagnostics (`file:line:column`, the line, a caret,
//! and what was expected).
//!
//! `cargo run --example diagnostics`

const BROKEN: &str = "name: broken
board:
  grid: { width: 5, height: 5 }
seats: [{ name: white }, { name: black }]
pieces:
  rook:
    moves: slide orthogonl 1..
";

fn main() {
    match qipan::load_str("broken.yaml", BROKEN, &[]) {
        Ok(_) => println!("loaded (unexpectedly)"),
        Err(diagnostics) => {
            for d in &diagnostics.0 {
                println!("{} at line {}, column {}", d.message, d.loc.line, d.loc.column);
            }
            print!("\n{diagnostics}");
        }
    }
}
