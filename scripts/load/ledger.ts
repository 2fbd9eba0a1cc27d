/*
 * What the server acknowledged (answered 2xx), kept client-side so the database can be checked
 * against it afterwards. A write whose request got no answer (the server died mid-request) is
 * "in doubt": it may or may not have happened, and the checks allow exactly that much.
 */

export type AckedAttempt = {
  userId: number;
  courseId: number;
  sectionIndex: number;
  answers: { question_id: number; answer: string | null }[];
  score: number;
  total: number;
  passed: boolean;
};

type EnrolmentRecord = {
  acked: boolean;
  /** Highest course_progress an acknowledged answer reported. */
  maxAcked: number;
  /** Highest progress sent in a request that never got an answer (after the last answered one). */
  maxInDoubt: number | null;
};

const key = (userId: number, courseId: number) => `${userId}:${courseId}`;
const attemptKey = (userId: number, courseId: number, sectionIndex: number) => `${userId}:${courseId}:${sectionIndex}`;

export class Ledger {
  readonly enrolments = new Map<string, EnrolmentRecord & { userId: number; courseId: number }>();
  readonly attempts: AckedAttempt[] = [];
  /** Quiz submissions that may have been stored without us hearing back, per user:course:section. */
  readonly attemptsInDoubt = new Map<string, number>();
  /** Writes sent again after an attempt got no answer (the server died mid-request). */
  writesRetried = 0;

  private record(userId: number, courseId: number) {
    const k = key(userId, courseId);
    let entry = this.enrolments.get(k);
    if (!entry) {
      entry = { userId, courseId, acked: false, maxAcked: 0, maxInDoubt: null };
      this.enrolments.set(k, entry);
    }
    return entry;
  }

  ackEnrolment(userId: number, courseId: number, progress: number) {
    const entry = this.record(userId, courseId);
    entry.acked = true;
    entry.maxAcked = Math.max(entry.maxAcked, progress);
    // One learner's requests run one after another, so an answer reports the stored value with
    // every earlier write in it: what was in doubt before is settled now.
    entry.maxInDoubt = null;
  }

  ackProgress(userId: number, courseId: number, progress: number) {
    this.ackEnrolment(userId, courseId, progress);
  }

  progressInDoubt(userId: number, courseId: number, progress: number) {
    const entry = this.record(userId, courseId);
    entry.maxInDoubt = Math.max(entry.maxInDoubt ?? 0, progress);
  }

  ackAttempt(attempt: AckedAttempt, courseProgress: number) {
    this.attempts.push(attempt);
    this.ackProgress(attempt.userId, attempt.courseId, courseProgress);
  }

  attemptInDoubt(userId: number, courseId: number, sectionIndex: number, count = 1) {
    const k = attemptKey(userId, courseId, sectionIndex);
    this.attemptsInDoubt.set(k, (this.attemptsInDoubt.get(k) ?? 0) + count);
    // A pass we did not hear about may have raised progress by up to one quiz's share (or to 100).
    this.progressInDoubt(userId, courseId, 100);
  }

  static attemptKey = attemptKey;
  static enrolmentKey = key;
}
