//! `qipan serve`: the playground in the browser.

use clap::Args;
use std::process::ExitCode;

#[derive(Args)]
pub struct ServeArgs {
    /// Games to offer first: built-in or library names, or definition files (watched: the page follows
    /// their edits). Every built-in and library game is offered too.
    games: Vec<String>,
    /// The port to listen on (0 picks a free one; the first line printed says which).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on: only this machine by default.
    #[arg(long, default_value = "127.0.0.1")]
    host: std::net::IpAddr,
}

pub fn run(a: ServeArgs) -> anyhow::Result<ExitCode> {
    let catalogue = qipan::serve::Catalogue::new(&a.games)?;
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(qipan::serve::serve(catalogue, std::net::SocketAddr::new(a.host, a.port)))?;
    Ok(ExitCode::SUCCESS)
}
