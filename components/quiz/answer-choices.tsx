import { InlineCode, optionsAreCode, optionText } from "@/components/ui/inline-code";

/**
 * One question and its options as radio choices: the quiz and the review session ask the same way
 * (question as the legend, options in the code font when they are code).
 */
export function AnswerChoices({
  legendId,
  name,
  question,
  options,
  choice,
  onChoose,
}: {
  legendId: string;
  /** The radio group's name, unique per question so the browser does not carry a choice over. */
  name: string;
  question: string;
  options: string[];
  choice: string | null;
  onChoose: (option: string) => void;
}) {
  const asCode = optionsAreCode(question, options);
  return (
    <fieldset className="mt-2">
      <legend id={legendId} className="text-xl font-semibold text-slate-900">
        <InlineCode text={question} />
      </legend>
      <div role="radiogroup" aria-labelledby={legendId} className="mt-5 space-y-3">
        {options.map((option, i) => {
          const selected = choice === option;
          return (
            <label
              key={`${name}-${i}`}
              className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-slate-900 transition has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600 ${selected ? "border-brand-600 bg-brand-50" : "border-slate-300 hover:border-slate-400 hover:bg-slate-50"}`}
            >
              <input type="radio" name={name} value={option} checked={selected} onChange={() => onChoose(option)} className="size-4 accent-brand-600" />
              <span>
                <InlineCode text={optionText(option, asCode)} />
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
