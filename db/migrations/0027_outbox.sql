CREATE TABLE `applied_events` (
	`id` text PRIMARY KEY NOT NULL,
	`applied` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `applied_events_applied_idx` ON `applied_events` (`applied`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`target` text NOT NULL,
	`kind` text NOT NULL,
	`body` text NOT NULL,
	`created` integer NOT NULL,
	`sent` integer
);
--> statement-breakpoint
CREATE INDEX `outbox_sent_idx` ON `outbox` (`sent`,`created`);