-- A thread database's schema: the tables of a question's thread, as the site's database has them
-- (db/migrations), with their indexes, but without the foreign keys to tables that live in other
-- kinds of database (users, categories, brands, albums) and without the site database's triggers that
-- feed those (search rows, feeds, the week's leaders). A change to a thread table is made here too;
-- tests/integration/thread-ranges.test.ts compares the two schemas.

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
	`updated_at` integer NOT NULL
);
CREATE INDEX `questions_added_idx` ON `questions` (`added`);
CREATE INDEX `questions_brand_idx` ON `questions` (`brand_id`,`added`);
CREATE INDEX `questions_brand_state_idx` ON `questions` (`brand_id`,`state`,`added`);
CREATE INDEX `questions_brand_updated_idx` ON `questions` (`brand_id`,`updated_at`) WHERE brand_id is not null;
CREATE INDEX `questions_cat_added_idx` ON `questions` (`category_id`,`added`);
CREATE INDEX `questions_cat_idx` ON `questions` (`category_id`,`state`,`added`);
CREATE INDEX `questions_cat_live_idx` ON `questions` (`category_id`,`added`) WHERE hidden = 0 AND state <> 'D';
CREATE INDEX `questions_cat_rating_idx` ON `questions` (`category_id`,`state`,`totalmarks`,`added`);
CREATE INDEX `questions_gold_idx` ON `questions` (`added`) WHERE goldrec = 1;
CREATE INDEX `questions_lead_idx` ON `questions` (`lead_until`) WHERE lead_until is not null;
CREATE INDEX `questions_lifecycle_idx` ON `questions` (`state`,`state_changed_at`);
CREATE INDEX `questions_list_idx` ON `questions` (`state`,`added`);
CREATE INDEX `questions_live_idx` ON `questions` (`added`,`category_id`) WHERE hidden = 0 AND state <> 'D';
CREATE INDEX `questions_rating_idx` ON `questions` (`top_category_id`,`state`,`totalmarks`,`added`);
CREATE INDEX `questions_topcat_added_idx` ON `questions` (`top_category_id`,`added`);
CREATE INDEX `questions_topcat_idx` ON `questions` (`top_category_id`,`state`,`added`);
CREATE INDEX `questions_topcat_live_idx` ON `questions` (`top_category_id`,`added`) WHERE hidden = 0 AND state <> 'D';
CREATE INDEX `questions_user_idx` ON `questions` (`user_id`,`added`);
CREATE INDEX `questions_user_live_idx` ON `questions` (`user_id`,`added`) WHERE hidden = 0 AND state <> 'D';
CREATE INDEX `questions_user_state_idx` ON `questions` (`user_id`,`state`,`added`);

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
	`brand_id` integer, `best_at` integer,
	FOREIGN KEY (`qid`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action
);
CREATE INDEX `answers_qid_idx` ON `answers` (`qid`,`hidden`,`best`,`added`);
CREATE UNIQUE INDEX `answers_qid_user_uq` ON `answers` (`qid`,`user_id`);
CREATE INDEX `answers_user_best_idx` ON `answers` (`user_id`,`best`,`added`);
CREATE INDEX `answers_user_idx` ON `answers` (`user_id`,`added`);
CREATE INDEX `answers_user_live_idx` ON `answers` (`user_id`,`added`) WHERE hidden = 0;

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
	`isclosed` integer DEFAULT 0 NOT NULL
);
CREATE INDEX `comments_parent_idx` ON `comments` (`parent_id`,`id`);
CREATE INDEX `comments_qid_idx` ON `comments` (`qid`,`id`);
CREATE INDEX `comments_ref_idx` ON `comments` (`ref_type`,`ref_id`,`parent_id`,`id`);
CREATE INDEX `comments_user_idx` ON `comments` (`user_id`,`added`);

CREATE TABLE `supplements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`qid` integer NOT NULL,
	`text` text NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`qid`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action
);
CREATE INDEX `supplements_qid_idx` ON `supplements` (`qid`,`added`);

CREATE TABLE `answer_reactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`answer_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`answer_id`) REFERENCES `answers`(`id`) ON UPDATE no action ON DELETE no action
);
CREATE UNIQUE INDEX `answer_reactions_uq` ON `answer_reactions` (`answer_id`);

CREATE TABLE `marks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`added` integer NOT NULL, `qid` integer
);
CREATE INDEX `marks_target_idx` ON `marks` (`target_type`,`target_id`,`added`);
CREATE UNIQUE INDEX `marks_uq` ON `marks` (`target_type`,`target_id`,`user_id`);
CREATE INDEX `marks_user_qid_idx` ON `marks` (`user_id`,`qid`);

CREATE TABLE `best_votes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`qid` integer NOT NULL,
	`answer_id` integer,
	`user_id` integer NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`qid`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action
);
CREATE INDEX `best_votes_answer_idx` ON `best_votes` (`answer_id`,`added`);
CREATE UNIQUE INDEX `best_votes_uq` ON `best_votes` (`qid`,`user_id`);
CREATE INDEX `best_votes_user_idx` ON `best_votes` (`user_id`,`qid`);

CREATE TABLE `poll_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`qid` integer NOT NULL,
	`position` integer NOT NULL,
	`text` text NOT NULL,
	`votes` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`qid`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action
);
CREATE UNIQUE INDEX `poll_options_qid_pos_uq` ON `poll_options` (`qid`,`position`);

CREATE TABLE `poll_votes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`qid` integer NOT NULL,
	`user_id` integer NOT NULL,
	`options` text NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`qid`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action
);
CREATE INDEX `poll_votes_qid_idx` ON `poll_votes` (`qid`,`added`);
CREATE UNIQUE INDEX `poll_votes_uq` ON `poll_votes` (`qid`,`user_id`);
CREATE INDEX `poll_votes_user_idx` ON `poll_votes` (`user_id`,`qid`);

CREATE TABLE `photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`album_id` integer,
	`user_id` integer NOT NULL,
	`src` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`added` integer NOT NULL, `mime` text DEFAULT 'image/jpeg' NOT NULL, `target_type` text, `target_id` integer, `qid` integer
);
CREATE INDEX `photos_album_idx` ON `photos` (`album_id`,`added`);
CREATE UNIQUE INDEX `photos_src_uq` ON `photos` (`src`);
CREATE INDEX `photos_target_idx` ON `photos` (`target_type`,`target_id`,`id`);
CREATE INDEX `photos_user_idx` ON `photos` (`user_id`,`added`);

CREATE TABLE `watches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`qid` integer NOT NULL,
	`user_id` integer NOT NULL,
	`answers` integer DEFAULT 1 NOT NULL,
	`comments` integer DEFAULT 1 NOT NULL,
	`mail` integer DEFAULT 1 NOT NULL,
	`added` integer NOT NULL,
	FOREIGN KEY (`qid`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action
);
CREATE UNIQUE INDEX `watches_uq` ON `watches` (`qid`,`user_id`);
CREATE INDEX `watches_user_idx` ON `watches` (`user_id`,`added`);

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
	`added` integer NOT NULL
);
CREATE INDEX `abuse_queue_idx` ON `abuse_reports` (`status`,`target_type`,`added`);
CREATE UNIQUE INDEX `abuse_uq` ON `abuse_reports` (`reporter_id`,`target_type`,`target_id`);

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
	`added` integer NOT NULL
);
CREATE INDEX `premod_brand_idx` ON `premod_items` (`brand_id`,`modstatus`,`added`);
CREATE INDEX `premod_status_idx` ON `premod_items` (`modstatus`,`added`);
CREATE INDEX `premod_user_idx` ON `premod_items` (`user_id`,`type`,`added`);

CREATE TRIGGER `marks_qid_fill` AFTER INSERT ON `marks` WHEN NEW.`qid` IS NULL
BEGIN
  UPDATE `marks` SET `qid` = CASE NEW.`target_type` WHEN 'Q' THEN NEW.`target_id` ELSE (SELECT `qid` FROM `answers` WHERE `answers`.`id` = NEW.`target_id`) END
  WHERE `id` = NEW.`id`;
END;

-- the change log a move of a range out of this database writes (db/schema/ranges.ts)
CREATE TABLE `range_move_log` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tbl` text NOT NULL,
	`rid` integer NOT NULL
);
