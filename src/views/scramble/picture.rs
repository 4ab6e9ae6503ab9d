//! Scramble's pictures: the three built in (roms-like-assets/pictures/)
//! and any PNG, BMP or IFF ILBM file in the picture folders; and each
//! picture reduced for a machine: scaled to the puzzle's size and
//! dithered to the machine's palette (the Amiga's colour registers, the
//! Mac's colour tables, black and white on the SE/30), kept until the
//! machine or the size changes.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use crate::assets;
use crate::core::files::{limits, read_capped};
use crate::gfx::image_io::{RgbaImage, decode_picture};
use crate::gfx::reduce::{area_average, draw_dithered};
use crate::gfx::{Rgb, Surface};
use crate::machines::{Depth, Machine, MachineId};

/// The asset folder of the built-in pictures.
const BUILT_IN: &str = "pictures";
/// How a built-in picture is named in the preferences.
const BUILT_IN_PREFIX: &str = "builtin:";
/// The widest shape a picture is shown in, width over height (its
/// inverse the tallest): a panorama or a strip is cut to its middle part
/// of this shape, since scaled whole into the puzzle it would make pieces
/// a few pixels high, too thin to see or to click.
const MAX_ASPECT: f64 = 2.0;
/// The file name endings read as pictures.
const EXTENSIONS: [&str; 5] = ["png", "bmp", "iff", "ilbm", "lbm"];

/// Where a picture comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    BuiltIn(String),
    File(PathBuf),
}

impl Source {
    /// The name shown in lists: the file name without its ending.
    pub fn label(&self) -> String {
        let name = match self {
            Source::BuiltIn(n) => Path::new(n).file_stem().map(|s| s.to_string_lossy().into_owned()),
            Source::File(p) => p.file_stem().map(|s| s.to_string_lossy().into_owned()),
        };
        name.unwrap_or_default()
    }

    /// The preference text: `builtin:NAME` or the file's full path.
    pub fn key(&self) -> String {
        match self {
            Source::BuiltIn(n) => format!("{BUILT_IN_PREFIX}{n}"),
            Source::File(p) => p.display().to_string(),
        }
    }

    /// The source a preference text names; a file's path kept relative by
    /// an older Parlour is taken from the current folder, as it was then.
    pub fn from_key(key: &str) -> Source {
        match key.strip_prefix(BUILT_IN_PREFIX) {
            Some(name) => Source::BuiltIn(name.to_string()),
            None => Source::file(PathBuf::from(key)),
        }
    }

    /// A picture file by its full path (canonical where the file is
    /// there): one chosen from ./pictures is remembered so, and found
    /// again when Parlour starts from another folder.
    pub fn file(path: PathBuf) -> Source {
        let full = std::fs::canonicalize(&path).or_else(|_| std::path::absolute(&path));
        Source::File(full.unwrap_or(path))
    }
}

/// Every picture there is: the built-in ones, then the files in `dirs`,
/// each folder's in the order every list of names is shown in (numbers by
/// their value: "beach 2" before "beach 10").
pub fn list(dirs: &[PathBuf]) -> Vec<Source> {
    let is_picture =
        |name: &str| Path::new(name).extension().is_some_and(|e| EXTENSIONS.iter().any(|x| e.eq_ignore_ascii_case(x)));
    let mut out: Vec<Source> =
        assets::files(BUILT_IN).into_iter().filter(|n| is_picture(n)).map(Source::BuiltIn).collect();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir) else { continue };
        let mut files: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file() && is_picture(&p.file_name().unwrap_or_default().to_string_lossy()))
            .collect();
        let name = |p: &PathBuf| crate::core::files::file_name(p);
        files.sort_by(|a, b| crate::host::by_name(&name(a), &name(b)));
        out.extend(files.into_iter().map(Source::file));
    }
    out
}

/// The picture a new player sees.
pub fn default_source() -> Source {
    Source::BuiltIn("lighthouse.png".into())
}

/// A picture read and decoded.
#[derive(Debug)]
pub struct Picture {
    pub source: Source,
    image: RgbaImage,
    /// What the player is told of a picture cut to its middle part.
    pub cropped: Option<String>,
    /// The picture reduced for the last machine and size it was drawn at.
    reduced: RefCell<Option<(Reduction, Surface)>>,
}

/// What a reduction was made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Reduction {
    machine: MachineId,
    depth: Option<Depth>,
    width: u32,
    height: u32,
}

impl Picture {
    /// Reads and decodes a picture; the error names the file and what is
    /// wrong with it.
    pub fn load(source: &Source) -> Result<Picture, String> {
        let (name, bytes) = match source {
            Source::BuiltIn(n) => {
                let path = format!("{BUILT_IN}/{n}");
                (
                    path.clone(),
                    assets::read(&path).ok_or_else(|| format!("{path}: no such built-in picture"))?.into_owned(),
                )
            }
            Source::File(p) => (
                p.display().to_string(),
                read_capped(p, limits::PICTURE).map_err(|e| format!("{}: cannot be read ({e})", p.display()))?,
            ),
        };
        let image = decode_picture(&name, &bytes).map_err(|e| e.to_string())?;
        let shown = Path::new(&name).file_name().map_or(name.clone(), |n| n.to_string_lossy().into_owned());
        let (image, cropped) = match middle_part(&image) {
            Some(middle) => {
                let shape = if image.width > image.height { "wide" } else { "tall" };
                // The clause before the colon is what a narrow status line
                // keeps, naming the file (a long name cut short, the whole
                // then in a box): the puzzle shows the middle.
                (middle, Some(format!("{shown} is too {shape}: only the middle fits.")))
            }
            None => (image, None),
        };
        Ok(Picture { source: source.clone(), image, cropped, reduced: RefCell::new(None) })
    }

    /// Width over height.
    pub fn aspect(&self) -> f64 {
        self.image.width as f64 / self.image.height as f64
    }

    /// The picture at `width` x `height` in the machine's pixel format and
    /// palette, ready to blit pieces from.
    pub fn reduced(&self, machine: &Machine, width: u32, height: u32) -> std::cell::Ref<'_, Surface> {
        let want = Reduction { machine: machine.id(), depth: machine.depth(), width, height };
        let stale = self.reduced.borrow().as_ref().is_none_or(|(made, _)| *made != want);
        if stale {
            *self.reduced.borrow_mut() = Some((want, self.reduce(machine, width, height)));
        }
        std::cell::Ref::map(self.reduced.borrow(), |r| &r.as_ref().expect("made just now").1)
    }

    fn reduce(&self, machine: &Machine, width: u32, height: u32) -> Surface {
        // Transparent parts show white, as on paper.
        let mut rgb = Surface::rgb(self.image.width, self.image.height);
        for (i, &(c, alpha)) in self.image.pixels.iter().enumerate() {
            let a = u32::from(alpha);
            let over = |v: u8| ((u32::from(v) * a + 255 * (255 - a)) / 255) as u8;
            let v = rgb.value_for(Rgb::new(over(c.r), over(c.g), over(c.b)));
            rgb.put((i as u32 % self.image.width) as i32, (i as u32 / self.image.width) as i32, v);
        }
        let pixels = area_average(&rgb, width.max(1), height.max(1));
        let look = machine.look();
        let mut out = Surface::new(width.max(1), height.max(1), look.format, look.palette.clone());
        draw_dithered(&mut out, 0, 0, width.max(1), height.max(1), &pixels);
        out
    }
}

/// The middle part of `image` in the widest (or tallest) shape the puzzle
/// shows, [`MAX_ASPECT`]; None if it has that shape or a squarer one.
fn middle_part(image: &RgbaImage) -> Option<RgbaImage> {
    let (w, h) = (image.width, image.height);
    let (keep_w, keep_h) = if w as f64 > h as f64 * MAX_ASPECT {
        ((h as f64 * MAX_ASPECT).round().max(1.0) as u32, h)
    } else if h as f64 > w as f64 * MAX_ASPECT {
        (w, (w as f64 * MAX_ASPECT).round().max(1.0) as u32)
    } else {
        return None;
    };
    let (left, top) = ((w - keep_w) / 2, (h - keep_h) / 2);
    let pixels = (top..top + keep_h)
        .flat_map(|y| {
            let row = (y * w + left) as usize;
            image.pixels[row..row + keep_w as usize].iter().copied()
        })
        .collect();
    Some(RgbaImage { width: keep_w, height: keep_h, pixels })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machines::MachineChoice;

    #[test]
    fn the_three_built_in_pictures_read_in_their_three_formats() {
        let all = list(&[]);
        let names: Vec<String> = all.iter().map(Source::label).collect();
        assert_eq!(names, ["balloons", "grapes", "lighthouse"]);
        for source in &all {
            let p = Picture::load(source).unwrap_or_else(|e| panic!("{e}"));
            assert!((p.aspect() - 4.0 / 3.0).abs() < 0.01);
        }
    }

    #[test]
    fn a_strip_is_cut_to_its_middle_and_a_picture_of_a_fair_shape_is_kept_whole() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, w: u32, h: u32| {
            let mut s = Surface::rgb(w, h);
            for x in 0..w as i32 {
                let v = s.value_for(if x < w as i32 / 2 { Rgb::new(255, 0, 0) } else { Rgb::new(0, 0, 255) });
                (0..h as i32).for_each(|y| s.put(x, y, v));
            }
            let path = dir.path().join(name);
            std::fs::write(&path, crate::gfx::image_io::encode_bmp(&s)).unwrap();
            Picture::load(&Source::File(path)).unwrap()
        };
        let wide = write("wide.bmp", 4000, 10);
        assert_eq!(wide.aspect(), MAX_ASPECT);
        let told = "wide.bmp is too wide: only the middle fits.";
        assert_eq!(wide.cropped.as_deref(), Some(told));
        // The middle: red on the left half, blue on the right.
        assert_eq!((wide.image.pixels[0].0.r, wide.image.pixels[19].0.b), (255, 255));
        let tall = write("tall.bmp", 3, 100);
        assert_eq!((tall.image.width, tall.image.height), (3, 6));
        assert!(tall.cropped.as_deref().is_some_and(|c| c == "tall.bmp is too tall: only the middle fits."));
        assert_eq!(write("fair.bmp", 200, 100).cropped, None, "2:1 is shown whole");
    }

    #[test]
    fn keys_read_back_and_bad_files_are_named() {
        let dir = tempfile::tempdir().unwrap();
        let bad = dir.path().join("broken.png");
        std::fs::write(&bad, b"\x89PNG not really").unwrap();
        let sources = list(&[dir.path().to_path_buf()]);
        assert_eq!(sources.len(), 4);
        let file = Source::File(bad.clone());
        assert_eq!(Source::from_key(&file.key()), file);
        assert_eq!(Source::from_key("builtin:grapes.iff"), Source::BuiltIn("grapes.iff".into()));
        let e = Picture::load(&file).unwrap_err();
        assert!(e.starts_with(&bad.display().to_string()), "{e}");
        assert!(Picture::load(&Source::File(dir.path().join("gone.bmp"))).unwrap_err().contains("cannot be read"));
    }

    #[test]
    fn only_regular_files_of_limited_size_are_read() {
        let dir = tempfile::tempdir().unwrap();
        // A folder named like a picture is refused before it is opened.
        let folder = dir.path().join("folder.png");
        std::fs::create_dir(&folder).unwrap();
        let e = Picture::load(&Source::File(folder)).unwrap_err();
        assert!(e.contains("not a regular file"), "{e}");
        // Said in one bracket at most: "cannot be read (it is not a
        // regular file (a folder...))" read badly.
        assert!(!e.contains("))"), "{e}");
        // A file over the limit is refused with its size, not read (a
        // sparse file: no disk is used).
        let huge = dir.path().join("huge.bmp");
        std::fs::File::create(&huge).unwrap().set_len(crate::core::files::limits::PICTURE + 1).unwrap();
        let e = Picture::load(&Source::File(huge.clone())).unwrap_err();
        assert!(e.starts_with(&huge.display().to_string()) && e.contains("more than the 16 MB"), "{e}");
    }

    #[test]
    fn reductions_use_only_the_machines_colours_and_are_kept() {
        let p = Picture::load(&default_source()).unwrap();
        for id in [MachineId::AmigaPal, MachineId::MacSe30] {
            let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
            let s = p.reduced(&m, 90, 60);
            assert_eq!((s.width(), s.height()), (90, 60));
            let used = s.colours_used();
            assert!(used.iter().all(|c| m.look().palette.find(*c).is_some()), "{id}");
            assert!(used.len() >= 2, "{id}: the picture shows");
            drop(s);
            let again = p.reduced(&m, 90, 60).pixels().to_vec();
            assert_eq!(again, p.reduced(&m, 90, 60).pixels());
        }
    }
}
