//! Colours: the `theme` option, the shade it resolves to on a page, and the board's palette,
//! which the page may override with CSS custom properties on the host element.

use std::fmt;
use std::str::FromStr;

/// The `theme` option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Theme {
    /// The page's `color-scheme`, then the operating system's preference.
    #[default]
    Auto,
    Light,
    Dark,
    HighContrast,
}

impl Theme {
    pub const ALL: [Theme; 4] = [Theme::Auto, Theme::Light, Theme::Dark, Theme::HighContrast];

    pub fn name(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
            Theme::HighContrast => "high-contrast",
        }
    }

    /// The shade shown on a page whose `color-scheme` (computed on the host element) is
    /// `color_scheme`, on a system that prefers dark (`os_dark`) or more contrast.
    pub fn shade(self, color_scheme: &str, os_dark: bool, os_more_contrast: bool) -> Shade {
        match self {
            Theme::Light => Shade::Light,
            Theme::Dark => Shade::Dark,
            Theme::HighContrast => Shade::HighContrast,
            Theme::Auto => {
                let light = color_scheme.split_whitespace().any(|w| w == "light");
                let dark = color_scheme.split_whitespace().any(|w| w == "dark");
                match (light, dark) {
                    (true, false) => Shade::Light,
                    (false, true) => Shade::Dark,
                    // "light dark", "normal" or nothing: the page follows the system.
                    _ if os_more_contrast => Shade::HighContrast,
                    _ if os_dark => Shade::Dark,
                    _ => Shade::Light,
                }
            }
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A `theme` that is not one of the four.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownTheme(pub String);

impl fmt::Display for UnknownTheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown theme {}: expected \"auto\", \"light\", \"dark\" or \"high-contrast\"",
            crate::engine::error::quoted(&self.0)
        )
    }
}

impl std::error::Error for UnknownTheme {}

impl FromStr for Theme {
    type Err = UnknownTheme;
    fn from_str(s: &str) -> Result<Theme, UnknownTheme> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| UnknownTheme(s.to_owned()))
    }
}

/// The colours a theme resolves to; the game's `data-theme` attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shade {
    Light,
    Dark,
    HighContrast,
}

impl Shade {
    pub fn name(self) -> &'static str {
        match self {
            Shade::Light => "light",
            Shade::Dark => "dark",
            Shade::HighContrast => "high-contrast",
        }
    }
}

/// The board's colours, as CSS colour strings. Each comes from a CSS custom property of the
/// host's ([`BOARD_PROPERTIES`], in the fields' order), or the shade's default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Palette {
    /// The board's face: `--c4-board`.
    pub board: String,
    /// The line around the board: `--c4-board-edge`.
    pub board_edge: String,
    /// What shows through the empty holes: `--c4-hole`.
    pub hole: String,
    /// The checkers, `--c4-red` and `--c4-yellow`, and the marks on them that tell them
    /// apart without colour (a ring, a cross): `--c4-red-mark`, `--c4-yellow-mark`.
    pub red: String,
    pub red_mark: String,
    pub yellow: String,
    pub yellow_mark: String,
    /// The rings on the winning line and the hint (`--c4-marker`), and the dark line under
    /// them (`--c4-marker-edge`).
    pub marker: String,
    pub marker_edge: String,
    /// The crossed-out ghost over a full column: `--c4-unavailable`.
    pub unavailable: String,
    /// What the checkers outside the winning four fade toward: `--c4-dim`.
    pub dim: String,
    /// The light and the shade laid over the board and the checkers, at low opacity, for
    /// depth: `--c4-light` and `--c4-shadow`. The stylesheet uses them too.
    pub light: String,
    pub shadow: String,
}

/// The CSS custom properties the board reads, in [`Palette`]'s order.
pub const BOARD_PROPERTIES: [&str; 13] = [
    "--c4-board",
    "--c4-board-edge",
    "--c4-hole",
    "--c4-red",
    "--c4-red-mark",
    "--c4-yellow",
    "--c4-yellow-mark",
    "--c4-marker",
    "--c4-marker-edge",
    "--c4-unavailable",
    "--c4-dim",
    "--c4-light",
    "--c4-shadow",
];

impl Palette {
    /// The palette of `shade`, with the colours `custom` gives for [`BOARD_PROPERTIES`]
    /// (the host's CSS custom properties; `None` or an empty value keeps the default).
    pub fn of(shade: Shade, custom: impl Fn(&str) -> Option<String>) -> Palette {
        let defaults: [&str; 13] = match shade {
            Shade::Light => [
                "#1d46c9", "#12308f", "#e4eaf8", "#d21f32", "#7d0f1b", "#f2c200", "#7a5c00",
                "#ffffff", "#0b0d12", "#4a5163", "#5b6275", "#ffffff", "#000000",
            ],
            Shade::Dark => [
                "#2a55d8", "#8fb0ff", "#0b101b", "#e5364a", "#6b0b16", "#f6cc1a", "#6e5200",
                "#ffffff", "#000000", "#b7bfd3", "#4a5266", "#ffffff", "#000000",
            ],
            Shade::HighContrast => [
                "#0030ff", "#ffffff", "#000000", "#ff3347", "#000000", "#ffe600", "#000000",
                "#ffffff", "#000000", "#ffffff", "#5a5a5a", "#ffffff", "#000000",
            ],
        };
        let [board, board_edge, hole, red, red_mark, yellow, yellow_mark, marker, marker_edge, unavailable, dim, light, shadow] =
            std::array::from_fn(|i| {
                custom(BOARD_PROPERTIES[i])
                    .map(|v| v.trim().to_owned())
                    .filter(|v| !v.is_empty())
                    .unwrap_or_else(|| defaults[i].to_owned())
            });
        Palette {
            board,
            board_edge,
            hole,
            red,
            red_mark,
            yellow,
            yellow_mark,
            marker,
            marker_edge,
            unavailable,
            dim,
            light,
            shadow,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn themes_read_back_what_they_write() {
        for theme in Theme::ALL {
            assert_eq!(theme.to_string().parse::<Theme>(), Ok(theme));
        }
        let e = "sepia".parse::<Theme>().unwrap_err().to_string();
        assert!(e.starts_with("unknown theme \"sepia\""), "{e}");
    }

    #[test]
    fn auto_follows_the_page_then_the_system() {
        let auto = Theme::Auto;
        assert_eq!(auto.shade("dark", false, false), Shade::Dark);
        assert_eq!(auto.shade("only dark", false, false), Shade::Dark);
        assert_eq!(
            auto.shade("light", true, false),
            Shade::Light,
            "the page wins"
        );
        assert_eq!(auto.shade("light dark", true, false), Shade::Dark);
        assert_eq!(auto.shade("normal", false, false), Shade::Light);
        assert_eq!(auto.shade("", true, false), Shade::Dark);
        assert_eq!(auto.shade("normal", false, true), Shade::HighContrast);
        // A fixed theme ignores both.
        assert_eq!(Theme::Light.shade("dark", true, true), Shade::Light);
        assert_eq!(Theme::Dark.shade("light", false, false), Shade::Dark);
        assert_eq!(
            Theme::HighContrast.shade("light", false, false),
            Shade::HighContrast
        );
    }

    /// WCAG's contrast ratio of two `#rrggbb` colours.
    fn contrast(a: &str, b: &str) -> f64 {
        let luminance = |hex: &str| {
            let channel = |i: usize| {
                let v = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
                if v <= 0.03928 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
        };
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    /// `a` covered `amount` of the way by `b`, as the canvas paints a faded checker.
    fn mix(a: &str, b: &str, amount: f64) -> String {
        let c = |hex: &str, i: usize| f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap());
        let m = |i: usize| ((1.0 - amount) * c(a, i) + amount * c(b, i)).round() as u8;
        format!("#{:02x}{:02x}{:02x}", m(1), m(3), m(5))
    }

    #[test]
    fn faded_checkers_keep_two_to_one_against_the_holes() {
        for shade in [Shade::Light, Shade::Dark, Shade::HighContrast] {
            let p = Palette::of(shade, |_| None);
            for piece in [&p.red, &p.yellow] {
                let faded = mix(piece, &p.dim, crate::ui::anim::FADED);
                let ratio = contrast(&faded, &p.hole);
                assert!(ratio >= 2.0, "{shade:?} {piece} faded {faded}: {ratio:.2}");
            }
        }
    }

    #[test]
    fn custom_properties_override_the_board_colours() {
        let plain = Palette::of(Shade::Light, |_| None);
        assert_eq!(plain.board, "#1d46c9");
        let custom = Palette::of(Shade::Light, |p| match p {
            "--c4-board" => Some(" rebeccapurple ".into()),
            "--c4-red" => Some("".into()),
            _ => None,
        });
        assert_eq!(custom.board, "rebeccapurple");
        assert_eq!(custom.red, plain.red, "an empty value keeps the default");
        assert_eq!(custom.hole, plain.hole);
        assert_ne!(Palette::of(Shade::Dark, |_| None), plain);
    }

    #[test]
    fn every_board_colour_has_its_property() {
        // Each property sets its own field: give each a distinct value and read them back.
        let named = Palette::of(Shade::HighContrast, |p| Some(format!("var({p})")));
        let fields = [
            &named.board,
            &named.board_edge,
            &named.hole,
            &named.red,
            &named.red_mark,
            &named.yellow,
            &named.yellow_mark,
            &named.marker,
            &named.marker_edge,
            &named.unavailable,
            &named.dim,
            &named.light,
            &named.shadow,
        ];
        for (field, property) in fields.into_iter().zip(BOARD_PROPERTIES) {
            assert_eq!(field, &format!("var({property})"));
        }
    }
}
