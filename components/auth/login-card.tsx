"use client";

import { useState, type ReactNode } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm, type LoginStep } from "@/components/auth/login-form";

/*
 * The login page's card, whose heading says what the current step asks for: the e-mail and
 * password, then (with two-factor sign-in on) the authenticator's code, or the recovery of a lost
 * authenticator. `notice` (why the organisation sign-in failed) and `alternatives` (that sign-in)
 * show on the first step only.
 */

const HEADINGS: Record<LoginStep, { title: string; description: string }> = {
  password: { title: "Log in to your account", description: "Welcome back! Enter your email and password to continue learning." },
  code: {
    title: "Enter your authentication code",
    description: "Your account has two-factor sign-in on. Enter the code your authenticator app shows, or one of your backup codes.",
  },
  recovery: { title: "Lost your authenticator?", description: "Sign in with a backup code, or start a recovery by e-mail." },
};

type LoginCardProps = { aside: ReactNode; footer: ReactNode; notice?: ReactNode; alternatives?: ReactNode };

export function LoginCard({ aside, footer, notice, alternatives }: LoginCardProps) {
  const [step, setStep] = useState<LoginStep>("password");
  const { title, description } = HEADINGS[step];
  return (
    <AuthCard title={title} description={description} aside={aside} footer={footer}>
      {step === "password" ? notice : null}
      <LoginForm onStep={setStep} />
      {step === "password" ? alternatives : null}
    </AuthCard>
  );
}
