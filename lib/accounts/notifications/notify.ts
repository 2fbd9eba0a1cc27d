import "server-only";
import type { DatabaseOrTransaction } from "../../../db/client";
import { notifications } from "../../../db/schema";
import type { NotificationKind } from "./kind-names";
import type { PayloadOf } from "./kinds";

/** One event for one user: its kind, payload and the key that names the event (unique per user). */
export type NewNotification<K extends NotificationKind = NotificationKind> = { userId: number; kind: K; payload: PayloadOf<K>; eventKey: string };

/**
 * Stores notifications in the caller's transaction, so each commits with the state it tells of.
 * An event already noticed (the same user and event key: a job run twice) is skipped; the answer
 * lists the users whose notification is new, so what goes with it (an e-mail) goes once too.
 */
export async function notify(tx: DatabaseOrTransaction, rows: readonly NewNotification[]): Promise<number[]> {
  if (!rows.length) return [];
  const inserted = await tx
    .insert(notifications)
    .values(rows.map((r) => ({ userId: r.userId, kind: r.kind, payload: r.payload, eventKey: r.eventKey })))
    .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] })
    .returning({ userId: notifications.userId });
  return inserted.map((r) => r.userId);
}
