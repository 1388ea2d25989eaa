-- The effects a write of a thread leaves for another database (the users' points, counters,
-- notifications): the same outbox as the site database's, written in the thread's own batch and
-- sent to the effects queue after the response (docs/decisions/0055).
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
