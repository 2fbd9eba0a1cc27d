import type { Metadata } from "next";
import { AdminHeading, AdminTable, EmptyState, LoadError, ResultCount, TD, TH } from "@/components/admin/page-parts";
import { loadSearchPage, searchFrom } from "@/components/admin/paged-search";
import { SearchForm } from "@/components/admin/search-form";
import { UserActions } from "@/components/admin/user-actions";
import { EmailText } from "@/components/ui/email-text";
import { Pagination } from "@/components/ui/pagination";
import { listUsers } from "@/lib/accounts/users";
import { requirePageCaller } from "@/lib/auth/page";
import { logger } from "@/lib/log/logger";
import type { PublicUser } from "@/lib/validation/responses/accounts";

export const metadata: Metadata = { title: "Manage Users" };

/** The users table shows 8 per page (docs/product-rules.md, Screens). */
const PAGE_SIZE = 8;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ManageUsersPage({ searchParams }: { searchParams: SearchParams }) {
  const caller = await requirePageCaller("admin");
  const params = await searchParams;
  const search = searchFrom(params);

  let data: Awaited<ReturnType<typeof listUsers>> & { page: number; totalPages: number } | null = null;
  try {
    data = await loadSearchPage(params.page, PAGE_SIZE, (page) => listUsers({ search, page, limit: PAGE_SIZE }), (r) => r.users.length);
  } catch (error) {
    logger().error({ err: error }, "admin: could not load the users");
  }

  return (
    <div className="max-w-6xl">
      <AdminHeading title="Manage Users" intro="Find users by e-mail, edit their names and role, or delete an account." />
      <div className="mt-6">
        <SearchForm action="/admin/users" label="Search users by email" placeholder="name@example.com" value={search} />
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
                <th scope="col" className={TH}>Name</th>
                <th scope="col" className={TH}>Email</th>
                <th scope="col" className={TH}>Role</th>
                <th scope="col" className={`${TH} text-right`}>Actions</th>
              </tr>
            }
          >
            {data.users.map((user: PublicUser) => (
              <tr key={user.id}>
                <td className={`${TD} font-medium`}>
                  {user.first_name} {user.last_name}
                  {user.id === caller.id ? <span className="ml-2 text-xs font-normal text-slate-600">(you)</span> : null}
                </td>
                <td className={TD}>
                  <EmailText email={user.email} />
                </td>
                <td className={TD}>{user.role === "admin" ? "Admin" : "User"}</td>
                <td className={TD}>
                  <UserActions user={user} isSelf={user.id === caller.id} />
                </td>
              </tr>
            ))}
          </AdminTable>
          <Pagination page={data.page} totalPages={data.totalPages} basePath="/admin/users" query={search ? { search } : {}} />
        </>
      )}
    </div>
  );
}
