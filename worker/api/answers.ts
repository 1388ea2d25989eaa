import type { NamedCall } from "./define";

/** The answers named calls. */
export const answerCalls: Record<string, NamedCall> = {};
