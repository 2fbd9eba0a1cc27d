import { parseArgs } from "node:util";

/* The load test's flags, with the defaults docs/operations.md describes (200 learners for 60 s on one instance). */

export type LoadOptions = {
  learners: number;
  seconds: number;
  instances: 1 | 2;
  faults: boolean;
  /** Fake model latency per call, ms. */
  modelLatencyMs: number;
  /** Topics the admin creates during the run (each generates 4 courses). */
  topics: number;
  /** Requests in flight at once across all learners. */
  maxInFlight: number;
  /** Pause between one learner's requests, ms (uniform between min and 3 x min). */
  thinkMs: number;
  poolMax: number;
  keepData: boolean;
};

function positiveInt(name: string, raw: string, max: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`--${name}: a whole number from 1 to ${max} (got "${raw}")`);
  return value;
}

export function parseLoadOptions(argv: string[]): LoadOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      learners: { type: "string", default: "200" },
      seconds: { type: "string", default: "60" },
      instances: { type: "string", default: "1" },
      faults: { type: "boolean", default: false },
      latency: { type: "string", default: "400" },
      topics: { type: "string", default: "3" },
      "max-in-flight": { type: "string", default: "64" },
      think: { type: "string", default: "300" },
      "pool-max": { type: "string", default: "10" },
      keep: { type: "boolean", default: false },
    },
  });
  const instances = positiveInt("instances", values.instances, 2);
  return {
    learners: positiveInt("learners", values.learners, 5000),
    seconds: positiveInt("seconds", values.seconds, 3600),
    instances: instances as 1 | 2,
    faults: values.faults,
    modelLatencyMs: Number(values.latency) >= 0 ? Number(values.latency) : 400,
    topics: positiveInt("topics", values.topics, 20),
    maxInFlight: positiveInt("max-in-flight", values["max-in-flight"], 1000),
    thinkMs: Number(values.think) >= 0 ? Number(values.think) : 300,
    poolMax: positiveInt("pool-max", values["pool-max"], 200),
    keepData: values.keep,
  };
}
