import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard, authLinkClasses } from "@/components/auth/auth-card";
import { SignUpForm } from "@/components/auth/signup-form";

export const metadata: Metadata = {
  title: "Sign Up",
  description: "Create a free LearnPath account and get AI-written courses for the topics you choose.",
};

export default function SignUpPage() {
  return (
    <AuthCard
      title="Create your account"
      description="Start learning with courses built around your interests. We'll e-mail you a code to confirm your address."
      footer={
        <>
          Already have an account?{" "}
          <Link href="/login" className={authLinkClasses}>
            Log in
          </Link>
        </>
      }
    >
      <SignUpForm />
    </AuthCard>
  );
}
