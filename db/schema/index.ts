export * from "./users";
export * from "./categories";
export * from "./questions";
export * from "./activity";
export * from "./payments";
export * from "./ads";
export * from "./effects";
export * from "./ranges";
