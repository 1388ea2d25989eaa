CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`service` text NOT NULL,
	`target_id` integer NOT NULL,
	`params` text DEFAULT '{}' NOT NULL,
	`amount` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider` text NOT NULL,
	`provider_id` text,
	`idem_key` text NOT NULL,
	`confirmation_url` text,
	`settle_token` text,
	`granted` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_idem_uq` ON `payments` (`idem_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_uq` ON `payments` (`provider`,`provider_id`) WHERE provider_id is not null;--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`,`created_at`);