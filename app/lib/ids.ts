/**
 * Row ids across databases (docs/decisions/0059): DB numbers its rows from 1, and each thread
 * database THREADS_n from n × 10^12 (its block), so that no two databases give out one id and a row
 * keeps its id when its range moves. Within its block an id stays below 2^31, as DB's always were.
 */
export const ID_BLOCK = 1_000_000_000_000;

const IN_BLOCK_MAX = 2 ** 31 - 1;

/** The digits an id is written with in an address or a field: no leading zero, at most 16. */
export const ID_DIGITS = /^[1-9][0-9]{0,15}$/;

/** Whether `n` is an id some database may give out: a positive safe integer below 2^31 within its block. */
export function isRowId(n: number): boolean {
  return Number.isSafeInteger(n) && n > 0 && n % ID_BLOCK <= IN_BLOCK_MAX;
}
