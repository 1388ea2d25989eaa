/** Refusals of follow and unfollow (subscriptions to users): errids 380–389. */
export const FOLLOW_ERRORS = {
  380: { status: 400, text: "Нельзя подписаться на самого себя" },
  381: { status: 409, text: "Вы уже подписаны на этого пользователя" },
  382: { status: 409, text: "Вы не подписаны на этого пользователя" },
} as const satisfies Record<number, { status: number; text: string }>;
