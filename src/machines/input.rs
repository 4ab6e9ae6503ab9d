//! Input events in framebuffer coordinates, as the window or a script
//! delivers them after scaling.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Button {
    Left,
    Middle,
    Right,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    Char(char),
    Enter,
    Escape,
    Tab,
    Backspace,
    Delete,
    Up,
    Down,
    Left,
    Right,
    PageUp,
    PageDown,
    Home,
    End,
    Function(u8),
    /// Alt pressed and released by itself (Windows: to the menu bar).
    Alt,
}

/// Modifier keys held with a key press. `command` is the machine's menu
/// shortcut key: Ctrl stands in for the Mac's command key and Windows'
/// Ctrl, Alt for the Amiga's right-Amiga key (see `Machine::shortcut_from`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Modifiers {
    pub shift: bool,
    pub ctrl: bool,
    pub alt: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    MouseMove {
        x: i32,
        y: i32,
    },
    MouseDown {
        x: i32,
        y: i32,
        button: Button,
    },
    MouseUp {
        x: i32,
        y: i32,
        button: Button,
    },
    /// Wheel turned by `dy` notches (positive = towards the user, scroll down).
    Wheel {
        x: i32,
        y: i32,
        dy: i32,
    },
    Key {
        key: Key,
        mods: Modifiers,
    },
    /// Time passing, in milliseconds since the previous tick.
    Tick {
        ms: u32,
    },
}

impl Input {
    /// The pointer position the event carries, if any.
    pub fn position(&self) -> Option<(i32, i32)> {
        match *self {
            Input::MouseMove { x, y }
            | Input::MouseDown { x, y, .. }
            | Input::MouseUp { x, y, .. }
            | Input::Wheel { x, y, .. } => Some((x, y)),
            Input::Key { .. } | Input::Tick { .. } => None,
        }
    }
}
