import { DurableObject } from "cloudflare:workers";

/**
 * One object per user (idFromName(userId)): daily quotas, the unread-notification counter
 * and the user's WebSockets. Minimal for now; the quotas and sockets come with their issue.
 */
export class UserHub extends DurableObject {
  async unread(): Promise<number> {
    return (await this.ctx.storage.get<number>("unread")) ?? 0;
  }
}
