/*
 * The JSON object in a model's answer. Reasoning models, and small models in JSON mode, often
 * think aloud before the object (a <think> block or plain prose) or wrap it in a ```json fence.
 * The answer is the whole text when that parses; else the object that starts at the earliest
 * brace from which the rest of the text (up to its last closing brace) parses, so braces in the
 * reasoning do not count. Nothing is guessed: text with no such object is not valid JSON.
 */

const THINKING = /<think>[\s\S]*?<\/think>/gi;

/**
 * A reasoning model's `<think>` block at the start of its content, apart from its answer. A block
 * never closed (the model ran out of tokens while thinking) is all thinking and no answer.
 */
export function splitThinking(text: string): { thinking: string; answer: string } {
  const start = text.trimStart();
  if (!start.toLowerCase().startsWith("<think>")) return { thinking: "", answer: text };
  const close = start.toLowerCase().indexOf("</think>");
  if (close === -1) return { thinking: start.slice("<think>".length), answer: "" };
  return { thinking: start.slice("<think>".length, close), answer: start.slice(close + "</think>".length).trim() };
}

/** The parsed JSON of an answer; throws SyntaxError when it holds no JSON object. */
export function parseJsonAnswer(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const body = text.replace(THINKING, " ");
    const end = body.lastIndexOf("}");
    for (let start = body.indexOf("{"); start >= 0 && start < end; start = body.indexOf("{", start + 1)) {
      try {
        return JSON.parse(body.slice(start, end + 1));
      } catch {
        // not an object from here: try the next brace
      }
    }
    throw error;
  }
}
