//! Scramble: one launcher entry, opening the size last played (4 x 4 at
//! first); each size keeps its own game and statistics (`scramble/3x3`).

use std::sync::Arc;

use crate::core::Variant;
use crate::games::scramble::rules::{SIZE, ScrambleVariant, side_fits};
use crate::host::{Controller, Family, GameEntry, HelpRef, Listed, Opening, Places, prefs};
use crate::machines::MachineId;
use crate::views::View;
use crate::views::board::Refused;
use crate::views::scramble::ScrambleBoard;

pub static FAMILY: Family = Family {
    id: "scramble",
    chooser_label: "Sizes...",
    kind: crate::host::Kind::GameType,
    games,
    variants,
    resolve,
    chooser: None,
    open,
    help,
    figures: crate::host::kept_figures,
    progress: crate::host::no_progress,
    record: crate::host::Record::Unscored,
    claims: crate::host::Claims::Family("Scramble"),
};

const LAUNCHER_ID: &str = "scramble";
const DEFAULT_SIZE: (usize, usize) = (4, 4);

fn entry(id: &str, name: &str, size: Option<(usize, usize)>) -> GameEntry {
    GameEntry {
        id: id.to_string(),
        game_id: size.map_or_else(|| LAUNCHER_ID.to_string(), |(c, r)| format!("scramble/{c}x{r}")),
        name: name.to_string(),
        kept_end: 0,
        default_machine: None,
        family: &FAMILY,
        data: Arc::new(size),
    }
}

fn games(_places: &Places) -> Vec<GameEntry> {
    vec![entry(LAUNCHER_ID, "Scramble", None)]
}

fn variants(_places: &Places, _open: Option<&GameEntry>) -> Vec<Listed> {
    (SIZE.0..=SIZE.1)
        .flat_map(|c| (SIZE.0..=SIZE.1).map(move |r| (c, r)))
        .map(|(c, r)| Ok(entry(&format!("scramble/{c}x{r}"), &format!("{c} x {r} pieces"), Some((c, r)))))
        .collect()
}

/// `scramble/3x4`: that size's game.
fn resolve(target: &str, _places: &Places) -> Option<Result<GameEntry, String>> {
    let size = target.to_ascii_lowercase().strip_prefix("scramble/")?.to_string();
    let parsed = size.split_once('x').and_then(|(c, r)| Some((c.parse().ok()?, r.parse().ok()?)));
    Some(match parsed {
        Some((c, r)) => ScrambleVariant::new(c, r, false).map(|v| entry(v.id(), "Scramble", Some((c, r)))),
        None => Err(format!("unknown puzzle `{target}`: write scramble/COLUMNSxROWS, e.g. scramble/4x4")),
    })
}

/// The size last played, from the preferences; a side Scramble does not
/// have is told of by its line, and the default size played.
fn kept_size(places: &Places) -> Option<(usize, usize)> {
    let (mut cols, mut rows) = (None, None);
    let instead = format!("{} x {} is played", DEFAULT_SIZE.0, DEFAULT_SIZE.1);
    prefs::give_to(&places.data_dir, FAMILY.id, |key, value| {
        let (side, what) = match key {
            "cols" => (&mut cols, "columns"),
            "rows" => (&mut rows, "rows"),
            _ => return Ok(()),
        };
        *side = Some(side_fits(what, value).map_err(|why| Refused::new(why, instead.clone()))?);
        Ok(())
    });
    Some((cols?, rows?))
}

fn open(entry: &GameEntry, places: &Places, how: &Opening) -> Box<dyn View> {
    let chosen: &Option<(usize, usize)> = entry.data.downcast_ref().expect("a scramble entry holds its size");
    let (cols, rows) = chosen.or_else(|| kept_size(places)).unwrap_or(DEFAULT_SIZE);
    let variant = ScrambleVariant::new(cols, rows, false)
        .or_else(|_| ScrambleVariant::new(DEFAULT_SIZE.0, DEFAULT_SIZE.1, false))
        .expect("4 x 4 is a Scramble size");
    let board = ScrambleBoard::new(&places.data_dir, (places.search)("pictures"));
    Box::new(Controller::open(FAMILY.id, variant, board, &places.data_dir, how))
}

fn help(_entry: &GameEntry, _machine: MachineId) -> HelpRef {
    HelpRef::Guide { file: "scramble.guide".into(), node: "MAIN".into(), fallback: None }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::warnings;

    /// A size Scramble does not have, kept in prefs.ini, is told of by
    /// its line and what is played instead, as settings.ini's values are.
    #[test]
    fn a_kept_size_out_of_range_is_told_by_its_line() {
        let (_dir, places, prefs) = crate::host::prefs::test_places();
        std::fs::write(&prefs, "[scramble]\ncols=5\nrows=3\n").unwrap();
        assert_eq!(kept_size(&places), Some((5, 3)));
        assert!(warnings::take().is_none());
        std::fs::write(&prefs, "[scramble]\ncols=5\nrows=99\n").unwrap();
        assert_eq!(kept_size(&places), None);
        let told = warnings::take().expect("not told").lines.join(" ");
        let why = "Scramble has 2 to 6 rows of pieces, not 99; 4 x 4 is played.";
        assert_eq!(told, format!("{}:3: {why}", prefs.display()));
    }
}
