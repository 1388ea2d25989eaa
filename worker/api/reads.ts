import type { NamedCall } from "./define";

/** The reads named calls. */
export const readCalls: Record<string, NamedCall> = {};
