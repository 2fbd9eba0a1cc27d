import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { TwoFactorNoticeAnswer } from "@/components/auth/two-factor-notice-answer";

export const metadata: Metadata = {
  title: "Was this you?",
  description: "Tell us whether you changed two-factor sign-in on your LearnPath account.",
  robots: { index: false },
};

/** The link of the e-mail sent when two-factor sign-in went on or off (docs/product-rules.md, "Two-factor sign-in"). */
export default function TwoFactorNoticePage() {
  return (
    <AuthCard
      title="Was this you?"
      description="Two-factor sign-in was changed on your account. If it was not you, we sign every device out (and, if it was just turned on, turn it off again); then reset your password."
    >
      <TwoFactorNoticeAnswer />
    </AuthCard>
  );
}
