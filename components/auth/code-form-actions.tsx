import Link from "next/link";
import { authLinkClasses } from "@/components/auth/auth-card";
import { buttonClasses } from "@/components/ui/button-classes";

export type CodeFormBusy = "verify" | "resend" | "done" | null;

/** The shared foot of both code screens: Verify Code (submit), Resend Code and Back to login. */
export function CodeFormActions({ busy, onResend }: { busy: CodeFormBusy; onResend: () => void }) {
  return (
    <>
      <div className="flex flex-col gap-3">
        <button type="submit" disabled={busy !== null} aria-busy={busy === "verify" || undefined} className={buttonClasses({ size: "lg", className: "w-full" })}>
          {busy === "verify" || busy === "done" ? "Verifying..." : "Verify Code"}
        </button>
        <button
          type="button"
          onClick={onResend}
          disabled={busy !== null}
          aria-busy={busy === "resend" || undefined}
          className={buttonClasses({ variant: "outline", size: "lg", className: "w-full" })}
        >
          {busy === "resend" ? "Sending..." : "Resend Code"}
        </button>
      </div>
      <p className="text-center text-sm">
        <Link href="/login" className={authLinkClasses}>
          Back to login
        </Link>
      </p>
    </>
  );
}
