//! Each judge file fits every judge: its bytes plus its lines are at most 49,000, so that a judge
//! that takes 50,000 bytes takes it even when a browser pastes it with CRLF line endings, with
//! a little room to spare.

fn fits(name: &str, text: &str) {
	let (bytes, breaks) = (text.len(), text.matches('\n').count());
	assert!(
		bytes + breaks <= 49_000,
		"{name}: {bytes} bytes and {breaks} line breaks: over 49,000 with CRLF"
	);
}

#[test]
fn main_rs_fits_a_judge_of_50000_bytes_even_pasted_with_crlf() {
	fits("src/main.rs", include_str!("../src/main.rs"));
}

#[test]
fn every_size_rs_fits_a_judge_of_50000_bytes_even_pasted_with_crlf() {
	fits("src/every_size.rs", include_str!("../src/every_size.rs"));
}
