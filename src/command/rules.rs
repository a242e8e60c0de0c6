//! The 9x9 grid as the tools see it: its units (rows, columns, boxes), how people name them and
//! its squares, and the one check of the rules.

/// The squares of each unit, in reading order: rows 0 to 8, columns 9 to 17, boxes 18 to 26.
pub(crate) const UNITS: [[usize; 9]; 27] = units();

const fn units() -> [[usize; 9]; 27] {
    let (mut units, mut u) = ([[0; 9]; 27], 0);
    while u < 27 {
        let (mut i, k) = (0, u % 9);
        while i < 9 {
            units[u][i] = match u / 9 {
                0 => 9 * k + i,
                1 => 9 * i + k,
                _ => 9 * (k / 3 * 3 + i / 3) + k % 3 * 3 + i % 3,
            };
            i += 1;
        }
        u += 1;
    }
    units
}

/// The row, column and box of square p.
pub(crate) fn units_of(p: usize) -> [usize; 3] {
    [p / 9, 9 + p % 9, 18 + p / 27 * 3 + p % 9 / 3]
}

/// How people name a unit: `row 4`, `column 7`, `box 6`.
pub(crate) fn unit_name(u: usize) -> String {
    format!("{} {}", ["row", "column", "box"][u / 9], u % 9 + 1)
}

/// How people name squares: `r1c7 r1c8`.
pub(crate) fn squares_named(squares: &[usize]) -> String {
    let named: Vec<String> = squares
        .iter()
        .map(|p| format!("r{}c{}", p / 9 + 1, p % 9 + 1))
        .collect();
    named.join(" ")
}

/// The first unit (rows, then columns, then boxes) that holds a digit twice, said as the tools
/// say it: `row 1 has 6 twice`.
pub(crate) fn broken_rule(grid: &[u8; 81]) -> Option<String> {
    UNITS.iter().enumerate().find_map(|(u, squares)| {
        let mut seen = [false; 10];
        let mut digits = squares.iter().map(|&p| grid[p]).filter(|&d| d != 0);
        let twice = digits.find(|&d| std::mem::replace(&mut seen[d as usize], true));
        twice.map(|d| format!("{} has {d} twice", unit_name(u)))
    })
}
