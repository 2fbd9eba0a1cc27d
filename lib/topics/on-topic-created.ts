import "server-only";
import type { Database } from "../../db/client";

/** A transaction handle, as `db.transaction(async (tx) => ...)` gives it. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The single hook createTopic calls inside its transaction, right after the topic row is written,
 * so that enqueuing course generation commits or rolls back together with the topic.
 * Wired to lib/generation by the generation issue; until then it does nothing.
 */
export async function onTopicCreated(tx: Transaction, topicId: number): Promise<void> {
  void tx;
  void topicId;
}
