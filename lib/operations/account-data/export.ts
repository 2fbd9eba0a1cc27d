import "server-only";
import { sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { getUser } from "../../accounts";
import { exportReports } from "../../authoring";
import type { AccountExport } from "../../accounts";

/*
 * GET /users/me/export: everything this app holds about one learner, as JSON (the right of
 * access). Always the caller's own id: there is no way to name another user. Secrets are left
 * out: the password hash, session and code rows (credentials, not data about the person).
 */

export async function exportAccountData(db: DatabaseOrTransaction, userId: number): Promise<AccountExport> {
  const rowsOf = async (query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> => (await db.execute(query)).rows;
  const [account, topics, enrollments, quizAttempts, quizAnswers, activity, certificates, requestedCourses, courseRequests, reviewCards, mastery, tutorConversations, sources, goal, lessonReads, reports, notifications] = await Promise.all([
    getUser(db, userId),
    rowsOf(sql`SELECT t.id, t.title, ut.created_at AS chosen_at FROM user_topics ut JOIN topics t ON t.id = ut.topic_id WHERE ut.user_id = ${userId} ORDER BY t.title`),
    rowsOf(sql`
      SELECT c.id AS course_id, c.title AS course_title, e.progress, e.furthest_unit, e.enrolled_at, e.completed_at
        FROM enrollments e JOIN courses c ON c.id = e.course_id WHERE e.user_id = ${userId} ORDER BY e.enrolled_at`),
    rowsOf(sql`
      SELECT a.id, a.course_id, c.title AS course_title, a.section_index, a.score, a.total, a.passed, a.created_at
        FROM quiz_attempts a JOIN courses c ON c.id = a.course_id WHERE a.user_id = ${userId} ORDER BY a.created_at`),
    rowsOf(sql`
      SELECT qa.attempt_id, q.question, qa.chosen_option, qa.is_correct
        FROM quiz_answers qa JOIN quiz_attempts a ON a.id = qa.attempt_id JOIN quiz_questions q ON q.id = qa.question_id
       WHERE a.user_id = ${userId} ORDER BY qa.attempt_id, q.id`),
    rowsOf(sql`SELECT course_id, at FROM learning_activity WHERE user_id = ${userId} ORDER BY at`),
    rowsOf(sql`SELECT id, verification_id, course_id, issued_at FROM certificates WHERE user_id = ${userId} ORDER BY issued_at`),
    rowsOf(sql`SELECT id, title, level, created_at FROM courses WHERE requested_by = ${userId} ORDER BY created_at`),
    rowsOf(sql`
      SELECT r.id, coalesce(r.subject, t.title) AS subject, r.level, r.length, r.source_id, r.course_id, r.failed_at, r.created_at
        FROM course_requests r JOIN topics t ON t.id = r.topic_id WHERE r.user_id = ${userId} ORDER BY r.created_at`),
    rowsOf(sql`
      SELECT r.id, r.question_id, q.question, r.due, r.reps, r.lapses, r.last_review
        FROM review_cards r JOIN quiz_questions q ON q.id = r.question_id WHERE r.user_id = ${userId} ORDER BY r.id`),
    rowsOf(sql`
      SELECT m.course_id, m.concept, m.section_index, m.subsection_index, m.rating, m.answers, m.correct_answers, m.last_answered_at
        FROM concept_mastery m WHERE m.user_id = ${userId} ORDER BY m.course_id, m.concept`),
    rowsOf(sql`
      SELECT c.id, c.course_id, c.section_index, c.subsection_index, c.title, c.created_at,
             coalesce(json_agg(json_build_object('role', m.role, 'content', m.content, 'status', m.status, 'created_at', m.created_at) ORDER BY m.id)
                      FILTER (WHERE m.id IS NOT NULL), '[]') AS messages
        FROM tutor_conversations c LEFT JOIN tutor_messages m ON m.conversation_id = c.id
       WHERE c.user_id = ${userId} GROUP BY c.id ORDER BY c.id`),
    // The learner's own sources with their extracted text; the original file's bytes stay out (docs/sources.md).
    rowsOf(sql`
      SELECT s.id, s.file_name, s.media_type, s.byte_size, s.sha256, s.status, s.failure, s.created_at,
             coalesce(json_agg(json_build_object('position', p.position, 'page', p.page, 'heading', p.heading, 'text', p.text) ORDER BY p.position)
                      FILTER (WHERE p.id IS NOT NULL), '[]') AS passages
        FROM sources s LEFT JOIN source_passages p ON p.source_id = s.id
       WHERE s.owner_id = ${userId} GROUP BY s.id ORDER BY s.id`),
    rowsOf(sql`
      SELECT daily_goal, goal_kind, reminders_enabled, reminder_hour, time_zone, course_ready_email, last_reminded_on::text, next_reminder_at, updated_at
        FROM learner_goals WHERE user_id = ${userId}`),
    rowsOf(sql`SELECT course_id, section_index, subsection_index, first_read_at FROM lesson_reads WHERE user_id = ${userId} ORDER BY first_read_at`),
    // The learner's reports on lessons and quiz items (lib/authoring/reports/export-rows.ts).
    exportReports(db, userId),
    rowsOf(sql`SELECT id, kind, payload, read_at, created_at FROM notifications WHERE user_id = ${userId} ORDER BY id`),
  ]);
  return {
    exported_at: new Date().toISOString(),
    account,
    selected_topics: topics,
    enrollments,
    quiz_attempts: quizAttempts,
    quiz_answers: quizAnswers,
    learning_activity: activity,
    certificates,
    requested_courses: requestedCourses,
    course_requests: courseRequests,
    review_cards: reviewCards,
    concept_mastery: mastery,
    tutor_conversations: tutorConversations,
    sources,
    daily_goal_and_reminders: goal[0] ?? null,
    lesson_reads: lessonReads,
    reports,
    notifications,
  };
}
