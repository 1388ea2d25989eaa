/** Refusals of the questions calls: errids 130–159. */
export const QUESTION_ERRORS = {} as const satisfies Record<number, { status: number; text: string }>;
