import type { Metadata } from "next";

export const metadata: Metadata = { title: "Admin" };

export default function AdminAnalyticsPage() {
  return (
    <div className="max-w-4xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Analytics</h1>
      <p className="mt-2 text-slate-600">
        Usage analytics appear here: how many learners and topics there are, how many quizzes were completed, new
        sign-ups over the last 7 days, and the most and least attempted topics.
      </p>
    </div>
  );
}
