//! The hooks: each checked for options left unset, then compiled together to Rhai.

use super::Compiler;
use crate::diag::Loc;
use crate::hooks::{HookLimits, HookSource, RhaiHooks};
use crate::schema::{GameDef, Text};
use qipan_core::hooks::Hooks;
use std::sync::Arc;

impl Compiler<'_> {
    /// The compiled hooks, if the definition has any (errors at the line of the hook that has them).
    pub(super) fn hooks(&mut self, def: &GameDef) -> Option<Arc<dyn Hooks>> {
        let mut hooks: Option<Arc<dyn Hooks>> = None;
        for (_, code) in &def.hooks.0 {
            self.uses_only_set(&code.value, code.referenced);
        }
        if !def.hooks.0.is_empty() {
            let sources = def
                .hooks
                .0
                .iter()
                .map(|(point, code)| HookSource {
                    point: point.value.clone(),
                    code: code.value.clone(),
                    file: self.sources.0.get(code.referenced.file).map(|f| f.name.clone()).unwrap_or_default(),
                    line: code_line(self.text(code.referenced), code),
                })
                .collect();
            match RhaiHooks::compile(sources, HookLimits::default(), def.counters.clone()) {
                Ok(h) => hooks = Some(Arc::new(h)),
                Err(e) => {
                    // In the file that wrote the hook; an error at the end of the script points at its last line.
                    let file =
                        def.hooks.0.iter().find(|(p, _)| p.value == e.point).map_or(0, |(_, c)| c.referenced.file);
                    let last = self.sources.0.get(file).map_or(1, |f| f.text.lines().count().max(1));
                    let loc = Loc { line: e.line.clamp(1, last), column: e.column.max(1), file };
                    self.error(loc, format!("hook `{}`: {}", e.point, e.message), None);
                }
            }
        }
        hooks
    }
}

/// The file line where a hook's code starts (block scalars start on the line after the key).
fn code_line(source: &str, code: &Text) -> usize {
    let loc: Loc = code.referenced;
    let first = code.value.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim();
    let lines: Vec<&str> = source.lines().collect();
    for (i, l) in lines.iter().enumerate().skip(loc.line.saturating_sub(1)).take(code.value.lines().count() + 3) {
        if !first.is_empty() && l.contains(first) {
            // The code's own first line may be blank; count back to the start of the value.
            let skipped = code.value.lines().take_while(|x| x.trim().is_empty()).count();
            return i + 1 - skipped;
        }
    }
    loc.line
}
