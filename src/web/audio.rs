//! The game's sounds, synthesised with Web Audio (no audio files): a landing click and short
//! cues for a win, a loss and a draw. The audio context is made on a person's first press in
//! the game, as browsers require, and only while the sound is on.

use crate::ui::Cue;
use web_sys::{AudioContext, AudioContextState, OscillatorType};

/// One note: its frequency in Hz, its start and length in seconds from now, its loudness
/// (0 to 1) and its wave.
struct Note {
    from: f32,
    to: f32,
    start: f64,
    length: f64,
    gain: f32,
    wave: OscillatorType,
}

/// What each cue plays.
fn notes(cue: Cue) -> Vec<Note> {
    let tone = |frequency: f32, start: f64, length: f64| Note {
        from: frequency,
        to: frequency,
        start,
        length,
        gain: 0.18,
        wave: OscillatorType::Sine,
    };
    match cue {
        // A short knock: a low triangle wave dropping fast.
        Cue::Land => vec![Note {
            from: 220.0,
            to: 70.0,
            start: 0.0,
            length: 0.09,
            gain: 0.35,
            wave: OscillatorType::Triangle,
        }],
        // Up a major arpeggio.
        Cue::Win => vec![
            tone(523.25, 0.1, 0.22),
            tone(659.25, 0.19, 0.22),
            tone(783.99, 0.28, 0.22),
            tone(1046.5, 0.37, 0.22),
        ],
        // Down a minor third, twice.
        Cue::Loss => vec![
            tone(392.0, 0.1, 0.26),
            tone(329.63, 0.24, 0.26),
            tone(261.63, 0.38, 0.26),
        ],
        Cue::Draw => vec![tone(392.0, 0.1, 0.2), tone(392.0, 0.3, 0.25)],
        // Two bright notes up a fourth: a call, not a click.
        Cue::Turn => vec![tone(880.0, 0.0, 0.12), tone(1174.66, 0.14, 0.2)],
    }
}

#[derive(Default)]
pub struct Audio {
    context: Option<AudioContext>,
}

impl Audio {
    /// Called on a person's press in the game: makes (or wakes) the audio context, which
    /// browsers allow only then.
    pub fn unlock(&mut self) {
        if self.context.is_none() {
            self.context = AudioContext::new().ok();
        }
        if let Some(context) = &self.context {
            if context.state() == AudioContextState::Suspended {
                let _ = context.resume();
            }
        }
    }

    /// Plays `cue`, if a person has pressed something in the game yet.
    pub fn play(&self, cue: Cue) {
        let Some(context) = &self.context else {
            return;
        };
        let now = context.current_time();
        for note in notes(cue) {
            let _ = play_note(context, now, &note);
        }
    }

    /// Lets the audio context go.
    pub fn close(&mut self) {
        if let Some(context) = self.context.take() {
            let _ = context.close();
        }
    }
}

fn play_note(context: &AudioContext, now: f64, note: &Note) -> Result<(), wasm_bindgen::JsValue> {
    let oscillator = context.create_oscillator()?;
    oscillator.set_type(note.wave);
    let gain = context.create_gain()?;
    let (start, end) = (now + note.start, now + note.start + note.length);
    let frequency = oscillator.frequency();
    frequency.set_value_at_time(note.from, start)?;
    frequency.exponential_ramp_to_value_at_time(note.to, end)?;
    let level = gain.gain();
    level.set_value_at_time(0.0001, start)?;
    level.exponential_ramp_to_value_at_time(note.gain, start + 0.01)?;
    level.exponential_ramp_to_value_at_time(0.0001, end)?;
    oscillator.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&context.destination())?;
    oscillator.start_with_when(start)?;
    oscillator.stop_with_when(end + 0.02)?;
    Ok(())
}
