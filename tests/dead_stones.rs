//! The dead-stone estimate against the results people agreed on (OGS's counted games) and against
//! GNU Go's `final_score`.

use qipan::core::ownership::{result_text, scores_dead_removed, territory_scores};
use qipan::record::{Legality, dead_stones, game_for_record, replay_position};
use qipan::sgf::parse_sgf_bytes;
use std::path::{Path, PathBuf};

fn ogs_records() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/go/sgf/ogs-finished-games");
    let mut out = Vec::new();
    for sub in ["9x9", "19x19"] {
        for e in std::fs::read_dir(root.join(sub)).expect("shared data present").flatten() {
            if e.path().extension().is_some_and(|x| x == "sgf") {
                out.push(e.path());
            }
        }
    }
    out.sort();
    out
}

/// `B+7.5` → +7.5, `W+3` → -3 (Black's margin).
fn margin(result: &str) -> Option<f64> {
    let (who, pts) = result.split_once('+')?;
    let x: f64 = pts.parse().ok()?;
    match who {
        "B" => Some(x),
        "W" => Some(-x),
        _ => None,
    }
}

/// Our estimate of a record's result under the rules it was played with.
fn estimate(path: &Path) -> Option<(f64, f64)> {
    let sgf = parse_sgf_bytes(&std::fs::read(path).ok()?).ok()?;
    let recorded = margin(sgf.result.as_deref()?)?;
    let japanese = sgf.rules.as_deref().is_some_and(|r| r.eq_ignore_ascii_case("japanese"));
    // Area counting under Chinese rules gives White a point per handicap stone, as OGS counts.
    let extra = if japanese { vec![] } else { vec![("handicap_compensation".to_string(), "true".to_string())] };
    let game = game_for_record("go", &extra, &sgf).ok()?;
    let r = replay_position(&game, &sgf, None, Legality::Check).ok()?;
    let dead = dead_stones(&r.position);
    let scores =
        if japanese { territory_scores(&r.position, &dead)? } else { scores_dead_removed(&r.position, &dead)? };
    Some((scores[0] - scores[1], recorded))
}

#[test]
fn agrees_with_the_results_of_counted_games() {
    let files = ogs_records();
    assert!(files.len() >= 700);
    let (mut n, mut same_winner, mut exact, mut within_two) = (0, 0, 0, 0);
    for f in &files {
        let Some((mine, recorded)) = estimate(f) else { continue };
        n += 1;
        same_winner += usize::from(mine.signum() == recorded.signum());
        exact += usize::from((mine - recorded).abs() < 1e-9);
        within_two += usize::from((mine - recorded).abs() <= 2.0);
    }
    let pct = |x: usize| 100.0 * x as f64 / n as f64;
    eprintln!(
        "OGS counted games: {n} scored; same winner {:.1}%, exact score {:.1}%, within 2 points {:.1}%",
        pct(same_winner),
        pct(exact),
        pct(within_two)
    );
    assert!(n as f64 >= 0.95 * files.len() as f64, "{n} of {} records scored", files.len());
    // The aims; the estimate is seeded, so the rates are reproducible.
    assert!(pct(same_winner) >= 95.0, "same winner in {:.1}%", pct(same_winner));
    assert!(pct(exact) >= 70.0, "exact score in {:.1}%", pct(exact));
}

#[test]
fn agrees_with_gnu_go_final_score() {
    let gnugo = ["/usr/games/gnugo", "/usr/bin/gnugo"].into_iter().find(|p| Path::new(p).exists());
    let Some(gnugo) = gnugo else {
        assert!(std::env::var_os("QIPAN_REQUIRE_GNUGO").is_none(), "GNU Go is required (apt-get install gnugo)");
        return;
    };
    let files: Vec<PathBuf> =
        ogs_records().into_iter().filter(|p| p.to_string_lossy().contains("9x9")).step_by(8).collect();
    let (mut n, mut same_winner, mut exact) = (0, 0, 0);
    for f in &files {
        let Ok(sgf) = parse_sgf_bytes(&std::fs::read(f).unwrap()) else { continue };
        let game = game_for_record("go", &[], &sgf).unwrap();
        let Ok(r) = replay_position(&game, &sgf, None, Legality::Check) else { continue };
        if r.illegal.is_some() {
            continue;
        }
        let dead = dead_stones(&r.position);
        let mine = result_text(&r.position, &scores_dead_removed(&r.position, &dead).unwrap());
        // GNU Go over GTP with a copy under a plain name (GTP file names cannot hold spaces).
        let tmp = std::env::temp_dir().join(format!("qipan-dead-{}.sgf", std::process::id()));
        std::fs::copy(f, &tmp).unwrap();
        let input = format!("loadsgf {}\nfinal_score\nquit\n", tmp.display());
        let out = std::process::Command::new(gnugo)
            .args(["--mode", "gtp", "--chinese-rules", "--positional-superko", "--forbid-suicide"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut c| {
                use std::io::Write;
                c.stdin.take().unwrap().write_all(input.as_bytes())?;
                c.wait_with_output()
            })
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let Some(theirs) = text.split("\n\n").nth(1).and_then(|r| r.strip_prefix("= ")).map(str::trim) else {
            continue;
        };
        n += 1;
        same_winner += usize::from(margin(theirs).map(f64::signum) == margin(&mine).map(f64::signum));
        exact += usize::from(theirs == mine);
    }
    let pct = |x: usize| 100.0 * x as f64 / n.max(1) as f64;
    eprintln!("GNU Go final_score on {n} 9x9 games: same winner {:.1}%, exact {:.1}%", pct(same_winner), pct(exact));
    assert!(n >= 20);
    assert!(pct(same_winner) >= 95.0, "same winner in {:.1}%", pct(same_winner));
    assert!(pct(exact) >= 70.0, "exact score in {:.1}%", pct(exact));
}
