import "server-only";
import { createHighlighterCore, type HighlighterCore } from "shiki/core";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";
import { bundledLanguages } from "shiki/langs";
import githubDarkDefault from "shiki/themes/github-dark-default.mjs";
import githubLightDefault from "shiki/themes/github-light-default.mjs";
import { logger } from "@/lib/platform/log/logger";

/*
 * Server-side syntax highlighting with shiki's fine-grained core: a light and a dark theme, the
 * JavaScript regex engine (no WebAssembly), and each grammar imported only the first time a code
 * block in that language is rendered. Nothing here ships to the browser. Each token carries both
 * colours: the light one inline, the dark one as --shiki-dark, which app/globals.css applies under
 * the dark theme (prefers-color-scheme), so a code block follows the page instead of staying white.
 */

/** github-light-default: every token colour it uses for code is at least 4.5:1 on its white background. */
export const CODE_THEME = "github-light-default";
/** github-dark-default: the same on its near-black background. */
export const CODE_THEME_DARK = "github-dark-default";

const PLAIN = "text";

let highlighter: Promise<HighlighterCore> | undefined;

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({ themes: [githubLightDefault, githubDarkDefault], langs: [], engine: createJavaScriptRegexEngine() });
  return highlighter;
}

/** The grammar id for a fence's info string (`py` -> python), or "text" when shiki does not know it. */
export function languageId(info: string | undefined): string {
  const name = (info ?? "").trim().toLowerCase();
  return name && Object.hasOwn(bundledLanguages, name) ? name : PLAIN;
}

async function loadedLanguage(core: HighlighterCore, lang: string): Promise<string> {
  if (lang === PLAIN) return PLAIN;
  if (core.getLoadedLanguages().includes(lang)) return lang;
  try {
    await core.loadLanguage(bundledLanguages[lang as keyof typeof bundledLanguages]);
    return lang;
  } catch (error) {
    logger().error({ err: error, lang }, "markdown: could not load a grammar; showing plain text");
    return PLAIN;
  }
}

/*
 * The highlighter and the grammars most course code is written in, loaded in the background as
 * the production server starts (Next.js loads page modules at start): the first lesson after a
 * restart would otherwise wait for them, a second or more on a busy machine. Other languages
 * still load on first use.
 */
const COMMON_LANGUAGES = ["python", "javascript", "typescript", "sql", "bash", "java"];

if (process.env.NODE_ENV === "production" && process.env.NEXT_PHASE !== "phase-production-build") {
  void getHighlighter()
    .then((core) => Promise.all(COMMON_LANGUAGES.map((lang) => loadedLanguage(core, lang))))
    .catch((error: unknown) => logger().error({ err: error }, "markdown: could not load the highlighter at start"));
}

/*
 * Shiki stops tokenizing a line after tokenizeTimeLimit (500 ms by default) and leaves the rest
 * plain. The first line after a grammar loads pays for compiling its regular expressions, which on
 * a loaded 2-core machine took longer than that (an SQL block came out nearly uncoloured). Only the
 * first line after a load pays it, so a longer bound costs nothing after; a bound stays, against a
 * pathological line.
 */
const TOKENIZE_TIME_LIMIT_MS = 5_000;

/** The code as shiki's escaped `<pre class="shiki">` HTML, highlighted for the fence's language in both themes. */
export async function highlightCode(code: string, info: string | undefined): Promise<string> {
  const core = await getHighlighter();
  const lang = await loadedLanguage(core, languageId(info));
  return core.codeToHtml(code, { lang, themes: { light: CODE_THEME, dark: CODE_THEME_DARK }, defaultColor: "light", tokenizeTimeLimit: TOKENIZE_TIME_LIMIT_MS });
}
