// Runs once when the Next.js server starts: refuse to serve with a wrong environment.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { parseEnv, EnvError } = await import("./lib/env");
  try {
    parseEnv();
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  }
}
