//! Text made of parts with a separator between them, pushed one at a time. A loop of its
//! own: `collect` into a `Vec` then `join` made two generic instances for each use, and
//! cost the page's module more than all the texts they joined.

/// Parts pushed one at a time, `sep` between each two.
pub struct Joined<'a> {
    text: String,
    sep: &'a str,
    parts: usize,
}

impl<'a> Joined<'a> {
    pub fn new(sep: &'a str) -> Joined<'a> {
        Joined {
            text: String::new(),
            sep,
            parts: 0,
        }
    }

    pub fn push(&mut self, part: &str) {
        if self.parts > 0 {
            self.text.push_str(self.sep);
        }
        self.text.push_str(part);
        self.parts += 1;
    }

    /// How many parts were pushed.
    pub fn len(&self) -> usize {
        self.parts
    }

    pub fn is_empty(&self) -> bool {
        self.parts == 0
    }

    pub fn text(self) -> String {
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_joined_as_join_would() {
        for parts in [&[][..], &["a"], &["a", ""], &["", "b", "c"]] {
            let mut joined = Joined::new(", ");
            for part in parts {
                joined.push(part);
            }
            assert_eq!(joined.len(), parts.len());
            assert_eq!(joined.is_empty(), parts.is_empty());
            assert_eq!(joined.text(), parts.join(", "), "{parts:?}");
        }
    }
}
