import fs from "node:fs";
import { stopGroupAndWait } from "../bundle-server";
import { LOG_FILE, PID_FILE } from "./global-setup";

/**
 * What in the server's log says the runtime failed rather than a client leaving: an uncaught
 * error, an error Miniflare logged. A closed socket (broken pipe, reset) is a client's doing.
 */
const RUNTIME_TROUBLE = /Uncaught|mf:error|\bERROR\b(?!.*(Broken pipe|Connection reset))/;

/** Stops the server started by global-setup.ts (its whole process group) and names the runtime's troubles of the run. */
export default async function globalTeardown() {
  if (!fs.existsSync(PID_FILE)) return;
  const pid = Number(fs.readFileSync(PID_FILE, "utf8"));
  fs.rmSync(PID_FILE, { force: true });
  if (Number.isInteger(pid) && pid > 1) await stopGroupAndWait(pid);
  if (!fs.existsSync(LOG_FILE)) return;
  const trouble = fs
    .readFileSync(LOG_FILE, "utf8")
    .split("\n")
    .filter((line) => RUNTIME_TROUBLE.test(line));
  if (trouble.length > 0) {
    console.log(`the server logged ${trouble.length} runtime troubles (${LOG_FILE}); the last:`);
    for (const line of trouble.slice(-10)) console.log(`  ${line.slice(0, 300)}`);
  }
}
