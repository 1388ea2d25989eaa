/**
 * The island wrapper (docs/decisions/0019-islands.md). On the server it renders its component
 * inside an <otv-island> element that carries the island's name, its props as JSON and when to
 * hydrate; the first island of a page also writes the one module script of the client entry
 * (app/islands/client.ts). In the browser the entry hydrates each marked element with
 * hydrateRoot, loading only that island's chunk — or, for a plain island (a module with `mount`
 * instead of a component), runs it on the server's markup without loading React at all. A page
 * without islands ships no island JavaScript.
 */
import { createContext, useContext, type ComponentType } from "react";
import type { IslandName } from "./names";
import { islandEntryUrl } from "./manifest";

/** visible: when it scrolls near the viewport; idle: when the browser is idle; load: at once. Any island also hydrates when touched (pointer, focus). */
export type HydrateWhen = "visible" | "idle" | "load";

/** One per rendered document: whether the entry script was already written. */
export type IslandPage = { entryWritten: boolean };
export const IslandPageContext = createContext<IslandPage | null>(null);

/** Writes the client entry's module script, once per page (the first island, or a need-auth marker, asks). */
export function IslandEntry() {
  const page = useContext(IslandPageContext);
  if (page === null || page.entryWritten) return null;
  page.entryWritten = true;
  return <script type="module" src={islandEntryUrl()} async />;
}

/**
 * An element guests may not use (`data-need-auth`): for a guest, a click opens the sign-in
 * dialog instead (the entry's delegated handler); without JavaScript the element does what its
 * markup says (a link to the sign-in page, say).
 */
export function needAuth(signedIn: boolean): { "data-need-auth"?: "" } {
  return signedIn ? {} : { "data-need-auth": "" };
}

/**
 * An island: `of` renders its server markup (a React island's component, or the markup a plain
 * island takes over; none when the island draws everything itself, as the survey banner does).
 */
export function Island<P extends object>({
  name,
  of: Component,
  props,
  when = "visible",
}: {
  name: IslandName;
  of?: ComponentType<P>;
  props: P;
  when?: HydrateWhen;
}) {
  return (
    <>
      <IslandEntry />
      <otv-island name={name} when={when} props={JSON.stringify(props)}>
        {Component ? <Component {...props} /> : null}
      </otv-island>
    </>
  );
}

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "otv-island": { name: string; when: string; props: string; children?: React.ReactNode };
    }
  }
}
