/**
 * The replicas section of `npm run bench` (BENCH_ONLY=replicas): the D1 round trips a signed-in
 * reader's pages make before their first byte, counted by worker/d1-stats.ts: all of them
 * (x-d1-roundtrips) and those in a row, each waiting for the one before (x-d1-serial). A reader
 * far from D1 pays one crossing per link of that chain (round trips sent together overlap), so
 * the goal, at most 2, is on the chain.
 */
const PAGES: [string, string][] = [
  ["question page", "/question/1"],
  ["question page, second page of answers", "/question/1?p=20"],
  ["index (all questions)", "/"],
  ["category page", "/categories/"],
  ["in voting", "/vote/"],
  ["own profile", "/myprofile"],
  ["own profile, answers", "/profile/id4/answers"],
  ["an answer's page", "/answer/1"],
  ["leaders", "/top/points/week/"],
  ["search", `/search/${encodeURIComponent("язык программирования")}`],
  ["settings", "/settings"],
  ["ask", "/ask"],
];

/** One line a page: its status and round trips before the first byte; then the worst of them. */
export async function signedInRoundTrips(base: string, cookie: string, category: string | null): Promise<string[]> {
  const pages = category ? PAGES.map(([n, p]): [string, string] => (p === "/categories/" ? [n, category] : [n, p])) : PAGES;
  const lines: string[] = [];
  let worst = 0;
  for (const [name, path] of pages) {
    // a redirect (own profile) is followed by hand: each response counts its own round trips
    let url = path;
    for (let hop = 0; hop < 3; hop++) {
      const res = await fetch(base + url, { headers: { cookie }, redirect: "manual" });
      await res.arrayBuffer();
      const trips = Number(res.headers.get("x-d1-serial") ?? Number.NaN);
      const all = res.headers.get("x-d1-roundtrips") ?? "n/a";
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, base);
        url = next.pathname + next.search;
        continue;
      }
      worst = Math.max(worst, Number.isNaN(trips) ? 0 : trips);
      lines.push(
        `  ${name.padEnd(40)} ${url.padEnd(30)} status ${res.status}, D1 round trips before the first byte: ${Number.isNaN(trips) ? "n/a" : trips} in a row (${all} in all)`,
      );
      break;
    }
  }
  lines.push(`  the most D1 round trips in a row before the first byte of a signed-in page: ${worst} (goal ≤ 2)`);
  return lines;
}
