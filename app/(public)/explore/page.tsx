import { getDb } from "@/db/client";
import { TopicDescription } from "@/components/topics/topic-description";
import type { Metadata } from "next";
import { connection } from "next/server";
import { TopicCarousel } from "@/components/topics/topic-carousel";
import { ButtonLink } from "@/components/ui/button-link";
import { getPageRole } from "@/lib/accounts/auth/page";
import { publicTopicHref, SIGN_UP_PATH } from "@/lib/platform/navigation/calls-to-action";
import { listTopics } from "@/lib/catalogue/topics/list-topics";

const description =
  "Browse the topics LearnPath can teach you, from Python and SQL to machine learning, and sign up to get a personalised AI-written course for each.";

export const metadata: Metadata = {
  title: "Explore Topics",
  description,
  openGraph: { type: "website", siteName: "LearnPath", title: "Explore Topics | LearnPath", description },
};

export default async function ExplorePage() {
  // The catalogue changes when admins edit topics: render per request, never at build time.
  await connection();
  const [role, list] = await Promise.all([getPageRole(), listTopics(getDb(), null)]);
  // A visitor's card leads to sign-up (docs/product-rules.md, Screens), a learner's to the topic.
  const topics = list.map(({ id, title, description }) => ({ id, title, href: publicTopicHref(role, id), description: <TopicDescription markdown={description} /> }));

  return (
    <>
      <section aria-labelledby="explore-title" className="bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 sm:py-20 lg:px-8">
          <h1 id="explore-title" className="text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
            Explore Your Personalized Learning Topics
          </h1>
          <p className="mt-6 text-lg text-pretty text-slate-700">
            Every topic becomes a structured course written for your level, with a quiz after each section and
            progress that adapts to your strengths and the areas that need more practice.
          </p>
        </div>
      </section>

      <section aria-labelledby="topics-title" className="pb-16 sm:pb-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <h2 id="topics-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            What are these Topics?
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-slate-600">
            Each topic is a subject area with courses from beginner to advanced. Pick the ones you are curious about
            and LearnPath recommends courses that fit you.
          </p>
          <p className="mt-2 text-lg font-medium text-brand-700">Select a topic to begin your smart learning journey!</p>

          <div className="mt-8">
            {topics.length > 0 ? (
              <TopicCarousel topics={topics} />
            ) : (
              <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
                <p className="text-slate-700">No topics available at the moment.</p>
                <p className="mt-2 text-sm text-slate-600">New topics are on their way. Create an account to be ready.</p>
                <ButtonLink href={SIGN_UP_PATH} className="mt-6">
                  Sign Up
                </ButtonLink>
              </div>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
