"use client";

import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { scrollBehavior } from "@/client/motion";

/*
 * The tutor's message list follows the conversation (docs/tutor.md, "Following the conversation"):
 * while the learner is at its end, whatever comes (their question, the reply as it streams and as
 * its markdown renders, the guard's hint, a failure's Retry, a keyboard that takes half the screen)
 * keeps the end in view. A learner who scrolls up to read is left there; what arrives meanwhile
 * raises "New reply", and scrolling back to the end, or pressing it, follows again.
 *
 * Only a scroll upwards lets go. Being far from the end is not enough: content grows between a
 * scroll and its event (a scroll event comes a frame later), and markdown replacing the streamed
 * text or a Retry line makes the list taller with nothing new in the conversation's text, so
 * distance alone reads growth as the learner scrolling away. And a question the learner sends,
 * from wherever they were reading, starts following again (restart), or their question lands out
 * of sight.
 */

/** Within this many pixels of the end counts as at the end. */
const AT_END_PX = 32;

export type ConversationFollow = {
  /** The scrolling box and the content inside it (watched for size changes). */
  area: RefObject<HTMLDivElement | null>;
  content: RefObject<HTMLDivElement | null>;
  /** Something arrived below while the learner was reading further up. */
  newBelow: boolean;
  /** Back to following, at the end at once and after the next render: the learner asked something, or opened another conversation. */
  restart(): void;
  /** "New reply" pressed: down to the end (smoothly unless the learner asked for reduced motion), following again. */
  jump(): void;
  handlers: {
    onScroll(): void;
    onWheel(event: { deltaY: number }): void;
    onTouchStart(): void;
    onTouchEnd(): void;
  };
};

const distanceToEnd = (box: HTMLElement) => box.scrollHeight - box.scrollTop - box.clientHeight;

/** `activity` changes whenever the conversation shows something new (tutor-state.ts conversationActivity). */
export function useConversationFollow(activity: string): ConversationFollow {
  const area = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const lastTop = useRef(0);
  // A finger on the list: the learner may be about to scroll, so nothing moves it under them.
  const touching = useRef(false);
  const [newBelow, setNewBelow] = useState(false);
  // A restart asked for before the render that shows its conversation (another one opened).
  const restartAfterRender = useRef(false);

  const toEnd = useCallback((behavior: ScrollBehavior = "instant") => {
    const box = area.current;
    if (box && !touching.current) box.scrollTo({ top: box.scrollHeight, behavior });
  }, []);

  const follow = useCallback(
    (behavior?: ScrollBehavior) => {
      following.current = true;
      setNewBelow(false);
      toEnd(behavior);
    },
    [toEnd],
  );

  // A restart's state change may not render (nothing changed), so the next render can come much
  // later, after the learner has scrolled up again: only a restart still followed moves the list.
  useLayoutEffect(() => {
    if (!restartAfterRender.current) return;
    restartAfterRender.current = false;
    if (following.current) toEnd();
  });

  // Something new: followed, or (the learner reading above) announced by the pill, unless it is all in view anyway.
  useLayoutEffect(() => {
    const box = area.current;
    if (!box) return;
    if (following.current || distanceToEnd(box) <= AT_END_PX) follow();
    else setNewBelow(true);
  }, [activity, follow]);

  // Sizes change without new activity: markdown rendered in place of the streamed text, a Retry
  // line, the keyboard or a rotation resizing the list.
  useLayoutEffect(() => {
    const box = area.current;
    const inner = content.current;
    if (!box || !inner) return;
    const observer = new ResizeObserver(() => {
      if (following.current) toEnd();
    });
    observer.observe(box);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [toEnd]);

  const onScroll = useCallback(() => {
    const box = area.current;
    if (!box) return;
    const top = box.scrollTop;
    if (distanceToEnd(box) <= AT_END_PX) {
      following.current = true;
      setNewBelow(false);
    } else if (top < lastTop.current - 1) following.current = false;
    lastTop.current = top;
  }, []);

  return {
    area,
    content,
    newBelow,
    restart: useCallback(() => {
      restartAfterRender.current = true;
      follow();
    }, [follow]),
    jump: useCallback(() => follow(scrollBehavior()), [follow]),
    handlers: {
      onScroll,
      // A wheel turned up lets go at once, before a token arriving in the same frame pulls the list back down.
      onWheel: useCallback((event: { deltaY: number }) => {
        const box = area.current;
        if (event.deltaY < 0 && box && box.scrollHeight > box.clientHeight) following.current = false;
      }, []),
      onTouchStart: useCallback(() => {
        touching.current = true;
      }, []),
      onTouchEnd: useCallback(() => {
        touching.current = false;
        if (following.current) toEnd();
      }, [toEnd]),
    },
  };
}
