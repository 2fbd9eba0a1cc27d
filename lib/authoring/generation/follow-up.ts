import type { Transaction } from "../../../db/client";

/**
 * How a generation step sends a job that follows from it, in the step's own transaction (the
 * rows and the jobs they call for commit together). The job definitions (lib/authoring/generation/jobs/)
 * pass these in: their handlers call the steps, so the steps cannot import the definitions.
 */
export type SendFollowUp<Payload> = (tx: Transaction, payload: Payload) => Promise<unknown>;
