import { Hono } from "hono";
import type { AppEnv } from "../types";

/**
 * The named-call door: /api/v2/{name}, /api/notify/{name}, /api/slow/{name}.
 * Every reply is the envelope {status, errid?, on_moderation?, id?, …}.
 * No calls are registered yet; an unknown name replies 404 with 'undefined url'.
 */
export const api = new Hono<AppEnv>();

api.all("/:door{v2|notify|slow|search}/:name", (c) => c.json({ status: 404, errid: 404, error: "undefined url" }, 404));
api.all("*", (c) => c.json({ status: 404, errid: 404, error: "undefined url" }, 404));
