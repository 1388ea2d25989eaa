CREATE TABLE `ip_blocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`address` text NOT NULL,
	`moder_id` integer NOT NULL,
	`hours` integer NOT NULL,
	`reason` text NOT NULL,
	`added` integer NOT NULL,
	`until` integer NOT NULL,
	`lifted_at` integer,
	FOREIGN KEY (`moder_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ip_blocks_address_idx` ON `ip_blocks` (`address`,`until`);