//! The judge files' shared text: the plumbing both must carry, each compiling alone (the refusal
//! of arguments, the run and its I/O failures, reading a line), is marked in both with
//! `// <shared: NAME>` and `// </shared: NAME>`, and each region is the same text in both.

/// The regions of a file, in order: each one's name and the lines between its markers.
fn regions(file: &str, text: &str) -> Vec<(String, String)> {
	let marker = |line: &str, mark: &str| {
		let name = line.trim().strip_prefix(mark)?.strip_suffix('>')?;
		Some(name.to_string())
	};
	let (mut regions, mut open) = (Vec::new(), None);
	for (k, line) in text.lines().enumerate() {
		if let Some(name) = marker(line, "// <shared: ") {
			assert!(
				open.is_none(),
				"{file}:{}: {name} begins inside another",
				k + 1
			);
			open = Some((name, String::new()));
		} else if let Some(name) = marker(line, "// </shared: ") {
			let (begun, body) = open.take().expect("a region ends where one began");
			assert_eq!(begun, name, "{file}:{}: {begun} ends as {name}", k + 1);
			regions.push((begun, body));
		} else if let Some((_, body)) = &mut open {
			*body += &format!("{line}\n");
		}
	}
	assert!(open.is_none(), "{file}: a region does not end");
	regions
}

#[test]
fn the_text_both_judge_files_carry_is_marked_in_both_and_the_same() {
	let nine = regions("src/main.rs", include_str!("../src/main.rs"));
	let every = regions("src/every_size.rs", include_str!("../src/every_size.rs"));
	let names = |regions: &[(String, String)]| -> Vec<String> {
		regions.iter().map(|(name, _)| name.clone()).collect()
	};
	assert_eq!(
		names(&nine),
		names(&every),
		"the same regions in the same order"
	);
	for needed in [
		"refusing arguments",
		"the run and I/O failures",
		"reading a line",
	] {
		assert!(names(&nine).iter().any(|name| name == needed), "{needed}");
	}
	for ((name, one), (_, other)) in nine.iter().zip(&every) {
		let differ = one.lines().zip(other.lines()).position(|(a, b)| a != b);
		let line = differ.map_or(one.lines().count().min(other.lines().count()), |k| k);
		assert!(
			one == other,
			"{name}: src/main.rs and src/every_size.rs differ at the region's line {}:\n{:?}\n{:?}",
			line + 1,
			one.lines().nth(line),
			other.lines().nth(line)
		);
	}
}
