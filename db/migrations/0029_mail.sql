CREATE TABLE `mail_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`email` text NOT NULL,
	`kind` text NOT NULL,
	`ref` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`provider` text NOT NULL,
	`provider_id` text,
	`added` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_log_once_idx` ON `mail_log` (`user_id`,`kind`,`ref`);--> statement-breakpoint
CREATE INDEX `mail_log_added_idx` ON `mail_log` (`added`);--> statement-breakpoint
CREATE TABLE `mail_suppressions` (
	`email` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`added` integer NOT NULL
);
