import fs from "node:fs";
import { PID_FILE, stopGroupAndWait } from "./global-setup";

/** Stops the `wrangler dev` started by global-setup.ts (its whole process group). */
export default async function globalTeardown() {
  if (!fs.existsSync(PID_FILE)) return;
  const pid = Number(fs.readFileSync(PID_FILE, "utf8"));
  fs.rmSync(PID_FILE, { force: true });
  if (Number.isInteger(pid) && pid > 1) await stopGroupAndWait(pid);
}
