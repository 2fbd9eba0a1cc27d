import "server-only";
import { z } from "zod";
import type { JobDefinition } from "../../../platform/jobs/definition";
import { MAIL_KEEP, MAIL_POLL_SECONDS } from "./policy";

/** The send-email job as it arrives after its last failed try (only what the log line needs). */
const lostEmailPayload = z.object({ kind: z.string().optional(), to: z.string().optional() });

/** send-email-dead-letter: an e-mail that failed every try; the loss is logged for an operator. */
export const sendEmailDeadLetterJob = {
  name: "send-email-dead-letter",
  schema: lostEmailPayload,
  policy: () => ({ queue: "standard", ...MAIL_KEEP, concurrency: 1, pollSeconds: MAIL_POLL_SECONDS }),
  handler: async (_payload, { source, log }) => {
    const reason = (source.output as { message?: unknown } | null)?.message;
    log.error({ reason: typeof reason === "string" ? reason : null }, "gave up on an e-mail after every retry");
  },
  describe: ({ kind, to }) => ({ kind: kind ?? "an e-mail", to: to ?? "?" }),
} satisfies JobDefinition<"send-email-dead-letter", z.infer<typeof lostEmailPayload>>;
