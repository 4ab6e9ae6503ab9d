//! Game numbers: the number a deal goes by, which a player reads out and
//! types again (Windows FreeCell's Select Game, PySolFC's "Select game by
//! number"). Any seed deals a game (`--seed` takes any), but the games
//! dealt by New Game are numbered 1 to [`MAX_GAME_NUMBER`]: six or seven
//! digits a player can remember.

/// The highest number New Game deals and Select Game takes.
pub const MAX_GAME_NUMBER: u64 = 1_000_000;

/// The most digits a game number is typed with.
pub const GAME_NUMBER_DIGITS: usize = 7;

/// A game number in 1..=[`MAX_GAME_NUMBER`] made from any 64-bit value
/// (a hash of the history, the clock): the same value, the same number.
pub fn short_number(any: u64) -> u64 {
    any % MAX_GAME_NUMBER + 1
}

/// The game number typed in `text`, or why it is none, in words short
/// enough for a requester on the smallest screen.
pub fn parse_game_number(text: &str) -> Result<u64, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(format!("Type a number, 1 to {MAX_GAME_NUMBER}."));
    }
    if !text.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("\"{text}\" is no number: type digits only."));
    }
    match text.parse::<u64>() {
        Ok(n) if (1..=MAX_GAME_NUMBER).contains(&n) => Ok(n),
        _ => Err(format!("There is no game {text}: games go from 1 to {MAX_GAME_NUMBER}.")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_numbers_stay_in_range() {
        for any in [0, 1, MAX_GAME_NUMBER - 1, MAX_GAME_NUMBER, u64::MAX] {
            assert!((1..=MAX_GAME_NUMBER).contains(&short_number(any)), "{any}");
        }
        assert_eq!(short_number(6), 7);
        assert!(MAX_GAME_NUMBER.to_string().len() <= GAME_NUMBER_DIGITS);
    }

    #[test]
    fn a_game_number_is_digits_in_range() {
        assert_eq!(parse_game_number(" 7 "), Ok(7));
        assert_eq!(parse_game_number("1000000"), Ok(MAX_GAME_NUMBER));
        assert_eq!(parse_game_number("abc"), Err("\"abc\" is no number: type digits only.".into()));
        assert_eq!(parse_game_number("0"), Err("There is no game 0: games go from 1 to 1000000.".into()));
        assert!(parse_game_number("1000001").unwrap_err().starts_with("There is no game 1000001:"));
        assert_eq!(parse_game_number(""), Err("Type a number, 1 to 1000000.".into()));
        assert!(parse_game_number("-5").is_err());
        assert!(parse_game_number("99999999999999999999999").is_err());
    }
}
