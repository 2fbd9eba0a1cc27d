/**
 * Fills `{{name}}` placeholders in a prompt template. Every placeholder must get a value and
 * every value must be used, so a template and its caller cannot drift apart silently.
 */
export function renderPrompt(template: string, variables: Record<string, string | number>): string {
  const used = new Set<string>();
  const text = template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
    const value = variables[name];
    if (value === undefined) throw new Error(`Prompt variable {{${name}}} has no value.`);
    used.add(name);
    return String(value);
  });
  const unused = Object.keys(variables).filter((name) => !used.has(name));
  if (unused.length) throw new Error(`Prompt variables not in the template: ${unused.join(", ")}.`);
  return text;
}

export type ChatMessage = { role: "system" | "user"; content: string };

/** A prompt: the system and user templates and the variables they take. */
export type PromptTemplate<V extends string> = { system: string; user: string; variables: readonly V[] };

export function buildMessages<V extends string>(prompt: PromptTemplate<V>, variables: Record<V, string | number>): ChatMessage[] {
  return [
    { role: "system", content: renderPrompt(prompt.system, {}) },
    { role: "user", content: renderPrompt(prompt.user, variables) },
  ];
}
