import { getEnv } from "../env";

/* What the model's calls cost, from the prices in the environment: generation's and the tutor's reports both show it. */

/** Both prices 0: a local model, shown as "no cost". */
export function pricesAreFree(): boolean {
  const env = getEnv();
  return env.OPENAI_PRICE_INPUT_PER_MTOK === 0 && env.OPENAI_PRICE_OUTPUT_PER_MTOK === 0;
}

/** Estimated cost in US dollars from the token counts (prices from the environment). */
export function estimateCost(promptTokens: number, completionTokens: number): number {
  const env = getEnv();
  const cost = (promptTokens * env.OPENAI_PRICE_INPUT_PER_MTOK + completionTokens * env.OPENAI_PRICE_OUTPUT_PER_MTOK) / 1_000_000;
  return Math.round(cost * 1e6) / 1e6;
}
