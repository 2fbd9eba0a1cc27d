/** A search as a LIKE pattern piece: wildcards escaped, NULs (which PostgreSQL text cannot hold) dropped. */
export function escapeLike(value: string): string {
  return value.replaceAll("\0", "").replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%search%` for ILIKE: a substring match, the search's runs of white space read as one space. */
export function containsPattern(search: string): string {
  return `%${escapeLike(search.trim().replace(/\s+/g, " "))}%`;
}
