//! The stylesheet's minifier (build.rs ships `src/web/style.css` through it).

include!("../build/minify_css.rs");

#[test]
fn comments_and_spaces_go() {
    assert_eq!(
        minify_css("/* a */\n.c4  .b > p ,\n .x {\n  color : red ;\n  margin: 0 auto;\n}\n"),
        ".c4 .b > p,.x{color : red;margin: 0 auto}"
    );
}

#[test]
fn strings_stay_as_they_are() {
    assert_eq!(
        minify_css(".a::after { content: \"  /* not a comment */ ;\"; }"),
        ".a::after{content: \"  /* not a comment */ ;\"}"
    );
    assert_eq!(
        minify_css("a { content: 'it\\'s  ' }"),
        "a{content: 'it\\'s  '}"
    );
}

#[test]
fn selectors_keep_their_meaning() {
    // A space before a colon is a descendant combinator: it stays.
    assert_eq!(minify_css("a :hover{}\na:hover{}"), "a :hover{}a:hover{}");
    assert_eq!(
        minify_css("@media (max-width: 30em) {\n a { b: c }\n}"),
        "@media (max-width: 30em){a{b: c}}"
    );
}

#[test]
fn the_stylesheet_keeps_every_rule() {
    let css = std::fs::read_to_string("src/web/style.css").unwrap();
    let small = minify_css(&css);
    assert!(small.len() < css.len(), "{} of {}", small.len(), css.len());
    let count = |s: &str, c: char| s.chars().filter(|x| *x == c).count();
    // Comments hold no braces, so the rules are the same.
    assert_eq!(count(&small, '{'), count(&css, '{'));
    assert_eq!(count(&small, '}'), count(&css, '}'));
    assert!(!small.contains("/*"));
}
