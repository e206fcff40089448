//! The animation timeline: falling pieces and the fade at the end. Times in milliseconds.

/// Gravity in cells per ms^2: a fall of 6 cells takes about 330 ms before the bounce.
const GRAVITY: f64 = 0.000_11;
/// Share of the impact speed kept by the bounce.
const RESTITUTION: f64 = 0.28;

/// Where a falling piece is, `t` ms after it was released `distance` cells above its cell.
/// Returns the offset above the resting place in cells (0 = resting, positive = above).
///
/// The piece accelerates under gravity, hits, bounces once to a small height, falls back
/// and settles. [`fall_duration`] says when it rests.
pub fn fall_offset(distance: f64, t: f64) -> f64 {
    let t = t.max(0.0);
    let impact = (2.0 * distance / GRAVITY).sqrt();
    if t < impact {
        return distance - 0.5 * GRAVITY * t * t;
    }
    // Bounce: up with a fraction of the impact speed, then down again.
    let v = GRAVITY * impact * RESTITUTION;
    let bounce = 2.0 * v / GRAVITY;
    let u = t - impact;
    if u < bounce {
        return v * u - 0.5 * GRAVITY * u * u;
    }
    0.0
}

/// How long a fall of `distance` cells takes, bounce included.
pub fn fall_duration(distance: f64) -> f64 {
    let impact = (2.0 * distance.max(0.0) / GRAVITY).sqrt();
    impact * (1.0 + 2.0 * RESTITUTION)
}

/// Duration of the fade of the non-winning checkers.
pub fn fade_duration(reduced_motion: bool) -> f64 {
    if reduced_motion {
        120.0
    } else {
        700.0
    }
}

/// How far the non-winning checkers fade toward the palette's dim colour (0: not at all).
/// Half-way keeps them at 2:1 or more against the empty holes in every theme, while the
/// winning four, in full colour and ringed, stands out.
pub const FADED: f64 = 0.5;

/// How long the winning four pulses after a win.
pub const CELEBRATION: f64 = 1600.0;

/// How strongly the winning four pulses `t` ms after the win (0 to 1): three soft beats
/// that die away, then nothing.
pub fn celebration(t: f64) -> f64 {
    if !(0.0..CELEBRATION).contains(&t) {
        return 0.0;
    }
    let x = t / CELEBRATION;
    beat(3.0 * x) * (1.0 - x)
}

/// `|sin(πu)|`, within 0.002: Bhaskara I's approximation on each half period. (The
/// standard sine would add 6 KB to the page's module for a pulse nobody measures.)
fn beat(u: f64) -> f64 {
    let f = u.fract();
    let p = f * (1.0 - f);
    16.0 * p / (5.0 - 4.0 * p)
}

/// How far a non-winning checker has faded `t` ms into the fade (eased).
pub fn fade_amount(t: f64, duration: f64) -> f64 {
    let x = (t / duration).clamp(0.0, 1.0);
    let eased = 1.0 - (1.0 - x) * (1.0 - x);
    FADED * eased
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beats_follow_the_sine() {
        for i in 0..=3000 {
            let u = f64::from(i) / 1000.0;
            let sine = (u * std::f64::consts::PI).sin().abs();
            assert!((beat(u) - sine).abs() < 0.002, "{u}: {} vs {sine}", beat(u));
        }
        assert_eq!(celebration(-1.0), 0.0);
        assert_eq!(celebration(CELEBRATION), 0.0);
    }

    #[test]
    fn falls_under_gravity_then_bounces_and_settles() {
        let d = 6.0;
        assert_eq!(fall_offset(d, 0.0), d);
        let impact = (2.0 * d / GRAVITY).sqrt();
        // Accelerating: it covers more ground in the second half of the fall time.
        let half = fall_offset(d, impact / 2.0);
        assert!(
            d - half < half,
            "first half {} second half {}",
            d - half,
            half
        );
        assert!(fall_offset(d, impact).abs() < 1e-9);
        // A small bounce, well under a cell, then rest.
        let peak = (0..100)
            .map(|i| fall_offset(d, impact + i as f64))
            .fold(0.0, f64::max);
        assert!(peak > 0.05 && peak < 0.6, "bounce {peak}");
        assert_eq!(fall_offset(d, fall_duration(d) + 1.0), 0.0);
        // Never below the resting place.
        for i in 0..1000 {
            assert!(fall_offset(d, i as f64) >= -1e-9);
        }
    }

    #[test]
    fn longer_falls_take_longer() {
        let times: Vec<f64> = (1..=7).map(|d| fall_duration(d as f64)).collect();
        assert!(times.windows(2).all(|w| w[0] < w[1]), "{times:?}");
        assert!(times[6] < 700.0, "{times:?}");
    }

    #[test]
    fn the_celebration_beats_then_stops() {
        assert_eq!(celebration(-1.0), 0.0);
        assert_eq!(celebration(0.0), 0.0);
        assert_eq!(celebration(CELEBRATION), 0.0);
        assert_eq!(celebration(CELEBRATION * 10.0), 0.0);
        let peaks: Vec<f64> = (0..3)
            .map(|k| celebration(CELEBRATION * (2 * k + 1) as f64 / 6.0))
            .collect();
        assert!(
            peaks.windows(2).all(|w| w[0] > w[1]),
            "dying away: {peaks:?}"
        );
        assert!(peaks.iter().all(|&p| p > 0.0 && p <= 1.0), "{peaks:?}");
    }

    #[test]
    fn fade_goes_from_nothing_to_half_way() {
        assert_eq!(fade_amount(0.0, 700.0), 0.0);
        assert_eq!(fade_amount(700.0, 700.0), FADED);
        assert_eq!(fade_amount(9e9, 700.0), FADED);
        assert!(fade_amount(350.0, 700.0) > 0.0 && fade_amount(350.0, 700.0) < FADED);
        assert!(fade_duration(true) < fade_duration(false));
    }
}
