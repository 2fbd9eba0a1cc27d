/**
 * An e-mail address that wraps only where a reader expects it to: before the "@" and before each
 * "." (word-break hints), never mid-word as `break-all` did ("newbie1@example.co / m").
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={`[overflow-wrap:normal] break-normal ${className ?? ""}`}>
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </span>
      ))}
    </span>
  );
}
