//! Bytes as lowercase hex digits and back: the online game's ids and secrets, the solved
//! puzzles in a saved game. A loop of its own (`format!` for each byte, collected, cost
//! the page's module more than all its uses).

const DIGITS: &[u8; 16] = b"0123456789abcdef";

/// Two lowercase hex digits a byte.
pub fn hex(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        text.push(char::from(DIGITS[usize::from(b >> 4)]));
        text.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    text
}

/// The bytes `text` writes in hex digits (either case), two a byte; `None` if it is not that.
pub fn unhex(text: &str) -> Option<Vec<u8>> {
    let digits = text.as_bytes();
    if digits.len() % 2 != 0 {
        return None;
    }
    let digit = |d: u8| char::from(d).to_digit(16).map(|v| v as u8);
    let mut bytes = Vec::with_capacity(digits.len() / 2);
    for pair in digits.chunks(2) {
        bytes.push(digit(pair[0])? << 4 | digit(pair[1])?);
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_go_to_hex_and_back() {
        let bytes = [0x00, 0x0f, 0xab, 0xff, 0x10];
        assert_eq!(hex(&bytes), "000fabff10");
        assert_eq!(unhex("000fabff10").as_deref(), Some(&bytes[..]));
        assert_eq!(unhex("000FABFF10").as_deref(), Some(&bytes[..]));
        for bad in ["0", "0g", "é0", "0 "] {
            assert_eq!(unhex(bad), None, "{bad}");
        }
        assert_eq!(hex(&[]), "");
    }
}
