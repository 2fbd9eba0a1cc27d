// Runs once when the Next.js server starts: refuse to serve with a wrong environment.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    await import("./instrumentation-node");
  }
}
