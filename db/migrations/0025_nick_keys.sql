-- The keys of nicks and brand names as they look (app/models/users/nicks.server.ts nickKey): a new
-- account's nick may not look like a staff member's nick or a brand's name, and that is one look-up
-- of these indexes. SQL cannot compute a key (Unicode normalisation and the confusables table), so
-- the rows already stored keep NULL here until the worker fills them: the seeder at once, the cron
-- and `npm run db:migrate` for a store migrated with rows in it.
ALTER TABLE `users` ADD `nick_key` text;--> statement-breakpoint
CREATE INDEX `users_nick_key_idx` ON `users` (`nick_key`);--> statement-breakpoint
ALTER TABLE `brands` ADD `name_key` text;--> statement-breakpoint
ALTER TABLE `brands` ADD `person_key` text;--> statement-breakpoint
CREATE INDEX `brands_name_key_idx` ON `brands` (`name_key`);--> statement-breakpoint
CREATE INDEX `brands_person_key_idx` ON `brands` (`person_key`);