/**
 * Every island by name: the client entry loads an island's chunk only when a marked element of
 * that name hydrates. An island file is `*.island.tsx` with a default export (its component).
 */
export const ISLANDS = {
  "hello": () => import("./hello.island"),
} satisfies Record<string, () => Promise<{ default: React.ComponentType<any> }>>;

export type IslandName = keyof typeof ISLANDS;
