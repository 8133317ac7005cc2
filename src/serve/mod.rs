//! `qipan serve`: the playground, a local web server whose page plays, watches and measures games.
//!
//! The server keeps no game: the page sends its state ({game, options, fen, moves}) with every request and the
//! server replays it ([`GameState`]), so several tabs play at once and a definition changed on disk is simply
//! replayed again. The API is JSON and documented in the book's playground chapter; bad requests get a 4xx
//! answer `{"error": "..."}`.
//!
//! ```
//! use qipan::serve::{Catalogue, router};
//!
//! let app = router(Catalogue::new(&[])?);
//! # let _ = app;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod api;
mod catalogue;
mod error;
mod jobs;
mod state;
mod watch;

pub use api::router;
pub use catalogue::{Catalogue, Entry};
pub use error::ApiError;
use jobs::{Jobs, SimulateRequest};
pub use jobs::{MAX_GAMES, MAX_ITERATIONS, MAX_MILLIS, agent_spec};
pub use state::{GameState, MAX_MOVES, Replay, Stopped};
use watch::watch;

/// The most bytes a request body may have: records and move lists are far smaller.
pub const MAX_BODY: usize = 1 << 20;

/// Serves `catalogue` on `addr` until the process ends, writing `http://ADDR/` as the first line of standard
/// output once the socket is bound (`--port 0` picks a free port: this line says which).
///
/// ```no_run
/// let catalogue = qipan::serve::Catalogue::new(&["mygame.yaml".to_string()])?;
/// let runtime = tokio::runtime::Runtime::new()?;
/// runtime.block_on(qipan::serve::serve(catalogue, "127.0.0.1:0".parse()?))?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub async fn serve(catalogue: Catalogue, addr: std::net::SocketAddr) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let bound = listener.local_addr()?;
    {
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        writeln!(out, "http://{bound}/")?;
        out.flush()?;
    }
    let app = router(catalogue);
    axum::serve(listener, app).await
}
