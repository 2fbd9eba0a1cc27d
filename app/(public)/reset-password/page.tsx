import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";

export const metadata: Metadata = {
  title: "Reset password",
  description: "Choose a new password for your LearnPath account.",
  robots: { index: false },
};

export default function ResetPasswordPage() {
  return (
    <AuthCard title="Set a new password" description="Choose a new password with at least 6 characters.">
      <ResetPasswordForm />
    </AuthCard>
  );
}
