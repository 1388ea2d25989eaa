import type { NamedCall } from "./define";

/** The comments named calls. */
export const commentCalls: Record<string, NamedCall> = {};
