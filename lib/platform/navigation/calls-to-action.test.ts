import { describe, expect, it } from "vitest";
import { publicTopicHref, startLearningHref } from "./calls-to-action";

describe("the public pages' calls to action", () => {
  it("ask a visitor to sign up", () => {
    expect(startLearningHref(null)).toBe("/signup");
    expect(publicTopicHref(null, 7)).toBe("/signup");
  });

  it("send a learner to their dashboard, and a topic card to that topic's courses", () => {
    expect(startLearningHref("user")).toBe("/dashboard");
    expect(publicTopicHref("user", 7)).toBe("/dashboard/topics/7");
  });

  it("send an admin to the admin area", () => {
    expect(startLearningHref("admin")).toBe("/admin");
    expect(publicTopicHref("admin", 7)).toBe("/admin");
  });
});
