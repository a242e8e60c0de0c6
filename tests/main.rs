//! Every test, in one binary (one build, run in parallel): the judge programs (`src/main.rs`,
//! `src/every_size.rs`, built by cargo as the examples `judge` and `every_size`) and the
//! `sudoku` command, each module a part of what they promise.

mod common;

mod cdcl;
mod check_answers;
mod checkers;
mod command_line;
mod dead_ends;
mod every_size_judge;
mod explain;
mod generate;
mod in_memory;
mod jobs;
mod judge_files_fit;
mod layouts;
mod leetcode;
mod manual;
mod options;
mod progress;
mod random;
mod reading;
mod readme;
mod recipes;
mod samples;
mod shared;
mod sizes_in_the_command;
mod sizes_without_a_flag;
mod smallest;
mod tools;
