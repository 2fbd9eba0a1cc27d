import { AppError } from "./app-error";

/*
 * PostgreSQL text cannot hold a NUL character (the query fails), and an unpaired UTF-16
 * surrogate would be stored as U+FFFD, silently changing what the user sent. Both only come
 * from a broken or hostile client, so any parsed value containing one is refused with 422.
 */

const NUL_OR_LONE_SURROGATE = /[\0\p{Cs}]/u;

/** Throws 422 when any string in the value (at any depth) holds a NUL or a lone surrogate. */
export function assertCleanText(value: unknown): void {
  // Iterative, so a deeply nested value cannot overflow the stack.
  const pending: { value: unknown; path: string }[] = [{ value, path: "" }];
  while (pending.length) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === "string") {
      if (NUL_OR_LONE_SURROGATE.test(current)) {
        const message = `${path || "The text"} must not contain NUL characters or invalid Unicode.`;
        throw new AppError("invalid", message, { fields: [{ field: path || "body", message }] });
      }
    } else if (current && typeof current === "object") {
      for (const [key, child] of Object.entries(current)) pending.push({ value: child, path: path ? `${path}.${key}` : key });
    }
  }
}
