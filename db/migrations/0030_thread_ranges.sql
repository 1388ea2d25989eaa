CREATE TABLE `range_move_log` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tbl` text NOT NULL,
	`rid` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `range_moves` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`first_id` integer NOT NULL,
	`last_id` integer NOT NULL,
	`source` text NOT NULL,
	`target` text NOT NULL,
	`stage` text NOT NULL,
	`table_index` integer DEFAULT 0 NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`log_seen` integer DEFAULT 0 NOT NULL,
	`copied` integer DEFAULT 0 NOT NULL,
	`replayed` integer DEFAULT 0 NOT NULL,
	`started` integer NOT NULL,
	`frozen_at` integer,
	`flipped_at` integer,
	`finished` integer
);
--> statement-breakpoint
CREATE INDEX `range_moves_stage_idx` ON `range_moves` (`stage`);--> statement-breakpoint
CREATE TABLE `thread_ranges` (
	`first_id` integer PRIMARY KEY NOT NULL,
	`binding` text NOT NULL,
	`frozen_until` integer DEFAULT 0 NOT NULL
);
