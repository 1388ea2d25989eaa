-- The question a mark's target belongs to (the question itself, or the answer's question), so a
-- reader's marks on one question page are one range of an index by reader and question, instead
-- of a lookup for every answer of the question (a question's page read them for each signed-in
-- reader, growing with its answers).
ALTER TABLE `marks` ADD `qid` integer;--> statement-breakpoint
UPDATE `marks` SET `qid` = CASE `target_type` WHEN 'Q' THEN `target_id` ELSE (SELECT `qid` FROM `answers` WHERE `answers`.`id` = `marks`.`target_id`) END;--> statement-breakpoint
CREATE INDEX `marks_user_qid_idx` ON `marks` (`user_id`,`qid`);--> statement-breakpoint
-- Every writer (the calls, the seeders, SQL by hand) may leave `qid` out: the store fills it.
CREATE TRIGGER `marks_qid_fill` AFTER INSERT ON `marks` WHEN NEW.`qid` IS NULL
BEGIN
  UPDATE `marks` SET `qid` = CASE NEW.`target_type` WHEN 'Q' THEN NEW.`target_id` ELSE (SELECT `qid` FROM `answers` WHERE `answers`.`id` = NEW.`target_id`) END
  WHERE `id` = NEW.`id`;
END;
