import { getDb } from "@/db/client";
import type { Metadata } from "next";
import Link from "next/link";
import { cache } from "react";
import { CourseCard, CourseGrid, CourseGridItem } from "@/components/courses/course-card";
import { WriteCourseBlock } from "@/components/request-course/write-course-block";
import { getPageCaller, requirePageCaller } from "@/lib/accounts/auth/page";
import { AppError } from "@/lib/platform/http/app-error";
import { getTopicCourses } from "@/lib/catalogue/topics/list-topics";
import { logger } from "@/lib/platform/log/logger";

type Params = Promise<{ id: string }>;

type Loaded =
  | { kind: "ok"; data: Awaited<ReturnType<typeof getTopicCourses>> }
  | { kind: "not_found" }
  | { kind: "error"; message: string };

/** A positive 32-bit id, or null for anything else ("abc", "1.5", "-3", "007"...). */
function topicIdFrom(value: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

// Shared by generateMetadata and the page: one database round trip per request.
const loadTopic = cache(async (rawId: string): Promise<Loaded> => {
  const id = topicIdFrom(rawId);
  if (id === null) return { kind: "not_found" };
  try {
    return { kind: "ok", data: await getTopicCourses(getDb(), await getPageCaller(), id) };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return { kind: "not_found" };
    logger().error({ err: error, topic_id: id }, "topic page: could not load the topic");
    return { kind: "error", message: "Failed to fetch courses for topic" };
  }
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  const loaded = await loadTopic(id);
  return { title: loaded.kind === "ok" ? loaded.data.topic.title : loaded.kind === "not_found" ? "Topic not found" : "Topic" };
}

export default async function TopicCoursesPage({ params }: { params: Params }) {
  const caller = await requirePageCaller("user");
  const { id } = await params;
  const loaded = await loadTopic(id);

  if (loaded.kind !== "ok") {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {loaded.kind === "not_found" ? "Topic not found." : "Topic"}
        </h1>
        {loaded.kind === "error" ? (
          <p role="alert" className="mt-4 text-red-700">
            {loaded.message}
          </p>
        ) : (
          <p className="mt-4 text-slate-700">This topic does not exist or was removed.</p>
        )}
        <BackLink />
      </div>
    );
  }

  const { topic, courses } = loaded.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <BackLink />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{topic.title}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600">Courses available for {topic.title}</p>

      {courses.length ? (
        <CourseGrid>
          {courses.map((course) => (
            <CourseGridItem key={course.id}>
              <CourseCard course={course} />
            </CourseGridItem>
          ))}
        </CourseGrid>
      ) : null}
      {/* A topic without courses is no dead end: the learner can have one written (docs/product-rules.md, "Course generation"). */}
      <WriteCourseBlock
        userId={caller.id}
        fixedTopic={{ id: topic.id, title: topic.title }}
        heading={courses.length ? "Want a course of your own?" : "No courses for this topic yet"}
        intro={`LearnPath can write a course on ${topic.title} for you, at your level, from what you have learnt so far.`}
      />
    </div>
  );
}

function BackLink() {
  return (
    <Link href="/dashboard/explore-topics" className="mt-6 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800 first:mt-0">
      <span aria-hidden="true">←</span> All topics
    </Link>
  );
}
