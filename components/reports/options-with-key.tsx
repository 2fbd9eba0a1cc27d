import { InlineCode } from "@/components/ui/inline-code";

/** A quiz item's options for admins, its key marked in words and colour (the reports queue, the review screen). */
export function OptionsWithKey({ options, answer, className = "mt-3" }: { options: string[]; answer: string | null; className?: string }) {
  return (
    <ul className={`${className} space-y-1 text-sm`} aria-label="Options">
      {options.map((option) => (
        <li key={option} className={option === answer ? "font-semibold text-green-800" : "text-slate-700"}>
          {option === answer ? <span>✓ Key: </span> : <span aria-hidden="true">· </span>}
          <InlineCode text={option} />
        </li>
      ))}
    </ul>
  );
}
