/**
 * One value per isolate under `name`, made by `make` on first use. The worker's bundle and Remix's
 * server build each hold a copy of the app's modules, so a value made at a module's top level is one
 * per copy; this one hangs on the isolate's global object under a `Symbol.for` key both copies share.
 */
export function isolateValue<T>(name: string, make: () => T): T {
  const key = Symbol.for(name);
  const isolate = globalThis as { [key: symbol]: unknown };
  if (!(key in isolate)) isolate[key] = make();
  return isolate[key] as T;
}
