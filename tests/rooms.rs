//! The shape of the view model and the web layer (docs/architecture.md): no module imports
//! one that imports it back, directly or round a longer loop, and every file stays small
//! enough to read (`src/ui` 600 lines of code, `src/web` 400, `app.rs` 300; the table of
//! texts, comments and blank lines aside, and a file's own tests after its `#[cfg(test)]`;
//! a file of tests counts whole); and outside the routing, nothing asks which activity shows:
//! it asks the activity what it allows (`src/ui/activity.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, with its module path (`ui::review::rating`).
fn modules(root: &Path, dir: &str) -> BTreeMap<String, PathBuf> {
    let mut found = BTreeMap::new();
    let mut stack = vec![root.join(dir)];
    while let Some(path) = stack.pop() {
        for entry in fs::read_dir(&path).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root.join("src")).unwrap();
                let mut parts: Vec<String> = rel
                    .with_extension("")
                    .iter()
                    .map(|p| p.to_string_lossy().into_owned())
                    .collect();
                if parts.last().is_some_and(|p| p == "mod") {
                    parts.pop();
                }
                found.insert(parts.join("::"), path);
            }
        }
    }
    found
}

/// The code of a file before its tests, without comments.
fn code(path: &Path) -> Vec<String> {
    let text = fs::read_to_string(path).unwrap();
    let before_tests = text.split("#[cfg(test)]").next().unwrap_or_default();
    let before_tests = before_tests
        .split("#[cfg(all(test")
        .next()
        .unwrap_or_default();
    before_tests
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .map(str::to_owned)
        .collect()
}

/// The module paths a file's code names through `crate::` or `super::`.
fn references(module: &str, lines: &[String]) -> Vec<Vec<String>> {
    let parent: Vec<&str> = module.split("::").collect();
    let parent = &parent[..parent.len() - 1];
    let text = lines.join("\n");
    let mut paths = Vec::new();
    for (prefix, base) in [("crate::", Vec::new()), ("super::", parent.to_vec())] {
        for (i, _) in text.match_indices(prefix) {
            let rest = &text[i + prefix.len()..];
            let base: Vec<String> = base.iter().map(|s| s.to_string()).collect();
            if let Some(group) = rest.strip_prefix('{') {
                // `use super::{a::B, c}`: each item's first name.
                let inside = group.split('}').next().unwrap_or_default();
                for item in inside.split(',') {
                    let name = item.trim().split("::").next().unwrap_or_default();
                    paths.push([base.clone(), vec![name.to_owned()]].concat());
                }
            } else {
                let path: Vec<String> = rest
                    .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                    .next()
                    .unwrap_or_default()
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect();
                paths.push([base, path].concat());
            }
        }
    }
    paths
}

/// Each module and the modules it imports, within `ui` and `web`.
fn graph(root: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut all = modules(root, "src/ui");
    all.extend(modules(root, "src/web"));
    let mut edges = BTreeMap::new();
    for (module, path) in &all {
        let mut to = BTreeSet::new();
        for reference in references(module, &code(path)) {
            // The longest prefix that is a module file.
            let target = (1..=reference.len())
                .rev()
                .map(|n| reference[..n].join("::"))
                .find(|m| all.contains_key(m));
            if let Some(target) = target {
                let is_ancestor = module.starts_with(&format!("{target}::"));
                if &target != module && !is_ancestor {
                    to.insert(target);
                }
            }
        }
        edges.insert(module.clone(), to);
    }
    edges
}

/// A loop of imports through `from`, if there is one.
fn loop_through(edges: &BTreeMap<String, BTreeSet<String>>, from: &str) -> Option<Vec<String>> {
    let mut stack = vec![(from.to_owned(), vec![from.to_owned()])];
    let mut seen = BTreeSet::new();
    while let Some((at, path)) = stack.pop() {
        for next in edges.get(&at).into_iter().flatten() {
            if next == from {
                return Some([path.clone(), vec![next.clone()]].concat());
            }
            if seen.insert(next.clone()) {
                stack.push((next.clone(), [path.clone(), vec![next.clone()]].concat()));
            }
        }
    }
    None
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn no_module_imports_one_that_imports_it() {
    let edges = graph(&root());
    assert!(edges.len() > 40, "found {} modules", edges.len());
    assert!(
        edges["ui::controller"].contains("ui::activity"),
        "the reader sees the controller's imports: {:?}",
        edges["ui::controller"]
    );
    let loops: Vec<Vec<String>> = edges
        .keys()
        .filter_map(|m| loop_through(&edges, m))
        .collect();
    assert!(loops.is_empty(), "import loops: {loops:#?}");
}

#[test]
fn a_loop_is_found_when_there_is_one() {
    let edges: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(m, to)| (m.to_owned(), to.into_iter().map(str::to_owned).collect()))
    .collect();
    assert_eq!(loop_through(&edges, "a").unwrap(), ["a", "b", "c", "a"]);
    assert_eq!(loop_through(&edges, "d"), None);
    let refs = references(
        "ui::review",
        &["use super::{effect::Effect, text::Texts};".to_owned()],
    );
    assert_eq!(
        refs,
        [["ui", "effect", "Effect"], ["ui", "text", "Texts"]].map(|p| p[..2].to_vec())
    );
}

#[test]
fn every_file_stays_small_enough_to_read() {
    let root = root();
    let mut too_long = Vec::new();
    for (dir, limit) in [("src/ui", 600), ("src/web", 400)] {
        for (module, path) in modules(&root, dir) {
            if module == "ui::text" {
                continue;
            }
            let limit = if module == "web::app" { 300 } else { limit };
            let lines = code(&path).len();
            if lines > limit {
                too_long.push(format!(
                    "{} has {lines} lines of code (at most {limit})",
                    path.display()
                ));
            }
        }
    }
    assert!(too_long.is_empty(), "{too_long:#?}");
}

/// The activities, as `src/ui/activity.rs` declares them: the variants of `enum Activity`.
fn activities(root: &Path) -> Vec<String> {
    let text = fs::read_to_string(root.join("src/ui/activity.rs")).unwrap();
    let body = text
        .split("pub enum Activity {")
        .nth(1)
        .and_then(|rest| rest.split('}').next())
        .unwrap_or_default();
    body.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .map(|l| {
            l.split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or_default()
                .to_owned()
        })
        .collect()
}

/// The places where `lines` ask which activity shows, rather than what it allows: an
/// `Activity::` variant named, `matches!` on the activity, an activity's state asked for
/// its presence (`c.puzzle().is_some()`, `m.review.is_none()`), or the page's hook on an
/// activity's name (`data-activity="…"`).
fn asks_which(lines: &[String], activities: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for line in lines {
        let squeezed: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        let mut asks = squeezed.contains("matches!(self.activity")
            || squeezed.contains("data-activity=")
            || activities
                .iter()
                .any(|a| squeezed.contains(&format!("Activity::{a}")));
        for name in activities.iter().map(|a| a.to_lowercase()) {
            for presence in [".is_some", ".is_none"] {
                asks |= squeezed.contains(&format!(".{name}(){presence}"))
                    || squeezed.contains(&format!(".{name}{presence}"));
            }
            // `match c.puzzle() {`, `if let Some(_) = c.review()`
            asks |= squeezed.contains(&format!(".{name}(){{"))
                || (squeezed.contains("Some(_)=") && squeezed.contains(&format!(".{name}()")));
        }
        if asks {
            found.push(line.clone());
        }
    }
    found
}

/// The routing: the declaration of each activity and its exhaustive matches, the controller
/// opening and leaving activities, and opening what a share link shows.
const ROUTING: [&str; 3] = [
    "src/ui/activity.rs",
    "src/ui/controller/activities.rs",
    "src/ui/controller/links.rs",
];

#[test]
fn outside_the_routing_nothing_asks_which_activity_shows() {
    let root = root();
    let activities = activities(&root);
    // Read from activity.rs: the game and the rooms beside it (whatever is added later).
    assert!(
        activities.len() >= 3 && activities.iter().any(|a| a == "Play"),
        "{activities:?}"
    );
    let mut files: Vec<PathBuf> = ["src/ui", "src/web"]
        .iter()
        .flat_map(|dir| modules(&root, dir).into_values())
        .collect();
    for js in fs::read_dir(root.join("src/web")).unwrap() {
        let path = js.unwrap().path();
        if path.extension().is_some_and(|e| e == "js") {
            files.push(path);
        }
    }
    assert!(files.len() > 50, "found {} files", files.len());
    let mut asking = Vec::new();
    for path in files {
        let relative = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let tests = relative.contains("/tests/");
        if tests || ROUTING.contains(&relative.as_str()) {
            continue;
        }
        for line in asks_which(&code(&path), &activities) {
            asking.push(format!("{relative}: {line}"));
        }
    }
    assert!(
        asking.is_empty(),
        "ask the activity's rules instead: {asking:#?}"
    );
}

#[test]
fn asking_which_activity_shows_is_found() {
    let names = ["Play", "Review", "Puzzle"].map(str::to_owned);
    for line in [
        "let on = matches!(self.activity, Activity::Play);",
        "can_hint: c.human_to_move() && c.puzzle().is_none(),",
        "if m.review.is_some() {",
        "let _ = match self.controller.puzzle() {",
        ".c4[data-activity=\"review\"] .c4-controls { display: none; }",
        "Activity::Puzzle(run) => run.ended(&mut self.solved),",
    ] {
        assert_eq!(asks_which(&[line.to_owned()], &names), [line], "{line}");
    }
    for line in [
        "can_hint: c.can_hint(),",
        "review: c.activity().review().map(|review| review.view(text)),",
        "set_attr(&self.wrapper, \"data-activity\", m.activity);",
    ] {
        assert!(asks_which(&[line.to_owned()], &names).is_empty(), "{line}");
    }
}
