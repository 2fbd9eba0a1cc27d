// A topic's length limits, apart from the schema (topics.ts) so the admin's form can size its
// fields without loading zod on the page; the schema loads on the form's first focus.
export const TOPIC_TITLE_MAX = 120;
export const TOPIC_DESCRIPTION_MAX = 2000;
