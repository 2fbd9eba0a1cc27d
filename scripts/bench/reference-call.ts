import OpenAI from "openai";
import { CALIBRATION_TOKENS } from "../../tests/harness/fake-answers";

/**
 * The yardstick of the generation benchmark: one streamed call whose answer is exactly
 * CALIBRATION_TOKENS (1,000) tokens, on the same fake server and profile as the course.
 * Returns its wall time in ms.
 */
export async function timeOneCall(baseURL: string): Promise<number> {
  const openai = new OpenAI({ apiKey: "bench-key", baseURL, maxRetries: 0 });
  const started = performance.now();
  const stream = await openai.chat.completions.create({
    model: "fake-model",
    messages: [{ role: "user", content: "Task: calibration." }],
    max_tokens: CALIBRATION_TOKENS,
    stream: true,
    stream_options: { include_usage: true },
  });
  let tokens = 0;
  for await (const chunk of stream) tokens = chunk.usage?.completion_tokens ?? tokens;
  if (tokens !== CALIBRATION_TOKENS) throw new Error(`the reference call answered ${tokens} tokens, not ${CALIBRATION_TOKENS}`);
  return performance.now() - started;
}
