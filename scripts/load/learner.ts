import { nextIncrement } from "../../lib/catalogue/course-shape/progress";
import type { Account } from "./accounts";
import type { AnswerKey } from "./answer-key";
import type { Answer, LoadClient, RequestOptions } from "./client";
import type { Ledger } from "./ledger";

/*
 * One simulated learner, following the reader's rules (docs/product-rules.md) so every write is one
 * the app must accept: log in once and keep the token, pick a Generated course, enrol, read it
 * subsection by subsection (Next raises progress by round(90 / subsections), capped below 100),
 * take each section's quiz at its end (sometimes with a wrong answer, then again), and move on to
 * the next section once it is passed. Every 2xx write goes into the ledger; an answer the app
 * should not have given (any non-2xx) is noted as unexpected.
 */

export type LearnerContext = {
  client: LoadClient;
  ledger: Ledger;
  baseUrl: string;
  /** Stop starting new steps after this (epoch ms). */
  until: number;
  /** Retry unanswered requests until this (a little after `until`, so the last write settles). */
  retryUntil: number;
  thinkMs: number;
  unexpected: string[];
  /** The right options, from the database: the API keeps them from learners. */
  answerKey: AnswerKey;
};

type CourseSummary = { id: number; generation_status: string; is_detail_created_by_ai: boolean };
type Topic = { courses: CourseSummary[] };
type CourseDetail = { course_progress: number; sections: { subsections: unknown[] }[]; quiz_status: Record<string, boolean> };
type Question = { id: number; options: string[] };
type QuizResult = { passed: boolean; score: number; total: number; course_progress: number; quiz_status: Record<string, boolean> };

type Place = { section: number; subsection: number };

const WRONG_ANSWER_CHANCE = 0.25;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

export class Learner {
  private token = "";
  private courses: number[] = [];
  private coursesFetchedAt = 0;
  private places = new Map<number, Place>();
  private finished = new Set<number>();

  constructor(
    private readonly account: Account,
    private readonly ctx: LearnerContext,
  ) {}

  private async call<T>(path: string, options: Omit<RequestOptions, "retryUntil" | "token">, expected: number[] = [200]): Promise<Answer<T> | null> {
    const answer = await this.ctx.client.request<T>(this.ctx.baseUrl, path, { ...options, token: this.token, retryUntil: this.ctx.retryUntil });
    if (answer?.unanswered && options.method && options.method !== "GET") this.ctx.ledger.writesRetried++;
    if (answer && !expected.includes(answer.status)) {
      this.ctx.unexpected.push(`${this.account.email} ${options.method ?? "GET"} ${path} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    }
    return answer;
  }

  private think() {
    return sleep(this.ctx.thinkMs * (1 + 2 * Math.random()));
  }

  private get active() {
    return Date.now() < this.ctx.until;
  }

  async run(): Promise<void> {
    // Spread the logins (argon2 is the heaviest request) over the first seconds.
    await sleep(Math.random() * 5000);
    if (!(await this.logIn())) return;
    while (this.active) {
      const courseId = await this.chooseCourse();
      if (courseId === null) {
        await sleep(1000);
        continue;
      }
      await this.study(courseId);
      await this.think();
    }
  }

  /**
   * As a real client would: when the server is busy hashing passwords (429 with Retry-After, the
   * argon2 gate), wait as told and try again, a few times.
   */
  private async logIn(): Promise<boolean> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await this.call<{ access_token: string }>(
        "/log_in",
        { method: "POST", label: "POST /log_in", form: { grant_type: "password", username: this.account.email, password: this.account.password } },
        [200, 429],
      );
      if (answer?.status === 200) {
        this.token = answer.body.access_token;
        return true;
      }
      if (answer?.status !== 429 || !this.active) return false;
      await sleep(Math.min(answer.retryAfter ?? 1, 10) * 1000 * (1 + Math.random()));
    }
    return false;
  }

  /** A Generated course not finished yet; the list is refreshed now and then (new courses appear). */
  private async chooseCourse(): Promise<number | null> {
    if (Date.now() - this.coursesFetchedAt > 15_000 || !this.courses.length) {
      const answer = await this.call<Topic[]>("/topics", { label: "GET /topics" });
      if (answer?.status === 200) {
        this.courses = answer.body.flatMap((t) => t.courses).filter((c) => c.generation_status === "done" && c.is_detail_created_by_ai).map((c) => c.id);
        this.coursesFetchedAt = Date.now();
      }
    }
    const open = this.courses.filter((id) => !this.finished.has(id));
    // Mostly carry on with a course already started, sometimes start another.
    const started = open.filter((id) => this.places.has(id));
    if (started.length && Math.random() < 0.7) return pick(started);
    return open.length ? pick(open) : null;
  }

  private async study(courseId: number): Promise<void> {
    const userId = this.account.id;
    const enrolled = await this.call<{ course_progress: number }>("/enroll", { method: "POST", label: "POST /enroll", json: { course_id: courseId } }, [200, 201]);
    if (!enrolled) return this.ctx.ledger.progressInDoubt(userId, courseId, 0);
    if (enrolled.status !== 200 && enrolled.status !== 201) return;
    this.ctx.ledger.ackEnrolment(userId, courseId, enrolled.body.course_progress);
    await this.think();

    let detail = await this.loadCourse(courseId);
    if (!detail) return;
    const shape = detail.sections.map((s) => s.subsections.length);
    if (!shape.length) return;
    const place = this.places.get(courseId) ?? { section: 0, subsection: 0 };
    this.places.set(courseId, place);
    let progress = detail.course_progress;
    let passed = detail.quiz_status;

    for (let step = 0, steps = 4 + Math.floor(Math.random() * 10); step < steps && this.active; step++) {
      await this.think();
      if (progress >= 100) {
        this.finished.add(courseId);
        return;
      }
      const lastSubsection = shape[place.section]! - 1;
      if (place.subsection < lastSubsection) {
        // Next: opens the following subsection and raises progress.
        const target = { section: place.section, subsection: place.subsection + 1 };
        const saved = await this.saveProgress(courseId, Math.min(100, progress + nextIncrement(shape)), target);
        if (saved === null) return;
        progress = saved;
        Object.assign(place, target);
      } else if (!passed[String(place.section)]) {
        const result = await this.takeQuiz(courseId, place.section);
        if (!result) return;
        progress = result.course_progress;
        passed = result.quiz_status;
      } else if (place.section + 1 < shape.length) {
        // Next from the last subsection of a passed section: the next section's first subsection.
        const target = { section: place.section + 1, subsection: 0 };
        const saved = await this.saveProgress(courseId, progress, target);
        if (saved === null) return;
        progress = saved;
        Object.assign(place, target);
      } else {
        this.finished.add(courseId);
        return;
      }
      if (step % 4 === 3) {
        // A page reload now and then: the course as the server has it.
        detail = await this.loadCourse(courseId);
        if (!detail) return;
        progress = detail.course_progress;
        passed = detail.quiz_status;
      }
    }
  }

  private async loadCourse(courseId: number): Promise<CourseDetail | null> {
    const answer = await this.call<CourseDetail>(`/courses/${courseId}`, { label: "GET /courses/{id}" });
    return answer?.status === 200 ? answer.body : null;
  }

  /** PUT /courses/update_progress; the stored progress it answers, or null when it did not succeed. */
  private async saveProgress(courseId: number, progress: number, position: Place): Promise<number | null> {
    const userId = this.account.id;
    const answer = await this.call<{ course_progress: number }>("/courses/update_progress", {
      method: "PUT",
      label: "PUT /courses/update_progress",
      json: { course_id: courseId, progress, section_index: position.section, subsection_index: position.subsection },
    });
    if (!answer) {
      this.ctx.ledger.progressInDoubt(userId, courseId, progress);
      return null;
    }
    if (answer.status !== 200) return null;
    this.ctx.ledger.ackProgress(userId, courseId, answer.body.course_progress);
    return answer.body.course_progress;
  }

  private async takeQuiz(courseId: number, sectionIndex: number): Promise<QuizResult | null> {
    const userId = this.account.id;
    const quiz = await this.call<Question[]>(`/section-quizzes?course_id=${courseId}&section_index=${sectionIndex}`, { label: "GET /section-quizzes" });
    if (quiz?.status !== 200) return null;
    await this.think();
    const key = await this.ctx.answerKey.of(quiz.body.map((q) => q.id));
    const slip = Math.random() < WRONG_ANSWER_CHANCE ? Math.floor(Math.random() * quiz.body.length) : -1;
    const answers = quiz.body.map((q, i) => {
      const right = key.get(q.id) ?? null;
      return { question_id: q.id, answer: i === slip ? (q.options.find((o) => o !== right) ?? null) : right };
    });
    const answer = await this.call<QuizResult>(`/courses/${courseId}/sections/${sectionIndex}/quiz-complete`, {
      method: "POST",
      label: "POST /courses/{id}/sections/{i}/quiz-complete",
      json: { answers },
    });
    if (!answer) {
      this.ctx.ledger.attemptInDoubt(userId, courseId, sectionIndex);
      return null;
    }
    // Tries that got no answer may each have stored an attempt before the server went away.
    if (answer.unanswered) this.ctx.ledger.attemptInDoubt(userId, courseId, sectionIndex, answer.unanswered);
    if (answer.status !== 200) return null;
    const result = answer.body;
    this.ctx.ledger.ackAttempt({ userId, courseId, sectionIndex, answers, score: result.score, total: result.total, passed: result.passed }, result.course_progress);
    return result;
  }
}
