import { getDb } from "@/db/client";
import type { Metadata } from "next";
import Link from "next/link";
import { AdminHeading, AdminTable, EmptyState, LoadError, ResultCount, TD, TH } from "@/components/admin/page-parts";
import { loadSearchPage, searchFrom, sortFrom } from "@/components/admin/paged-search";
import { SearchForm } from "@/components/admin/search-form";
import { SortHeader } from "@/components/admin/sort-header";
import { UserActions } from "@/components/admin/user-actions";
import { EmailText } from "@/components/ui/email-text";
import { Pagination } from "@/components/ui/pagination";
import { listUsersForAdmin } from "@/lib/operations/admin/list-users";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { logger } from "@/lib/platform/log/logger";
import { USER_SORT_FIELDS } from "@/lib/operations/admin/schemas";
import type { AdminUser } from "@/lib/operations/admin/responses";

export const metadata: Metadata = { title: "Manage Users" };

/** The users table shows 8 per page (docs/product-rules.md, Screens). */
const PAGE_SIZE = 8;

const BASE = "/admin/users";
const dayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const momentFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" });

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ManageUsersPage({ searchParams }: { searchParams: SearchParams }) {
  const caller = await requirePageCaller("admin");
  const params = await searchParams;
  const search = searchFrom(params);
  const { sort, order } = sortFrom(params, USER_SORT_FIELDS);
  const sortQuery: Record<string, string> = sort ? { sort, order } : {};
  const searchQuery: Record<string, string> = search ? { search } : {};

  let data: (Awaited<ReturnType<typeof listUsersForAdmin>> & { page: number; totalPages: number }) | null = null;
  try {
    data = await loadSearchPage(params.page, PAGE_SIZE, (page) => listUsersForAdmin(getDb(), { search, sort, order, page, limit: PAGE_SIZE }), (r) => r.users.length);
  } catch (error) {
    logger().error({ err: error }, "admin: could not load the users");
  }

  const header = (label: string, field: (typeof USER_SORT_FIELDS)[number]) => (
    <SortHeader label={label} field={field} action={BASE} sort={sort} order={order} keep={searchQuery} />
  );

  return (
    <div className="max-w-6xl">
      <AdminHeading title="Manage Users" intro="Find users by name or e-mail, sort them, edit their names and role, or delete an account. Open a user for their courses, quizzes and sign-in." />
      <div className="mt-6">
        <SearchForm action={BASE} label="Search users by name or email" placeholder="Ada Lovelace or name@example.com" value={search} keep={sortQuery} />
      </div>

      {!data ? (
        <LoadError message="Failed to fetch users" />
      ) : data.users.length === 0 ? (
        <EmptyState>{search ? `No users match "${search}".` : "No users yet."}</EmptyState>
      ) : (
        <>
          <ResultCount total={data.total} noun="user" search={search} />
          <AdminTable
            caption="Users"
            head={
              <tr>
                {header("Name", "name")}
                {header("Email", "email")}
                {header("Role", "role")}
                {header("Joined", "joined")}
                {header("Last active", "last_active")}
                <th scope="col" className={`${TH} text-right`}>Courses</th>
                <th scope="col" className={TH}>Two-factor</th>
                <th scope="col" className={`${TH} text-right`}>Actions</th>
              </tr>
            }
          >
            {data.users.map((user: AdminUser) => (
              <tr key={user.id}>
                <td className={`${TD} font-medium`}>
                  <Link href={`${BASE}/${user.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                    {`${user.first_name} ${user.last_name}`.trim() || user.email}
                  </Link>
                  {user.id === caller.id ? <span className="ml-2 text-xs font-normal text-slate-600">(you)</span> : null}
                </td>
                <td className={TD}>
                  <EmailText email={user.email} />
                </td>
                <td className={TD}>{user.role === "admin" ? "Admin" : "User"}</td>
                <td className={`${TD} whitespace-nowrap`}>
                  <time dateTime={user.created_at}>{dayFormat.format(new Date(user.created_at))}</time>
                </td>
                <td className={`${TD} whitespace-nowrap`}>
                  {user.last_active_at ? (
                    <time dateTime={user.last_active_at}>{momentFormat.format(new Date(user.last_active_at))} UTC</time>
                  ) : (
                    <span className="text-slate-600">Never</span>
                  )}
                </td>
                <td className={`${TD} text-right tabular-nums`}>{user.course_count}</td>
                <td className={TD}>{user.two_factor_enabled ? "On" : "Off"}</td>
                <td className={TD}>
                  <UserActions user={user} isSelf={user.id === caller.id} />
                </td>
              </tr>
            ))}
          </AdminTable>
          <Pagination page={data.page} totalPages={data.totalPages} basePath={BASE} query={{ ...searchQuery, ...sortQuery }} />
        </>
      )}
    </div>
  );
}
