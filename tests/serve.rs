//! The playground's JSON API (`qipan serve`), driven through its Router: every endpoint, a move list replayed,
//! an illegal move naming its rule, bad requests answered with a 4xx JSON error, live reload's events.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use futures_util::StreamExt;
use qipan::serve::{Catalogue, router};
use serde_json::{Value, json};
use tower::ServiceExt;

async fn call(app: &axum::Router, method: &str, path: &str, body: Option<String>) -> (StatusCode, Value) {
    let req = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(body.map(Body::from).unwrap_or_else(Body::empty))
        .unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let bytes = axum::body::to_bytes(resp.into_body(), 1 << 24).await.unwrap();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {}", String::from_utf8_lossy(&bytes)));
    (status, value)
}

async fn post(app: &axum::Router, path: &str, body: Value) -> (StatusCode, Value) {
    call(app, "POST", path, Some(body.to_string())).await
}

fn app() -> axum::Router {
    router(Catalogue::new(&[]).unwrap())
}

fn go9(moves: &[&str]) -> Value {
    json!({"game": "go", "options": {"size": "9"}, "moves": moves})
}

#[tokio::test]
async fn games_are_listed_with_their_typed_options() {
    let (status, v) = call(&app(), "GET", "/api/games", None).await;
    assert_eq!(status, StatusCode::OK);
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.iter().filter(|g| g["source"] == "builtin").count(), qipan::games::BUILTIN.len());
    let go = games.iter().find(|g| g["name"] == "go").unwrap();
    let size = go["options"].as_array().unwrap().iter().find(|o| o["name"] == "size").unwrap();
    assert_eq!((size["type"].as_str(), size["default"].as_str()), (Some("int"), Some("19")));
}

#[tokio::test]
async fn the_page_and_its_assets_are_served() {
    for path in ["/", "/app.js", "/board.js", "/style.css"] {
        let req = Request::builder().uri(path).body(Body::empty()).unwrap();
        let resp = app().oneshot(req).await.unwrap();
        assert_eq!(resp.status(), StatusCode::OK, "{path}");
    }
    let (status, v) = call(&app(), "GET", "/no/such/page", None).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::NOT_FOUND, Some("no such page or endpoint")));
}

#[tokio::test]
async fn a_move_list_replays_into_the_state() {
    let (status, v) = post(&app(), "/api/state", go9(&["E5", "C3"])).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["to_move"], "black");
    assert_eq!(v["moves"], json!(["E5", "C3"]));
    assert_eq!(v["movers"], json!(["black", "white"]));
    assert_eq!(v["legal"].as_array().unwrap().len(), 79 + 1); // the empty points and the pass
    assert_eq!(v["can_pass"], true);
    assert!(v["svg"].as_str().unwrap().starts_with("<svg"));
    assert_eq!(v["nodes"].as_array().unwrap().len(), 81);
    assert_eq!(v["status"], "black to move (ply 3)");
    assert!(v["outcome"].is_null() && v["stopped"].is_null());
}

#[tokio::test]
async fn a_selected_piece_shows_its_targets() {
    let chess = json!({"game": "chess", "moves": [], "selected": "b1"});
    let (status, v) = post(&app(), "/api/state", chess).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["targets"]["b1"], json!(["c3", "a3"]));
    assert_eq!(v["targets"]["e2"], json!(["e3", "e4"]));
    assert_eq!(v["svg"].as_str().unwrap().matches("class=\"target\"").count(), 2);
}

#[tokio::test]
async fn moves_are_played_by_text_or_by_nodes() {
    let (status, v) = post(&app(), "/api/play", json!({"game": "chess", "moves": [], "from": "e2", "to": "e4"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!((v["played"].as_str(), v["to_move"].as_str()), (Some("e2-e4"), Some("black")));
    let (_, v) = post(&app(), "/api/play", json!({"game": "chess", "moves": ["e2-e4"], "move": "e7-e5"})).await;
    assert_eq!(v["moves"], json!(["e2-e4", "e7-e5"]));
    // A placement is played by its node alone.
    let (_, v) = post(&app(), "/api/play", json!({"game": "go", "options": {"size": "9"}, "to": "E5"})).await;
    assert_eq!(v["played"], "E5");
    let (_, v) = post(&app(), "/api/play", json!({"game": "go", "options": {"size": "9"}, "move": "resign"})).await;
    assert_eq!(v["outcome"]["text"], "W+R", "{v}");
}

#[tokio::test]
async fn a_promotion_returns_the_choices() {
    let state = json!({"game": "chess", "fen": "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "from": "a7", "to": "a8"});
    let (status, v) = post(&app(), "/api/play", state).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let choices: Vec<String> = serde_json::from_value(v["choices"].clone()).unwrap();
    assert_eq!(choices.len(), 4, "{choices:?}");
    let queen = choices.iter().find(|c| c.to_lowercase().contains('q')).unwrap().clone();
    let (_, v) =
        post(&app(), "/api/play", json!({"game": "chess", "fen": "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "move": queen}))
            .await;
    assert!(v["position_fen"].as_str().unwrap().starts_with("Q3k3/"), "{v}");
}

#[tokio::test]
async fn an_illegal_move_names_the_rule_it_breaks() {
    let (status, v) =
        post(&app(), "/api/play", json!({"game": "go", "options": {"size": "9"}, "moves": ["E5"], "move": "E5"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap().contains("occupied"), "{v}");
    // In a list, the replay stops there and says why.
    let (status, v) = post(&app(), "/api/state", go9(&["E5", "C3", "E5", "D4"])).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["moves"], json!(["E5", "C3"]));
    assert_eq!((v["stopped"]["index"].as_u64(), v["stopped"]["move"].as_str()), (Some(2), Some("E5")));
    assert!(v["stopped"]["reason"].as_str().unwrap().contains("occupied"), "{v}");
    // Playing on from a list with a refused move is refused.
    let mut state = go9(&["E5", "E5"]);
    state["move"] = json!("D4");
    let (status, v) = post(&app(), "/api/play", state).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap().starts_with("move 2 `E5`: "), "{v}");
}

#[tokio::test]
async fn bad_requests_get_4xx_json_errors() {
    let a = app();
    let cases: Vec<(&str, String, StatusCode, &str)> = vec![
        ("/api/state", "{not json".into(), StatusCode::BAD_REQUEST, "JSON"),
        ("/api/state", json!({"moves": []}).to_string(), StatusCode::UNPROCESSABLE_ENTITY, "game"),
        (
            "/api/state",
            json!({"game": "/etc/passwd"}).to_string(),
            StatusCode::NOT_FOUND,
            "not a game this server offers",
        ),
        (
            "/api/state",
            json!({"game": "go", "options": {"size": "99"}}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "size",
        ),
        (
            "/api/state",
            json!({"game": "chess", "selected": "z9"}).to_string(),
            StatusCode::BAD_REQUEST,
            "`z9` is not a node",
        ),
        ("/api/state", json!({"game": "chess", "fen": "garbage"}).to_string(), StatusCode::BAD_REQUEST, "FEN"),
        ("/api/play", json!({"game": "chess"}).to_string(), StatusCode::BAD_REQUEST, "give `move`"),
        (
            "/api/play",
            json!({"game": "chess", "move": "e2~e4"}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "cannot read move",
        ),
        (
            "/api/play",
            json!({"game": "chess", "from": "e2", "to": "e5"}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "no legal move from e2 to e5",
        ),
        (
            "/api/ai",
            json!({"game": "chess", "agent": "deep-thought"}).to_string(),
            StatusCode::BAD_REQUEST,
            "unknown agent",
        ),
        (
            "/api/ai",
            json!({"game": "chess", "agent": "mcts:iterations=100000000"}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "at most",
        ),
        (
            "/api/record/save",
            json!({"game": "chess", "format": "pdf"}).to_string(),
            StatusCode::BAD_REQUEST,
            "unknown format",
        ),
        (
            "/api/record/save",
            json!({"game": "chess", "format": "sgf"}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "SGF",
        ),
        (
            "/api/record/load",
            json!({"game": "go", "text": "(;GM[1]SZ[9];B[zz"}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "",
        ),
        (
            "/api/simulate",
            json!({"game": "go", "games": 1_000_000}).to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "games must be",
        ),
        (
            "/api/simulate",
            json!({"game": "go", "games": 1, "agents": {"red": "random"}}).to_string(),
            StatusCode::BAD_REQUEST,
            "no seat `red`",
        ),
    ];
    for (path, body, status, needle) in cases {
        let (got, v) = call(&a, "POST", path, Some(body.clone())).await;
        assert_eq!(got, status, "{path} {body}: {v}");
        assert!(v["error"].as_str().unwrap().contains(needle), "{path} {body}: {v}");
    }
    let (status, v) = call(&a, "GET", "/api/simulate/12345", None).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::NOT_FOUND, Some("no job 12345")));
    let (status, _) = call(&a, "GET", "/api/simulate/x", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Limits: a body over a mebibyte, a list of moves over the limit.
    let huge = json!({"game": "go", "moves": vec!["pass"; 300_000]}).to_string();
    let (status, _) = call(&a, "POST", "/api/state", Some(huge)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    let (status, v) =
        post(&a, "/api/state", json!({"game": "go", "moves": vec!["pass"; qipan::serve::MAX_MOVES + 1]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("more than the limit"));
}

#[tokio::test]
async fn a_computer_player_chooses_a_legal_move() {
    let mut state = go9(&["E5"]);
    state["agent"] = json!("mcts:iterations=50");
    let (status, v) = post(&app(), "/api/ai", state).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let mv = v["move"].as_str().unwrap();
    let (status, v) =
        post(&app(), "/api/play", json!({"game": "go", "options": {"size": "9"}, "moves": ["E5"], "move": mv})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
}

#[tokio::test]
async fn records_are_saved_and_loaded() {
    let a = app();
    for format in ["qipan", "sgf"] {
        let mut state = go9(&["E5", "C3", "pass"]);
        state["format"] = json!(format);
        let (status, saved) = post(&a, "/api/record/save", state).await;
        assert_eq!(status, StatusCode::OK, "{saved}");
        let (status, v) = post(&a, "/api/record/load", json!({"game": "go", "text": saved["text"]})).await;
        assert_eq!(status, StatusCode::OK, "{format}: {v}");
        assert_eq!((v["format"].as_str(), &v["moves"]), (Some(format), &json!(["E5", "C3", "pass"])));
        assert_eq!(v["options"]["size"], "9");
    }
    let (_, saved) = post(&a, "/api/record/save", json!({"game": "chess", "moves": ["e2-e4"], "format": "fen"})).await;
    assert_eq!(saved["text"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let (status, v) = post(&a, "/api/record/load", json!({"game": "chess", "text": saved["text"]})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!((v["to_move"].as_str(), v["fen"].as_str()), (Some("black"), saved["text"].as_str()));
    // PGN: chess and its family, in SAN; the Variant tag names the game on the way back.
    let moves = json!(["e2-e4", "e7-e5", "g1-f3", "b8-c6"]);
    let (status, saved) =
        post(&a, "/api/record/save", json!({"game": "xiangqi", "moves": ["h3-e3"], "format": "pgn"})).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert!(saved["text"].as_str().unwrap().contains("[Variant \"xiangqi\"]"), "{saved}");
    let (status, v) = post(&a, "/api/record/load", json!({"game": "chess", "text": saved["text"]})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!((v["game"].as_str(), v["ply"].as_u64()), (Some("xiangqi"), Some(1)));
    let (_, saved) = post(&a, "/api/record/save", json!({"game": "chess", "moves": moves, "format": "pgn"})).await;
    let text = saved["text"].as_str().unwrap();
    assert!(text.contains("1. e4 e5 2. Nf3 Nc6 *"), "{text}");
    let (status, v) = post(&a, "/api/record/load", json!({"game": "chess", "text": text})).await;
    assert_eq!((status, v["format"].as_str(), v["ply"].as_u64()), (StatusCode::OK, Some("pgn"), Some(4)), "{v}");
    let (status, v) = post(&a, "/api/record/save", json!({"game": "go", "moves": ["E5"], "format": "pgn"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
}

#[tokio::test]
async fn simulate_runs_as_a_job_with_progress() {
    let a = app();
    let body = json!({"game": "tic-tac-toe", "games": 20, "agents": {"x": "greedy"}, "seed": 3});
    let (status, v) = post(&a, "/api/simulate", body).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let poll = v["poll"].as_str().unwrap().to_string();
    let report = loop {
        let (status, v) = call(&a, "GET", &poll, None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(v["total"], 20);
        if v["done"] == true {
            assert_eq!(v["finished"], 20);
            break v["report"].clone();
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert_eq!(report["records"].as_array().unwrap().len(), 20);
    assert!(report["chart"].as_str().unwrap().starts_with("<svg"));
    assert!(report.get("players").is_some() || report.get("lengths").is_some(), "{report}");
}

#[tokio::test]
async fn an_edited_definition_is_announced_and_a_broken_one_gives_diagnostics() {
    let dir = std::env::temp_dir().join(format!("qipan-serve-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mine.yaml");
    std::fs::write(&file, "extends: go\nname: mine\noptions:\n  size: { default: 5 }\n").unwrap();
    let id = file.display().to_string();
    let a = router(Catalogue::new(std::slice::from_ref(&id)).unwrap());
    let (_, games) = call(&a, "GET", "/api/games", None).await;
    assert_eq!(games["games"][0]["name"], id.as_str()); // given files come first
    let state = json!({"game": id, "moves": ["C3"]});
    let (status, v) = post(&a, "/api/state", state.clone()).await;
    assert_eq!((status, v["nodes"].as_array().unwrap().len()), (StatusCode::OK, 25));

    let req = Request::builder().uri("/api/events").body(Body::empty()).unwrap();
    let resp = a.clone().oneshot(req).await.unwrap();
    assert_eq!(resp.headers()["content-type"], "text/event-stream");
    let mut events = resp.into_body().into_data_stream();
    std::fs::write(&file, "extends: go\nname: mine\noptions:\n  size: { default: 7 }\n").unwrap();
    let frame =
        tokio::time::timeout(std::time::Duration::from_secs(10), events.next()).await.unwrap().unwrap().unwrap();
    let text = String::from_utf8_lossy(&frame).to_string();
    assert!(text.contains("event: change") && text.contains(&id), "{text}");
    let (_, v) = post(&a, "/api/state", state.clone()).await;
    assert_eq!(v["nodes"].as_array().unwrap().len(), 49);

    std::fs::write(&file, "extends: go\nname: mine\noptions:\n  size: { default: 7 }\nboard: [\n").unwrap();
    let (status, v) = post(&a, "/api/state", state.clone()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let diagnostics = v["diagnostics"].as_str().unwrap();
    assert!(diagnostics.contains("mine.yaml:"), "{diagnostics}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every request the book's playground chapter shows (a block fenced as ```` ```json POST /api/... ````) is
/// answered with 200.
#[tokio::test]
async fn the_books_examples_are_accepted() {
    let chapter = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/book/src/playground.md")).unwrap();
    let a = app();
    let mut seen = 0;
    let mut lines = chapter.lines();
    while let Some(line) = lines.next() {
        let Some(path) = line.strip_prefix("```json POST ") else { continue };
        let body: String = lines.by_ref().take_while(|l| !l.starts_with("```")).collect::<Vec<_>>().join("\n");
        let (status, v) = call(&a, "POST", path.trim(), Some(body.clone())).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}: {v}");
        seen += 1;
    }
    assert_eq!(seen, 6);
}

/// An option without a default is the player's to set: the answer says which, and is not a broken
/// definition's diagnostics (the page would hide the board behind them).
#[tokio::test]
async fn an_option_without_a_default_is_asked_for() {
    let app = app();
    let (status, body) = post(&app, "/api/state", json!({"game": "field-go", "moves": []})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().unwrap().contains("`komi`"), "{body}");
    assert!(body.get("diagnostics").is_none(), "{body}");
    let (status, body) =
        post(&app, "/api/state", json!({"game": "field-go", "options": {"komi": "7.5"}, "moves": []})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// A turn in two parts: the amazon's move clicked, the answer maps each square its arrow may reach to the
/// whole move, and marks them on the picture.
#[tokio::test]
async fn a_second_part_is_offered_by_its_node() {
    let app = app();
    let state = json!({"game": "amazons", "moves": []});
    let (_, v) = post(&app, "/api/state", state.clone()).await;
    let (from, targets) = v["targets"].as_object().unwrap().iter().next().unwrap();
    let to = targets[0].as_str().unwrap();
    let mut req = state.clone();
    req["from"] = json!(from);
    req["to"] = json!(to);
    let (status, r) = post(&app, "/api/play", req).await;
    assert_eq!(status, StatusCode::OK, "{r}");
    let second = r["second"].as_object().unwrap();
    assert_eq!(second.len(), r["choices"].as_array().unwrap().len());
    for (node, text) in second {
        assert_eq!(text.as_str().unwrap(), format!("{from}-{to}/{node}"));
    }
    assert!(second.contains_key(from.as_str()), "the square left is free for the arrow");
    assert_eq!(r["svg"].as_str().unwrap().matches("class=\"target\"").count(), second.len());
    // A promotion is told apart by its piece, not a node: buttons only.
    let fen = json!({"game": "chess", "fen": "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "moves": [], "from": "a7", "to": "a8"});
    let (_, r) = post(&app, "/api/play", fen).await;
    assert_eq!(r["choices"].as_array().unwrap().len(), 4);
    assert!(r.get("second").is_none());
}

/// An SGF game with handicap stones: the stones become the start (as FEN, White to move), the moves follow.
#[tokio::test]
async fn sgf_setup_stones_become_the_start() {
    let app = app();
    let text = "(;GM[1]FF[4]SZ[9]KM[0.5]HA[2]AB[cc][gg];W[ee];B[dd])";
    let (status, v) = post(&app, "/api/record/load", json!({"game": "go", "text": text})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["moves"], json!(["E5", "D6"]));
    let fen = v["fen"].as_str().unwrap();
    // C7 and G3 black before the first move, the second seat (White) to move: FEN's `b`, as in chess.
    assert!(fen.starts_with("9/9/2X6/9/9/9/6X2/9/9 b "), "{fen}");
    assert_eq!(v["ply"], json!(3)); // the FEN start counts as after one ply: White is second
    assert_eq!(v["to_move"], json!("white"), "{v}");
}

/// A game started from a FEN keeps its start in a saved qipan record, and loads back to the same position.
#[tokio::test]
async fn a_fen_start_survives_a_qipan_record() {
    let app = app();
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let state = json!({"game": "chess", "fen": fen, "moves": ["a7-a8=queen"]});
    let (status, saved) = post(
        &app,
        "/api/record/save",
        json!({"game": "chess", "fen": fen, "moves": ["a7-a8=queen"], "format": "qipan"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert!(saved["text"].as_str().unwrap().contains(&format!("start: \"{fen}\"")), "{saved}");
    let (status, loaded) = post(&app, "/api/record/load", json!({"game": "chess", "text": saved["text"]})).await;
    assert_eq!(status, StatusCode::OK, "{loaded}");
    let (_, now) = post(&app, "/api/state", state).await;
    assert_eq!(loaded["fen"], json!(fen));
    assert_eq!(loaded["position_fen"], now["position_fen"]);
    assert!(loaded["position_fen"].as_str().unwrap().starts_with("Q3k3/"));
}

/// Chess960's start may be `random`: a number is drawn and the answer's options name it; `random` for any
/// other option is a bad request.
#[tokio::test]
async fn a_random_start_is_drawn_and_named() {
    let app = app();
    let (_, games) = call(&app, "GET", "/api/games", None).await;
    let c960 = games["games"].as_array().unwrap().iter().find(|g| g["name"] == "chess960").unwrap();
    let start = c960["options"].as_array().unwrap().iter().find(|o| o["name"] == "start").unwrap();
    assert_eq!(start["random"], json!(true));
    let (status, v) =
        post(&app, "/api/state", json!({"game": "chess960", "options": {"start": "random"}, "moves": []})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let number: u32 = v["options"]["start"].as_str().unwrap().parse().unwrap();
    assert!(number < 960);
    // The start drawn is the one its number names.
    let (_, named) =
        post(&app, "/api/state", json!({"game": "chess960", "options": {"start": number.to_string()}, "moves": []}))
            .await;
    assert_eq!(named["position_fen"], v["position_fen"]);
    let (status, e) = post(&app, "/api/state", json!({"game": "go", "options": {"size": "random"}, "moves": []})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(e["error"].as_str().unwrap().contains("not for `size`"), "{e}");
}
