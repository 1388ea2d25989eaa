CREATE INDEX `captchas_expires_idx` ON `captchas` (`expires_at`);--> statement-breakpoint
CREATE INDEX `login_attempts_added_idx` ON `login_attempts` (`added`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `sessions_revoked_idx` ON `sessions` (`revoked_at`);