import { ERR } from "../errids";
/** Refusals of follow and unfollow (subscriptions to users): errids 380–389. */
export const FOLLOW_ERRORS = {
  [ERR.followSelf]: { status: 400, text: "Нельзя подписаться на самого себя" },
  [ERR.alreadyFollowing]: { status: 409, text: "Вы уже подписаны на этого пользователя" },
  [ERR.notFollowing]: { status: 409, text: "Вы не подписаны на этого пользователя" },
  [ERR.notFollower]: { status: 409, text: "Этот пользователь не подписан на вас" },
} as const satisfies Record<number, { status: number; text: string }>;
