import { getDb } from "@/db/client";
import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { loadByPathId } from "@/components/admin/path-id";
import { AdminHeading, AdminTable, EmptyState, TD, TH } from "@/components/admin/page-parts";
import { UserPageActions } from "@/components/admin/user-page-actions";
import { EmailText } from "@/components/ui/email-text";
import { getAdminUserDetails } from "@/lib/operations/admin/user-details";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import type { AdminUserDetails } from "@/lib/operations/admin/responses";

export const metadata: Metadata = { title: "User" };

type Params = Promise<{ userId: string }>;

const dayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const momentFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" });

const ACTION_TEXT: Record<AdminUserDetails["admin_actions"][number]["action"], string> = {
  two_factor_reset: "Two-factor sign-in reset",
  deactivate: "Deactivated",
  reactivate: "Reactivated",
};

function Day({ iso }: { iso: string }) {
  return <time dateTime={iso}>{dayFormat.format(new Date(iso))}</time>;
}

function Moment({ iso }: { iso: string }) {
  return <time dateTime={iso}>{momentFormat.format(new Date(iso))} UTC</time>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The admin's page of one user (docs/product-rules.md, Admin screens): what they learn, how their quizzes go, how they sign in. */
export default async function AdminUserPage({ params }: { params: Params }) {
  const caller = await requirePageCaller("admin");
  const details = await loadByPathId((await params).userId, (userId) => getAdminUserDetails(getDb(), userId));
  const { user } = details;
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;

  return (
    <div className="max-w-5xl">
      <p className="text-sm">
        <Link href="/admin/users" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          <span aria-hidden="true">← </span>Users
        </Link>
      </p>
      <div className="mt-3">
        <AdminHeading
          title={name}
          intro={<EmailText email={user.email} />}
          action={
            <UserPageActions
              user={{ id: user.id, email: user.email, name, isActive: user.is_active, twoFactorEnabled: user.two_factor_enabled }}
              isSelf={user.id === caller.id}
            />
          }
        />
      </div>

      <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label="Role">{user.role === "admin" ? "Admin" : "User"}</Fact>
        <Fact label="Status">{user.is_active ? "Active" : "Deactivated"}</Fact>
        <Fact label="Two-factor">{user.two_factor_enabled ? "On" : "Off"}</Fact>
        <Fact label="Open sessions">{details.session_count}</Fact>
        <Fact label="Joined">
          <Day iso={user.created_at} />
        </Fact>
        <Fact label="Last active">{user.last_active_at ? <Moment iso={user.last_active_at} /> : "Never"}</Fact>
        <Fact label="Quizzes passed / attempted">
          {details.quizzes_passed} / {details.quizzes_attempted}
        </Fact>
        <Fact label="Courses">{details.courses.length}</Fact>
      </dl>

      <Section id="user-courses-heading" title="Courses and progress">
        {details.courses.length === 0 ? (
          <EmptyState>Not enrolled in any course.</EmptyState>
        ) : (
          <AdminTable
            caption="Courses and progress"
            head={
              <tr>
                <th scope="col" className={TH}>Course</th>
                <th scope="col" className={`${TH} text-right`}>Progress</th>
                <th scope="col" className={TH}>Enrolled</th>
                <th scope="col" className={TH}>Completed</th>
              </tr>
            }
          >
            {details.courses.map((course) => (
              <tr key={course.course_id}>
                <th scope="row" className={`${TD} font-medium`}>
                  <Link href={`/admin/courses/${course.course_id}`} className="text-brand-700 underline-offset-2 hover:underline">
                    {course.title}
                  </Link>
                  <span className="block text-xs font-normal text-slate-600">{course.level}</span>
                </th>
                <td className={`${TD} text-right tabular-nums`}>{course.progress}%</td>
                <td className={TD}>
                  <Day iso={course.enrolled_at} />
                </td>
                <td className={TD}>{course.completed_at ? <Day iso={course.completed_at} /> : <span className="text-slate-600">Not yet</span>}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Section>

      <Section id="user-attempts-heading" title="Latest quiz attempts">
        {details.quiz_attempts.length === 0 ? (
          <EmptyState>No quiz attempts yet.</EmptyState>
        ) : (
          <AdminTable
            caption="Latest quiz attempts"
            head={
              <tr>
                <th scope="col" className={TH}>Quiz</th>
                <th scope="col" className={`${TH} text-right`}>Score</th>
                <th scope="col" className={TH}>Result</th>
                <th scope="col" className={TH}>When</th>
              </tr>
            }
          >
            {details.quiz_attempts.map((attempt) => (
              <tr key={attempt.id}>
                <th scope="row" className={`${TD} font-normal`}>
                  {attempt.course_title} · Section {attempt.section_index + 1}
                </th>
                <td className={`${TD} text-right tabular-nums`}>
                  {attempt.score} / {attempt.total}
                </td>
                <td className={TD}>{attempt.passed ? <span className="text-emerald-700">✓ Passed</span> : <span className="text-slate-700">Not passed</span>}</td>
                <td className={TD}>
                  <Moment iso={attempt.created_at} />
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Section>

      <Section id="user-audit-heading" title="Admin actions on this account">
        {details.admin_actions.length === 0 ? (
          <EmptyState>None.</EmptyState>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {details.admin_actions.map((entry, index) => (
              <li key={index} className="px-4 py-3 text-sm text-slate-800">
                <span className="font-medium">{ACTION_TEXT[entry.action]}</span> by {entry.admin_email ?? "a deleted admin"}, <Moment iso={entry.at} />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
