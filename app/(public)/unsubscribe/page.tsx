import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { UnsubscribeReminders } from "@/components/account/unsubscribe-reminders";

export const metadata: Metadata = {
  title: "Unsubscribe from reminders",
  description: "Stop LearnPath's reminder e-mails.",
  robots: { index: false },
};

/** The reminder e-mail's unsubscribe link (docs/product-rules.md, "Daily goal and reminders"): nothing changes until the button is pressed. */
export default function UnsubscribePage() {
  return (
    <AuthCard title="Unsubscribe from reminders" description="Stop the daily reminder e-mails. Your daily goal, streak and courses stay as they are.">
      <UnsubscribeReminders />
    </AuthCard>
  );
}
