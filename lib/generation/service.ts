/*
 * Transitional: the generation service was split into commands (queue, retry, request), the
 * status of one course, and the admin's reports. Import from those; this file only keeps older
 * imports working.
 */
export * from "./commands";
export * from "./reports";
export * from "./status";
