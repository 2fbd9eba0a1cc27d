import { InlineCode, optionsAreCode, optionText } from "@/components/ui/inline-code";

/** How an option is marked once feedback is given: never by colour alone (icon and words too). */
export type OptionMark = "wrong" | "right";

/** The marks after feedback: every pick that is not the key is wrong; the key is right once shown (null until then). */
export function optionMarks(picks: readonly string[], correctAnswer: string | null): Partial<Record<string, OptionMark>> {
  const marks: Partial<Record<string, OptionMark>> = {};
  for (const pick of picks) if (pick !== correctAnswer) marks[pick] = "wrong";
  if (correctAnswer !== null) marks[correctAnswer] = "right";
  return marks;
}

const MARK_STYLE: Record<OptionMark, { box: string; icon: string; label: string; text: string }> = {
  wrong: { box: "border-red-600 bg-red-50", icon: "✗", label: "Your answer, incorrect", text: "text-red-800" },
  right: { box: "border-green-700 bg-green-50", icon: "✓", label: "Right answer", text: "text-green-800" },
};

/**
 * One question and its options as radio choices: the quiz and the review session ask the same way
 * (question as the legend, options in the code font when they are code). After feedback, the
 * learner's wrong pick and the right option are marked in place; marked or `locked` options
 * cannot be chosen.
 */
export function AnswerChoices({
  legendId,
  name,
  question,
  options,
  choice,
  onChoose,
  marks = {},
  locked = false,
}: {
  legendId: string;
  /** The radio group's name, unique per question so the browser does not carry a choice over. */
  name: string;
  question: string;
  options: string[];
  choice: string | null;
  onChoose: (option: string) => void;
  marks?: Partial<Record<string, OptionMark>>;
  /** The item is final: nothing more to choose. */
  locked?: boolean;
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
          const mark = marks[option];
          const style = mark ? MARK_STYLE[mark] : null;
          const disabled = locked || mark !== undefined;
          return (
            <label
              key={`${name}-${i}`}
              data-mark={mark}
              className={`flex min-h-12 flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border px-4 py-3 text-slate-900 transition has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600 ${
                style ? `border-2 ${style.box}` : selected ? "border-brand-600 bg-brand-50" : disabled ? "border-slate-200 text-slate-600" : "cursor-pointer border-slate-300 hover:border-slate-400 hover:bg-slate-50"
              }`}
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={selected}
                disabled={disabled}
                onChange={() => onChoose(option)}
                className="size-4 accent-brand-600"
              />
              <span className="min-w-0 flex-1">
                <InlineCode text={optionText(option, asCode)} />
              </span>
              {style ? (
                // On a phone the mark goes on its own line, so the option keeps the width it needs.
                <span className={`inline-flex w-full items-center gap-1 pl-7 text-sm font-semibold sm:w-auto sm:shrink-0 sm:pl-0 ${style.text}`}>
                  <span aria-hidden="true">{style.icon}</span> {style.label}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
