import { getDb } from "@/db/client";
import type { Metadata } from "next";
import { AdminHeading, AdminTable, EmptyState, LoadError, ResultCount, TD, TH } from "@/components/admin/page-parts";
import { loadSearchPage, searchFrom } from "@/components/admin/paged-search";
import { SearchForm } from "@/components/admin/search-form";
import { TopicGenerationStates } from "@/components/admin/generation-state";
import { AddTopicButton, TopicActions } from "@/components/admin/topic-actions";
import { Pagination } from "@/components/ui/pagination";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { adminGenerationState, getGenerationQueue, modelConfigured } from "@/lib/authoring/generation/waiting";
import { getEnv } from "@/lib/platform/env";
import { listAdminTopics } from "@/lib/catalogue/topics/manage-topics";
import { logger } from "@/lib/platform/log/logger";

export const metadata: Metadata = { title: "Manage Topics" };

/** The topics table shows 7 per page (docs/product-rules.md, Screens). */
const PAGE_SIZE = 7;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export default async function ManageTopicsPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageCaller("admin");
  const params = await searchParams;
  const search = searchFrom(params);

  const hasModel = modelConfigured();
  const serverReview = getEnv().GENERATION_REVIEW;
  let data: Awaited<ReturnType<typeof listAdminTopics>> & { page: number; totalPages: number } | null = null;
  let queuedTopics = new Set<number>();
  try {
    const [page, queue] = await Promise.all([
      loadSearchPage(params.page, PAGE_SIZE, (page) => listAdminTopics(getDb(), { search, page, limit: PAGE_SIZE }), (r) => r.topics.length),
      getGenerationQueue(getDb()),
    ]);
    data = page;
    queuedTopics = new Set(queue.topics.map((t) => t.topic_id));
  } catch (error) {
    logger().error({ err: error }, "admin: could not load the topics");
  }

  return (
    <div className="max-w-6xl">
      <AdminHeading
        title="Manage Topics"
        intro={
          hasModel
            ? "Add topics (their courses are generated automatically), edit or delete them, and see each topic's courses."
            : "Add topics, edit or delete them, and see each topic's courses. No model is configured, so new topics' courses wait until one is connected."
        }
        action={<AddTopicButton modelConfigured={hasModel} serverReview={serverReview} />}
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
          <ResultCount total={data.total} noun="topic" search={search} />
          <AdminTable
            caption="Topics"
            head={
              <tr>
                <th scope="col" className={TH}>Title</th>
                <th scope="col" className={TH}>Description</th>
                <th scope="col" className={TH}>Courses</th>
                <th scope="col" className={TH}>Generation</th>
                <th scope="col" className={TH}>Created</th>
                <th scope="col" className={`${TH} text-right`}>Actions</th>
              </tr>
            }
          >
            {data.topics.map((row) => {
              const topic = { ...row, courses: row.courses.map((c) => ({ ...c, state: adminGenerationState({ isDetailCreatedByAi: c.is_detail_created_by_ai, generationStatus: c.generation_status }, hasModel) })) };
              return (
              <tr key={topic.id}>
                <th scope="row" className={`${TD} font-medium text-slate-900`}>
                  {topic.title}
                </th>
                <td className={`${TD} max-w-xs`}>
                  <p className="line-clamp-2 whitespace-pre-line text-slate-700">{topic.description}</p>
                </td>
                <td className={TD}>{topic.totalCourses}</td>
                <td className={TD}>
                  <TopicGenerationStates states={topic.courses.map((c) => c.state)} proposalsQueued={queuedTopics.has(topic.id)} hasModel={hasModel} sourcesFirst={topic.sources_first} />
                </td>
                <td className={`${TD} whitespace-nowrap`}>
                  <time dateTime={topic.created_at}>{dateFormat.format(new Date(topic.created_at))}</time>
                  {topic.creator ? (
                    <span className="block text-xs text-slate-600">
                      by {topic.creator.first_name} {topic.creator.last_name}
                    </span>
                  ) : null}
                </td>
                <td className={TD}>
                  <TopicActions topic={topic} modelConfigured={hasModel} serverReview={serverReview} />
                </td>
              </tr>
              );
            })}
          </AdminTable>
          <Pagination page={data.page} totalPages={data.totalPages} basePath="/admin/topics" query={search ? { search } : {}} />
        </>
      )}
    </div>
  );
}
