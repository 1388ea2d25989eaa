CREATE INDEX `best_votes_user_idx` ON `best_votes` (`user_id`,`qid`);--> statement-breakpoint
CREATE INDEX `poll_votes_user_idx` ON `poll_votes` (`user_id`,`qid`);