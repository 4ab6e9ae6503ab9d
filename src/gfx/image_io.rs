//! Reading and writing images: surfaces export at native resolution as PNG
//! (indexed surfaces as palette PNGs at their own bit depth) or BMP.

use std::fmt;

use super::color::Rgb;
use super::surface::{Format, Surface};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageError {
    pub source: String,
    pub message: String,
}

impl ImageError {
    pub fn new(source: &str, message: impl Into<String>) -> ImageError {
        ImageError { source: source.to_string(), message: message.into() }
    }
}

impl fmt::Display for ImageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.source, self.message)
    }
}

impl std::error::Error for ImageError {}

/// A decoded image: colour and alpha per pixel, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RgbaImage {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<(Rgb, u8)>,
}

/// Decodes any PNG (every colour type and depth) to 8-bit colour and alpha.
pub fn decode_png(name: &str, bytes: &[u8]) -> Result<RgbaImage, ImageError> {
    decode(name, bytes, image::ImageFormat::Png, "PNG")
}

/// Decodes a Windows BMP (1, 4, 8, 24 or 32 bits per pixel, as Windows
/// paint programs wrote them) to 8-bit colour and alpha; pixels without an
/// alpha channel are opaque.
pub fn decode_bmp(name: &str, bytes: &[u8]) -> Result<RgbaImage, ImageError> {
    decode(name, bytes, image::ImageFormat::Bmp, "BMP")
}

/// The widest and tallest picture decoded: a small file may claim any
/// size, and every pixel costs memory before the first is read.
const MAX_SIDE: u32 = 4096;

fn decode(name: &str, bytes: &[u8], format: image::ImageFormat, what: &str) -> Result<RgbaImage, ImageError> {
    let mut reader = image::ImageReader::with_format(std::io::Cursor::new(bytes), format);
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(u64::from(MAX_SIDE) * u64::from(MAX_SIDE) * 4);
    reader.limits(limits);
    let signature: &[u8] = if format == image::ImageFormat::Png { b"\x89PNG" } else { b"BM" };
    if !bytes.starts_with(signature) {
        return Err(ImageError::new(name, format!("not a {what} file (it does not start as one)")));
    }
    let header_problem = if format == image::ImageFormat::Bmp { bmp_header_problem } else { png_header_problem };
    if let Some(why) = header_problem(bytes) {
        return Err(ImageError::new(name, format!("a {what} Parlour cannot read ({why})")));
    }
    let img = reader.decode().map_err(|e| ImageError::new(name, unreadable(what, &e)))?.to_rgba8();
    let pixels = img.pixels().map(|p| (Rgb::new(p[0], p[1], p[2]), p[3])).collect();
    Ok(RgbaImage { width: img.width(), height: img.height(), pixels })
}

/// What in a BMP's header keeps Parlour from reading it, in plain words:
/// the decoder would say it in its own ("Invalid channel bit count for
/// RGB: 7", "Image dimensions (0x0 w/3 channels) are too large").
fn bmp_header_problem(bytes: &[u8]) -> Option<String> {
    let u16_at = |at: usize| bytes.get(at..at + 2).map(|b| i64::from(u16::from_le_bytes([b[0], b[1]])));
    let i32_at = |at: usize| bytes.get(at..at + 4).map(|b| i64::from(i32::from_le_bytes([b[0], b[1], b[2], b[3]])));
    let core = bytes.get(14..18).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])) == Some(12);
    // (width, height, planes, bits per pixel, compression)
    let fields = if core {
        (|| Some((u16_at(18)?, u16_at(20)?, u16_at(22)?, u16_at(24)?, 0)))()
    } else {
        (|| Some((i32_at(18)?, i32_at(22)?, u16_at(26)?, u16_at(28)?, i32_at(30)?)))()
    };
    let Some((width, height, planes, bits, compression)) = fields else {
        return Some("it is cut short: its header is incomplete".into());
    };
    // A negative height is a picture stored top row first; a width never is.
    if let Some(why) = size_problem(width, height.abs()) {
        return Some(why);
    }
    if planes != 1 {
        return Some(format!("it has {planes} colour planes; a BMP has 1"));
    }
    if ![1, 4, 8, 16, 24, 32].contains(&bits) {
        return Some(format!("it has {bits} bits per pixel; a BMP has 1, 4, 8, 16, 24 or 32"));
    }
    if !(0..=3).contains(&compression) {
        return Some(format!("it is stored with compression {compression}, a kind Windows bitmaps do not use"));
    }
    let pixels_at = bytes.get(10..14).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize);
    if pixels_at.is_some_and(|at| at >= bytes.len()) {
        return Some("its pixel data offset points past the end of the file".into());
    }
    None
}

/// What in a picture's size keeps Parlour from reading it: none, or more
/// than it reads ([`MAX_SIDE`]).
fn size_problem(width: i64, height: i64) -> Option<String> {
    if width <= 0 || height <= 0 {
        return Some(format!("its size, {width} x {height} pixels, is zero or negative"));
    }
    (width.max(height) > i64::from(MAX_SIDE))
        .then(|| format!("it is {width} x {height} pixels, larger than {MAX_SIDE} x {MAX_SIDE}"))
}

/// What in a PNG's header (its IHDR, the first part after the signature)
/// keeps Parlour from reading it, in plain words: the decoder would say
/// it in its own ("Invalid image dimensions", a checksum in hex).
fn png_header_problem(bytes: &[u8]) -> Option<String> {
    // The signature's line ends are there to show a file sent as text:
    // changed, they tell the player how the picture was spoilt.
    if !bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.len() >= 8 {
        return Some("its first bytes were changed, as sending it as text changes line ends".into());
    }
    if bytes.get(12..16).is_some_and(|name| name != b"IHDR") {
        return Some("it is damaged: its header (IHDR) is not where every PNG has it, after the first 8 bytes".into());
    }
    let Some(header) = bytes.get(8..29) else {
        return Some("it is cut short: its header is incomplete".into());
    };
    let u32_at =
        |at: usize| i64::from(u32::from_be_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]]));
    if let Some(why) = size_problem(u32_at(8), u32_at(12)) {
        return Some(why);
    }
    let (bits, colour) = (header[16], header[17]);
    let depths: &[u8] = match colour {
        0 => &[1, 2, 4, 8, 16],
        3 => &[1, 2, 4, 8],
        2 | 4 | 6 => &[8, 16],
        _ => return Some(format!("its colour type is {colour}, which a PNG does not have")),
    };
    (!depths.contains(&bits)).then(|| format!("it has {bits} bits a sample, which its colour type {colour} does not"))
}

/// Why a file that starts as a `what` picture cannot be read, in words
/// of Parlour's own: the decoder's only where they name a form not read.
fn unreadable(what: &str, e: &image::ImageError) -> String {
    match e {
        image::ImageError::Limits(_) => {
            format!("a {what} larger than {MAX_SIDE} x {MAX_SIDE} pixels, the most Parlour reads")
        }
        image::ImageError::IoError(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => {
            format!("a {what} Parlour cannot read (it is cut short)")
        }
        image::ImageError::Unsupported(_) => format!("a {what} in a form Parlour does not read ({e})"),
        // The decoder's own words name its data structures and checksums
        // in hex: no help to a player.
        image::ImageError::Decoding(_) if e.to_string().contains("CRC") => {
            format!("a {what} Parlour cannot read (it is damaged: a part of it does not match its checksum)")
        }
        _ => format!("a {what} Parlour cannot read (it is damaged)"),
    }
}

/// Decodes a picture in any format Parlour reads, told apart by its first
/// bytes: PNG, Windows BMP or IFF ILBM. An empty file is told of as
/// such: it is no picture of any kind, and naming the kinds read would
/// send the player looking for a wrong format.
pub fn decode_picture(name: &str, bytes: &[u8]) -> Result<RgbaImage, ImageError> {
    if bytes.is_empty() {
        Err(ImageError::new(name, "the file is empty"))
    } else if bytes.starts_with(b"\x89PNG") {
        decode_png(name, bytes)
    } else if bytes.starts_with(b"BM") {
        decode_bmp(name, bytes)
    } else if super::ilbm::is_ilbm(bytes) {
        super::ilbm::decode_ilbm(name, bytes)
    } else {
        let what = other_kind(bytes).map_or_else(
            || "not a picture Parlour reads".into(),
            |kind| format!("a {kind} picture, which Parlour does not read"),
        );
        Err(ImageError::new(name, format!("{what}: it takes PNG, BMP and IFF ILBM files")))
    }
}

/// The kind of picture `bytes` are where Parlour reads no such kind, by
/// its first bytes: a photo saved as JPEG under a .png name is told as the
/// JPEG it is, so the player knows what to convert.
fn other_kind(bytes: &[u8]) -> Option<&'static str> {
    use image::ImageFormat::*;
    Some(match image::guess_format(bytes).ok()? {
        Jpeg => "JPEG",
        Gif => "GIF",
        WebP => "WebP",
        Tiff => "TIFF",
        Avif => "AVIF",
        Ico => "Windows icon",
        Qoi => "QOI",
        OpenExr => "OpenEXR",
        Hdr => "Radiance HDR",
        Tga => "TGA",
        Dds => "DDS",
        Farbfeld => "farbfeld",
        Pnm => "PNM",
        _ => return None,
    })
}

/// PNG bit depths are 1, 2, 4 or 8: an Amiga's 3 or 5 bitplanes go up to
/// the next one.
fn png_depth(bits: u8) -> png::BitDepth {
    match bits {
        1 => png::BitDepth::One,
        2 => png::BitDepth::Two,
        3 | 4 => png::BitDepth::Four,
        _ => png::BitDepth::Eight,
    }
}

/// Encodes a surface as PNG at its native size. Indexed surfaces keep their
/// pixel values and palette; direct ones are written as 24-bit RGB.
pub fn encode_png(surface: &Surface) -> Vec<u8> {
    let mut out = Vec::new();
    let (w, h) = (surface.width(), surface.height());
    let mut enc = png::Encoder::new(&mut out, w, h);
    let data: Vec<u8> = match surface.format() {
        Format::Indexed { bits } => {
            let depth = png_depth(bits);
            enc.set_color(png::ColorType::Indexed);
            enc.set_depth(depth);
            let mut plte: Vec<u8> = Vec::new();
            let entries = 1usize << bits;
            for i in 0..entries {
                let c = surface.palette().get(i as u32);
                plte.extend([c.r, c.g, c.b]);
            }
            enc.set_palette(plte);
            pack_rows(surface, depth as u8 as u32)
        }
        Format::Direct15 | Format::Direct24 => {
            enc.set_color(png::ColorType::Rgb);
            enc.set_depth(png::BitDepth::Eight);
            let mut rgb = Vec::with_capacity((w * h * 3) as usize);
            for &v in surface.pixels() {
                let c = surface.colour_of(v);
                rgb.extend([c.r, c.g, c.b]);
            }
            rgb
        }
    };
    let mut writer = enc.write_header().expect("writing a PNG into memory cannot fail");
    writer.write_image_data(&data).expect("the buffer matches the header");
    writer.finish().expect("finishing a PNG into memory cannot fail");
    out
}

/// Packs pixel values into PNG rows of `depth` bits per pixel, MSB first.
fn pack_rows(surface: &Surface, depth: u32) -> Vec<u8> {
    let w = surface.width() as usize;
    let per_byte = 8 / depth as usize;
    let row_bytes = w.div_ceil(per_byte);
    let mut out = vec![0u8; row_bytes * surface.height() as usize];
    for (y, row) in surface.pixels().chunks(w).enumerate() {
        for (x, &v) in row.iter().enumerate() {
            let shift = 8 - depth as usize * (x % per_byte + 1);
            out[y * row_bytes + x / per_byte] |= (v as u8) << shift;
        }
    }
    out
}

/// Encodes a surface as a Windows BMP at native size: indexed surfaces as an
/// 8-bit BMP with their palette, direct ones as 24-bit.
pub fn encode_bmp(surface: &Surface) -> Vec<u8> {
    use image::ImageEncoder;
    let mut out = Vec::new();
    let (w, h) = (surface.width(), surface.height());
    let mut enc = image::codecs::bmp::BmpEncoder::new(&mut out);
    match surface.format() {
        Format::Indexed { bits } => {
            let palette: Vec<[u8; 3]> = (0..1u32 << bits)
                .map(|i| {
                    let c = surface.palette().get(i);
                    [c.r, c.g, c.b]
                })
                .collect();
            let data: Vec<u8> = surface.pixels().iter().map(|&v| v as u8).collect();
            enc.encode_with_palette(&data, w, h, image::ExtendedColorType::L8, Some(&palette))
                .expect("encoding a BMP into memory cannot fail");
        }
        Format::Direct15 | Format::Direct24 => {
            let mut rgb = Vec::with_capacity((w * h * 3) as usize);
            for &v in surface.pixels() {
                let c = surface.colour_of(v);
                rgb.extend([c.r, c.g, c.b]);
            }
            enc.write_image(&rgb, w, h, image::ExtendedColorType::Rgb8)
                .expect("encoding a BMP into memory cannot fail");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gfx::palette::{mac_clut4, mac_clut8};

    #[test]
    fn indexed_png_round_trips_colours() {
        let mut s = Surface::new(13, 3, Format::Indexed { bits: 4 }, mac_clut4());
        for x in 0..13 {
            s.put(x, 1, x as u32);
        }
        let img = decode_png("t", &encode_png(&s)).unwrap();
        assert_eq!((img.width, img.height), (13, 3));
        for x in 0..13 {
            assert_eq!(img.pixels[13 + x].0, mac_clut4().get(x as u32));
        }
    }

    #[test]
    fn bmp_is_8_bit_with_palette() {
        let s = Surface::new(5, 2, Format::Indexed { bits: 8 }, mac_clut8());
        let b = encode_bmp(&s);
        assert_eq!(&b[0..2], b"BM");
        assert_eq!(u16::from_le_bytes([b[28], b[29]]), 8);
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(decode_png("junk.png", b"not a png").is_err());
        assert!(decode_bmp("junk.bmp", b"BM not really").is_err());
    }

    /// A BMP that cannot be read is told of in plain words, not the
    /// decoder's ("failed to fill whole buffer", "Invalid channel bit
    /// count for RGB: 7", a 0 x 0 picture "too large").
    #[test]
    fn a_bad_bmp_is_told_of_in_plain_words() {
        let good = encode_bmp(&Surface::new(5, 2, Format::Indexed { bits: 8 }, mac_clut8()));
        let why = |bytes: &[u8]| decode_bmp("b.bmp", bytes).unwrap_err().message;
        let set = |at: usize, value: &[u8]| {
            let mut bytes = good.clone();
            bytes[at..at + value.len()].copy_from_slice(value);
            why(&bytes)
        };
        assert_eq!(why(&good[..good.len() - 3]), "a BMP Parlour cannot read (it is cut short)");
        assert_eq!(
            set(28, &[7, 0]),
            "a BMP Parlour cannot read (it has 7 bits per pixel; a BMP has 1, 4, 8, 16, 24 or 32)"
        );
        assert_eq!(set(18, &[0; 8]), "a BMP Parlour cannot read (its size, 0 x 0 pixels, is zero or negative)");
        assert_eq!(
            set(18, &(-5i32).to_le_bytes()),
            "a BMP Parlour cannot read (its size, -5 x 2 pixels, is zero or negative)"
        );
        assert_eq!(
            set(18, &100_000i32.to_le_bytes()),
            "a BMP Parlour cannot read (it is 100000 x 2 pixels, larger than 4096 x 4096)"
        );
        assert_eq!(set(26, &[2, 0]), "a BMP Parlour cannot read (it has 2 colour planes; a BMP has 1)");
        assert_eq!(why(&good[..20]), "a BMP Parlour cannot read (it is cut short: its header is incomplete)");
        assert_eq!(
            set(10, &4_000_000_000u32.to_le_bytes()),
            "a BMP Parlour cannot read (its pixel data offset points past the end of the file)"
        );
        let mut top_down = good.clone();
        top_down[22..26].copy_from_slice(&(-2i32).to_le_bytes());
        assert!(decode_bmp("t.bmp", &top_down).is_ok(), "a picture stored top row first");
    }

    /// The checksum a PNG chunk of `kind` holding `data` ends with.
    fn crc(kind_and_data: &[u8]) -> [u8; 4] {
        let mut c = !0u32;
        for &b in kind_and_data {
            c ^= u32::from(b);
            for _ in 0..8 {
                c = if c & 1 == 1 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
            }
        }
        (!c).to_be_bytes()
    }

    /// A PNG that cannot be read is told of in plain words, never the
    /// decoder's ("Invalid image dimensions", a checksum in hex), whether
    /// its header says a size of nothing or a huge one, it is cut short,
    /// or a part of it is damaged.
    #[test]
    fn a_bad_png_is_told_of_in_plain_words() {
        let good = encode_png(&Surface::new(5, 2, Format::Indexed { bits: 8 }, mac_clut8()));
        let why = |bytes: &[u8]| decode_picture("x.png", bytes).unwrap_err().to_string();
        // The header changed with its checksum made good again, as a
        // program that wrote a bad size would leave it.
        let header = |at: usize, value: &[u8]| {
            let mut bytes = good.clone();
            bytes[at..at + value.len()].copy_from_slice(value);
            let sum = crc(&bytes[12..29]);
            bytes[29..33].copy_from_slice(&sum);
            why(&bytes)
        };
        let cannot = "x.png: a PNG Parlour cannot read";
        assert_eq!(header(16, &[0; 4]), format!("{cannot} (its size, 0 x 2 pixels, is zero or negative)"));
        assert_eq!(header(20, &[0; 4]), format!("{cannot} (its size, 5 x 0 pixels, is zero or negative)"));
        let huge = header(16, &[0xFF; 4]);
        assert_eq!(huge, format!("{cannot} (it is 4294967295 x 2 pixels, larger than 4096 x 4096)"));
        assert_eq!(header(25, &[5]), format!("{cannot} (its colour type is 5, which a PNG does not have)"));
        assert_eq!(header(24, &[7]), format!("{cannot} (it has 7 bits a sample, which its colour type 3 does not)"));
        assert_eq!(why(&good[..20]), format!("{cannot} (it is cut short: its header is incomplete)"));
        assert_eq!(why(&good[..good.len() - 20]), format!("{cannot} (it is cut short)"));
        let mut damaged = good.clone();
        damaged[29] ^= 0xFF;
        let checksum = format!("{cannot} (it is damaged: a part of it does not match its checksum)");
        assert_eq!(why(&damaged), checksum);
        // Past the signature, bytes that are no PNG header; and the
        // signature itself with its line end turned to a Unix one.
        let garbage = [&good[..8], b"this is garbage".as_slice()].concat();
        let no_header = "it is damaged: its header (IHDR) is not where every PNG has it, after the first 8 bytes";
        assert_eq!(why(&garbage), format!("{cannot} ({no_header})"));
        let as_text = [b"\x89PNG\n\x1a\n".as_slice(), &good[8..]].concat();
        let line_ends = "its first bytes were changed, as sending it as text changes line ends";
        assert_eq!(why(&as_text), format!("{cannot} ({line_ends})"));
        let text = "x.png: not a picture Parlour reads: it takes PNG, BMP and IFF ILBM files";
        assert_eq!(why(b"hello, world\n"), text);
    }

    #[test]
    fn an_empty_file_is_told_of_as_empty() {
        assert_eq!(decode_picture("empty.bmp", b"").unwrap_err().message, "the file is empty");
        let junk = decode_picture("junk.bmp", b"junk").unwrap_err().message;
        assert_eq!(junk, "not a picture Parlour reads: it takes PNG, BMP and IFF ILBM files");
    }

    /// A photo saved as JPEG (or GIF) under a name ending .png is told as
    /// what it is, not as no picture at all.
    #[test]
    fn a_picture_of_another_kind_is_named_by_its_kind() {
        let jpeg = [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, b'J', b'F', b'I', b'F', 0];
        let said = decode_picture("photo.png", &jpeg).unwrap_err().message;
        assert_eq!(said, "a JPEG picture, which Parlour does not read: it takes PNG, BMP and IFF ILBM files");
        let said = decode_picture("anim.png", b"GIF89a\x01\x00").unwrap_err().message;
        assert!(said.starts_with("a GIF picture,"), "{said}");
    }

    #[test]
    fn bmp_round_trips_direct_colour() {
        let mut s = Surface::rgb(3, 2);
        s.put(2, 1, 0x12_34_56);
        let img = decode_bmp("t.bmp", &encode_bmp(&s)).unwrap();
        assert_eq!((img.width, img.height), (3, 2));
        assert_eq!(img.pixels[5], (Rgb::hex(0x123456), 255));
        assert_eq!(img.pixels[0], (Rgb::BLACK, 255));
    }
}
