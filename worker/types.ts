export type AppEnv = { Bindings: Env };
