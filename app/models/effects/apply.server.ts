/**
 * The queue's consumer (decision 0055): each effect is applied in its database in one batch with
 * the record that it was, so a delivery after a failure half-way, or a second delivery of one
 * event, finds it applied entirely or not at all, and never counts it twice.
 */
import { sql } from "drizzle-orm";
import { envOn } from "../core/databases.server";
import { dbOf, schema, valuesOf } from "../core/db.server";
import { announce } from "../notifications/push.server";
import { type NotifyEffect, notifyRows } from "../notifications/create.server";
import { type CounterEffect, counterRows } from "../users/counters.server";
import { type QcountEffect, qcountRows } from "../categories/counts.server";
import { type PointsEffect, pointsRows } from "../users/points.server";
import { type MirrorEffect, mirrorRows } from "./mirror.server";
import { EFFECT_KINDS, type EffectMessage } from "./outbox.server";

/** The statements of one effect in its database's env: one rule per kind. */
async function effectRows(env: Env, m: EffectMessage) {
  switch (m.kind) {
    case "points":
      return pointsRows(env, m.body as PointsEffect);
    case "notify":
      return notifyRows(env, m.body as NotifyEffect);
    case "counter":
      return counterRows(env, m.body as CounterEffect);
    case "qcount":
      return qcountRows(env, m.body as QcountEffect);
    case "mirror":
      return mirrorRows(env, m.body as MirrorEffect);
  }
}

function isEffect(body: unknown): body is EffectMessage {
  const m = body as EffectMessage | null;
  return typeof m?.id === "string" && typeof m.target === "string" && EFFECT_KINDS.includes(m.kind) && typeof m.body === "object";
}

/**
 * Applies a batch of the queue's messages: per database one read of which events it has applied
 * already, then each new one in its own batch. A message is acknowledged once its effect is in
 * (or was already), and retried when its batch failed (the queue sends it again, then to the
 * dead-letter queue). Returns how many were applied now.
 */
export async function applyEffects(env: Env, batch: MessageBatch<unknown>, now: number): Promise<number> {
  const byTarget = new Map<string, Message<EffectMessage>[]>();
  for (const m of batch.messages) {
    if (!isEffect(m.body)) {
      console.error("effects: a message of no known kind", m.id);
      m.retry();
      continue;
    }
    const list = byTarget.get(m.body.target) ?? [];
    list.push(m as Message<EffectMessage>);
    byTarget.set(m.body.target, list);
  }
  let applied = 0;
  for (const [target, messages] of byTarget) {
    const on = envOn(env, target);
    if (!on) {
      console.error(`effects: no database bound as ${target}`);
      for (const m of messages) m.retry();
      continue;
    }
    const db = dbOf(on);
    const a = schema.appliedEvents;
    const done = new Set(
      (
        await db
          .select({ id: a.id })
          .from(a)
          .where(sql`${a.id} IN (${valuesOf(messages.map((m) => m.body.id))})`)
      ).map((r) => r.id),
    );
    for (const m of messages) {
      if (done.has(m.body.id)) {
        m.ack();
        continue;
      }
      try {
        // the record first: a delivery racing this one fails on its key and is retried, then finds it applied
        const results = await db.batch([db.insert(a).values({ id: m.body.id, applied: now }), ...(await effectRows(on, m.body))]);
        done.add(m.body.id);
        applied++;
        m.ack();
        await announce(on, results);
      } catch (e) {
        console.error(`effects: event ${m.body.id} for ${target} failed, retried`, e);
        m.retry();
      }
    }
  }
  return applied;
}
