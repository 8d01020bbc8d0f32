//! AmberScript's tokens: words separated by white space, `#` comments to
//! the end of the line, line ends significant (a command ends with its
//! line), and raw text for shader sources (`SHADER ... END`, in which `#`
//! is no comment).

/// One token.
#[derive(Debug, Clone, PartialEq)]
pub enum Token {
    /// A word (name, keyword or number; a quoted string without its quotes).
    Word(String),
    /// The end of a line.
    Eol,
    /// The end of the script.
    Eof,
}

/// A cursor over the script's tokens, line by line.
pub struct Tokens<'a> {
    lines: Vec<&'a str>,
    /// The line being read (0-based).
    line: usize,
    /// The current line's words and the next one to give.
    words: Vec<String>,
    next: usize,
    /// Whether the current line's `Eol` was given.
    ended: bool,
    /// Whether the current line ends with a `\\` continuation.
    continued: bool,
}

/// The words of one line, its comment cut off, and whether it ends with a
/// `\\` continuation (then not among the words): the command goes on on
/// the next line.
fn line_words(line: &str) -> (Vec<String>, bool) {
    let mut words = words_of(line);
    let continued = words.last().is_some_and(|word| word == "\\");
    if continued {
        words.pop();
    }
    (words, continued)
}

/// The words of one line, its comment cut off.
fn words_of(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '#' {
            break;
        } else if c == '"' {
            chars.next();
            words.push(chars.by_ref().take_while(|&c| c != '"').collect());
        } else {
            let mut word = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || c == '#' {
                    break;
                }
                word.push(c);
                chars.next();
            }
            words.push(word);
        }
    }
    words
}

impl<'a> Tokens<'a> {
    /// Tokens of `text`.
    pub fn new(text: &'a str) -> Self {
        let lines: Vec<&str> = text.lines().collect();
        let (words, continued) = lines.first().map(|line| line_words(line)).unwrap_or_default();
        Self { lines, line: 0, words, next: 0, ended: false, continued }
    }

    /// At the end of a continued line's words: on to the next line's.
    fn follow(&mut self) {
        while self.continued && self.next >= self.words.len() && self.line < self.lines.len() {
            self.advance_line();
        }
    }

    /// The 1-based number of the line being read.
    pub fn line(&self) -> usize {
        self.line + 1
    }

    /// The next token.
    pub fn next(&mut self) -> Token {
        self.follow();
        if self.line >= self.lines.len() {
            return Token::Eof;
        }
        if self.next < self.words.len() {
            self.next += 1;
            return Token::Word(self.words[self.next - 1].clone());
        }
        if !self.ended {
            self.ended = true;
            return Token::Eol;
        }
        self.advance_line();
        self.next()
    }

    /// The next token, left to be read again.
    pub fn peek(&mut self) -> Token {
        self.follow();
        if self.line < self.lines.len() && self.next < self.words.len() {
            return Token::Word(self.words[self.next].clone());
        }
        if self.line < self.lines.len() && !self.ended {
            return Token::Eol;
        }
        let saved = (self.line, self.words.clone(), self.next, self.ended, self.continued);
        let token = self.next();
        (self.line, self.words, self.next, self.ended, self.continued) = saved;
        token
    }

    /// The next word on this line, or `None` at its end (which is not read).
    pub fn word(&mut self) -> Option<String> {
        self.follow();
        match self.peek() {
            Token::Word(word) if self.next < self.words.len() => {
                self.next += 1;
                Some(word)
            }
            _ => None,
        }
    }

    /// The next word on this line, left to be read.
    pub fn peek_word(&mut self) -> Option<String> {
        self.follow();
        self.words.get(self.next).filter(|_| self.line < self.lines.len()).cloned()
    }

    /// The next word on this line if it is `keyword` (then read).
    pub fn keyword(&mut self, keyword: &str) -> bool {
        self.follow();
        if self.next < self.words.len() && self.words[self.next] == keyword {
            self.next += 1;
            true
        } else {
            false
        }
    }

    /// What is left of the current line (read).
    pub fn rest_of_line(&mut self) -> Vec<String> {
        let mut rest = Vec::new();
        loop {
            rest.extend_from_slice(&self.words[self.next.min(self.words.len())..]);
            self.next = self.words.len();
            if !self.continued || self.line >= self.lines.len() {
                return rest;
            }
            self.follow();
        }
    }

    fn advance_line(&mut self) {
        self.line += 1;
        (self.words, self.continued) = self.lines.get(self.line).map(|line| line_words(line)).unwrap_or_default();
        self.next = 0;
        self.ended = false;
    }

    /// The raw text of the lines after the current one up to a line that
    /// starts with `END` (shader sources); the cursor is left after that
    /// `END`. `None` when no such line comes.
    pub fn raw_until_end(&mut self) -> Option<String> {
        let mut text = String::new();
        let mut index = self.line + 1;
        while index < self.lines.len() {
            let line = self.lines[index];
            if line.split_whitespace().next() == Some("END") {
                self.line = index;
                (self.words, self.continued) = line_words(line);
                self.next = 1;
                self.ended = false;
                return Some(text);
            }
            text.push_str(line);
            text.push('\n');
            index += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_lines_and_raw_text() {
        let mut tokens = Tokens::new("A b # c\n\nSHADER x\n# raw\nEND d\n");
        assert_eq!(tokens.next(), Token::Word("A".into()));
        assert_eq!(tokens.peek(), Token::Word("b".into()));
        assert_eq!(tokens.word(), Some("b".into()));
        assert_eq!(tokens.word(), None);
        assert_eq!(tokens.next(), Token::Eol);
        assert_eq!(tokens.next(), Token::Eol);
        assert_eq!(tokens.peek(), Token::Word("SHADER".into()));
        assert_eq!(tokens.next(), Token::Word("SHADER".into()));
        assert!(tokens.keyword("x"));
        assert_eq!(tokens.raw_until_end().as_deref(), Some("# raw\n"));
        assert_eq!(tokens.line(), 5);
        assert_eq!(tokens.next(), Token::Word("d".into()));
        assert_eq!(tokens.next(), Token::Eol);
        assert_eq!(tokens.next(), Token::Eof);
    }

    #[test]
    fn continuations_join_lines() {
        let mut tokens = Tokens::new("A \\\n  b c \\\nd\ne");
        assert_eq!(tokens.word(), Some("A".into()));
        assert_eq!(tokens.word(), Some("b".into()));
        assert_eq!(tokens.rest_of_line(), vec!["c".to_owned(), "d".to_owned()]);
        assert_eq!(tokens.next(), Token::Eol);
        assert_eq!(tokens.next(), Token::Word("e".into()));
    }
}
