import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export const metadata: Metadata = {
  title: "Forgot password",
  description: "Reset your LearnPath password: we'll e-mail you a 6-digit code.",
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ForgotPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  // Sent here from /verify-code opened without a reset in progress (no e-mail to send a code to).
  const noEmail = (await searchParams).reason === "no-email";
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email you signed up with and we'll send you a 6-digit code to reset your password."
    >
      {noEmail ? (
        <p role="status" className="mb-5 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          Enter your email first: we need it to send you a verification code.
        </p>
      ) : null}
      <ForgotPasswordForm />
    </AuthCard>
  );
}
