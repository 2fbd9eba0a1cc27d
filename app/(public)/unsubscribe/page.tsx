import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { UnsubscribeReminders } from "@/components/account/unsubscribe-reminders";

export const metadata: Metadata = {
  title: "Unsubscribe from e-mails",
  description: "Stop LearnPath's reminder or course-ready e-mails.",
  robots: { index: false },
};

/** The reminder and course-ready e-mails' unsubscribe link (docs/product-rules.md, "Daily goal and reminders"): nothing changes until the button is pressed. */
export default function UnsubscribePage() {
  return (
    <AuthCard title="Unsubscribe from e-mails" description="Stop the e-mails this link came with: daily reminders, or word of a course being ready. Your daily goal, streak and courses stay as they are.">
      <UnsubscribeReminders />
    </AuthCard>
  );
}
