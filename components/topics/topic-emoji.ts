/** Topic cards cycle through a list of 10 emojis, chosen by topic id so a topic keeps its emoji. */
export const TOPIC_EMOJIS = ["📘", "💡", "🧠", "🚀", "🧪", "🎯", "🛠️", "📊", "🌍", "🎨"] as const;

/**
 * A topic's emoji, from its id (1 gets the first): the same topic keeps the same emoji wherever it
 * is shown and whatever topics are added or removed around it, still cycling through the ten.
 */
export function topicEmoji(topicId: number): string {
  const n = TOPIC_EMOJIS.length;
  return TOPIC_EMOJIS[(((Math.trunc(topicId) - 1) % n) + n) % n] ?? TOPIC_EMOJIS[0];
}
