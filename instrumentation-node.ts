import { exitOnEnvError, parseEnv } from "./lib/platform/env";

if (process.env.NEXT_PHASE !== "phase-production-build") {
  try {
    parseEnv();
  } catch (error) {
    exitOnEnvError(error);
  }
}
