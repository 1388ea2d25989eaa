import { DurableObject } from "cloudflare:workers";

/** One object per question: pushes new answers, comments and votes to its readers. Minimal for now. */
export class QuestionRoom extends DurableObject {
  async readers(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }
}
