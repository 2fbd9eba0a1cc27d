"use client";

import { useEffect, useState } from "react";
import { call } from "@/client/api";
import type { CourseRequestView } from "@/lib/authoring/course-requests/responses";

/*
 * One request's state as the server has it (GET /course-requests/{id}): every 3 s while
 * it is planned or written, backing off on errors up to 30 s, paused while the tab is hidden; it
 * stops once the request is written, waiting for review or failed.
 */

const POLL_MS = 3000;
const MAX_POLL_MS = 30_000;

export const underWay = (view: CourseRequestView) => view.state === "planning" || view.state === "writing" || view.state === "review";

export function useRequestPoll(initial: CourseRequestView): [CourseRequestView, (next: CourseRequestView) => void] {
  const [view, setView] = useState(initial);
  const polling = underWay(view);
  useEffect(() => {
    if (!polling) return;
    let delay = POLL_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const poll = async () => {
      if (document.hidden) {
        timer = setTimeout(poll, POLL_MS);
        return;
      }
      try {
        const next = await call("GET /course-requests/:id", { params: { id: view.id }, fallback: "Could not check on your course.", signal: controller.signal });
        setView(next);
        if (underWay(next)) {
          delay = POLL_MS;
          timer = setTimeout(poll, delay);
        }
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
        delay = Math.min(delay * 2, MAX_POLL_MS);
        timer = setTimeout(poll, delay);
      }
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [polling, view.id]);
  return [view, setView];
}
