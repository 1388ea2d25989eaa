ALTER TABLE `photos` ADD `mime` text DEFAULT 'image/jpeg' NOT NULL;--> statement-breakpoint
ALTER TABLE `photos` ADD `target_type` text;--> statement-breakpoint
ALTER TABLE `photos` ADD `target_id` integer;--> statement-breakpoint
ALTER TABLE `photos` ADD `qid` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `photos_src_uq` ON `photos` (`src`);--> statement-breakpoint
CREATE INDEX `photos_target_idx` ON `photos` (`target_type`,`target_id`,`id`);