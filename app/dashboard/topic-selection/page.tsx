import { getDb } from "@/db/client";
import { TopicDescription } from "@/components/topics/topic-description";
import type { Metadata } from "next";
import { TopicPicker } from "@/components/topics/topic-picker";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { listSelectedTopics } from "@/lib/practice/learning/interests";
import { listTopics } from "@/lib/catalogue/topics/list-topics";

export const metadata: Metadata = { title: "Pick Topics" };

export default async function TopicSelectionPage() {
  const caller = await requirePageCaller("user");
  const [all, chosen] = await Promise.all([listTopics(getDb(), caller), listSelectedTopics(getDb(), caller.id)]);
  const topics = all.map(({ id, title, description }) => ({ id, title, description: <TopicDescription markdown={description} /> }));

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Pick Topics You Love</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">
        Choose the subjects you want to learn. Your feed and course recommendations follow the topics you pick, and you
        can add more at any time.
      </p>
      <TopicPicker topics={topics} chosenIds={chosen.map((t) => t.id)} />
    </div>
  );
}
