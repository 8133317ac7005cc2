//! A report drawn as a standalone SVG chart: win rates and a histogram of game lengths.

use super::{GameSummary, Report};
use std::fmt::Write as _;

/// Drawing a report.
///
/// ```
/// # use qipan::simulate::{Report, Simulation};
/// # let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
/// # let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
/// # let records = sim.run(&|_| {})?;
/// assert!(Report::new(&sim, &records).svg(&records).ends_with("</svg>\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Report {
    /// A chart as a standalone SVG: each player's win rate (bars, 95% whiskers, a dashed line at equal
    /// chances) and a histogram of game lengths.
    ///
    /// ```
    /// # use qipan::simulate::{Report, Simulation};
    /// # let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
    /// # let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
    /// # let records = sim.run(&|_| {})?;
    /// let svg = Report::new(&sim, &records).svg(&records);
    /// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    /// assert!(svg.contains("Go (Chinese rules) — 4 games, seed 7"));
    /// assert!(svg.ends_with("</svg>\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn svg(&self, records: &[GameSummary]) -> String {
        let (w, h) = (880.0, 380.0);
        let (top, bottom) = (50.0, 310.0);
        let plot_h = bottom - top;
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
        );
        let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
        let _ = writeln!(
            s,
            r#"<text x="{}" y="22" font-size="15" text-anchor="middle">{} — {} games, seed {}</text>"#,
            w / 2.0,
            xml(&self.title),
            self.games,
            self.seed
        );
        // Left panel: win rates.
        let (x0, x1) = (60.0, 410.0);
        axes(&mut s, x0, x1, top, bottom, "win rate (95% CI)");
        for i in 0..=4 {
            let v = i as f64 / 4.0;
            let y = bottom - v * plot_h;
            let _ = writeln!(s, r#"<text x="{}" y="{:.1}" text-anchor="end">{}%</text>"#, x0 - 6.0, y + 4.0, v * 100.0);
            let _ = writeln!(s, r##"<line x1="{x0}" y1="{y:.1}" x2="{x1}" y2="{y:.1}" stroke="#ddd"/>"##);
        }
        let n = self.players.len().max(1) as f64;
        let slot = (x1 - x0) / n;
        let palette = ["#2e86c1", "#c0392b", "#27ae60", "#8e44ad", "#d68910", "#17a589", "#566573", "#a04000"];
        for (i, p) in self.players.iter().enumerate() {
            let cx = x0 + slot * (i as f64 + 0.5);
            let bw = (slot * 0.6).min(60.0);
            let y = bottom - p.wins.rate * plot_h;
            let colour = palette[i % palette.len()];
            let _ = writeln!(
                s,
                r#"<rect x="{:.1}" y="{y:.1}" width="{bw:.1}" height="{:.1}" fill="{colour}"><title>{}: {:.1}%</title></rect>"#,
                cx - bw / 2.0,
                bottom - y,
                xml(&p.name),
                p.wins.rate * 100.0
            );
            let (yl, yh) = (bottom - p.wins.low * plot_h, bottom - p.wins.high * plot_h);
            let _ = writeln!(
                s,
                r#"<path d="M{cx:.1} {yl:.1}V{yh:.1}M{:.1} {yl:.1}h10M{:.1} {yh:.1}h10" stroke="black" fill="none"/>"#,
                cx - 5.0,
                cx - 5.0
            );
            let _ = writeln!(
                s,
                r#"<text x="{cx:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                bottom + 16.0,
                xml(&p.name)
            );
            // The agent's spec, shortened to its slot (the full spec in a tooltip).
            let fit = ((slot / 6.0) as usize).max(3);
            let short: String = if p.agent.chars().count() > fit {
                p.agent.chars().take(fit - 1).chain(std::iter::once('…')).collect()
            } else {
                p.agent.clone()
            };
            let _ = writeln!(
                s,
                r##"<text x="{cx:.1}" y="{:.1}" text-anchor="middle" font-size="10" fill="#555">{}<title>{}</title></text>"##,
                bottom + 30.0,
                xml(&short),
                xml(&p.agent)
            );
        }
        let ye = bottom - self.first_mover.expected * plot_h;
        let _ = writeln!(
            s,
            r##"<line x1="{x0}" y1="{ye:.1}" x2="{x1}" y2="{ye:.1}" stroke="#444" stroke-dasharray="5 4"><title>equal chances</title></line>"##
        );
        // Right panel: lengths.
        let (x0, x1) = (500.0, 850.0);
        axes(&mut s, x0, x1, top, bottom, "game length (plies)");
        let (lo, hi) = (self.length.min, self.length.max.max(self.length.min + 1));
        let bins = 20usize.min((hi - lo + 1) as usize).max(1);
        let width = ((hi - lo + 1) as f64 / bins as f64).max(1.0);
        let mut counts = vec![0usize; bins];
        for r in records {
            let b = (((r.plies.saturating_sub(lo)) as f64 / width) as usize).min(bins - 1);
            counts[b] += 1;
        }
        let most = counts.iter().copied().max().unwrap_or(1).max(1);
        let bw = (x1 - x0) / bins as f64;
        for (i, &c) in counts.iter().enumerate() {
            let bh = c as f64 / most as f64 * plot_h;
            let from = lo as f64 + i as f64 * width;
            let _ = writeln!(
                s,
                r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{bh:.1}" fill="#7f8c8d" stroke="white"><title>{:.0}–{:.0} plies: {c}</title></rect>"##,
                x0 + i as f64 * bw,
                bottom - bh,
                bw,
                from,
                from + width - 1.0
            );
        }
        let _ = writeln!(s, r#"<text x="{}" y="{:.1}" text-anchor="end">{most}</text>"#, x0 - 6.0, top + 4.0);
        let _ = writeln!(s, r#"<text x="{}" y="{:.1}" text-anchor="end">0</text>"#, x0 - 6.0, bottom);
        let _ = writeln!(
            s,
            r#"<text transform="translate({:.1} {:.1}) rotate(-90)" text-anchor="middle">games</text>"#,
            x0 - 10.0,
            (top + bottom) / 2.0
        );
        let _ = writeln!(s, r#"<text x="{x0}" y="{:.1}" text-anchor="middle">{lo}</text>"#, bottom + 16.0);
        let _ = writeln!(s, r#"<text x="{x1}" y="{:.1}" text-anchor="middle">{hi}</text>"#, bottom + 16.0);
        let xm = x0 + (self.length.median - lo as f64) / (hi - lo + 1) as f64 * (x1 - x0);
        let _ = writeln!(
            s,
            r##"<line x1="{xm:.1}" y1="{top}" x2="{xm:.1}" y2="{bottom}" stroke="#c0392b" stroke-dasharray="4 3"><title>median {}</title></line>"##,
            self.length.median
        );
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">mean {:.1}, median {}</text>"#,
            (x0 + x1) / 2.0,
            bottom + 30.0,
            self.length.mean,
            self.length.median
        );
        s.push_str("</svg>\n");
        s
    }
}

/// The frame and title of one panel.
fn axes(s: &mut String, x0: f64, x1: f64, top: f64, bottom: f64, title: &str) {
    let _ = writeln!(s, r#"<path d="M{x0} {top}V{bottom}H{x1}" stroke="black" fill="none"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
        (x0 + x1) / 2.0,
        top - 12.0,
        xml(title)
    );
}

fn xml(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
