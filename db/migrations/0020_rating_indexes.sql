DROP INDEX `questions_rating_idx`;--> statement-breakpoint
CREATE INDEX `questions_cat_rating_idx` ON `questions` (`category_id`,`state`,`totalmarks`,`added`);--> statement-breakpoint
CREATE INDEX `questions_rating_idx` ON `questions` (`top_category_id`,`state`,`totalmarks`,`added`);