/**
 * /profile/id{userid}/{tab}[/{sub}]: the same page as /profile/id{userid}, whose loader reads the
 * tab and sub from the params. Kept as an alias rather than made optional segments of that route:
 * renaming profile.$uid._index.tsx would change its route id, which tests/integration/profile.test.ts
 * names in a ?_data= request (the hidden profile's loader data).
 */
export { default, headers, loader, meta } from "./profile.$uid._index";
