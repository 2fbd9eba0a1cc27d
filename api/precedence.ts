/*
 * Which of two route paths wins when both match a request: the one whose first differing segment
 * is static (`/users/me` before `/users/:id`, `/users/update/:id` before `/users/:id/selected-topics`),
 * the rule Next.js applies. Paths of different lengths never match the same request (no catch-alls).
 */

const isParameter = (segment: string) => segment.startsWith(":");

export function comparePrecedence(a: string, b: string): number {
  const left = a.split("/");
  const right = b.split("/");
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const difference = Number(isParameter(left[i]!)) - Number(isParameter(right[i]!));
    if (difference !== 0) return difference;
  }
  return 0;
}

export function byPrecedence<T extends { path: string }>(routes: readonly T[]): T[] {
  return [...routes].sort((a, b) => comparePrecedence(a.path, b.path));
}
