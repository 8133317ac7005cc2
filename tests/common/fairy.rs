//! Fairy-Stockfish 11.1 (`apt-get install fairy-stockfish`), the reference for chess variants, driven
//! over UCI: `go perft N` gives each root move's count and the total.
//!
//! Tests that need it call [`Fairy::start`], which gives `None` where it is not installed, unless
//! `QIPAN_REQUIRE_FAIRY` is set (as `scripts/test` does after installing it): then its absence fails.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A running Fairy-Stockfish.
pub struct Fairy {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

/// A perft from Fairy-Stockfish: the count of each root move (in its UCI text, `e2e4`, `P@e4`,
/// `h2h9+`) and their sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divide {
    pub moves: Vec<(String, u64)>,
    pub total: u64,
}

impl Fairy {
    /// Starts the engine, or `None` when it is not installed and not required.
    pub fn start() -> Option<Fairy> {
        let path =
            ["/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish"].into_iter().find(|p| Path::new(p).exists());
        let Some(path) = path else {
            assert!(
                std::env::var_os("QIPAN_REQUIRE_FAIRY").is_none(),
                "Fairy-Stockfish is required (apt-get install fairy-stockfish)"
            );
            eprintln!("Fairy-Stockfish is not installed: skipped");
            return None;
        };
        Some(Fairy::spawn(path, &[]))
    }

    /// Starts any UCI engine (`qipan uci`, say) and waits for its `uciok`.
    pub fn spawn(path: &str, args: &[&str]) -> Fairy {
        let mut child = Command::new(path)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("start {path}: {e}"));
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        let mut fairy = Fairy { child, input, output };
        fairy.send("uci");
        fairy.read_until("uciok");
        fairy
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("write to fairy-stockfish");
        self.input.flush().unwrap();
    }

    /// The lines up to the first that starts with `end` (included).
    fn read_until(&mut self, end: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self.output.read_line(&mut line).expect("read from fairy-stockfish");
            assert!(n > 0, "fairy-stockfish stopped before `{end}`");
            let line = line.trim_end().to_string();
            let done = line.starts_with(end);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Sets a UCI option (`UCI_Variant`, `UCI_Chess960`, ...).
    pub fn set(&mut self, name: &str, value: &str) {
        self.send(&format!("setoption name {name} value {value}"));
        self.send("isready");
        self.read_until("readyok");
    }

    /// The perft of `variant` to `depth` from `fen` (the variant's start when `None`) after `moves`
    /// (UCI texts).
    pub fn perft(&mut self, variant: &str, fen: Option<&str>, moves: &[&str], depth: u32) -> Divide {
        self.set("UCI_Variant", variant);
        let from = fen.map_or("startpos".to_string(), |f| format!("fen {f}"));
        let tail = if moves.is_empty() { String::new() } else { format!(" moves {}", moves.join(" ")) };
        self.send(&format!("position {from}{tail}"));
        self.send(&format!("go perft {depth}"));
        let mut divide = Divide { moves: Vec::new(), total: 0 };
        for line in self.read_until("Nodes searched") {
            if let Some(n) = line.strip_prefix("Nodes searched: ") {
                divide.total = n.trim().parse().expect("a node count");
            } else if let Some((mv, n)) = line.split_once(": ")
                && let Ok(n) = n.trim().parse()
                && !mv.contains(' ')
            {
                divide.moves.push((mv.to_string(), n));
            }
        }
        divide
    }

    /// The engine's move in `variant` after `moves` from its start, searched with `go {limits}`: its UCI
    /// text, or `None` for `bestmove (none)`.
    pub fn best_move(&mut self, moves: &[String], limits: &str) -> Option<String> {
        let tail = if moves.is_empty() { String::new() } else { format!(" moves {}", moves.join(" ")) };
        self.send(&format!("position startpos{tail}"));
        self.send(&format!("go {limits}"));
        let last = self.read_until("bestmove").pop().unwrap();
        let mv = last.split_whitespace().nth(1).expect("a move after bestmove");
        (mv != "(none)").then(|| mv.to_string())
    }

    /// The engine's FEN of a position (its `d` command), to compare with qipan's.
    pub fn fen(&mut self, variant: &str, fen: Option<&str>, moves: &[&str]) -> String {
        self.set("UCI_Variant", variant);
        let from = fen.map_or("startpos".to_string(), |f| format!("fen {f}"));
        let tail = if moves.is_empty() { String::new() } else { format!(" moves {}", moves.join(" ")) };
        self.send(&format!("position {from}{tail}"));
        self.send("d");
        let lines = self.read_until("Checkers");
        let fen = lines.iter().find_map(|l| l.strip_prefix("Fen: ")).expect("a Fen line");
        fen.to_string()
    }
}

impl Drop for Fairy {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}
