/** Prints the targets and what missed them; a miss makes the benchmark exit non-zero. */
export function reportTargets(targets: string, failures: string[]): void {
  console.log(`\ntargets: ${targets}`);
  if (failures.length) {
    console.log(`MISSED:\n  ${failures.join("\n  ")}`);
    process.exitCode = 1;
  } else {
    console.log("all targets met");
  }
}
