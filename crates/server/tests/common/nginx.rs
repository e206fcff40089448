//! Debian's nginx in front of the servers, as docs/deploy/nginx.conf proxies to them: its
//! `map` and its `location /` block as they are, an `upstream connect_four` of the given
//! servers (round robin, nginx's default) with the documented line's parameters, on a free
//! port of its own; stopped when dropped.

use std::process::{Child, Command};
use std::time::Duration;

pub struct Nginx {
    child: Child,
    pub addr: String,
    pub prefix: std::path::PathBuf,
}

impl Nginx {
    /// nginx on a free port under `prefix` (a folder it may fill), proxying to `servers`.
    pub fn start(prefix: &std::path::Path, servers: &[&str]) -> Nginx {
        let nginx = std::path::Path::new("/usr/sbin/nginx");
        assert!(
            nginx.exists(),
            "nginx is missing: scripts/setup.sh installs it"
        );
        let documented = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../docs/deploy/nginx.conf"
        ))
        .unwrap();
        // The documented proxying, as it is: its map and its `location /` block.
        let map_at = documented.find("map $http_upgrade").expect("the map");
        let map_end = map_at + documented[map_at..].find("}\n").unwrap() + 2;
        let at = documented
            .find("    location / {")
            .expect("the location block");
        let end = at + documented[at..].find("\n    }\n").unwrap() + 7;
        let location = &documented[at..end];
        // Each server as the documented upstream's lines for several processes have them.
        let each = documented
            .lines()
            .find_map(|line| {
                let line = line.trim_start_matches([' ', '#']);
                line.strip_prefix("server 127.0.0.1:8081")
            })
            .expect("the documented line for several processes");
        let mut upstream = String::from("  upstream connect_four {\n");
        for server in servers {
            upstream.push_str(&format!("    server {server}{each}\n"));
        }
        upstream.push_str("  }\n");
        let port = {
            let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            probe.local_addr().unwrap().port()
        };
        let _ = std::fs::remove_dir_all(prefix);
        std::fs::create_dir_all(prefix).unwrap();
        let p = prefix.display();
        // SAFETY: geteuid has no preconditions.
        let root = if unsafe { libc::geteuid() } == 0 {
            "user root;\n"
        } else {
            ""
        };
        let conf = format!(
            "{root}daemon off;\nworker_processes 1;\npid {p}/nginx.pid;\nerror_log {p}/error.log warn;\n\
             events {{ worker_connections 1024; }}\nhttp {{\n  access_log {p}/access.log;\n  \
             client_body_temp_path {p}/body;\n  proxy_temp_path {p}/proxy;\n  fastcgi_temp_path {p}/fastcgi;\n  \
             uwsgi_temp_path {p}/uwsgi;\n  scgi_temp_path {p}/scgi;\n{}\n{upstream}  server {{\n    listen 127.0.0.1:{port};\n{location}\n  }}\n}}\n",
            &documented[map_at..map_end]
        );
        std::fs::write(prefix.join("nginx.conf"), conf).unwrap();
        let child = Command::new(nginx)
            .args(["-p", &p.to_string(), "-c", &format!("{p}/nginx.conf")])
            .spawn()
            .unwrap();
        let addr = format!("127.0.0.1:{port}");
        for _ in 0..500 {
            if std::net::TcpStream::connect(&addr).is_ok() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        Nginx {
            child,
            addr,
            prefix: prefix.to_path_buf(),
        }
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGQUIT: nginx's master stops its workers, then itself.
        let _ = Command::new("kill")
            .args(["-s", "QUIT", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.prefix);
    }
}
