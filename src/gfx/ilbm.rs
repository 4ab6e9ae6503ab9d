//! IFF ILBM, the Amiga's picture format (Deluxe Paint's): reading every
//! kind a paint program wrote (1 to 8 bitplanes with a colour map, Extra
//! Half-Brite, HAM6 and HAM8, 24-bit deep ILBMs; uncompressed or
//! ByteRun1; with or without a mask plane), and writing plain bitplane
//! pictures with ByteRun1.
//!
//! The file is a FORM of chunks: BMHD (the header), CMAP (the colour map),
//! CAMG (the display mode) and BODY (the rows, each plane's row in turn).
//! Every number is big-endian, every chunk padded to an even length.

use super::color::Rgb;
use super::image_io::{ImageError, RgbaImage};

/// The widest and tallest picture read, so a damaged header cannot ask
/// for gigabytes.
const MAX_SIDE: usize = 4096;
/// CAMG flags.
const HAM: u32 = 0x800;
const EXTRA_HALFBRITE: u32 = 0x80;
/// BMHD masking: a mask plane follows the colour planes of each row.
const MASK_PLANE: u8 = 1;
/// BMHD masking: pixels of the transparent colour are see-through.
const TRANSPARENT_COLOUR: u8 = 2;

/// Whether `bytes` start like an ILBM file.
pub fn is_ilbm(bytes: &[u8]) -> bool {
    bytes.len() >= 12 && &bytes[0..4] == b"FORM" && &bytes[8..12] == b"ILBM"
}

struct Header {
    width: usize,
    height: usize,
    planes: usize,
    masking: u8,
    compression: u8,
    transparent: u16,
}

fn be16(b: &[u8]) -> u16 {
    u16::from_be_bytes([b[0], b[1]])
}

fn be32(b: &[u8]) -> u32 {
    u32::from_be_bytes([b[0], b[1], b[2], b[3]])
}

/// Decodes an ILBM; errors name the file, the chunk and its byte offset.
pub fn decode_ilbm(name: &str, bytes: &[u8]) -> Result<RgbaImage, ImageError> {
    let err = |m: String| ImageError::new(name, m);
    if !is_ilbm(bytes) {
        return Err(err("not an IFF ILBM picture (it does not begin with FORM....ILBM)".into()));
    }
    let form_end = (8 + be32(&bytes[4..8]) as usize).min(bytes.len());
    let (mut header, mut cmap, mut camg, mut body) = (None, Vec::new(), 0u32, None);
    let mut at = 12;
    while at + 8 <= form_end {
        let id = &bytes[at..at + 4];
        let len = be32(&bytes[at + 4..at + 8]) as usize;
        let data_at = at + 8;
        let Some(data) = bytes.get(data_at..data_at + len) else {
            return Err(err(format!(
                "the {} chunk at byte {at} says it holds {len} bytes, but the file ends first",
                String::from_utf8_lossy(id)
            )));
        };
        match id {
            b"BMHD" => {
                if len < 20 {
                    return Err(err(format!("the BMHD chunk at byte {at} is {len} bytes long, not 20")));
                }
                header = Some(Header {
                    width: be16(&data[0..2]) as usize,
                    height: be16(&data[2..4]) as usize,
                    planes: data[8] as usize,
                    masking: data[9],
                    compression: data[10],
                    transparent: be16(&data[12..14]),
                });
            }
            b"CMAP" => cmap = data.chunks_exact(3).map(|c| Rgb::new(c[0], c[1], c[2])).collect(),
            b"CAMG" if len >= 4 => camg = be32(data),
            b"BODY" => body = Some((at, data)),
            _ => {}
        }
        at = data_at + len + (len & 1);
    }
    let h = header.ok_or_else(|| err("there is no BMHD chunk (the picture's header)".into()))?;
    let (body_at, body) = body.ok_or_else(|| err("there is no BODY chunk (the picture itself)".into()))?;
    if h.width == 0 || h.height == 0 || h.width > MAX_SIDE || h.height > MAX_SIDE {
        return Err(err(format!(
            "the BMHD chunk gives a picture of {} x {} pixels (1 to {MAX_SIDE} each way are read)",
            h.width, h.height
        )));
    }
    if !(1..=8).contains(&h.planes) && h.planes != 24 {
        return Err(err(format!("{} bitplanes are not supported (1 to 8, or 24)", h.planes)));
    }
    let row_bytes = h.width.div_ceil(16) * 2;
    let planes_stored = h.planes + usize::from(h.masking == MASK_PLANE);
    let raw = match h.compression {
        0 => body.to_vec(),
        1 => unpack_byterun1(body, row_bytes * planes_stored * h.height)
            .map_err(|offset| err(format!("the BODY chunk at byte {body_at} is cut short (at byte {offset} of it)")))?,
        other => return Err(err(format!("compression {other} is not supported (0 none, 1 ByteRun1)"))),
    };
    if raw.len() < row_bytes * planes_stored * h.height {
        return Err(err(format!(
            "the BODY chunk at byte {body_at} holds {} bytes of rows, {} are needed",
            raw.len(),
            row_bytes * planes_stored * h.height
        )));
    }
    let colours = palette(&cmap, h.planes, camg);
    let ham = camg & HAM != 0 && (h.planes == 6 || h.planes == 8);
    let mut pixels = Vec::with_capacity(h.width * h.height);
    for y in 0..h.height {
        let row = &raw[y * row_bytes * planes_stored..];
        let bit = |plane: usize, x: usize| (row[plane * row_bytes + x / 8] >> (7 - x % 8)) & 1;
        let mut held = colours.first().copied().unwrap_or(Rgb::BLACK);
        for x in 0..h.width {
            let value: u32 = (0..h.planes).map(|p| u32::from(bit(p, x)) << p).sum();
            let colour = if h.planes == 24 {
                Rgb::new(value as u8, (value >> 8) as u8, (value >> 16) as u8)
            } else if ham {
                held = ham_colour(held, value, h.planes, &colours);
                held
            } else {
                colours.get(value as usize).copied().ok_or_else(|| {
                    err(format!("pixel ({x}, {y}) uses colour {value}, but the CMAP chunk has {}", colours.len()))
                })?
            };
            let opaque = match h.masking {
                MASK_PLANE => bit(h.planes, x) == 1,
                TRANSPARENT_COLOUR if h.planes != 24 && !ham => value != u32::from(h.transparent),
                _ => true,
            };
            pixels.push((colour, if opaque { 255 } else { 0 }));
        }
    }
    Ok(RgbaImage { width: h.width as u32, height: h.height as u32, pixels })
}

/// The colours pixel values stand for: the CMAP, doubled with half-bright
/// copies in Extra Half-Brite mode, grey ramps when there is no CMAP.
fn palette(cmap: &[Rgb], planes: usize, camg: u32) -> Vec<Rgb> {
    let mut colours = cmap.to_vec();
    if colours.is_empty() && planes <= 8 {
        let n = 1usize << planes;
        colours = (0..n)
            .map(|i| {
                let v = (i * 255 / (n - 1).max(1)) as u8;
                Rgb::new(v, v, v)
            })
            .collect();
    }
    if camg & EXTRA_HALFBRITE != 0 && planes == 6 {
        colours.resize(32, Rgb::BLACK);
        let halves: Vec<Rgb> = colours.iter().map(|c| Rgb::new(c.r / 2, c.g / 2, c.b / 2)).collect();
        colours.extend(halves);
    }
    colours
}

/// Hold-And-Modify: the top two bits say whether the rest picks a colour
/// register or replaces the blue, red or green of the pixel to the left.
fn ham_colour(held: Rgb, value: u32, planes: usize, colours: &[Rgb]) -> Rgb {
    let bits = planes - 2;
    let data = value & ((1 << bits) - 1);
    // Scale the 4 or 6 bits to 8, copying the top bits down.
    let level = if bits == 4 { (data << 4 | data) as u8 } else { (data << 2 | data >> 4) as u8 };
    match value >> bits {
        0 => colours.get(data as usize).copied().unwrap_or(Rgb::BLACK),
        1 => Rgb::new(held.r, held.g, level),
        2 => Rgb::new(level, held.g, held.b),
        _ => Rgb::new(held.r, level, held.b),
    }
}

/// ByteRun1: a signed count byte n, then n + 1 literal bytes (n >= 0) or
/// one byte repeated 1 - n times (n < 0; -128 is nothing). The error is
/// the offset where the data ran out.
fn unpack_byterun1(data: &[u8], want: usize) -> Result<Vec<u8>, usize> {
    let mut out = Vec::with_capacity(want);
    let mut at = 0;
    while out.len() < want {
        let n = *data.get(at).ok_or(at)? as i8;
        at += 1;
        match n {
            0..=127 => {
                let run = data.get(at..at + n as usize + 1).ok_or(at)?;
                out.extend_from_slice(run);
                at += run.len();
            }
            -127..=-1 => {
                let b = *data.get(at).ok_or(at)?;
                out.extend(std::iter::repeat_n(b, (1 - n as i32) as usize));
                at += 1;
            }
            -128 => {}
        }
    }
    Ok(out)
}

/// ByteRun1-packs one row.
fn pack_byterun1(row: &[u8], out: &mut Vec<u8>) {
    let mut i = 0;
    while i < row.len() {
        let run = row[i..].iter().take(128).take_while(|&&b| b == row[i]).count();
        if run >= 3 {
            out.push((1 - run as i32) as i8 as u8);
            out.push(row[i]);
            i += run;
            continue;
        }
        // Literals until a run of three begins.
        let start = i;
        while i < row.len() && i - start < 128 {
            if i + 2 < row.len() && row[i] == row[i + 1] && row[i] == row[i + 2] {
                break;
            }
            i += 1;
        }
        out.push((i - start - 1) as u8);
        out.extend_from_slice(&row[start..i]);
    }
}

/// Encodes a picture of palette indices as an ILBM with `planes` bitplanes
/// (enough for every index), the colour map and ByteRun1 rows.
pub fn encode_ilbm(width: usize, height: usize, colours: &[Rgb], indices: &[u8], planes: usize) -> Vec<u8> {
    assert_eq!(indices.len(), width * height, "one index per pixel");
    assert!((1..=8).contains(&planes) && indices.iter().all(|&i| usize::from(i) < 1 << planes));
    let row_bytes = width.div_ceil(16) * 2;
    let chunk = |id: &[u8], data: &[u8], out: &mut Vec<u8>| {
        out.extend_from_slice(id);
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        out.extend_from_slice(data);
        if data.len() % 2 == 1 {
            out.push(0);
        }
    };
    let mut bmhd = Vec::new();
    bmhd.extend_from_slice(&(width as u16).to_be_bytes());
    bmhd.extend_from_slice(&(height as u16).to_be_bytes());
    bmhd.extend_from_slice(&[0, 0, 0, 0, planes as u8, 0, 1, 0, 0, 0, 10, 11]);
    bmhd.extend_from_slice(&(width as u16).to_be_bytes());
    bmhd.extend_from_slice(&(height as u16).to_be_bytes());
    let cmap: Vec<u8> = colours.iter().flat_map(|c| [c.r, c.g, c.b]).collect();
    let mut body = Vec::new();
    let mut row = vec![0u8; row_bytes];
    for y in 0..height {
        for p in 0..planes {
            row.fill(0);
            for x in 0..width {
                if indices[y * width + x] >> p & 1 == 1 {
                    row[x / 8] |= 0x80 >> (x % 8);
                }
            }
            pack_byterun1(&row, &mut body);
        }
    }
    let mut inner = b"ILBM".to_vec();
    chunk(b"BMHD", &bmhd, &mut inner);
    chunk(b"CMAP", &cmap, &mut inner);
    chunk(b"BODY", &body, &mut inner);
    let mut out = b"FORM".to_vec();
    out.extend_from_slice(&(inner.len() as u32).to_be_bytes());
    out.extend_from_slice(&inner);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture() -> (usize, usize, Vec<Rgb>, Vec<u8>) {
        let colours: Vec<Rgb> = (0..8).map(|i| Rgb::new(i * 30, 255 - i * 30, i * 10)).collect();
        let (w, h) = (37, 5);
        let indices = (0..w * h).map(|i| if i % 11 < 6 { 3 } else { (i % 8) as u8 }).collect();
        (w, h, colours, indices)
    }

    #[test]
    fn a_written_picture_reads_back() {
        let (w, h, colours, indices) = picture();
        let bytes = encode_ilbm(w, h, &colours, &indices, 3);
        assert!(is_ilbm(&bytes));
        let img = decode_ilbm("t.iff", &bytes).unwrap();
        assert_eq!((img.width, img.height), (w as u32, h as u32));
        for (i, &(c, a)) in img.pixels.iter().enumerate() {
            assert_eq!((c, a), (colours[usize::from(indices[i])], 255), "pixel {i}");
        }
    }

    #[test]
    fn byterun1_round_trips() {
        for row in [vec![0u8; 40], (0..200).map(|i| (i * 7 % 5) as u8).collect(), vec![1, 2, 2, 2, 2, 3]] {
            let mut packed = Vec::new();
            pack_byterun1(&row, &mut packed);
            assert_eq!(unpack_byterun1(&packed, row.len()).unwrap(), row);
        }
        assert_eq!(unpack_byterun1(&[5, 1, 2], 6), Err(1));
    }

    #[test]
    fn extra_half_brite_and_ham_colours() {
        let colours = palette(&[Rgb::new(200, 100, 50)], 6, EXTRA_HALFBRITE);
        assert_eq!(colours.len(), 64);
        assert_eq!(colours[32], Rgb::new(100, 50, 25));
        let base = [Rgb::new(0, 0, 0), Rgb::new(255, 255, 255)];
        assert_eq!(ham_colour(Rgb::BLACK, 1, 6, &base), Rgb::WHITE);
        assert_eq!(ham_colour(Rgb::WHITE, 0b10_0000, 6, &base), Rgb::new(0, 255, 255), "red set to 0");
        assert_eq!(ham_colour(Rgb::BLACK, 0b11_1111, 6, &base), Rgb::new(0, 255, 0), "green set to 15");
    }

    #[test]
    fn broken_files_are_explained() {
        let (w, h, colours, indices) = picture();
        let bytes = encode_ilbm(w, h, &colours, &indices, 3);
        let e = decode_ilbm("x.iff", &bytes[..bytes.len() - 10]).unwrap_err();
        assert!(e.to_string().starts_with("x.iff: the BODY chunk at byte"), "{e}");
        assert!(decode_ilbm("x.iff", b"FORM\0\0\0\x04ILBM").unwrap_err().message.contains("no BMHD"));
        assert!(decode_ilbm("x.iff", b"GIF89a").unwrap_err().message.contains("not an IFF ILBM"));
        let mut no_body = bytes.clone();
        let at = no_body.windows(4).position(|w| w == b"BODY").unwrap();
        no_body[at..at + 4].copy_from_slice(b"XXXX");
        assert!(decode_ilbm("x.iff", &no_body).unwrap_err().message.contains("no BODY"));
    }
}
