import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { VerifyCodeForm } from "@/components/auth/verify-code-form";
import { RequireResetEmail } from "@/components/layout/require-reset-email";

export const metadata: Metadata = {
  title: "Verify code",
  description: "Enter the 6-digit code we e-mailed you to reset your LearnPath password.",
  robots: { index: false },
};

export default function VerifyCodePage() {
  return (
    <AuthCard title="Check your email">
      <RequireResetEmail />
      <VerifyCodeForm />
    </AuthCard>
  );
}
