import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { authLinkClasses } from "@/components/auth/auth-card";
import { FormAlert } from "@/components/auth/form-field";
import { LoginCard } from "@/components/auth/login-card";
import { OidcButton } from "@/components/auth/oidc-button";
import { getPageCaller } from "@/lib/accounts/auth/page";
import { TWO_FACTOR_SIGN_IN_MESSAGE, TWO_FACTOR_SIGN_IN_REQUIRED } from "@/lib/accounts/auth/second-factor-gate";
import { getEnv } from "@/lib/platform/env";

export const metadata: Metadata = {
  title: "Login",
  description: "Log in to LearnPath to continue your personalised courses, quizzes and progress.",
};

const highlights = [
  "Courses written for the topics you chose",
  "A quiz at the end of every section",
  "Progress saved as you read",
];

function WelcomePanel() {
  return (
    <div className="flex w-full flex-col justify-center rounded-2xl bg-brand-700 p-10 text-white">
      <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">Welcome back</p>
      <h2 className="mt-3 text-3xl font-bold tracking-tight">Pick up right where you left off.</h2>
      <p className="mt-4 text-brand-50">
        Your learning path is waiting: the next section, the next quiz, the next level.
      </p>
      <ul className="mt-8 space-y-3">
        {highlights.map((item) => (
          <li key={item} className="flex items-start gap-3">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 fill-brand-100">
              <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-1.2 12.1-3.5-3.5 1.3-1.3 2.2 2.2 4.6-4.6 1.3 1.3-5.9 5.9Z" />
            </svg>
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

// Whether organisation sign-in shows depends on the server's environment, read per request.
export const dynamic = "force-dynamic";

const OIDC_FAILED = "Sign-in with your organisation did not work. Ask your administrator, or log in with your email and password.";

/** Why the organisation sign-in sent the browser back here (?error=): our own wording, never the URL's text. */
function oidcFailure(error: string): string {
  return error === TWO_FACTOR_SIGN_IN_REQUIRED ? TWO_FACTOR_SIGN_IN_MESSAGE : OIDC_FAILED;
}

type LoginSearch = { continue?: string; error?: string };

export default async function LoginPage({ searchParams }: { searchParams: Promise<LoginSearch> }) {
  const search = await searchParams;
  // Back from the organisation's sign-in (OpenID Connect): on to the role's home.
  if (search.continue) {
    const caller = await getPageCaller();
    if (caller) redirect(caller.role === "admin" ? "/admin" : "/dashboard");
  }
  const env = getEnv();
  const oidcLabel = env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET ? env.OIDC_BUTTON_LABEL : null;

  return (
    <LoginCard
      aside={<WelcomePanel />}
      footer={
        <>
          Don&apos;t have an account?{" "}
          <Link href="/signup" className={authLinkClasses}>
            Sign up
          </Link>
        </>
      }
      notice={search.error ? <FormAlert message={oidcFailure(search.error)} /> : null}
      alternatives={
        oidcLabel ? (
          <div className="mt-6 space-y-4">
            <p className="text-center text-sm text-slate-500">or</p>
            <OidcButton label={oidcLabel} />
          </div>
        ) : null
      }
    />
  );
}
