import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { levelForPoints } from "../../app/lib/levels";
import { GOD_EMAIL } from "../../db/seed/accounts";
import { DEMO_USERS } from "../../db/seed/seed";

const checks: [string, string][] = [
  [
    "a question's anscnt counts its visible answers",
    "select count(*) bad from questions q where anscnt != (select count(*) from answers a where a.qid=q.id and a.hidden=0)",
  ],
  [
    "every user's points equal the sum of his ledger",
    "select count(*) bad from users u where points != (select coalesce(sum(delta),0) from points_ledger l where l.user_id=u.id)",
  ],
  [
    "a poll's total_voted counts its voters",
    "select count(*) bad from questions q where poll_type is not null and total_voted != (select count(*) from poll_votes v where v.qid=q.id)",
  ],
  [
    "an answer's comcnt counts its visible comments",
    "select count(*) bad from answers a where comcnt != (select count(*) from comments c where c.ref_type='A' and c.ref_id=a.id and c.hidden=0)",
  ],
  [
    "a comment's comcnt counts its direct replies",
    "select count(*) bad from comments c where comcnt != (select count(*) from comments r where r.parent_id=c.id)",
  ],
  [
    "marks counters match the marks",
    "select count(*) bad from answers a where totalmarks != (select count(*) from marks m where m.target_type='A' and m.target_id=a.id)",
  ],
  [
    "an answer's rating counts its best-answer votes",
    "select count(*) bad from answers a where rating != (select count(*) from best_votes b where b.answer_id=a.id)",
  ],
  [
    "a category's qcount counts its visible questions",
    "select count(*) bad from categories c where qcount != (select count(*) from questions q where (q.category_id=c.id or q.top_category_id=c.id) and q.hidden=0)",
  ],
  ["nobody answers his own question", "select count(*) bad from answers a join questions q on q.id=a.qid where a.user_id=q.user_id"],
  [
    "a resolved question with answers has exactly one best answer",
    "select count(*) bad from questions q where q.state='R' and q.poll_type is null and q.anscnt>0 and (select count(*) from answers a where a.qid=q.id and a.best=1) != 1",
  ],
  ["a deleted question is hidden and says who deleted it", "select count(*) bad from questions where state='D' and (hidden != 1 or deleted_by is null)"],
];

describe("the demo data", () => {
  for (const [name, sql] of checks) {
    it(name, async () => {
      expect(await env.DB.prepare(sql).first("bad")).toBe(0);
    });
  }

  it("every level is followed by points", async () => {
    const rows = await env.DB.prepare("select points, lvl from users").all<{ points: number; lvl: number }>();
    for (const r of rows.results) expect(r.lvl).toBe(levelForPoints(r.points).id);
  });

  it("has the demo accounts, a volunteer moderator, a god-level user, a banned user and a brand with an expert and an admin", async () => {
    const emails = (await env.DB.prepare("select email from users where email like '%@demo.local'").all<{ email: string }>()).results.map((r) => r.email);
    for (const d of DEMO_USERS) expect(emails).toContain(d.email);
    const moder = await env.DB.prepare("select type, permissions, banduration from users where email='moder@demo.local'").first<{
      type: string;
      permissions: string;
      banduration: number;
    }>();
    expect(moder!.type).toBe("volonter");
    expect(JSON.parse(moder!.permissions)).toHaveLength(8);
    expect(moder!.banduration).toBe(43200);
    const god = await env.DB.prepare("select type, permissions from users where email = ?").bind(GOD_EMAIL).first<{ type: string; permissions: string }>();
    expect(god).toEqual({ type: "", permissions: '["god"]' });
    const banned = await env.DB.prepare("select banned_until from users where email='banned@demo.local'").first<number>("banned_until");
    expect(banned).toBeGreaterThan(Date.now() + 71 * 3600_000);
    const roles = await env.DB.prepare("select u.email, m.role from brand_members m join users u on u.id=m.user_id order by m.role").all();
    expect(roles.results).toEqual([
      { email: "brandadmin@demo.local", role: "admin" },
      { email: "expert@demo.local", role: "expert" },
    ]);
  });

  it("has questions in every state, polls of both kinds and the adult and special categories", async () => {
    const states = (await env.DB.prepare("select distinct state from questions order by state").all<{ state: string }>()).results.map((r) => r.state);
    expect(states).toEqual(["A", "D", "R", "V"]);
    const polls = (await env.DB.prepare("select distinct poll_type p from questions where poll_type is not null order by p").all<{ p: string }>()).results.map(
      (r) => r.p,
    );
    expect(polls).toEqual(["C", "S"]);
    const cats = await env.DB.prepare("select id, adult, special from categories where id in (13, 601, 2024) or special is not null order by id").all();
    expect(cats.results).toContainEqual({ id: 13, adult: 1, special: null });
    expect(cats.results.map((c) => c.special)).toEqual(expect.arrayContaining(["golden", "smstop", "nosmoking", "newcomers"]));
  });
});
