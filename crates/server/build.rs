//! The commit the server is built from, for `--version` and the log's first line:
//! `git describe`'s, or `unknown` outside a git checkout.
fn main() {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|out| out.status.success())
            .and_then(|out| String::from_utf8(out.stdout).ok())
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
    };
    let commit = git(&["describe", "--always", "--abbrev=10"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=CONNECT_FOUR_COMMIT={commit}");
    // Built again when HEAD moves: a checkout (HEAD) or a commit (the branch it names).
    if let Some(dir) = git(&["rev-parse", "--absolute-git-dir"]) {
        println!("cargo:rerun-if-changed={dir}/HEAD");
        println!("cargo:rerun-if-changed={dir}/packed-refs");
        if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
            println!("cargo:rerun-if-changed={dir}/{branch}");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
