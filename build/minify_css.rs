/// The stylesheet without its comments and without the whitespace CSS does not need: runs
/// of whitespace become one space, and none is kept next to `{`, `}`, `;` or `,`, nor a `;`
/// before a `}`. Strings are copied as they are. (`build.rs` ships the page's stylesheet
/// this way; `tests/minify_css.rs` checks it.)
pub fn minify_css(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    let mut chars = css.chars().peekable();
    let mut space = false;
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
                space = true;
            }
            c if c.is_whitespace() => space = true,
            '"' | '\'' => {
                if space && !out.is_empty() && !out.ends_with(['{', '}', ';', ',']) {
                    out.push(' ');
                }
                space = false;
                out.push(c);
                let mut escaped = false;
                for s in chars.by_ref() {
                    out.push(s);
                    if escaped {
                        escaped = false;
                    } else if s == '\\' {
                        escaped = true;
                    } else if s == c {
                        break;
                    }
                }
            }
            c => {
                let tight = matches!(c, '{' | '}' | ';' | ',');
                if space && !tight && !out.is_empty() && !out.ends_with(['{', '}', ';', ',']) {
                    out.push(' ');
                }
                space = false;
                if c == '}' && out.ends_with(';') {
                    out.pop();
                }
                out.push(c);
            }
        }
    }
    out
}
