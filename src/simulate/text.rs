//! A report as text for people and as CSV for spreadsheets.

use super::report::by_words;
use super::{Rate, Report};
use std::fmt::Write as _;

/// Writing a report as text or CSV.
///
/// ```
/// # use qipan::simulate::{Report, Simulation};
/// # let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
/// # let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
/// # let records = sim.run(&|_| {})?;
/// let report = Report::new(&sim, &records);
/// assert!(report.text().contains("endings: "));
/// assert_eq!(report.csv().lines().count(), 3); // the header and two players
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Report {
    /// The report for people.
    ///
    /// ```
    /// # use qipan::simulate::{Report, Simulation};
    /// # let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
    /// # let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
    /// # let records = sim.run(&|_| {})?;
    /// let text = Report::new(&sim, &records).text();
    /// assert!(text.starts_with("Go (Chinese rules): 4 games, seed 7\n"));
    /// assert!(text.contains("\nblack  random  "));
    /// assert!(text.contains("\nfirst mover (black): wins "));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn text(&self) -> String {
        let pct = |r: &Rate| format!("{:5.1}% [{:.1}, {:.1}]", 100.0 * r.rate, 100.0 * r.low, 100.0 * r.high);
        let mut s = String::new();
        let _ = writeln!(s, "{}: {} games, seed {}", self.title, self.games, self.seed);
        let wn = self.players.iter().map(|p| p.name.chars().count()).max().unwrap_or(4).max(4);
        let wa = self.players.iter().map(|p| p.agent.chars().count()).max().unwrap_or(5).max(5);
        let cell = |r: &Rate| {
            let ci = format!("[{:.1}, {:.1}]", 100.0 * r.low, 100.0 * r.high);
            format!("{:>5} {:>6} {ci:<14}", r.count, format!("{:.1}%", 100.0 * r.rate))
        };
        let _ = writeln!(
            s,
            "{:wn$}  {:wa$}  {:>12} {:14}  {:>12} {:14}  {:>12} {:14}  captures/game",
            "seat", "agent", "wins", "95% CI", "losses", "95% CI", "draws", "95% CI"
        );
        for p in &self.players {
            let _ = writeln!(
                s,
                "{:wn$}  {:wa$}  {}  {}  {}  {:.1}",
                p.name,
                p.agent,
                cell(&p.wins),
                cell(&p.losses),
                cell(&p.draws),
                p.captures_per_game
            );
        }
        let l = &self.length;
        let _ = writeln!(
            s,
            "length: mean {:.1} plies; min {}, quartiles {} / {} / {}, max {}",
            l.mean,
            l.min,
            crate::core::outcome::fmt_points(l.q1),
            crate::core::outcome::fmt_points(l.median),
            crate::core::outcome::fmt_points(l.q3),
            l.max
        );
        let _ = writeln!(s, "captures: {:.1} per game", self.captures_per_game);
        let endings: Vec<String> = by_words(&self.endings).iter().map(|(k, v)| format!("{k} {v}")).collect();
        let _ = writeln!(s, "endings: {}", endings.join(", "));
        let f = &self.first_mover;
        let _ = writeln!(
            s,
            "first mover ({}): wins {} against {:.1}% for equal chances ({:+.1} points)",
            f.name,
            pct(&f.wins).trim_start(),
            100.0 * f.expected,
            100.0 * f.advantage
        );
        s
    }

    /// One CSV row per player, with a header.
    ///
    /// ```
    /// # use qipan::simulate::{Report, Simulation};
    /// # let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
    /// # let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
    /// # let records = sim.run(&|_| {})?;
    /// let csv = Report::new(&sim, &records).csv();
    /// let rows: Vec<&str> = csv.lines().collect();
    /// assert!(rows[0].starts_with("seat,name,agent,games,wins,"));
    /// assert!(rows[1].starts_with("0,black,random,4,"));
    /// assert!(rows[2].starts_with("1,white,random,4,") && rows[2].ends_with(",false"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn csv(&self) -> String {
        let mut s = String::from(
            "seat,name,agent,games,wins,win_rate,win_low,win_high,losses,loss_rate,loss_low,loss_high,draws,draw_rate,draw_low,draw_high,captures_per_game,mean_length,first_mover\n",
        );
        for p in &self.players {
            let r = |r: &Rate| format!("{},{:.6},{:.6},{:.6}", r.count, r.rate, r.low, r.high);
            let _ = writeln!(
                s,
                "{},{},{},{},{},{},{},{:.6},{:.6},{}",
                p.seat,
                csv_field(&p.name),
                csv_field(&p.agent),
                self.games,
                r(&p.wins),
                r(&p.losses),
                r(&p.draws),
                p.captures_per_game,
                self.length.mean,
                p.seat == self.first_mover.seat
            );
        }
        s
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_string() }
}
