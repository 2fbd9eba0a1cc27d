import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { TwoFactorRecoveryCancel } from "@/components/auth/two-factor-recovery-cancel";

export const metadata: Metadata = {
  title: "Cancel the recovery",
  description: "Stop the removal of two-factor sign-in from your LearnPath account.",
  robots: { index: false },
};

/** The cancel link of the lost-authenticator recovery e-mails (docs/product-rules.md, "Two-factor sign-in"). */
export default function TwoFactorRecoveryPage() {
  return (
    <AuthCard
      title="Cancel the recovery?"
      description="Someone asked to remove two-factor sign-in from your account because the authenticator was lost. If it was not you, cancel it here."
    >
      <TwoFactorRecoveryCancel />
    </AuthCard>
  );
}
