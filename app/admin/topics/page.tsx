import type { Metadata } from "next";
import { AdminHeading, AdminTable, EmptyState, LoadError, TD, TH } from "@/components/admin/page-parts";
import { SearchForm } from "@/components/admin/search-form";
import { AddTopicButton, TopicActions } from "@/components/admin/topic-actions";
import { Pagination, pageFrom } from "@/components/ui/pagination";
import { requirePageCaller } from "@/lib/auth/page";
import { listAdminTopics } from "@/lib/topics/manage-topics";

export const metadata: Metadata = { title: "Manage Topics" };

/** SPEC.md section 9: the topics table shows 7 per page. */
const PAGE_SIZE = 7;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";
const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

async function loadPage(search: string, requested: string | string[] | undefined) {
  const firstTry = await listAdminTopics({ search, page: pageFrom(requested, Number.MAX_SAFE_INTEGER), limit: PAGE_SIZE });
  const totalPages = Math.max(1, Math.ceil(firstTry.total / PAGE_SIZE));
  const page = pageFrom(requested, totalPages);
  // Asked past the last page (e.g. after deleting its only topic): show the last page instead.
  const result = firstTry.topics.length || page === 1 ? firstTry : await listAdminTopics({ search, page, limit: PAGE_SIZE });
  return { ...result, page, totalPages };
}

export default async function ManageTopicsPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageCaller("admin");
  const params = await searchParams;
  const search = first(params.search).trim().slice(0, 200);

  let data: Awaited<ReturnType<typeof loadPage>> | null = null;
  try {
    data = await loadPage(search, params.page);
  } catch (error) {
    console.error("[admin] topics:", error);
  }

  return (
    <div className="max-w-6xl">
      <AdminHeading
        title="Manage Topics"
        intro="Add topics (their courses are generated automatically), edit or delete them, and see each topic's courses."
        action={<AddTopicButton />}
      />
      <div className="mt-6">
        <SearchForm action="/admin/topics" label="Search topics by title" placeholder="Topic title" value={search} />
      </div>

      {!data ? (
        <LoadError message="Failed to fetch topics" />
      ) : data.topics.length === 0 ? (
        <EmptyState>{search ? `No topics match "${search}".` : "No topics yet. Add the first one."}</EmptyState>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-600" aria-live="polite">
            {data.total} {data.total === 1 ? "topic" : "topics"}
            {search ? ` matching "${search}"` : ""}
          </p>
          <AdminTable
            caption="Topics"
            head={
              <tr>
                <th scope="col" className={TH}>Title</th>
                <th scope="col" className={TH}>Description</th>
                <th scope="col" className={TH}>Courses</th>
                <th scope="col" className={TH}>Created</th>
                <th scope="col" className={`${TH} text-right`}>Actions</th>
              </tr>
            }
          >
            {data.topics.map((topic) => (
              <tr key={topic.id}>
                <th scope="row" className={`${TD} font-medium text-slate-900`}>
                  {topic.title}
                </th>
                <td className={`${TD} max-w-xs`}>
                  <p className="line-clamp-2 whitespace-pre-line text-slate-700">{topic.description}</p>
                </td>
                <td className={TD}>{topic.totalCourses}</td>
                <td className={`${TD} whitespace-nowrap`}>
                  <time dateTime={topic.created_at}>{dateFormat.format(new Date(topic.created_at))}</time>
                  {topic.creator ? (
                    <span className="block text-xs text-slate-600">
                      by {topic.creator.first_name} {topic.creator.last_name}
                    </span>
                  ) : null}
                </td>
                <td className={TD}>
                  <TopicActions topic={topic} />
                </td>
              </tr>
            ))}
          </AdminTable>
          <Pagination page={data.page} totalPages={data.totalPages} basePath="/admin/topics" query={search ? { search } : {}} />
        </>
      )}
    </div>
  );
}
