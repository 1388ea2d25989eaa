import type { NamedCall } from "./define";

/** The questions named calls. */
export const questionCalls: Record<string, NamedCall> = {};
