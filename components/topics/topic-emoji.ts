/** SPEC.md section 9: topic cards cycle through a list of 10 emojis. */
export const TOPIC_EMOJIS = ["📘", "💡", "🧠", "🚀", "🧪", "🎯", "🛠️", "📊", "🌍", "🎨"] as const;

/** The emoji for the card at `index` (0-based), cycling through TOPIC_EMOJIS. */
export function topicEmoji(index: number): string {
  const n = TOPIC_EMOJIS.length;
  return TOPIC_EMOJIS[((Math.trunc(index) % n) + n) % n] ?? TOPIC_EMOJIS[0];
}
