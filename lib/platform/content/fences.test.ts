import { describe, expect, it } from "vitest";
import { fencesWithoutLanguage } from "./fences";

describe("fencesWithoutLanguage", () => {
  it("accepts fenced blocks that name their language", () => {
    const md = "Intro\n\n```python\nprint('hi')\n```\n\nMore\n\n~~~sql\nSELECT 1;\n~~~\n";
    expect(fencesWithoutLanguage(md)).toEqual([]);
  });

  it("reports the line of a fence without a language", () => {
    const md = "Intro\n\n```\nplain\n```\n";
    expect(fencesWithoutLanguage(md)).toEqual([3]);
  });

  it("reports a fence that is never closed", () => {
    expect(fencesWithoutLanguage("```bash\nls -la\n")).toEqual([1]);
  });

  it("does not mistake a closing fence for an opening one", () => {
    const md = "```js\nconst a = 1;\n```\ntext\n```ts\nlet b = 2;\n```";
    expect(fencesWithoutLanguage(md)).toEqual([]);
  });

  it("treats backticks inside a longer fence as content", () => {
    const md = "````markdown\n```\nnested\n```\n````";
    expect(fencesWithoutLanguage(md)).toEqual([]);
  });
});
