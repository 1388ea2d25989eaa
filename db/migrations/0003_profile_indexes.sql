-- The profile's question subs (open, vote, resolve, deleted) list one user's questions of one state,
-- newest first (docs/decisions/0011-profile-page.md).
CREATE INDEX IF NOT EXISTS `questions_user_state_idx` ON `questions` (`user_id`,`state`,`added`);
