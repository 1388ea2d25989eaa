CREATE TABLE `brand_recommendations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`brand_id` integer NOT NULL,
	`qid` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` text DEFAULT 'N' NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `brand_recommendations_uq` ON `brand_recommendations` (`brand_id`,`qid`);--> statement-breakpoint
CREATE INDEX `brand_recommendations_list_idx` ON `brand_recommendations` (`brand_id`,`status`,`added`);--> statement-breakpoint
ALTER TABLE `users` ADD `fav_categories` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `questions_brand_state_idx` ON `questions` (`brand_id`,`state`,`added`);