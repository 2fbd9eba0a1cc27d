import { getDb } from "@/db/client";
import { TopicDescription } from "@/components/topics/topic-description";
import type { Metadata } from "next";
import Link from "next/link";
import { Pagination, pageFrom } from "@/components/ui/pagination";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { listTopics } from "@/lib/catalogue/topics/list-topics";

export const metadata: Metadata = { title: "Explore All Topics" };

/** The explore topics grid shows 9 topics per page (docs/product-rules.md, Screens). */
const PAGE_SIZE = 9;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ExploreTopicsPage({ searchParams }: { searchParams: SearchParams }) {
  const caller = await requirePageCaller("user");
  const [topics, params] = await Promise.all([listTopics(getDb(), caller), searchParams]);
  const totalPages = Math.max(1, Math.ceil(topics.length / PAGE_SIZE));
  const page = pageFrom(params.page, totalPages);
  const shown = topics.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Explore All Topics</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">
        Browse every topic and open one to see its courses, from beginner to advanced.
      </p>

      {shown.length === 0 ? (
        <p className="mt-10 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-700">
          No topics available at the moment.
        </p>
      ) : (
        <ul role="list" className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((topic) => (
            <li
              key={topic.id}
              className="relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-600 hover:shadow-md focus-within:border-brand-600"
            >
              <h2 className="text-lg font-semibold text-slate-900">{topic.title}</h2>
              {/* The wrapper grows (equal-height cards); the clamped paragraph itself must not, or lines leak past the clamp. */}
              <div className="mt-2 flex-1">
                <p className="line-clamp-3 text-sm whitespace-pre-line text-slate-600">
                  <TopicDescription markdown={topic.description} />
                </p>
              </div>
              <div className="mt-5 flex items-center justify-between gap-3">
                <span className="text-sm font-medium text-slate-700">
                  {topic.totalCourses} {topic.totalCourses === 1 ? "course" : "courses"}
                </span>
                {/* The link's ::after covers the whole card, so clicking anywhere on it opens the topic. */}
                <Link
                  href={`/dashboard/topics/${topic.id}`}
                  className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:bg-brand-700"
                >
                  View Courses<span className="sr-only"> for {topic.title}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Pagination page={page} totalPages={totalPages} basePath="/dashboard/explore-topics" />
    </div>
  );
}
