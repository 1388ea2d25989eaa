CREATE TABLE `blacklist` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blacklist_uq` ON `blacklist` (`owner_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `captchas` (
	`id` text PRIMARY KEY NOT NULL,
	`answer_hash` text NOT NULL,
	`user_id` integer,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE TABLE `follows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`follower_id` integer NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `follows_uq` ON `follows` (`follower_id`,`target_type`,`target_id`);--> statement-breakpoint
CREATE INDEX `follows_target_idx` ON `follows` (`target_type`,`target_id`,`added`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`ip` text NOT NULL,
	`ok` integer NOT NULL,
	`added` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_attempts_email_idx` ON `login_attempts` (`email`,`added`);--> statement-breakpoint
CREATE INDEX `login_attempts_ip_idx` ON `login_attempts` (`ip`,`added`);--> statement-breakpoint
CREATE TABLE `points_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`ref_type` text,
	`ref_id` integer,
	`added` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `points_ledger_user_idx` ON `points_ledger` (`user_id`,`added`);--> statement-breakpoint
CREATE INDEX `points_ledger_added_idx` ON `points_ledger` (`added`,`user_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`salt` text NOT NULL,
	`api_token` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_uq` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nick` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`lvl` integer DEFAULT 1 NOT NULL,
	`kpd` integer DEFAULT 0 NOT NULL,
	`vip` integer DEFAULT 0 NOT NULL,
	`vip_until` integer,
	`banned_until` integer,
	`ban_permanent` integer DEFAULT 0 NOT NULL,
	`ban_reason` text,
	`type` text DEFAULT '' NOT NULL,
	`permissions` text DEFAULT '[]' NOT NULL,
	`volcats` text DEFAULT '[]' NOT NULL,
	`banduration` integer DEFAULT 0 NOT NULL,
	`is_god` integer DEFAULT 0 NOT NULL,
	`hidden` integer DEFAULT 0 NOT NULL,
	`gender` text DEFAULT 'other' NOT NULL,
	`filin` text,
	`is_adult` integer DEFAULT 0 NOT NULL,
	`notify` integer DEFAULT 1 NOT NULL,
	`notify_interval` integer DEFAULT 10 NOT NULL,
	`notify_settings` text DEFAULT '{}' NOT NULL,
	`premoderated` integer DEFAULT 0 NOT NULL,
	`welcome_flags` text DEFAULT '{}' NOT NULL,
	`welcome_bonus` integer DEFAULT 0 NOT NULL,
	`last_visit_day` integer DEFAULT 0 NOT NULL,
	`questions_count` integer DEFAULT 0 NOT NULL,
	`answers_count` integer DEFAULT 0 NOT NULL,
	`best_count` integer DEFAULT 0 NOT NULL,
	`direct_count` integer DEFAULT 0 NOT NULL,
	`followers` integer DEFAULT 0 NOT NULL,
	`following` integer DEFAULT 0 NOT NULL,
	`watchcnt` integer DEFAULT 0 NOT NULL,
	`black_cnt` integer DEFAULT 0 NOT NULL,
	`user_money` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_points_idx` ON `users` (`points`);--> statement-breakpoint
CREATE INDEX `users_answers_idx` ON `users` (`answers_count`);--> statement-breakpoint
CREATE INDEX `users_best_idx` ON `users` (`best_count`);--> statement-breakpoint
CREATE TABLE `brand_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`brand_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `brand_members_uq` ON `brand_members` (`brand_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `brand_members_user_idx` ON `brand_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `brands` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`urlname` text NOT NULL,
	`name` text NOT NULL,
	`person_name` text DEFAULT '' NOT NULL,
	`person_text` text DEFAULT '' NOT NULL,
	`person_image` text,
	`logo` text,
	`url` text,
	`category_id` integer,
	`premoderated` integer DEFAULT 0 NOT NULL,
	`followers` integer DEFAULT 0 NOT NULL,
	`qst` integer DEFAULT 0 NOT NULL,
	`ans` integer DEFAULT 0 NOT NULL,
	`kpd` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `brands_urlname_uq` ON `brands` (`urlname`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY NOT NULL,
	`parent_id` integer,
	`name` text NOT NULL,
	`urlname` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`readonly` integer DEFAULT 0 NOT NULL,
	`hidden` integer DEFAULT 0 NOT NULL,
	`adult` integer DEFAULT 0 NOT NULL,
	`special` text,
	`premoderated` integer DEFAULT 0 NOT NULL,
	`rb_code` text,
	`qcount` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_urlname_uq` ON `categories` (`urlname`);--> statement-breakpoint
CREATE INDEX `categories_parent_idx` ON `categories` (`parent_id`,`position`);--> statement-breakpoint
CREATE TABLE `answer_reactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`answer_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`answer_id`) REFERENCES `answers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `answer_reactions_uq` ON `answer_reactions` (`answer_id`);--> statement-breakpoint
CREATE TABLE `answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`qid` integer NOT NULL,
	`user_id` integer NOT NULL,
	`text` text NOT NULL,
	`source` text DEFAULT '' NOT NULL,
	`added` integer NOT NULL,
	`edited_at` integer,
	`best` integer DEFAULT 0 NOT NULL,
	`hidden` integer DEFAULT 0 NOT NULL,
	`deleted_by` text,
	`rating` integer DEFAULT 0 NOT NULL,
	`comcnt` integer DEFAULT 0 NOT NULL,
	`canth_status` integer DEFAULT 0 NOT NULL,
	`totalmarks` integer DEFAULT 0 NOT NULL,
	`vip` integer DEFAULT 0 NOT NULL,
	`brand_id` integer,
	FOREIGN KEY (`qid`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `answers_qid_user_uq` ON `answers` (`qid`,`user_id`);--> statement-breakpoint
CREATE INDEX `answers_qid_idx` ON `answers` (`qid`,`hidden`,`best`,`added`);--> statement-breakpoint
CREATE INDEX `answers_user_idx` ON `answers` (`user_id`,`added`);--> statement-breakpoint
CREATE INDEX `answers_user_best_idx` ON `answers` (`user_id`,`best`,`added`);--> statement-breakpoint
CREATE TABLE `best_votes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`qid` integer NOT NULL,
	`answer_id` integer,
	`user_id` integer NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`qid`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `best_votes_uq` ON `best_votes` (`qid`,`user_id`);--> statement-breakpoint
CREATE INDEX `best_votes_answer_idx` ON `best_votes` (`answer_id`,`added`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`qid` integer,
	`pqid` integer,
	`ref_type` text NOT NULL,
	`ref_id` integer NOT NULL,
	`parent_id` integer,
	`depth` integer DEFAULT 0 NOT NULL,
	`user_id` integer NOT NULL,
	`text` text NOT NULL,
	`added` integer NOT NULL,
	`hidden` integer DEFAULT 0 NOT NULL,
	`comcnt` integer DEFAULT 0 NOT NULL,
	`isclosed` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `comments_ref_idx` ON `comments` (`ref_type`,`ref_id`,`parent_id`,`id`);--> statement-breakpoint
CREATE INDEX `comments_parent_idx` ON `comments` (`parent_id`,`id`);--> statement-breakpoint
CREATE INDEX `comments_qid_idx` ON `comments` (`qid`,`id`);--> statement-breakpoint
CREATE INDEX `comments_user_idx` ON `comments` (`user_id`,`added`);--> statement-breakpoint
CREATE TABLE `marks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `marks_uq` ON `marks` (`target_type`,`target_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `marks_target_idx` ON `marks` (`target_type`,`target_id`,`added`);--> statement-breakpoint
CREATE TABLE `poll_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`qid` integer NOT NULL,
	`position` integer NOT NULL,
	`text` text NOT NULL,
	`votes` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`qid`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `poll_options_qid_pos_uq` ON `poll_options` (`qid`,`position`);--> statement-breakpoint
CREATE TABLE `poll_votes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`qid` integer NOT NULL,
	`user_id` integer NOT NULL,
	`options` text NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`qid`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `poll_votes_uq` ON `poll_votes` (`qid`,`user_id`);--> statement-breakpoint
CREATE INDEX `poll_votes_qid_idx` ON `poll_votes` (`qid`,`added`);--> statement-breakpoint
CREATE TABLE `private_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pqid` integer NOT NULL,
	`user_id` integer NOT NULL,
	`text` text NOT NULL,
	`source` text DEFAULT '' NOT NULL,
	`comcnt` integer DEFAULT 0 NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`pqid`) REFERENCES `private_questions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `private_answers_pqid_idx` ON `private_answers` (`pqid`,`added`);--> statement-breakpoint
CREATE TABLE `private_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`brand_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`qtext` text NOT NULL,
	`qcomment` text DEFAULT '' NOT NULL,
	`hidden` integer DEFAULT 0 NOT NULL,
	`waiting_brand_reply` integer DEFAULT 1 NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `private_questions_brand_idx` ON `private_questions` (`brand_id`,`hidden`,`added`);--> statement-breakpoint
CREATE INDEX `private_questions_user_idx` ON `private_questions` (`user_id`,`added`);--> statement-breakpoint
CREATE TABLE `questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	`top_category_id` integer NOT NULL,
	`qtext` text NOT NULL,
	`qcomment` text DEFAULT '' NOT NULL,
	`state` text DEFAULT 'A' NOT NULL,
	`hidden` integer DEFAULT 0 NOT NULL,
	`deleted_by` text,
	`state_before_delete` text,
	`anscnt` integer DEFAULT 0 NOT NULL,
	`comcnt` integer DEFAULT 0 NOT NULL,
	`poll_type` text,
	`total_voted` integer DEFAULT 0 NOT NULL,
	`totalmarks` integer DEFAULT 0 NOT NULL,
	`best_answer_id` integer,
	`votes_against` integer DEFAULT 0 NOT NULL,
	`vip` integer DEFAULT 0 NOT NULL,
	`lead_until` integer,
	`waslead` integer DEFAULT 0 NOT NULL,
	`goldrec` integer DEFAULT 0 NOT NULL,
	`brand_id` integer,
	`brand_tags` text,
	`cancomment` integer DEFAULT 1 NOT NULL,
	`noadd` integer DEFAULT 0 NOT NULL,
	`added` integer NOT NULL,
	`state_changed_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`top_category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `questions_list_idx` ON `questions` (`state`,`added`);--> statement-breakpoint
CREATE INDEX `questions_added_idx` ON `questions` (`added`);--> statement-breakpoint
CREATE INDEX `questions_topcat_idx` ON `questions` (`top_category_id`,`state`,`added`);--> statement-breakpoint
CREATE INDEX `questions_topcat_added_idx` ON `questions` (`top_category_id`,`added`);--> statement-breakpoint
CREATE INDEX `questions_cat_idx` ON `questions` (`category_id`,`state`,`added`);--> statement-breakpoint
CREATE INDEX `questions_rating_idx` ON `questions` (`top_category_id`,`state`,`totalmarks`);--> statement-breakpoint
CREATE INDEX `questions_user_idx` ON `questions` (`user_id`,`added`);--> statement-breakpoint
CREATE INDEX `questions_brand_idx` ON `questions` (`brand_id`,`added`);--> statement-breakpoint
CREATE INDEX `questions_lifecycle_idx` ON `questions` (`state`,`state_changed_at`);--> statement-breakpoint
CREATE TABLE `supplements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`qid` integer NOT NULL,
	`text` text NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`qid`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `supplements_qid_idx` ON `supplements` (`qid`,`added`);--> statement-breakpoint
CREATE TABLE `watches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`qid` integer NOT NULL,
	`user_id` integer NOT NULL,
	`answers` integer DEFAULT 1 NOT NULL,
	`comments` integer DEFAULT 1 NOT NULL,
	`mail` integer DEFAULT 1 NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`qid`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `watches_uq` ON `watches` (`qid`,`user_id`);--> statement-breakpoint
CREATE INDEX `watches_user_idx` ON `watches` (`user_id`,`added`);--> statement-breakpoint
CREATE TABLE `abuse_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reporter_id` integer NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`qid` integer,
	`category_id` integer,
	`reason` text NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'N' NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `abuse_uq` ON `abuse_reports` (`reporter_id`,`target_type`,`target_id`);--> statement-breakpoint
CREATE INDEX `abuse_queue_idx` ON `abuse_reports` (`status`,`target_type`,`added`);--> statement-breakpoint
CREATE TABLE `albums` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`title` text NOT NULL,
	`privacy` integer DEFAULT 0 NOT NULL,
	`size` integer DEFAULT 0 NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `albums_user_idx` ON `albums` (`user_id`,`added`);--> statement-breakpoint
CREATE TABLE `bans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`moder_id` integer,
	`hours` integer NOT NULL,
	`reason` text NOT NULL,
	`added` integer NOT NULL,
	`until` integer,
	`lifted_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`moder_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bans_user_idx` ON `bans` (`user_id`,`added`);--> statement-breakpoint
CREATE INDEX `bans_moder_idx` ON `bans` (`moder_id`,`added`);--> statement-breakpoint
CREATE TABLE `gifts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`cost` text DEFAULT '0' NOT NULL,
	`gift_category` integer DEFAULT 0 NOT NULL,
	`ver` integer DEFAULT 1 NOT NULL,
	`image` text
);
--> statement-breakpoint
CREATE TABLE `mod_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`moder_id` integer NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`user_id` integer,
	`qid` integer,
	`from_category_id` integer,
	`to_category_id` integer,
	`note` text,
	`added` integer NOT NULL,
	FOREIGN KEY (`moder_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `mod_log_moder_idx` ON `mod_log` (`moder_id`,`action`,`added`);--> statement-breakpoint
CREATE INDEX `mod_log_target_idx` ON `mod_log` (`target_type`,`target_id`,`added`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`actor_id` integer,
	`qid` integer,
	`aid` integer,
	`cmid` integer,
	`pqid` integer,
	`gid` integer,
	`lvl` integer,
	`txt` text,
	`declined_text` text,
	`premod_type` text,
	`viewed` integer DEFAULT 0 NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`,`viewed`,`id`);--> statement-breakpoint
CREATE TABLE `photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`album_id` integer,
	`user_id` integer NOT NULL,
	`src` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`album_id`) REFERENCES `albums`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `photos_album_idx` ON `photos` (`album_id`,`added`);--> statement-breakpoint
CREATE INDEX `photos_user_idx` ON `photos` (`user_id`,`added`);--> statement-breakpoint
CREATE TABLE `premod_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`modstatus` text DEFAULT 'N' NOT NULL,
	`qid` integer,
	`aid` integer,
	`cmid` integer,
	`pqid` integer,
	`category_id` integer,
	`brand_id` integer,
	`text` text NOT NULL,
	`payload` text DEFAULT '{}' NOT NULL,
	`declined_text` text,
	`decided_by` integer,
	`decided_at` integer,
	`added` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `premod_user_idx` ON `premod_items` (`user_id`,`type`,`added`);--> statement-breakpoint
CREATE INDEX `premod_status_idx` ON `premod_items` (`modstatus`,`added`);--> statement-breakpoint
CREATE INDEX `premod_brand_idx` ON `premod_items` (`brand_id`,`modstatus`,`added`);--> statement-breakpoint
CREATE TABLE `sent_gifts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`gift_id` integer NOT NULL,
	`from_id` integer NOT NULL,
	`to_id` integer NOT NULL,
	`mes` text DEFAULT '' NOT NULL,
	`hidden` integer DEFAULT 0 NOT NULL,
	`paid_with` text NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`gift_id`) REFERENCES `gifts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`from_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sent_gifts_to_idx` ON `sent_gifts` (`to_id`,`added`);--> statement-breakpoint
CREATE INDEX `sent_gifts_from_idx` ON `sent_gifts` (`from_id`,`added`);