"use client";

import dynamic from "next/dynamic";

/**
 * The 'Select Your Interests' modal, its code (Radix Dialog included) loaded only when a learner
 * without interests is shown it: the dashboard's first-load JavaScript does not carry it otherwise.
 */
export const LazyInterestModal = dynamic(() => import("./interest-modal").then((m) => m.InterestModal));
