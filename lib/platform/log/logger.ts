import { pino, type DestinationStream, type Logger } from "pino";
import { currentRequest } from "./request-context";

/*
 * The structured log: one JSON object per line on stdout, {"level":"info","time":"<ISO>",...},
 * with the request id of the request being served when there is one. pino rather than a
 * wrapper around console: it is maintained, cheap per line, serializes errors (message, type,
 * stack) properly, and its lines are what log shippers and pino-pretty read as they are.
 *
 * LOG_LEVEL (fatal, error, warn, info, debug, trace or silent; default info) is read here from
 * process.env rather than lib/platform/env.ts, which validates it for the servers: the log must work in
 * scripts and tests whose environment is not a full app environment.
 */

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LEVELS)[number];

export function logLevelOf(value: string | undefined): LogLevel {
  const level = value?.trim().toLowerCase();
  return LEVELS.find((known) => known === level) ?? "info";
}

/** A logger writing to `destination` (stdout when omitted): the app's format at the given level. */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger<never> {
  const options = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    // Every line written while serving a request names it.
    mixin: () => {
      const request = currentRequest();
      return request ? { request_id: request.requestId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

const globalForLog = globalThis as unknown as { __learnpathLogger?: Logger<never> };

/** The process's logger, created on first use (so a test's LOG_LEVEL is in place by then). */
export function logger(): Logger<never> {
  globalForLog.__learnpathLogger ??= createLogger(logLevelOf(process.env.LOG_LEVEL));
  return globalForLog.__learnpathLogger;
}

/** Puts another logger in the process's place (tests read what is logged); returns the one it replaced. */
export function replaceLogger(next: Logger<never>): Logger<never> {
  const previous = logger();
  globalForLog.__learnpathLogger = next;
  return previous;
}
