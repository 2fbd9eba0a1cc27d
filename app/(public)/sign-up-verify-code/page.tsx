import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { SignUpVerifyForm } from "@/components/auth/sign-up-verify-form";

export const metadata: Metadata = {
  title: "Verify your email",
  description: "Enter the 6-digit code we e-mailed you to finish creating your LearnPath account.",
  robots: { index: false },
};

export default function SignUpVerifyCodePage() {
  return (
    <AuthCard title="Verify your email">
      <SignUpVerifyForm />
    </AuthCard>
  );
}
