ALTER TABLE `users` ADD `tour_welcome` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `tour_points` integer DEFAULT 1 NOT NULL;