import { fuzzShare } from "./fuzz-run";

// Share 4 of 4 of the fuzz run (tests/api/fuzz-run.ts).
fuzzShare(3);
