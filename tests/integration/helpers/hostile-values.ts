/**
 * What an attacker would send, for the hostile-input test: field values (already URL-encoded),
 * JSON values, whole bodies, session cookies that are not sessions and headers a client controls.
 */
/** Already URL-encoded: they go into a query string, a form body or a path segment as they are. */
export const RAW = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "%",
  "%E0%A4%A",
  "%00",
  "%FF%FE",
  "%ED%A0%80",
  "%0D%0ASet-Cookie:%20x=1",
  "",
  "NaN",
  "-1",
  "1.5",
  "1e309",
  "9007199254740993",
  "99999999999999999999999999999",
  "..%2F..%2Fetc%2Fpasswd",
  "%D0%B0dmin%EF%BC%91%E2%80%AE",
  "%22*%20OR%20%22'%20OR%201%3D1--",
  "%3Cconstructor%20__proto__%3D1%3E%3Ca%20href%3D%22javascript%3Ax%22%3Ex%3C%2Fa%3E",
];
/** A very long value: long enough to pass every text limit many times over (shorter in a query string). */
export const LONG = "%D1%8F".repeat(20_000);
export const LONG_QUERY = LONG.slice(0, 6_000);
/** The few values a field gets when its schema was already tried in full, and what a guest gets. */
export const FEW = ["__proto__", "constructor", "%", "%E0%A4%A", ""];

/** JSON values a JSON body may carry where a field's string is expected. */
const bomb = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
export const JSON_VALUES = [
  "[]",
  '["1","2"]',
  "{}",
  '{"toString":"x","valueOf":1}',
  '{"__proto__":{"polluted":1}}',
  "null",
  "true",
  "1e308",
  "-1",
  "1.5",
  "9007199254740993",
  '"constructor"',
  JSON.stringify("я".repeat(100_000)),
  JSON.stringify(Array.from({ length: 10_000 }, (_, i) => String(i + 1))),
  bomb(5_000),
];

/** Whole bodies of a POST, with their content types. */
export const BODIES: [string, string][] = [
  ["application/json", "{"],
  ["application/json", "[]"],
  ["application/json", "null"],
  ["application/json", bomb(100_000)],
  ["application/json", '{"__proto__":{"qid":"3","aid":"1"},"constructor":{"prototype":{"x":1}}}'],
  ["application/json; charset=utf-16", "\uFEFF{}"],
  ["multipart/form-data", "x"],
  ["multipart/form-data; boundary=zz", "--zz\r\nbroken"],
  ["application/x-www-form-urlencoded", "%=%&=&%FF=%FF"],
  ["application/x-www-form-urlencoded", "__proto__=1&__proto__[]=2&constructor=3&toString=4&__proto__[qid]=3"],
  ["text/plain", "qid=3"],
  ["", "qid=3"],
];
/** The bodies a page or the form door gets (the API door reads every one of BODIES the same way). */
export const PAGE_BODIES = BODIES.filter(([type, body]) => type !== "application/json" || body === "{");

/** Session cookies that are not sessions. */
export const COOKIES = ["sid=%", "sid=%E0%A4%A", "sid=__proto__", "=; ;;sid==", `sid=${"x".repeat(8_000)}`, "__proto__=1; constructor=2; sid=%FF"];

/** Headers a client controls. */
export const HEADERS: Record<string, string>[] = [
  { origin: "null" },
  { origin: "http://evil.example" },
  { origin: "%" },
  { "cf-connecting-ip": "__proto__" },
  { "cf-connecting-ip": "x".repeat(2_000) },
];
