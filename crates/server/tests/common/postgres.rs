//! A throwaway PostgreSQL cluster for a test: Debian's server (the setup installs it),
//! made in a temporary folder and started on a free port, as the unprivileged `nobody`
//! when the tests run as root (PostgreSQL refuses root); stopped and removed when dropped.
//! If it cannot start, the test fails and says why: nothing is skipped.

use std::path::{Path, PathBuf};
use std::process::Command;

pub struct Cluster {
    dir: PathBuf,
    bin: PathBuf,
    pub port: u16,
}

/// `pg_ctl` on the cluster in `dir`, with `args` after its data folder.
fn pg_ctl(bin: &Path, dir: &Path, args: &[&str]) -> Command {
    let data = dir.join("data");
    let mut all = vec!["-D", data.to_str().unwrap_or_default()];
    all.extend(args);
    run(&bin.join("pg_ctl"), &all)
}

/// Debian's newest PostgreSQL's programs (`/usr/lib/postgresql/<version>/bin`).
fn binaries() -> PathBuf {
    let root = Path::new("/usr/lib/postgresql");
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir(root)
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e} (the setup installs Debian's postgresql)",
                root.display()
            )
        })
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let version = entry.file_name().to_str()?.parse().ok()?;
            Some((version, entry.path().join("bin")))
        })
        .filter(|(_, bin)| bin.join("initdb").exists())
        .collect();
    versions.sort();
    versions
        .pop()
        .unwrap_or_else(|| panic!("no PostgreSQL under {}", root.display()))
        .1
}

fn is_root() -> bool {
    // SAFETY: getuid has no preconditions.
    unsafe { libc::getuid() == 0 }
}

/// `program` with `args`, as `nobody` when the tests run as root.
fn run(program: &Path, args: &[&str]) -> Command {
    let mut command = match is_root() {
        true => {
            let mut c = Command::new("runuser");
            c.args(["-u", "nobody", "--"]).arg(program);
            c
        }
        false => Command::new(program),
    };
    command.args(args);
    command
}

fn must(command: &mut Command, what: &str) {
    let out = command.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        out.status.success(),
        "{what} failed ({}): {}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

impl Cluster {
    /// A new cluster, started, with a database `games` (reached at [`Cluster::url`]).
    pub fn start(name: &str) -> Cluster {
        let bin = binaries();
        let dir = std::env::temp_dir().join(format!("c4-pg-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        if is_root() {
            must(
                Command::new("chown").args(["nobody", dir.to_str().unwrap()]),
                "chown the cluster's folder",
            );
        }
        let data = dir.join("data");
        let data_s = data.to_str().unwrap();
        must(
            &mut run(
                &bin.join("initdb"),
                &[
                    "-D",
                    data_s,
                    "-U",
                    "postgres",
                    "--auth=trust",
                    "-E",
                    "UTF8",
                    "--no-sync",
                ],
            ),
            "initdb",
        );
        let port = {
            let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            listener.local_addr().unwrap().port()
        };
        let cluster = Cluster { dir, bin, port };
        cluster.resume();
        let mut admin = postgres::Client::connect(
            &format!("postgres://postgres@127.0.0.1:{port}/postgres"),
            postgres::NoTls,
        )
        .unwrap_or_else(|e| panic!("connecting to the new cluster: {e}"));
        admin.batch_execute("CREATE DATABASE games").unwrap();
        cluster
    }

    /// Stops the database at once (as a crash would), leaving its files.
    pub fn pause(&self) {
        must(
            &mut pg_ctl(&self.bin, &self.dir, &["-m", "immediate", "-w", "stop"]),
            "pg_ctl stop",
        );
    }

    /// Starts the database (again), on its port.
    pub fn resume(&self) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1",
            self.port,
            self.dir.display()
        );
        let log = self.dir.join("log");
        must(
            &mut pg_ctl(
                &self.bin,
                &self.dir,
                &["-l", log.to_str().unwrap(), "-o", &options, "-w", "start"],
            ),
            "pg_ctl start",
        );
    }

    /// The `games` database's address.
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/games", self.port)
    }

    /// A server process on this database, listening on `listen` (`127.0.0.1:0` for any
    /// port), with `extra` arguments; its log beside `dir`.
    pub fn server(&self, dir: &Path, listen: &str, extra: &[&str]) -> super::Server {
        let url = self.url();
        let mut args = vec!["--listen", listen, "--database-url", &url, "--no-site"];
        args.extend(extra);
        super::Server::spawn(dir, &args, &[], || {})
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = pg_ctl(&self.bin, &self.dir, &["-m", "immediate", "stop"]).output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
