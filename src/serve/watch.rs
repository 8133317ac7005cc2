//! Live reload: definition files watched on disk, each change announced to the pages as a server-sent event.

use super::Catalogue;
use notify::{EventKind, RecursiveMode, Watcher};
use std::collections::BTreeSet;
use tokio::sync::broadcast;

/// Watches the definition files of `catalogue` (given files and library games) and sends the id of a game on
/// `changes` when its file is written, created or replaced. The folders are watched rather than the files, as
/// editors often save by writing a new file and renaming it over the old one. The watcher lives as long as the
/// value returned.
pub(crate) fn watch(
    catalogue: &Catalogue,
    changes: broadcast::Sender<String>,
) -> notify::Result<notify::RecommendedWatcher> {
    let owned = catalogue.clone();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        let Ok(event) = event else { return };
        if matches!(event.kind, EventKind::Access(_)) {
            return;
        }
        let ids: BTreeSet<String> =
            event.paths.iter().filter_map(|p| owned.by_file(p)).map(|entry| entry.id.clone()).collect();
        for id in ids {
            // No page listening is not an error.
            let _ = changes.send(id);
        }
    })?;
    let folders: BTreeSet<_> =
        catalogue.entries().iter().filter_map(|e| e.file.as_ref()?.parent().map(|p| p.to_path_buf())).collect();
    for folder in folders {
        watcher.watch(&folder, RecursiveMode::NonRecursive)?;
    }
    Ok(watcher)
}
