import type { PgBoss, Queue, QueueOptions, SendOptions } from "pg-boss";
import type { Env } from "../env";
import type { AnyJobContract, JobPolicy } from "./definition";

/*
 * A definition's policy as pg-boss reads it: the queue row, created once per pg-boss instance
 * (after its dead-letter queue, which it names), and the options each job is sent with.
 */

/** The retry, expiry and retention options of a policy, pg-boss's names, without the rest. */
function retryAndKeep(policy: QueueOptions): QueueOptions {
  const { retryLimit, retryDelay, retryBackoff, retryDelayMax, expireInSeconds, heartbeatSeconds, deleteAfterSeconds, retentionSeconds } = policy;
  return withoutUndefined({ retryLimit, retryDelay, retryBackoff, retryDelayMax, expireInSeconds, heartbeatSeconds, deleteAfterSeconds, retentionSeconds });
}

function withoutUndefined<T extends object>(options: T): T {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as T;
}

/** The queue row of a definition; NOTIFY wakes a worker the moment a job is committed. */
export function queueOptions(definition: AnyJobContract, env: Env): Omit<Queue, "name"> {
  const policy = definition.policy(env);
  return withoutUndefined({ policy: policy.queue, deadLetter: policy.deadLetter?.name, notify: true, ...retryAndKeep(policy) });
}

/** The options one job of a definition is sent with. */
export function jobOptions<P extends object>(policy: JobPolicy<P>, payload: P): SendOptions {
  return withoutUndefined({
    ...retryAndKeep(policy),
    deadLetter: policy.deadLetter?.name,
    singletonKey: policy.singletonKey?.(payload),
    priority: policy.priority?.(payload),
    group: policy.group ? { id: policy.group(payload) } : undefined,
  });
}

const created = new WeakMap<PgBoss, Map<string, Promise<void>>>();

/** Creates the definition's queue (and first its dead-letter queue) on this instance, once. */
export function ensureQueue(boss: PgBoss, definition: AnyJobContract, env: Env): Promise<void> {
  const queues = created.get(boss) ?? new Map<string, Promise<void>>();
  created.set(boss, queues);
  let done = queues.get(definition.name);
  if (!done) {
    done = (async () => {
      const deadLetter = definition.policy(env).deadLetter;
      if (deadLetter) await ensureQueue(boss, deadLetter, env);
      await boss.createQueue(definition.name, queueOptions(definition, env));
    })();
    done.catch(() => queues.delete(definition.name));
    queues.set(definition.name, done);
  }
  return done;
}
