/** Refusals of the comments calls: errids 200–299 (237 and 253 are in errors.ts). */
export const COMMENT_ERRORS = {} as const satisfies Record<number, { status: number; text: string }>;
