import { LearningWeek } from "@/components/activity/learning-week";
import { learningInstants } from "@/lib/activity/history";

/** The dashboard's streak card: days with reading or a quiz, this week's at a glance. */
export async function LearningStreak({ userId }: { userId: number }) {
  let activity: string[];
  try {
    activity = await learningInstants(userId);
  } catch (error) {
    // Motivation, not a must: the dashboard's courses matter more than a failed count.
    console.error("dashboard: could not load learning activity", error);
    return null;
  }
  return (
    <section aria-labelledby="streak-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="streak-heading" className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        Your learning this week
      </h2>
      <div className="mt-2">
        <LearningWeek activity={activity} />
      </div>
    </section>
  );
}
