import type { Metadata } from "next";
import Link from "next/link";
import { loadByPathId } from "@/components/admin/path-id";
import { AdminHeading } from "@/components/admin/page-parts";
import { TopicSources } from "@/components/sources/topic-sources";
import { getDb } from "@/db/client";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { getEnv } from "@/lib/platform/env";
import { getTopicSourcesPage } from "@/lib/authoring/sources/topic-sources";
import { getTopicCoursesStart } from "@/lib/authoring/sources/sources-first";

export const metadata: Metadata = { title: "Topic sources" };

type Params = Promise<{ id: string }>;

/**
 * A topic's sources (docs/sources.md, "What admins see"): upload a file, follow its extraction
 * (pages done of the total), read why one failed, delete one. The topic's courses are written
 * from its ready sources; a topic without courses says when they will be, with "Write the courses now".
 */
export default async function TopicSourcesPage({ params }: { params: Params }) {
  await requirePageCaller("admin");
  const id = (await params).id;
  // Both read by the path's id (each a 404 for an unknown topic), so they run together.
  const [{ topic, sources }, start] = await Promise.all([loadByPathId(id, (topicId) => getTopicSourcesPage(getDb(), topicId)), loadByPathId(id, (topicId) => getTopicCoursesStart(getDb(), topicId))]);
  return (
    <div className="max-w-4xl">
      <p className="text-sm">
        <Link href={`/admin/topics?search=${encodeURIComponent(topic.title)}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          <span aria-hidden="true">← </span>Topics: {topic.title}
        </Link>
      </p>
      <div className="mt-3">
        <AdminHeading
          title={`Sources of ${topic.title}`}
          intro="Files this topic's courses are written from: PDF, Word (.docx), Markdown or plain text. Each is read in the background; its lessons cite the passages they use."
        />
      </div>
      <TopicSources topicId={topic.id} initial={sources} maxBytes={getEnv().SOURCE_MAX_BYTES} start={start} />
    </div>
  );
}
