/** Sends bodies to a queue in batches of at most 100 messages (what one sendBatch takes). */
export async function sendAll<T>(queue: Queue<T>, bodies: readonly T[]): Promise<void> {
  for (let i = 0; i < bodies.length; i += 100) await queue.sendBatch(bodies.slice(i, i + 100).map((body) => ({ body })));
}
