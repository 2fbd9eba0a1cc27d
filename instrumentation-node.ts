import { EnvError, parseEnv } from "./lib/env";

if (process.env.NEXT_PHASE !== "phase-production-build") {
  try {
    parseEnv();
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  }
}
