//! MineSweeper: one launcher entry, opening the field last played (kept
//! in the preferences); each size keeps its own game and statistics
//! (`mines/beginner`, `mines/expert-no-guess`, `mines/custom`...).

use std::sync::Arc;

use crate::games::mines::rules::MinesVariant;
use crate::games::mines::settings::{PRESETS, Settings};
use crate::host::{Controller, Family, GameEntry, HelpRef, Listed, Opening, Places, prefs};
use crate::machines::MachineId;
use crate::views::View;
use crate::views::board::switch_pref;
use crate::views::mines::{MinesBoard, SHOWN_PREF, kept_settings, settings_from_prefs, shown_from_prefs};

pub static FAMILY: Family = Family {
    id: "mines",
    chooser_label: "Field Sizes...",
    kind: crate::host::Kind::Size,
    games,
    variants,
    resolve,
    chooser: None,
    open,
    help,
    figures: crate::host::kept_figures,
    progress: crate::host::no_progress,
    record: crate::host::Record::Unscored,
    claims: crate::host::Claims::Family("MineSweeper"),
};

const LAUNCHER_ID: &str = "mines";

/// An entry opening `settings` (None: the last field played).
fn entry(id: &str, name: &str, settings: Option<Settings>) -> GameEntry {
    GameEntry {
        id: id.to_string(),
        game_id: settings.map_or_else(|| LAUNCHER_ID.to_string(), |s| s.id()),
        name: name.to_string(),
        kept_end: 0,
        default_machine: None,
        family: &FAMILY,
        data: Arc::new(settings),
    }
}

fn games(_places: &Places) -> Vec<GameEntry> {
    vec![entry(LAUNCHER_ID, "MineSweeper", None)]
}

/// The presets, with and without guessing.
fn variants(_places: &Places, _open: Option<&GameEntry>) -> Vec<Listed> {
    [false, true]
        .into_iter()
        .flat_map(|no_guess| PRESETS.iter().map(move |p| Settings { no_guess, ..Settings::preset(p) }))
        .map(|s| Ok(entry(&s.id(), &size_name(&s), Some(s))))
        .collect()
}

/// A field's name in the list of sizes: "Expert", "Beginner (no
/// guessing)", a custom field by its options ("12x8/20").
fn size_name(s: &Settings) -> String {
    match s.preset_of() {
        Some(p) if s.no_guess => format!("{} (no guessing)", p.name),
        Some(p) => p.name.to_string(),
        None => s.options(),
    }
}

/// `mines/expert`, `mines/custom-no-guess`...: a size's own game. A custom
/// id opens the custom field kept in the preferences.
fn resolve(target: &str, places: &Places) -> Option<Result<GameEntry, String>> {
    let rest = target.to_ascii_lowercase().strip_prefix("mines/")?.to_string();
    let (size, no_guess) = match rest.strip_suffix("-no-guess") {
        Some(size) => (size.to_string(), true),
        None => (rest, false),
    };
    let settings = match PRESETS.iter().find(|p| p.id == size) {
        Some(p) => Settings { no_guess, ..Settings::preset(p) },
        None if size == "custom" => {
            let kept =
                settings_from_prefs(&prefs::read(&places.data_dir, FAMILY.id)).filter(|s| s.preset_of().is_none());
            Settings { no_guess, ..kept.unwrap_or(Settings { width: 12, height: 12, mines: 20, no_guess }) }
        }
        None => {
            let sizes: Vec<String> =
                PRESETS.iter().map(|p| p.id).chain(["custom"]).map(|id| format!("mines/{id}")).collect();
            return Some(Err(format!(
                "unknown minefield `{target}`: try {}, each with -no-guess after it for a field solved without guessing",
                sizes.join(", ")
            )));
        }
    };
    // Named with its size, as `parlour stats mines/expert` tells of it
    // apart from the other sizes' games.
    Some(Ok(entry(&settings.id(), &format!("MineSweeper {}", size_name(&settings)), Some(settings))))
}

/// Opens the field chosen, or else the field of the game last shown, so a
/// game under way goes on (its journal is that field's) even where the
/// panel holds other settings for the next game: the panel keeps showing
/// them, and New Game deals by them.
fn open(entry: &GameEntry, places: &Places, how: &Opening) -> Box<dyn View> {
    let chosen: &Option<Settings> = entry.data.downcast_ref().expect("a mines entry holds its settings");
    let (kept, shown) = kept_fields(places);
    let settings = chosen.or(shown).or(kept).unwrap_or_else(Settings::beginner);
    let variant = MinesVariant::new(settings)
        .unwrap_or_else(|_| MinesVariant::new(Settings::beginner()).expect("Beginner is a valid field"));
    let next = match chosen {
        Some(_) => *variant.settings(),
        None => kept.unwrap_or(*variant.settings()),
    };
    let board = MinesBoard::new(next, &places.data_dir);
    Box::new(Controller::open(FAMILY.id, variant, board, &places.data_dir, how))
}

/// The panel's field kept in the preferences (for the next game) and the
/// field of the game last shown. A kept field MineSweeper cannot deal is
/// told of by prefs.ini's line, as every preference refused is.
fn kept_fields(places: &Places) -> (Option<Settings>, Option<Settings>) {
    let kept_prefs = prefs::read(&places.data_dir, FAMILY.id);
    let not_used = |key: &str, why: String| {
        // Told after the file's name and line: a clause, not a sentence.
        let mut letters = why.trim_end_matches('.').chars();
        let clause: String = letters.next().map_or_else(String::new, |c| c.to_lowercase().chain(letters).collect());
        prefs::not_used(&places.data_dir, FAMILY.id, key, &clause);
        None
    };
    let kept = kept_settings(&kept_prefs).unwrap_or_else(|refused| {
        refused.into_iter().for_each(|(key, why)| _ = not_used(key, why));
        None
    });
    let shown = shown_from_prefs(&kept_prefs).unwrap_or_else(|why| not_used(SHOWN_PREF, why));
    // A switch neither 1 nor 0 is read as off, and told of by its line.
    prefs::tell_if_refused(&places.data_dir, FAMILY.id, "no-guess", |v| switch_pref(v, false).map(drop));
    (kept, shown)
}

fn help(_entry: &GameEntry, _machine: MachineId) -> HelpRef {
    HelpRef::Guide { file: "mines.guide".into(), node: "MAIN".into(), fallback: None }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::warnings;

    /// A No Guessing switch kept as neither 1 nor 0 is told of by its
    /// line, and the field is kept, without it.
    #[test]
    fn a_no_guessing_switch_neither_on_nor_off_is_told_by_its_line() {
        let (_dir, places, prefs) = crate::host::prefs::test_places();
        std::fs::write(&prefs, "[mines]\nwidth=12\nheight=12\nmines=20\nno-guess=2\n").unwrap();
        assert_eq!(kept_fields(&places).0, Some(Settings { width: 12, height: 12, mines: 20, no_guess: false }));
        let told = warnings::take().expect("not told").lines.join(" ");
        assert!(told.starts_with(&format!("{}:5: ", prefs.display())), "{told}");
        assert!(told.contains("`2` is neither 1 (on) nor 0 (off)") && told.contains("the switch stays off"), "{told}");
    }

    /// A field kept in prefs.ini that MineSweeper cannot deal is told of
    /// by its line and left unused; one it can deal is kept unsaid.
    #[test]
    fn a_kept_field_it_cannot_deal_is_told_by_its_line() {
        let (_dir, places, prefs) = crate::host::prefs::test_places();
        std::fs::write(&prefs, "[mines]\nwidth=12\nheight=12\nmines=20\n").unwrap();
        assert_eq!(kept_fields(&places).0, Some(Settings { width: 12, height: 12, mines: 20, no_guess: false }));
        assert!(warnings::take().is_none());
        for (text, line, said) in [
            ("width=5\nheight=12\nmines=20", 2, ": the width must be"),
            ("width=8\nheight=8\nmines=50", 4, "at most 44 mines"),
            ("width=12\nheight=twelve\nmines=20", 3, "the height, \"twelve\", is not a whole number"),
            ("width=12\nheight=12\nmines=many", 4, "the number of mines, \"many\", is not a whole number"),
        ] {
            std::fs::write(&prefs, format!("[mines]\n{text}\n")).unwrap();
            assert_eq!(kept_fields(&places).0, None, "{text}");
            let told = warnings::take().expect("not told").lines.join(" ");
            assert!(told.starts_with(&format!("{}:{line}: ", prefs.display())), "{told}");
            assert!(told.contains(said) && told.ends_with("the setting is not used."), "{told}");
        }
        // Every value it cannot use is told of, each by its own line.
        let all_told = || std::iter::from_fn(warnings::take).flat_map(|told| told.lines).collect::<Vec<_>>().join("\n");
        std::fs::write(&prefs, "[mines]\nwidth=5000\nheight=-3\nmines=abc\n").unwrap();
        assert_eq!(kept_fields(&places).0, None);
        let told = all_told();
        for line in [2, 3, 4] {
            assert!(told.contains(&format!("{}:{line}: ", prefs.display())), "line {line} untold: {told}");
        }
        std::fs::write(&prefs, "[mines]\nwidth=5001\nheight=300\nmines=20\n").unwrap();
        assert_eq!(kept_fields(&places).0, None);
        let told = all_told();
        for line in [2, 3] {
            assert!(told.contains(&format!("{}:{line}: ", prefs.display())), "line {line} untold: {told}");
        }
        // The field of the game last shown, which MineSweeper opens at.
        std::fs::write(&prefs, "[mines]\nfield=9x9/10\n").unwrap();
        assert_eq!(kept_fields(&places).1, Some(Settings::beginner()));
        assert!(warnings::take().is_none());
        std::fs::write(&prefs, "[mines]\nwidth=12\nfield=99x9/10\n").unwrap();
        assert_eq!(kept_fields(&places).1, None);
        let told = warnings::take().expect("field not told").lines.join(" ");
        assert!(told.starts_with(&format!("{}:3: ", prefs.display())), "{told}");
        assert!(told.ends_with("the setting is not used."), "{told}");
    }

    /// A size not known is answered with every one that is, the sizes
    /// without guessing among them.
    #[test]
    fn an_unknown_size_is_answered_with_every_known_one() {
        let (_dir, places, _prefs) = crate::host::prefs::test_places();
        let Some(Err(said)) = resolve("mines/huge", &places) else { panic!("mines/huge is no size") };
        for preset in PRESETS {
            assert!(said.contains(&format!("mines/{}", preset.id)), "{said}");
            assert!(matches!(resolve(&format!("mines/{}-no-guess", preset.id), &places), Some(Ok(_))));
        }
        assert!(said.contains("mines/custom") && said.contains("-no-guess"), "{said}");
    }
}
