//! `src/main.rs`, the judge's file, fits every judge: its bytes plus its lines are at most
//! 45,000, so that a judge that takes 50,000 bytes takes it even when a browser pastes it with
//! CRLF line endings, with room to spare.

#[test]
fn main_rs_fits_a_judge_of_50000_bytes_even_pasted_with_crlf() {
    let text = include_str!("../src/main.rs");
    let (bytes, breaks) = (text.len(), text.matches('\n').count());
    assert!(
        bytes + breaks <= 45_000,
        "{} bytes and {} line breaks: over 45,000 with CRLF",
        bytes,
        breaks
    );
}
