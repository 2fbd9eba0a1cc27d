/** Quiz text may mark code with backticks (`x // 2`): shown as code, everything else as plain text. */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/);
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <code key={i} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.9em] text-slate-900">
        {part}
      </code>
    ) : (
      part
    ),
  );
}

/**
 * Whether a question's options are code: the question shows code and every option is one token
 * ("3.5", "float", "fixup") or has no letters at all ("1, 2, 3, 4"). Then they are shown in the
 * code font, as the question's code is; sentences stay in the body font.
 */
export function optionsAreCode(question: string, options: readonly string[]): boolean {
  if (!/`[^`]+`/.test(question)) return false;
  return options.every((option) => !option.includes("`") && (/^\S+$/.test(option.trim()) || !/\p{L}/u.test(option)));
}

/** An option as InlineCode should show it: backticked when the options are code. */
export function optionText(option: string, asCode: boolean): string {
  return asCode ? `\`${option}\`` : option;
}
