/*
 * How many model calls this process has open at once (GENERATION_CONCURRENCY), whichever job
 * makes them. A one-slot local server answers one call at a time and queues the rest without
 * sending a byte, so a call waiting there would look stalled; here it waits before it starts, and
 * its idle timeout starts with it. Waiting calls go in priority order (lower first, then FIFO), so
 * the pipeline can put the first section's work ahead of the rest.
 */

type Waiter = { priority: number; seq: number; start: () => void };

export class CallSlots {
  private busy = 0;
  private seq = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly size: number) {}

  /** Resolves with a release function once a slot is free. */
  acquire(priority = 0): Promise<() => void> {
    return new Promise((resolve) => {
      const start = () => {
        this.busy++;
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.busy--;
          this.next();
        });
      };
      this.waiting.push({ priority, seq: this.seq++, start });
      this.next();
    });
  }

  private next() {
    if (this.busy >= this.size || !this.waiting.length) return;
    this.waiting.sort((a, b) => a.priority - b.priority || a.seq - b.seq);
    this.waiting.shift()!.start();
  }
}
