/** Refusals of the answers calls: errids 160–199 (166 and 181 are in errors.ts). */
export const ANSWER_ERRORS = {} as const satisfies Record<number, { status: number; text: string }>;
