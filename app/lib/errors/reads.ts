/** Refusals of the reads calls: errids 300–349. */
export const READ_ERRORS = {} as const satisfies Record<number, { status: number; text: string }>;
