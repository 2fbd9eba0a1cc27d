/* The types of areas.mjs, which eslint.config.mjs reads as plain JavaScript. */
export declare const AREAS: readonly string[];
export declare const TOOLKITS: readonly string[];
