//! Hand-drawn heads for the large court cards, 17 pixels wide. A face is
//! only a dozen pixels across, so every eye, nose and beard strand is
//! placed by hand; the crowns and caps drawn on top are shapes.
//!
//! Legend: `#` outline, `s` skin, `h` hair, `w` white of an eye, `m` the
//! mouth, `.` nothing (the robe or card shows through).

/// The king, bearded, eyes to one side as on printed courts.
pub const KING: [&str; 21] = [
    "...###########...",
    "..#hhhhhhhhhhh#..",
    ".#hhh#######hhh#.",
    ".#hh#sssssss#hh#.",
    "#hh#sssssssss#hh#",
    "#hh#s##sss##s#hh#",
    "#hh#sssssssss#hh#",
    "#hh#s#wsss#ws#hh#",
    "#hh#ssss#ssss#hh#",
    "#hh#ssss#ssss#hh#",
    "#hh#sss##ssss#hh#",
    "#hh#shhhshhhs#hh#",
    "#hhhhhhhhhhhhhhh#",
    "#hhhhhhmmmhhhhhh#",
    ".#hhhhhhhhhhhhh#.",
    ".#hhhhhh#hhhhhh#.",
    "..#hhhhh#hhhhh#..",
    "...#hhhh#hhhh#...",
    "....#hhh#hhh#....",
    ".....#hhhhh#.....",
    "......#####......",
];

/// The king in profile, facing left: the one-eyed king.
pub const KING_PROFILE: [&str; 21] = [
    "...###########...",
    "..#hhhhhhhhhhhh#.",
    "..#hhhhhhhhhhhhh#",
    "..#sssss#hhhhhhh#",
    "..#ssssss#hhhhhh#",
    "..#s##sss#hhhhhh#",
    "..#ssssss#hhhhhh#",
    "..#s#wsss#hhhhhh#",
    ".#sssssss#hhhhhh#",
    "#ssssssss#hhhhhh#",
    ".##sssssss#hhhhh#",
    "..#hhhhsss#hhhhh#",
    "..#hhhhhhhhhhhhh#",
    "..#mmhhhhhhhhhhh#",
    "..#hhhhhhhhhhhh#.",
    "...#hhhh#hhhhh#..",
    "...#hhhh#hhhh#...",
    "....#hhh#hhh#....",
    ".....#hhhhh#.....",
    "......#hhh#......",
    ".......###.......",
];

/// The queen, with hair falling to her shoulders.
pub const QUEEN: [&str; 20] = [
    "...###########...",
    "..#hhhhhhhhhhh#..",
    ".#hhhhhhhhhhhhh#.",
    ".#hhh#######hhh#.",
    "#hhh#sssssss#hhh#",
    "#hh#sssssssss#hh#",
    "#hh#s##sss##s#hh#",
    "#hh#sssssssss#hh#",
    "#hh#s#wsss#ws#hh#",
    "#hh#ssss#ssss#hh#",
    "#hh#sss##ssss#hh#",
    "#hh#sssssssss#hh#",
    "#hh#sssmmmsss#hh#",
    "#hhh#sssssss#hhh#",
    "#hhhh#sssss#hhhh#",
    "#hhhhh#####hhhhh#",
    "#hhhhh#sss#hhhhh#",
    ".#hhhh#sss#hhhh#.",
    ".#hhh#.....#hhh#.",
    "..###.......###..",
];

/// The jack: a young face under a fringe, hair in a bob.
pub const JACK: [&str; 17] = [
    "...###########...",
    "..#hhhhhhhhhhh#..",
    ".#hhhhhhhhhhhhh#.",
    ".#hh#########hh#.",
    "#hh#sssssssss#hh#",
    "#hh#s##sss##s#hh#",
    "#hh#sssssssss#hh#",
    "#hh#s#wsss#ws#hh#",
    "#hh#ssss#ssss#hh#",
    "#hh#sss##ssss#hh#",
    "#hh#sssssssss#hh#",
    "#hh#sssmmmsss#hh#",
    ".#hhh#sssss#hhh#.",
    "..###.#####.###..",
    "......#sss#......",
    "......#sss#......",
    "......#sss#......",
];

/// The jack in profile, facing left: the one-eyed jacks.
pub const JACK_PROFILE: [&str; 17] = [
    "...###########...",
    "..#hhhhhhhhhhhh#.",
    "..#hhhhhhhhhhhhh#",
    "..#####hhhhhhhhh#",
    "..#ssss#hhhhhhhh#",
    "..#s##s#hhhhhhhh#",
    "..#sssss#hhhhhhh#",
    "..#s#wss#hhhhhhh#",
    ".#ssssss#hhhhhhh#",
    "#sssssss#hhhhhhh#",
    ".##sssss#hhhhhhh#",
    "..#mmsss#hhhhhh#.",
    "..#sssss#hhhhh#..",
    "...##sss#hhhh#...",
    ".....#sss####....",
    ".....#sss#.......",
    ".....#sss#.......",
];

// Small-card busts, 19 x 21, for the 29-pixel Amiga cards. Extra legend:
// `g` gold, `a` accent jewel, `r` robe, `t` trimming, `w` ermine.

pub const SMALL_KING: [&str; 21] = [
    "....#....#....#....",
    "...#g#..#g#..#g#...",
    "..#ggg##ggg##ggg#..",
    "..#ggggggggggggg#..",
    "..#ggagggagggagg#..",
    "..###############..",
    "..#h#sssssssss#h#..",
    "..#h#ss#sss#ss#h#..",
    "..#h#ssss#ssss#h#..",
    "..#hhhhhhhhhhhhh#..",
    "..#hhhhhmmmhhhhh#..",
    "...#hhhhhhhhhhh#...",
    ".##ww#hhhhhhh#ww##.",
    "#rwwww#hhhhh#wwwwr#",
    "#rrwwww#hhh#wwwwrr#",
    "#rrrrrr##h##rrrrrr#",
    "#rrrrrr#tat#rrrrrr#",
    "#rrrrrr#ttt#rrrrrr#",
    "#rrrrrr#tat#rrrrrr#",
    "#rrrrrr#ttt#rrrrrr#",
    "###################",
];

pub const SMALL_QUEEN: [&str; 21] = [
    "......#..#..#......",
    ".....#g##g##g#.....",
    "....#hgggggggh#....",
    "...#hh#######hh#...",
    "..#hh#sssssss#hh#..",
    "..#hh#s#sss#s#hh#..",
    "..#hh#sss#sss#hh#..",
    "..#hh#sssmsss#hh#..",
    "..#hhh#sssss#hhh#..",
    "..#hhhh#sss#hhhh#..",
    ".#rhhhh#sss#hhhhr#.",
    "#rrhhh#ggggg#hhhrr#",
    "#rrrhh#sssss#hhrrr#",
    "#rrrrrr#sss#rrrrrr#",
    "#rrrrrrr#s#rrrrrrr#",
    "#rrrrrrr#t#rrrrrrr#",
    "#rrrrrr#tat#rrrrrr#",
    "#rrrrrr#ttt#rrrrrr#",
    "#rrrrrr#tat#rrrrrr#",
    "#rrrrrr#ttt#rrrrrr#",
    "###################",
];

pub const SMALL_JACK: [&str; 21] = [
    ".......#####.......",
    "......#ttttt##a#...",
    "...#ttttttttttt#...",
    "...#############...",
    "..#hh#sssssss#hh#..",
    "..#hh#s#sss#s#hh#..",
    "..#hh#sss#sss#hh#..",
    "..#hh#sssmsss#hh#..",
    "..#hh#sssssss#hh#..",
    "...##h#sssss#h##...",
    ".#rrrrr#sss#rrrrr#.",
    "#rrrrr#ttttt#rrrrr#",
    "#rrrrrr#tat#rrrrrr#",
    "#rrrrrr#ttt#rrrrrr#",
    "#rrrrrr#tat#rrrrrr#",
    "#rrrrrr#ttt#rrrrrr#",
    "#rrrrrr#tat#rrrrrr#",
    "#rrrrrr#ttt#rrrrrr#",
    "#rrrrrr#tat#rrrrrr#",
    "#rrrrrr#ttt#rrrrrr#",
    "###################",
];

// Medium-card heads with their headwear, for the 58-pixel cards: the
// large heads redrawn 15 pixels wide, with a face seven pixels across and
// hair two (the jack's cap and feather make him 19). Extra legend: `g`
// gold, `a` accent jewel or feather, `t` trimming (the jack's cap), `r`
// robe (the cap's band).

/// The king under a three-pointed crown, bearded.
pub const MEDIUM_KING: [&str; 23] = [
    "...............",
    "..#....#....#..",
    ".#g#..#g#..#g#.",
    ".#gg##ggg##gg#.",
    ".#ggggggggggg#.",
    ".#gagggagggag#.",
    "###############",
    "#hh#sssssss#hh#",
    "#hh#s##s##s#hh#",
    "#hh#sssssss#hh#",
    "#hh#s#ws#ws#hh#",
    "#hh#sss#sss#hh#",
    "#hh#ss##sss#hh#",
    "#hh#shhshhs#hh#",
    "#hhhhhhhhhhhhh#",
    "#hhhhhmmmhhhhh#",
    ".#hhhhhhhhhhh#.",
    ".#hhhhh#hhhhh#.",
    "..#hhhh#hhhh#..",
    "...#hhh#hhh#...",
    "....#hh#hh#....",
    ".....#hhh#.....",
    "......###......",
];

/// The king in profile, facing left: the one-eyed king.
pub const MEDIUM_KING_PROFILE: [&str; 22] = [
    "...............",
    "..#....#....#..",
    ".#g#..#g#..#g#.",
    ".#gg##ggg##gg#.",
    ".#ggggggggggg#.",
    ".#gagggagggag#.",
    "..#############",
    "...#sssss#hhhh#",
    "...#s##ss#hhhh#",
    "...#sssss#hhhh#",
    "...#s#wss#hhhh#",
    "..#ssssss#hhhh#",
    ".#sssssss#hhhh#",
    "..##sssss#hhhh#",
    "...#hhsss#hhhh#",
    "...#hhhhhhhhhh#",
    "...#mmhhhhhhhh#",
    "...#hhhhhhhhh#.",
    "....#hhh#hhh#..",
    ".....#hh#hh#...",
    "......#hhh#....",
    ".......###.....",
];

/// The queen in a tiara, hair to her shoulders.
pub const MEDIUM_QUEEN: [&str; 18] = [
    "...............",
    "...#.#.#.#.#...",
    "..#g#g#g#g#g#..",
    ".#hggggaggggh#.",
    "#hh#########hh#",
    "#hh#sssssss#hh#",
    "#hh#s##s##s#hh#",
    "#hh#sssssss#hh#",
    "#hh#s#ws#ws#hh#",
    "#hh#sss#sss#hh#",
    "#hh#ss##sss#hh#",
    "#hh#sssssss#hh#",
    "#hh#ssmmmss#hh#",
    "#hhh#sssss#hhh#",
    "#hhhh#####hhhh#",
    "#hhhh#sss#hhhh#",
    ".#hhh#sss#hhh#.",
    "..###.....###..",
];

/// The jack in a feathered cap, hair in a bob.
pub const MEDIUM_JACK: [&str; 18] = [
    "..............#####",
    ".......#####.##aaa#",
    "......#ttttt#aaa##.",
    ".....#ttttttt#a#...",
    "....#ttttttttt#....",
    ".#rrrrrrrrrrrrrrr#.",
    "..###############..",
    "..#hh#########hh#..",
    "..#hh#sssssss#hh#..",
    "..#hh#s##s##s#hh#..",
    "..#hh#sssssss#hh#..",
    "..#hh#s#ws#ws#hh#..",
    "..#hh#sss#sss#hh#..",
    "..#hh#ss##sss#hh#..",
    "..#hh#sssssss#hh#..",
    "..#hh#ssmmmss#hh#..",
    "...#hhh#sss#hhh#...",
    "....###.###.###....",
];

/// The jack in profile, facing left: the one-eyed jacks.
pub const MEDIUM_JACK_PROFILE: [&str; 18] = [
    "..............#####",
    ".......#####.##aaa#",
    "......#ttttt#aaa##.",
    ".....#ttttttt#a#...",
    "....#ttttttttt#....",
    ".#rrrrrrrrrrrrrrr#.",
    "..###############..",
    "....######hhhhh#...",
    "....#sssss#hhhh#...",
    "....#s##ss#hhhh#...",
    "....#sssss#hhhh#...",
    "....#s#wss#hhhh#...",
    "...#ssssss#hhhh#...",
    "..#sssssss#hhhh#...",
    "...##sssss#hhhh#...",
    "....#mmsss#hhh#....",
    "....#sssss#hh#.....",
    ".....##sss###......",
];

/// The faces of the small one-eyed cards, facing left: rows 6 to 11 of
/// `SMALL_KING` for the king of diamonds, rows 4 to 9 of `SMALL_JACK` for
/// the jacks of hearts and diamonds (see [`with_face`]).
pub const SMALL_KING_PROFILE_FACE: (usize, [&str; 6]) = (
    6,
    [
        "..#sssssss#hhhhh#..",
        "..#s#ssssss#hhhh#..",
        ".#ssssssss#hhhhh#..",
        "..#hhhhhhhhhhhhh#..",
        "..#mmhhhhhhhhhhh#..",
        "...#hhhhhhhhhhh#...",
    ],
);
pub const SMALL_JACK_PROFILE_FACE: (usize, [&str; 6]) = (
    4,
    [
        "...#sssssss#hhhh#..",
        "...#s#sssss#hhhh#..",
        "..#sssssss#hhhhh#..",
        "...#msssss#hhhh#...",
        "...#ssssss#hhh#....",
        "....#sssss#h##.....",
    ],
);

/// A bust with its face rows, from `face.0` on, replaced by `face.1`.
pub fn with_face(bust: &[&'static str], face: &(usize, [&'static str; 6])) -> Vec<&'static str> {
    let mut rows = bust.to_vec();
    rows[face.0..face.0 + face.1.len()].copy_from_slice(&face.1);
    rows
}
